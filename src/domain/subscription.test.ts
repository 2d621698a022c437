import { describe, expect, it } from "vitest";
import { effectiveStatus } from "./subscription";

const now = new Date("2026-06-10T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("effectiveStatus", () => {
  it("keeps free, lifetime and a running trial", () => {
    expect(effectiveStatus({ subscriptionStatus: "free", trialEndsAt: null, pastDueSince: null }, now)).toBe("free");
    expect(effectiveStatus({ subscriptionStatus: "lifetime", trialEndsAt: null, pastDueSince: null }, now)).toBe("lifetime");
    expect(effectiveStatus({ subscriptionStatus: "trial", trialEndsAt: at("2026-06-10T12:00:01Z"), pastDueSince: null }, now)).toBe(
      "trial",
    );
  });
  it("ends a trial exactly at trialEndsAt", () => {
    expect(effectiveStatus({ subscriptionStatus: "trial", trialEndsAt: now, pastDueSince: null }, now)).toBe("free");
    expect(effectiveStatus({ subscriptionStatus: "trial", trialEndsAt: null, pastDueSince: null }, now)).toBe("free");
  });
  it("keeps access 7 days after a failed payment, then ends it", () => {
    const active = (since: string) => ({ subscriptionStatus: "active", trialEndsAt: null, pastDueSince: at(since) });
    expect(effectiveStatus(active("2026-06-03T12:00:00Z"), now)).toBe("active");
    expect(effectiveStatus(active("2026-06-03T11:59:59Z"), now)).toBe("free");
  });
  it("treats unknown stored values as free", () => {
    expect(effectiveStatus({ subscriptionStatus: "past_due??", trialEndsAt: null, pastDueSince: null }, now)).toBe("free");
  });
});
