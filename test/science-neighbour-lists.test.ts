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
