import { describe, expect, it } from "vitest";
import { KEY_BYTES, copyKey } from "./key-reader";

const key = (seed: number) => Uint8Array.from({ length: KEY_BYTES }, (_, b) => (seed * 31 + b * 7) & 0xff);

describe("copyKey", () => {
  it("copies 16 bytes between buffers and touches nothing else", () => {
    const a = new Uint8Array(64);
    const b = new Uint8Array(64);
    a.set(key(1), 16);
    b.set(key(2), 32);
    const out = new Uint8Array(64).fill(0xee);
    copyKey(a, 16, out, 0);
    copyKey(b, 32, out, 48);
    copyKey(a, 16, out, 16);
    expect(out.subarray(0, 16)).toEqual(key(1));
    expect(out.subarray(16, 32)).toEqual(key(1));
    expect([...out.subarray(32, 48)]).toEqual(new Array(16).fill(0xee)); // nothing else touched
    expect(out.subarray(48, 64)).toEqual(key(2));
  });

  it("copies at any offset, between views that start anywhere in their buffer", () => {
    const backing = new ArrayBuffer(80);
    const odd = new Uint8Array(backing, 3, 40); // a view that starts off a word boundary
    odd.set(key(3), 5);
    const out = new Uint8Array(40);
    copyKey(odd, 5, out, 2);
    expect(out.subarray(2, 18)).toEqual(key(3));
    const aligned = new Uint8Array(40);
    aligned.set(key(4), 0);
    copyKey(aligned, 0, odd, 20);
    expect(odd.subarray(20, 36)).toEqual(key(4));
    expect(new Uint8Array(backing, 23, 16)).toEqual(key(4));
  });
});
