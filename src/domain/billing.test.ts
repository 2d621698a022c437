import { describe, expect, it } from "vitest";
import { canCancelBeforeRenewal, graceEndsAt, isRefundable, refundDeadline } from "./billing";

const DAY = 24 * 3600 * 1000;
const t0 = new Date("2026-01-01T00:00:00Z");

describe("billing rules (Terms, spec §9)", () => {
  it("allows cancelling until 24 h before the renewal, not after", () => {
    expect(canCancelBeforeRenewal(new Date(t0.getTime() + DAY), t0)).toBe(true);
    expect(canCancelBeforeRenewal(new Date(t0.getTime() + DAY - 1), t0)).toBe(false);
    expect(canCancelBeforeRenewal(null, t0)).toBe(true);
  });

  it("refunds within 30 days of the first payment, once", () => {
    expect(refundDeadline(t0).getTime()).toBe(t0.getTime() + 30 * DAY);
    expect(isRefundable({ firstPaidAt: t0, refundedAt: null }, new Date(t0.getTime() + 30 * DAY))).toBe(true);
    expect(isRefundable({ firstPaidAt: t0, refundedAt: null }, new Date(t0.getTime() + 30 * DAY + 1))).toBe(false);
    expect(isRefundable({ firstPaidAt: t0, refundedAt: t0 }, t0)).toBe(false);
    expect(isRefundable({ firstPaidAt: null, refundedAt: null }, t0)).toBe(false);
  });

  it("grace ends 7 days after the failed payment", () => {
    expect(graceEndsAt(t0).getTime()).toBe(t0.getTime() + 7 * DAY);
  });
});
