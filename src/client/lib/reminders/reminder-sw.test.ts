import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REMINDER_BODY, REMINDER_TITLE } from "../../../domain/reminders";
import { REMINDER_TAG } from "./daily-reminder";

describe("public/reminder-sw.js", () => {
  const source = readFileSync(new URL("../../../../public/reminder-sw.js", import.meta.url), "utf8");
  it("shows the same reminder, under the same tag, as the page does", () => {
    expect(source).toContain(JSON.stringify(REMINDER_TAG));
    expect(source).toContain(JSON.stringify(REMINDER_TITLE));
    expect(source).toContain(JSON.stringify(REMINDER_BODY));
  });
});
