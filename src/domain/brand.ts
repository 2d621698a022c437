/** The product's one name (spec §1 notes two; we use one everywhere). */
export const PRODUCT_NAME = "CleanSpace";
export const DEFAULT_SUPPORT_EMAIL = "support@cleanspace.app";
/** Privacy policy and Terms dates (spec §9). */
export const POLICY_DATE = "January 16, 2025";
