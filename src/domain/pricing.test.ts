import { describe, expect, it } from "vitest";
import { formatUsd, getPlan, periodLabel, PLANS, PRO_FEATURES, trialLabel, yearlySavingsPercent } from "./pricing";
import { PlanTypeSchema } from "./schemas/plan-type";

describe("plans (spec §9)", () => {
  it("lists monthly, yearly and lifetime in that order", () => {
    expect(PLANS.map((p) => p.id)).toEqual(["monthly", "yearly", "lifetime"]);
  });

  it("has the spec's list prices, early-signup prices and trials", () => {
    const table = PLANS.map((p) => [p.id, formatUsd(p.priceCents), formatUsd(p.earlySignupPriceCents), p.trialDays, p.period]);
    expect(table).toEqual([
      ["monthly", "$6.99", "$3.50", 3, "month"],
      ["yearly", "$69.99", "$34.99", 7, "year"],
      ["lifetime", "$79.99", "$44.99", 0, "once"],
    ]);
  });

  it("marks only the yearly plan Most Popular, with the savings its prices give (decision 040)", () => {
    expect(PLANS.filter((p) => p.mostPopular).map((p) => p.id)).toEqual(["yearly"]);
    // 12 × $6.99 = $83.88; $69.99 saves $13.89, 16.56 %.
    expect(yearlySavingsPercent(699, 6999)).toBe(17);
    expect(getPlan("yearly").savingsLabel).toBe("Save 17% vs monthly");
    expect(yearlySavingsPercent(1000, 6000)).toBe(50);
  });

  it("always discounts the early-signup price", () => {
    for (const p of PLANS) expect(p.earlySignupPriceCents).toBeLessThan(p.priceCents);
  });
});

describe("PlanTypeSchema", () => {
  it("accepts the three plan ids and nothing else", () => {
    for (const id of ["monthly", "yearly", "lifetime"]) expect(PlanTypeSchema.parse(id)).toBe(id);
    for (const bad of ["weekly", "", "Monthly", 1, null]) expect(PlanTypeSchema.safeParse(bad).success).toBe(false);
  });
});

describe("formatting", () => {
  it("formats cents with two decimals", () => {
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(5)).toBe("$0.05");
    expect(formatUsd(350)).toBe("$3.50");
    expect(formatUsd(123456)).toBe("$1234.56");
  });

  it("refuses fractional or negative cents", () => {
    expect(() => formatUsd(1.5)).toThrow(RangeError);
    expect(() => formatUsd(-1)).toThrow(RangeError);
  });

  it("labels periods and trials", () => {
    expect(periodLabel("month")).toBe("/month");
    expect(periodLabel("year")).toBe("/year");
    expect(periodLabel("once")).toBe("one-time");
    expect(trialLabel(getPlan("monthly"))).toBe("3-day free trial");
    expect(trialLabel(getPlan("lifetime"))).toBeUndefined();
  });

  it("throws on an unknown plan id", () => {
    expect(() => getPlan("weekly" as never)).toThrow(/Unknown plan/);
  });
});

describe("what Pro lists (issue 16)", () => {
  it("every plan lists the same Pro features, and only ones built today", () => {
    for (const plan of PLANS) expect(plan.features).toEqual(PRO_FEATURES);
    const text = PRO_FEATURES.join(" ").toLowerCase();
    // E-mail cleanup needs an OAuth setup that is not built; there is no priority support desk.
    expect(text).not.toMatch(/email cleanup|e-mail cleanup|priority support|future update/);
  });
});
