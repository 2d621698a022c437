/**
 * A mailbox password kept for "stay connected" is sealed with AES-256-GCM under a key derived
 * from IMAP_SECRET_KEY (the environment, never the database), so a copy of the database alone
 * does not open anyone's mailbox. The user id is bound in as associated data: a sealed value
 * moved to another row does not open.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const keyOf = (secret: string) => createHash("sha256").update(`cleanspace-imap:${secret}`).digest();

export function seal(secret: string, userId: number, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The plain text, or null when the value was sealed with another key or for another user. */
export function open(secret: string, userId: number, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
