/**
 * Refusals the CLI (`apply`, `clean`) and the web app's Organize actions both give, word for
 * word, when acting on a copy would remove the file that stays.
 */

/** The copy and the kept file are one file reached by two names (a hard link, a bind mount, a linked folder). */
export function sameFileRefusal(keepPath: string): string {
  return `it is the same file as “${keepPath}”, reached by another name (a link or a mount): removing it would remove the copy that stays`;
}
