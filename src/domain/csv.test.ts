import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv";

describe("csvField", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvField("plain.txt")).toBe("plain.txt");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField(null)).toBe("");
    expect(csvField(42)).toBe("42");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(true)).toBe("true");
  });

  it("defuses spreadsheet formulas in text", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-rm")).toBe("'-rm");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
  });
});

describe("toCsv", () => {
  it("writes a header and CRLF-ended rows", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 1],
          [null, "=1"],
        ],
      ),
    ).toBe('a,b\r\n"x,y",1\r\n,\'=1\r\n');
    expect(toCsv(["a"], [])).toBe("a\r\n");
  });
});
