import { DarkModeOffer } from "../components/dark-mode-offer";
import { loadedAfterMount } from "../components/loaded-after-mount";

// The PWA pieces load after the page, outside the initial bundle.
const InstallPrompt = loadedAfterMount(() => import("../components/install-prompt").then((m) => m.InstallPrompt), "the install prompt");
const UpdatePrompt = loadedAfterMount(() => import("../components/update-prompt").then((m) => m.UpdatePrompt), "the update prompt");

/**
 * What every page has besides its own screen, in the app and on the prerendered public
 * pages alike: the dark-mode offer and the install and update prompts (the update prompt
 * registers the service worker).
 */
export function PageExtras() {
  return (
    <>
      <DarkModeOffer />
      <InstallPrompt />
      <UpdatePrompt />
    </>
  );
}
