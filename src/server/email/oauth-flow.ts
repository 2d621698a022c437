/**
 * The OAuth 2.0 authorization-code flow with PKCE (RFC 6749, RFC 7636) for the mailbox
 * sign-in: the authorization URL, the code exchange and the refresh, all on the server (the
 * client secret and the tokens never reach the browser). The user's address comes from the
 * OpenID Connect ID token of the token response, read straight from the provider over TLS
 * (OIDC Core 3.1.3.7 allows TLS in place of the signature check there); its audience must be
 * our client. No token is logged: errors carry the provider's error code only.
 */
import { createHash, randomBytes } from "node:crypto";
import type { OAuthClient } from "./oauth-providers";

export const STATE_TTL_MS = 10 * 60_000;

export const newSecret = () => randomBytes(32).toString("base64url");
export const hashState = (state: string) => createHash("sha256").update(state).digest("hex");
export const pkceChallenge = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

export function authorizationUrl(
  client: OAuthClient,
  o: { state: string; verifier: string; redirectUri: string; offline: boolean },
): string {
  const url = new URL(client.authorizeUrl);
  const params: Record<string, string> = {
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: o.redirectUri,
    scope: client.scope(o.offline),
    state: o.state,
    code_challenge: pkceChallenge(o.verifier),
    code_challenge_method: "S256",
    ...client.extraParams(o.offline),
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** The provider said no (its error code, e.g. invalid_grant), or could not be asked. */
export class OAuthTokenError extends Error {
  constructor(
    readonly code: string,
    readonly reached: boolean,
  ) {
    super(`token endpoint: ${code}`);
  }
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** The mailbox address (from the ID token), when the response carried one. */
  email: string | null;
}

async function tokenRequest(client: OAuthClient, form: Record<string, string>, timeoutMs: number): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(client.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      // client_secret_post: accepted by Google and Microsoft alike.
      body: new URLSearchParams({ ...form, client_id: client.clientId, client_secret: client.clientSecret }),
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new OAuthTokenError("unreachable", false);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== "string") {
    const code = typeof body.error === "string" && /^[a-z_]{1,64}$/.test(body.error) ? body.error : `http_${res.status}`;
    throw new OAuthTokenError(code, true);
  }
  return body;
}

/** The address an ID token names for our client, lower-cased; null when it names none or is for another client. */
export function emailFromIdToken(idToken: unknown, clientId: string): string | null {
  if (typeof idToken !== "string") return null;
  const payload = idToken.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!aud.includes(clientId)) return null;
    // Microsoft puts the address in preferred_username when the optional email claim is off.
    const address = [claims.email, claims.preferred_username].find(
      (v): v is string => typeof v === "string" && /^[^\s@]+@[^\s@]+$/.test(v),
    );
    return address ? address.toLowerCase() : null;
  } catch {
    return null;
  }
}

export async function exchangeCode(
  client: OAuthClient,
  o: { code: string; verifier: string; redirectUri: string },
  timeoutMs: number,
): Promise<TokenSet> {
  const body = await tokenRequest(
    client,
    { grant_type: "authorization_code", code: o.code, code_verifier: o.verifier, redirect_uri: o.redirectUri },
    timeoutMs,
  );
  return {
    accessToken: body.access_token as string,
    refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : null,
    email: emailFromIdToken(body.id_token, client.clientId),
  };
}

/** A fresh access token; the refresh token too when the provider rotates it (Microsoft does). */
export async function refreshAccess(client: OAuthClient, refreshToken: string, timeoutMs: number): Promise<TokenSet> {
  const form: Record<string, string> = { grant_type: "refresh_token", refresh_token: refreshToken };
  if (client.refreshScope) form.scope = client.refreshScope;
  const body = await tokenRequest(client, form, timeoutMs);
  return {
    accessToken: body.access_token as string,
    refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : null,
    email: emailFromIdToken(body.id_token, client.clientId),
  };
}
