/**
 * The signed-in tab screens, and a visitor's sign-in pages (decision 043), rendered by the server (decision 024): built by
 * scripts/build-first-screen-renderer.mjs into dist/client/.ssr/first-screen.mjs, which the
 * server loads and calls with the data it read for the session's user through its own API
 * (src/server/plugins/first-screen-data.ts). The markup is the app's own first render from
 * that data — the same tree start-app.tsx hydrates, from the same query cache — so the browser
 * adopts it instead of drawing the screen again. Nothing here reads the user's files: the
 * server has only the account's aggregates, and renders only what the API would send.
 */
import { StrictMode } from "react";
// The edge build, not react-dom/static's Node one: the Node build keeps a request store in an
// AsyncLocalStorage, and once that is entered every promise the server process makes (IMAP
// fetches, database calls, every route) pays Node's async hooks for the rest of its life. The
// edge build keeps one only where the runtime has a global AsyncLocalStorage (Node has none).
import { prerender } from "react-dom/static.edge";
import { Router } from "wouter";
import { VISITOR_DATA, type FirstScreenData } from "../../domain/first-screen";
import { DEFAULT_SETTINGS } from "../../domain/schemas/settings";
import { App } from "../app/app";
import { seedFirstScreen } from "../lib/first-screen";
import { createQueryClient } from "../lib/query-client";

/** The #root markup of the page at `url` (path and query) for the user `data` names; null if the data does not hold up. */
export async function renderFirstScreen(url: string, data: FirstScreenData): Promise<string | null> {
  const queryClient = createQueryClient();
  if (!seedFirstScreen(queryClient, data, { adopt: false })) return null;
  const [path = "/", search = ""] = url.split("?", 2);
  const errors: unknown[] = [];
  try {
    // A prerender, not renderToString: it waits for the lazily loaded screen instead of
    // sending its Suspense fallback.
    const { prelude } = await prerender(
      <StrictMode>
        <Router ssrPath={path} ssrSearch={search}>
          <App queryClient={queryClient} />
        </Router>
      </StrictMode>,
      // An error inside a Suspense boundary would leave that part to the browser; any error
      // at all sends no markup (the browser renders the whole screen, as without this).
      { onError: (error) => void errors.push(error) },
    );
    const html = await new Response(prelude).text();
    if (errors.length > 0) throw errors[0];
    return html;
  } finally {
    queryClient.clear();
  }
}

/**
 * Renders each screen once with made-up data (a user with no scan), so the first person to
 * open a screen after the server starts does not wait for the renderer's code to be compiled.
 */
export async function warmUp(): Promise<void> {
  const data: FirstScreenData = {
    userId: 1,
    reads: {
      me: { id: 1, name: "", email: "warm-up@example.invalid", subscriptionStatus: "trial", trialEndsAt: null },
      settings: DEFAULT_SETTINGS,
    },
  };
  for (const url of ["/home", "/organize", "/insights", "/settings"]) await renderFirstScreen(url, data);
  await renderFirstScreen("/login", VISITOR_DATA);
}
