import tls from "node:tls";
import { frame, FrameReader } from "./epp-frame.ts";
import {
  at,
  child,
  children,
  command,
  eppDocument,
  NS,
  parseEpp,
  serialize,
  text,
  type XmlElement,
} from "./epp-xml.ts";

/** Where one EPP server is and how we prove who we are (RFC 5734 §9: TLS, client certificate when the registry asks). */
export interface EppEndpoint {
  host: string;
  port: number;
  username: string;
  password: string;
  /** PEM: the registry's CA (or its own certificate); default: the system's CAs. */
  ca?: string | undefined;
  /** PEM client certificate and key, for registries that want mutual TLS. */
  cert?: string | undefined;
  key?: string | undefined;
  /** How long connecting, the greeting, login and each command may take. */
  timeoutMs: number;
}

export interface EppResponse {
  code: number;
  message: string;
  /** `<extValue><reason>`: the registry's own words on why (policy messages often live here). */
  reason: string | null;
  resData: XmlElement | null;
  /** The poll queue, when the server says it holds messages (RFC 5730 §2.6). */
  msgQ: { count: number; id: string; date: string | null; text: string | null } | null;
  clTRID: string | null;
  svTRID: string | null;
}

/** The server answered with a 2xxx result. */
export class EppCommandError extends Error {
  override name = "EppCommandError";
  constructor(readonly response: EppResponse) {
    super(`${response.code} ${response.message}${response.reason ? `: ${response.reason}` : ""}`);
  }
  get code() {
    return this.response.code;
  }
}

/**
 * The connection failed. `inDoubt`: a command had been sent and no answer came, so the server may
 * or may not have carried it out (a create must then be checked with an info, never sent again).
 */
export class EppConnectionError extends Error {
  override name = "EppConnectionError";
  constructor(
    message: string,
    readonly phase: "connect" | "greeting" | "login" | "command",
    readonly inDoubt: boolean,
  ) {
    super(message);
  }
}

export function readResponse(xml: string): EppResponse {
  const root = parseEpp(xml);
  const response = child(root, NS.epp, "response");
  if (!response) throw new EppConnectionError("expected an EPP <response>", "command", true);
  const result = child(response, NS.epp, "result");
  const code = Number(result?.getAttribute("code"));
  if (!result || !Number.isInteger(code) || code < 1000 || code > 2999)
    throw new EppConnectionError("EPP <response> without a valid <result code>", "command", true);
  const msgQ = child(response, NS.epp, "msgQ");
  return {
    code,
    message: text(child(result, NS.epp, "msg")) ?? "",
    reason: text(at(result, [NS.epp, "extValue"], [NS.epp, "reason"])),
    resData: child(response, NS.epp, "resData"),
    msgQ: msgQ
      ? {
          count: Number(msgQ.getAttribute("count") ?? 0),
          id: msgQ.getAttribute("id") ?? "",
          date: text(child(msgQ, NS.epp, "qDate")),
          text: text(child(msgQ, NS.epp, "msg")),
        }
      : null,
    clTRID: text(at(response, [NS.epp, "trID"], [NS.epp, "clTRID"])),
    svTRID: text(at(response, [NS.epp, "trID"], [NS.epp, "svTRID"])),
  };
}

export interface Greeting {
  svID: string;
  svDate: string | null;
  objURIs: string[];
}

export function readGreeting(xml: string): Greeting {
  const greeting = child(parseEpp(xml), NS.epp, "greeting");
  if (!greeting) throw new EppConnectionError("expected an EPP <greeting>", "greeting", false);
  return {
    svID: text(child(greeting, NS.epp, "svID")) ?? "",
    svDate: text(child(greeting, NS.epp, "svDate")),
    objURIs: children(child(greeting, NS.epp, "svcMenu"), NS.epp, "objURI").map((e) => text(e) ?? ""),
  };
}

/**
 * One logged-in EPP session over TLS. EPP answers commands in order and one at a time on a
 * session (RFC 5730 §2), so commands queue here; the pool runs several sessions for parallel work.
 */
export class EppSession {
  private socket: tls.TLSSocket | null = null;
  private readonly reader = new FrameReader();
  private waiting: {
    phase: "greeting" | "login" | "command";
    resolve(xml: string): void;
    reject(error: Error): void;
  } | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closedError: Error | null = null;
  greeting: Greeting | null = null;
  lastUsedAt = Date.now();
  readonly closed: Promise<void>;
  private markClosed!: () => void;

  constructor(private readonly endpoint: EppEndpoint) {
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
  }

  get isOpen() {
    return this.socket !== null && this.closedError === null;
  }

  /** Connects, reads the greeting and logs in with the objects we use. */
  async open(clTRID: string): Promise<void> {
    const { host, port, ca, cert, key, timeoutMs } = this.endpoint;
    const socket = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const s = tls.connect({
        host,
        port,
        servername: /^[\d.:]+$/.test(host) ? undefined : host,
        minVersion: "TLSv1.2",
        ...(ca ? { ca } : {}),
        ...(cert && key ? { cert, key } : {}),
      });
      const timer = setTimeout(() => {
        s.destroy();
        reject(new EppConnectionError(`no TLS connection to ${host}:${port} within ${timeoutMs} ms`, "connect", false));
      }, timeoutMs);
      s.once("secureConnect", () => {
        clearTimeout(timer);
        resolve(s);
      });
      s.once("error", (error) => {
        clearTimeout(timer);
        reject(new EppConnectionError(`cannot connect to ${host}:${port}: ${error.message}`, "connect", false));
      });
    });
    this.socket = socket;
    socket.on("data", (chunk: Buffer) => {
      try {
        for (const xml of this.reader.push(chunk)) this.deliver(xml);
      } catch (error) {
        this.fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.on("error", (error) => this.fail(error));
    socket.on("close", () => this.fail(new Error("the server closed the connection")));
    try {
      this.greeting = readGreeting(await this.receive("greeting"));
    } catch (error) {
      this.destroy();
      throw error instanceof EppConnectionError
        ? error
        : new EppConnectionError(`no greeting: ${(error as Error).message}`, "greeting", false);
    }
    const login = command(
      "login",
      null,
      (element) => {
        element.ele("clID").txt(this.endpoint.username);
        element.ele("pw").txt(this.endpoint.password);
        const options = element.ele("options");
        options.ele("version").txt("1.0");
        options.ele("lang").txt("en");
        const svcs = element.ele("svcs");
        for (const uri of [NS.domain, NS.contact, NS.host]) svcs.ele("objURI").txt(uri);
      },
      clTRID,
    );
    let response: EppResponse;
    try {
      response = readResponse(await this.roundTrip(login, "login"));
    } catch (error) {
      this.destroy();
      throw error instanceof EppConnectionError ? new EppConnectionError(error.message, "login", false) : error;
    }
    if (response.code >= 2000) {
      this.destroy();
      throw new EppCommandError(response);
    }
  }

  /** Sends one command and reads its answer (queued behind any other on this session). */
  async execute(xml: string): Promise<EppResponse> {
    const run = this.queue.then(async () => readResponse(await this.roundTrip(xml, "command")));
    this.queue = run.catch(() => undefined);
    const response = await run;
    // 2500-2502: the server ends the session after answering (RFC 5730 §3).
    if (response.code >= 2500) this.destroy();
    return response;
  }

  /** RFC 5730 §2.3: a <hello> keeps the session alive and is answered with a greeting. */
  async hello(): Promise<Greeting> {
    const epp = eppDocument();
    epp.ele("hello");
    const run = this.queue.then(async () => readGreeting(await this.roundTrip(serialize(epp), "command")));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Logs out politely when the server still listens, then closes. */
  async close(clTRID: string): Promise<void> {
    if (this.isOpen) {
      try {
        await this.execute(command("logout", null, () => undefined, clTRID));
      } catch {
        // Closing anyway.
      }
    }
    this.destroy();
  }

  destroy(): void {
    this.fail(new Error("session closed"));
    this.socket?.destroy();
  }

  private roundTrip(xml: string, phase: "login" | "command"): Promise<string> {
    if (!this.socket || this.closedError)
      return Promise.reject(new EppConnectionError(this.closedError?.message ?? "not connected", phase, false));
    const answer = this.receive(phase);
    this.lastUsedAt = Date.now();
    this.socket.write(frame(xml));
    return answer;
  }

  private receive(phase: "greeting" | "login" | "command"): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = new EppConnectionError(
          `no answer within ${this.endpoint.timeoutMs} ms`,
          phase,
          phase === "command",
        );
        this.fail(error);
      }, this.endpoint.timeoutMs);
      this.waiting = {
        phase,
        resolve: (xml) => {
          clearTimeout(timer);
          resolve(xml);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  }

  private deliver(xml: string) {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(xml);
  }

  private fail(error: Error) {
    if (!this.closedError) {
      this.closedError = error;
      this.markClosed();
      this.socket?.destroy();
    }
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) {
      const phase = waiting.phase;
      waiting.reject(
        error instanceof EppConnectionError
          ? error
          : new EppConnectionError(`connection lost before the answer: ${error.message}`, phase, phase === "command"),
      );
    }
  }
}
