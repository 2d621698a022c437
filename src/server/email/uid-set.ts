/** UIDs as IMAP sequence sets ("1:5,9,12:14"), in chunks short enough for any server's line limit. */
export function uidSets(uids: readonly number[], maxRuns = 500): string[] {
  const sorted = [...new Set(uids)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(i === j ? String(sorted[i]) : `${sorted[i]}:${sorted[j]}`);
    i = j + 1;
  }
  const sets: string[] = [];
  for (let i = 0; i < runs.length; i += maxRuns) sets.push(runs.slice(i, i + maxRuns).join(","));
  return sets;
}
