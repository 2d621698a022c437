// @vitest-environment jsdom
import { QueryClient } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module: its state (loaded, idle, first screen) is per page. */
const load = () => import("./after-load");

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("afterLoad", () => {
  it("runs the work once the loaded page is idle, when no first screen is awaited", async () => {
    const { afterLoad } = await load();
    const work = vi.fn();
    afterLoad(work);
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledOnce();
  });

  it("holds the work until the first screen is shown, then runs it", async () => {
    const { afterLoad, awaitFirstScreen, firstScreenShown } = await load();
    awaitFirstScreen();
    const work = vi.fn();
    afterLoad(work);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();
    firstScreenShown();
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledOnce();
    // From then on, at once.
    const later = vi.fn();
    afterLoad(later);
    expect(later).toHaveBeenCalledOnce();
  });

  it("holds the work while a loading placeholder of the screen is shown", async () => {
    const { afterLoad, awaitFirstScreen, firstScreenShown, useHoldsFirstScreen } = await load();
    awaitFirstScreen();
    const work = vi.fn();
    afterLoad(work);
    function Placeholder() {
      useHoldsFirstScreen();
      return null;
    }
    const view = render(<Placeholder />);
    firstScreenShown();
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();
    view.unmount();
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledOnce();
  });

  it("waits for a first screen that never finishes loading no longer than its limit", async () => {
    const { afterLoad, awaitFirstScreen } = await load();
    awaitFirstScreen();
    const work = vi.fn();
    afterLoad(work);
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(6000);
    expect(work).toHaveBeenCalledOnce();
  });
});

describe("whenQueriesSettle", () => {
  it("waits for every fetching query, then calls once", async () => {
    const { whenQueriesSettle } = await load();
    const client = new QueryClient();
    let finish!: (v: number) => void;
    void client.fetchQuery({ queryKey: ["read"], queryFn: () => new Promise<number>((r) => (finish = r)) });
    const run = vi.fn();
    whenQueriesSettle(client, run);
    await vi.advanceTimersByTimeAsync(100);
    expect(run).not.toHaveBeenCalled();
    finish(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledOnce();
    void client.fetchQuery({ queryKey: ["other"], queryFn: () => Promise.resolve(2) });
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledOnce();
  });

  it("gives up waiting on a read that never settles", async () => {
    const { whenQueriesSettle } = await load();
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ["stuck"], queryFn: () => new Promise<number>(() => {}) });
    const run = vi.fn();
    whenQueriesSettle(client, run);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledOnce();
  });

  it("can be cancelled", async () => {
    const { whenQueriesSettle } = await load();
    const client = new QueryClient();
    const run = vi.fn();
    whenQueriesSettle(client, run)();
    await vi.runAllTimersAsync();
    expect(run).not.toHaveBeenCalled();
  });
});
