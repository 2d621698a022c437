/**
 * One error shape for the whole API: `{ error, issues? }`. Bad input is a 400 naming the
 * field; nothing leaks a stack trace or SQL; an unreachable database is a 503.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

export interface FieldIssue {
  field: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly issues?: FieldIssue[],
  ) {
    super(message);
  }
}

/** A 400 that names the offending field, like schema validation does. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, message, {}, [{ field, message }]);
}

const DB_DOWN_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P03", "08006", "08001"]);

function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (e?.code && DB_DOWN_CODES.has(e.code)) return true;
  if (/Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(e?.message ?? "")) return true;
  return e?.cause ? isDatabaseDown(e.cause) : false;
}

function fieldOf(v: { instancePath: string; params: Record<string, unknown> }): string {
  const fromPath = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
  if (fromPath) return fromPath;
  const issue = v.params.issue as { path?: PropertyKey[] } | undefined;
  return (issue?.path ?? []).map(String).join(".");
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send(err.issues ? { error: err.message, issues: err.issues } : { error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        field: fieldOf(v),
        message: v.message ?? "Invalid value",
      }));
      const first = issues[0];
      const where = err.validationContext ?? "body";
      const error = first?.field ? `Invalid ${first.field}: ${first.message}` : `Invalid ${where}: ${first?.message ?? "bad input"}`;
      return reply.code(400).send({ error, issues });
    }
    if (isDatabaseDown(err)) {
      request.log.error({ err }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send({ error: "Service temporarily unavailable" });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type).
      const message =
        err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
          ? "Request body is too large"
          : err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "Unsupported content type"
            : err.code?.startsWith("FST_ERR_CTP") || err instanceof SyntaxError
              ? "Malformed request body"
              : err.message;
      return reply.code(status).send({ error: message });
    }
    // The logger's err serializer (plugins/safe-logging.ts) drops query parameters and row details.
    request.log.error({ err }, "unhandled error");
    return reply.code(500).send({ error: "Internal Server Error" });
  });
}
