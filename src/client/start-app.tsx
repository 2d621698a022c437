/**
 * Starts the app (loaded by main.tsx after the first paint): hydrates a server-rendered tab
 * screen from the data that came with it, or renders the page.
 */
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { withoutTrailingSlash } from "../domain/routes";
import { App } from "./app/app";
import { preloadScreen } from "./app/routes";
import { awaitFirstScreen } from "./lib/after-load";
import { readFirstScreen, seedFirstScreen } from "./lib/first-screen";
import { createQueryClient } from "./lib/query-client";
import { markSignedIn } from "./lib/stored-user";

const root = document.getElementById("root");
if (!root) throw new Error("CleanSpace: #root element missing from index.html");
// What the first screen does not show waits until it is shown (AppRoutes' ScreenReady).
awaitFirstScreen();
const queryClient = createQueryClient();
// The public pages' header reads it (styles.css): a stored user is offered the app.
markSignedIn();
// A signed-in tab screen comes with its data, and usually rendered by the server from it
// (decision 024): the app starts from the same data, so its first render is that markup.
const firstScreen = readFirstScreen();
const seeded = firstScreen !== null && seedFirstScreen(queryClient, firstScreen);
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
if (seeded && root.firstElementChild) {
  // The screen's code first (the page listed it, so it is on its way or there): hydration
  // then adopts the whole screen in one pass and its data reads start at once (preloadScreen).
  void preloadScreen(withoutTrailingSlash(location.pathname), queryClient).then(() => {
    // Hydration as a transition, which React splits into short tasks: the screen is already
    // painted, so adopting it must not hold the main thread for long.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  });
} else {
  // Markup without data it can be adopted from is drawn again.
  root.replaceChildren();
  createRoot(root).render(app);
}
