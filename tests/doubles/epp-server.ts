import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import tls from "node:tls";
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import { frame, FrameReader } from "#server/adapters/epp/epp-frame.ts";
import { child, children, firstChild, NS, parseEpp, text, type XmlElement } from "#server/adapters/epp/epp-xml.ts";

/**
 * A loopback EPP server speaking RFC 5730-5734 closely enough to catch a client's mistakes: TLS
 * with a self-signed certificate made at start (its PEM is the client's CA), 4-byte length framing,
 * a greeting, login with a password and a session limit, namespaces checked by URI (a wrong one is
 * 2001), domain/contact/host check-create-info, domain renew with curExpDate, and the poll queue.
 * Faults are switched on per name: taken meanwhile (2302), policy or syntax errors (2306/2005), a
 * connection dropped after the create is carried out, a create left pending (1001) and finished by
 * a poll message, and maintenance (2500 to every command, then closing).
 */

/** RFC 5730 §3 result texts. */
const RESULT: Record<number, string> = {
  1000: "Command completed successfully",
  1001: "Command completed successfully; action pending",
  1300: "Command completed successfully; no messages",
  1301: "Command completed successfully; ack to dequeue",
  1500: "Command completed successfully; ending session",
  2001: "Command syntax error",
  2002: "Command use error",
  2004: "Parameter value range error",
  2005: "Parameter value syntax error",
  2101: "Unimplemented command",
  2200: "Authentication error",
  2302: "Object exists",
  2303: "Object does not exist",
  2304: "Object status prohibits operation",
  2306: "Parameter value policy error",
  2500: "Command failed; server closing connection",
  2502: "Session limit exceeded; server closing connection",
};

export interface DoubleDomain {
  name: string;
  roid: string;
  registrant: string;
  contacts: { type: string; id: string }[];
  ns: string[];
  clID: string;
  crDate: Date;
  exDate: Date;
  status: string[];
}

export interface SeenCommand {
  verb: string;
  /** The object's namespace URI, or null for session commands. */
  object: string | null;
  clTRID: string | null;
  /** The domain, contact or host name the command is about. */
  subject: string | null;
  session: number;
}

export interface EppDouble {
  host: string;
  port: number;
  /** The server's certificate (PEM): hand it to the client as its CA. */
  ca: string;
  username: string;
  password: string;
  domains: Map<string, DoubleDomain>;
  contacts: Map<string, { id: string; email: string; name: string; cc: string }>;
  hosts: Set<string>;
  commands: SeenCommand[];
  /** How many sessions each connection's login saw open at once (for the session limit). */
  maxSessions: number;
  openSessions(): number;
  logins: number;
  /** <hello>s answered (keep-alives and probes). */
  hellos: number;
  faults: {
    /** Checked as available, then registered by another registrar just before our create (2302). */
    takenMeanwhile: Set<string>;
    /** Create refused with this result and the registry's reason. */
    refuse: Map<string, { code: 2306 | 2005; reason: string }>;
    /** The create is carried out, then the connection dropped before the answer. */
    dropAfterCreate: Set<string>;
    /** The create answers 1001; `finishPending` queues the poll message that ends it. */
    pending: Set<string>;
    /** Every command answered 2500 with this reason, then the connection closed. */
    maintenance: string | null;
  };
  finishPending(name: string, succeeded: boolean): void;
  pollQueue: { id: string; xml: (resData: XMLBuilder) => void; text: string }[];
  /** Added before every answer, like a registry across a real network (benchmarks). */
  delayMs: number;
  /** Server-side clock for crDate/exDate. */
  now: () => Date;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "epp-double-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=epp.registry.test",
        "-addext",
        "subjectAltName=DNS:epp.registry.test,IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return {
      key: readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const iso = (date: Date) => date.toISOString();
const addYears = (date: Date, years: number) => {
  const d = new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
};

export async function startEppDouble(
  options: { username?: string; password?: string; maxSessions?: number } = {},
): Promise<EppDouble> {
  const { key, cert } = selfSignedCertificate();
  const sockets = new Set<tls.TLSSocket>();
  const loggedIn = new Set<tls.TLSSocket>();
  let sessionCounter = 0;
  let svCounter = 0;
  let roidCounter = 0;
  let msgCounter = 0;

  const double: EppDouble = {
    host: "127.0.0.1",
    port: 0,
    ca: cert,
    username: options.username ?? "kts-registrar",
    password: options.password ?? "double-pass-1",
    domains: new Map(),
    contacts: new Map(),
    hosts: new Set(),
    commands: [],
    maxSessions: options.maxSessions ?? 4,
    openSessions: () => loggedIn.size,
    logins: 0,
    hellos: 0,
    faults: {
      takenMeanwhile: new Set(),
      refuse: new Map(),
      dropAfterCreate: new Set(),
      pending: new Set(),
      maintenance: null,
    },
    pollQueue: [],
    delayMs: 0,
    now: () => new Date(),
    finishPending(name, succeeded) {
      const domain = double.domains.get(name);
      if (domain) {
        domain.status = succeeded ? ["ok"] : ["pendingDelete"];
        if (!succeeded) double.domains.delete(name);
      }
      double.pollQueue.push({
        id: String(++msgCounter),
        text: succeeded ? "Pending action completed successfully." : "Pending action rejected.",
        xml: (resData) => {
          const pan = resData.ele(NS.domain, "domain:panData");
          pan.ele("domain:name", { paResult: succeeded ? "1" : "0" }).txt(name);
          pan.ele("domain:paTRID").ele("clTRID").txt("pending").up().ele("svTRID").txt(`SV-${svCounter}`);
          pan.ele("domain:paDate").txt(iso(double.now()));
        },
      });
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function respond(
    socket: tls.TLSSocket,
    code: number,
    clTRID: string | null,
    extra: { resData?: (resData: XMLBuilder) => void; reason?: string; msgQ?: (response: XMLBuilder) => void } = {},
  ) {
    const epp = create({ version: "1.0", encoding: "UTF-8", standalone: false }).ele(NS.epp, "epp");
    const response = epp.ele("response");
    const result = response.ele("result", { code: String(code) });
    result.ele("msg").txt(RESULT[code] ?? "Command failed");
    if (extra.reason)
      result.ele("extValue").ele("value").ele("text").txt("policy").up().up().ele("reason").txt(extra.reason);
    extra.msgQ?.(response);
    if (extra.resData) extra.resData(response.ele("resData"));
    const trID = response.ele("trID");
    if (clTRID) trID.ele("clTRID").txt(clTRID);
    trID.ele("svTRID").txt(`SV-${++svCounter}`);
    const data = frame(epp.end({ prettyPrint: false }));
    if (double.delayMs > 0) setTimeout(() => socket.write(data), double.delayMs);
    else socket.write(data);
  }

  function greeting(socket: tls.TLSSocket) {
    // RFC 5730 §2.4's example greeting, with the objects this server serves.
    const epp = create({ version: "1.0", encoding: "UTF-8", standalone: false }).ele(NS.epp, "epp");
    const g = epp.ele("greeting");
    g.ele("svID").txt("Example EPP server epp.example.com");
    g.ele("svDate").txt(iso(double.now()));
    const menu = g.ele("svcMenu");
    menu.ele("version").txt("1.0");
    menu.ele("lang").txt("en");
    menu.ele("lang").txt("fr");
    for (const uri of [NS.domain, NS.contact, NS.host]) menu.ele("objURI").txt(uri);
    const dcp = g.ele("dcp");
    dcp.ele("access").ele("all");
    const statement = dcp.ele("statement");
    statement.ele("purpose").ele("admin").up().ele("prov");
    statement.ele("recipient").ele("ours").up().ele("public");
    statement.ele("retention").ele("stated");
    socket.write(frame(epp.end({ prettyPrint: false })));
  }

  function handle(socket: tls.TLSSocket, session: number, xml: string) {
    let root: XmlElement;
    try {
      root = parseEpp(xml);
    } catch {
      return respond(socket, 2001, null);
    }
    if (child(root, NS.epp, "hello")) {
      double.hellos++;
      return greeting(socket);
    }
    const cmd = child(root, NS.epp, "command");
    const verbElement = firstChild(cmd);
    const clTRID = text(child(cmd, NS.epp, "clTRID"));
    if (!cmd || !verbElement || verbElement.namespaceURI !== NS.epp) return respond(socket, 2001, clTRID);
    const verb = verbElement.localName ?? "";
    const object = firstChild(verbElement);
    const subjectElement = object ? (children(object)[0] ?? null) : null;
    double.commands.push({
      verb,
      object: object?.namespaceURI ?? null,
      clTRID,
      subject: text(subjectElement),
      session,
    });
    if (double.faults.maintenance) {
      respond(socket, 2500, clTRID, { reason: double.faults.maintenance });
      socket.end();
      return;
    }
    if (verb === "login") {
      double.logins++;
      const clID = text(child(verbElement, NS.epp, "clID"));
      const pw = text(child(verbElement, NS.epp, "pw"));
      if (clID !== double.username || pw !== double.password) return respond(socket, 2200, clTRID);
      if (loggedIn.size >= double.maxSessions) {
        respond(socket, 2502, clTRID);
        socket.end();
        return;
      }
      loggedIn.add(socket);
      return respond(socket, 1000, clTRID);
    }
    if (!loggedIn.has(socket)) return respond(socket, 2002, clTRID);
    if (verb === "logout") {
      respond(socket, 1500, clTRID);
      loggedIn.delete(socket);
      socket.end();
      return;
    }
    if (verb === "poll") return poll(socket, verbElement, clTRID);
    const ns = object?.namespaceURI;
    // The object element must be in its mapping's namespace, named after the command.
    if (!object || object.localName !== verb || (ns !== NS.domain && ns !== NS.contact && ns !== NS.host))
      return respond(socket, 2001, clTRID, { reason: `unknown object <${object?.tagName ?? ""}> for <${verb}>` });
    if (ns === NS.domain) return domainCommand(socket, verb, object, clTRID);
    if (ns === NS.contact) return contactCommand(socket, verb, object, clTRID);
    return hostCommand(socket, verb, object, clTRID);
  }

  function checkData(
    socket: tls.TLSSocket,
    clTRID: string | null,
    ns: string,
    prefix: string,
    names: [string, boolean][],
  ) {
    respond(socket, 1000, clTRID, {
      resData: (r) => {
        const chk = r.ele(ns, `${prefix}:chkData`);
        for (const [name, available] of names) {
          const cd = chk.ele(`${prefix}:cd`);
          cd.ele(`${prefix}:${prefix === "contact" ? "id" : "name"}`, { avail: available ? "1" : "0" }).txt(name);
          if (!available) cd.ele(`${prefix}:reason`).txt("In use");
        }
      },
    });
  }

  function domainCommand(socket: tls.TLSSocket, verb: string, object: XmlElement, clTRID: string | null) {
    const d = (name: string) => child(object, NS.domain, name);
    const name = text(d("name"))?.toLowerCase() ?? "";
    if (verb === "check") {
      const names = children(object, NS.domain, "name").map((n) => (text(n) ?? "").toLowerCase());
      return checkData(
        socket,
        clTRID,
        NS.domain,
        "domain",
        names.map((n) => [n, !double.domains.has(n)]),
      );
    }
    if (verb === "info") {
      const domain = double.domains.get(name);
      if (!domain) return respond(socket, 2303, clTRID);
      const ours = domain.clID === double.username;
      return respond(socket, 1000, clTRID, {
        resData: (r) => {
          const inf = r.ele(NS.domain, "domain:infData");
          inf.ele("domain:name").txt(domain.name);
          inf.ele("domain:roid").txt(domain.roid);
          for (const s of domain.status) inf.ele("domain:status", { s });
          if (ours) {
            inf.ele("domain:registrant").txt(domain.registrant);
            for (const c of domain.contacts) inf.ele("domain:contact", { type: c.type }).txt(c.id);
            if (domain.ns.length) {
              const ns = inf.ele("domain:ns");
              for (const h of domain.ns) ns.ele("domain:hostObj").txt(h);
            }
          }
          inf.ele("domain:clID").txt(domain.clID);
          inf.ele("domain:crDate").txt(iso(domain.crDate));
          inf.ele("domain:exDate").txt(iso(domain.exDate));
        },
      });
    }
    if (verb === "create") {
      const refusal = double.faults.refuse.get(name);
      if (refusal) return respond(socket, refusal.code, clTRID, { reason: refusal.reason });
      if (double.faults.takenMeanwhile.has(name)) {
        store(name, "other-registrar", "OTHER1", [], []);
        return respond(socket, 2302, clTRID);
      }
      if (double.domains.has(name)) return respond(socket, 2302, clTRID);
      const registrant = text(d("registrant")) ?? "";
      if (!double.contacts.has(registrant))
        return respond(socket, 2303, clTRID, { reason: `registrant ${registrant} does not exist` });
      const contacts = children(object, NS.domain, "contact").map((c) => ({
        type: c.getAttribute("type") ?? "",
        id: text(c) ?? "",
      }));
      const missing = contacts.find((c) => !double.contacts.has(c.id));
      if (missing) return respond(socket, 2303, clTRID, { reason: `contact ${missing.id} does not exist` });
      const nsElement = d("ns");
      const hostObjects = children(nsElement, NS.domain, "hostObj").map((h) => text(h) ?? "");
      const unknownHost = hostObjects.find((h) => !double.hosts.has(h));
      if (unknownHost) return respond(socket, 2303, clTRID, { reason: `host ${unknownHost} does not exist` });
      const hosts = [
        ...hostObjects,
        ...children(nsElement, NS.domain, "hostAttr").map((h) => text(child(h, NS.domain, "hostName")) ?? ""),
      ];
      const period = Number(text(d("period")) ?? 1);
      if (!Number.isInteger(period) || period < 1 || period > 10) return respond(socket, 2004, clTRID);
      const created = store(name, double.username, registrant, contacts, hosts, period);
      if (double.faults.dropAfterCreate.has(name)) {
        double.faults.dropAfterCreate.delete(name);
        socket.destroy();
        return;
      }
      const pending = double.faults.pending.has(name);
      if (pending) created.status = ["pendingCreate"];
      return respond(socket, pending ? 1001 : 1000, clTRID, {
        resData: (r) => {
          const cre = r.ele(NS.domain, "domain:creData");
          cre.ele("domain:name").txt(created.name);
          cre.ele("domain:crDate").txt(iso(created.crDate));
          if (!pending) cre.ele("domain:exDate").txt(iso(created.exDate));
        },
      });
    }
    if (verb === "renew") {
      const domain = double.domains.get(name);
      if (!domain || domain.clID !== double.username) return respond(socket, 2303, clTRID);
      const current = text(d("curExpDate"));
      if (current !== iso(domain.exDate).slice(0, 10))
        return respond(socket, 2004, clTRID, { reason: `curExpDate ${current} is not the expiry date` });
      domain.exDate = addYears(domain.exDate, Number(text(d("period")) ?? 1));
      return respond(socket, 1000, clTRID, {
        resData: (r) => {
          const ren = r.ele(NS.domain, "domain:renData");
          ren.ele("domain:name").txt(domain.name);
          ren.ele("domain:exDate").txt(iso(domain.exDate));
        },
      });
    }
    return respond(socket, 2101, clTRID);
  }

  function store(
    name: string,
    clID: string,
    registrant: string,
    contacts: { type: string; id: string }[],
    ns: string[],
    years = 1,
  ): DoubleDomain {
    const now = double.now();
    const domain: DoubleDomain = {
      name,
      roid: `D${++roidCounter}-EXAMPLE`,
      registrant,
      contacts,
      ns,
      clID,
      crDate: now,
      exDate: addYears(now, years),
      status: ["ok"],
    };
    double.domains.set(name, domain);
    return domain;
  }

  function contactCommand(socket: tls.TLSSocket, verb: string, object: XmlElement, clTRID: string | null) {
    const c = (name: string) => child(object, NS.contact, name);
    if (verb === "check") {
      const ids = children(object, NS.contact, "id").map((n) => text(n) ?? "");
      return checkData(
        socket,
        clTRID,
        NS.contact,
        "contact",
        ids.map((id) => [id, !double.contacts.has(id)]),
      );
    }
    if (verb !== "create") return respond(socket, 2001, clTRID);
    const id = text(c("id")) ?? "";
    // RFC 5730 clIDType: 3 to 16 characters.
    if (id.length < 3 || id.length > 16)
      return respond(socket, 2005, clTRID, { reason: "contact id must be 3-16 characters" });
    if (double.contacts.has(id)) return respond(socket, 2302, clTRID);
    const postal = c("postalInfo");
    const addr = child(postal, NS.contact, "addr");
    const cc = text(child(addr, NS.contact, "cc")) ?? "";
    const email = text(c("email")) ?? "";
    const voice = text(c("voice")) ?? "";
    if (!/^[A-Z]{2}$/.test(cc) || !email.includes("@") || !/^\+\d{1,3}\.\d{1,14}$/.test(voice))
      return respond(socket, 2005, clTRID, { reason: "cc, email or voice not valid" });
    double.contacts.set(id, { id, email, cc, name: text(child(postal, NS.contact, "name")) ?? "" });
    return respond(socket, 1000, clTRID, {
      resData: (r) => {
        const cre = r.ele(NS.contact, "contact:creData");
        cre.ele("contact:id").txt(id);
        cre.ele("contact:crDate").txt(iso(double.now()));
      },
    });
  }

  function hostCommand(socket: tls.TLSSocket, verb: string, object: XmlElement, clTRID: string | null) {
    const names = children(object, NS.host, "name").map((n) => (text(n) ?? "").toLowerCase());
    if (verb === "check")
      return checkData(
        socket,
        clTRID,
        NS.host,
        "host",
        names.map((n) => [n, !double.hosts.has(n)]),
      );
    if (verb !== "create") return respond(socket, 2001, clTRID);
    const name = names[0] ?? "";
    if (double.hosts.has(name)) return respond(socket, 2302, clTRID);
    double.hosts.add(name);
    return respond(socket, 1000, clTRID, {
      resData: (r) => {
        const cre = r.ele(NS.host, "host:creData");
        cre.ele("host:name").txt(name);
        cre.ele("host:crDate").txt(iso(double.now()));
      },
    });
  }

  function poll(socket: tls.TLSSocket, element: XmlElement, clTRID: string | null) {
    const op = element.getAttribute("op");
    if (op === "ack") {
      const id = element.getAttribute("msgID");
      const index = double.pollQueue.findIndex((m) => m.id === id);
      if (index < 0) return respond(socket, 2303, clTRID);
      double.pollQueue.splice(index, 1);
      return respond(socket, 1000, clTRID, {
        msgQ: (r) => void r.ele("msgQ", { count: String(double.pollQueue.length), id: id ?? "" }),
      });
    }
    const message = double.pollQueue[0];
    if (!message) return respond(socket, 1300, clTRID);
    return respond(socket, 1301, clTRID, {
      msgQ: (r) => {
        const q = r.ele("msgQ", { count: String(double.pollQueue.length), id: message.id });
        q.ele("qDate").txt(iso(double.now()));
        q.ele("msg").txt(message.text);
      },
      resData: message.xml,
    });
  }

  const server = tls.createServer({ key, cert, minVersion: "TLSv1.2" }, (socket) => {
    sockets.add(socket);
    const session = ++sessionCounter;
    const reader = new FrameReader();
    socket.on("data", (chunk: Buffer) => {
      try {
        for (const xml of reader.push(chunk)) handle(socket, session, xml);
      } catch {
        socket.destroy();
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      sockets.delete(socket);
      loggedIn.delete(socket);
    });
    greeting(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  double.port = (server.address() as AddressInfo).port;
  return double;
}
