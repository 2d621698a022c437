/**
 * A mailbox's folders with their counts (one LIST with STATUS, RFC 5819 where the server has
 * it), and which are listed unless the user chooses otherwise: INBOX and the user's own
 * folders; not the ones whose RFC 6154 special use says they hold mail the user already
 * binned, sent or drafted, nor the virtual ones that repeat other folders' mail.
 */
import type { ImapFlow } from "imapflow";
import type { MailFolder } from "../../domain/schemas/email";

/** Left out by default: cleaning them is not what people mean by cleaning their mail (or they repeat other folders). */
const OUT_BY_DEFAULT = new Set(["\\Trash", "\\Junk", "\\Sent", "\\Drafts", "\\All", "\\Flagged"]);

export async function listFolders(client: ImapFlow): Promise<MailFolder[]> {
  const listed = await client.list({ statusQuery: { messages: true, unseen: true } });
  const folders = listed
    .filter((f) => !hasFlag(f.flags, "\\Noselect") && !hasFlag(f.flags, "\\NonExistent"))
    .map((f) => {
      const inbox = f.path.toUpperCase() === "INBOX";
      const specialUse = inbox ? null : (f.specialUse ?? null);
      return {
        path: f.path,
        name: inbox ? "Inbox" : f.name,
        specialUse,
        messages: f.status?.messages ?? 0,
        unread: f.status?.unseen ?? 0,
        byDefault: specialUse === null || !OUT_BY_DEFAULT.has(specialUse),
      };
    });
  // INBOX first, then the server's order by path (so nested folders follow their parent).
  return folders.sort(
    (a, b) => Number(b.path.toUpperCase() === "INBOX") - Number(a.path.toUpperCase() === "INBOX") || a.path.localeCompare(b.path),
  );
}

function hasFlag(flags: Set<string> | undefined, flag: string): boolean {
  for (const f of flags ?? []) if (f.toLowerCase() === flag.toLowerCase()) return true;
  return false;
}

/** The folder holding `use` (by special-use flag, else by its usual name); Archive falls back to All Mail. */
export async function specialFolder(client: ImapFlow, use: "\\Trash" | "\\Archive"): Promise<string | null> {
  const folders = await client.list();
  const found = folders.find((f) => f.specialUse === use) ?? folders.find((f) => f.name.toLowerCase() === use.slice(1).toLowerCase());
  if (found) return found.path;
  if (use === "\\Archive") return folders.find((f) => f.specialUse === "\\All")?.path ?? null;
  return null;
}
