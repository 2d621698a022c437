/**
 * The route table the security suites probe, read from the app itself: a test file swaps
 * Fastify's factory for one that adds an `onRoute` hook before buildApp registers anything,
 *
 *   vi.mock("fastify", async (original) => (await import("./route-table")).withRouteRecorder(await original()));
 *
 * so a route another engineer adds tomorrow is probed without editing these suites.
 */
import type { FastifyInstance, RouteOptions } from "fastify";
import type { ZodType } from "zod";

export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  /** "POST /api/users/:id" — the key the allow-lists use. */
  key: string;
  /** The route declared `config: { auth: true }`. */
  auth: boolean;
  body: ZodType | undefined;
  params: ZodType | undefined;
  querystring: ZodType | undefined;
  /** Names of the `:param` segments, in order. */
  paramNames: string[];
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const tables = new WeakMap<object, ApiRoute[]>();

function toApiRoutes(options: RouteOptions): ApiRoute[] {
  const url = options.url;
  if (!url.startsWith("/api/")) return [];
  const schema = (options.schema ?? {}) as { body?: ZodType; params?: ZodType; querystring?: ZodType };
  const auth = (options.config as { auth?: boolean } | undefined)?.auth === true;
  const paramNames = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  return [options.method]
    .flat()
    .filter((m): m is ApiRoute["method"] => METHODS.has(m))
    .map((method) => ({
      method,
      url,
      key: `${method} ${url}`,
      auth,
      body: schema.body,
      params: schema.params,
      querystring: schema.querystring,
      paramNames,
    }));
}

type Factory = (...args: never[]) => FastifyInstance;

/** The fastify module with a factory that records every route of every app it builds. */
export function withRouteRecorder<M extends { default: unknown }>(mod: M): M {
  const original = mod.default as Factory;
  const recording = (...args: never[]) => {
    const app = original(...args);
    const routes: ApiRoute[] = [];
    tables.set(app, routes);
    app.addHook("onRoute", (options) => {
      routes.push(...toApiRoutes(options));
    });
    return app;
  };
  Object.assign(recording, original);
  return { ...mod, default: recording, fastify: recording };
}

/** Every /api route of an app built while the recorder was in place. */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const routes = tables.get(app);
  if (!routes) throw new Error("No route table: mock 'fastify' with withRouteRecorder (see route-table.ts) before importing the app");
  return routes;
}

/** True when the route writes (the methods the Origin check guards). */
export const isStateChanging = (route: ApiRoute) => route.method !== "GET";
