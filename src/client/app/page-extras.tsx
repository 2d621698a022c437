import { lazy, Suspense } from "react";
import { DarkModeOffer } from "../components/dark-mode-offer";

// The PWA pieces load after the page, outside the initial bundle.
const InstallPrompt = lazy(() => import("../components/install-prompt").then((m) => ({ default: m.InstallPrompt })));
const UpdatePrompt = lazy(() => import("../components/update-prompt").then((m) => ({ default: m.UpdatePrompt })));

/**
 * What every page has besides its own screen, in the app and on the prerendered public
 * pages alike: the dark-mode offer and the install and update prompts (the update prompt
 * registers the service worker).
 */
export function PageExtras() {
  return (
    <>
      <DarkModeOffer />
      <Suspense fallback={null}>
        <InstallPrompt />
        <UpdatePrompt />
      </Suspense>
    </>
  );
}
