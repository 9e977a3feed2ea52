import { execFileSync } from "node:child_process";
import { X509Certificate, createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A loopback Proxmox VE cluster speaking the documented API (pve-docs api-viewer; the handlers in
 * proxmox/qemu-server PVE/API2/Qemu.pm, proxmox/pve-manager PVE/API2/Cluster.pm and Tasks.pm, and
 * the JSON formatter of proxmox/pve-http-server): HTTPS with its own certificate made at start,
 * `Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`, everything under /api2/json, answers in a
 * `{"data": ...}` envelope, errors as an HTTP status whose reason phrase is the message (also in
 * `message`, with `errors` per parameter for a 400), form-encoded request bodies, asynchronous work
 * as tasks named by a UPID ("UPID:node:PID:PSTART:STARTTIME:type:id:user:", pve-common
 * PVE::Tools::upid_encode) whose status reads `running` until the task ends, then `stopped` with an
 * `exitstatus` ("OK" or the error).
 *
 * Tasks end on the double's schedule, not a clock: each task runs for `taskPolls` status reads.
 * Faults are switched on from the test: a task that fails, nodes that are full, an answer that
 * never comes (the work still happens), a clone whose worker died half-way, a silent guest agent.
 */

type Json = Record<string, unknown>;

export interface PveNode {
  name: string;
  online: boolean;
  maxcpu: number;
  /** Bytes. */
  maxmem: number;
  /** Bytes used by the host itself and by running VMs not listed here. */
  baseMem: number;
  /** Free bytes on the node's VM storage. */
  storageFree: number;
  /** The subnet the guest agent reports addresses from, like a DHCP server on the node's bridge. */
  subnet: string;
}

export interface PveVm {
  vmid: number;
  node: string;
  template: boolean;
  status: "running" | "stopped";
  config: Record<string, string>;
  /** The address DHCP gave it, once started; the guest agent reports it. */
  address: string | null;
  /** Guest agent answers left before it reports (it takes a while after boot). */
  agentWarmup: number;
  /** The clear-text password last set through cloud-init (what the customer logs in with). */
  password: string | null;
}

interface Task {
  upid: string;
  node: string;
  type: string;
  id: string;
  user: string;
  pid: number;
  pstart: number;
  starttime: number;
  pollsLeft: number;
  exitstatus: string;
  /** Runs when the task ends, with whether it succeeded. */
  onEnd: (ok: boolean) => void;
  done: boolean;
}

export interface ProxmoxFaults {
  /** The next task of this type ends with this exit status instead of OK. */
  failTask: Partial<Record<string, string>>;
  /** Calls whose "METHOD /path" (without /api2/json) matches: the work happens, the answer never comes. */
  hang: RegExp | null;
  /** The next clone's worker dies half-way: the VM is left with `lock: clone` and no disk. */
  crashNextClone: boolean;
  /** VMs whose guest agent never answers. */
  silentAgent: Set<number>;
  /** Every call answers 596 (pveproxy cannot reach the node), as when a node is down. */
  unreachable: boolean;
}

export interface ProxmoxDouble {
  url: string;
  /** The API token this cluster accepts (the Authorization header's value after "PVEAPIToken="). */
  token: string;
  /** PEM of the certificate, for a client that trusts it as a CA. */
  ca: string;
  /** SHA-256 fingerprint of the certificate, as the web UI shows it (AA:BB:...). */
  fingerprint: string;
  nodes: Map<string, PveNode>;
  vms: Map<number, PveVm>;
  tasks: Map<string, Task>;
  /** Every call: "METHOD /path" and the status answered. */
  requests: Array<{ method: string; path: string; status: number; body: Record<string, string> }>;
  faults: ProxmoxFaults;
  /** How many status reads a task stays running for. */
  taskPolls: number;
  /** Adds a cloud-init template (what staff prepare once per image and node). */
  addTemplate(node: string, vmid: number, name: string, diskGb: number): void;
  vmByName(name: string): PveVm | undefined;
  close(): Promise<void>;
}

const GiB = 1024 ** 3;
const TOKEN_USER = "provisioner@pve!kts";

/** pve-common JSONSchema format "urlencoded" (pve_verify_urlencoded). */
const URLENCODED = /^[-%a-zA-Z0-9_.!~*'()]*$/;
/** pve-common format "dns-name". */
const DNS_NAME = /^(?=.{1,255}$)([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)(\.([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?))*$/;
const SIZE = /^(\+)?(\d+(?:\.\d+)?)([KMGT])?$/;
/** Options of a VM config this double knows (a real cluster knows hundreds; unknown ones are refused the same way). */
const CONFIG_KEYS = new Set([
  "name",
  "description",
  "cores",
  "sockets",
  "memory",
  "ciuser",
  "cipassword",
  "sshkeys",
  "ipconfig0",
  "nameserver",
  "searchdomain",
  "agent",
  "onboot",
  "tags",
  "delete",
  "digest",
]);

class PveError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

function makeCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "pve-double-"));
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
        "/OU=PVE Cluster Node/O=Proxmox Virtual Environment/CN=pve1.kigali.test",
        "-addext",
        "subjectAltName=DNS:pve1.kigali.test,IP:127.0.0.1",
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

const hex8 = (n: number) => n.toString(16).toUpperCase().padStart(8, "0");

function parseSize(text: string): number {
  const match = SIZE.exec(text);
  if (!match) return Number.NaN;
  const unit = { K: 1024, M: 1024 ** 2, G: GiB, T: 1024 * GiB }[match[3] ?? ""] ?? 1;
  return Number(match[2]) * unit;
}

/** The size= of a drive line ("local-lvm:vm-105-disk-0,size=10G"). */
function driveSize(value: string): number {
  const size = /(?:^|,)size=([^,]+)/.exec(value)?.[1];
  return size ? parseSize(size) : 0;
}

function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("error", reject);
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      if (!text) return resolve({});
      const type = String(request.headers["content-type"] ?? "");
      if (type.startsWith("application/json")) {
        const parsed = JSON.parse(text) as Json;
        return resolve(Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)])));
      }
      resolve(Object.fromEntries(new URLSearchParams(text)));
    });
  });
}

export async function startProxmoxDouble(
  options: { nodes?: Array<Partial<PveNode> & { name: string }>; secret?: string } = {},
): Promise<ProxmoxDouble> {
  const { key, cert } = makeCertificate();
  const secret = options.secret ?? "3f2b7c1e-8d4a-4b9e-a1c5-6e0f9d2b7a44";
  const token = `${TOKEN_USER}=${secret}`;
  const x509 = new X509Certificate(cert);
  const nodes = new Map<string, PveNode>();
  for (const [index, node] of (options.nodes ?? [{ name: "pve1" }, { name: "pve2" }]).entries()) {
    nodes.set(node.name, {
      online: true,
      maxcpu: 32,
      maxmem: 128 * GiB,
      baseMem: 8 * GiB,
      storageFree: 2048 * GiB,
      subnet: `196.12.${10 + index}`,
      ...node,
    });
  }
  const vms = new Map<number, PveVm>();
  const tasks = new Map<string, Task>();
  const requests: ProxmoxDouble["requests"] = [];
  const faults: ProxmoxFaults = {
    failTask: {},
    hang: null,
    crashNextClone: false,
    silentAgent: new Set(),
    unreachable: false,
  };
  let pid = 4000;
  let nextHost = 20;
  const double: ProxmoxDouble = {
    url: "",
    token,
    ca: cert,
    fingerprint: x509.fingerprint256,
    nodes,
    vms,
    tasks,
    requests,
    faults,
    taskPolls: 1,
    addTemplate(node, vmid, name, diskGb) {
      vms.set(vmid, {
        vmid,
        node,
        template: true,
        status: "stopped",
        address: null,
        agentWarmup: 0,
        password: null,
        config: {
          name,
          template: "1",
          cores: "1",
          memory: "2048",
          ostype: "l26",
          scsihw: "virtio-scsi-single",
          scsi0: `local-lvm:base-${vmid}-disk-0,size=${diskGb}G`,
          ide2: `local-lvm:vm-${vmid}-cloudinit,media=cdrom`,
          net0: "virtio=BC:24:11:00:00:01,bridge=vmbr0,firewall=1",
          boot: "order=scsi0",
          serial0: "socket",
          agent: "1",
        },
      });
    },
    vmByName: (name) => [...vms.values()].find((vm) => !vm.template && vm.config.name === name),
    close: async () => undefined,
  };

  const memUsed = (node: PveNode) =>
    node.baseMem +
    [...vms.values()]
      .filter((vm) => vm.node === node.name && vm.status === "running")
      .reduce((sum, vm) => sum + Number(/\d+/.exec(vm.config.memory ?? "0")![0]) * 1024 ** 2, 0);

  function startTask(
    node: string,
    type: string,
    id: string,
    work: () => void,
    options: { exitstatus?: string; onFailure?: () => void } = {},
  ): string {
    const starttime = Math.floor(Date.now() / 1000);
    pid += 1;
    const upid = `UPID:${node}:${hex8(pid)}:${hex8(pid * 7919)}:${hex8(starttime)}:${type}:${id}:${TOKEN_USER}:`;
    const failure = faults.failTask[type];
    if (failure !== undefined) delete faults.failTask[type];
    tasks.set(upid, {
      upid,
      node,
      type,
      id,
      user: TOKEN_USER,
      pid,
      pstart: pid * 7919,
      starttime,
      pollsLeft: double.taskPolls,
      exitstatus: failure ?? options.exitstatus ?? "OK",
      onEnd: (ok) => (ok ? work() : options.onFailure?.()),
      done: false,
    });
    return upid;
  }

  function vmOn(node: string, vmid: number): PveVm {
    const vm = vms.get(vmid);
    // What pve-manager's proxy to the wrong node answers (PVE::QemuConfig->load_config).
    if (!vm || vm.node !== node)
      throw new PveError(500, `Configuration file 'nodes/${node}/qemu-server/${vmid}.conf' does not exist`);
    return vm;
  }

  function checkLock(vm: PveVm) {
    if (vm.config.lock) throw new PveError(500, `VM is locked (${vm.config.lock})`);
  }

  const nodeOf = (name: string) => {
    const node = nodes.get(name);
    if (!node) throw new PveError(400, "Parameter verification failed.", { node: `no such cluster node '${name}'` });
    return node;
  };

  function paramError(errors: Record<string, string>): never {
    throw new PveError(400, "Parameter verification failed.", errors);
  }

  function vmid(text: string | undefined, field = "vmid"): number {
    const value = Number(text);
    if (!text || !Number.isInteger(value) || value < 100 || value > 999_999_999)
      paramError({ [field]: `value must be an integer between 100 and 999999999` });
    return value;
  }

  function handle(method: string, route: string, query: URLSearchParams, body: Record<string, string>): unknown {
    const params = method === "GET" || method === "DELETE" ? Object.fromEntries(query) : body;
    let m: RegExpExecArray | null;
    if (method === "GET" && route === "/version")
      return { version: "8.4.1", release: "8.4", repoid: "2a5fa54a8503f96d" };
    if (method === "GET" && route === "/nodes")
      return [...nodes.values()].map((node) => ({
        node: node.name,
        status: node.online ? "online" : "offline",
        ...(node.online ? { maxcpu: node.maxcpu, maxmem: node.maxmem, mem: memUsed(node), cpu: 0.05 } : {}),
        type: "node",
        id: `node/${node.name}`,
      }));
    if (method === "GET" && route === "/cluster/nextid") {
      if (params.vmid) {
        const wanted = vmid(params.vmid);
        if (vms.has(wanted)) paramError({ vmid: `VM ${wanted} already exists` });
        return wanted;
      }
      for (let id = 100; ; id++) if (!vms.has(id)) return id;
    }
    if (method === "GET" && route === "/cluster/resources") {
      const type = params.type;
      const out: Json[] = [];
      if (!type || type === "node")
        for (const node of nodes.values())
          out.push({
            id: `node/${node.name}`,
            type: "node",
            node: node.name,
            status: node.online ? "online" : "offline",
            ...(node.online ? { maxcpu: node.maxcpu, cpu: 0.05, maxmem: node.maxmem, mem: memUsed(node) } : {}),
          });
      if (!type || type === "storage")
        for (const node of nodes.values())
          out.push({
            id: `storage/${node.name}/local-lvm`,
            type: "storage",
            storage: "local-lvm",
            node: node.name,
            status: node.online ? "available" : "unknown",
            maxdisk: 4096 * GiB,
            disk: 4096 * GiB - node.storageFree,
            shared: 0,
          });
      if (!type || type === "vm")
        for (const vm of vms.values())
          out.push({
            id: `qemu/${vm.vmid}`,
            type: "qemu",
            vmid: vm.vmid,
            name: vm.config.name,
            node: vm.node,
            status: vm.status,
            template: vm.template ? 1 : 0,
            maxmem: Number(/\d+/.exec(vm.config.memory ?? "0")![0]) * 1024 ** 2,
            maxcpu: Number(vm.config.cores ?? 1),
            maxdisk: driveSize(vm.config.scsi0 ?? ""),
            ...(vm.config.lock ? { lock: vm.config.lock } : {}),
          });
      return out;
    }
    if ((m = /^\/nodes\/([^/]+)\/tasks$/.exec(route)) && method === "GET") {
      const node = nodeOf(m[1]!);
      const source = params.source ?? "archive";
      return [...tasks.values()]
        .filter((task) => task.node === node.name)
        .filter((task) => (source === "active" ? !task.done : source === "archive" ? task.done : true))
        .filter((task) => !params.typefilter || task.type === params.typefilter)
        .filter((task) => !params.vmid || task.id === params.vmid)
        .map((task) => ({
          upid: task.upid,
          node: task.node,
          pid: task.pid,
          pstart: task.pstart,
          starttime: task.starttime,
          type: task.type,
          id: task.id,
          user: task.user,
          ...(task.done ? { endtime: task.starttime + 5, status: task.exitstatus } : {}),
        }));
    }
    if ((m = /^\/nodes\/([^/]+)\/tasks\/([^/]+)\/status$/.exec(route)) && method === "GET") {
      nodeOf(m[1]!);
      const task = tasks.get(decodeURIComponent(m[2]!));
      if (!task) paramError({ upid: "no such task" });
      if (!task.done && task.pollsLeft > 0) task.pollsLeft -= 1;
      else if (!task.done) {
        task.done = true;
        task.onEnd(task.exitstatus === "OK");
      }
      const [user, tokenid] = task.user.split("!");
      return {
        upid: task.upid,
        node: task.node,
        pid: task.pid,
        pstart: task.pstart,
        starttime: task.starttime,
        type: task.type,
        id: task.id,
        user,
        tokenid,
        status: task.done ? "stopped" : "running",
        ...(task.done ? { exitstatus: task.exitstatus } : {}),
      };
    }
    if ((m = /^\/nodes\/([^/]+)\/qemu\/(\d+)\/clone$/.exec(route)) && method === "POST") {
      const node = nodeOf(m[1]!);
      const source = vmOn(node.name, Number(m[2]));
      const newid = vmid(params.newid, "newid");
      for (const key of Object.keys(params))
        if (!["newid", "name", "full", "target", "storage", "description", "pool", "format"].includes(key))
          paramError({
            [key]: "property is not defined in schema and the schema does not allow additional properties",
          });
      if (params.name && !DNS_NAME.test(params.name)) paramError({ name: `value does not look like a valid DNS name` });
      const target = params.target ? nodeOf(params.target) : node;
      // The template's disks are on local storage: only its own node can clone it.
      if (target.name !== node.name)
        throw new PveError(500, `can't clone VM to node '${target.name}' (VM uses local storage)`);
      if (vms.has(newid)) throw new PveError(500, `unable to create VM ${newid}: config file already exists`);
      checkLock(source);
      const disk = driveSize(source.config.scsi0 ?? "");
      const vm: PveVm = {
        vmid: newid,
        node: target.name,
        template: false,
        status: "stopped",
        address: null,
        agentWarmup: 1,
        password: null,
        // The temporary config the clone worker writes first (PVE::API2::Qemu clone_vm).
        config: { lock: "clone" },
      };
      vms.set(newid, vm);
      if (faults.crashNextClone) {
        // The worker died (node rebooted, OOM killer) after writing the temporary config: the task
        // log has no end, so its status reads "unexpected status" (pve-common upid_read_status).
        faults.crashNextClone = false;
        return startTask(node.name, "qmclone", String(source.vmid), () => undefined, {
          exitstatus: "unexpected status",
          onFailure: () => undefined,
        });
      }
      const full = target.storageFree < disk;
      return startTask(
        node.name,
        "qmclone",
        String(source.vmid),
        () => {
          target.storageFree -= disk;
          const { template: _template, ...rest } = source.config;
          const mac = randomBytes(3).toString("hex").toUpperCase().match(/../g)!.join(":");
          vm.config = {
            ...rest,
            name: params.name ?? `Copy-of-VM-${source.config.name}`,
            scsi0: `local-lvm:vm-${newid}-disk-0,size=${disk / GiB}G`,
            ide2: `local-lvm:vm-${newid}-cloudinit,media=cdrom`,
            net0: `virtio=BC:24:11:${mac},bridge=vmbr0,firewall=1`,
            ...(params.description ? { description: params.description } : {}),
          };
        },
        {
          ...(full
            ? {
                exitstatus:
                  `clone failed: lvcreate 'pve/vm-${newid}-disk-0' error: ` +
                  `Volume group "pve" has insufficient free space`,
              }
            : {}),
          // clone_vm's error path frees the new volumes and unlinks the temporary config.
          onFailure: () => vms.delete(newid),
        },
      );
    }
    if ((m = /^\/nodes\/([^/]+)\/qemu\/(\d+)\/config$/.exec(route))) {
      const vm = vmOn(nodeOf(m[1]!).name, Number(m[2]));
      if (method === "GET") {
        const shown: Json = {
          ...vm.config,
          digest: createHash("sha1").update(JSON.stringify(vm.config)).digest("hex"),
        };
        if (shown.cipassword) shown.cipassword = "**********";
        return shown;
      }
      if (method !== "PUT" && method !== "POST") throw new PveError(501, `Method '${method} ${route}' not implemented`);
      checkLock(vm);
      const errors: Record<string, string> = {};
      for (const [k, v] of Object.entries(params)) {
        if (!CONFIG_KEYS.has(k))
          errors[k] = "property is not defined in schema and the schema does not allow additional properties";
        else if (k === "cores" && !/^[1-9]\d*$/.test(v)) errors[k] = "type check ('integer') failed - got '" + v + "'";
        else if (k === "memory" && !/^(current=)?\d+$/.test(v)) errors[k] = "value does not match the regex pattern";
        else if (k === "name" && !DNS_NAME.test(v)) errors[k] = "value does not look like a valid DNS name";
        else if (k === "sshkeys" && !URLENCODED.test(v)) errors[k] = `invalid urlencoded string: ${v}`;
        else if (k === "ipconfig0" && !/^(ip=(dhcp|[\d.]+\/\d+))(,gw=[\d.]+)?(,ip6=(auto|dhcp))?$/.test(v))
          errors[k] = "invalid format - format error";
      }
      if (Object.keys(errors).length) paramError(errors);
      if (params.sshkeys) {
        const keys = decodeURIComponent(params.sshkeys)
          .split(/\s*\n\s*/)
          .filter(Boolean);
        if (!keys.every((line) => /^(ssh-(ed25519|rsa)|ecdsa-sha2-nistp\d+) [A-Za-z0-9+/=]+( .*)?$/.test(line)))
          throw new PveError(500, "unable to parse ssh public key");
      }
      const { delete: toDelete, digest: _digest, ...set } = params;
      if (set.cipassword) vm.password = set.cipassword;
      Object.assign(vm.config, set);
      for (const name of (toDelete ?? "").split(/[,;\s]+/).filter(Boolean)) delete vm.config[name];
      return method === "POST" ? startTask(vm.node, "qmconfig", String(vm.vmid), () => undefined) : null;
    }
    if ((m = /^\/nodes\/([^/]+)\/qemu\/(\d+)\/resize$/.exec(route)) && method === "PUT") {
      const vm = vmOn(nodeOf(m[1]!).name, Number(m[2]));
      checkLock(vm);
      const disk = params.disk;
      const current = disk ? vm.config[disk] : undefined;
      if (!disk || !current) throw new PveError(500, `disk '${disk ?? ""}' does not exist`);
      const wanted = params.size?.startsWith("+")
        ? driveSize(current) + parseSize(params.size.slice(1))
        : parseSize(params.size ?? "");
      if (!Number.isFinite(wanted)) paramError({ size: "value does not match the regex pattern" });
      if (wanted < driveSize(current)) throw new PveError(500, "shrinking disks is not supported");
      return startTask(vm.node, "resize", String(vm.vmid), () => {
        vm.config[disk] = current.replace(/size=[^,]+/, `size=${Math.round(wanted / GiB)}G`);
      });
    }
    if ((m = /^\/nodes\/([^/]+)\/qemu\/(\d+)\/status\/current$/.exec(route)) && method === "GET") {
      const vm = vmOn(nodeOf(m[1]!).name, Number(m[2]));
      return {
        vmid: vm.vmid,
        name: vm.config.name,
        status: vm.status,
        qmpstatus: vm.status,
        ...(vm.config.lock ? { lock: vm.config.lock } : {}),
        ...(vm.config.agent ? { agent: 1 } : {}),
        maxmem: Number(/\d+/.exec(vm.config.memory ?? "0")![0]) * 1024 ** 2,
        cpus: Number(vm.config.cores ?? 1),
      };
    }
    if ((m = /^\/nodes\/([^/]+)\/qemu\/(\d+)\/status\/(start|shutdown|stop)$/.exec(route)) && method === "POST") {
      const node = nodeOf(m[1]!);
      const vm = vmOn(node.name, Number(m[2]));
      checkLock(vm);
      const action = m[3]!;
      if (action === "start") {
        if (vm.template) throw new PveError(500, "you can't start a vm if it's a template");
        if (vm.status === "running") throw new PveError(500, `VM ${vm.vmid} already running`);
        const need = Number(/\d+/.exec(vm.config.memory ?? "0")![0]) * 1024 ** 2;
        const noMemory = memUsed(node) + need > node.maxmem;
        return startTask(
          node.name,
          "qmstart",
          String(vm.vmid),
          () => {
            vm.status = "running";
            vm.address ??= `${node.subnet}.${nextHost++}`;
            vm.agentWarmup = 1;
          },
          noMemory
            ? {
                exitstatus:
                  "start failed: QEMU exited with code 1: kvm: cannot set up guest memory 'pc.ram': " +
                  "Cannot allocate memory",
              }
            : {},
        );
      }
      return startTask(node.name, action === "stop" ? "qmstop" : "qmshutdown", String(vm.vmid), () => {
        vm.status = "stopped";
      });
    }
    if ((m = /^\/nodes\/([^/]+)\/qemu\/(\d+)$/.exec(route)) && method === "DELETE") {
      const vm = vmOn(nodeOf(m[1]!).name, Number(m[2]));
      if (vm.status === "running") throw new PveError(500, `VM ${vm.vmid} is running - destroy failed`);
      return startTask(vm.node, "qmdestroy", String(vm.vmid), () => {
        const node = nodes.get(vm.node)!;
        node.storageFree += driveSize(vm.config.scsi0 ?? "");
        vms.delete(vm.vmid);
      });
    }
    if ((m = /^\/nodes\/([^/]+)\/qemu\/(\d+)\/agent\/network-get-interfaces$/.exec(route)) && method === "GET") {
      const vm = vmOn(nodeOf(m[1]!).name, Number(m[2]));
      // PVE::QemuServer::Agent::assert_agent_available
      if (!vm.config.agent) throw new PveError(500, "No QEMU guest agent configured");
      if (vm.status !== "running") throw new PveError(500, `VM ${vm.vmid} is not running`);
      if (faults.silentAgent.has(vm.vmid) || vm.agentWarmup > 0) {
        vm.agentWarmup = Math.max(0, vm.agentWarmup - 1);
        throw new PveError(500, "QEMU guest agent is not running");
      }
      return {
        result: [
          {
            name: "lo",
            "hardware-address": "00:00:00:00:00:00",
            "ip-addresses": [
              { "ip-address-type": "ipv4", "ip-address": "127.0.0.1", prefix: 8 },
              { "ip-address-type": "ipv6", "ip-address": "::1", prefix: 128 },
            ],
          },
          {
            name: "eth0",
            "hardware-address": (vm.config.net0 ?? "").slice(7, 24).toLowerCase(),
            "ip-addresses": [
              { "ip-address-type": "ipv4", "ip-address": vm.address, prefix: 24 },
              { "ip-address-type": "ipv6", "ip-address": "fe80::be24:11ff:fe00:1", prefix: 64 },
            ],
          },
        ],
      };
    }
    throw new PveError(501, `Method '${method} /api2/json${route}' not implemented`);
  }

  const sockets = new Set<Socket>();
  const server = createServer({ key, cert }, (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "https://pve.test");
      const method = request.method ?? "GET";
      let body: Record<string, string> = {};
      const send = (status: number, payload: Json, reason?: string) => {
        const route = url.pathname.replace(/^\/api2\/json/, "");
        requests.push({ method, path: route, status, body });
        if (faults.hang?.test(`${method} ${route}`)) return; // the work is done; the answer never comes
        const bytes = Buffer.from(JSON.stringify(payload));
        // The reason phrase carries the message, as pveproxy sends it (ASCII, one line).
        response.statusMessage = (reason ?? "OK").replace(/[^\x20-\x7e]/g, " ").slice(0, 200);
        response.writeHead(status, {
          "content-type": "application/json;charset=UTF-8",
          "content-length": bytes.length,
        });
        response.end(bytes);
      };
      try {
        body = await readBody(request);
        if (!url.pathname.startsWith("/api2/json/")) return send(404, { data: null }, "Not Found");
        const auth = String(request.headers.authorization ?? "");
        if (auth !== `PVEAPIToken=${token}`)
          return send(401, { data: null, message: "invalid token value!\n" }, "invalid token value!");
        if (faults.unreachable)
          return send(596, { data: null, message: "Connection timed out\n" }, "Connection timed out");
        const data = handle(method, url.pathname.slice("/api2/json".length), url.searchParams, body);
        send(200, { data: data ?? null });
      } catch (error) {
        if (error instanceof PveError) {
          send(
            error.status,
            { data: null, message: `${error.message}\n`, ...(error.errors ? { errors: error.errors } : {}) },
            error.message,
          );
        } else {
          send(500, { data: null, message: String(error) }, "internal error");
        }
      }
    })();
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  double.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return double;
}
