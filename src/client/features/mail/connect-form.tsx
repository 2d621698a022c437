/**
 * Connect a mailbox over IMAP/TLS: a provider preset (server, port and where to
 * get an app password) or a custom server. The password goes to our server for this
 * connection only, unless "Stay connected" is ticked (then it is kept sealed). The spec's
 * Gmail/Outlook buttons sign in with OAuth when the server has that provider's client
 * (decision 023), and otherwise keep their spec error.
 */
import { Lock } from "lucide-react";
import { useState, type FormEvent } from "react";
import { MAIL_PROVIDERS, type MailProvider } from "../../../domain/email-providers";
import { MAIL_OAUTH_LABELS } from "../../../domain/email-oauth";
import type { EmailConnection } from "../../../domain/schemas/email";
import { connectEmail, type EmailProvider } from "../../../scan/email";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { connectMailbox, errorText, goToProvider, startOAuth } from "../../lib/email/mail-api";

type Choice = MailProvider["id"] | "custom";

export function ConnectForm({
  canStay,
  oauthReady,
  notice,
  onConnected,
}: {
  canStay: boolean;
  oauthReady: EmailConnection["oauth"];
  /** What came back from a provider sign-in that did not connect (shown under the buttons). */
  notice: string | null;
  onConnected(c: EmailConnection): void;
}) {
  const [choice, setChoice] = useState<Choice>("gmail");
  const preset = MAIL_PROVIDERS.find((p) => p.id === choice);
  const [host, setHost] = useState("");
  const [port, setPort] = useState("993");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [stay, setStay] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [oauthError, setOauthError] = useState<string | null>(null);

  const [redirecting, setRedirecting] = useState<EmailProvider | null>(null);

  const oauth = async (provider: EmailProvider) => {
    setOauthError(null);
    if (!oauthReady[provider]) {
      try {
        connectEmail(provider);
      } catch (e) {
        setOauthError(e instanceof Error ? e.message : String(e));
      }
      return;
    }
    setRedirecting(provider);
    try {
      // The provider's sign-in page; it sends the browser back to our server, then here.
      goToProvider((await startOAuth({ provider, stayConnected: stay })).url);
    } catch (e) {
      setOauthError(errorText(e));
      setRedirecting(null);
    }
  };
  const shownOauthError = oauthError ?? notice;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const target = preset ? { host: preset.host, port: preset.port } : { host: host.trim(), port: Number(port) };
    if (!target.host) return setError("Enter the server name");
    if (!Number.isInteger(target.port) || target.port < 1 || target.port > 65535) return setError("Enter a port between 1 and 65535");
    setBusy(true);
    try {
      onConnected(await connectMailbox({ ...target, username: username.trim(), password, stayConnected: stay }));
      setPassword("");
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="grid gap-4 rounded-2xl border border-border p-5" aria-labelledby="connect-mailbox-title">
      <div className="grid gap-1">
        <h2 id="connect-mailbox-title" className="text-lg font-semibold">
          No mailbox connected
        </h2>
        <p className="text-sm text-muted-foreground">
          Connect one over IMAP (TLS) to sort your mail by sender and clean it up. CleanSpace reads only each message's sender, subject,
          date, size, read flag and unsubscribe header, never its text or attachments. They pass through our server to this page and are not
          kept; only your totals (count, unread, size) are saved.
        </p>
      </div>
      <form className="grid gap-3" onSubmit={submit} aria-label="Connect a mailbox over IMAP">
        <div className="grid gap-1.5">
          <label htmlFor="mail-provider" className="text-sm font-medium">
            Provider
          </label>
          <select
            id="mail-provider"
            value={choice}
            onChange={(e) => setChoice(e.target.value as Choice)}
            className="h-11 rounded-lg border border-border bg-background px-3 text-base"
            disabled={busy}
          >
            {MAIL_PROVIDERS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
            <option value="custom">Other (IMAP server)</option>
          </select>
        </div>
        {preset ? (
          <p className="text-sm text-muted-foreground" data-testid="preset-note">
            {preset.host}:{preset.port} over TLS. {preset.appPasswordNote}{" "}
            <a href={preset.appPasswordUrl} target="_blank" rel="noreferrer noopener" className="font-medium text-accent underline">
              Create an app password for {preset.label}
            </a>
          </p>
        ) : (
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <Field
              label="IMAP server"
              value={host}
              onChange={(e) => setHost(e.target.value)}
              placeholder="imap.example.com"
              autoComplete="off"
              disabled={busy}
            />
            <Field label="Port (TLS)" value={port} onChange={(e) => setPort(e.target.value)} inputMode="numeric" disabled={busy} />
          </div>
        )}
        <Field
          label="E-mail address or user name"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="username"
          required
          disabled={busy}
        />
        <Field
          label="App password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          required
          disabled={busy}
        />
        {canStay ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={stay} onChange={(e) => setStay(e.target.checked)} className="mt-1 size-4" disabled={busy} />
            <span>
              Stay connected: keep the password
              {oauthReady.gmail || oauthReady.outlook ? " (or the provider's renewal token, if you sign in below)" : ""} on our server,
              encrypted, so the mailbox reconnects by itself. You can remove it in Settings at any time.
            </span>
          </label>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="connect-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          <Lock className="size-4" aria-hidden /> {busy ? "Connecting…" : "Connect securely"}
        </Button>
      </form>
      <div className="grid gap-2 border-t border-border pt-3">
        <p className="text-sm text-muted-foreground">
          Or sign in with your provider
          {oauthReady.gmail || oauthReady.outlook
            ? " (no app password needed: you allow access on their page, and our server receives a token for your mail instead)"
            : ""}
          :
        </p>
        <div className="flex flex-wrap gap-2">
          {(["gmail", "outlook"] as const).map((provider) => (
            <Button key={provider} variant="outline" disabled={redirecting !== null} onClick={() => void oauth(provider)}>
              {redirecting === provider ? `Opening ${MAIL_OAUTH_LABELS[provider]}…` : `Connect ${MAIL_OAUTH_LABELS[provider]}`}
            </Button>
          ))}
        </div>
        {shownOauthError ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="oauth-error">
            {shownOauthError}
          </p>
        ) : null}
      </div>
    </section>
  );
}
