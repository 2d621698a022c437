/**
 * A mailbox password kept for "stay connected" is sealed with AES-256-GCM under a key derived
 * from IMAP_SECRET_KEY (the environment, never the database), so a copy of the database alone
 * does not open anyone's mailbox. The user id (and what the value is, for anything but the
 * password) is bound in as associated data: a sealed value moved to another row or column
 * does not open.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const keyOf = (secret: string) => createHash("sha256").update(`cleanspace-imap:${secret}`).digest();

/** What a sealed value is: the mailbox password (the original, unlabelled form) or an OAuth refresh token. */
export type SealedKind = "password" | "refresh-token";
const aad = (userId: number, kind: SealedKind) => Buffer.from(kind === "password" ? `user:${userId}` : `user:${userId}:${kind}`);

export function seal(secret: string, userId: number, plain: string, kind: SealedKind = "password"): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  cipher.setAAD(aad(userId, kind));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The plain text, or null when the value was sealed with another key or for another user. */
export function open(secret: string, userId: number, sealed: string, kind: SealedKind = "password"): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
    decipher.setAAD(aad(userId, kind));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
