import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPawapaySimulator, type CallbackSigning, type PawapaySimulator } from "../../../tests/doubles/pawapay-simulator.ts";
import { cachedKeyStore, signMessage, verifySignedMessage, type SignedMessage } from "./callback-signature.ts";

let sim: PawapaySimulator;
const target = "http://127.0.0.1:3999/api/payments/callback";
const body = Buffer.from(JSON.stringify({ depositId: "8917c345-4791-4285-a416-62f24b6982db", status: "COMPLETED", amount: "100.00" }));

beforeAll(async () => {
  sim = await startPawapaySimulator();
});
afterAll(() => sim.close());

function message(headers: Record<string, string>, overrides: Partial<SignedMessage> = {}): SignedMessage {
  return { method: "POST", authority: "127.0.0.1:3999", path: "/api/payments/callback", headers, body, ...overrides };
}

describe("verifySignedMessage against the simulator's signing", () => {
  const keys = () => cachedKeyStore(async () => [{ id: sim.keyId, key: sim.publicKeyPem }]);

  it("accepts pawaPay's DER-encoded ECDSA P-256 signature", async () => {
    expect(await verifySignedMessage(message(sim.signedHeaders(body, target)), keys())).toEqual({ ok: true, keyId: sim.keyId });
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
    expect(await verifySignedMessage(message(sim.signedHeaders(body, target, fault)), keys())).toEqual({ ok: false, reason });
  });

  it("rejects a replay to another path or host, and a changed body", async () => {
    const headers = sim.signedHeaders(body, target);
    expect((await verifySignedMessage(message(headers, { path: "/api/other" }), keys())).ok).toBe(false);
    expect((await verifySignedMessage(message(headers, { authority: "evil.example:3999" }), keys())).ok).toBe(false);
    expect(await verifySignedMessage(message(headers, { body: Buffer.from(body.toString().replace("COMPLETED", "FAILED")) }), keys())).toMatchObject({
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
    expect(await verifySignedMessage(message(headers), keys())).toMatchObject({ ok: false, reason: "signature does not cover content-digest" });
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
    const headers = signMessage({ method: "POST", authority: "shop.example", path: "/cb", body, contentType: "application/json" }, { id: "k1", privateKey });
    const store = cachedKeyStore(async () => [{ id: "k1", key: publicKey.export({ type: "spki", format: "pem" }).toString() }]);
    expect(await verifySignedMessage({ method: "POST", authority: "shop.example", path: "/cb", headers, body }, store)).toEqual({ ok: true, keyId: "k1" });
  });
});
