import { createHash, timingSafeEqual } from "node:crypto";
import { isInnerList, parseDictionary, serializeDictionary, type Dictionary, type Item } from "structured-headers";

/**
 * Content-Digest (RFC 9530 section 2): a Structured Field Dictionary parsed and serialised by a
 * maintained RFC 9651 library. Keys are case-sensitive (`SHA-256` is not a key at all: the field is
 * malformed); a member may carry parameters; only the algorithms the IANA registry marks "Active" can
 * protect against an attacker (section 5), so the deprecated ones (md5, sha, unixsum...) never count.
 */

const ACTIVE = { "sha-256": "sha256", "sha-512": "sha512" } as const;
export type DigestAlgorithm = keyof typeof ACTIVE;

export function contentDigest(body: Buffer, algorithms: DigestAlgorithm[] = ["sha-512"]): string {
  const dictionary: Dictionary = new Map(
    algorithms.map((algorithm) => [
      algorithm,
      [createHash(ACTIVE[algorithm]).update(body).digest(), new Map()] as Item,
    ]),
  );
  return serializeDictionary(dictionary);
}

export type DigestCheck = { ok: true; algorithms: DigestAlgorithm[] } | { ok: false; reason: string };

/** Checks every Active digest the field carries against the exact bytes received; at least one must be there. */
export function verifyContentDigest(fieldValue: string | string[] | undefined, body: Buffer): DigestCheck {
  if (fieldValue === undefined) return { ok: false, reason: "missing Content-Digest" };
  let dictionary: Dictionary;
  try {
    dictionary = parseDictionary(Array.isArray(fieldValue) ? fieldValue.join(", ") : fieldValue);
  } catch {
    return { ok: false, reason: "unreadable Content-Digest" };
  }
  const checked: DigestAlgorithm[] = [];
  for (const [key, member] of dictionary) {
    if (!(key in ACTIVE)) continue;
    const algorithm = key as DigestAlgorithm;
    if (isInnerList(member) || !(member[0] instanceof ArrayBuffer))
      return { ok: false, reason: `Content-Digest ${algorithm} is not a Byte Sequence` };
    const expected = Buffer.from(member[0]);
    const actual = createHash(ACTIVE[algorithm]).update(body).digest();
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
      return { ok: false, reason: "body does not match Content-Digest" };
    checked.push(algorithm);
  }
  if (checked.length === 0) return { ok: false, reason: "unsupported digest algorithm" };
  return { ok: true, algorithms: checked };
}
