import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDictionary, serializeDictionary } from "structured-headers";
import {
  startPawapaySimulator,
  type CallbackSigning,
  type CallbackStyle,
  type PawapaySimulator,
} from "../../../tests/doubles/pawapay-simulator.ts";
import { cachedKeyStore, signMessage, verifySignedMessage, type SignedMessage } from "./callback-signature.ts";

let sim: PawapaySimulator;
const target = "http://127.0.0.1:3999/api/payments/callback";
const body = Buffer.from(
  JSON.stringify({ depositId: "8917c345-4791-4285-a416-62f24b6982db", status: "COMPLETED", amount: "100.00" }),
);

beforeAll(async () => {
  sim = await startPawapaySimulator();
});
afterAll(() => sim.close());

function message(headers: Record<string, string>, overrides: Partial<SignedMessage> = {}): SignedMessage {
  return {
    method: "POST",
    scheme: "http",
    authority: "127.0.0.1:3999",
    target: "/api/payments/callback",
    headers,
    body,
    ...overrides,
  };
}

describe("verifySignedMessage against the simulator's signing", () => {
  const keys = () => cachedKeyStore(async () => [{ id: sim.keyId, key: sim.publicKeyPem }]);

  it("accepts pawaPay's DER-encoded ECDSA P-256 signature", async () => {
    expect(await verifySignedMessage(message(sim.signedHeaders(body, target)), keys())).toEqual({
      ok: true,
      keyId: sim.keyId,
    });
  });

  it("also accepts raw r||s (RFC 9421's encoding)", async () => {
    expect((await verifySignedMessage(message(sim.signedHeaders(body, target, "raw-rs")), keys())).ok).toBe(true);
  });

  it.each<[CallbackSigning, string]>([
    ["wrong-key", "signature does not verify"],
    ["tampered", "body does not match Content-Digest"],
    ["expired", "signature expired"],
    ["missing-headers", "missing signature headers"],
    ["unsigned", "missing signature headers"],
  ])("rejects %s", async (fault, reason) => {
    expect(await verifySignedMessage(message(sim.signedHeaders(body, target, fault)), keys())).toEqual({
      ok: false,
      reason,
    });
  });

  it("rejects a replay to another path or host, and a changed body", async () => {
    const headers = sim.signedHeaders(body, target);
    expect((await verifySignedMessage(message(headers, { target: "/api/other" }), keys())).ok).toBe(false);
    expect((await verifySignedMessage(message(headers, { authority: "evil.example:3999" }), keys())).ok).toBe(false);
    expect(
      await verifySignedMessage(
        message(headers, { body: Buffer.from(body.toString().replace("COMPLETED", "FAILED")) }),
        keys(),
      ),
    ).toMatchObject({
      ok: false,
      reason: "body does not match Content-Digest",
    });
  });

  it("rejects a signature once 60 seconds have passed", async () => {
    const headers = sim.signedHeaders(body, target);
    expect((await verifySignedMessage(message(headers), keys(), Date.now() + 61_000)).ok).toBe(false);
  });

  it("rejects a signature that does not cover the digest", async () => {
    const headers = sim.signedHeaders(body, target);
    headers["signature-input"] = headers["signature-input"]!.replace(' "content-digest"', "");
    expect(await verifySignedMessage(message(headers), keys())).toMatchObject({
      ok: false,
      reason: "signature does not cover content-digest",
    });
  });
});

describe("signed exactly as pawaPay's published examples sign", () => {
  const keys = () => cachedKeyStore(async () => [{ id: sim.keyId, key: sim.publicKeyPem }]);
  const styles: CallbackStyle[] = ["docs", "java", "node"];
  const targets = [
    "http://127.0.0.1:3999/api/payments/callback",
    "http://127.0.0.1:3999/api/payments/callback?source=pawapay&env=live%20site",
  ];

  it.each(styles.flatMap((style) => targets.map((url) => [style, url] as const)))(
    "%s signer, callback URL %s",
    async (style, url) => {
      const target = url.slice(url.indexOf("/api"));
      const headers = sim.signedHeaders(body, url, "ok", style);
      if (style === "java" && url.includes("?")) {
        // pawaPay's Java signer covers the query, and signs it without the "?" of RFC 9421 2.2.7.
        expect(headers["signature-input"]).toContain('"@query"');
      }
      expect(await verifySignedMessage(message(headers, { target }), keys())).toEqual({ ok: true, keyId: sim.keyId });
      if (style === "java" && url.includes("?")) {
        // The query is bound to the signature: another query string fails.
        const other = await verifySignedMessage(message(headers, { target: target.replace("live", "test") }), keys());
        expect(other.ok).toBe(false);
      }
    },
  );

  it("a signature older than our maximum age is refused though its expires (Java: created + 60 000 s) is far ahead", async () => {
    const headers = sim.signedHeaders(body, target, "stale", "java");
    expect(await verifySignedMessage(message(headers), keys())).toEqual({ ok: false, reason: "signature is too old" });
  });

  it("Signature-Input and Content-Digest are read as Structured Fields: whitespace is fine, an upper-case key is not", async () => {
    const headers = sim.signedHeaders(body, target, "ok", "node");
    headers["signature-input"] =
      ` ${headers["signature-input"]!.replace("sig-pp=(", "sig-pp=(  ").replace(";alg", "; alg")} `;
    expect((await verifySignedMessage(message(headers), keys())).ok).toBe(true);
    // (Digest members with parameters: content-digest.test.ts; here the field is covered, so it cannot change.)
    headers["content-digest"] = headers["content-digest"]!.replace("sha-512", "SHA-512");
    expect(await verifySignedMessage(message(headers), keys())).toEqual({
      ok: false,
      reason: "unreadable Content-Digest",
    });
  });

  it("with several signatures: pawaPay's label decides when present; otherwise each label is tried in turn", async () => {
    const headers = sim.signedHeaders(body, target, "ok", "java");
    const input = parseDictionary(headers["signature-input"]!);
    const signature = parseDictionary(headers.signature!);
    const decoyInput = new Map([["aaa", input.get("sig-pp")!], ...input]);
    const decoySignature = new Map([["aaa", [new Uint8Array(64), new Map()] as const], ...signature]);
    const twoLabels = {
      ...headers,
      "signature-input": serializeDictionary(decoyInput as never),
      signature: serializeDictionary(decoySignature as never),
    };
    expect((await verifySignedMessage(message(twoLabels), keys())).ok).toBe(true);
    // Without sig-pp, the first (bad) label fails and the next one, pawaPay's signature relabelled, is verified.
    const relabel = (text: string) => text.replace("sig-pp=", "zzz=");
    const noPawapayLabel = {
      ...twoLabels,
      "signature-input": relabel(twoLabels["signature-input"]),
      signature: relabel(twoLabels.signature),
    };
    expect((await verifySignedMessage(message(noPawapayLabel), keys())).ok).toBe(true);
  });

  it("alg must fit the key: an RSA algorithm named over pawaPay's EC key is refused", async () => {
    const headers = sim.signedHeaders(body, target, "ok", "docs");
    headers["signature-input"] = headers["signature-input"]!.replace('alg="ecdsa-p256-sha256"', 'alg="rsa-pss-sha512"');
    expect(await verifySignedMessage(message(headers), keys())).toEqual({
      ok: false,
      reason: `alg rsa-pss-sha512 does not match the type of key ${sim.keyId}`,
    });
    headers["signature-input"] = headers["signature-input"]!.replace('alg="rsa-pss-sha512"', 'alg="hmac-sha256"');
    expect(await verifySignedMessage(message(headers), keys())).toEqual({
      ok: false,
      reason: "algorithm hmac-sha256 is not accepted",
    });
  });
});

describe("cachedKeyStore", () => {
  it("fetches once, serves from cache, refreshes on an unknown key id at most every minRefreshMs", async () => {
    let loads = 0;
    let clock = 0;
    const store = cachedKeyStore(
      async () => {
        loads += 1;
        return [{ id: sim.keyId, key: sim.publicKeyPem }];
      },
      { minRefreshMs: 30_000, now: () => clock },
    );
    await Promise.all(Array.from({ length: 50 }, () => store.get(sim.keyId)));
    expect(loads).toBe(1);
    for (let i = 0; i < 20; i += 1) expect(await store.get(`forged:${i}`)).toBeNull();
    expect(loads).toBe(1);
    clock += 31_000;
    await store.get("forged:again");
    expect(loads).toBe(2);
  });

  it("keeps the keys it has when the provider cannot be reached", async () => {
    let fail = false;
    let clock = 0;
    const store = cachedKeyStore(
      async () => {
        if (fail) throw new Error("down");
        return [{ id: sim.keyId, key: sim.publicKeyPem }];
      },
      { ttlMs: 1000, now: () => clock },
    );
    expect(await store.get(sim.keyId)).not.toBeNull();
    fail = true;
    clock += 5000;
    expect(await store.get(sim.keyId)).not.toBeNull();
  });
});

describe("signMessage", () => {
  it("produces what verifySignedMessage accepts", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const headers = signMessage(
      {
        method: "POST",
        scheme: "https",
        authority: "shop.example",
        target: "/cb",
        body,
        contentType: "application/json",
      },
      { id: "k1", privateKey },
    );
    const store = cachedKeyStore(async () => [
      { id: "k1", key: publicKey.export({ type: "spki", format: "pem" }).toString() },
    ]);
    expect(
      await verifySignedMessage(
        { method: "POST", scheme: "https", authority: "shop.example", target: "/cb", headers, body },
        store,
      ),
    ).toEqual({ ok: true, keyId: "k1" });
  });
});
