// Peak resident memory of the browser this bench started: every process descending from this
// Node process (Chromium's browser, renderers, GPU/utility), sampled from /proc every 200 ms.
// Linux only; elsewhere the figures are 0.
import { readFileSync, readdirSync } from "node:fs";

const PAGE_KB = 4;

function processes() {
  const list = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const rssKb = Number(fields[21]) * PAGE_KB;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "latin1");
      list.push({ pid: Number(name), ppid: Number(fields[1]), rssKb, renderer: cmdline.includes("--type=renderer") });
    } catch {
      // gone meanwhile
    }
  }
  return list;
}

/** Starts sampling; stop() returns the peaks in MB: all descendants together, and the largest renderer. */
export function watchRss() {
  let total = 0;
  let renderer = 0;
  const sample = () => {
    let list;
    try {
      list = processes();
    } catch {
      return;
    }
    const children = new Map();
    for (const p of list) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
    let sum = 0;
    const stack = [...(children.get(process.pid) ?? [])];
    while (stack.length) {
      const p = stack.pop();
      sum += p.rssKb;
      if (p.renderer) renderer = Math.max(renderer, p.rssKb);
      stack.push(...(children.get(p.pid) ?? []));
    }
    total = Math.max(total, sum);
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { totalMb: Math.round(total / 1024), rendererMb: Math.round(renderer / 1024) };
    },
  };
}
