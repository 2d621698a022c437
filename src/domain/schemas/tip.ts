import { z } from "zod";

/** A tip as the client shows it (spec §3 "Tip as shown"). */
export const TipSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  title: z.string(),
  content: z.string(),
});
export type Tip = z.infer<typeof TipSchema>;
