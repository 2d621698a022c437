/**
 * The API reads JSON and nothing else. Fastify's defaults would hand a text/plain body to
 * the schema as a string (a confusing 400) and pass NUL characters and broken UTF-8 through
 * to PostgreSQL, which refuses them with a 500. Here every such body is a clear 4xx instead.
 */
import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Deepest nesting of arrays and objects a body may have. Our deepest schema (a backup's
 * filter presets) nests 4 levels; every check after parsing recurses, so a 10 KB body of
 * `[[[[…` would overflow the stack as a 500. Counted on the text, before parsing.
 */
export const MAX_JSON_DEPTH = 16;

/** The deepest nesting in a JSON text, by a linear scan that skips string contents. */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > deepest && (deepest = depth) > stopAbove) return deepest;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

/** Keys that would reach an object's prototype when a parsed body is spread or merged. */
const PROTO_KEYS = /"(?:__proto__|constructor)"\s*:/;

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v));
  return false;
}

export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) throw new HttpError(400, "Request body is empty; send JSON");
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new HttpError(400, "Request body is not valid UTF-8");
  }
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new HttpError(400, `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, "Malformed request body");
  }
  if (PROTO_KEYS.test(text) && hasProtoKey(value)) throw new HttpError(400, "Malformed request body");
  if (hasNul(value)) throw new HttpError(400, "Text must not contain NUL characters");
  return value;
}

function hasProtoKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasProtoKey);
  if (value && typeof value === "object")
    return Object.keys(value).some((k) => k === "__proto__" || k === "constructor") || Object.values(value).some(hasProtoKey);
  return false;
}

export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
