import { describe, expect, it } from "vitest";
import { parseStoredUserId } from "./stored-user";

describe("parseStoredUserId (spec §5)", () => {
  it("accepts integers only", () => {
    expect(parseStoredUserId("42")).toBe(42);
    expect(parseStoredUserId(" 7 ")).toBe(7);
    expect(parseStoredUserId("-3")).toBe(-3);
    expect(parseStoredUserId(null)).toBeNull();
    expect(parseStoredUserId("")).toBeNull();
    expect(parseStoredUserId("4.5")).toBeNull();
    expect(parseStoredUserId("abc")).toBeNull();
    expect(parseStoredUserId("12abc")).toBeNull();
    expect(parseStoredUserId("99999999999999999999")).toBeNull();
  });
});
