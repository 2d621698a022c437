import type { DotState } from "../../../../domain/streak";

/** One look for a marked day, shared by the streak dots and the week grid (spec §2: green done, orange today, grey otherwise). */
export const DAY_MARK_CLASS: Record<DotState, string> = {
  done: "bg-streak-done text-white",
  today: "bg-streak-today text-white",
  missed: "bg-muted text-muted-foreground",
  upcoming: "border border-dashed border-border text-muted-foreground",
};

export const DAY_MARK_LABEL: Record<DotState, string> = {
  done: "cleaned up",
  today: "today",
  missed: "no cleanup",
  upcoming: "still to come",
};
