/**
 * Quartic solver throughput on the public test sets in test/fixtures/quartic: all real roots
 * (on the whole real line) and the first root in [0, 10], through the checked public functions.
 * The compiled reference figures (a Numba solver, plain C) were measured on this machine kind
 * by the author; they are printed as labelled constants, not run here.
 *
 * Run: node --import tsx bench/poly-roots.bench.ts
 */
import { readFileSync } from "node:fs";
import { bench, report, sinkValue, type BenchRow } from "./harness.js";
import { firstRootInInterval, realRootsInInterval } from "../src/math/poly-roots.js";

const NUMBA_REFERENCE = 2.8e6; // solves/s, compiled Numba quartic solver (pooltool), same machine kind
const C_REFERENCE = 3.3e6; // solves/s, plain C, same machine kind

function load(name: string): Float64Array {
  const rows: { coefficients: number[] }[] = JSON.parse(readFileSync(new URL(`../test/fixtures/quartic/${name}.json`, import.meta.url), "utf8"));
  const c = new Float64Array(rows.length * 5);
  rows.forEach((r, i) => r.coefficients.forEach((v, j) => (c[i * 5 + j] = v)));
  return c;
}

const ordinary = load("ordinary");
const hard = load("hard");
const out = new Float64Array(4);
const REPS = 50;

function allRoots(c: Float64Array): () => number {
  const n = c.length / 5;
  return () => {
    let s = 0;
    for (let r = 0; r < REPS; r++) {
      for (let i = 0; i < n; i++) {
        const k = i * 5;
        s += realRootsInInterval(out, c[k], c[k + 1], c[k + 2], c[k + 3], c[k + 4], -Infinity, Infinity);
        s += out[0];
      }
    }
    return s;
  };
}

function firstRoot(c: Float64Array, lo: number, hi: number): () => number {
  const n = c.length / 5;
  return () => {
    let s = 0;
    for (let r = 0; r < REPS; r++) {
      for (let i = 0; i < n; i++) {
        const k = i * 5;
        const t = firstRootInInterval(c[k], c[k + 1], c[k + 2], c[k + 3], c[k + 4], lo, hi);
        if (t < Infinity) s += t;
      }
    }
    return s;
  };
}

const options = { samples: 15, warmup: 5 };
const rows: BenchRow[] = [
  bench("all real roots, ordinary", REPS * 1000, allRoots(ordinary), options),
  bench("first root in [0, 10], ordinary", REPS * 1000, firstRoot(ordinary, 0, 10), options),
  bench("all real roots, hard", REPS * 1000, allRoots(hard), options),
  { name: "Numba solver (reference, not run)", opsPerSec: NUMBA_REFERENCE, min: NUMBA_REFERENCE, max: NUMBA_REFERENCE },
  { name: "plain C (reference, not run)", opsPerSec: C_REFERENCE, min: C_REFERENCE, max: C_REFERENCE },
];
report("quartic solves per second (target >= 5e6 on the ordinary set)", rows, "Numba solver (reference, not run)", "solves");
report("the same against plain C", rows, "plain C (reference, not run)", "solves");

/**
 * The same per second of this process's CPU time (process.cpuUsage): on a machine shared with
 * other work, wall-clock rates fall with the load while these do not (much).
 */
let cpuSink = 0;
function cpuRate(name: string, batch: () => number): BenchRow {
  let sink = 0;
  for (let i = 0; i < 5; i++) sink += batch();
  const rates: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = process.cpuUsage();
    sink += batch();
    const dt = process.cpuUsage(t0);
    rates.push((REPS * 1000) / ((dt.user + dt.system) / 1e6));
  }
  rates.sort((a, b) => a - b);
  cpuSink += sink;
  return { name, opsPerSec: rates[rates.length >> 1], min: rates[0], max: rates[rates.length - 1] };
}
const cpuRows: BenchRow[] = [
  cpuRate("all real roots, ordinary", allRoots(ordinary)),
  cpuRate("first root in [0, 10], ordinary", firstRoot(ordinary, 0, 10)),
  cpuRate("all real roots, hard", allRoots(hard)),
  rows[3],
  rows[4],
];
report("quartic solves per CPU second of this process", cpuRows, "Numba solver (reference, not run)", "solves");
console.log(`\nsink ${sinkValue() + cpuSink}`);
