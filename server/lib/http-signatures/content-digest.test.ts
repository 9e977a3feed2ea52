import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DIGEST_EXAMPLES, SAMPLE_DIGESTS } from "../../../tests/references/rfc9530.ts";
import { contentDigest, verifyContentDigest } from "./content-digest.ts";

describe("RFC 9530 examples (tests/references/rfc9530.ts)", () => {
  it.each(DIGEST_EXAMPLES.map((e) => [e.section, e] as const))("%s", (_section, example) => {
    expect(verifyContentDigest(example.field, example.content).ok).toBe(example.valid);
    // An example the RFC gets wrong says why; a right one has nothing to explain.
    expect(example.erratum === undefined).toBe(example.valid);
  });

  it("B.4 erratum: the printed Brotli bytes do not decode; what Brotli writes has the RFC's digest", () => {
    const printed = DIGEST_EXAMPLES.find((e) => e.section.startsWith("B.4 (Brotli-coded content as printed"))!;
    const actual = DIGEST_EXAMPLES.find((e) => e.section.startsWith("B.4 (Brotli-coded content as Brotli"))!;
    expect(() => brotliDecompressSync(printed.content)).toThrow();
    expect(brotliDecompressSync(actual.content).toString()).toBe('{"hello": "world"}\n');
    expect(brotliCompressSync('{"hello": "world"}\n').equals(actual.content)).toBe(true);
  });

  it("Appendix D: the sample digests are what we write", () => {
    expect(contentDigest(SAMPLE_DIGESTS.content, ["sha-512"])).toBe(`sha-512=${SAMPLE_DIGESTS["sha-512"]}`);
    expect(contentDigest(SAMPLE_DIGESTS.content, ["sha-256"])).toBe(`sha-256=${SAMPLE_DIGESTS["sha-256"]}`);
    expect(contentDigest(SAMPLE_DIGESTS.content, ["sha-256", "sha-512"])).toBe(
      `sha-256=${SAMPLE_DIGESTS["sha-256"]}, sha-512=${SAMPLE_DIGESTS["sha-512"]}`,
    );
  });
});

describe("Content-Digest as a Structured Field Dictionary", () => {
  const body = SAMPLE_DIGESTS.content;
  const sha256 = SAMPLE_DIGESTS["sha-256"];

  it("accepts a member with parameters, and whitespace Structured Fields allow", () => {
    expect(verifyContentDigest(`sha-256=${sha256};note="x";v=1`, body)).toEqual({ ok: true, algorithms: ["sha-256"] });
    expect(verifyContentDigest(`  sha-256=${sha256}  ,   sha-512=${SAMPLE_DIGESTS["sha-512"]}`, body)).toEqual({
      ok: true,
      algorithms: ["sha-256", "sha-512"],
    });
    expect(verifyContentDigest([`sha-256=${sha256}`, `sha-512=${SAMPLE_DIGESTS["sha-512"]}`], body).ok).toBe(true);
  });

  it("keys are case-sensitive: SHA-256 is not a key, so the field is malformed", () => {
    expect(verifyContentDigest(`SHA-256=${sha256}`, body)).toEqual({ ok: false, reason: "unreadable Content-Digest" });
  });

  it("deprecated algorithms never count, unknown ones are ignored, and at least one Active digest must be there", () => {
    expect(verifyContentDigest(`md5=${SAMPLE_DIGESTS.md5}, sha=${SAMPLE_DIGESTS.sha}`, body)).toEqual({
      ok: false,
      reason: "unsupported digest algorithm",
    });
    expect(verifyContentDigest(`md5=:AAAA:, sha-256=${sha256}`, body).ok).toBe(true);
  });

  it("every Active digest present must match; a member that is not a Byte Sequence is refused", () => {
    expect(verifyContentDigest(`sha-256=${sha256}, sha-512=:AAAA:`, body)).toEqual({
      ok: false,
      reason: "body does not match Content-Digest",
    });
    expect(verifyContentDigest(`sha-256="${sha256}"`, body)).toEqual({
      ok: false,
      reason: "Content-Digest sha-256 is not a Byte Sequence",
    });
    expect(verifyContentDigest(undefined, body)).toEqual({ ok: false, reason: "missing Content-Digest" });
  });
});
