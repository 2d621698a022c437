/**
 * fast-check arbitraries read from a route's zod body schema (zod 4's `_zod.def`), so the
 * fuzz suite knows each route's shape with no hand-written generator. `schemaShaped`
 * follows the schema's structure and simple checks (lengths, ranges, patterns, formats);
 * cross-field refinements are not modelled, so some values are still refused — on purpose.
 * `nearValid` breaks exactly one thing in such a value. Unknown node types fall back to
 * arbitrary JSON.
 */
import fc, { type Arbitrary } from "fast-check";
import type { ZodType } from "zod";
import { HOSTILE_NUMBERS, HOSTILE_STRINGS } from "./payloads";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((c) => c._zod.def);

const anyJson: Arbitrary<Json> = fc.jsonValue({ maxDepth: 2 }) as Arbitrary<Json>;
const INT32 = 2 ** 31 - 1;

const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom("com", "org", "example"))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const isoDate = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringArb(def: Def): Arbitrary<string> {
  let min = 0;
  let max = Infinity;
  let format = typeof def.format === "string" ? def.format : undefined;
  const patterns: RegExp[] = format && def.pattern instanceof RegExp ? [def.pattern] : [];
  for (const c of checksOf(def)) {
    if (c.check === "min_length") min = Math.max(min, c.minimum ?? 0);
    if (c.check === "max_length") max = Math.min(max, c.maximum ?? Infinity);
    if (c.check === "length_equals") min = max = c.length ?? 0;
    if (c.check === "string_format") {
      format = c.format;
      if (c.pattern) patterns.push(c.pattern);
    }
  }
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (format === "email") return email.filter(fits);
  if (format === "datetime") return isoDate;
  if (format === "uuid" || format === "guid") return fc.uuid();
  if (format === "url") return fc.webUrl();
  if (patterns.length > 0) {
    try {
      return fc.stringMatching(patterns[0]!).filter((s) => fits(s) && patterns.every((p) => p.test(s)));
    } catch {
      // A pattern fast-check cannot invert: plain strings (mostly refused, still useful).
    }
  }
  const maxLength = Math.min(max, min + 24);
  return fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength }), weight: 3 },
    { arbitrary: fc.string({ minLength: min, maxLength, unit: "binary" }), weight: 1 },
  );
}

function numberArb(def: Def): Arbitrary<number> {
  let lo = -Number.MAX_SAFE_INTEGER;
  let hi = Number.MAX_SAFE_INTEGER;
  let loOpen = false;
  let hiOpen = false;
  let integer = false;
  for (const c of checksOf(def)) {
    if (c.check === "number_format" && /int/.test(c.format ?? "")) integer = true;
    if (c.check === "greater_than" && c.value !== undefined && c.value >= lo) [lo, loOpen] = [c.value, !c.inclusive];
    if (c.check === "less_than" && c.value !== undefined && c.value <= hi) [hi, hiOpen] = [c.value, !c.inclusive];
  }
  if (integer) {
    const min = loOpen ? Math.floor(lo) + 1 : Math.ceil(lo);
    const max = hiOpen ? Math.ceil(hi) - 1 : Math.floor(hi);
    const small = fc.integer({ min: Math.max(min, -INT32), max: Math.min(max, INT32) });
    return min >= -INT32 && max <= INT32 ? small : fc.oneof(small, fc.constantFrom(min, max), fc.integer({ min, max }));
  }
  return fc.double({ min: lo, max: hi, minExcluded: loOpen, maxExcluded: hiOpen, noNaN: true, noDefaultInfinity: true });
}

/** Values shaped like the schema (see the file comment for what "shaped" leaves out). */
export function schemaShaped(schema: ZodType | unknown, depth = 0): Arbitrary<Json> {
  if (depth > 6) return fc.constant(null);
  const def = defOf(schema);
  const inner = (s: unknown) => schemaShaped(s, depth + 1);
  switch (def.type) {
    case "string":
      return stringArb(def);
    case "number":
      return numberArb(def);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "literal":
      return fc.constantFrom(...(def.values as Json[]));
    case "enum":
      return fc.constantFrom(...(Object.values(def.entries as Record<string, Json>) as Json[]));
    case "array": {
      const lengths = checksOf(def);
      const minLength = lengths.find((c) => c.check === "min_length")?.minimum ?? 0;
      const maxLength = Math.min(lengths.find((c) => c.check === "max_length")?.maximum ?? Infinity, minLength + 4);
      return fc.array(inner(def.element), { minLength, maxLength });
    }
    case "tuple":
      return fc.tuple(...(def.items as unknown[]).map(inner)) as Arbitrary<Json>;
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      const model: Record<string, Arbitrary<Json>> = {};
      const requiredKeys: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        model[key] = inner(field);
        if (!["optional", "default", "prefault"].includes(defOf(field).type)) requiredKeys.push(key);
      }
      return fc.record(model, { requiredKeys }) as Arbitrary<Json>;
    }
    case "record":
      return fc.dictionary(fc.string({ maxLength: 12 }), inner(def.valueType), { maxKeys: 4 }) as Arbitrary<Json>;
    case "union":
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case "nullable":
      return fc.option(inner(def.innerType), { nil: null, freq: 5 });
    case "optional":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return inner(def.innerType);
    case "pipe": {
      // The output side is more specific (e.g. z.email() after a trim) unless it is a transform.
      const out = defOf(def.out).type;
      return inner(out === "transform" || out === "any" || out === "unknown" ? def.in : def.out);
    }
    case "lazy":
      return inner((def.getter as () => unknown)());
    default:
      return anyJson;
  }
}

type Path = (string | number)[];

function pathsOf(value: Json, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}

function update(value: Json, path: Path, change: (parent: Json[] | { [k: string]: Json }, key: string | number) => void): Json {
  const copy = structuredClone(value);
  if (path.length === 0) return copy;
  let node = copy as Json[] | { [k: string]: Json };
  for (const key of path.slice(0, -1)) node = (node as Record<string | number, Json>)[key] as typeof node;
  change(node, path.at(-1)!);
  return copy;
}

const typeOf = (v: Json) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

export type Mutation = "drop" | "extra" | "wrongType" | "hostile" | "null";

/** Applies one mutation at the pick-th path of the value (wrapping around). */
export function mutate(value: Json, kind: Mutation, pick: number, replacement: Json): Json {
  const paths = pathsOf(value);
  const path = paths[pick % paths.length]!;
  const objects = paths.filter((p) => {
    const v = p.reduce<Json>((n, k) => (n as Record<string | number, Json>)[k]!, value);
    return v !== null && typeof v === "object" && !Array.isArray(v);
  });
  switch (kind) {
    case "drop":
      if (path.length === 0) return {};
      return update(value, path, (parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key]));
    case "extra": {
      const target = objects[pick % Math.max(1, objects.length)];
      if (!target) return [value, replacement];
      return update(value, [...target, "unexpectedField"], (parent, key) => ((parent as Record<string, Json>)[key] = replacement));
    }
    case "wrongType": {
      const current = path.reduce<Json>((n, k) => (n as Record<string | number, Json>)[k]!, value);
      const wrong = typeOf(replacement) === typeOf(current) ? (typeof current === "string" ? 12345 : "not-the-right-type") : replacement;
      return path.length === 0 ? wrong : update(value, path, (parent, key) => ((parent as Record<string | number, Json>)[key] = wrong));
    }
    case "hostile":
    case "null": {
      const next = kind === "null" ? null : replacement;
      return path.length === 0 ? next : update(value, path, (parent, key) => ((parent as Record<string | number, Json>)[key] = next));
    }
  }
}

const hostile: Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS),
  fc.string({ unit: "binary", maxLength: 40 }),
);

/** A schema-shaped value with exactly one thing broken. */
export function nearValid(schema: ZodType): Arbitrary<Json> {
  return fc
    .tuple(
      schemaShaped(schema),
      fc.constantFrom<Mutation>("drop", "extra", "wrongType", "hostile", "null"),
      fc.nat(),
      fc.oneof(hostile, anyJson),
    )
    .map(([value, kind, pick, replacement]) => mutate(value, kind, pick, replacement));
}

/** What the fuzz suite sends to a route: arbitrary JSON, schema-shaped values and near misses. */
export function bodyArbitrary(schema: ZodType | undefined): Arbitrary<Json> {
  if (!schema) return fc.oneof(anyJson, hostile);
  return fc.oneof(
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: schemaShaped(schema), weight: 1 },
    { arbitrary: nearValid(schema), weight: 3 },
  );
}
