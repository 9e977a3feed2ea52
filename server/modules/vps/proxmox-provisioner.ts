import { vpsImages } from "#content/vps.ts";
import type { VpsClusterHealth } from "#contracts/vps-admin.ts";
import { proxmoxClient, ProxmoxError, type ProxmoxClient } from "../../adapters/proxmox/proxmox-client.ts";
import type { Config } from "../../config.ts";
import type { OrderStepRow, StepRecorder } from "../../lib/orders.ts";
import {
  manualProvisioner,
  ProvisioningError,
  type ProvisionRequest,
  type ProvisionResult,
  type Provisioner,
  type ServerActionResult,
  type ServerRef,
} from "./provisioner.ts";

/**
 * VPS orders built on Proxmox VE: one cluster per location and a pool of its nodes to place servers
 * on. A server is a full clone of the image's cloud-init template (a template VM named after the
 * image id, e.g. "ubuntu-24.04", on each node of the pool), sized from the plan, given the
 * customer's login through cloud-init, started, and its address read back from the QEMU guest agent.
 *
 * The VM is named after the order's reference ("vps-k7m2qp"), and the VMID chosen for a clone is
 * written on the clone step before the clone is asked for: a retry finds the VM (or the clone still
 * under way) instead of making a second one, and carries on from where the last attempt stopped.
 */

export interface ProxmoxLocation {
  locationId: string;
  client: ProxmoxClient;
  /** Nodes servers may be placed on, in order of preference when equally free. */
  nodes: string[];
  /** Storage for the clone's disks (a full clone); absent: the template's own storage. */
  storage?: string;
  /** Resource pool new VMs join (a token limited to a pool needs it). */
  pool?: string;
}

export interface ProxmoxProvisionerOptions {
  locations: ProxmoxLocation[];
  /** How long a clone, start or delete may run. */
  taskTimeoutMs: number;
  /** How long to wait for the guest agent to report the server's address after it starts. */
  addressTimeoutMs: number;
  pause?: (ms: number) => Promise<void>;
  /** Between two questions to the guest agent. */
  addressPollMs?: number;
}

const GiB = 1024 ** 3;

/** The login cloud-init creates, per image family (each distribution's own default user). */
const LOGIN_USER: Record<string, string> = {
  ubuntu: "ubuntu",
  debian: "debian",
  rocky: "rocky",
  alma: "almalinux",
};

/** Task failures that mean "this node has no room" (another node may). */
const CAPACITY = /insufficient free space|no space left|out of space|cannot allocate memory|not enough memory|quota/i;

interface VmResource {
  vmid: number;
  name?: string;
  node: string;
  status: string;
  template?: number;
  lock?: string;
}

interface NodeResource {
  node: string;
  status: string;
  maxmem?: number;
  mem?: number;
}

interface StorageResource {
  node: string;
  storage: string;
  maxdisk?: number;
  disk?: number;
  status?: string;
}

export const vmNameFor = (reference: string) => reference.toLowerCase();

const gb = (bytes: number) => `${Math.floor(bytes / GiB)} GB`;

/** One step: recorded before it runs, ended with the cluster's answer (or its error). */
async function step<T>(
  steps: StepRecorder,
  action: string,
  detail: Record<string, unknown>,
  run: () => Promise<{ value: T; answer: string; detail?: Record<string, unknown> }>,
): Promise<T> {
  const handle = await steps.start(action, detail);
  try {
    const result = await run();
    await handle.succeed(result.answer, { ...detail, ...result.detail });
    return result.value;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await handle.fail(message, detail);
    throw error;
  }
}

function asProvisioningError(error: unknown): ProvisioningError {
  if (error instanceof ProvisioningError) return error;
  if (error instanceof ProxmoxError) return new ProvisioningError(error.message, error.kind === "unavailable");
  return new ProvisioningError(error instanceof Error ? error.message : String(error), false);
}

export function proxmoxProvisioner(options: ProxmoxProvisionerOptions): Provisioner {
  const locations = new Map(options.locations.map((location) => [location.locationId, location]));
  const pause = options.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
  const addressPollMs = options.addressPollMs ?? 5_000;

  async function findVm(location: ProxmoxLocation, name: string, earlier: OrderStepRow[]): Promise<VmResource | null> {
    const vms = await location.client.get<VmResource[]>("/cluster/resources", { type: "vm" });
    const named = vms.find((vm) => vm.name === name && !vm.template);
    if (named) return named;
    // A clone still under way (or whose worker died) has no name yet: look for the VMID we gave it.
    const cloned = earlier
      .filter((row) => row.action === "clone")
      .map((row) => row.detail as { vmid?: number } | null)
      .map((detail) => detail?.vmid)
      .filter((vmid): vmid is number => typeof vmid === "number");
    return vms.find((vm) => cloned.includes(vm.vmid) && vm.lock === "clone" && !vm.template) ?? null;
  }

  async function locate(location: ProxmoxLocation, name: string, steps: StepRecorder) {
    const earlier = await steps.previous();
    return step(steps, "locate", { name }, async () => {
      const vm = await findVm(location, name, earlier);
      return {
        value: vm,
        answer: vm
          ? `VM ${vm.vmid} ${vm.name ?? "(no name yet)"} on ${vm.node}, ${vm.status}${vm.lock ? `, locked (${vm.lock})` : ""}`
          : `No VM named ${name}`,
        detail: vm ? { vmid: vm.vmid, node: vm.node } : {},
      };
    });
  }

  /** Nodes of the pool with room for the plan, most free memory first; the others with why not. */
  async function placements(location: ProxmoxLocation, request: ProvisionRequest, excluded: Set<string>) {
    const resources =
      await location.client.get<Array<NodeResource & StorageResource & { type: string }>>("/cluster/resources");
    const needMem = request.plan.ramGb * GiB;
    const needDisk = request.plan.ssdGb * GiB;
    const fits: Array<{ node: string; free: number }> = [];
    const reasons: string[] = [];
    for (const name of location.nodes) {
      const node = resources.find((r) => r.type === "node" && r.node === name);
      if (excluded.has(name)) {
        reasons.push(`${name}: full`);
        continue;
      }
      if (!node || node.status !== "online") {
        reasons.push(`${name}: ${node ? node.status : "not in the cluster"}`);
        continue;
      }
      const free = (node.maxmem ?? 0) - (node.mem ?? 0);
      if (free < needMem) {
        reasons.push(`${name}: ${gb(free)} memory free`);
        continue;
      }
      if (location.storage) {
        const storage = resources.find(
          (r) => r.type === "storage" && r.node === name && r.storage === location.storage,
        );
        const space = storage ? (storage.maxdisk ?? 0) - (storage.disk ?? 0) : 0;
        if (space < needDisk) {
          reasons.push(`${name}: ${gb(space)} free on ${location.storage}`);
          continue;
        }
      }
      fits.push({ node: name, free });
    }
    fits.sort((a, b) => b.free - a.free);
    return { fits: fits.map((f) => f.node), reasons };
  }

  async function destroyVm(location: ProxmoxLocation, vm: { vmid: number; node: string }): Promise<string> {
    const base = `/nodes/${encodeURIComponent(vm.node)}/qemu/${vm.vmid}`;
    const status = await location.client.get<{ status: string }>(`${base}/status/current`);
    if (status.status === "running")
      await location.client.waitTask(await location.client.post<string>(`${base}/status/stop`), options.taskTimeoutMs);
    const upid = await location.client.delete<string>(base, { purge: 1, "destroy-unreferenced-disks": 1 });
    const end = await location.client.waitTask(upid, options.taskTimeoutMs);
    return `VM ${vm.vmid} on ${vm.node} deleted: ${end.exitstatus}`;
  }

  /** Clones the template on the first node with room; a node that turns out full is left for the next. */
  async function cloneSomewhere(
    location: ProxmoxLocation,
    request: ProvisionRequest,
    name: string,
    steps: StepRecorder,
    full: Set<string>,
  ): Promise<{ vmid: number; node: string } | { manual: string }> {
    for (;;) {
      const { fits, reasons } = await step(steps, "place", { plan: request.plan }, async () => {
        const placed = await placements(location, request, full);
        return {
          value: placed,
          answer: placed.fits.length
            ? `Room on ${placed.fits.join(", ")}${placed.reasons.length ? ` (not ${placed.reasons.join("; ")})` : ""}`
            : `No node has room for ${request.plan.ramGb} GB memory and ${request.plan.ssdGb} GB disk: ${placed.reasons.join("; ")}`,
        };
      });
      if (fits.length === 0) return { manual: `No node in ${location.locationId} has room: ${reasons.join("; ")}` };
      const templates = (await location.client.get<VmResource[]>("/cluster/resources", { type: "vm" })).filter(
        (vm) => vm.template && vm.name === request.imageId,
      );
      const node = fits.find((candidate) => templates.some((t) => t.node === candidate));
      if (!node)
        return {
          manual: `No cloud-init template named ${request.imageId} on ${fits.join(", ")} in ${location.locationId}`,
        };
      const template = templates.find((t) => t.node === node)!;
      const vmid = await location.client.get<number>("/cluster/nextid");
      try {
        await step(steps, "clone", { node, vmid, template: template.vmid }, async () => {
          const upid = await location.client.post<string>(
            `/nodes/${encodeURIComponent(node)}/qemu/${template.vmid}/clone`,
            {
              newid: vmid,
              name,
              full: true,
              description: `${request.reference} (order ${request.orderId}): ${request.hostname}`,
              ...(location.storage ? { storage: location.storage } : {}),
              ...(location.pool ? { pool: location.pool } : {}),
            },
          );
          const end = await location.client.waitTask(upid, options.taskTimeoutMs);
          return { value: undefined, answer: end.exitstatus, detail: { upid } };
        });
        return { vmid, node };
      } catch (error) {
        if (error instanceof ProxmoxError && error.kind === "failed" && CAPACITY.test(error.message)) {
          full.add(node);
          continue;
        }
        throw error;
      }
    }
  }

  /** The guest's first global IPv4 address, as the QEMU guest agent reports it. */
  async function readAddress(location: ProxmoxLocation, vm: { vmid: number; node: string }): Promise<string> {
    const until = Date.now() + options.addressTimeoutMs;
    let last = "";
    for (;;) {
      try {
        const answer = await location.client.get<{
          result?: Array<{
            name?: string;
            "ip-addresses"?: Array<{ "ip-address-type"?: string; "ip-address"?: string }>;
          }>;
        }>(`/nodes/${encodeURIComponent(vm.node)}/qemu/${vm.vmid}/agent/network-get-interfaces`);
        for (const iface of answer.result ?? []) {
          if (iface.name === "lo") continue;
          for (const address of iface["ip-addresses"] ?? []) {
            const ip = address["ip-address"] ?? "";
            if (address["ip-address-type"] === "ipv4" && !/^(127\.|169\.254\.)/.test(ip)) return ip;
          }
        }
        last = "the guest agent reports no IPv4 address yet";
      } catch (error) {
        // "QEMU guest agent is not running" while the guest boots: ask again.
        if (!(error instanceof ProxmoxError) || error.kind === "refused") throw error;
        last = error.message;
      }
      if (Date.now() >= until)
        throw new ProvisioningError(
          `VM ${vm.vmid} did not report an address within ${Math.round(options.addressTimeoutMs / 1000)} s (${last})`,
          true,
        );
      await pause(addressPollMs);
    }
  }

  async function provisionAt(location: ProxmoxLocation, request: ProvisionRequest, steps: StepRecorder) {
    const image = vpsImages.find((i) => i.id === request.imageId);
    const user = image ? LOGIN_USER[image.family] : undefined;
    if (!user) return { kind: "manual" as const, reason: `${request.imageId} has no cloud-init template` };
    const name = vmNameFor(request.reference);
    const full = new Set<string>();
    let waits = 0;
    for (;;) {
      let vm: { vmid: number; node: string; lock?: string | undefined } | null = await locate(location, name, steps);
      if (vm?.lock === "clone") {
        // A clone still running (its answer was lost), or one whose worker died: find its task.
        const clone = (await steps.previous()).filter((r) => r.action === "clone").at(-1);
        const detail = (clone?.detail ?? {}) as { upid?: string; template?: number };
        let upid = detail.upid;
        if (!upid && detail.template !== undefined) {
          const active = await location.client.get<Array<{ upid: string; id: string }>>(
            `/nodes/${encodeURIComponent(vm.node)}/tasks`,
            { source: "active", typefilter: "qmclone" },
          );
          upid = active.find((task) => task.id === String(detail.template))?.upid;
        }
        if (upid && waits++ < 3) {
          const running = upid;
          const ended = await step(steps, "wait-clone", { vmid: vm.vmid, node: vm.node, upid }, async () => {
            try {
              return {
                value: true,
                answer: (await location.client.waitTask(running, options.taskTimeoutMs)).exitstatus,
              };
            } catch (error) {
              if (!(error instanceof ProxmoxError) || error.kind !== "failed") throw error;
              return { value: false, answer: error.message };
            }
          });
          if (ended) continue;
        }
        return {
          kind: "manual" as const,
          reason:
            `VM ${vm.vmid} on ${vm.node} was left locked by a clone that did not finish. ` +
            `On ${vm.node}, run "qm unlock ${vm.vmid} && qm destroy ${vm.vmid}", then retry.`,
        };
      }
      if (!vm) {
        const placed = await cloneSomewhere(location, request, name, steps, full);
        if ("manual" in placed) return { kind: "manual" as const, reason: placed.manual };
        vm = placed;
      }
      const { vmid, node } = vm;
      const base = `/nodes/${encodeURIComponent(node)}/qemu/${vmid}`;
      await step(steps, "configure", { vmid, node }, async () => {
        await location.client.put(base + "/config", {
          cores: request.plan.vcpu,
          memory: request.plan.ramGb * 1024,
          ciuser: user,
          ...(request.password ? { cipassword: request.password } : {}),
          // One key per line, URL-encoded (the API's "urlencoded" format for sshkeys).
          ...(request.sshPublicKey ? { sshkeys: encodeURIComponent(`${request.sshPublicKey.trim()}\n`) } : {}),
          ipconfig0: "ip=dhcp",
          agent: 1,
          onboot: 1,
        });
        return {
          value: undefined,
          answer:
            `${request.plan.vcpu} cores, ${request.plan.ramGb * 1024} MiB, ` +
            `login ${user} with ${request.sshPublicKey ? "SSH key" : "password"}, DHCP`,
        };
      });
      await step(steps, "resize", { vmid, node }, async () => {
        const config = await location.client.get<Record<string, string>>(`${base}/config`);
        const disk = bootDisk(config);
        if (!disk) throw new ProvisioningError(`VM ${vmid} has no boot disk to resize`, false);
        const size = /(?:^|,)size=(\d+(?:\.\d+)?)([KMGT])?/.exec(config[disk] ?? "");
        const current = size
          ? Number(size[1]) * ({ K: 1 / 1024 ** 2, M: 1 / 1024, G: 1, T: 1024 }[size[2] ?? "G"] ?? 1)
          : 0;
        if (current >= request.plan.ssdGb) return { value: undefined, answer: `${disk} already ${current} GB` };
        const upid = await location.client.put<string | null>(`${base}/resize`, {
          disk,
          size: `${request.plan.ssdGb}G`,
        });
        if (upid) await location.client.waitTask(upid, options.taskTimeoutMs);
        return { value: undefined, answer: `${disk} ${current} GB → ${request.plan.ssdGb} GB` };
      });
      try {
        await step(steps, "start", { vmid, node }, async () => {
          const status = await location.client.get<{ status: string }>(`${base}/status/current`);
          if (status.status === "running") return { value: undefined, answer: "already running" };
          const end = await location.client.waitTask(
            await location.client.post<string>(`${base}/status/start`),
            options.taskTimeoutMs,
          );
          return { value: undefined, answer: end.exitstatus };
        });
      } catch (error) {
        if (!(error instanceof ProxmoxError) || error.kind !== "failed" || !CAPACITY.test(error.message)) throw error;
        // The node could not hold it after all: delete this half-made server and place it elsewhere.
        full.add(node);
        await step(steps, "cleanup", { vmid, node }, async () => ({
          value: undefined,
          answer: await destroyVm(location, { vmid, node }),
        }));
        continue;
      }
      const ipAddress = await step(steps, "address", { vmid, node }, async () => {
        const ip = await readAddress(location, { vmid, node });
        return { value: ip, answer: ip, detail: { ipAddress: ip } };
      });
      return { kind: "ready" as const, ipAddress, username: user, password: request.password };
    }
  }

  /** Runs a server action on the order's VM; no cluster for the location: staff do it. */
  async function onVm(
    server: ServerRef,
    steps: StepRecorder,
    action: (location: ProxmoxLocation, vm: VmResource) => Promise<string>,
    missing: () => string | null,
  ): Promise<ServerActionResult> {
    const location = locations.get(server.locationId);
    if (!location) return { kind: "manual" };
    try {
      const vm = await locate(location, vmNameFor(server.reference), steps);
      if (!vm) {
        const answer = missing();
        if (answer === null)
          throw new ProvisioningError(`No VM named ${vmNameFor(server.reference)} in ${location.locationId}`, false);
        return { kind: "done", detail: answer };
      }
      return { kind: "done", detail: await action(location, vm) };
    } catch (error) {
      throw asProvisioningError(error);
    }
  }

  const base = (vm: VmResource) => `/nodes/${encodeURIComponent(vm.node)}/qemu/${vm.vmid}`;

  async function healthOf(location: ProxmoxLocation): Promise<VpsClusterHealth> {
    const checkedAt = new Date().toISOString();
    const host = new URL(location.client.url).host;
    const fulfiller = `proxmox:${location.locationId}`;
    try {
      const [version, resources] = await Promise.all([
        location.client.get<{ version?: string }>("/version"),
        location.client.get<NodeResource[]>("/cluster/resources", { type: "node" }),
      ]);
      const nodes = location.nodes.map((name) => {
        const node = resources.find((r) => r.node === name);
        const online = node?.status === "online";
        return {
          name,
          online,
          memoryFreeGb: online && node?.maxmem ? Math.floor(((node.maxmem ?? 0) - (node.mem ?? 0)) / GiB) : null,
          memoryTotalGb: online && node?.maxmem ? Math.floor(node.maxmem / GiB) : null,
        };
      });
      return {
        locationId: location.locationId,
        fulfiller,
        host,
        status: nodes.every((n) => n.online) ? "ok" : "degraded",
        version: version?.version ?? null,
        nodes,
        error: null,
        checkedAt,
      };
    } catch (error) {
      return {
        locationId: location.locationId,
        fulfiller,
        host,
        status: "down",
        version: null,
        nodes: location.nodes.map((name) => ({ name, online: false, memoryFreeGb: null, memoryTotalGb: null })),
        error: error instanceof Error ? error.message : String(error),
        checkedAt,
      };
    }
  }

  return {
    name: "proxmox",
    fulfillerFor: (locationId) => (locations.has(locationId) ? `proxmox:${locationId}` : "manual"),
    health: () => Promise.all([...locations.values()].map(healthOf)),
    close() {
      for (const location of locations.values()) location.client.close();
    },

    async provision(request, steps): Promise<ProvisionResult> {
      const location = locations.get(request.locationId);
      if (!location) return manualProvisioner.provision(request, steps);
      try {
        return await provisionAt(location, request, steps);
      } catch (error) {
        throw asProvisioningError(error);
      }
    },

    suspend: (server, steps) =>
      onVm(
        server,
        steps,
        async (location, vm) =>
          step(steps, "suspend", { vmid: vm.vmid, node: vm.node }, async () => {
            let answer = "already stopped";
            if (vm.status === "running") {
              // A clean shutdown first; after a minute the VM is stopped regardless.
              const upid = await location.client.post<string>(`${base(vm)}/status/shutdown`, {
                timeout: 60,
                forceStop: 1,
              });
              answer = `shut down: ${(await location.client.waitTask(upid, options.taskTimeoutMs)).exitstatus}`;
            }
            // A node that restarts must not bring an unpaid server back.
            await location.client.put(`${base(vm)}/config`, { onboot: 0 });
            return { value: `VM ${vm.vmid} on ${vm.node} ${answer}.`, answer };
          }),
        () => null,
      ),

    resume: (server, steps) =>
      onVm(
        server,
        steps,
        async (location, vm) =>
          step(steps, "resume", { vmid: vm.vmid, node: vm.node }, async () => {
            await location.client.put(`${base(vm)}/config`, { onboot: 1 });
            let answer = "already running";
            if (vm.status !== "running") {
              const upid = await location.client.post<string>(`${base(vm)}/status/start`);
              answer = `started: ${(await location.client.waitTask(upid, options.taskTimeoutMs)).exitstatus}`;
            }
            return { value: `VM ${vm.vmid} on ${vm.node} ${answer}.`, answer };
          }),
        () => null,
      ),

    destroy: (server, steps) =>
      onVm(
        server,
        steps,
        async (location, vm) =>
          step(steps, "destroy", { vmid: vm.vmid, node: vm.node }, async () => {
            const answer = await destroyVm(location, vm);
            return { value: `${answer}.`, answer };
          }),
        () => "No VM was left to delete.",
      ),
  };
}

/** The VM's boot disk: the first disk of its boot order, or its first non-CD-ROM drive. */
export function bootDisk(config: Record<string, string>): string | null {
  const isDisk = (key: string) =>
    /^(scsi|virtio|sata|ide)\d+$/.test(key) &&
    !/media=cdrom/.test(config[key] ?? "") &&
    !/cloudinit/.test(config[key] ?? "");
  const order = /order=([^,]+)/.exec(config.boot ?? "")?.[1]?.split(";") ?? [];
  return order.find(isDisk) ?? Object.keys(config).sort().find(isDisk) ?? null;
}

/** The Proxmox provisioner for the clusters in the configuration (PROXMOX_<LOCATION>_*), or null when there are none. */
export function proxmoxFromConfig(
  settings: Config["vps"]["proxmox"],
  options: { pause?: (ms: number) => Promise<void> } = {},
): Provisioner | null {
  if (settings.clusters.length === 0) return null;
  return proxmoxProvisioner({
    taskTimeoutMs: settings.taskTimeoutMs,
    addressTimeoutMs: settings.addressTimeoutMs,
    ...(options.pause ? { pause: options.pause } : {}),
    locations: settings.clusters.map((cluster) => ({
      locationId: cluster.locationId,
      nodes: cluster.nodes,
      ...(cluster.storage ? { storage: cluster.storage } : {}),
      ...(cluster.pool ? { pool: cluster.pool } : {}),
      client: proxmoxClient({
        url: cluster.url,
        token: cluster.token,
        timeoutMs: settings.timeoutMs,
        ...(cluster.ca ? { ca: cluster.ca } : {}),
        ...(cluster.fingerprint ? { fingerprint: cluster.fingerprint } : {}),
        ...(options.pause ? { pause: options.pause } : {}),
      }),
    })),
  });
}
