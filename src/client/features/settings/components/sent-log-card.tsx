import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { REDACTED } from "../../../lib/privacy-receipts/redact";
import { clearSentRequests, SENT_LOG_LIMIT, type SentRequest } from "../../../lib/privacy-receipts/sent-log";
import { useSentLog } from "../../../lib/privacy-receipts/use-sent-log";

function outcomeText(outcome: SentRequest["outcome"]): string {
  if (outcome.status === "pending") return "waiting for an answer";
  if (outcome.status === "network-error") return "no answer (network error)";
  return `answered ${outcome.status}`;
}

function SentEntry({ entry }: { entry: SentRequest }) {
  const time = new Date(entry.time);
  return (
    <li className="grid gap-1.5 rounded-panel border border-border p-3" data-testid="sent-entry">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-mono font-semibold">{entry.method}</span>
        <span className="break-all font-mono">{entry.path}</span>
      </p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={time.toISOString()}>{time.toLocaleString()}</time> · {outcomeText(entry.outcome)}
        {entry.via === "offline-queue" ? " · sent by the offline queue" : ""}
      </p>
      {entry.body === null ? (
        <p className="text-xs text-muted-foreground">No data in the body.</p>
      ) : (
        // Folded, not a box that scrolls inside the page: the page stays the screen's one scrolling area.
        <details className="text-xs">
          <summary className="cursor-pointer rounded-control text-accent underline underline-offset-4">Show the data sent</summary>
          <pre
            aria-label={`Data sent by ${entry.method} ${entry.path}`}
            className="mt-1.5 rounded-control bg-muted p-2 font-mono whitespace-pre-wrap break-all text-foreground"
          >
            {JSON.stringify(entry.body, null, 2)}
          </pre>
        </details>
      )}
    </li>
  );
}

/**
 * "What left this device": the exact payloads this browser has sent to our server, so a
 * user can check the privacy promise (aggregates only) themselves. Kept locally, never sent.
 */
export function SentLogCard() {
  const entries = useSentLog();
  return (
    <Card>
      <section aria-labelledby="sent-log-title">
        <CardTitle id="sent-log-title">What left this device</CardTitle>
        <p className="mt-1 text-sm text-muted-foreground">
          Every request this browser has sent to our server with data in it, exactly as sent: method, address, time and the JSON body. Scans
          send only counts and totals — never a file name, folder path or file content. Requests that only read your data carry no body and
          are not listed.
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          A connected mailbox adds its own requests: the connection (your mail password hidden), the start of a Gmail or Outlook sign-in,
          the listing, and your actions by message number. Not listed, because the browser sends it as a page address rather than data: the
          one-time code a provider hands back after you sign in, which your browser carries to our server. What comes back the other way —
          each message&apos;s sender, subject, date, size, read flag and unsubscribe header — passes through our server to this page and is
          not kept there; a sign-in&apos;s tokens stay between our server and the provider.
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          Passwords (and one-time password-reset tokens) are never kept here: they show as <span className="font-mono">{REDACTED}</span>.
          The list holds the last {SENT_LOG_LIMIT} requests, stays in this browser only and is never sent anywhere.
        </p>
        {entries.length === 0 ? (
          <p className="mt-3 text-sm" data-testid="sent-log-empty">
            Nothing sent from this browser since the list was last cleared.
          </p>
        ) : (
          <ol className="mt-3 grid gap-2" aria-label="Requests sent to the server, newest first">
            {entries.map((entry) => (
              <SentEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
        <Button variant="outline" className="mt-3" onClick={clearSentRequests} disabled={entries.length === 0}>
          Clear this list
        </Button>
      </section>
    </Card>
  );
}
