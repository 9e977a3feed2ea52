import { createPrivateKey, createPublicKey, createSecretKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fieldsOf, parseRequest, parseResponse } from "../../../tests/references/http-message.ts";
import * as rfc from "../../../tests/references/rfc9421.ts";
import { verifyContentDigest } from "./content-digest.ts";
import {
  component,
  createSignatureBase,
  derivedRequestComponent,
  parseSignatureFields,
  signMessage,
  verifyMessage,
  type Algorithm,
  type HttpMessage,
  type RequestMessage,
  type VerificationKey,
} from "./message-signatures.ts";

// Every vector below is RFC 9421's own (tests/references/rfc9421.ts says where it was read).

const keys: Record<string, { pub: KeyObject; priv: KeyObject; alg: Algorithm }> = {
  "test-key-rsa": {
    pub: createPublicKey(rfc.TEST_KEY_RSA_PUBLIC),
    priv: createPrivateKey(rfc.TEST_KEY_RSA_PRIVATE),
    alg: "rsa-v1_5-sha256",
  },
  "test-key-rsa-pss": {
    pub: createPublicKey(rfc.TEST_KEY_RSA_PSS_PUBLIC),
    priv: createPrivateKey(rfc.TEST_KEY_RSA_PSS_PRIVATE),
    alg: "rsa-pss-sha512",
  },
  "test-key-ecc-p256": {
    pub: createPublicKey(rfc.TEST_KEY_ECC_P256_PUBLIC),
    priv: createPrivateKey(rfc.TEST_KEY_ECC_P256_PRIVATE),
    alg: "ecdsa-p256-sha256",
  },
  "test-key-ed25519": {
    pub: createPublicKey(rfc.TEST_KEY_ED25519_PUBLIC),
    priv: createPrivateKey(rfc.TEST_KEY_ED25519_PRIVATE),
    alg: "ed25519",
  },
  "test-shared-secret": {
    pub: createSecretKey(Buffer.from(rfc.unfold(rfc.TEST_SHARED_SECRET), "base64")),
    priv: createSecretKey(Buffer.from(rfc.unfold(rfc.TEST_SHARED_SECRET), "base64")),
    alg: "hmac-sha256",
  },
};

/** "The signer and verifier can unambiguously dereference all key identifiers used here" (B.1). */
const rfcKeys = (keyId: string | undefined): VerificationKey | null =>
  keyId && keys[keyId] ? { key: keys[keyId].pub, algorithm: keys[keyId].alg } : null;

/** The examples were signed on 20 April 2021; their age is not what these tests are about. */
const THEN = 1618884480 * 1000;

function withFields(message: HttpMessage, fields: string): HttpMessage {
  return { ...message, headers: { ...message.headers, ...fieldsOf(fields) } };
}

/** Rebuilds the base from the message and its Signature-Input, as a verifier does. */
function baseFor(message: HttpMessage, label: string): string {
  const parsed = parseSignatureFields(message.headers);
  if (!parsed.ok) throw new Error(parsed.reason);
  const sig = parsed.signatures.find((s) => s.label === label)!;
  return createSignatureBase(sig.components, sig.params, message);
}

const request = () => parseRequest(rfc.TEST_REQUEST).message;
/**
 * The published `test-response` carries a Content-Digest that is not the digest of its body
 * (httpwg/http-extensions#2669); B.2.4's signature base uses the right one. We sign and verify the
 * response as B.2.4 does, with the corrected field.
 */
const CORRECT_RESPONSE_DIGEST =
  "sha-512=:mEWXIS7MaLRuGgxOBdODa3xqM1XdEvxoYhvlCFJ41QJgJc4GTsPp29l5oGX69wWdXymyU0rjJuahq4l5aGgfLQ==:";
const response = () => {
  const { message } = parseResponse(rfc.TEST_RESPONSE);
  return { ...message, headers: { ...message.headers, "content-digest": CORRECT_RESPONSE_DIGEST } };
};

describe("RFC 9421 Appendix B.2: the published test cases", () => {
  const cases: Array<[string, string, string, () => HttpMessage]> = [
    ["B.2.1", rfc.B21_BASE, rfc.B21_FIELDS, request],
    ["B.2.2", rfc.B22_BASE, rfc.B22_FIELDS, request],
    ["B.2.3", rfc.B23_BASE, rfc.B23_FIELDS, request],
    ["B.2.4", rfc.B24_BASE, rfc.B24_FIELDS, response],
    ["B.2.5", rfc.B25_BASE, rfc.B25_FIELDS, request],
    ["B.2.6", rfc.B26_BASE, rfc.B26_FIELDS, request],
  ];

  it.each(cases)("%s: the signature base is rebuilt byte for byte", (name, base, fields, make) => {
    const label = `sig-b${name.slice(2).replace(".", "")}`;
    expect(baseFor(withFields(make(), fields), label)).toBe(rfc.unfold(base));
  });

  it.each(cases)("%s: the published signature verifies with the published key", async (_name, _base, fields, make) => {
    const outcome = await verifyMessage(withFields(make(), fields), { keys: rfcKeys, now: THEN });
    expect(outcome).toMatchObject({ ok: true });
  });

  it.each(cases)(
    "%s: our own signature over the same components verifies, and says what the RFC says",
    async (name, _b, fields, make) => {
      const label = `sig-b${name.slice(2).replace(".", "")}`;
      const parsed = parseSignatureFields(fieldsOf(fields));
      if (!parsed.ok) throw new Error(parsed.reason);
      const sig = parsed.signatures[0]!;
      const keyId = sig.params.get("keyid") as string;
      const signed = signMessage(make(), {
        label,
        components: sig.components,
        params: [...sig.params.entries()],
        alg: keys[keyId]!.alg,
        key: keys[keyId]!.priv,
      });
      // The Signature-Input we write is the RFC's, character for character.
      expect(signed["signature-input"]).toBe(fieldsOf(fields)["signature-input"]);
      const message = { ...make(), headers: { ...make().headers, ...signed } } as HttpMessage;
      expect(await verifyMessage(message, { keys: rfcKeys, now: THEN })).toMatchObject({ ok: true, label });
    },
  );

  it("B.2.2: the signature no longer verifies once the covered query parameter changes", async () => {
    const message = withFields({ ...request(), target: "/foo?param=Value&Pet=cat" }, rfc.B22_FIELDS);
    expect(await verifyMessage(message, { keys: rfcKeys, now: THEN })).toMatchObject({ ok: false });
  });

  it("B.2 errata: the test-response as published does not match its own body, nor B.2.4's signature", async () => {
    const published = parseResponse(rfc.TEST_RESPONSE);
    expect(verifyContentDigest(published.message.headers["content-digest"], published.body)).toEqual({
      ok: false,
      reason: "body does not match Content-Digest",
    });
    expect(verifyContentDigest(CORRECT_RESPONSE_DIGEST, published.body)).toEqual({ ok: true, algorithms: ["sha-512"] });
    const asPublished = withFields(published.message, rfc.B24_FIELDS);
    expect(await verifyMessage(asPublished, { keys: rfcKeys, now: THEN })).toMatchObject({ ok: false });
  });

  it("B.2.3 parsed through Structured Fields: optional whitespace a signer may write does not break verification", async () => {
    const fields = fieldsOf(rfc.B23_FIELDS);
    const spaced = (fields["signature-input"] as string)
      .replace("sig-b23=(", "sig-b23=( ")
      .replace('"@method" "@path"', '"@method"   "@path"')
      .replace('"content-length")', '"content-length" )')
      .replace(";keyid", "; keyid");
    const message = { ...request(), headers: { ...request().headers, ...fields, "signature-input": `  ${spaced}  ` } };
    expect(await verifyMessage(message, { keys: rfcKeys, now: THEN })).toMatchObject({ ok: true, label: "sig-b23" });
  });
});

describe("RFC 9421 section 2.4: request components in a signed response", () => {
  it("rebuilds both published bases and verifies both published signatures", async () => {
    const first = parseResponse(rfc.REQRES_RESPONSE).message;
    first.request = parseRequest(rfc.REQRES_REQUEST).message;
    expect(baseFor(first, "reqres")).toBe(rfc.unfold(rfc.REQRES_BASE));
    expect(await verifyMessage(first, { keys: rfcKeys, now: THEN })).toMatchObject({ ok: true, label: "reqres" });

    const second = parseResponse(rfc.REQRES_QUERY_RESPONSE).message;
    second.request = parseRequest(rfc.REQRES_SIGNED_REQUEST).message;
    expect(baseFor(second, "reqres")).toBe(rfc.unfold(rfc.REQRES_QUERY_BASE));
    expect(await verifyMessage(second, { keys: rfcKeys, now: THEN })).toMatchObject({ ok: true });
    // The signed request itself verifies too (sig1, test-key-rsa-pss).
    expect(await verifyMessage(second.request, { keys: rfcKeys, now: THEN })).toMatchObject({
      ok: true,
      label: "sig1",
    });
  });

  it("refuses req in a request, and a response whose request is unknown", async () => {
    const signedRequest = parseRequest(rfc.REQRES_SIGNED_REQUEST).message;
    expect(() => createSignatureBase([component('"@method";req')], new Map(), signedRequest)).toThrow(/not allowed/);
    const orphan = parseResponse(rfc.REQRES_RESPONSE).message;
    expect(await verifyMessage(orphan, { keys: rfcKeys, now: THEN })).toMatchObject({
      ok: false,
      reason: "the related request is unknown",
    });
  });
});

describe("RFC 9421 section 4.3: several signatures are each tried in turn", () => {
  it("rebuilds the proxy's base; the client's signature fails after the proxy changed the authority, the proxy's verifies", async () => {
    const message = parseRequest(rfc.MULTI_SIGNED).message;
    expect(baseFor(message, "proxy_sig")).toBe(rfc.unfold(rfc.MULTI_PROXY_BASE));
    const outcome = await verifyMessage(message, { keys: rfcKeys, now: THEN });
    expect(outcome).toMatchObject({ ok: true, label: "proxy_sig", algorithm: "rsa-v1_5-sha256" });
    const clientOnly = await verifyMessage(message, { keys: rfcKeys, now: THEN, selectLabels: () => ["sig1"] });
    expect(clientOnly).toMatchObject({ ok: false, reason: "signature does not verify" });
  });
});

describe("RFC 9421 B.3 and B.4", () => {
  it("B.3: the TLS-terminating proxy's signature over Client-Cert verifies", async () => {
    const message = parseRequest(rfc.TTRP_SIGNED).message;
    expect(baseFor(message, "ttrp")).toBe(rfc.unfold(rfc.TTRP_BASE));
    expect(await verifyMessage(message, { keys: rfcKeys, now: THEN })).toMatchObject({ ok: true, label: "ttrp" });
  });

  it.each<[string, string, boolean]>([
    ["the signed message", rfc.TRANSFORM_ORIGINAL, true],
    ["a header and a query parameter added", rfc.TRANSFORM_ADDED_QUERY, true],
    ["Date removed, Referer added, Accept collapsed", rfc.TRANSFORM_COLLAPSED, true],
    ["fields reordered", rfc.TRANSFORM_REORDERED, true],
    ["method and authority changed", rfc.TRANSFORM_CHANGED_AUTHORITY, false],
    ["the two Accept fields swapped", rfc.TRANSFORM_SWAPPED_ACCEPT, false],
  ])("B.4: %s -> valid: %s", async (_name, text, valid) => {
    const message = parseRequest(text).message;
    if (valid) expect(baseFor(message, "transform")).toBe(rfc.unfold(rfc.TRANSFORM_BASE));
    expect((await verifyMessage(message, { keys: rfcKeys, now: THEN })).ok).toBe(valid);
  });
});

describe("RFC 9421 section 2: component values", () => {
  const lines = (text: string) =>
    rfc
      .unfold(text)
      .split("\n")
      .map((line) => line.replace("(SP)", " "));
  const lineFor = (message: HttpMessage, id: string) =>
    createSignatureBase([component(id)], new Map(), message).split("\n")[0]!;

  it("2.1: field values are trimmed, unfolded and combined", () => {
    const message: RequestMessage = { ...request(), headers: fieldsOf(rfc.FIELDS_MESSAGE) };
    for (const line of lines(rfc.FIELDS_BASE)) {
      const id = line.slice(0, line.indexOf(":", 1));
      expect(lineFor(message, id)).toBe(line);
    }
    expect(lineFor({ ...request(), headers: { "x-empty-header": "" } }, '"x-empty-header"')).toBe('"x-empty-header": ');
  });

  it("2.1.1: sf re-serialises a known Dictionary strictly; an unknown type is an error", () => {
    const message: RequestMessage = { ...request(), headers: fieldsOf(rfc.DICT_MESSAGE) };
    expect(lineFor(message, '"example-dict"')).toBe(rfc.DICT_RAW_LINE);
    const typed = createSignatureBase([component('"example-dict";sf')], new Map(), message, {
      fieldTypes: { "example-dict": "dictionary" },
    });
    expect(typed.split("\n")[0]).toBe(rfc.DICT_SF_LINE);
    expect(() => lineFor(message, '"example-dict";sf')).toThrow(/structured type/);
  });

  it("2.1.2: key selects one Dictionary member; a missing member is an error", () => {
    const message: RequestMessage = { ...request(), headers: fieldsOf(rfc.DICT_KEY_MESSAGE) };
    for (const line of lines(rfc.DICT_KEY_LINES))
      expect(lineFor(message, line.slice(0, line.lastIndexOf(": ")))).toBe(line);
    expect(() => lineFor(message, '"example-dict";key="z"')).toThrow(/no member/);
  });

  it("2.1.3: bs wraps each instance, so one field sent twice differs from the same text sent once", () => {
    const twice: RequestMessage = { ...request(), headers: fieldsOf(rfc.BS_TWO_FIELDS) };
    const once: RequestMessage = { ...request(), headers: fieldsOf(rfc.BS_ONE_FIELD) };
    expect(lineFor(twice, '"example-header"')).toBe(rfc.BS_RAW_LINE);
    expect(lineFor(once, '"example-header"')).toBe(rfc.BS_RAW_LINE);
    expect(lineFor(twice, '"example-header";bs')).toBe(rfc.BS_TWO_LINE);
    expect(lineFor(once, '"example-header";bs')).toBe(rfc.BS_ONE_LINE);
    expect(() => lineFor(once, '"example-header";bs;sf')).toThrow(/cannot be combined/);
  });

  it("2.2.8: @query-param decodes then re-encodes; a repeated or absent name is an error", () => {
    const plain = parseRequest(rfc.QUERY_PARAM_MESSAGE).message;
    for (const line of lines(rfc.QUERY_PARAM_LINES))
      expect(lineFor(plain, line.slice(0, line.lastIndexOf(":")))).toBe(line);
    const encoded = parseRequest(rfc.QUERY_PARAM_ENCODED_MESSAGE).message;
    for (const line of lines(rfc.QUERY_PARAM_ENCODED_LINES))
      expect(lineFor(encoded, line.slice(0, line.lastIndexOf(": ")))).toBe(line);
    expect(() => lineFor({ ...plain, target: "/p?a=1&a=2" }, '"@query-param";name="a"')).toThrow(/more than once/);
    expect(() => lineFor(plain, '"@query-param";name="nope"')).toThrow(/absent/);
  });

  // Sections 2.2.1 to 2.2.9, each example message and the value the RFC gives for it.
  const post = (target: string, scheme = "https"): RequestMessage => ({
    method: "POST",
    scheme,
    authority: "www.example.com",
    target,
    headers: { host: "www.example.com" },
  });
  it.each<[string, RequestMessage, string]>([
    ["@method", post("/path?param=value"), "POST"],
    ["@target-uri", post("/path?param=value"), "https://www.example.com/path?param=value"],
    ["@authority", post("/path?param=value"), "www.example.com"],
    ["@scheme", post("/path?param=value", "http"), "http"],
    ["@request-target", post("/path?param=value"), "/path?param=value"],
    ["@request-target", post("https://www.example.com/path?param=value"), "https://www.example.com/path?param=value"],
    ["@request-target", { ...post("www.example.com:80"), method: "CONNECT" }, "www.example.com:80"],
    ["@request-target", { ...post("*"), method: "OPTIONS" }, "*"],
    ["@path", post("/path?param=value"), "/path"],
    ["@query", post("/path?param=value&foo=bar&baz=bat%2Dman"), "?param=value&foo=bar&baz=bat%2Dman"],
    ["@query", post("/path?queryString"), "?queryString"],
    ["@query", post("/path"), "?"],
  ])("2.2: %s of %j is %s", (name, message, value) => {
    expect(derivedRequestComponent(name, new Map(), message)).toBe(value);
  });

  it("2.2: the authority is lower-cased without its default port; @status is only for responses", () => {
    expect(derivedRequestComponent("@authority", new Map(), { ...post("/"), authority: "WWW.Example.com:443" })).toBe(
      "www.example.com",
    );
    expect(derivedRequestComponent("@authority", new Map(), { ...post("/"), authority: "example.com:8443" })).toBe(
      "example.com:8443",
    );
    expect(lineFor(response(), '"@status"')).toBe('"@status": 200');
    expect(() => lineFor(request(), '"@status"')).toThrow(/only for responses/);
    expect(() => lineFor(response(), '"@method"')).toThrow(/only for requests/);
    expect(() => lineFor(request(), '"@unknown"')).toThrow(/unknown derived component/);
    expect(() => lineFor(request(), '"@method";name="x"')).toThrow(/does not apply/);
  });

  it("2.5: a component covered twice (whatever its parameter order) is an error", () => {
    expect(() =>
      createSignatureBase(
        [component('"example-dict";key="a";req'), component('"example-dict";req;key="a"')],
        new Map(),
        { ...response(), request: { ...request(), headers: { "example-dict": "a=1" } } },
      ),
    ).toThrow(/covered twice/);
  });
});

describe("RFC 9421 section 3.2: what a verifier must refuse", () => {
  const b26 = () => withFields(request(), rfc.B26_FIELDS);

  it("an alg that does not fit the key type, or is not the key's registered algorithm (step 6)", async () => {
    const ed = generateKeyPairSync("ed25519");
    const message = request();
    const signed = signMessage(message, {
      label: "s",
      components: ["@method", "@authority"],
      params: [
        ["created", 1618884480],
        ["keyid", "k"],
        ["alg", "ecdsa-p256-sha256"],
      ],
      alg: "ed25519",
      key: ed.privateKey,
    });
    const withSig = { ...message, headers: { ...message.headers, ...signed } };
    expect(await verifyMessage(withSig, { keys: () => ({ key: ed.publicKey }), now: THEN })).toEqual(
      expect.objectContaining({ ok: false, reason: "alg ecdsa-p256-sha256 does not match the type of key k" }),
    );
    expect(
      await verifyMessage(withSig, { keys: () => ({ key: ed.publicKey, algorithm: "ed25519" }), now: THEN }),
    ).toMatchObject({ ok: false, reason: "alg ecdsa-p256-sha256 is not the algorithm of key k" });
  });

  it("an algorithm the application does not accept, and an unknown key", async () => {
    expect(
      await verifyMessage(b26(), { keys: rfcKeys, now: THEN, allowedAlgorithms: ["ecdsa-p256-sha256"] }),
    ).toMatchObject({
      ok: false,
      reason: "algorithm ed25519 is not accepted",
    });
    expect(await verifyMessage(b26(), { keys: () => null, now: THEN })).toMatchObject({
      ok: false,
      reason: "unknown key test-key-ed25519",
    });
  });

  it("a signature older than our own maximum age, whatever expires says; one created in the future", async () => {
    expect(await verifyMessage(b26(), { keys: rfcKeys, now: THEN, maxAgeSeconds: 300 })).toMatchObject({ ok: true });
    expect(await verifyMessage(b26(), { keys: rfcKeys, now: THEN + 600_000, maxAgeSeconds: 300 })).toMatchObject({
      ok: false,
      reason: "signature is too old",
    });
    expect(await verifyMessage(b26(), { keys: rfcKeys, now: 1618884473_000 - 120_000 })).toMatchObject({
      ok: false,
      reason: "signature created in the future",
    });
  });

  it("a signature not covering what the application requires", async () => {
    expect(
      await verifyMessage(b26(), { keys: rfcKeys, now: THEN, requiredComponents: ["@method", "content-digest"] }),
    ).toMatchObject({ ok: false, reason: "signature does not cover content-digest" });
  });

  it("labels that are not in both fields, and fields that are not Dictionaries", async () => {
    const fields = fieldsOf(rfc.B26_FIELDS);
    const mismatch = { ...request(), headers: { ...request().headers, ...fields, signature: "other=:AAAA:" } };
    expect(await verifyMessage(mismatch, { keys: rfcKeys, now: THEN })).toMatchObject({
      ok: false,
      reason: "no signature verifies",
    });
    const broken = { ...request(), headers: { ...request().headers, ...fields, "signature-input": "sig-b26=(" } };
    expect(await verifyMessage(broken, { keys: rfcKeys, now: THEN })).toMatchObject({
      ok: false,
      reason: "unreadable Signature-Input",
    });
  });
});
