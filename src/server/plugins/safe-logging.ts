/**
 * What the logs may hold: no query strings (a reset or confirmation link's
 * token would sit in them) and no database parameters or row details (hashes, tokens and
 * e-mail addresses travel as parameters; PostgreSQL's `detail` repeats the values).
 */
import type { FastifyRequest } from "fastify";

/** The path of a URL, without its query string. */
export const pathOnly = (url: string) => url.split("?")[0] ?? "";

/** A request as the logs show it. */
export function safeRequest(request: Pick<FastifyRequest, "method" | "url" | "ip">) {
  return { method: request.method, url: pathOnly(request.url), remoteAddress: request.ip };
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: LoggedError;
}

/**
 * An error as the logs show it: its type, code, the first line of its message with any
 * "params:" part removed, its stack frames and its cause, the same way. Drizzle's
 * "Failed query: … params: …" keeps the SQL text (ours, with placeholders) and drops the values.
 */
export function safeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: "non-error thrown", stack: "" };
  const firstLine = err.message.split("\n")[0] ?? "";
  const message = firstLine.replace(/\s*params:.*$/i, "").slice(0, 500);
  const code = (err as { code?: unknown }).code;
  const frames = err.stack
    ?.split("\n")
    .filter((l) => l.trimStart().startsWith("at "))
    .slice(0, 15)
    .join("\n");
  return {
    type: err.name,
    message,
    ...(typeof code === "string" ? { code } : {}),
    stack: frames ?? "",
    ...(err.cause !== undefined && depth < 3 ? { cause: safeError(err.cause, depth + 1) } : {}),
  };
}

/** Fastify logger options with these serializers; every `{ err }` and `req` goes through them. */
export function loggerOptions(logger: true | { level: string }) {
  return {
    ...(logger === true ? {} : logger),
    serializers: {
      req: safeRequest,
      err: (err: unknown) => safeError(err),
    },
  };
}
