/**
 * Opens an IMAP connection over implicit TLS to a checked address and turns the ways it can
 * fail into messages a person can act on (wrong password, no IMAP there, TLS failure, timeout).
 * The password or access token is only handed to the library for the login; it is never
 * logged (logger off).
 */
import { isIP } from "node:net";
import { ImapFlow } from "imapflow";
import { HttpError } from "../plugins/errors";
import { resolvePublicAddress } from "./ssrf-guard";

export interface ImapTarget {
  host: string;
  port: number;
  username: string;
  /** An (app) password, or an OAuth access token sent with XOAUTH2/OAUTHBEARER. */
  secret: { password: string } | { accessToken: string };
}

export interface ConnectOptions {
  allow: Set<string>;
  /** Extra CA certificates to trust (IMAP_CA_FILE, tests only). */
  ca?: Buffer | undefined;
  timeoutMs: number;
}

export class MailConnectError extends HttpError {
  constructor(
    readonly kind: "auth" | "refused" | "no-imap" | "tls" | "timeout" | "unreachable",
    message: string,
  ) {
    super(422, message);
  }
}

const TLS_CODES = /CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME|HANDSHAKE/i;

export function connectError(err: unknown, target: Pick<ImapTarget, "host" | "port"> & { oauth?: boolean }): MailConnectError {
  const e = err as { code?: string; authenticationFailed?: boolean; message?: string; _err?: { code?: string } };
  const code = e?.code ?? e?._err?.code ?? "";
  const where = `${target.host}:${target.port}`;
  if ((e?.authenticationFailed || code === "AUTHENTICATIONFAILED") && target.oauth)
    return new MailConnectError("auth", "The mail server refused the sign-in token. Connect again, and allow access to your mail.");
  if (e?.authenticationFailed || code === "AUTHENTICATIONFAILED")
    return new MailConnectError(
      "auth",
      "The mail server refused the user name or password. Many providers need an app password instead of your usual one.",
    );
  if (code === "ECONNREFUSED")
    return new MailConnectError(
      "refused",
      `Nothing accepts connections at ${where}. Check the server name and port (IMAP over TLS is usually 993).`,
    );
  if (code === "ENOTFOUND" || code === "EHOSTUNREACH" || code === "ENETUNREACH")
    return new MailConnectError("unreachable", `The mail server ${target.host} could not be reached.`);
  if (code === "CONNECT_TIMEOUT" || code === "ETIMEOUT" || code === "ETIMEDOUT" || code === "UPGRADE_TIMEOUT")
    return new MailConnectError("timeout", `The mail server at ${where} did not answer in time.`);
  if (
    code === "GREETING_TIMEOUT" ||
    code === "ClosedAfterConnectTLS" ||
    code === "ClosedAfterConnectText" ||
    code === "InvalidResponse" ||
    code.startsWith("ParserError")
  )
    return new MailConnectError(
      "no-imap",
      `The server at ${where} does not speak IMAP over TLS. Check the port, and that IMAP access is turned on in your mail settings.`,
    );
  if (TLS_CODES.test(code) || TLS_CODES.test(e?.message ?? ""))
    return new MailConnectError(
      "tls",
      `A secure (TLS) connection to ${where} could not be made: the server's certificate was not accepted or it does not offer TLS on this port.`,
    );
  return new MailConnectError(
    "no-imap",
    `The connection to ${where} failed before the mailbox opened. Check the server name, port and that IMAP is enabled.`,
  );
}

export async function openImap(target: ImapTarget, options: ConnectOptions): Promise<ImapFlow> {
  const address = await resolvePublicAddress(target.host, options.allow);
  const client = new ImapFlow({
    host: address,
    port: target.port,
    secure: true,
    // The certificate is checked against the name the user typed, not the address.
    ...(isIP(target.host.replace(/^\[(.*)\]$/, "$1")) ? {} : { servername: target.host }),
    auth:
      "accessToken" in target.secret
        ? { user: target.username, accessToken: target.secret.accessToken }
        : { user: target.username, pass: target.secret.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: Math.min(options.timeoutMs, 8_000),
    socketTimeout: Math.max(options.timeoutMs * 3, 60_000),
    tls: { rejectUnauthorized: true, minVersion: "TLSv1.2", ...(options.ca ? { ca: options.ca } : {}) },
  });
  // An error after connect (socket reset) must not become an unhandled 'error' event.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (err) {
    client.close();
    throw connectError(err, { ...target, oauth: "accessToken" in target.secret });
  }
  return client;
}
