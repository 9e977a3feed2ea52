import { createHash, randomBytes } from "node:crypto";
import { registrarContact, type RegistryProfile } from "#content/registries.ts";
import {
  contactCreate,
  domainCheck,
  domainCreate,
  domainInfo,
  domainRenew,
  hostCheck,
  hostCreate,
  readCheck,
  readDomainCreated,
  readDomainInfo,
  readDomainRenewed,
  type ContactDetails,
  type DomainInfo,
} from "../../adapters/epp/epp-commands.ts";
import type { EppPool } from "../../adapters/epp/epp-pool.ts";
import { EppUnavailableError } from "../../adapters/epp/epp-pool.ts";
import { EppCommandError, EppConnectionError, type EppResponse } from "../../adapters/epp/epp-session.ts";
import { NS } from "../../adapters/epp/epp-xml.ts";
import type { StepHandle, StepRecorder } from "../../lib/orders.ts";
import type {
  Registrar,
  RegistrarContext,
  RegistrationRequest,
  RegistrationResult,
  RenewalRequest,
  RenewalResult,
} from "./registrar.ts";

/** What one step's answer reads like to staff: "1000 Command completed successfully", plus the registry's reason. */
const said = (r: EppResponse) => `${r.code} ${r.message}${r.reason ? `: ${r.reason}` : ""}`;

/** A registry answer that ends the attempt: the order goes where `result` says. */
class Stop extends Error {
  constructor(readonly result: RegistrationResult) {
    super(result.kind);
  }
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** A contact id derived from the order: the same on every retry, so a second attempt finds the first's contact. */
export function contactIdFor(profile: RegistryProfile, orderId: string, role: string): string {
  const room = Math.max(3, profile.contactIdMax - profile.contactIdPrefix.length);
  return profile.contactIdPrefix + base32(createHash("sha256").update(`${orderId}:${role}`).digest()).slice(0, room);
}

/** Our own contact (tech, billing): one per registry account. */
const companyContactId = (profile: RegistryProfile) =>
  `${profile.contactIdPrefix}-STAFF`.slice(0, profile.contactIdMax);

/** EPP wants phone numbers as +CC.NUMBER (RFC 5733 §2.5); ours are 12 digits with an East African country code. */
export function eppPhone(digits: string): string {
  const clean = digits.replace(/\D/g, "");
  return `+${clean.slice(0, 3)}.${clean.slice(3)}`;
}

/** An authInfo password: registries want letters, digits and a symbol. */
const authInfo = () => `${randomBytes(9).toString("base64url")}#7a`;

/** The transaction id of a step: the order's reference, the step and the attempt, e.g. DOM-7KQ2XM-create-2. */
const clTRID = (reference: string, step: string, attempt: number) => `${reference}-${step}-${attempt}`.slice(0, 64);

/**
 * Registers, reads back and renews names over EPP for one registry profile. Idempotent on the
 * order: contact ids and transaction ids come from the order, and any earlier attempt at a create
 * (recorded in the order's steps) is resolved with domain:info before anything is created again.
 */
export function eppRegistrar(options: {
  id: string;
  profile: RegistryProfile;
  pool: EppPool;
  username: string;
}): Registrar {
  const { profile, pool, username } = options;
  const name = `epp:${options.id}`;

  async function step<T>(
    steps: StepRecorder,
    action: string,
    trid: string,
    run: () => Promise<EppResponse>,
    judge: (response: EppResponse) => "ok" | T,
  ): Promise<{ response: EppResponse; verdict: "ok" | T }> {
    const handle = await steps.start(action, { clTRID: trid });
    let response: EppResponse;
    try {
      response = await run();
    } catch (error) {
      await failStep(handle, error, action === "domain:create");
      throw error;
    }
    const verdict = judge(response);
    const detail = { clTRID: trid, svTRID: response.svTRID, code: response.code };
    if (verdict === "ok") await handle.succeed(said(response), detail);
    else await handle.fail(said(response), detail);
    return { response, verdict };
  }

  async function failStep(handle: StepHandle, error: unknown, create: boolean) {
    const inDoubt = create && error instanceof EppConnectionError && error.inDoubt;
    await handle.fail(
      inDoubt
        ? `Connection lost after the create was sent (${(error as Error).message}): checking with domain:info`
        : error instanceof Error
          ? error.message
          : String(error),
      { inDoubt },
    );
  }

  /** What to do with the order when the registry (or the way to it) failed. */
  function outcome(error: unknown): RegistrationResult {
    if (error instanceof Stop) return error.result;
    if (error instanceof EppUnavailableError)
      return error.reason === "login_failed"
        ? { kind: "failed", message: error.message }
        : { kind: "retry", message: error.message };
    if (error instanceof EppConnectionError) return { kind: "retry", message: error.message };
    if (error instanceof EppCommandError) {
      // 2400 command failed, 2500-2502 server closing: the server, not our request.
      return error.code >= 2400
        ? { kind: "retry", message: error.message }
        : { kind: "failed", message: error.message };
    }
    return { kind: "failed", message: error instanceof Error ? error.message : String(error) };
  }

  /** The n-th time this action runs for the order (earlier attempts are in its steps). */
  async function nextAttempt(steps: StepRecorder, action: string): Promise<number> {
    return (await steps.previous()).filter((s) => s.action === action).length + 1;
  }

  async function info(steps: StepRecorder, request: { reference: string; domain: string }): Promise<DomainInfo | null> {
    const trid = clTRID(request.reference, "info", await nextAttempt(steps, "domain:info"));
    const { response } = await step(
      steps,
      "domain:info",
      trid,
      () => pool.execute(domainInfo(request.domain, trid)),
      (r) => (r.code === 1000 || r.code === 2303 ? "ok" : "failed"),
    );
    if (response.code === 2303) return null;
    if (response.code >= 2000) throw new EppCommandError(response);
    return readDomainInfo(response.resData);
  }

  /** The name exists: ours (this order's registrant contact, our client id) is a done registration; anyone else's is taken. */
  function resolveExisting(found: DomainInfo, registrantId: string): RegistrationResult {
    if (found.clID === username && found.registrant === registrantId) {
      if (found.statuses.includes("pendingCreate")) return { kind: "pending" };
      return {
        kind: "registered",
        registryReference: found.roid,
        expiresAt: found.exDate ? new Date(found.exDate) : null,
      };
    }
    return { kind: "taken" };
  }

  async function createContact(steps: StepRecorder, reference: string, role: string, details: ContactDetails) {
    const trid = clTRID(reference, `contact-${role}`, await nextAttempt(steps, `contact:create ${role}`));
    const { response } = await step(
      steps,
      `contact:create ${role}`,
      trid,
      () => pool.execute(contactCreate(details, trid)),
      // 2302: made by an earlier attempt (the id is derived from the order), or ours already.
      (r) => (r.code === 1000 || r.code === 2302 ? "ok" : "failed"),
    );
    if (response.code !== 1000 && response.code !== 2302) throw new EppCommandError(response);
  }

  async function register(request: RegistrationRequest, { steps }: RegistrarContext): Promise<RegistrationResult> {
    const registrantId = contactIdFor(profile, request.orderId, "registrant");
    try {
      // An earlier attempt sent a create and never heard back: the registry says what happened.
      const earlier = (await steps.previous()).filter((s) => s.action === "domain:create");
      if (earlier.length) {
        const found = await info(steps, request);
        if (found) return resolveExisting(found, registrantId);
      }
      const checkTrid = clTRID(request.reference, "check", await nextAttempt(steps, "domain:check"));
      const check = await step(
        steps,
        "domain:check",
        checkTrid,
        () => pool.execute(domainCheck([request.domain], checkTrid)),
        (r) => (r.code === 1000 ? "ok" : "failed"),
      );
      if (check.response.code !== 1000) throw new EppCommandError(check.response);
      const available = readCheck(check.response.resData, NS.domain)[0];
      if (!available?.available) {
        const found = await info(steps, request);
        return found ? resolveExisting(found, registrantId) : { kind: "taken" };
      }

      const person: Omit<ContactDetails, "id"> = {
        name: request.registrant.name,
        organisation: request.registrant.organisation,
        street: request.registrant.address,
        city: request.registrant.city,
        country: request.registrant.country,
        voice: eppPhone(request.registrant.phoneNumber),
        email: request.registrant.email,
        authInfo: authInfo(),
      };
      await createContact(steps, request.reference, "registrant", { ...person, id: registrantId });
      const contacts: { type: "admin" | "tech" | "billing"; id: string }[] = [];
      for (const type of profile.contacts) {
        if (type === "admin") contacts.push({ type, id: registrantId });
        else contacts.push({ type, id: companyContactId(profile) });
      }
      if (contacts.some((c) => c.id === companyContactId(profile))) {
        await createContact(steps, request.reference, "company", {
          id: companyContactId(profile),
          name: registrarContact.name,
          organisation: registrarContact.organisation,
          street: registrarContact.street,
          city: registrarContact.city,
          country: registrarContact.country,
          voice: eppPhone(registrarContact.phoneDigits),
          email: registrarContact.email,
          authInfo: authInfo(),
        });
      }

      if (profile.hosts === "objects" && request.nameservers.length) {
        const trid = clTRID(request.reference, "hostcheck", await nextAttempt(steps, "host:check"));
        const hosts = await step(
          steps,
          "host:check",
          trid,
          () => pool.execute(hostCheck(request.nameservers, trid)),
          (r) => (r.code === 1000 ? "ok" : "failed"),
        );
        if (hosts.response.code !== 1000) throw new EppCommandError(hosts.response);
        for (const host of readCheck(hosts.response.resData, NS.host).filter((h) => h.available)) {
          const hostTrid = clTRID(request.reference, "host", await nextAttempt(steps, `host:create ${host.name}`));
          const made = await step(
            steps,
            `host:create ${host.name}`,
            hostTrid,
            () => pool.execute(hostCreate(host.name, hostTrid)),
            (r) => (r.code === 1000 || r.code === 2302 ? "ok" : "failed"),
          );
          if (made.response.code !== 1000 && made.response.code !== 2302) throw new EppCommandError(made.response);
        }
      }

      const createTrid = clTRID(request.reference, "create", earlier.length + 1);
      let created;
      try {
        created = await step(
          steps,
          "domain:create",
          createTrid,
          () =>
            pool.execute(
              domainCreate(
                {
                  name: request.domain,
                  years: request.years,
                  nameservers: { mode: profile.hosts, hosts: request.nameservers },
                  registrant: registrantId,
                  contacts,
                  authInfo: authInfo(),
                },
                createTrid,
              ),
            ),
          (r) => (r.code === 1000 || r.code === 1001 ? "ok" : "failed"),
        );
      } catch (error) {
        if (!(error instanceof EppConnectionError && error.inDoubt)) throw error;
        // Never a second create: ask the registry whether the first one happened.
        const found = await info(steps, request);
        if (found) return resolveExisting(found, registrantId);
        return { kind: "retry", message: "the create was not carried out; it will be sent again later" };
      }
      const r = created.response;
      if (r.code === 1001) return { kind: "pending" };
      if (r.code === 2302) return { kind: "taken" };
      if (r.code >= 2000) throw new EppCommandError(r);
      const data = readDomainCreated(r.resData);
      // Read back the registry's own record: its ROID and expiry (RFC 5731 §3.1.2).
      const found = await info(steps, request).catch(() => null);
      return {
        kind: "registered",
        registryReference: found?.roid ?? null,
        expiresAt: found?.exDate ? new Date(found.exDate) : data?.exDate ? new Date(data.exDate) : null,
      };
    } catch (error) {
      return outcome(error);
    }
  }

  async function renew(request: RenewalRequest, { steps }: RegistrarContext): Promise<RenewalResult> {
    const current = request.currentExpiry.toISOString().slice(0, 10);
    const earlier = (await steps.previous()).filter(
      (s) =>
        s.action === "domain:renew" && (s.detail as { renewalId?: string } | null)?.renewalId === request.renewalId,
    );
    // A renewal already sent for this renewalId: if the expiry moved, it was applied.
    if (earlier.length) {
      const found = await info(steps, request);
      if (found?.exDate && found.exDate.slice(0, 10) !== current)
        return { kind: "renewed", expiresAt: new Date(found.exDate) };
    }
    const trid = clTRID(request.reference, `renew-${request.renewalId}`, earlier.length + 1);
    const handle = await steps.start("domain:renew", { renewalId: request.renewalId, clTRID: trid });
    let response: EppResponse;
    try {
      response = await pool.execute(domainRenew(request.domain, current, request.years, trid));
    } catch (error) {
      await failStep(handle, error, false);
      throw error;
    }
    const detail = { renewalId: request.renewalId, clTRID: trid, svTRID: response.svTRID, code: response.code };
    if (response.code >= 2000) {
      await handle.fail(said(response), detail);
      throw new EppCommandError(response);
    }
    await handle.succeed(said(response), detail);
    const data = readDomainRenewed(response.resData);
    if (data?.exDate) return { kind: "renewed", expiresAt: new Date(data.exDate) };
    const found = await info(steps, request);
    if (!found?.exDate) throw new Error("the registry renewed the name but did not say until when");
    return { kind: "renewed", expiresAt: new Date(found.exDate) };
  }

  return { name, register, renew };
}

/** Hands each TLD to the registrar of its registry, and every other to `fallback` (the manual one). */
export function routingRegistrar(routes: Map<string, Registrar>, fallback: Registrar): Registrar {
  const pick = (tld: string) => routes.get(tld) ?? fallback;
  return {
    name: fallback.name,
    for: pick,
    register: (request, context) =>
      pick(request.domain.slice(request.domain.indexOf(".") + 1)).register(request, context),
    renew: (request, context) => pick(request.domain.slice(request.domain.indexOf(".") + 1)).renew(request, context),
  };
}
