/**
 * RFC 9530 (Digest Fields), published examples as data. Read from the RFC's source in the HTTP working
 * group's repository (httpwg/http-extensions, archive/draft-ietf-httpbis-digest-headers.md, `number:
 * 9530`; https://www.rfc-editor.org/rfc/rfc9530). Field values are copied with the RFC's line folding
 * undone; contents are the JSON texts the examples describe ("followed by an LF" where they say so).
 *
 * `published: false` marks text known to be wrong; the test says why. Checked by computing every
 * digest here; check https://www.rfc-editor.org/errata/rfc9530 before relying on the rest.
 */

export interface DigestExample {
  section: string;
  content: Buffer;
  field: string;
  /** Whether the field validates the content as the RFC text stands. */
  valid: boolean;
  /** Why the published text cannot be right, where it is not. */
  erratum?: string;
}

const HELLO = Buffer.from('{"hello": "world"}');
const HELLO_LF = Buffer.from('{"hello": "world"}\n');
/** Appendix B.4 prints the Brotli coding of HELLO_LF as `8B 08 80 7B ... 7D 0A 03`. */
const BROTLI_AS_PRINTED = Buffer.from("8B08807B2268656C6C6F223A2022776F726C64227D0A03", "hex");
/** What Brotli actually writes for HELLO_LF (any quality); the RFC's digests are of these bytes. */
const BROTLI_ACTUAL = Buffer.from("0B09807B2268656C6C6F223A2022776F726C64227D0A03", "hex");

export const DIGEST_EXAMPLES: DigestExample[] = [
  {
    section: "2 (first example)",
    content: HELLO_LF,
    field: "sha-512=:YMAam51Jz/jOATT6/zvHrLVgOYTGFy1d6GJiOHTohq4yP+pgk4vf2aCsyRZOtw8MjkM7iw7yZ/WkppmM44T3qg==:",
    valid: true,
  },
  {
    section: "2 (second example)",
    content: HELLO_LF,
    field:
      "sha-256=:d435Qo+nKZ+gLcUHn7GQtQ72hiBVAgqoLsZnZPiTGPk=:," +
      "sha-512=:YMAam51Jz/jOATT6/zvHrLVgOYTGFy1d6GJiOHTohq4yP+pgk4vf2aCsyRZOtw8MjkM7iw7yZ/WkppmM44T3qg==:",
    valid: false,
    erratum:
      "the two members digest different contents: sha-256 is of the Brotli-coded text of B.4, sha-512 of the plain text",
  },
  {
    section: "B.1",
    content: HELLO_LF,
    field: "sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:",
    valid: true,
  },
  {
    section: "B.2 (HEAD, empty content)",
    content: Buffer.alloc(0),
    field: "sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:",
    valid: true,
  },
  {
    section: "B.3 (range bytes 10-18)",
    content: HELLO_LF.subarray(10),
    field: "sha-256=:jjcgBDWNAtbYUXI37CVG3gRuGOAjaaDRGpIUFsdyepQ=:",
    valid: true,
  },
  {
    section: "B.4 (Brotli-coded content as printed)",
    content: BROTLI_AS_PRINTED,
    field: "sha-256=:d435Qo+nKZ+gLcUHn7GQtQ72hiBVAgqoLsZnZPiTGPk=:",
    valid: false,
    erratum:
      "the printed bytes start 8B 08, Brotli's header for 18 bytes of text, but the text has 19 (the LF was " +
      "added later); they do not decode, and the digest is of 0B 09 80 ...",
  },
  {
    section: "B.4 (Brotli-coded content as Brotli writes it)",
    content: BROTLI_ACTUAL,
    field: "sha-256=:d435Qo+nKZ+gLcUHn7GQtQ72hiBVAgqoLsZnZPiTGPk=:",
    valid: true,
  },
  {
    section: "B.6 (two algorithms)",
    content: BROTLI_ACTUAL,
    field:
      "sha-256=:d435Qo+nKZ+gLcUHn7GQtQ72hiBVAgqoLsZnZPiTGPk=:," +
      "sha-512=:db7fdBbgZMgX1Wb2MjA8zZj+rSNgfmDCEEXM8qLWfpfoNY0sCpHAzZbj09X1/7HAb7Od5Qfto4QpuBsFbUO3dQ==:",
    valid: true,
  },
  {
    section: "B.5 (request Repr-Digest)",
    content: HELLO_LF,
    field: "sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg==:",
    valid: false,
    erratum:
      "a 32-byte digest in Base64 ends in one '=', not two: the value is not a valid Byte Sequence, so the " +
      "whole field fails to parse (also in B.6, B.11 and C.1)",
  },
  {
    section: "B.7 (POST request)",
    content: Buffer.from('{"title": "New Title"}\n'),
    field: "sha-256=:mEkdbO7Srd9LIOegftO0aBX+VPTVz7/CSHes2Z27gc4=:",
    valid: true,
  },
  {
    section: "B.7 (response)",
    content: Buffer.from('{\n  "id": "123",\n  "title": "New Title"\n}\n'),
    field: "sha-256=:uVSlinTTdQUwm2On4k8TJUikGN1bf/Ds8WPX4oe0h9I=:",
    valid: true,
  },
  {
    section: "B.8 (response)",
    content: Buffer.from(
      '{\n  "status": "created",\n  "id": "123",\n  "ts": 1569327729,\n  "instance": "/books/123"\n}\n',
    ),
    field: "sha-256=:yXIGDTN5VrfoyisKlXgRKUHHMs35SNtyC3szSz1dbO8=:",
    valid: true,
  },
  {
    section: "B.10 (error response)",
    content: Buffer.from(
      '{\n  "title": "Not Found",\n  "detail": "Cannot PATCH a non-existent resource",\n  "status": 404\n}\n',
    ),
    field: "sha-256=:EXB0S2VF2H7ijkAVJkH1Sm0pBho0iDZcvVUHHXTTZSA=:",
    valid: true,
  },
  {
    section: "C.2",
    content: HELLO_LF,
    field: "sha-512=:YMAam51Jz/jOATT6/zvHrLVgOYTGFy1d6GJiOHTohq4yP+pgk4vf2aCsyRZOtw8MjkM7iw7yZ/WkppmM44T3qg==:",
    valid: true,
  },
];

/** Appendix D (Sample Digest Values): the digests of `{"hello": "world"}` (no LF), Byte Sequence serialised. */
export const SAMPLE_DIGESTS = {
  content: HELLO,
  "sha-512": ":WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:",
  "sha-256": ":X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:",
  md5: ":Sd/dVLAcvNLSq16eXua5uQ==:",
  sha: ":07CavjDP4u3/TungoUHJO/Wzr4c=:",
} as const;
