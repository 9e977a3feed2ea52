import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export interface CredentialCipher {
  encrypt(plaintext: string, orderId: string): string;
  decrypt(ciphertext: string, orderId: string): string;
}

const VERSION = "v1";

/**
 * AES-256-GCM with a fresh 96-bit nonce per value. The order id is bound in as associated data,
 * so a ciphertext copied onto another order does not decrypt there.
 */
export function credentialCipher(key: Buffer): CredentialCipher {
  if (key.length !== 32) throw new Error("the VPS credentials key must be 32 bytes");
  return {
    encrypt(plaintext, orderId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(orderId));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [
        VERSION,
        iv.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
        body.toString("base64url"),
      ].join(".");
    },
    decrypt(ciphertext, orderId) {
      const [version, iv, tag, body] = ciphertext.split(".");
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("not a VPS credentials ciphertext");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(orderId));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
