/**
 * Which folders Organize → Email lists: every folder of the mailbox with its counts, INBOX and
 * the user's own folders ticked by default (Trash, Junk, Sent, Drafts and All Mail not, by
 * their special use). A disclosure, so it costs one line until opened; "List these folders"
 * lists again with the choice.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { formatCount } from "../../../domain/format";
import type { MailFolder } from "../../../domain/schemas/email";
import { Button } from "../../components/ui/button";
import { emailFoldersKey, errorText, getFolders } from "../../lib/email/mail-api";

const SPECIAL_LABELS: Record<string, string> = {
  "\\Trash": "Trash",
  "\\Junk": "Junk",
  "\\Sent": "Sent",
  "\\Drafts": "Drafts",
  "\\All": "All mail",
  "\\Flagged": "Flagged",
  "\\Archive": "Archive",
};

/** A nested folder reads as its path ("Newsletters / Weekly"); INBOX as "Inbox". */
export const folderLabel = (f: Pick<MailFolder, "path" | "name">) =>
  f.path.toUpperCase() === "INBOX" ? "Inbox" : f.path.split("/").join(" / ");

export function FolderChooser({
  listed,
  disabled,
  onChoose,
}: {
  /** The paths the current listing reads. */
  listed: readonly string[];
  disabled: boolean;
  onChoose(paths: string[]): void;
}) {
  const query = useQuery({ queryKey: emailFoldersKey, queryFn: getFolders, staleTime: 60_000 });
  const folders = query.data?.folders ?? [];
  const id = useId();
  const details = useRef<HTMLDetailsElement>(null);
  // The ticks follow the listing until the user changes them (a change is kept for the listing it was made on).
  const listedKey = listed.join("\n");
  const [picked, setPicked] = useState<{ on: string; paths: ReadonlySet<string> } | null>(null);
  const ticked =
    picked && picked.on === listedKey
      ? picked.paths
      : new Set(listed.length ? listed : folders.filter((f) => f.byDefault).map((f) => f.path));
  const toggle = (path: string) => {
    const next = new Set(ticked);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    setPicked({ on: listedKey, paths: next });
  };
  const chosen = folders.filter((f) => ticked.has(f.path)).map((f) => f.path);
  const changed = chosen.join("\n") !== listed.join("\n");

  return (
    <details ref={details} className="rounded-xl border border-border px-3 py-2 text-sm" data-testid="folder-chooser">
      <summary className="cursor-pointer select-none font-medium">
        Folders: {formatCount(listed.length)} of {formatCount(folders.length || listed.length)} listed
      </summary>
      {query.isError ? (
        <p role="alert" className="mt-2 text-red-600 dark:text-red-400">
          {errorText(query.error)}
        </p>
      ) : null}
      <fieldset className="mt-2 grid gap-1" aria-describedby={`${id}-hint`}>
        <legend className="sr-only">Folders to list</legend>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Senders are grouped across the folders you choose; each action acts in each message&apos;s own folder.
        </p>
        {folders.map((f) => {
          const special = f.specialUse ? SPECIAL_LABELS[f.specialUse] : null;
          return (
            <label key={f.path} className="flex min-h-9 items-center gap-2">
              <input type="checkbox" className="size-4 shrink-0" checked={ticked.has(f.path)} onChange={() => toggle(f.path)} />
              <span className="min-w-0 flex-1 truncate" title={f.path}>
                {folderLabel(f)}
                {special && special !== folderLabel(f) ? ` (${special})` : ""}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {formatCount(f.messages)} {f.messages === 1 ? "message" : "messages"} · {formatCount(f.unread)} unread
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={disabled || chosen.length === 0 || !changed}
          onClick={() => {
            // Closed again: the listing that follows is what the user looks at next.
            if (details.current) details.current.open = false;
            onChoose(chosen);
          }}
        >
          List these folders
        </Button>
        {chosen.length === 0 ? <p className="text-xs text-muted-foreground">Choose at least one folder.</p> : null}
      </div>
    </details>
  );
}
