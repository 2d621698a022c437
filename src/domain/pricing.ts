/**
 * Plans and prices (spec §9 "Pricing and legal", USD). Amounts are kept in cents so no
 * screen ever rounds a float; `formatUsd` turns them into the spec's "$6.99".
 */
export const PLAN_TYPES = ["monthly", "yearly", "lifetime"] as const;
// No zod here: the public pages import prices; the schema is schemas/plan-type.ts.
export type PlanType = (typeof PLAN_TYPES)[number];

export type BillingPeriod = "month" | "year" | "once";

export interface Plan {
  id: PlanType;
  name: string;
  /** List price in US cents. */
  priceCents: number;
  /** Early-signup price shown on the landing pages, in US cents. */
  earlySignupPriceCents: number;
  period: BillingPeriod;
  /** Free-trial length; 0 means no trial. */
  trialDays: number;
  /** A short badge such as the yearly plan's savings note. */
  savingsLabel?: string;
  mostPopular: boolean;
  features: readonly string[];
}

export const MONEY_BACK_GUARANTEE_DAYS = 30;

/**
 * What Pro unlocks today, and nothing more — each line is gated in the code:
 * the Organize workspace (client gate; e-mail cleanup is not built, so it is not listed),
 * filter presets (server, routes/filter-presets.ts), Quick Scan and the quick-actions panel
 * (spec §6), Insights and the Pro exports and backups (server, routes/insights.ts, export.ts).
 * Every plan gives the same Pro; they differ only in how it is paid.
 */
export const PRO_FEATURES = [
  "Organize photos, files and apps: move copies to the CleanSpace trash, undo, delete for good",
  "Advanced filters, saved presets and batch operations",
  "Quick Scan and the Quick Actions panel",
  "Insights: progress, smart suggestions and digital wellness",
  "Reports, exports and backups of your data",
] as const;

/**
 * What paying yearly saves against twelve monthly payments, in whole percent:
 * $69.99 against 12 × $6.99 = $83.88 saves $13.89, 17 %.
 */
export function yearlySavingsPercent(monthlyCents: number, yearlyCents: number): number {
  return Math.round((1 - yearlyCents / (12 * monthlyCents)) * 100);
}

function yearlySavingsLabel(monthlyCents: number, yearlyCents: number): string {
  return `Save ${yearlySavingsPercent(monthlyCents, yearlyCents)}% vs monthly`;
}

export const PLANS: readonly Plan[] = [
  {
    id: "monthly",
    name: "Monthly Pro",
    priceCents: 699,
    earlySignupPriceCents: 350,
    period: "month",
    trialDays: 3,
    mostPopular: false,
    features: PRO_FEATURES,
  },
  {
    id: "yearly",
    name: "Yearly Pro",
    priceCents: 6999,
    earlySignupPriceCents: 3499,
    period: "year",
    trialDays: 7,
    // Computed from the prices (decision 040): the spec's "50% savings" is not what they give.
    savingsLabel: yearlySavingsLabel(699, 6999),
    mostPopular: true,
    features: PRO_FEATURES,
  },
  {
    id: "lifetime",
    name: "Lifetime Pro",
    priceCents: 7999,
    earlySignupPriceCents: 4499,
    period: "once",
    trialDays: 0,
    mostPopular: false,
    features: PRO_FEATURES,
  },
];

export function getPlan(id: PlanType): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan: ${String(id)}`);
  return plan;
}

/** "$6.99", "$69.99" — always two decimals, as the spec writes prices. */
export function formatUsd(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Invalid amount in cents: ${cents}`);
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** "/month", "/year", or "one-time" — the suffix a price is printed with. */
export function periodLabel(period: BillingPeriod): string {
  return period === "month" ? "/month" : period === "year" ? "/year" : "one-time";
}

/** "3-day free trial", or undefined for plans without one. */
export function trialLabel(plan: Pick<Plan, "trialDays">): string | undefined {
  return plan.trialDays > 0 ? `${plan.trialDays}-day free trial` : undefined;
}
