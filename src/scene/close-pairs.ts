/**
 * Candidate pairs for the start check: every pair of bodies whose spheres could overlap (centre
 * distance below the sum of the radii) is visited once, as (a, b) with a < b; others may be
 * visited too (the caller decides exactly).
 *
 * A uniform grid with cells as wide as the largest diameter among the ordinary bodies (those
 * at most four times the median radius), so that overlapping ordinary bodies sit in the same or
 * adjacent cells; the few larger bodies are paired with every body directly. This takes linear
 * time on lattices and gases, where a sort-and-sweep along one axis degenerates (the start check
 * of a million disks on a square lattice: 190 s with the sweep, 1 s with the grid). The grid is used while cell indices stay below 2^17 per
 * axis, so that a cell index is computed with an error far below the 1e-9 margin the overlap
 * test allows (START_SLACK); otherwise, or with many large bodies, the sweep along x is used.
 */

const GRID_LIMIT = 2 ** 17;
const MAX_BIG = 256;

/** Sort-and-sweep along x over the intervals [x - r, x + r]. */
function sweepPairs(X: Float64Array, R: Float64Array, visit: (a: number, b: number) => void): void {
  const n = X.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => X[a] - R[a] - (X[b] - R[b]) || a - b);
  const active: number[] = [];
  for (const i of order) {
    const left = X[i] - R[i];
    let keep = 0;
    for (const j of active) {
      if (X[j] + R[j] < left) continue; // cannot reach i or anything after it
      active[keep++] = j;
      visit(Math.min(i, j), Math.max(i, j));
    }
    active.length = keep;
    active.push(i);
  }
}

/** Visits every pair of bodies (centres X, Y, Z, radii R) that may overlap, once each, as (a, b) with a < b. */
export function closePairs(X: Float64Array, Y: Float64Array, Z: Float64Array, R: Float64Array, dim: 2 | 3, visit: (a: number, b: number) => void): void {
  const n = X.length;
  const positive = Array.from(R).filter((r) => r > 0).sort((a, b) => a - b);
  if (positive.length === 0) return; // points never overlap
  const bigRadius = 4 * positive[positive.length >> 1];
  const big: number[] = [];
  let h = 0;
  for (let i = 0; i < n; i++) {
    if (R[i] > bigRadius) big.push(i);
    else h = Math.max(h, 2 * R[i]);
  }
  let fits = big.length <= MAX_BIG && h > 0;
  const P = [X, Y, Z];
  const lo = [0, 0, 0];
  for (let k = 0; k < dim && fits; k++) {
    let min = Infinity, max = -Infinity;
    for (let i = 0; i < n; i++) {
      min = Math.min(min, P[k][i]);
      max = Math.max(max, P[k][i]);
    }
    lo[k] = Math.floor(min / h);
    fits = Math.max(Math.abs(min), Math.abs(max)) <= GRID_LIMIT * h && Math.floor(max / h) - lo[k] + 3 < GRID_LIMIT;
  }
  if (!fits) {
    sweepPairs(X, R, visit);
    return;
  }
  const isBig = new Uint8Array(n);
  for (const b of big) isBig[b] = 1;
  // Large bodies against every other body (each pair of large ones once).
  for (const b of big) {
    for (let j = 0; j < n; j++) if (j !== b && (isBig[j] === 0 || j > b)) visit(Math.min(b, j), Math.max(b, j));
  }
  // Ordinary bodies through the grid: cells as wide as the largest ordinary diameter, each
  // body visiting the bodies before it in its own and the adjacent cells, then joining its own.
  // Dense (a linked list per cell in typed arrays) when the cells are not many more than the
  // bodies, else hashed.
  const cellOf = (i: number, k: number): number => Math.floor(P[k][i] / h) - lo[k] + 1;
  const ext = [0, 0, 1];
  for (let k = 0; k < dim; k++) {
    let max = 0;
    for (let i = 0; i < n; i++) if (isBig[i] === 0) max = Math.max(max, cellOf(i, k));
    ext[k] = max + 2;
  }
  const dense = ext[0] * ext[1] * ext[2] <= 4 * n + 4096;
  const W0 = dense ? ext[0] : GRID_LIMIT, W1 = dense ? ext[1] : GRID_LIMIT;
  const head = dense ? new Int32Array(ext[0] * ext[1] * ext[2]).fill(-1) : null;
  const next = dense ? new Int32Array(n) : null;
  const cells = dense ? null : new Map<number, number[]>();
  const dz = dim === 3 ? 1 : 0;
  const found: number[] = [];
  for (let i = 0; i < n; i++) {
    if (isBig[i] === 1) continue;
    const cx = cellOf(i, 0), cy = cellOf(i, 1), cz = dim === 3 ? cellOf(i, 2) : 0;
    found.length = 0;
    for (let z = cz - dz; z <= cz + dz; z++) {
      for (let y = cy - 1; y <= cy + 1; y++) {
        for (let x = cx - 1; x <= cx + 1; x++) {
          const key = x + W0 * (y + W1 * z);
          if (head !== null && next !== null) {
            for (let j = head[key]; j >= 0; j = next[j]) found.push(j);
          } else {
            const list = (cells as Map<number, number[]>).get(key);
            if (list !== undefined) for (const j of list) found.push(j);
          }
        }
      }
    }
    if (found.length > 1) found.sort((a, b) => a - b);
    for (const j of found) visit(j, i);
    const key = cx + W0 * (cy + W1 * cz);
    if (head !== null && next !== null) {
      next[i] = head[key];
      head[key] = i;
    } else {
      const own = (cells as Map<number, number[]>).get(key);
      if (own === undefined) (cells as Map<number, number[]>).set(key, [i]);
      else own.push(i);
    }
  }
}
