/**
 * Words a password must not be built from (ASVS 6.2.11): the product's name and the
 * person's own name and e-mail address, split into the parts people reuse ("jane.doe+x@
 * example.com" gives "jane", "doe", "jane.doe", "example"). Pure; the server hands these to
 * the strength check as its user inputs.
 */
import { PRODUCT_NAME } from "./brand";

const MIN_WORD = 3;

export function passwordContextWords(person: { name?: string | null | undefined; email?: string | null | undefined }): string[] {
  const words = new Set<string>([PRODUCT_NAME.toLowerCase(), "clean space"]);
  const add = (text: string) => {
    const t = text.trim().toLowerCase();
    if (t.length >= MIN_WORD) words.add(t);
  };
  const name = person.name ?? "";
  add(name);
  add(name.replace(/\s+/g, ""));
  for (const part of name.split(/[\s.,'_-]+/)) add(part);
  const email = (person.email ?? "").trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at > 0) {
    add(email);
    const local = email.slice(0, at);
    add(local);
    add(local.split("+")[0] ?? "");
    for (const part of local.split(/[.+_-]+/)) add(part);
    add(email.slice(at + 1).split(".")[0] ?? "");
  }
  return [...words];
}
