import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { clearMarks, loadMarks, setMarks } from "./marks";

afterEach(() => clearMarks());

describe("marks store (IndexedDB 'cleanspace-organize')", () => {
  it("keeps reviewed and ignored marks, and clears the ones undo names", async () => {
    expect((await loadMarks()).size).toBe(0);
    await setMarks(["file:a", "file:b"], "reviewed", 10);
    await setMarks(["app:Chrome"], "ignored", 20);
    const marks = await loadMarks();
    expect(Object.fromEntries(marks)).toEqual({
      "file:a": { mark: "reviewed", at: 10 },
      "file:b": { mark: "reviewed", at: 10 },
      "app:Chrome": { mark: "ignored", at: 20 },
    });
    await clearMarks(["file:a", "app:Chrome"]);
    expect([...(await loadMarks()).keys()]).toEqual(["file:b"]);
    await clearMarks();
    expect((await loadMarks()).size).toBe(0);
  });
});
