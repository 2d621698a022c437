/**
 * The plan types as a zod schema, apart from pricing.ts: pricing is imported by the public
 * pages, which show prices and must not pull zod into their bundle (bundle budget).
 */
import { z } from "zod";
import { PLAN_TYPES } from "../pricing";

export const PlanTypeSchema = z.enum(PLAN_TYPES);
