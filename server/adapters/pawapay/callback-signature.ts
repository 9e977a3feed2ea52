import { createHash, createPublicKey, sign as cryptoSign, timingSafeEqual, verify as cryptoVerify, type KeyObject } from "node:crypto";
import type { PublicKey } from "./payment-provider.ts";

/**
 * pawaPay's signed callbacks (RFC 9421 style, with pawaPay's own `Signature-Date` header).
 * Two traps: ECDSA signatures come DER-encoded, not the raw r||s of the RFC (we accept both), and
 * the digest must be computed over the exact bytes received, never re-serialised JSON.
 */

export const SIGNATURE_LABEL = "sig-pp";
/** Components a callback's signature must cover, or the body and target are not bound to it. */
const REQUIRED_COMPONENTS = ["@method", "@authority", "@path", "content-digest"];
/** Clock difference tolerated on `created`. */
const MAX_CLOCK_SKEW_S = 60;

export interface SignedMessage {
  method: string;
  /** Host (and port) the sender addressed. */
  authority: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export type VerifyResult = { ok: true; keyId: string } | { ok: false; reason: string };

export interface KeyStore {
  /** The key with this id; refreshes from the provider on a miss (at most every `minRefreshMs`). */
  get(keyId: string): Promise<KeyObject | null>;
}

/** Keys from the provider's public-key endpoint, cached; an unknown key id triggers one throttled refresh. */
export function cachedKeyStore(load: () => Promise<PublicKey[]>, options: { ttlMs?: number; minRefreshMs?: number; now?: () => number } = {}): KeyStore {
  const ttlMs = options.ttlMs ?? 60 * 60 * 1000;
  const minRefreshMs = options.minRefreshMs ?? 30_000;
  const now = options.now ?? Date.now;
  let keys = new Map<string, KeyObject>();
  let loadedAt = -Infinity;
  let inflight: Promise<void> | null = null;

  const refresh = () => {
    // Concurrent callbacks share one fetch; a storm of forged key ids cannot hammer the provider.
    inflight ??= load()
      .then((list) => {
        const next = new Map<string, KeyObject>();
        for (const item of list) {
          try {
            next.set(item.id, createPublicKey(item.key));
          } catch {
            // A key we cannot read is as good as absent.
          }
        }
        keys = next;
        loadedAt = now();
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };

  return {
    async get(keyId) {
      const stale = now() - loadedAt > ttlMs;
      if (stale || (!keys.has(keyId) && now() - loadedAt > minRefreshMs)) {
        try {
          await refresh();
        } catch {
          // Provider unreachable: keep the keys we have.
        }
      }
      return keys.get(keyId) ?? null;
    },
  };
}

function header(headers: SignedMessage["headers"], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** `sha-256=:b64:, sha-512=:b64:` -> {"sha-256": bytes, ...} */
function parseDigests(value: string): Map<string, Buffer> {
  const digests = new Map<string, Buffer>();
  for (const part of value.split(",")) {
    const match = /^\s*([a-z0-9-]+)=:([A-Za-z0-9+/=]*):\s*$/i.exec(part);
    if (match) digests.set(match[1]!.toLowerCase(), Buffer.from(match[2]!, "base64"));
  }
  return digests;
}

export function contentDigest(body: Buffer, algorithm: "sha-256" | "sha-512" = "sha-512"): string {
  return `${algorithm}=:${createHash(algorithm.replace("-", "")).update(body).digest("base64")}:`;
}

interface SignatureInput {
  components: string[];
  params: Record<string, string | number>;
  /** The raw value after "label=" (the `@signature-params` line of the base). */
  raw: string;
}

/** Dictionary members `label=(...);k=v`, split on commas outside quotes and parentheses. */
function dictionaryMembers(value: string): Map<string, string> {
  const members = new Map<string, string>();
  let depth = 0;
  let quoted = false;
  let start = 0;
  const push = (end: number) => {
    const member = value.slice(start, end).trim();
    const eq = member.indexOf("=");
    if (eq > 0) members.set(member.slice(0, eq).trim(), member.slice(eq + 1).trim());
  };
  for (let i = 0; i < value.length; i += 1) {
    const c = value[i];
    if (c === '"' && value[i - 1] !== "\\") quoted = !quoted;
    else if (!quoted && c === "(") depth += 1;
    else if (!quoted && c === ")") depth -= 1;
    else if (!quoted && depth === 0 && c === ",") {
      push(i);
      start = i + 1;
    }
  }
  push(value.length);
  return members;
}

function parseSignatureInput(raw: string): SignatureInput | null {
  const match = /^\(([^)]*)\)(.*)$/.exec(raw);
  if (!match) return null;
  const components = [...match[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.toLowerCase());
  const params: Record<string, string | number> = {};
  for (const param of match[2]!.split(";").slice(1)) {
    const eq = param.indexOf("=");
    if (eq < 0) continue;
    const key = param.slice(0, eq).trim();
    const value = param.slice(eq + 1).trim();
    params[key] = value.startsWith('"') ? value.slice(1, -1) : Number(value);
  }
  return { components, params, raw };
}

function componentValue(message: SignedMessage, component: string): string | undefined {
  switch (component) {
    case "@method":
      return message.method.toUpperCase();
    case "@authority":
      return message.authority.toLowerCase();
    case "@path":
      return message.path;
    default:
      return component.startsWith("@") ? undefined : header(message.headers, component)?.trim();
  }
}

export function signatureBase(message: SignedMessage, components: string[], signatureParams: string): string | null {
  const lines: string[] = [];
  for (const component of components) {
    const value = componentValue(message, component);
    if (value === undefined) return null;
    lines.push(`"${component}": ${value}`);
  }
  lines.push(`"@signature-params": ${signatureParams}`);
  return lines.join("\n");
}

function verifyWith(alg: string, key: KeyObject, base: Buffer, signature: Buffer): boolean {
  try {
    switch (alg) {
      case "ecdsa-p256-sha256":
      case "ecdsa-p384-sha384": {
        const hash = alg === "ecdsa-p256-sha256" ? "sha256" : "sha384";
        const rawLength = alg === "ecdsa-p256-sha256" ? 64 : 96;
        // pawaPay signs in DER; RFC 9421 says raw r||s. Accept both.
        if (signature[0] === 0x30 && cryptoVerify(hash, base, { key, dsaEncoding: "der" }, signature)) return true;
        return signature.length === rawLength && cryptoVerify(hash, base, { key, dsaEncoding: "ieee-p1363" }, signature);
      }
      case "rsa-pss-sha512":
        return cryptoVerify("sha512", base, { key, padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: 64 }, signature);
      case "rsa-v1_5-sha256":
        return cryptoVerify("sha256", base, { key, padding: 1 /* RSA_PKCS1_PADDING */ }, signature);
      default:
        return false;
    }
  } catch {
    return false;
  }
}

/** Checks a callback the way pawaPay signs it. Any failure names its reason (for the log), never details to the caller. */
export async function verifySignedMessage(message: SignedMessage, keys: KeyStore, nowMs = Date.now()): Promise<VerifyResult> {
  const digestHeader = header(message.headers, "content-digest");
  const signatureHeader = header(message.headers, "signature");
  const inputHeader = header(message.headers, "signature-input");
  if (!digestHeader || !signatureHeader || !inputHeader) return { ok: false, reason: "missing signature headers" };

  const digests = parseDigests(digestHeader);
  if (digests.size === 0) return { ok: false, reason: "unreadable Content-Digest" };
  for (const [algorithm, expected] of digests) {
    if (algorithm !== "sha-256" && algorithm !== "sha-512") continue;
    const actual = createHash(algorithm.replace("-", "")).update(message.body).digest();
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { ok: false, reason: "body does not match Content-Digest" };
  }
  if (!digests.has("sha-256") && !digests.has("sha-512")) return { ok: false, reason: "unsupported digest algorithm" };

  const inputs = dictionaryMembers(inputHeader);
  const signatures = dictionaryMembers(signatureHeader);
  const label = inputs.has(SIGNATURE_LABEL) ? SIGNATURE_LABEL : [...inputs.keys()][0];
  const rawInput = label ? inputs.get(label) : undefined;
  const rawSignature = label ? signatures.get(label) : undefined;
  if (!rawInput || !rawSignature) return { ok: false, reason: "no matching signature label" };
  const input = parseSignatureInput(rawInput);
  if (!input) return { ok: false, reason: "unreadable Signature-Input" };
  for (const required of REQUIRED_COMPONENTS) {
    if (!input.components.includes(required)) return { ok: false, reason: `signature does not cover ${required}` };
  }
  const { alg, keyid, created, expires } = input.params;
  if (typeof alg !== "string" || typeof keyid !== "string") return { ok: false, reason: "signature lacks alg or keyid" };
  const nowS = nowMs / 1000;
  if (typeof expires !== "number" || !Number.isFinite(expires)) return { ok: false, reason: "signature has no expiry" };
  if (expires < nowS) return { ok: false, reason: "signature expired" };
  if (typeof created === "number" && created > nowS + MAX_CLOCK_SKEW_S) return { ok: false, reason: "signature created in the future" };

  const sigMatch = /^:([A-Za-z0-9+/=]+):$/.exec(rawSignature);
  if (!sigMatch) return { ok: false, reason: "unreadable Signature" };
  const base = signatureBase(message, input.components, input.raw);
  if (base === null) return { ok: false, reason: "a covered component is missing" };

  const key = await keys.get(keyid);
  if (!key) return { ok: false, reason: `unknown key ${keyid}` };
  if (!verifyWith(alg, key, Buffer.from(base), Buffer.from(sigMatch[1]!, "base64"))) return { ok: false, reason: "signature does not verify" };
  return { ok: true, keyId: keyid };
}

/** Signs a callback as pawaPay does (ECDSA P-256, DER); the built-in test provider uses it. */
export function signMessage(
  message: Omit<SignedMessage, "headers"> & { contentType: string },
  key: { id: string; privateKey: KeyObject },
  nowMs = Date.now(),
): Record<string, string> {
  const created = Math.floor(nowMs / 1000);
  const headers: Record<string, string> = {
    "content-type": message.contentType,
    "content-digest": contentDigest(message.body, "sha-512"),
    "signature-date": new Date(created * 1000).toISOString(),
  };
  const components = ["@method", "@authority", "@path", "signature-date", "content-digest", "content-type"];
  const params = `(${components.map((c) => `"${c}"`).join(" ")});alg="ecdsa-p256-sha256";keyid="${key.id}";created=${created};expires=${created + 60}`;
  const base = signatureBase({ ...message, headers }, components, params)!;
  const signature = cryptoSign("sha256", Buffer.from(base), { key: key.privateKey, dsaEncoding: "der" });
  return { ...headers, "signature-input": `${SIGNATURE_LABEL}=${params}`, signature: `${SIGNATURE_LABEL}=:${signature.toString("base64")}:` };
}
