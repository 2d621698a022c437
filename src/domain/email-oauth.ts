/**
 * Signing in to Gmail or Outlook with OAuth (XOAUTH2) instead of an app password (issue 21,
 * decision 023). The server's OAuth callback sends the browser back to Organize → Email with
 * one of these outcomes in the `mailbox` query parameter; the page says what happened.
 */
export const MAIL_OAUTH_PROVIDERS = ["gmail", "outlook"] as const;
export type MailOAuthProvider = (typeof MAIL_OAUTH_PROVIDERS)[number];

export const MAIL_OAUTH_LABELS: Record<MailOAuthProvider, string> = { gmail: "Gmail", outlook: "Outlook" };

/** Query parameters of the return to /organize?tab=email. */
export const OAUTH_OUTCOME_PARAM = "mailbox";
export const OAUTH_PROVIDER_PARAM = "provider";

export const OAUTH_OUTCOMES = ["connected", "denied", "state", "exchange", "refused", "unreachable", "busy"] as const;
export type OAuthOutcome = (typeof OAUTH_OUTCOMES)[number];

/** What the page says for an outcome (null: nothing to say, the mailbox simply opens). */
export function oauthOutcomeText(outcome: OAuthOutcome, provider: MailOAuthProvider): string | null {
  const name = MAIL_OAUTH_LABELS[provider];
  switch (outcome) {
    case "connected":
      return null;
    case "denied":
      return `Access to your ${name} mailbox was not allowed, so nothing was connected.`;
    case "state":
      return `That ${name} sign-in could not be matched to this session (it expired, or was started in another browser or account). Try Connect ${name} again.`;
    case "exchange":
      return `${name} did not confirm the sign-in. Try Connect ${name} again.`;
    case "refused":
      return `${name}'s mail server refused the sign-in. Check that IMAP is turned on for your account, then try again.`;
    case "unreachable":
      return `${name}'s mail server could not be reached. Try again in a moment.`;
    case "busy":
      return "Too many mailboxes are connected or being connected right now. Try again in a few minutes.";
  }
}

export const isOAuthOutcome = (v: string | null): v is OAuthOutcome => OAUTH_OUTCOMES.includes(v as OAuthOutcome);
export const isMailOAuthProvider = (v: string | null): v is MailOAuthProvider => MAIL_OAUTH_PROVIDERS.includes(v as MailOAuthProvider);
