/**
 * The public pages rendered to HTML at build time (scripts/prerender-public-pages.mjs), so a
 * visitor sees `/`, `/showcase` and `/landing` as soon as the HTML and CSS arrive instead of
 * after the app's JavaScript has loaded and run. Only the signup card is hydrated afterwards
 * (src/client/public-page.tsx); everything else on these pages is links and text.
 */
import { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { PAGES } from "../../domain/routes";
import { LandingPage } from "../features/marketing/landing-page";
import { ShowcasePage } from "../features/marketing/showcase-page";
import { SignupIslandRenderer, SignupIslandRoot } from "../features/marketing/components/signup-island";

/** File name (without .html) → the page and the path wouter renders it at. */
export const PRERENDERED_PAGES: Readonly<Record<string, { path: string; page: ComponentType }>> = {
  showcase: { path: PAGES.showcase, page: ShowcasePage },
  landing: { path: PAGES.landing, page: LandingPage },
};

function renderIsland(cardId: string): string {
  return renderToString(<SignupIslandRoot client={new QueryClient()} cardId={cardId} />);
}

/** The page's markup for the app's #root element. */
export function renderPublicPage(name: string): string {
  const entry = PRERENDERED_PAGES[name];
  if (!entry) throw new Error(`No prerendered page named ${name}`);
  const Page = entry.page;
  return renderToString(
    <Router ssrPath={entry.path}>
      <SignupIslandRenderer.Provider value={renderIsland}>
        <Page />
      </SignupIslandRenderer.Provider>
    </Router>,
  );
}
