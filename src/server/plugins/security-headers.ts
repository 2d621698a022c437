/**
 * Helmet with a real Content-Security-Policy the built app passes. hash-wasm compiles
 * WebAssembly, hence 'wasm-unsafe-eval'; Stripe's Payment Element needs its script and frames.
 *
 * Helmet itself, not @fastify/helmet: the plugin rebuilt the whole helmet middleware (and
 * re-parsed the CSP) on every request, ~30 µs each and the largest item after the database
 * in a profile of GET /api/digital-data under load. Our headers depend on nothing in the
 * request, so they are computed once here and set on every reply.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

export function helmetOptions(https: boolean): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", "https://js.stripe.com"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "https://api.stripe.com"],
        frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"],
        workerSrc: ["'self'", "blob:"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Lets the Stripe frame and Web Workers load; COEP would block third-party frames.
    crossOriginEmbedderPolicy: false,
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/** The headers helmet's middleware would set, read off a stand-in response. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const headers = helmetHeaders(helmetOptions(https));
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
