/**
 * Loads the renderer of the signed-in tab screens that `npm run build:client` writes beside
 * the client bundle (scripts/build-first-screen-renderer.mjs, decision 024). The server imports
 * no client code: it loads that one built file by path, the same build as the bundle the
 * browser hydrates the markup with. Without it (API tests, a client built without it) pages
 * are sent with their data only, and the browser renders them.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { FirstScreenData, RenderFirstScreen } from "../../domain/first-screen";

export const RENDERER_FILE = join(".ssr", "first-screen.mjs");

/** Time one page's render may take before the page is sent without markup. */
const RENDER_TIMEOUT_MS = 2_000;

export async function loadFirstScreenRenderer(clientDir: string, log: FastifyBaseLogger): Promise<RenderFirstScreen | undefined> {
  const file = join(clientDir, RENDERER_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const mod = (await import(pathToFileURL(file).href)) as { renderFirstScreen?: unknown; warmUp?: () => Promise<void> };
    if (typeof mod.renderFirstScreen !== "function") throw new Error(`${RENDERER_FILE} exports no renderFirstScreen`);
    // Compiles the renderer's code before the first person needs it, without holding up the start.
    mod.warmUp?.().catch((error: unknown) => log.warn({ err: error }, "the first-screen renderer's warm-up failed"));
    return guarded(mod.renderFirstScreen as RenderFirstScreen, log);
  } catch (error) {
    log.warn({ err: error }, "the first-screen renderer did not load: signed-in pages are rendered by the browser");
    return undefined;
  }
}

/** A failed or slow render costs the markup, never the page: it is sent with its data, as without a renderer. */
function guarded(render: RenderFirstScreen, log: FastifyBaseLogger): RenderFirstScreen {
  return async (url: string, data: FirstScreenData) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        log.warn({ url }, "the first screen took too long to render: sent without markup");
        resolve(null);
      }, RENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([render(url, data), timeout]);
    } catch (error) {
      log.warn({ err: error, url }, "the first screen did not render: sent without markup");
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
