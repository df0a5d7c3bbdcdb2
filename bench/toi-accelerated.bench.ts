/**
 * Time of impact under constant acceleration: queries per second for each accelerated form,
 * with the linear circle query in the same run for scale. Inputs are seeded and pre-generated
 * (a power-of-two pool cycled with a mask); about a third of the pairs meet within tMax = 1.
 *
 * Run: node --import tsx bench/toi-accelerated.bench.ts
 */
import { bench, report, sinkValue, type BenchRow } from "./harness.js";
import { Random } from "../test/support/random.js";
import {
  timeOfImpactCirclesAccelerated,
  timeOfImpactSpheresAccelerated,
  timeOfImpactAcceleratedCircleCircle,
  sweepCirclesAcceleratedInto,
  type AcceleratedCircle,
  type AcceleratedSphere,
} from "../src/query/toi-accelerated.js";
import { timeOfImpactAcceleratedCircleLine, timeOfImpactAcceleratedSpherePlane, type Line2 } from "../src/query/toi-accelerated-plane.js";
import { timeOfImpactAcceleratedCircleSegment } from "../src/query/toi-accelerated-segment.js";
import { timeOfImpactCircles } from "../src/query/toi-circle-circle.js";
import type { Circle, MovingCircle, SweepHit2 } from "../src/query/types.js";
import type { Segment2 } from "../src/query/types-geometry2.js";
import type { Plane3 } from "../src/query/geometry3.js";

const N = 1 << 12;
const MASK = N - 1;
const OPS = 1 << 16;
const rng = new Random(7);

function circle(): AcceleratedCircle {
  return { x: rng.range(-2, 2), y: rng.range(-2, 2), vx: rng.range(-2, 2), vy: rng.range(-2, 2), ax: rng.range(-3, 3), ay: rng.range(-3, 3), r: rng.range(0.1, 0.6) };
}
function sphere(): AcceleratedSphere {
  return {
    x: rng.range(-2, 2), y: rng.range(-2, 2), z: rng.range(-2, 2), vx: rng.range(-2, 2), vy: rng.range(-2, 2), vz: rng.range(-2, 2),
    ax: rng.range(-3, 3), ay: rng.range(-3, 3), az: rng.range(-3, 3), r: rng.range(0.1, 0.6),
  };
}

const A = Array.from({ length: N }, circle);
const B = Array.from({ length: N }, circle);
const BSame = B.map((b, i) => ({ ...b, ax: A[i].ax, ay: A[i].ay }));
const ALin: MovingCircle[] = A.map((c) => ({ x: c.x, y: c.y, vx: c.vx, vy: c.vy, r: c.r }));
const BLin: MovingCircle[] = B.map((c) => ({ x: c.x, y: c.y, vx: c.vx, vy: c.vy, r: c.r }));
const S = Array.from({ length: N }, sphere);
const T = Array.from({ length: N }, sphere);
const pegs: Circle[] = Array.from({ length: N }, () => ({ x: rng.range(-2, 2), y: rng.range(-2, 2), r: rng.range(0, 0.5) }));
const lines: Line2[] = Array.from({ length: N }, () => ({ x: rng.range(-2, 2), y: rng.range(-2, 2), nx: rng.range(-1, 1), ny: rng.range(-1, 1) }));
const planes: Plane3[] = Array.from({ length: N }, () => ({ x: rng.range(-2, 2), y: rng.range(-2, 2), z: rng.range(-2, 2), nx: rng.range(-1, 1), ny: rng.range(-1, 1), nz: rng.range(-1, 1) }));
const segments: Segment2[] = Array.from({ length: N }, () => ({ ax: rng.range(-2, 2), ay: rng.range(-2, 2), bx: rng.range(-2, 2), by: rng.range(-2, 2) }));
const hit: SweepHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0 };

function batch(f: (i: number) => number): () => number {
  return () => {
    let s = 0;
    for (let k = 0; k < OPS; k++) {
      const t = f(k & MASK);
      if (t < Infinity) s += t;
    }
    return s;
  };
}

function hitRate(f: (i: number) => number): string {
  let h = 0;
  for (let i = 0; i < N; i++) if (f(i) < Infinity) h++;
  return `${((100 * h) / N).toFixed(0)}% hits`;
}

const cases: [string, (i: number) => number][] = [
  ["circles, linear (timeOfImpactCircles)", (i) => timeOfImpactCircles(ALin[i], BLin[i])],
  ["circles, equal accelerations", (i) => timeOfImpactCirclesAccelerated(A[i], BSame[i])],
  ["circles, different accelerations", (i) => timeOfImpactCirclesAccelerated(A[i], B[i])],
  ["circles, sweep (Into)", (i) => (sweepCirclesAcceleratedInto(hit, A[i], B[i]) ? hit.t : Infinity)],
  ["spheres, different accelerations", (i) => timeOfImpactSpheresAccelerated(S[i], T[i])],
  ["circle vs peg", (i) => timeOfImpactAcceleratedCircleCircle(A[i], pegs[i])],
  ["circle vs line", (i) => timeOfImpactAcceleratedCircleLine(A[i], lines[i])],
  ["sphere vs plane", (i) => timeOfImpactAcceleratedSpherePlane(S[i], planes[i])],
  ["circle vs segment", (i) => timeOfImpactAcceleratedCircleSegment(A[i], segments[i])],
];

const rows: BenchRow[] = cases.map(([name, f]) => bench(name, OPS, batch(f), { samples: 11, warmup: 3 }, hitRate(f)));
report("accelerated time of impact, queries per second (tMax = 1)", rows, "circles, linear (timeOfImpactCircles)", "queries");
console.log(`\nsink ${sinkValue()}`);
