import {
  createHmac,
  sign as cryptoSign,
  timingSafeEqual,
  verify as cryptoVerify,
  constants as cryptoConstants,
  type KeyObject,
} from "node:crypto";
import {
  isInnerList,
  parseDictionary,
  parseItem,
  parseList,
  serializeDictionary,
  serializeInnerList,
  serializeItem,
  serializeList,
  type BareItem,
  type Dictionary,
  type InnerList,
  type Item,
  type Parameters,
} from "structured-headers";

/**
 * HTTP Message Signatures (RFC 9421): signature bases for requests and responses with every derived
 * component of section 2.2, HTTP fields with the `sf`, `key`, `bs`, `req` and `tr` parameters, and
 * the Signature-Input / Signature fields parsed and re-serialised as Structured Fields (RFC 9651)
 * through a maintained library, never by hand: a signer is free to write optional whitespace, and the
 * `@signature-params` line is the canonical serialisation, not the text received.
 */

export type HeaderMap = Record<string, string | string[] | undefined>;

export interface RequestMessage {
  method: string;
  /** Scheme of the target URI, e.g. "https" (behind a proxy: what the client used). */
  scheme: string;
  /** Authority the client addressed (Host or :authority), as received. */
  authority: string;
  /** The request target as on the request line: origin-form "/path?query", or absolute-form. */
  target: string;
  /** Field names in lower case (Node's convention); repeated fields as arrays, in order. */
  headers: HeaderMap;
  trailers?: HeaderMap;
}

export interface ResponseMessage {
  status: number;
  headers: HeaderMap;
  trailers?: HeaderMap;
  /** The request this response answers, for components with the `req` parameter. */
  request?: RequestMessage;
}

export type HttpMessage = RequestMessage | ResponseMessage;

export const ALGORITHMS = [
  "rsa-pss-sha512",
  "rsa-v1_5-sha256",
  "hmac-sha256",
  "ecdsa-p256-sha256",
  "ecdsa-p384-sha384",
  "ed25519",
] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

/** Structured Field types of fields this code may be asked to serialise strictly (`sf`). */
export type FieldType = "item" | "list" | "dictionary";
const KNOWN_FIELD_TYPES: Record<string, FieldType> = {
  "content-digest": "dictionary",
  "repr-digest": "dictionary",
  "want-content-digest": "dictionary",
  "want-repr-digest": "dictionary",
  signature: "dictionary",
  "signature-input": "dictionary",
  "accept-signature": "dictionary",
};

export class SignatureBaseError extends Error {}

function isRequest(message: HttpMessage): message is RequestMessage {
  return "method" in message;
}

/** Every instance of a field, in order (Node joins most repeated headers already). */
function fieldValues(fields: HeaderMap | undefined, name: string): string[] | null {
  const value = fields?.[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value : [value];
}

/** Section 2.1: strip, unfold obsolete line folding, join with ", ". */
function canonicalFieldValues(values: string[]): string[] {
  return values.map((value) => value.trim().replace(/\r?\n[ \t]+/g, " "));
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)(?:\?([^#]*))?/i;

/** Path and query of the request target, exactly as received (no decoding, no normalisation). */
function splitTarget(message: RequestMessage): { path: string; query: string | null } {
  const absolute = ABSOLUTE_FORM.exec(message.target);
  if (absolute) return { path: absolute[1]!, query: absolute[2] ?? null };
  if (!message.target.startsWith("/")) return { path: "", query: null };
  const target = message.target.split("#")[0]!;
  const q = target.indexOf("?");
  return q < 0 ? { path: target, query: null } : { path: target.slice(0, q), query: target.slice(q + 1) };
}

/** RFC 9110 4.2.3: lower-case host, no default port. */
export function normalizedAuthority(scheme: string, authority: string): string {
  const lower = authority.toLowerCase();
  let host = lower;
  let port = "";
  if (lower.startsWith("[")) {
    const end = lower.indexOf("]");
    host = lower.slice(0, end + 1);
    if (lower[end + 1] === ":") port = lower.slice(end + 2);
  } else if (lower.includes(":")) {
    host = lower.slice(0, lower.lastIndexOf(":"));
    port = lower.slice(lower.lastIndexOf(":") + 1);
  }
  const defaultPort = { https: "443", http: "80" }[scheme.toLowerCase()];
  return port === "" || port === defaultPort ? host : `${host}:${port}`;
}

/** The application/x-www-form-urlencoded percent-encode set, spaces as %20 (section 2.2.8 and its examples). */
export function formEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9*\-._]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Values of the derived components of section 2.2 for a request. */
export function derivedRequestComponent(name: string, params: Parameters, message: RequestMessage): string {
  const { path, query } = splitTarget(message);
  switch (name) {
    case "@method":
      return message.method;
    case "@target-uri": {
      if (ABSOLUTE_FORM.test(message.target)) return message.target;
      return `${message.scheme.toLowerCase()}://${normalizedAuthority(message.scheme, message.authority)}${message.target}`;
    }
    case "@authority":
      return normalizedAuthority(message.scheme, message.authority);
    case "@scheme":
      return message.scheme.toLowerCase();
    case "@request-target":
      return message.target;
    case "@path":
      return path === "" ? "/" : path;
    case "@query":
      return `?${query ?? ""}`;
    case "@query-param": {
      const nameParam = params.get("name");
      if (typeof nameParam !== "string") throw new SignatureBaseError("@query-param needs a name parameter");
      const matches = [...new URLSearchParams(query ?? "")].filter(([n]) => formEncode(n) === nameParam);
      if (matches.length === 0) throw new SignatureBaseError(`query parameter ${nameParam} is absent`);
      if (matches.length > 1) throw new SignatureBaseError(`query parameter ${nameParam} occurs more than once`);
      return formEncode(matches[0]![1]);
    }
    default:
      throw new SignatureBaseError(`unknown derived component ${name}`);
  }
}

/** Lets a caller supply a component value its counterpart derives differently (a dialect); undefined: the RFC's. */
export type ComponentOverride = (name: string, params: Parameters, message: RequestMessage) => string | undefined;

interface BaseOptions {
  fieldTypes?: Record<string, FieldType>;
  override?: ComponentOverride;
}

const FIELD_PARAMS = new Set(["sf", "key", "bs", "req", "tr"]);
const DERIVED_PARAMS: Record<string, Set<string>> = {
  "@query-param": new Set(["name", "req"]),
};

function componentValue(item: Item, message: HttpMessage, options: BaseOptions): string {
  const [name, params] = item;
  if (typeof name !== "string") throw new SignatureBaseError("a component identifier is not a String");
  if (name !== name.toLowerCase()) throw new SignatureBaseError(`component name ${name} is not lower case`);
  const req = params.get("req") === true;
  if (params.has("req") && !req) throw new SignatureBaseError("req must be a boolean flag");
  let context: HttpMessage = message;
  if (req) {
    if (isRequest(message)) throw new SignatureBaseError("req is not allowed in a request signature");
    if (!message.request) throw new SignatureBaseError("the related request is unknown");
    context = message.request;
  }

  if (name.startsWith("@")) {
    const allowed = DERIVED_PARAMS[name] ?? new Set(["req"]);
    for (const key of params.keys()) {
      if (!allowed.has(key)) throw new SignatureBaseError(`parameter ${key} does not apply to ${name}`);
    }
    if (name === "@status") {
      if (isRequest(context)) throw new SignatureBaseError("@status is only for responses");
      return String(context.status).padStart(3, "0");
    }
    if (name === "@signature-params") throw new SignatureBaseError("@signature-params cannot be covered");
    if (!isRequest(context)) throw new SignatureBaseError(`${name} is only for requests`);
    const override = options.override?.(name, params, context);
    const value = override ?? derivedRequestComponent(name, params, context);
    if (/[^\x20-\x7e]/.test(value) || value !== value.trim())
      throw new SignatureBaseError(`${name} has a value that cannot be signed`);
    return value;
  }

  for (const key of params.keys()) {
    if (!FIELD_PARAMS.has(key)) throw new SignatureBaseError(`unknown parameter ${key} on ${name}`);
  }
  for (const flag of ["sf", "bs", "tr"]) {
    if (params.has(flag) && params.get(flag) !== true) throw new SignatureBaseError(`${flag} must be a boolean flag`);
  }
  if (params.has("bs") && (params.has("sf") || params.has("key")))
    throw new SignatureBaseError("bs cannot be combined with sf or key");
  const fields = params.has("tr") ? context.trailers : context.headers;
  const raw = fieldValues(fields, name);
  if (raw === null) throw new SignatureBaseError(`field ${name} is absent`);
  const values = canonicalFieldValues(raw);

  if (params.has("bs")) {
    return serializeList(values.map((value) => [Buffer.from(value, "latin1"), new Map()] as Item));
  }
  if (params.has("key")) {
    const key = params.get("key");
    if (typeof key !== "string") throw new SignatureBaseError("key must be a String");
    let dictionary: Dictionary;
    try {
      dictionary = parseDictionary(values.join(", "));
    } catch {
      throw new SignatureBaseError(`field ${name} is not a valid Dictionary`);
    }
    const member = dictionary.get(key);
    if (member === undefined) throw new SignatureBaseError(`field ${name} has no member ${key}`);
    return isInnerList(member) ? serializeInnerList(member) : serializeItem(member);
  }
  if (params.has("sf")) {
    const type = options.fieldTypes?.[name] ?? KNOWN_FIELD_TYPES[name];
    if (!type) throw new SignatureBaseError(`the structured type of ${name} is unknown`);
    try {
      const joined = values.join(", ");
      if (type === "dictionary") return serializeDictionary(parseDictionary(joined));
      if (type === "list") return serializeList(parseList(joined));
      return serializeItem(parseItem(joined));
    } catch {
      throw new SignatureBaseError(`field ${name} is not a valid structured field`);
    }
  }
  const joined = values.join(", ");
  if (/[^\x20-\x7e\t]/.test(joined)) throw new SignatureBaseError(`field ${name} is not ASCII`);
  return joined;
}

/** Two component identifiers are the same whatever the order of their parameters (section 2). */
function identity(item: Item): string {
  const params = [...item[1].entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return serializeItem([item[0], new Map(params)]);
}

/** Section 2.5: the signature base for covered components and the signature's parameters. */
export function createSignatureBase(
  components: Item[],
  signatureParams: Parameters,
  message: HttpMessage,
  options: BaseOptions = {},
): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const item of components) {
    const id = identity(item);
    if (seen.has(id)) throw new SignatureBaseError(`component ${serializeItem(item)} is covered twice`);
    seen.add(id);
    lines.push(`${serializeItem(item)}: ${componentValue(item, message, options)}`);
  }
  lines.push(`"@signature-params": ${serializeInnerList([components, signatureParams])}`);
  const base = lines.join("\n");
  if (![...base].every((c) => c.charCodeAt(0) < 0x80)) throw new SignatureBaseError("the signature base is not ASCII");
  return base;
}

/** A component identifier from its Structured Field text (`"@query-param";name="Pet"`) or a bare name. */
export function component(text: string): Item {
  if (!text.startsWith('"')) return [text, new Map()];
  const item = parseItem(text);
  if (typeof item[0] !== "string") throw new SignatureBaseError(`${text} is not a component identifier`);
  return item;
}

export interface ParsedSignature {
  label: string;
  components: Item[];
  params: Parameters;
  signature: Buffer;
}

function joinedField(headers: HeaderMap, name: string): string | null {
  const values = fieldValues(headers, name);
  return values === null ? null : values.join(", ");
}

/**
 * Signature-Input and Signature (sections 4.1 and 4.2) parsed as Dictionaries. A label present in one
 * field and not the other, or with the wrong type, is reported by label; an unparsable field fails all.
 */
export function parseSignatureFields(
  headers: HeaderMap,
):
  | { ok: true; signatures: ParsedSignature[]; invalid: Array<{ label: string; reason: string }> }
  | { ok: false; reason: string } {
  const inputText = joinedField(headers, "signature-input");
  const signatureText = joinedField(headers, "signature");
  if (inputText === null || signatureText === null) return { ok: false, reason: "missing signature headers" };
  let inputs: Dictionary;
  let signatures: Dictionary;
  try {
    inputs = parseDictionary(inputText);
  } catch {
    return { ok: false, reason: "unreadable Signature-Input" };
  }
  try {
    signatures = parseDictionary(signatureText);
  } catch {
    return { ok: false, reason: "unreadable Signature" };
  }
  const parsed: ParsedSignature[] = [];
  const invalid: Array<{ label: string; reason: string }> = [];
  for (const label of new Set([...inputs.keys(), ...signatures.keys()])) {
    const input = inputs.get(label);
    const value = signatures.get(label);
    if (!input || !value) {
      invalid.push({ label, reason: `label ${label} is not in both Signature-Input and Signature` });
      continue;
    }
    if (!isInnerList(input) || input[0].some(([name]) => typeof name !== "string")) {
      invalid.push({ label, reason: `Signature-Input ${label} is not a list of component identifiers` });
      continue;
    }
    if (isInnerList(value) || !(value[0] instanceof ArrayBuffer)) {
      invalid.push({ label, reason: `Signature ${label} is not a Byte Sequence` });
      continue;
    }
    parsed.push({ label, components: input[0], params: input[1], signature: Buffer.from(value[0]) });
  }
  return { ok: true, signatures: parsed, invalid };
}

const EC_CURVES: Partial<Record<Algorithm, { curve: string; hash: string; size: number }>> = {
  "ecdsa-p256-sha256": { curve: "prime256v1", hash: "sha256", size: 64 },
  "ecdsa-p384-sha384": { curve: "secp384r1", hash: "sha384", size: 96 },
};

/** Section 3.2 step 6: is this key material of the kind the algorithm needs? */
export function algorithmFitsKey(alg: Algorithm, key: KeyObject): boolean {
  if (alg === "hmac-sha256") return key.type === "secret";
  if (key.type === "secret") return false;
  const details = key.asymmetricKeyDetails ?? {};
  switch (alg) {
    case "rsa-pss-sha512":
      return (
        (key.asymmetricKeyType === "rsa" || key.asymmetricKeyType === "rsa-pss") && (details.modulusLength ?? 0) >= 2048
      );
    case "rsa-v1_5-sha256":
      return key.asymmetricKeyType === "rsa" && (details.modulusLength ?? 0) >= 2048;
    case "ecdsa-p256-sha256":
    case "ecdsa-p384-sha384":
      return key.asymmetricKeyType === "ec" && details.namedCurve === EC_CURVES[alg]!.curve;
    case "ed25519":
      return key.asymmetricKeyType === "ed25519";
  }
}

export function isAlgorithm(value: unknown): value is Algorithm {
  return typeof value === "string" && (ALGORITHMS as readonly string[]).includes(value);
}

/** HTTP_VERIFY of section 3.3. `ecdsaDer` also accepts ASN.1 DER ECDSA signatures (not the RFC's r||s). */
export function verifyBase(
  alg: Algorithm,
  key: KeyObject,
  base: string,
  signature: Buffer,
  options: { ecdsaDer?: boolean } = {},
): boolean {
  const data = Buffer.from(base, "ascii");
  try {
    switch (alg) {
      case "rsa-pss-sha512":
        return cryptoVerify(
          "sha512",
          data,
          { key, padding: cryptoConstants.RSA_PKCS1_PSS_PADDING, saltLength: 64 },
          signature,
        );
      case "rsa-v1_5-sha256":
        return cryptoVerify("sha256", data, { key, padding: cryptoConstants.RSA_PKCS1_PADDING }, signature);
      case "hmac-sha256": {
        const expected = createHmac("sha256", key).update(data).digest();
        return expected.length === signature.length && timingSafeEqual(expected, signature);
      }
      case "ecdsa-p256-sha256":
      case "ecdsa-p384-sha384": {
        const { hash, size } = EC_CURVES[alg]!;
        if (signature.length === size && cryptoVerify(hash, data, { key, dsaEncoding: "ieee-p1363" }, signature))
          return true;
        return (
          options.ecdsaDer === true &&
          signature[0] === 0x30 &&
          cryptoVerify(hash, data, { key, dsaEncoding: "der" }, signature)
        );
      }
      case "ed25519":
        return signature.length === 64 && cryptoVerify(null, data, key, signature);
    }
  } catch {
    return false;
  }
}

/** HTTP_SIGN of section 3.3; `ecdsaDer` writes ASN.1 DER as pawaPay's own signers do. */
export function signBase(alg: Algorithm, key: KeyObject, base: string, options: { ecdsaDer?: boolean } = {}): Buffer {
  const data = Buffer.from(base, "ascii");
  switch (alg) {
    case "rsa-pss-sha512":
      return cryptoSign("sha512", data, { key, padding: cryptoConstants.RSA_PKCS1_PSS_PADDING, saltLength: 64 });
    case "rsa-v1_5-sha256":
      return cryptoSign("sha256", data, { key, padding: cryptoConstants.RSA_PKCS1_PADDING });
    case "hmac-sha256":
      return createHmac("sha256", key).update(data).digest();
    case "ecdsa-p256-sha256":
    case "ecdsa-p384-sha384":
      return cryptoSign(EC_CURVES[alg]!.hash, data, { key, dsaEncoding: options.ecdsaDer ? "der" : "ieee-p1363" });
    case "ed25519":
      return cryptoSign(null, data, key);
  }
}

export interface SignOptions {
  label: string;
  /** Component identifiers, e.g. "@method", "content-digest", '"@query-param";name="Pet"'. */
  components: Array<string | Item>;
  /** Signature parameters in the order they are to be serialised (created, keyid, alg, ...). */
  params: Array<[string, BareItem]>;
  alg: Algorithm;
  key: KeyObject;
  ecdsaDer?: boolean;
  fieldTypes?: Record<string, FieldType>;
}

/** Section 3.1: signs a message; returns the Signature-Input and Signature field values, appended to any present. */
export function signMessage(
  message: HttpMessage,
  options: SignOptions,
): { base: string; "signature-input": string; signature: string } {
  const items = options.components.map((c) => (typeof c === "string" ? component(c) : c));
  const params: Parameters = new Map(options.params);
  const base = createSignatureBase(items, params, message, { fieldTypes: options.fieldTypes });
  const signature = signBase(options.alg, options.key, base, { ecdsaDer: options.ecdsaDer });
  const inputs: Dictionary = new Map();
  const values: Dictionary = new Map();
  const existingInput = joinedField(message.headers, "signature-input");
  const existingSignature = joinedField(message.headers, "signature");
  if (existingInput && existingSignature) {
    for (const [k, v] of parseDictionary(existingInput)) inputs.set(k, v);
    for (const [k, v] of parseDictionary(existingSignature)) values.set(k, v);
  }
  if (inputs.has(options.label) || values.has(options.label))
    throw new SignatureBaseError(`label ${options.label} is already used`);
  inputs.set(options.label, [items, params] as InnerList);
  values.set(options.label, [signature, new Map()] as Item);
  return { base, "signature-input": serializeDictionary(inputs), signature: serializeDictionary(values) };
}

export interface VerificationKey {
  key: KeyObject;
  /** The algorithm the key is registered for, when known; must agree with `alg` (section 3.2 step 6.4). */
  algorithm?: Algorithm;
}

export interface VerifyOptions {
  /** The key for this signature's `keyid` (undefined when absent); null: unknown key. */
  keys: (keyId: string | undefined) => Promise<VerificationKey | null> | VerificationKey | null;
  /** Milliseconds since the epoch. */
  now?: number;
  /** Our own limit on age since `created`, whatever `expires` says; also makes `created` mandatory. */
  maxAgeSeconds?: number;
  /** How far in the future `created` may be (clock differences). */
  maxClockSkewSeconds?: number;
  /** Component identifiers (serialised, e.g. "@method", '"content-digest"') every accepted signature must cover. */
  requiredComponents?: string[];
  /** Algorithms this application accepts; default: all of section 3.3. */
  allowedAlgorithms?: readonly Algorithm[];
  /** Which labels to try, in order (default: all, in the order received). */
  selectLabels?: (labels: string[]) => string[];
  /** Require an `alg` parameter even when the key says which algorithm it is for. */
  requireAlg?: boolean;
  ecdsaDer?: boolean;
  fieldTypes?: Record<string, FieldType>;
  /** Component values in a counterpart's dialect, tried after the RFC's own base fails. */
  dialects?: ComponentOverride[];
}

export type VerifyOutcome =
  | { ok: true; label: string; keyId: string | undefined; algorithm: Algorithm; params: Parameters; dialect: number }
  | { ok: false; reason: string; failures: Array<{ label: string; reason: string }> };

async function verifyOne(
  sig: ParsedSignature,
  message: HttpMessage,
  options: VerifyOptions,
): Promise<
  { ok: true; keyId: string | undefined; algorithm: Algorithm; dialect: number } | { ok: false; reason: string }
> {
  const nowS = (options.now ?? Date.now()) / 1000;
  const { params } = sig;
  for (const [name, value] of params) {
    const expected = name === "created" || name === "expires" ? "number" : "string";
    if (["created", "expires", "keyid", "alg", "nonce", "tag"].includes(name) && typeof value !== expected)
      return { ok: false, reason: `signature parameter ${name} has the wrong type` };
  }
  const created = params.get("created") as number | undefined;
  const expires = params.get("expires") as number | undefined;
  if (created !== undefined && !Number.isInteger(created)) return { ok: false, reason: "created is not an integer" };
  if (expires !== undefined && !Number.isInteger(expires)) return { ok: false, reason: "expires is not an integer" };
  if (expires !== undefined && expires < nowS) return { ok: false, reason: "signature expired" };
  if (options.maxAgeSeconds !== undefined) {
    if (created === undefined) return { ok: false, reason: "signature has no creation time" };
    if (nowS - created > options.maxAgeSeconds) return { ok: false, reason: "signature is too old" };
  }
  if (created !== undefined && created > nowS + (options.maxClockSkewSeconds ?? 60))
    return { ok: false, reason: "signature created in the future" };

  const covered = new Set(sig.components.map(identity));
  for (const required of options.requiredComponents ?? []) {
    if (!covered.has(identity(component(required.startsWith('"') ? required : `"${required}"`))))
      return { ok: false, reason: `signature does not cover ${required}` };
  }

  const keyId = params.get("keyid") as string | undefined;
  const alg = params.get("alg");
  if (alg !== undefined && !isAlgorithm(alg)) return { ok: false, reason: `unknown algorithm ${String(alg)}` };
  if (alg === undefined && options.requireAlg) return { ok: false, reason: "signature lacks alg" };
  const key = await options.keys(keyId);
  if (!key) return { ok: false, reason: `unknown key ${keyId ?? "(none)"}` };
  if (alg !== undefined && key.algorithm !== undefined && alg !== key.algorithm)
    return { ok: false, reason: `alg ${alg} is not the algorithm of key ${keyId ?? ""}` };
  const algorithm = alg ?? key.algorithm;
  if (algorithm === undefined) return { ok: false, reason: "the algorithm cannot be determined" };
  const allowed = options.allowedAlgorithms ?? ALGORITHMS;
  if (!allowed.includes(algorithm)) return { ok: false, reason: `algorithm ${algorithm} is not accepted` };
  if (!algorithmFitsKey(algorithm, key.key))
    return { ok: false, reason: `alg ${algorithm} does not match the type of key ${keyId ?? ""}` };

  const dialects: Array<ComponentOverride | undefined> = [undefined, ...(options.dialects ?? [])];
  let lastError: string | null = null;
  for (const [index, override] of dialects.entries()) {
    let base: string;
    try {
      base = createSignatureBase(sig.components, params, message, { fieldTypes: options.fieldTypes, override });
    } catch (error) {
      lastError = error instanceof SignatureBaseError ? error.message : "the signature base cannot be built";
      continue;
    }
    if (verifyBase(algorithm, key.key, base, sig.signature, { ecdsaDer: options.ecdsaDer }))
      return { ok: true, keyId, algorithm, dialect: index };
  }
  return { ok: false, reason: lastError && dialects.length === 1 ? lastError : "signature does not verify" };
}

/**
 * Section 3.2: finds a signature on the message that meets the application's requirements and
 * verifies. Each selected label is tried in turn, never only the first.
 */
export async function verifyMessage(message: HttpMessage, options: VerifyOptions): Promise<VerifyOutcome> {
  const parsed = parseSignatureFields(message.headers);
  if (!parsed.ok) return { ok: false, reason: parsed.reason, failures: [] };
  const byLabel = new Map(parsed.signatures.map((s) => [s.label, s]));
  const labels = parsed.signatures.map((s) => s.label);
  const chosen = options.selectLabels ? options.selectLabels(labels) : labels;
  const failures = [...parsed.invalid];
  for (const label of chosen) {
    const sig = byLabel.get(label);
    if (!sig) continue;
    const result = await verifyOne(sig, message, options);
    if (result.ok) return { ...result, label, params: sig.params };
    failures.push({ label, reason: result.reason });
  }
  const reason =
    failures.length === 1
      ? failures[0]!.reason
      : failures.length === 0
        ? "no signature to verify"
        : "no signature verifies";
  return { ok: false, reason, failures };
}
