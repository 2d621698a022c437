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

/** One header's value from raw header lines (unfolded, RFC 5322 §2.2.3); null when absent. */
export function headerValue(raw: string, name: string): string | null {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
  const re = new RegExp(`^${name}:[ \\t]*(.*)$`, "im");
  const m = re.exec(unfolded);
  return m ? (m[1] ?? "").trim() : null;
}

function decode(text: string): string {
  let out = text;
  try {
    out = libmime.decodeWords(text);
  } catch {
    // A malformed encoded word stays as written: still recognisable, never an error.
  }
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
