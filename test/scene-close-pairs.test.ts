import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { closePairs } from "../src/scene/close-pairs.js";

/** The pairs closePairs visits, checked to come once each as (a, b) with a < b. */
function visited(X: Float64Array, Y: Float64Array, Z: Float64Array, R: Float64Array, dim: 2 | 3): Set<string> {
  const seen = new Set<string>();
  closePairs(X, Y, Z, R, dim, (a, b) => {
    assert.ok(a < b, `${a} < ${b}`);
    const key = `${a},${b}`;
    assert.ok(!seen.has(key), `${key} visited twice`);
    seen.add(key);
  });
  return seen;
}

const body = fc.record({
  x: fc.integer({ min: -40, max: 40 }), y: fc.integer({ min: -40, max: 40 }), z: fc.integer({ min: -40, max: 40 }),
  r: fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 1, max: 60 }), fc.constant(1e-7)),
});

test("every pair of bodies closer than their radii add up to is visited once, in 2D and 3D, with large bodies, at huge coordinates, spread far apart (a hashed grid) and with tiny radii far apart (the sweep fallback): brute-force twin", () => {
  for (const dim of [2, 3] as const) {
    // Scales of positions and radii: dense grids, huge coordinates, and bodies spread far apart (a hashed grid).
    for (const [scale, rScale] of [[0.125, 0.125], [1e12, 1e12], [50, 1]]) {
      fc.assert(
        fc.property(fc.array(body, { minLength: 1, maxLength: 60 }), (bodies) => {
          const n = bodies.length;
          const X = Float64Array.from(bodies, (b) => b.x * scale), Y = Float64Array.from(bodies, (b) => b.y * scale);
          const Z = Float64Array.from(bodies, (b) => (dim === 3 ? b.z * scale : 0)), R = Float64Array.from(bodies, (b) => b.r * rScale);
          const seen = visited(X, Y, Z, R, dim);
          for (let a = 0; a < n; a++) {
            for (let b = a + 1; b < n; b++) {
              const d2 = (X[a] - X[b]) ** 2 + (Y[a] - Y[b]) ** 2 + (Z[a] - Z[b]) ** 2;
              if (d2 < (R[a] + R[b]) ** 2) assert.ok(seen.has(`${a},${b}`), `${a},${b} overlap but were not visited`);
            }
          }
        }),
        { seed: 3, numRuns: 150 },
      );
    }
  }
});

test("a square lattice of 250,000 touching disks gives each body only its few neighbours as candidates", () => {
  const side = 500, n = side * side;
  const X = new Float64Array(n), Y = new Float64Array(n), Z = new Float64Array(n), R = new Float64Array(n).fill(0.5);
  for (let i = 0; i < n; i++) {
    X[i] = i % side;
    Y[i] = Math.floor(i / side);
  }
  let count = 0;
  closePairs(X, Y, Z, R, 2, () => count++);
  assert.ok(count <= 4 * n, `${count} candidates for ${n} bodies`);
  assert.ok(count >= 2 * n - 2 * side, "the touching neighbours are among them");
});
