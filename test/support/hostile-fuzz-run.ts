/**
 * Worker body for test/queries-hostile-fuzz.test.ts: runs each query of the catalog in turn on
 * seeded hostile inputs (fast-check, fixed seed per query) and posts `{name, failure}` after
 * each (failure null when it passed). Running in a worker lets the test end a query that never
 * returns (terminate) instead of hanging `npm test`.
 */
import { parentPort, workerData } from "node:worker_threads";
import fc from "fast-check";
import { catalogEntry, isArgumentError } from "./query-catalog.js";
import { hostileNumbers, hostileTMax } from "./hostile-numbers.js";
import { Random } from "./random.js";

/** Names whose first output is a time (or ray/segment parameter) that must lie in [0, tMax]. */
const TIMED_FIRST = /^(timeOfImpact|sweep|ray|raycast|segmentHit)/;

const { names, seed, runs } = workerData as { names: string[]; seed: number; runs: number };
for (let i = 0; i < names.length; i++) {
  const name = names[i];
  parentPort!.postMessage({ name, failure: fuzz(name, seed + i, runs) });
}

function fuzz(name: string, seed: number, runs: number): string | null {
const q = catalogEntry(name);
let failure: string | null = null;
try {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
      const rnd = new Random(s);
      const v = hostileNumbers(rnd, q.fields.length);
      const tMax = q.timed ? hostileTMax(rnd) : 1;
      let out: number[] | null;
      try {
        out = q.run(v, tMax);
      } catch (e) {
        if (isArgumentError(e)) return true;
        throw e;
      }
      if (out === null) return true;
      const where = () => `${name}(${v.join(", ")}; tMax ${tMax}) -> ${out!.join(", ")}`;
      if (out.some((x) => Number.isNaN(x))) throw new Error(`NaN: ${where()}`);
      if (TIMED_FIRST.test(name)) {
        const limit = name.startsWith("segmentHit") ? 1 : q.timed ? tMax : Infinity;
        if (!(out[0] >= 0 && out[0] <= limit)) throw new Error(`time outside [0, ${limit}]: ${where()}`);
      }
      return true;
    }),
    { seed, numRuns: runs },
  );
} catch (e) {
  failure = String(e instanceof Error ? e.message : e).slice(0, 2000);
}
return failure;
}
