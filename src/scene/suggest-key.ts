/**
 * "Did you mean ...?" for unknown keys: the closest known key by optimal string alignment
 * distance (Levenshtein plus adjacent transpositions, so "raduis" is one edit from "radius"),
 * case-insensitively, accepted when it is at most a third of the key's length (and at least 1).
 */

/** Optimal string alignment distance between a and b. */
export function editDistance(a: string, b: string): number {
  const m = a.length, n = b.length;
  // Three rolling rows: two back (for transpositions), one back, current.
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/** The known key closest to `key`, or undefined when none is close enough. */
export function suggestKey(key: string, known: readonly string[]): string | undefined {
  const k = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(k, candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  const limit = Math.max(1, Math.floor(key.length / 3));
  return bestDistance <= limit ? best : undefined;
}
