/**
 * The signup card as an island: `/`, `/showcase` and `/landing` are served as HTML
 * prerendered at build time (scripts/prerender-public-pages.mjs), and in that HTML the card
 * is the only part that needs JavaScript. The page around it is never hydrated; the card
 * alone is, by src/client/public-page.tsx, from the same tree it was rendered from here.
 * Inside the app (a visitor navigating to `/` from another screen) it is an ordinary card.
 */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { EmailSignupCard } from "./email-signup-card";

/** Set only while prerendering: the signup island's own HTML for a card id. */
export const SignupIslandRenderer = createContext<((cardId: string) => string) | null>(null);

/** The attribute that marks the island in prerendered HTML; the card id rides along. */
export const SIGNUP_ISLAND_SELECTOR = "[data-island=signup]";

/**
 * The island's whole tree, identical at prerender and at hydration: the card's generated
 * ids (useId) depend on the tree above it, so both sides must start from the same root.
 */
export function SignupIslandRoot({ client, cardId }: { client: QueryClient; cardId: string }) {
  return (
    <QueryClientProvider client={client}>
      <EmailSignupCard id={cardId} />
    </QueryClientProvider>
  );
}

export function SignupIsland({ cardId, className }: { cardId: string; className: string }) {
  const renderIsland = useContext(SignupIslandRenderer);
  if (!renderIsland) {
    return (
      <div className={className}>
        <EmailSignupCard id={cardId} />
      </div>
    );
  }
  return (
    <div className={className} data-island="signup" data-card-id={cardId} dangerouslySetInnerHTML={{ __html: renderIsland(cardId) }} />
  );
}
