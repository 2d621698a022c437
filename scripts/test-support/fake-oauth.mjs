// A stand-in for Google's or Microsoft's OAuth 2.0 / OpenID Connect endpoints, for the e-mail
// OAuth tests (API suite, browser journey) and for Dovecot's oauth2 passdb, which asks its
// tokeninfo endpoint whether an access token is live. It keeps state like the real thing:
// codes are single-use, bound to the redirect URI and the PKCE challenge (S256 only), access
// tokens expire, refresh tokens rotate and can be revoked. Anything it does not recognise is a
// 4xx, never a silent success, so a wrong request from the app fails the test.
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";

const b64url = (buf) => Buffer.from(buf).toString("base64url");
const token = (prefix) => `${prefix}.${randomBytes(24).toString("base64url")}`;

function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (d) => {
      body += d;
      if (body.length > 64 * 1024) reject(new Error("body too large"));
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

const json = (res, status, body) =>
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
const html = (res, status, body) =>
  res
    .writeHead(status, { "content-type": "text/html; charset=utf-8" })
    .end(`<!doctype html><html lang="en"><head><title>Fake provider</title></head><body><main>${body}</main></body></html>`);
const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Starts the fake provider. `email` is the signed-in account at the provider; `offlineScope`
 * is the scope that asks for a refresh token (Microsoft's "offline_access"); Google's
 * access_type=offline is honoured too.
 */
export async function startFakeOAuth({ clientId, clientSecret, email, port = 0, accessTtlSeconds = 3600 }) {
  /** tx id → the validated authorization request waiting for the user's decision. */
  const pending = new Map();
  /** code → { redirectUri, challenge, scope, offline, used, expiresAt } */
  const codes = new Map();
  /** access token → { email, scope, expiresAt } */
  const access = new Map();
  /** refresh token → { email, scope, revoked } */
  const refresh = new Map();
  const log = [];
  const next = { expiredAccess: false };

  function issue(scope, offline) {
    const at = token("at");
    access.set(at, { email, scope, expiresAt: next.expiredAccess ? Date.now() - 1000 : Date.now() + accessTtlSeconds * 1000 });
    const out = { access_token: at, token_type: "Bearer", expires_in: accessTtlSeconds, scope };
    if (offline) {
      const rt = token("rt");
      refresh.set(rt, { email, scope, revoked: false });
      out.refresh_token = rt;
    }
    return out;
  }

  // An OpenID Connect ID token as the token endpoint returns it. Unsigned here: the app reads it
  // only from the token endpoint's own TLS response (OIDC Core 3.1.3.7), never from the browser.
  const idToken = () =>
    [
      b64url(JSON.stringify({ alg: "none", typ: "JWT" })),
      b64url(
        JSON.stringify({
          iss: "fake-oauth",
          aud: clientId,
          sub: `sub-${email}`,
          email,
          email_verified: true,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 3600,
        }),
      ),
      "",
    ].join(".");

  function clientOk(form, req) {
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? "");
    if (basic) {
      const [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
      return decodeURIComponent(id) === clientId && decodeURIComponent(secret ?? "") === clientSecret;
    }
    return form.get("client_id") === clientId && form.get("client_secret") === clientSecret;
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://fake");
    log.push(`${req.method} ${url.pathname}`);
    if (req.method === "GET" && url.pathname === "/authorize") {
      const q = url.searchParams;
      const problems = [];
      if (q.get("response_type") !== "code") problems.push("response_type must be code");
      if (q.get("client_id") !== clientId) problems.push("unknown client_id");
      if (!/^https?:\/\//.test(q.get("redirect_uri") ?? "")) problems.push("redirect_uri missing");
      if (!q.get("state")) problems.push("state missing");
      if (q.get("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(q.get("code_challenge") ?? ""))
        problems.push("PKCE S256 required");
      if (!q.get("scope")) problems.push("scope missing");
      if (problems.length) return html(res, 400, `<h1>Request refused</h1><p>${escapeHtml(problems.join("; "))}</p>`);
      const tx = randomBytes(12).toString("hex");
      const scope = q.get("scope");
      pending.set(tx, {
        redirectUri: q.get("redirect_uri"),
        state: q.get("state"),
        challenge: q.get("code_challenge"),
        scope,
        offline: q.get("access_type") === "offline" || scope.split(" ").includes("offline_access"),
      });
      return html(
        res,
        200,
        `<h1>Fake provider</h1><p>Signed in as ${escapeHtml(email)}. CleanSpace asks to read and manage your mail (${escapeHtml(scope)}).</p>` +
          `<p><a href="/consent?tx=${tx}&amp;decision=allow">Allow</a> <a href="/consent?tx=${tx}&amp;decision=deny">Deny</a></p>`,
      );
    }
    if (req.method === "GET" && url.pathname === "/consent") {
      const tx = pending.get(url.searchParams.get("tx") ?? "");
      if (!tx) return html(res, 400, "<h1>Unknown request</h1>");
      pending.delete(url.searchParams.get("tx"));
      const to = new URL(tx.redirectUri);
      if (url.searchParams.get("decision") !== "allow") {
        to.searchParams.set("error", "access_denied");
      } else {
        const code = token("code");
        codes.set(code, { ...tx, used: false, expiresAt: Date.now() + 60_000 });
        to.searchParams.set("code", code);
      }
      to.searchParams.set("state", tx.state);
      return res.writeHead(302, { location: to.toString() }).end();
    }
    if (req.method === "POST" && url.pathname === "/token") {
      const form = new URLSearchParams(await readBody(req));
      if (!clientOk(form, req)) return json(res, 401, { error: "invalid_client" });
      const grant = form.get("grant_type");
      if (grant === "authorization_code") {
        const c = codes.get(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        const challenge = b64url(createHash("sha256").update(verifier).digest());
        if (!c || c.used || c.expiresAt < Date.now() || c.redirectUri !== form.get("redirect_uri") || c.challenge !== challenge) {
          if (c) c.used = true;
          return json(res, 400, {
            error: "invalid_grant",
            error_description: "code invalid, used, expired, or PKCE/redirect_uri mismatch",
          });
        }
        c.used = true;
        return json(res, 200, { ...issue(c.scope, c.offline), id_token: idToken() });
      }
      if (grant === "refresh_token") {
        const rt = form.get("refresh_token") ?? "";
        const r = refresh.get(rt);
        if (!r || r.revoked) return json(res, 400, { error: "invalid_grant", error_description: "refresh token revoked or unknown" });
        // Rotated, as Microsoft does: the old one stops working.
        r.revoked = true;
        return json(res, 200, issue(r.scope, true));
      }
      return json(res, 400, { error: "unsupported_grant_type" });
    }
    // What Dovecot's oauth2 passdb asks (tokeninfo_url = …/tokeninfo?access_token=).
    if (req.method === "GET" && url.pathname === "/tokeninfo") {
      const a = access.get(url.searchParams.get("access_token") ?? "");
      if (!a || a.expiresAt <= Date.now()) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, {
        email: a.email,
        email_verified: "true",
        scope: a.scope,
        expires_in: String(Math.floor((a.expiresAt - Date.now()) / 1000)),
      });
    }
    return json(res, 404, { error: "not_found" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 400, { error: "invalid_request" }));
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    authorizeUrl: `${origin}/authorize`,
    tokenUrl: `${origin}/token`,
    tokeninfoUrl: `${origin}/tokeninfo?access_token=`,
    /** Requests seen, as "METHOD /path". */
    log,
    /** The next tokens issued are already expired (Dovecot refuses them). */
    issueExpired(on = true) {
      next.expiredAccess = on;
    },
    /** Every access token issued so far stops working (as after an hour). */
    expireAccessTokens() {
      for (const a of access.values()) a.expiresAt = 0;
    },
    /** The user removed the app's access at the provider. */
    revokeRefreshTokens() {
      for (const r of refresh.values()) r.revoked = true;
    },
    liveRefreshTokens: () => [...refresh.entries()].filter(([, r]) => !r.revoked).map(([t]) => t),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
