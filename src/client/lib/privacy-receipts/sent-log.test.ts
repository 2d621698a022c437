// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { REDACTED, redactPayload } from "./redact";
import { clearSentRequests, readSentRequests, recordSentRequest, SENT_LOG_KEY, SENT_LOG_LIMIT, settleSentRequest } from "./sent-log";

beforeEach(() => localStorage.clear());

describe("redactPayload", () => {
  it("hides passwords at any depth and keeps everything else exactly", () => {
    expect(
      redactPayload({ email: "a@b.c", password: "hunter22", nested: [{ currentPassword: "x", newPassword: "y", keep: 1 }], n: null }),
    ).toEqual({ email: "a@b.c", password: REDACTED, nested: [{ currentPassword: REDACTED, newPassword: REDACTED, keep: 1 }], n: null });
  });
});

describe("the sent-request log", () => {
  it("records writes with their exact JSON body, newest first, and their outcome", () => {
    const id = recordSentRequest({
      method: "post",
      url: "/api/real-data/scan",
      body: { userId: 3, summary: { totalFiles: 2, skip: undefined } },
    });
    recordSentRequest({ method: "PATCH", url: "http://localhost:3000/api/settings?x=1", body: '{"dailyTips":false}' });
    settleSentRequest(id, { status: 200 });
    const [second, first] = readSentRequests();
    expect(first).toMatchObject({
      method: "POST",
      path: "/api/real-data/scan",
      body: { userId: 3, summary: { totalFiles: 2 } },
      outcome: { status: 200 },
      via: "app",
    });
    expect(second).toMatchObject({
      method: "PATCH",
      path: "/api/settings?x=1",
      body: { dailyTips: false },
      outcome: { status: "pending" },
    });
  });

  it("never keeps a password in clear, not even in storage", () => {
    recordSentRequest({ method: "POST", url: "/api/auth/login", body: { email: "a@b.c", password: "s3cret-pass" } });
    expect(localStorage.getItem(SENT_LOG_KEY)).not.toContain("s3cret-pass");
    expect(readSentRequests()[0]!.body).toEqual({ email: "a@b.c", password: REDACTED });
  });

  it("does not list reads, keeps the last 50, and clears", () => {
    expect(recordSentRequest({ method: "GET", url: "/api/streaks/1" })).toBeNull();
    for (let i = 0; i < SENT_LOG_LIMIT + 5; i++) recordSentRequest({ method: "DELETE", url: `/api/x/${i}` });
    const all = readSentRequests();
    expect(all).toHaveLength(SENT_LOG_LIMIT);
    expect(all[0]!.path).toBe(`/api/x/${SENT_LOG_LIMIT + 4}`);
    expect(all[0]!.body).toBeNull();
    clearSentRequests();
    expect(readSentRequests()).toEqual([]);
  });
});
