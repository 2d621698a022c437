/**
 * A compiled response serializer for the hot routes: fast-json-stringify (Fastify's own
 * serializer) built once from the zod schema's JSON Schema, instead of the type provider's
 * zod encode, which walks the schema again for every response. Like the encode,
 * it writes only the schema's fields. Unlike it, it does not re-check the values, so it is
 * for responses a route builds itself from typed data; schemas with transforms cannot be
 * expressed in JSON Schema and make the route fail at start-up, not at request time.
 */
import fastJson, { type AnySchema } from "fast-json-stringify";
import { z } from "zod";

export function serializerFor(schema: z.core.$ZodType): (data: unknown) => string {
  return fastJson(z.toJSONSchema(schema, { io: "output", target: "draft-7" }) as AnySchema);
}

/** A route's `serializerCompiler`; Fastify calls it once per response schema. */
export function compiledSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  if (!(schema instanceof z.core.$ZodType)) throw new TypeError("compiledSerializer needs a zod schema");
  return serializerFor(schema);
}
