import { describe, expect, it } from "vitest";
import { describeSyncStatus } from "./describe-sync-status";

describe("describeSyncStatus", () => {
  it("names the offline state and what is waiting", () => {
    expect(describeSyncStatus({ isOnline: false, syncing: false, pendingActions: 0 })).toBe("Offline");
    expect(describeSyncStatus({ isOnline: false, syncing: false, pendingActions: 1 })).toBe("Offline — 1 change waiting");
    expect(describeSyncStatus({ isOnline: false, syncing: false, pendingActions: 2 })).toBe("Offline — 2 changes waiting");
  });

  it("shows syncing, then leftovers, then nothing", () => {
    expect(describeSyncStatus({ isOnline: true, syncing: true, pendingActions: 3 })).toBe("Syncing…");
    expect(describeSyncStatus({ isOnline: true, syncing: false, pendingActions: 1 })).toBe("1 change waiting to sync");
    expect(describeSyncStatus({ isOnline: true, syncing: true, pendingActions: 0 })).toBeNull();
    expect(describeSyncStatus({ isOnline: true, syncing: false, pendingActions: 0 })).toBeNull();
  });
});
