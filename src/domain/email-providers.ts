/** IMAP presets (implicit TLS on 993) and where each provider issues an app password. */
export interface MailProvider {
  id: "gmail" | "outlook" | "icloud" | "yahoo" | "fastmail";
  label: string;
  host: string;
  port: number;
  appPasswordUrl: string;
  appPasswordNote: string;
}

export const MAIL_PROVIDERS: readonly MailProvider[] = [
  {
    id: "gmail",
    label: "Gmail",
    host: "imap.gmail.com",
    port: 993,
    appPasswordUrl: "https://myaccount.google.com/apppasswords",
    appPasswordNote: "Turn on 2-Step Verification, then create an app password.",
  },
  {
    id: "outlook",
    label: "Outlook / Office 365",
    host: "outlook.office365.com",
    port: 993,
    appPasswordUrl: "https://account.live.com/proofs/AppPassword",
    appPasswordNote: "Work accounts need IMAP enabled by the administrator.",
  },
  {
    id: "icloud",
    label: "iCloud",
    host: "imap.mail.me.com",
    port: 993,
    appPasswordUrl: "https://account.apple.com/account/manage",
    appPasswordNote: "Sign-In and Security → App-Specific Passwords.",
  },
  {
    id: "yahoo",
    label: "Yahoo",
    host: "imap.mail.yahoo.com",
    port: 993,
    appPasswordUrl: "https://login.yahoo.com/account/security",
    appPasswordNote: "Account security → Generate app password.",
  },
  {
    id: "fastmail",
    label: "Fastmail",
    host: "imap.fastmail.com",
    port: 993,
    appPasswordUrl: "https://app.fastmail.com/settings/security/apps",
    appPasswordNote: "Settings → Privacy & Security → App passwords.",
  },
];
