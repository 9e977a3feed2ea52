import { createPublicKey, type KeyObject } from "node:crypto";
import { contentDigest, verifyContentDigest } from "#server/lib/http-signatures/content-digest.ts";
import {
  formEncode,
  signMessage as signHttpMessage,
  verifyMessage,
  type Algorithm,
  type ComponentOverride,
  type HeaderMap,
  type RequestMessage,
} from "#server/lib/http-signatures/message-signatures.ts";
import type { PublicKey } from "./payment-provider.ts";

/**
 * pawaPay's signed callbacks: HTTP Message Signatures (RFC 9421) over a Content-Digest (RFC 9530),
 * plus pawaPay's own `Signature-Date` header. The profile this application enforces:
 * - a callback must carry a Content-Digest that matches the exact bytes received;
 * - pawaPay's label `sig-pp` is the one verified when present; otherwise every label in turn;
 * - the signature must cover @method, @authority, @path and content-digest, name one of pawaPay's four
 *   algorithms in `alg`, and that algorithm must fit the key's type (RFC 9421 section 3.2);
 * - a signature is at most MAX_AGE_S old whatever `expires` says (pawaPay's Java example sets
 *   `expires` 60 000 seconds ahead: milliseconds added to seconds);
 * - ECDSA comes DER-encoded from pawaPay's signers (JCA and Node defaults), not as the RFC's r||s: both
 *   are accepted;
 * - where pawaPay's published Java signer derives a component differently from the RFC (`@query`
 *   without its "?", `@request-target` as the whole URI...), its reading is tried after the RFC's.
 */

export const SIGNATURE_LABEL = "sig-pp";
const REQUIRED_COMPONENTS = ["@method", "@authority", "@path", "content-digest"];
const PAWAPAY_ALGORITHMS: readonly Algorithm[] = [
  "rsa-pss-sha512",
  "rsa-v1_5-sha256",
  "ecdsa-p256-sha256",
  "ecdsa-p384-sha384",
];
/** Our own limit on a signature's age, whatever its `expires` says. */
export const MAX_AGE_S = 300;
/** Clock difference tolerated on `created`. */
const MAX_CLOCK_SKEW_S = 60;

export interface SignedMessage {
  method: string;
  /** Scheme pawaPay used ("https" in production; behind a proxy, what the proxy reports). */
  scheme: string;
  /** Host (and port) the sender addressed. */
  authority: string;
  /** The request target as received: path and query string. */
  target: string;
  headers: HeaderMap;
  body: Buffer;
}

export type VerifyResult = { ok: true; keyId: string } | { ok: false; reason: string };

export interface KeyStore {
  /** The key with this id; refreshes from the provider on a miss (at most every `minRefreshMs`). */
  get(keyId: string): Promise<KeyObject | null>;
}

/** Keys from the provider's public-key endpoint, cached; an unknown key id triggers one throttled refresh. */
export function cachedKeyStore(
  load: () => Promise<PublicKey[]>,
  options: { ttlMs?: number; minRefreshMs?: number; now?: () => number } = {},
): KeyStore {
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

/**
 * How pawaPay's published Java signer (pawaPay/signatures-java-example,
 * RequestSignatureComponentSupplierBase) reads the target URI: `getRawQuery()` has no "?",
 * `@request-target` and `@target-uri` are the whole URI, `@authority` is the URI's raw authority and
 * `@query-param` the decoded value. Tried only after the RFC's own reading fails.
 */
export const pawapayJavaDialect: ComponentOverride = (name, params, message) => {
  const q = message.target.indexOf("?");
  const query = q < 0 ? null : message.target.slice(q + 1);
  const uri = `${message.scheme.toLowerCase()}://${message.authority}${message.target}`;
  switch (name) {
    case "@query":
      return query ?? undefined;
    case "@request-target":
    case "@target-uri":
      return uri;
    case "@authority":
      return message.authority;
    case "@query-param": {
      const wanted = params.get("name");
      const match = [...new URLSearchParams(query ?? "")].find(([n]) => n === wanted || formEncode(n) === wanted);
      return match?.[1];
    }
    default:
      return undefined;
  }
};

/** Checks a callback the way pawaPay signs it. Any failure names its reason (for the log), never details to the caller. */
export async function verifySignedMessage(
  message: SignedMessage,
  keys: KeyStore,
  nowMs = Date.now(),
): Promise<VerifyResult> {
  const { headers } = message;
  if (!headers["content-digest"] || !headers.signature || !headers["signature-input"])
    return { ok: false, reason: "missing signature headers" };
  const digest = verifyContentDigest(headers["content-digest"], message.body);
  if (!digest.ok) return digest;

  const request: RequestMessage = {
    method: message.method,
    scheme: message.scheme,
    authority: message.authority,
    target: message.target,
    headers,
  };
  const outcome = await verifyMessage(request, {
    keys: async (keyId) => {
      const key = keyId ? await keys.get(keyId) : null;
      return key ? { key } : null;
    },
    now: nowMs,
    maxAgeSeconds: MAX_AGE_S,
    maxClockSkewSeconds: MAX_CLOCK_SKEW_S,
    requiredComponents: REQUIRED_COMPONENTS,
    allowedAlgorithms: PAWAPAY_ALGORITHMS,
    requireAlg: true,
    ecdsaDer: true,
    selectLabels: (labels) => (labels.includes(SIGNATURE_LABEL) ? [SIGNATURE_LABEL] : labels),
    dialects: [pawapayJavaDialect],
  });
  if (!outcome.ok) return { ok: false, reason: outcome.reason };
  if (outcome.keyId === undefined) return { ok: false, reason: "signature lacks keyid" };
  return { ok: true, keyId: outcome.keyId };
}

/** Signs a callback as pawaPay does (ECDSA P-256, DER, label sig-pp); the built-in test provider uses it. */
export function signMessage(
  message: Omit<SignedMessage, "headers"> & { contentType: string },
  key: { id: string; privateKey: KeyObject },
  nowMs = Date.now(),
): Record<string, string> {
  const created = Math.floor(nowMs / 1000);
  const headers: Record<string, string> = {
    "content-type": message.contentType,
    "content-digest": contentDigest(message.body, ["sha-512"]),
    "signature-date": new Date(created * 1000).toISOString(),
  };
  const signed = signHttpMessage(
    { method: message.method, scheme: message.scheme, authority: message.authority, target: message.target, headers },
    {
      label: SIGNATURE_LABEL,
      components: ["@method", "@authority", "@path", "signature-date", "content-digest", "content-type"],
      params: [
        ["alg", "ecdsa-p256-sha256"],
        ["keyid", key.id],
        ["created", created],
        ["expires", created + 60],
      ],
      alg: "ecdsa-p256-sha256",
      key: key.privateKey,
      ecdsaDer: true,
    },
  );
  return { ...headers, "signature-input": signed["signature-input"], signature: signed.signature };
}
