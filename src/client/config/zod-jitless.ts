/**
 * What `zod` means in the browser build (vite.config.ts aliases the bare specifier here, for
 * the app's own modules and the shared src/domain schemas alike): zod itself, configured
 * jitless before any schema exists. Left to itself, zod 4 decides when an object schema is
 * created whether it may compile a parser with `new Function`; the page's CSP forbids that,
 * so Chrome logs a violation on every page that parses (Lighthouse best-practices 96). The
 * interpreted parser gives the same results.
 *
 * Invariant: this module's body runs before any importer's, because every import of "zod"
 * in the bundle resolves to it; it imports the real package through "zod/v4", which the alias
 * leaves alone.
 */
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
