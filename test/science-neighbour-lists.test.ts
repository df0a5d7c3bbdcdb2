/**
 * The science engine's neighbour lists: after many single-list rebuilds (a body's shell moving,
 * wrapping across the box), every list holds exactly the bodies, and the periodic images, that
 * a list built from scratch holds, and the lists stay symmetric (i in k's list with the
 * opposite image exactly when k is in i's).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { EngineMemory } from "../src/science/engine-memory.js";
import { NeighbourLists } from "../src/science/neighbour-lists.js";

/** A small deterministic generator (the test needs no statistics, only variety). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Lists over an engine memory of n bodies with the given shell centres and radius scales (list capacity 8, so they grow). */
function makeLists(n: number, centre: Float64Array, rho: Float64Array, box: Float64Array): { mem: EngineMemory; lists: NeighbourLists } {
  const mem = new EngineMemory(n, 8, { predictExact: () => {}, collided: () => {} });
  for (let i = 0; i < n; i++) for (let a = 0; a < 3; a++) mem.setCentre(i, a, centre[3 * i + a]);
  for (let i = 0; i < n; i++) mem.state[8 * i + 7] = rho[i];
  return { mem, lists: new NeighbourLists(mem, box) };
}

function entries(l: NeighbourLists, i: number): string[] {
  const out: string[] = [];
  for (let p = i * l.cap; p < i * l.cap + l.length(i); p++) out.push(`${l.list[p] >> 6}:${l.list[p] & 63}`);
  return out.sort();
}

for (const d of [2, 3] as const) {
  test(`${d}D: lists rebuilt one at a time match lists built from scratch, and stay symmetric`, () => {
    const n = d === 3 ? 600 : 400;
    const box = new Float64Array([12, 11, d === 3 ? 10 : Infinity]);
    const rnd = lcg(d);
    const centre = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) for (let a = 0; a < d; a++) centre[3 * i + a] = rnd() * box[a];
    const rho = new Float64Array(n).map((_, i) => (i % 3 === 0 ? 0.5 : 0.35));
    const { mem, lists } = makeLists(n, centre, rho, box);
    lists.rebuildAll(1, 0.5, 0.5);
    for (let step = 0; step < 20 * n; step++) {
      const i = Math.floor(rnd() * n);
      for (let a = 0; a < d; a++) {
        // a move of up to a quarter diameter, wrapped into the box (as the engine wraps a body)
        let x = centre[3 * i + a] + (rnd() - 0.5) * 0.5;
        if (x >= box[a]) x -= box[a];
        else if (x < 0) x += box[a];
        centre[3 * i + a] = x;
        mem.setCentre(i, a, x);
      }
      lists.rebuildOne(i);
    }
    // then 40 bodies crowd into one cell, one at a time: a cell and the lists overflow, and the
    // memory is laid out again (more slots per cell, more entries per list) mid-rebuild
    const cellCap = mem.cellCap;
    for (let q = 0; q < 40; q++) {
      const i = (q * 7) % n;
      for (let a = 0; a < d; a++) {
        centre[3 * i + a] = 1 + 0.011 * q + 0.003 * a;
        mem.setCentre(i, a, centre[3 * i + a]);
      }
      lists.rebuildOne(i);
    }
    assert.ok(mem.cellCap > cellCap, `the cells grew (${cellCap} -> ${mem.cellCap} slots)`);
    assert.ok(mem.cap > 40, `the lists grew (capacity ${mem.cap})`);
    const fresh = makeLists(n, centre, rho, box).lists;
    fresh.rebuildAll(1, 0.5, 0.5);
    let total = 0;
    for (let i = 0; i < n; i++) {
      assert.deepEqual(entries(lists, i), entries(fresh, i), `body ${i}`);
      total += lists.length(i);
      for (let p = i * lists.cap; p < i * lists.cap + lists.length(i); p++) {
        const k = lists.list[p] >> 6, code = lists.list[p] & 63;
        assert.ok(entries(lists, k).includes(`${i}:${42 - code}`), `${k} lists ${i} back with the opposite image`);
      }
    }
    assert.ok(total > 4 * n, `the lists are not empty (${total} entries)`);
    // against every pair by brute force (minimum image): a list holds every body within the
    // cut-off, none beyond it by more than the float32 margin, with the image that brings it near
    for (let i = 0; i < n; i++) {
      const mine = new Map(entries(lists, i).map((s) => s.split(":").map(Number) as [number, number]));
      for (let k = 0; k < n; k++) {
        if (k === i) continue;
        let dd = 0, code = 0;
        for (let a = 0; a < d; a++) {
          let x = centre[3 * k + a] - centre[3 * i + a], q = 1;
          if (x > box[a] / 2) { x -= box[a]; q = 0; } else if (x < -box[a] / 2) { x += box[a]; q = 2; }
          dd += x * x;
          code |= q << (2 * a);
        }
        if (d === 2) code |= 1 << 4;
        const cut = rho[i] + rho[k] + 0.5, dist = Math.sqrt(dd);
        if (dist < cut) assert.equal(mine.get(k), code, `${k} within the cut-off of ${i} (${dist} < ${cut})`);
        else if (dist > cut + 1e-5) assert.ok(!mine.has(k), `${k} beyond the cut-off of ${i}`);
      }
    }
  });
}

test("the automatic skin is 2 √(λ/σ) (Enskog mean free path) within [0.5, 3], and at most 16 neighbours per body on average", async () => {
  const { automaticSkin } = await import("../src/science/neighbour-lists.js");
  // λ from its textbook form: 1 / (√2 π n σ² g) in 3D, 1 / (2 √2 n σ g) in 2D, n the number density, σ = 1
  const expected = (d: 2 | 3, phi: number): number => {
    if (d === 3) {
      const n = (6 * phi) / Math.PI, g = (1 - phi / 2) / (1 - phi) ** 3;
      return 2 * Math.sqrt(1 / (Math.SQRT2 * Math.PI * n * g));
    }
    const n = (4 * phi) / Math.PI, g = (1 - (7 * phi) / 16) / (1 - phi) ** 2;
    return 2 * Math.sqrt(1 / (2 * Math.SQRT2 * n * g));
  };
  // 10,000 bodies of unit diameter at packing fraction φ
  const skin = (d: 2 | 3, phi: number): number => {
    const ball = d === 3 ? Math.PI / 6 : Math.PI / 4;
    return automaticSkin(d, 10000, (10000 * ball) / phi, 10000 * ball, 1);
  };
  for (const [d, phi] of [[2, 0.3], [2, 0.45], [2, 0.6], [3, 0.25], [3, 0.35]] as const) {
    const s = skin(d, phi);
    assert.ok(Math.abs(s / expected(d, phi) - 1) < 1e-12, `${d}D φ ${phi}: ${s} vs ${expected(d, phi)}`);
  }
  // dense fluids keep 0.5 (3D at 0.45, the benchmark's state, computes 0.474), dilute disks 3
  assert.equal(skin(3, 0.45), 0.5);
  assert.equal(skin(2, 0.7), 0.5);
  assert.equal(skin(3, 0.74), 0.5);
  assert.equal(skin(2, 0.05), 3);
  // dilute spheres: 2 √(λ/σ) = 1.9 at 0.1 would expect 23 neighbours; held to 16
  const s = skin(3, 0.1), density = (0.1 * 6) / Math.PI;
  assert.ok(s < expected(3, 0.1));
  assert.ok(Math.abs(density * (4 / 3) * Math.PI * (1 + s) ** 3 - 16) < 1e-9);
  // never more than the fluid can use, never NaN, and non-increasing as the box fills
  let last = Infinity;
  for (let phi = 0.001; phi < 1.5; phi += 0.001) {
    for (const d of [2, 3] as const) {
      const k = skin(d, phi);
      assert.ok(k >= 0.5 && k <= 3, `${d}D φ ${phi}: ${k}`);
    }
    const k = skin(2, phi);
    assert.ok(k <= last + 1e-15, `2D φ ${phi}: ${k} after ${last}`);
    last = k;
  }
});

test("in a dilute box the grid's cells are at least 1.3 mean spacings wide (about two bodies a cell), so its memory follows the bodies, not the box", () => {
  for (const d of [2, 3] as const) {
    const n = 500;
    const L = d === 3 ? 60 : 300; // packing fractions 1.2e-3 (3D) and 2.2e-3 (2D)
    const box = new Float64Array([L, L, d === 3 ? L : Infinity]);
    const rnd = lcg(9 + d);
    const centre = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) for (let a = 0; a < d; a++) centre[3 * i + a] = rnd() * L;
    const { mem, lists } = makeLists(n, centre, new Float64Array(n).fill(0.5), box);
    lists.rebuildAll(1, 3, 0.5); // cut-off 4: 5,600 cells of 4 in 2D, 3,375 in 3D
    assert.ok(mem.cells <= n, `${d}D: ${mem.cells} cells for ${n} bodies`);
    assert.ok(mem.cells >= n / 4, `${d}D: ${mem.cells} cells`);
  }
});
