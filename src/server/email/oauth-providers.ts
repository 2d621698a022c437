/**
 * The OAuth clients the Gmail and Outlook buttons use, from the environment (decision 023):
 * endpoints, the scopes that grant IMAP, and the IMAP server the token is good for. A provider
 * without a client id and secret is off, and its button keeps the spec's error.
 */
import type { MailOAuthProvider } from "../../domain/email-oauth";
import type { Env } from "../env";

export interface OAuthClient {
  provider: MailOAuthProvider;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  imapHost: string;
  imapPort: number;
  /** Scopes for IMAP plus the ID token's address; `offline` adds what asks for a refresh token. */
  scope(offline: boolean): string;
  /** Extra authorization parameters (Google wants access_type=offline for a refresh token). */
  extraParams(offline: boolean): Record<string, string>;
  /** The scope a refresh request names (Microsoft requires one; Google takes none). */
  refreshScope: string | null;
}

export function oauthClients(env: Env): Partial<Record<MailOAuthProvider, OAuthClient>> {
  const out: Partial<Record<MailOAuthProvider, OAuthClient>> = {};
  if (env.GMAIL_OAUTH_CLIENT_ID && env.GMAIL_OAUTH_CLIENT_SECRET)
    out.gmail = {
      provider: "gmail",
      clientId: env.GMAIL_OAUTH_CLIENT_ID,
      clientSecret: env.GMAIL_OAUTH_CLIENT_SECRET,
      authorizeUrl: env.GMAIL_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.GMAIL_OAUTH_TOKEN_URL,
      imapHost: env.GMAIL_OAUTH_IMAP_HOST,
      imapPort: env.GMAIL_OAUTH_IMAP_PORT,
      // https://mail.google.com/ is the only Google scope IMAP accepts.
      scope: () => "openid email https://mail.google.com/",
      // A refresh token only when the user asked to stay connected; prompt=consent makes Google issue it again.
      extraParams: (offline): Record<string, string> =>
        offline ? { access_type: "offline", prompt: "consent" } : { access_type: "online" },
      refreshScope: null,
    };
  if (env.OUTLOOK_OAUTH_CLIENT_ID && env.OUTLOOK_OAUTH_CLIENT_SECRET)
    out.outlook = {
      provider: "outlook",
      clientId: env.OUTLOOK_OAUTH_CLIENT_ID,
      clientSecret: env.OUTLOOK_OAUTH_CLIENT_SECRET,
      authorizeUrl: env.OUTLOOK_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.OUTLOOK_OAUTH_TOKEN_URL,
      imapHost: env.OUTLOOK_OAUTH_IMAP_HOST,
      imapPort: env.OUTLOOK_OAUTH_IMAP_PORT,
      scope: (offline) => `openid email https://outlook.office.com/IMAP.AccessAsUser.All${offline ? " offline_access" : ""}`,
      extraParams: () => ({}),
      refreshScope: "openid email https://outlook.office.com/IMAP.AccessAsUser.All offline_access",
    };
  return out;
}
