// @vitest-environment jsdom
import { QueryClient } from "@tanstack/react-query";
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGNUP_ISLAND_SELECTOR, SignupIslandRoot } from "../features/marketing/components/signup-island";
import { PRERENDERED_PAGES, renderPublicPage } from "./public-pages";

// React's act() warns unless told this is a test environment (testing-library does it too).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("prerendered public pages", () => {
  it("renders each page with its sections and one signup island carrying its card id", () => {
    for (const name of Object.keys(PRERENDERED_PAGES)) {
      document.body.innerHTML = `<div id="root">${renderPublicPage(name)}</div>`;
      expect(document.querySelector("h1")?.textContent, name).toBe("Declutter your digital life");
      expect(document.querySelectorAll("article"), name).toHaveLength(3);
      expect(document.querySelector("footer a[href='/privacy']"), name).not.toBeNull();
      const islands = document.querySelectorAll<HTMLElement>(SIGNUP_ISLAND_SELECTOR);
      expect(islands, name).toHaveLength(1);
      expect(islands[0]!.dataset.cardId).toBe("early-access");
      expect(islands[0]!.querySelector("section#early-access h2")?.textContent).toBe("Get early access");
    }
    expect(() => renderPublicPage("nowhere")).toThrow(/No prerendered page/);
  });

  it("hydrates the signup island from its prerendered HTML without a mismatch", async () => {
    document.body.innerHTML = `<div id="root">${renderPublicPage("landing")}</div>`;
    const island = document.querySelector<HTMLElement>(SIGNUP_ISLAND_SELECTOR)!;
    const before = island.innerHTML;
    // A mismatch is reported here (and as a console error, which test-setup.ts fails on).
    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(island, <SignupIslandRoot client={new QueryClient()} cardId={island.dataset.cardId!} />, {
        onRecoverableError: recoverable,
      });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // Hydration adopted the markup instead of replacing it.
    expect(island.innerHTML).toBe(before);
    const label = island.querySelector("label")!;
    expect(island.querySelector(`#${CSS.escape(label.htmlFor)}`)?.tagName).toBe("INPUT");
  });
});
