import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSignups } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";
import { readSignups, signupsToCsv } from "./signups-csv";

describe("signupsToCsv", () => {
  it("writes the header and one line per signup, tags in one quoted column", () => {
    const csv = signupsToCsv([
      {
        email: "ada@example.com",
        source: "landing_page",
        tags: ["app_launch_notification", "early_access"],
        createdAt: new Date("2025-01-16T10:00:00Z"),
      },
      { email: "o'brien@example.com", source: "showcase", tags: [], createdAt: new Date("2025-01-17T00:00:00.123Z") },
      { email: "q@example.com", source: 'we"ird', tags: ["early_access"], createdAt: new Date("2025-01-18T00:00:00Z") },
    ]);
    expect(csv).toBe(
      [
        "email,source,tags,created_at",
        'ada@example.com,landing_page,"app_launch_notification,early_access",2025-01-16T10:00:00.000Z',
        "o'brien@example.com,showcase,,2025-01-17T00:00:00.123Z",
        'q@example.com,"we""ird",early_access,2025-01-18T00:00:00.000Z',
        "",
      ].join("\r\n"),
    );
  });

  it("defuses an address a spreadsheet would run as a formula", () => {
    const csv = signupsToCsv([
      { email: "=cmd@example.com", source: "landing_page", tags: [], createdAt: new Date("2025-01-16T10:00:00Z") },
    ]);
    expect(csv.split("\r\n")[1]).toBe("'=cmd@example.com,landing_page,,2025-01-16T10:00:00.000Z");
  });

  it("writes only the header for an empty list", () => {
    expect(signupsToCsv([])).toBe("email,source,tags,created_at\r\n");
  });
});

describe("readSignups", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("reads every signup oldest first", async () => {
    await t.database.db.insert(emailSignups).values([
      { email: "late@example.com", source: "landing_page", tags: ["early_access"], createdAt: new Date("2025-02-01T00:00:00Z") },
      { email: "early@example.com", source: "landing_page", tags: [], createdAt: new Date("2025-01-01T00:00:00Z") },
    ]);
    const rows = await readSignups(t.database.db);
    expect(rows.map((r) => r.email)).toEqual(["early@example.com", "late@example.com"]);
    expect(signupsToCsv(rows).split("\r\n")[1]).toBe("early@example.com,landing_page,,2025-01-01T00:00:00.000Z");
  });
});
