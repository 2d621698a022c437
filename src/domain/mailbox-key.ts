/**
 * The mailbox an e-mail address delivers to, as a key: the one-trial rule (decision 011,
 * issue 39 #1) is per mailbox, not per spelling. Mail providers deliver several spellings to
 * one mailbox; the key folds those we know:
 *  - case and surrounding spaces (addresses are compared lower-cased everywhere);
 *  - a "+tag" ("subaddress", RFC 5233): `name+anything@host` reaches `name@host` at Gmail,
 *    Outlook, iCloud, Fastmail, Proton, Yahoo (for "+") and most hosts, so it is cut everywhere;
 *  - Gmail ignores dots in the local part, and googlemail.com is gmail.com.
 * Pure and idempotent: mailboxKey(mailboxKey(a)) === mailboxKey(a).
 */

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.$/, "");
  const plus = local.indexOf("+");
  // "+tag" alone (nothing before the "+") is a mailbox name of its own, not a tag.
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    const undotted = local.replaceAll(".", "");
    if (undotted) local = undotted;
  }
  return `${local}@${domain}`;
}
