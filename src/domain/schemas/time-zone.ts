import { z } from "zod";

/** An IANA time zone name as a request may carry it (checked against ICU where it is used). */
export const TimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_+\-/0-9]+$/, "must be an IANA time zone");
