/**
 * Whether a photo's file name is a copy's name of another photo in its group (issue 37): what
 * people and apps call a turned, edited or shared re-save — "IMG_0001 turned.jpg",
 * "IMG_0001 (1).jpg", "IMG_0001-edited.jpg", "Copy of IMG_0001.jpg" — is the other's name with
 * words added before or after it. Pure and name-only, so the browser and the CLI, whatever
 * their decoders measure, break a tie the same way.
 *
 * Invariants: a name is never a copy of itself or of a name with the same stem (IMG_0001.jpg
 * and IMG_0001.heic are two saves of one shot, neither the copy); the added words must be
 * set off by a separator, so IMG_00011 is not a copy of IMG_0001.
 */
export function isCopyName(name: string, others: readonly string[]): boolean {
  const stem = stemOf(name);
  return others.some((other) => {
    const base = stemOf(other);
    if (base.length === 0 || base.length >= stem.length) return false;
    if (stem.startsWith(base)) return SEPARATOR.test(stem.charAt(base.length));
    if (stem.endsWith(base)) return SEPARATOR.test(stem.charAt(stem.length - base.length - 1));
    return false;
  });
}

/** Characters that set added words apart from the name they were added to. */
const SEPARATOR = /[\s_\-.~(),[\]+]/u;

function stemOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name).normalize("NFC").toLowerCase();
}
