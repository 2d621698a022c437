/**
 * A message's sender as a person would recognise it, from the raw From header (RFC 5322
 * §3.6.2), not from the server's ENVELOPE: an IMAP server builds the ENVELOPE with its own
 * parser and invents parts where the header is unusual (Dovecot: "okafor@missing_domain" for
 * `Okafor, Chidi <…>`, "missing_mailbox@missing_domain" for `<>`). The header is parsed by
 * nodemailer's addressparser (already a dependency; it keeps an unquoted comma inside a
 * display name, reads group syntax and comments) and its encoded words (RFC 2047, any charset
 * iconv-lite knows) are decoded by libmime, the same maintainer's MIME library that imapflow
 * decodes with. The ENVELOPE is used only when the message has no From header at all.
 */
import addressparser from "nodemailer/lib/addressparser/index.js";
import libmime from "libmime";

export interface Sender {
  /** Lower-case address, or "" when the header names none. */
  address: string;
  name: string;
}

interface EnvelopeAddress {
  name?: string;
  address?: string;
}

const MAX_ADDRESS = 320;
const MAX_NAME = 200;
/** Placeholders servers put in an ENVELOPE for parts the header lacks (Dovecot; UW-IMAP's ".MISSING-HOST-NAME."). */
const INVENTED = /(^|@)(missing_mailbox|missing_domain|\.missing-host-name\.)$|^missing_mailbox@/i;

/**
 * The fields of raw header lines, by lower-case name (the first of a repeated field), each
 * unfolded (RFC 5322 §2.2.3) and trimmed. One pass over the string with no per-line array: a
 * listing reads 50,000 of these.
 */
export function headerFields(raw: string): Map<string, string> {
  const fields = new Map<string, string>();
  let name: string | null = null;
  let value = "";
  const end = raw.length;
  for (let at = 0; at < end;) {
    let nl = raw.indexOf("\n", at);
    if (nl < 0) nl = end;
    const stop = nl > at && raw.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    if (stop > at) {
      const first = raw.charCodeAt(at);
      if ((first === 32 || first === 9) && name !== null) value += ` ${raw.slice(at, stop).trim()}`;
      else {
        if (name !== null && !fields.has(name)) fields.set(name, value.trim());
        const colon = raw.indexOf(":", at);
        if (colon <= at || colon >= stop) name = null;
        else {
          name = raw.slice(at, colon).trim().toLowerCase();
          value = raw.slice(colon + 1, stop);
        }
      }
    }
    at = nl + 1;
  }
  if (name !== null && !fields.has(name)) fields.set(name, value.trim());
  return fields;
}

/** One header's value from raw header lines (unfolded); null when absent. */
export function headerValue(raw: string, name: string): string | null {
  return headerFields(raw).get(name.toLowerCase()) ?? null;
}

/** Decodes RFC 2047 encoded words (a malformed one stays as written: still recognisable, never an error). */
export function decodeWords(text: string): string {
  if (!text.includes("=?")) return text;
  try {
    return libmime.decodeWords(text);
  } catch {
    return text;
  }
}

function decode(text: string): string {
  const out = decodeWords(text);
  // Control characters (a stray CR, NUL) never reach a label.
  return out.replace(/\p{Cc}+/gu, " ").trim();
}

const isAddress = (a: string) => /^[^@\s]+@[^@\s]+$/.test(a);

/** The sender named by a From header's value. */
export function senderFromHeader(value: string): Sender {
  const parsed = addressparser(value);
  // Group syntax ("Team Updates: updates@…;"): its first member, named by itself or by the group.
  const flat = parsed.flatMap((p) =>
    "group" in p && p.group
      ? p.group.map((g) => ({ address: g.address, name: g.name || p.name }))
      : [{ address: (p as { address?: string }).address ?? "", name: p.name }],
  );
  const withAddress = flat.find((p) => isAddress(p.address ?? ""));
  if (withAddress) return clip(withAddress.address ?? "", decode(withAddress.name ?? ""));
  // No address at all ("MAILER DAEMON <>", "foo", an empty group): the words are the name.
  const name = flat.map((p) => decode(p.name || p.address || "")).find(Boolean) ?? parsed.map((p) => decode(p.name)).find(Boolean) ?? "";
  return clip("", name || (parsed.length === 0 ? decode(value) : ""));
}

/** The sender from the ENVELOPE, for a message without a From header; invented parts are dropped. */
export function senderFromEnvelope(from: EnvelopeAddress | undefined): Sender {
  const address = from?.address && !INVENTED.test(from.address) && isAddress(from.address) ? from.address : "";
  return clip(address, decode(from?.name ?? ""));
}

function clip(address: string, name: string): Sender {
  return { address: address.toLowerCase().slice(0, MAX_ADDRESS), name: name.slice(0, MAX_NAME) };
}

/** The message's sender: the raw From header when present, else the ENVELOPE. */
export function senderOf(rawHeaders: string, envelopeFrom: EnvelopeAddress | undefined): Sender {
  const from = headerValue(rawHeaders, "From");
  return from === null ? senderFromEnvelope(envelopeFrom) : senderFromHeader(from);
}

/**
 * senderFromHeader with a memory of the values already parsed: a mailbox's mail comes from far
 * fewer From values than messages. Bounded; lives as long as one listing (memory only).
 */
export function senderCache(max = 20_000): (value: string) => Sender {
  const seen = new Map<string, Sender>();
  return (value) => {
    let sender = seen.get(value);
    if (!sender) {
      sender = senderFromHeader(value);
      if (seen.size >= max) seen.clear();
      seen.set(value, sender);
    }
    return sender;
  };
}
