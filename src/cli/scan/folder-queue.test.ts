import { describe, expect, it } from "vitest";
import { FolderQueue } from "./folder-queue";

describe("FolderQueue", () => {
  it("hands out the smallest path first, in code-unit order", () => {
    const queue = new FolderQueue();
    const paths = ["b", "a", "a-c", "a b", "a.d", "", "Z", "é", "a0", "a/x"];
    for (const path of paths) queue.push(path);
    const out: string[] = [];
    while (queue.length > 0) out.push(queue.pop() as string);
    expect(out).toEqual([...paths].sort());
    expect(queue.pop()).toBeUndefined();
  });

  it("gives a walk's folders in sorted order when subfolders are pushed as their parent comes out", () => {
    // A random tree of names around "/" (0x2F): "-" and "." sort before it, "0" and "a" after.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const letters = ["-", ".", " ", "0", "a", "b", "é"];
    const children = new Map<string, string[]>();
    const all: string[] = [""];
    for (let k = 0; k < 400; k++) {
      const parent = all[random(all.length)] as string;
      const name = Array.from({ length: 1 + random(3) }, () => letters[random(letters.length)]).join("");
      const path = parent === "" ? name : `${parent}/${name}`;
      if (all.includes(path)) continue;
      all.push(path);
      children.set(parent, [...(children.get(parent) ?? []), path]);
    }
    const queue = new FolderQueue();
    queue.push("");
    const walked: string[] = [];
    while (queue.length > 0) {
      const path = queue.pop() as string;
      walked.push(path);
      for (const child of children.get(path) ?? []) queue.push(child);
    }
    expect(walked).toEqual([...all].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
