/**
 * Loaded by the prerendered public pages' script (public-page.tsx) after their first paint:
 * hydrates the signup card, the one part that responds to input, and adds what every page
 * has (src/client/app/page-extras.tsx). Links stay plain links: following one loads that
 * page, served by the app as usual. The offline queue and the device layer belong to the
 * signed-in app and start with it.
 *
 * Both renders are transitions, which React splits into short tasks: the page is already
 * on screen and readable, so this work must not hold up a visitor's scrolling or typing.
 */
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PageExtras } from "./app/page-extras";
import { SIGNUP_ISLAND_SELECTOR, SignupIslandRoot } from "./features/marketing/components/signup-island";
import { createQueryClient } from "./lib/query-client";
import { ThemeProvider } from "./lib/theme";

const queryClient = createQueryClient();
startTransition(() => {
  for (const island of document.querySelectorAll<HTMLElement>(SIGNUP_ISLAND_SELECTOR)) {
    hydrateRoot(island, <SignupIslandRoot client={queryClient} cardId={island.dataset.cardId ?? ""} />);
  }
});

const extras = document.body.appendChild(document.createElement("div"));
startTransition(() => {
  createRoot(extras).render(
    <ThemeProvider>
      <PageExtras />
    </ThemeProvider>,
  );
});
