import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { Random } from "./support/random.js";
import { toDyadic } from "./support/exact.js";
import {
  timeOfImpactCirclesAccelerated,
  timeOfImpactSpheresAccelerated,
  sweepCirclesAccelerated,
  sweepCirclesAcceleratedInto,
  sweepSpheresAccelerated,
  timeOfImpactAcceleratedCircleCircle,
  sweepAcceleratedCircleCircle,
  timeOfImpactAcceleratedSphereSphere,
  sweepAcceleratedSphereSphere,
  type AcceleratedCircle,
  type AcceleratedSphere,
} from "../src/query/toi-accelerated.js";
import {
  timeOfImpactAcceleratedCircleLine,
  sweepAcceleratedCircleLine,
  timeOfImpactAcceleratedSpherePlane,
  sweepAcceleratedSpherePlane,
  sweepAcceleratedSpherePlaneInto,
} from "../src/query/toi-accelerated-plane.js";
import { timeOfImpactAcceleratedCircleSegment, sweepAcceleratedCircleSegment } from "../src/query/toi-accelerated-segment.js";
import { toiCirclesRaw, sweepCircles } from "../src/query/toi-circle-circle.js";
import { toiSpheresRaw } from "../src/query/toi-sphere-sphere.js";
import type { MovingCircle, MovingSphere } from "../src/query/types.js";

// The accelerated queries fall back on the exact linear kernels (toiCirclesRaw, toiSpheresRaw)
// when the accelerations are equal: compare with those bit for bit (the public linear queries
// may answer from the certified fast root, within 4 ulps of the same exact value).
function timeOfImpactCircles(a: MovingCircle, b: MovingCircle, tMax: number): number {
  return toiCirclesRaw(a.x, a.y, a.vx, a.vy, a.r, b.x, b.y, b.vx, b.vy, b.r, tMax);
}
function timeOfImpactSpheres(a: MovingSphere, b: MovingSphere, tMax: number): number {
  return toiSpheresRaw(a.x, a.y, a.z, a.vx, a.vy, a.vz, a.r, b.x, b.y, b.z, b.vx, b.vy, b.vz, b.r, tMax);
}
import { firstRootInInterval } from "../src/math/poly-roots.js";
import { FEATURE_INTERIOR, FEATURE_VERTEX } from "../src/query/types.js";
import type { SweepHit2, WallHit3 } from "../src/query/types.js";

// ---------------------------------------------------------------------------------------------
// Exact dyadic arithmetic (every double is m 2^e), for exact signs of the contact functions at
// a double t. Nothing here shares code with src/.

interface Dy {
  m: bigint;
  e: number;
}
const dy = (x: number): Dy => toDyadic(x);
function add(a: Dy, b: Dy): Dy {
  if (a.m === 0n) return b;
  if (b.m === 0n) return a;
  const e = Math.min(a.e, b.e);
  return { m: (a.m << BigInt(a.e - e)) + (b.m << BigInt(b.e - e)), e };
}
const neg = (a: Dy): Dy => ({ m: -a.m, e: a.e });
const sub = (a: Dy, b: Dy): Dy => add(a, neg(b));
const mul = (a: Dy, b: Dy): Dy => ({ m: a.m * b.m, e: a.e + b.e });
const half = (a: Dy): Dy => ({ m: a.m, e: a.e - 1 });
const sgn = (a: Dy): number => (a.m > 0n ? 1 : a.m < 0n ? -1 : 0);
function cmp(a: Dy, b: Dy): number {
  return sgn(sub(a, b));
}

/** Position component p + t v + t^2 a / 2, exactly. */
function posAt(p: number, v: number, a: number, t: Dy): Dy {
  return add(add(dy(p), mul(t, dy(v))), half(mul(mul(t, t), dy(a))));
}

/** |pB(t) - pA(t)|^2 - R^2 exactly, for bodies given as coordinate arrays [p..., v..., a..., r]. */
function pairF(A: number[], B: number[], dim: number, t: number): number {
  const T = dy(t);
  let s: Dy = { m: 0n, e: 0 };
  for (let k = 0; k < dim; k++) {
    const d = sub(posAt(B[k], B[dim + k], B[2 * dim + k], T), posAt(A[k], A[dim + k], A[2 * dim + k], T));
    s = add(s, mul(d, d));
  }
  const R = add(dy(A[3 * dim]), dy(B[3 * dim]));
  return sgn(sub(s, mul(R, R)));
}

function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const b = new Float64Array([x]);
  const u = new BigInt64Array(b.buffer);
  u[0] += x > 0 ? 1n : -1n;
  return b[0];
}
function nextDown(x: number): number {
  return -nextUp(-x);
}

/**
 * t is within one ulp of a downward crossing of the exact contact function f: f is zero at t,
 * or positive just below t and negative just above it (the exact root lies strictly between
 * the neighbours of t).
 */
function brackets(f: (t: number) => number, t: number): boolean {
  if (f(t) === 0) return true;
  return f(t > 0 ? nextDown(t) : t) > 0 && f(nextUp(t)) < 0;
}

// ---------------------------------------------------------------------------------------------
// Random cases and brute force.

const circleArr = (c: AcceleratedCircle): number[] => [c.x, c.y, c.vx, c.vy, c.ax, c.ay, c.r];
const sphereArr = (c: AcceleratedSphere): number[] => [c.x, c.y, c.z, c.vx, c.vy, c.vz, c.ax, c.ay, c.az, c.r];

function randomCircle(rng: Random): AcceleratedCircle {
  return { x: rng.range(-4, 4), y: rng.range(-4, 4), vx: rng.range(-4, 4), vy: rng.range(-4, 4), ax: rng.range(-6, 6), ay: rng.range(-6, 6), r: rng.range(0.05, 1.5) };
}
function randomSphere(rng: Random): AcceleratedSphere {
  return {
    x: rng.range(-4, 4), y: rng.range(-4, 4), z: rng.range(-4, 4),
    vx: rng.range(-4, 4), vy: rng.range(-4, 4), vz: rng.range(-4, 4),
    ax: rng.range(-6, 6), ay: rng.range(-6, 6), az: rng.range(-6, 6), r: rng.range(0.05, 1.5),
  };
}

/**
 * Brute force on a distance function g(t) (the true distance minus the contact distance,
 * computed from positions in plain doubles): approaching at 0 when g(0) <= 0 and `approach0`;
 * otherwise the first sample where g goes from positive to <= 0, refined by bisection. Returns
 * the time, Infinity, or NaN when the case is too close to a graze to call by sampling (the
 * dip found, or the closest approach missed, within `eps` of zero).
 */
function bruteForce(g: (t: number) => number, tMax: number, approach0: boolean, eps: number, samples = 2048): number {
  const g0 = g(0);
  if (g0 <= 0 && approach0) return 0;
  let prev = g0;
  let minAbs = Math.abs(g0);
  for (let i = 1; i <= samples; i++) {
    const t = (tMax * i) / samples;
    const v = g(t);
    minAbs = Math.min(minAbs, Math.abs(v));
    if (prev > 0 && v <= 0) {
      let lo = (tMax * (i - 1)) / samples;
      let hi = t;
      for (let k = 0; k < 80 && lo < hi; k++) {
        const mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        if (g(mid) > 0) lo = mid;
        else hi = mid;
      }
      // How deep does it dip? A crossing that barely dips below zero is a near graze.
      let depth = v;
      for (let j = i; j <= Math.min(samples, i + 8); j++) depth = Math.min(depth, g((tMax * j) / samples));
      if (depth > -eps) return NaN;
      return hi;
    }
    prev = v;
  }
  return minAbs < eps ? NaN : Infinity;
}

function posAtPlain(p: number, v: number, a: number, t: number): number {
  return p + t * v + 0.5 * t * t * a;
}

interface Agreement {
  cases: number;
  hits: number;
  ambiguous: number;
  worst: number;
}

function agree(query: number, brute: number, tol: number, stats: Agreement, label: string): void {
  stats.cases++;
  if (Number.isNaN(brute)) {
    stats.ambiguous++;
    return;
  }
  if (brute === Infinity || query === Infinity) {
    if (brute !== query) {
      // A miss by sampling of a dip shorter than a sample interval is caught by the exact check
      // in the property tests; here the two must agree.
      assert.equal(query, brute, `${label}: query ${query}, brute force ${brute}`);
    }
    return;
  }
  stats.hits++;
  const err = Math.abs(query - brute);
  stats.worst = Math.max(stats.worst, err);
  assert.ok(err <= tol, `${label}: query ${query}, brute force ${brute}`);
}

const TMAX = 2;
/** Local stress runs: TOI_SCALE multiplies the case counts, TOI_SEED shifts the seeds. */
const SCALE = Number(process.env.TOI_SCALE ?? 1);
const SEED = Number(process.env.TOI_SEED ?? 0);
const TOL = 1e-9;
const EPS = 1e-7;

// ---------------------------------------------------------------------------------------------
// Analytic cases.

test("a ball dropped under gravity onto a fixed peg lands at exactly t = 2", () => {
  // centre 3.5 above the peg, radii 1 + 0.5, g = 1: 3.5 - t^2 / 2 = 1.5 at t = 2
  const ball = { x: 0, y: 3.5, vx: 0, vy: 0, ax: 0, ay: -1, r: 1 };
  assert.equal(timeOfImpactAcceleratedCircleCircle(ball, { x: 0, y: 0, r: 0.5 }, 10), 2);
  const hit = sweepAcceleratedCircleCircle(ball, { x: 0, y: 0, r: 0.5 }, 10);
  assert.deepEqual(hit, { t: 2, px: 0, py: 0.5, nx: 0, ny: -1, feature: FEATURE_VERTEX, index: 0 });
  // a fixed point (radius 0): 3.5 - t^2 / 2 = 1 at t = sqrt(5), to an ulp
  const t = timeOfImpactAcceleratedCircleCircle(ball, { x: 0, y: 0, r: 0 }, 10);
  assert.ok(brackets((s) => pairF(circleArr(ball), [0, 0, 0, 0, 0, 0, 0], 2, s), t), `${t}`);
  // the same in 3D
  const sphere = { x: 0, y: 0, z: 3.5, vx: 0, vy: 0, vz: 0, ax: 0, ay: 0, az: -1, r: 1 };
  assert.equal(timeOfImpactAcceleratedSphereSphere(sphere, { x: 0, y: 0, z: 0, r: 0.5 }, 10), 2);
  const h3 = sweepAcceleratedSphereSphere(sphere, { x: 0, y: 0, z: 0, r: 0.5 }, 10);
  assert.deepEqual(h3, { t: 2, px: 0, py: 0, pz: 0.5, nx: 0, ny: 0, nz: -1, feature: FEATURE_VERTEX, index: 0 });
  // and as a pair of accelerated bodies (the peg falling too, but slower)
  const peg = { x: 0, y: 0, vx: 0, vy: 0, ax: 0, ay: -0.5, r: 0.5 };
  const ball2 = { ...ball, ay: -1.5 };
  assert.equal(timeOfImpactCirclesAccelerated(ball2, peg, 10), 2);
});

test("a ball thrown up from a plane falls back onto it at exactly t = 3, not at t = 0", () => {
  // resting on the floor (touching), thrown up at 3 with g = 2: 1 + 3t - t^2 = 1 again at t = 3
  const sphere = { x: 0, y: 0, z: 1, vx: 5, vy: 0, vz: 3, ax: 0, ay: 0, az: -2, r: 1 };
  const floor = { x: 0, y: 0, z: 0, nx: 0, ny: 0, nz: 1 };
  assert.equal(timeOfImpactAcceleratedSpherePlane(sphere, floor, 10), 3);
  assert.deepEqual(sweepAcceleratedSpherePlane(sphere, floor, 10), { t: 3, px: 15, py: 0, pz: 0, nx: 0, ny: 0, nz: -1, feature: FEATURE_INTERIOR, index: 0 });
  assert.equal(timeOfImpactAcceleratedSpherePlane(sphere, floor, 2.9), Infinity);
  // any normal length
  assert.equal(timeOfImpactAcceleratedSpherePlane(sphere, { ...floor, nz: 1e-3 }, 10), 3);
  // the same in 2D, against a line and against a segment
  const circle = { x: 0, y: 1, vx: 0.1, vy: 3, ax: 0, ay: -2, r: 1 };
  assert.equal(timeOfImpactAcceleratedCircleLine(circle, { x: 0, y: 0, nx: 0, ny: 1 }, 10), 3);
  assert.equal(timeOfImpactAcceleratedCircleSegment(circle, { ax: -1, ay: 0, bx: 1, by: 0 }, 10), 3);
  assert.deepEqual(sweepAcceleratedCircleSegment(circle, { ax: -1, ay: 0, bx: 1, by: 0 }, 10), {
    t: 3, px: 0.30000000000000004, py: 0, nx: 0, ny: -1, feature: FEATURE_INTERIOR, index: 0,
  });
  // thrown from height 1 above touching: 1 + 3t - t^2 = 0 at t = (3 + sqrt 13) / 2, to an ulp
  const high = { ...sphere, z: 2 };
  const t = timeOfImpactAcceleratedSpherePlane(high, floor, 10);
  assert.ok(Math.abs(t - (3 + Math.sqrt(13)) / 2) <= 4.5e-16 * 2);
  const exact = (s: number): number => {
    // signed distance minus r: z(t) - 1, exactly
    return sgn(sub(posAt(2, 3, -2, dy(s)), dy(1)));
  };
  assert.ok(brackets(exact, t));
});

test("equal accelerations give the linear query's answer bit for bit", () => {
  const rng = new Random(11);
  for (let i = 0; i < 3000; i++) {
    const a = randomCircle(rng);
    const b = { ...randomCircle(rng), ax: a.ax, ay: a.ay };
    const lin = timeOfImpactCircles({ x: a.x, y: a.y, vx: a.vx, vy: a.vy, r: a.r }, { x: b.x, y: b.y, vx: b.vx, vy: b.vy, r: b.r }, TMAX);
    assert.ok(Object.is(timeOfImpactCirclesAccelerated(a, b, TMAX), lin));
    const sa = randomSphere(rng);
    const sb = { ...randomSphere(rng), ax: sa.ax, ay: sa.ay, az: sa.az };
    const lin3 = timeOfImpactSpheres(
      { x: sa.x, y: sa.y, z: sa.z, vx: sa.vx, vy: sa.vy, vz: sa.vz, r: sa.r },
      { x: sb.x, y: sb.y, z: sb.z, vx: sb.vx, vy: sb.vy, vz: sb.vz, r: sb.r },
      TMAX,
    );
    assert.ok(Object.is(timeOfImpactSpheresAccelerated(sa, sb, TMAX), lin3));
    // a circle with no acceleration against a static circle: the linear query with B at rest
    const c = { ...a, ax: 0, ay: 0 };
    const lin2 = timeOfImpactCircles({ x: c.x, y: c.y, vx: c.vx, vy: c.vy, r: c.r }, { x: b.x, y: b.y, vx: 0, vy: 0, r: b.r }, TMAX);
    assert.ok(Object.is(timeOfImpactAcceleratedCircleCircle(c, { x: b.x, y: b.y, r: b.r }, TMAX), lin2));
  }
  // the sweep too
  const a = { x: 0, y: 0, vx: 1, vy: 0.25, ax: 0.5, ay: -1, r: 0.5 };
  const b = { x: 3, y: 0.5, vx: -1, vy: 0, ax: 0.5, ay: -1, r: 0.75 };
  const hit = sweepCirclesAccelerated(a, b, 5)!;
  const lin = sweepCircles({ x: 0, y: 0, vx: 1, vy: 0.25, r: 0.5 }, { x: 3, y: 0.5, vx: -1, vy: 0, r: 0.75 }, 5)!;
  assert.equal(hit.t, timeOfImpactCircles({ x: 0, y: 0, vx: 1, vy: 0.25, r: 0.5 }, { x: 3, y: 0.5, vx: -1, vy: 0, r: 0.75 }, 5));
  assert.ok(Math.abs(hit.t - lin.t) <= 4 * 2 ** -52 * hit.t, `${hit.t} vs ${lin.t}`); // 4 ulps
  assert.ok(Math.abs(hit.nx - lin.nx) < 1e-15 && Math.abs(hit.ny - lin.ny) < 1e-15);
});

test("the first root of the quartic is not the contact: overlap while separating, and a graze before a hit", () => {
  // 1. Overlapping at t = 0 and separating, then pulled back: the roots of f are an upward
  // crossing (leaving the overlap) and then a downward one; the contact is the second.
  const a = { x: 0, y: 0, vx: 0, vy: 0, ax: 0, ay: 0, r: 1 };
  const b = { x: 1.5, y: 0, vx: 2, vy: 0, ax: -2, ay: 0, r: 1 }; // d = 1.5 + 2t - t^2
  const f = [1.5 * 1.5 - 4, 2 * 1.5 * 2, 4 - 1.5 * 2, -2 * 2, 1]; // |d(t)|^2 - 4
  const firstRoot = firstRootInInterval(f[0], f[1], f[2], f[3], f[4], 0, 10);
  const t = timeOfImpactCirclesAccelerated(a, b, 10);
  // d = 2 at t = 1 - sqrt(0.5) (leaving) and t = 1 + sqrt(0.5) (coming back)
  assert.ok(Math.abs(firstRoot - (1 - Math.SQRT1_2)) < 1e-15);
  assert.ok(Math.abs(t - (1 + Math.SQRT1_2)) < 1e-15);
  assert.ok(brackets((s) => pairF(circleArr(a), circleArr(b), 2, s), t));
  // 2. A parabola that grazes a peg at t = 1/4 (f has a double root there), then cuts into it
  // at t = 5/4 and leaves at t = 21/4: f(t) = (t - 1/4)^2 (t - 5/4)(t - 21/4) / 16, every
  // input exact. The contact is 5/4, not the graze.
  const ball = { x: 0, y: 0, vx: 1, vy: -0.875, ax: 0, ay: 0.5, r: 1 };
  const peg = { x: 2.125, y: 2.296875, r: 2.125 };
  assert.equal(timeOfImpactAcceleratedCircleCircle(ball, peg, 10), 1.25);
  assert.equal(timeOfImpactAcceleratedCircleCircle(ball, peg, 1), Infinity); // only the graze before 1
  // moved up by 2^-20 the peg is missed at 1/4 by a hair (still a graze region) and hit later;
  // moved down, the graze becomes a real (shallow) cut at about 1/4.
  const lower = timeOfImpactAcceleratedCircleCircle(ball, { ...peg, y: peg.y - 2 ** -20 }, 10);
  assert.ok(lower < 0.26 && lower > 0.24, `${lower}`);
  const higher = timeOfImpactAcceleratedCircleCircle(ball, { ...peg, y: peg.y + 2 ** -20 }, 10);
  assert.ok(Math.abs(higher - 1.25) < 1e-4, `${higher}`);
  // 3. An exact tangent graze with nothing after it: none.
  const skim = { x: 0, y: 1, vx: 1, vy: 2, ax: 0, ay: -2, r: 1 }; // apex y = 2 at t = 1
  assert.equal(timeOfImpactAcceleratedCircleLine(skim, { x: 0, y: 3, nx: 0, ny: -1 }, 10), Infinity);
  assert.ok(timeOfImpactAcceleratedCircleLine(skim, { x: 0, y: 3 - 2 ** -30, nx: 0, ny: -1 }, 10) < 1);
});

test("contact cases at t = 0: approaching overlap is 0, separating overlap is not, no relative motion is none", () => {
  const a = { x: 0, y: 0, vx: 0, vy: 0, ax: 0, ay: 0, r: 1 };
  // overlapping, approaching only through acceleration (zero relative velocity)
  assert.equal(timeOfImpactCirclesAccelerated(a, { x: 1.5, y: 0, vx: 0, vy: 0, ax: -1, ay: 0, r: 1 }), 0);
  // overlapping, separating through acceleration, never back: none
  assert.equal(timeOfImpactCirclesAccelerated(a, { x: 1.5, y: 0, vx: 0, vy: 0, ax: 1, ay: 0, r: 1 }), Infinity);
  // touching exactly, approaching: 0
  assert.equal(timeOfImpactCirclesAccelerated(a, { x: 2, y: 0, vx: -1, vy: 0, ax: 3, ay: 0, r: 1 }), 0);
  // overlapping with no relative motion at all: none (the equal-acceleration linear path)
  assert.equal(timeOfImpactCirclesAccelerated({ ...a, ax: 1 }, { x: 1.5, y: 0, vx: 0, vy: 0, ax: 1, ay: 0, r: 1 }), Infinity);
  // coincident centres, accelerating apart: never approaching
  assert.equal(timeOfImpactCirclesAccelerated(a, { x: 0, y: 0, vx: 0, vy: 0, ax: 1, ay: 1, r: 1 }, 100), Infinity);
  // two points (radii 0) can only graze: none
  assert.equal(timeOfImpactCirclesAccelerated({ ...a, r: 0 }, { x: 1, y: 0, vx: -1, vy: 0, ax: 0, ay: 1, r: 0 }, 10), Infinity);
  // behind a plane and approaching it: 0; behind and leaving: the plane is never met again
  const plane = { x: 0, y: 0, z: 0, nx: 0, ny: 0, nz: 1 };
  assert.equal(timeOfImpactAcceleratedSpherePlane({ x: 0, y: 0, z: -5, vx: 0, vy: 0, vz: -1, ax: 0, ay: 0, az: 0.5, r: 1 }, plane), 0);
  assert.equal(timeOfImpactAcceleratedSpherePlane({ x: 0, y: 0, z: 0.5, vx: 1, vy: 0, vz: 0, ax: 1, ay: 0, az: 0, r: 1 }, plane), Infinity);
  // a contact after tMax: none; tMax = 0 with a contact at 0
  assert.equal(timeOfImpactAcceleratedCircleCircle({ x: 0, y: 10, vx: 0, vy: 0, ax: 0, ay: -1, r: 1 }, { x: 0, y: 0, r: 1 }, 3), Infinity);
  assert.equal(timeOfImpactAcceleratedCircleCircle({ x: 0, y: 1.5, vx: 0, vy: -1, ax: 0, ay: -1, r: 1 }, { x: 0, y: 0, r: 1 }, 0), 0);
});

test("segments: interior, end caps, zero length, and overlap while moving away", () => {
  const seg = { ax: -1, ay: 0, bx: 1, by: 0 };
  // dropping onto the interior: 3 - t^2 = 1 at t = sqrt 2
  const drop = { x: 0, y: 3, vx: 0, vy: 0, ax: 0, ay: -2, r: 1 };
  const hit = sweepAcceleratedCircleSegment(drop, seg, 10)!;
  assert.equal(hit.feature, FEATURE_INTERIOR);
  assert.ok(brackets((s) => sgn(sub(posAt(3, 0, -2, dy(s)), dy(1))), hit.t));
  assert.deepEqual([hit.nx, hit.ny], [0, -1]);
  // dropping beside the end b = (1, 0): the cap, with the normal towards b
  const beside = { ...drop, x: 1.5 };
  const capHit = sweepAcceleratedCircleSegment(beside, seg, 10)!;
  assert.equal(capHit.feature, FEATURE_VERTEX);
  assert.equal(capHit.index, 1);
  assert.deepEqual([capHit.px, capHit.py], [1, 0]);
  assert.ok(brackets((s) => pairF(circleArr(beside), [1, 0, 0, 0, 0, 0, 0], 2, s), capHit.t));
  assert.ok(Math.abs(capHit.nx + 0.5) < 1e-15 && Math.abs(capHit.ny + Math.sqrt(0.75)) < 1e-15);
  // a zero-length segment is a fixed point
  const point = { ax: 1, ay: 0, bx: 1, by: 0 };
  assert.equal(timeOfImpactAcceleratedCircleSegment(beside, point, 10), timeOfImpactAcceleratedCircleCircle(beside, { x: 1, y: 0, r: 0 }, 10));
  // resting on the segment (touching) and thrown up: lands again at t = 3 (not 0)
  assert.equal(timeOfImpactAcceleratedCircleSegment({ x: 0.5, y: 1, vx: 0, vy: 3, ax: 0, ay: -2, r: 1 }, seg, 10), 3);
  // sunk into it and thrown up: leaves at (3 - sqrt 7) / 2, lands again at (3 + sqrt 7) / 2
  const sunk = { x: 0.5, y: 0.5, vx: 0, vy: 3, ax: 0, ay: -2, r: 1 };
  const back = timeOfImpactAcceleratedCircleSegment(sunk, seg, 10);
  assert.ok(brackets((s) => sgn(sub(posAt(0.5, 3, -2, dy(s)), dy(1))), back), `${back}`);
  // a point (radius 0) falling through the interior hits it where it crosses
  assert.equal(timeOfImpactAcceleratedCircleSegment({ x: 0.25, y: 2, vx: 0, vy: 0, ax: 0, ay: -1, r: 0 }, seg, 10), 2);
  // moving parallel along it at distance exactly r: a graze, none
  assert.equal(timeOfImpactAcceleratedCircleSegment({ x: -3, y: 1, vx: 1, vy: 0, ax: 0.5, ay: 0, r: 1 }, seg, 10), Infinity);
  // centre exactly on the segment: never approaching it (moving along it)
  assert.equal(timeOfImpactAcceleratedCircleSegment({ x: 0, y: 0, vx: 1, vy: 0, ax: 0, ay: 0, r: 0.5 }, seg, 10), Infinity);
});

// ---------------------------------------------------------------------------------------------
// Brute force: dense sampling and bisection on the true distance, thousands of seeded cases.

test("two accelerated circles and two spheres agree with brute force on 3000 random cases", () => {
  const rng = new Random(2024 + SEED);
  const stats: Agreement = { cases: 0, hits: 0, ambiguous: 0, worst: 0 };
  for (let i = 0; i < 1500 * SCALE; i++) {
    const a = randomCircle(rng);
    const b = randomCircle(rng);
    const R = a.r + b.r;
    const g = (t: number): number =>
      Math.hypot(posAtPlain(b.x, b.vx, b.ax, t) - posAtPlain(a.x, a.vx, a.ax, t), posAtPlain(b.y, b.vy, b.ay, t) - posAtPlain(a.y, a.vy, a.ay, t)) - R;
    const dx = b.x - a.x, dy_ = b.y - a.y, wx = b.vx - a.vx, wy = b.vy - a.vy, gx = b.ax - a.ax, gy = b.ay - a.ay;
    const d1 = dx * wx + dy_ * wy;
    const approach0 = d1 < 0 || (d1 === 0 && wx * wx + wy * wy + dx * gx + dy_ * gy < 0);
    agree(timeOfImpactCirclesAccelerated(a, b, TMAX), bruteForce(g, TMAX, approach0, EPS), TOL, stats, `circles ${i}`);
  }
  for (let i = 0; i < 1500 * SCALE; i++) {
    const a = randomSphere(rng);
    const b = randomSphere(rng);
    const R = a.r + b.r;
    const g = (t: number): number =>
      Math.hypot(
        posAtPlain(b.x, b.vx, b.ax, t) - posAtPlain(a.x, a.vx, a.ax, t),
        posAtPlain(b.y, b.vy, b.ay, t) - posAtPlain(a.y, a.vy, a.ay, t),
        posAtPlain(b.z, b.vz, b.az, t) - posAtPlain(a.z, a.vz, a.az, t),
      ) - R;
    const d = [b.x - a.x, b.y - a.y, b.z - a.z];
    const w = [b.vx - a.vx, b.vy - a.vy, b.vz - a.vz];
    const gg = [b.ax - a.ax, b.ay - a.ay, b.az - a.az];
    const d1 = d[0] * w[0] + d[1] * w[1] + d[2] * w[2];
    const d2 = w[0] * w[0] + w[1] * w[1] + w[2] * w[2] + d[0] * gg[0] + d[1] * gg[1] + d[2] * gg[2];
    agree(timeOfImpactSpheresAccelerated(a, b, TMAX), bruteForce(g, TMAX, d1 < 0 || (d1 === 0 && d2 < 0), EPS), TOL, stats, `spheres ${i}`);
  }
  console.log(`pairs: ${stats.cases} cases, ${stats.hits} hits, worst |dt| ${stats.worst.toExponential(2)}, ${stats.ambiguous} too near a graze to sample`);
  assert.ok(stats.hits > 300);
  assert.ok(stats.ambiguous < stats.cases / 100);
});

test("an accelerated circle against pegs, lines and segments, and a sphere against planes, agree with brute force", () => {
  const rng = new Random(77 + SEED);
  const stats: Agreement = { cases: 0, hits: 0, ambiguous: 0, worst: 0 };
  for (let i = 0; i < 800 * SCALE; i++) {
    const c = randomCircle(rng);
    const peg = { x: rng.range(-3, 3), y: rng.range(-3, 3), r: rng.next() < 0.2 ? 0 : rng.range(0.05, 1) };
    const R = c.r + peg.r;
    const g = (t: number): number => Math.hypot(posAtPlain(c.x, c.vx, c.ax, t) - peg.x, posAtPlain(c.y, c.vy, c.ay, t) - peg.y) - R;
    const dx = peg.x - c.x, dy_ = peg.y - c.y;
    const d1 = -(dx * c.vx + dy_ * c.vy);
    agree(timeOfImpactAcceleratedCircleCircle(c, peg, TMAX), bruteForce(g, TMAX, d1 < 0 || (d1 === 0 && c.vx * c.vx + c.vy * c.vy - dx * c.ax - dy_ * c.ay < 0), EPS), TOL, stats, `peg ${i}`);
  }
  for (let i = 0; i < 800 * SCALE; i++) {
    const c = randomCircle(rng);
    const nx = rng.range(-1, 1), ny = rng.range(-1, 1);
    const line = { x: rng.range(-3, 3), y: rng.range(-3, 3), nx, ny };
    const L = Math.hypot(nx, ny);
    const g = (t: number): number => ((posAtPlain(c.x, c.vx, c.ax, t) - line.x) * nx + (posAtPlain(c.y, c.vy, c.ay, t) - line.y) * ny) / L - c.r;
    const s1 = c.vx * nx + c.vy * ny;
    agree(timeOfImpactAcceleratedCircleLine(c, line, TMAX), bruteForce(g, TMAX, s1 < 0 || (s1 === 0 && c.ax * nx + c.ay * ny < 0), EPS), TOL, stats, `line ${i}`);
  }
  for (let i = 0; i < 800 * SCALE; i++) {
    const s = randomSphere(rng);
    const plane = { x: rng.range(-3, 3), y: rng.range(-3, 3), z: rng.range(-3, 3), nx: rng.range(-1, 1), ny: rng.range(-1, 1), nz: rng.range(-1, 1) };
    const L = Math.hypot(plane.nx, plane.ny, plane.nz);
    const g = (t: number): number =>
      ((posAtPlain(s.x, s.vx, s.ax, t) - plane.x) * plane.nx + (posAtPlain(s.y, s.vy, s.ay, t) - plane.y) * plane.ny + (posAtPlain(s.z, s.vz, s.az, t) - plane.z) * plane.nz) / L - s.r;
    const s1 = s.vx * plane.nx + s.vy * plane.ny + s.vz * plane.nz;
    const s2 = s.ax * plane.nx + s.ay * plane.ny + s.az * plane.nz;
    agree(timeOfImpactAcceleratedSpherePlane(s, plane, TMAX), bruteForce(g, TMAX, s1 < 0 || (s1 === 0 && s2 < 0), EPS), TOL, stats, `plane ${i}`);
  }
  for (let i = 0; i < 1200 * SCALE; i++) {
    const c = randomCircle(rng);
    const seg = { ax: rng.range(-3, 3), ay: rng.range(-3, 3), bx: rng.range(-3, 3), by: rng.range(-3, 3) };
    const dist = (t: number): number => {
      const px = posAtPlain(c.x, c.vx, c.ax, t) - seg.ax;
      const py = posAtPlain(c.y, c.vy, c.ay, t) - seg.ay;
      const ex = seg.bx - seg.ax, ey = seg.by - seg.ay;
      let s = (px * ex + py * ey) / (ex * ex + ey * ey);
      s = Math.max(0, Math.min(1, s));
      return Math.hypot(px - s * ex, py - s * ey);
    };
    const g = (t: number): number => dist(t) - c.r;
    // approaching at 0: the distance decreasing, judged over a tiny step (the cases are random,
    // a distance with zero derivative at 0 does not occur)
    const approach0 = dist(1e-9) < dist(0);
    agree(timeOfImpactAcceleratedCircleSegment(c, seg, TMAX), bruteForce(g, TMAX, approach0, EPS), TOL, stats, `segment ${i}`);
  }
  console.log(`walls: ${stats.cases} cases, ${stats.hits} hits, worst |dt| ${stats.worst.toExponential(2)}, ${stats.ambiguous} too near a graze to sample`);
  assert.ok(stats.hits > 800);
  assert.ok(stats.ambiguous < stats.cases / 100);
});

test("scaling every length by 2^600 or 2^-600 leaves the contact times unchanged, bit for bit", () => {
  const rng = new Random(5 + SEED);
  const scaleC = (c: AcceleratedCircle, k: number): AcceleratedCircle => ({ x: c.x * k, y: c.y * k, vx: c.vx * k, vy: c.vy * k, ax: c.ax * k, ay: c.ay * k, r: c.r * k });
  const scaleS = (c: AcceleratedSphere, k: number): AcceleratedSphere => ({
    x: c.x * k, y: c.y * k, z: c.z * k, vx: c.vx * k, vy: c.vy * k, vz: c.vz * k, ax: c.ax * k, ay: c.ay * k, az: c.az * k, r: c.r * k,
  });
  let hits = 0;
  for (let i = 0; i < 300; i++) {
    const a = randomCircle(rng);
    const b = randomCircle(rng);
    const sa = randomSphere(rng);
    const sb = randomSphere(rng);
    const seg = { ax: rng.range(-3, 3), ay: rng.range(-3, 3), bx: rng.range(-3, 3), by: rng.range(-3, 3) };
    const plane = { x: rng.range(-3, 3), y: rng.range(-3, 3), z: rng.range(-3, 3), nx: rng.range(-1, 1), ny: rng.range(-1, 1), nz: rng.range(-1, 1) };
    const t1 = timeOfImpactCirclesAccelerated(a, b, TMAX);
    const t2 = timeOfImpactSpheresAccelerated(sa, sb, TMAX);
    const t3 = timeOfImpactAcceleratedCircleSegment(a, seg, TMAX);
    const t4 = timeOfImpactAcceleratedSpherePlane(sa, plane, TMAX);
    if (t1 < Infinity) hits++;
    for (const k of [2 ** 600, 2 ** -600]) {
      assert.ok(Object.is(timeOfImpactCirclesAccelerated(scaleC(a, k), scaleC(b, k), TMAX), t1), `circles ${i}`);
      assert.ok(Object.is(timeOfImpactSpheresAccelerated(scaleS(sa, k), scaleS(sb, k), TMAX), t2), `spheres ${i}`);
      const s2 = { ax: seg.ax * k, ay: seg.ay * k, bx: seg.bx * k, by: seg.by * k };
      assert.ok(Object.is(timeOfImpactAcceleratedCircleSegment(scaleC(a, k), s2, TMAX), t3), `segment ${i}`);
      const p2 = { x: plane.x * k, y: plane.y * k, z: plane.z * k, nx: plane.nx * 2 ** 300, ny: plane.ny * 2 ** 300, nz: plane.nz * 2 ** 300 };
      assert.ok(Object.is(timeOfImpactAcceleratedSpherePlane(scaleS(sa, k), p2, TMAX), t4), `plane ${i}`);
    }
  }
  assert.ok(hits > 20);
});

test("bodies tiny next to their distance (R down to 1e-280 of it): contacts within an ulp, near misses miss", () => {
  // B comes at A along x from x = D with an offset y0 across (fixed: no acceleration across),
  // so the kind is known exactly: a contact exactly when |y0| < R. f(t) = |d(t)|^2 - R^2 dips
  // below zero only over R / D of the time: below the quartic's resolution (once R / D < 2^-48).
  const rng = new Random(11 + SEED);
  let hits = 0;
  for (let i = 0; i < 200; i++) {
    const D = 10 ** rng.range(12, 300);
    const R = 10 ** rng.range(-2, 2);
    const v = -(10 ** rng.range(-3, 3)) * Math.sqrt(D);
    const g = rng.range(-1, 0.2) * (v * v) / D;
    const y0 = R * (rng.next() < 0.5 ? rng.range(0, 0.999) : rng.range(1.001, 3)) * (rng.next() < 0.5 ? -1 : 1);
    const a: AcceleratedCircle = { x: 0, y: 0, vx: 0, vy: 0, ax: 0, ay: 0, r: R / 2 };
    const b: AcceleratedCircle = { x: D, y: y0, vx: v, vy: 0, ax: g, ay: 0, r: R / 2 };
    const t = timeOfImpactCirclesAccelerated(a, b, Infinity);
    if (Math.abs(y0) >= R) {
      assert.equal(t, Infinity, `case ${i}: a miss by ${Math.abs(y0) - R} at D = ${D}`);
      continue;
    }
    assert.ok(t > 0 && t < Infinity, `case ${i}: a contact at D = ${D}, got ${t}`);
    // The contact window can be far shorter than an ulp of t, so f need not be negative at any
    // double: check instead that the centre is still short of the contact point x = h =
    // sqrt(R^2 - y0^2) one ulp before t and past it one ulp after (x > h <=> x > 0 and
    // x^2 + y0^2 > R^2, exact in dyadics).
    const short = (s: number): number => {
      const X = posAt(D, v, g, dy(s));
      if (sgn(X) <= 0) return -1;
      return sgn(sub(add(mul(X, X), mul(dy(y0), dy(y0))), mul(add(dy(a.r), dy(b.r)), add(dy(a.r), dy(b.r)))));
    };
    assert.ok(brackets(short, t), `case ${i}: t = ${t} is not within an ulp of the crossing`);
    hits++;
  }
  assert.ok(hits > 60, `${hits}`);
});

test("extreme time scales (distance 1, speed 1e300; distance 1e-300, speed 1e300) keep exact contacts", () => {
  const rng = new Random(13 + SEED);
  let hits = 0;
  for (let i = 0; i < 600; i++) {
    const L = 10 ** rng.range(-300, 300);
    const V = 10 ** rng.range(-300, 300);
    const time = L / V;
    if (!(time > 1e-300 && time < 1e300)) continue;
    const G = (V / time) * rng.range(-2, 2);
    if (!(Math.abs(G) < 1e300)) continue;
    const c = (): AcceleratedCircle => ({ x: L * rng.range(-2, 2), y: L * rng.range(-2, 2), vx: V * rng.range(-2, 2), vy: V * rng.range(-2, 2), ax: G * rng.range(-1, 1), ay: G * rng.range(-1, 1), r: L * rng.range(0.1, 1) });
    const a = c();
    const b = c();
    const t = timeOfImpactCirclesAccelerated(a, b, Infinity);
    if (t === Infinity || t === 0) continue;
    assert.ok(brackets((s) => pairF(circleArr(a), circleArr(b), 2, s), t), `case ${i}: t = ${t} at L = ${L}, V = ${V}`);
    hits++;
  }
  assert.ok(hits > 60, `${hits}`);
  // Analytic: distance 10 (radii 1 + 1) closing at 2e308 (each at 1e308): t = 8 / 2e308 = 4e-308.
  const fast: AcceleratedCircle = { x: 0, y: 0, vx: 1e308, vy: 0, ax: 0, ay: 0, r: 1 };
  assert.equal(timeOfImpactCirclesAccelerated(fast, { x: 10, y: 0, vx: -1e308, vy: 0, ax: -1, ay: 0, r: 1 }, Infinity), 4e-308);
  // Differences beyond the largest double: the same time as the problem halved.
  const far = (k: number): [AcceleratedCircle, AcceleratedCircle] => [
    { x: -1e308 * k, y: 0, vx: 0, vy: 0, ax: 0, ay: 0, r: 1e307 * k },
    { x: 1e308 * k, y: 0, vx: -1e308 * k, vy: 0, ax: -1e307 * k, ay: 0, r: 1e307 * k },
  ];
  const t1 = timeOfImpactCirclesAccelerated(...far(1), Infinity);
  assert.ok(t1 > 1.6 && t1 < 1.7, `${t1}`);
  assert.equal(t1, timeOfImpactCirclesAccelerated(...far(0.5), Infinity));
});

test("lengths times 2^L and the clock times 2^J (L up to 900, J up to 400) scale every contact time exactly", () => {
  // Velocities scale by 2^(L - J) and accelerations by 2^(L - 2J); the time then scales by 2^J,
  // bit for bit: the kernels rescale lengths and, for extreme time scales, the clock.
  const rng = new Random(17 + SEED);
  const P = (k: number): number => 2 ** k;
  let hits = 0;
  let compared = 0;
  for (let i = 0; i < 1500; i++) {
    const a = randomCircle(rng);
    const b = randomCircle(rng);
    const sa = randomSphere(rng);
    const sb = randomSphere(rng);
    const seg = { ax: rng.range(-3, 3), ay: rng.range(-3, 3), bx: rng.range(-3, 3), by: rng.range(-3, 3) };
    const peg = { x: rng.range(-3, 3), y: rng.range(-3, 3), r: rng.range(0, 1) };
    const plane = { x: rng.range(-3, 3), y: rng.range(-3, 3), z: rng.range(-3, 3), nx: rng.range(-1, 1), ny: rng.range(-1, 1), nz: rng.range(-1, 1) };
    const L = Math.round(rng.range(-900, 900));
    const J = Math.round(rng.range(-400, 400));
    const fv = P(L - J);
    const fa = P(L - 2 * J);
    const k = P(L);
    // Skip scalings that push a field out of the normal range (there the inputs themselves lose bits).
    if (![k, fv, fa].every((f) => f > 2 ** -1000 && f < 2 ** 1000) || !(fa * 8 < 2 ** 1023 && fa / 8 > 2 ** -1020)) continue;
    const c = (o: AcceleratedCircle): AcceleratedCircle => ({ x: o.x * k, y: o.y * k, vx: o.vx * fv, vy: o.vy * fv, ax: o.ax * fa, ay: o.ay * fa, r: o.r * k });
    const sp = (o: AcceleratedSphere): AcceleratedSphere => ({
      x: o.x * k, y: o.y * k, z: o.z * k, vx: o.vx * fv, vy: o.vy * fv, vz: o.vz * fv, ax: o.ax * fa, ay: o.ay * fa, az: o.az * fa, r: o.r * k,
    });
    const T = TMAX * P(J);
    const pairs: [number, number][] = [
      [timeOfImpactCirclesAccelerated(a, b, TMAX), timeOfImpactCirclesAccelerated(c(a), c(b), T)],
      [timeOfImpactSpheresAccelerated(sa, sb, TMAX), timeOfImpactSpheresAccelerated(sp(sa), sp(sb), T)],
      [timeOfImpactAcceleratedCircleCircle(a, peg, TMAX), timeOfImpactAcceleratedCircleCircle(c(a), { x: peg.x * k, y: peg.y * k, r: peg.r * k }, T)],
      [timeOfImpactAcceleratedCircleSegment(a, seg, TMAX), timeOfImpactAcceleratedCircleSegment(c(a), { ax: seg.ax * k, ay: seg.ay * k, bx: seg.bx * k, by: seg.by * k }, T)],
      [timeOfImpactAcceleratedSpherePlane(sa, plane, TMAX), timeOfImpactAcceleratedSpherePlane(sp(sa), { x: plane.x * k, y: plane.y * k, z: plane.z * k, nx: plane.nx, ny: plane.ny, nz: plane.nz }, T)],
    ];
    for (const [q, [t, ts]] of pairs.entries()) {
      compared++;
      if (t < Infinity) hits++;
      assert.ok(Object.is(ts === Infinity ? ts : ts * P(-J), t), `case ${i}, query ${q} (L = ${L}, J = ${J}): ${t} became ${ts} = ${ts * P(-J)} 2^${J}`);
    }
  }
  assert.ok(compared > 3000 && hits > 500, `${compared} ${hits}`);
});

// ---------------------------------------------------------------------------------------------
// Properties (exact inputs on a grid of 1/64, so that every check is exact).

const grid = (lo: number, hi: number) => fc.integer({ min: lo * 64, max: hi * 64 }).map((k) => k / 64);
const circleArb = fc.record({ x: grid(-4, 4), y: grid(-4, 4), vx: grid(-4, 4), vy: grid(-4, 4), ax: grid(-6, 6), ay: grid(-6, 6), r: grid(0, 2) });
const sphereArb = fc.record({
  x: grid(-4, 4), y: grid(-4, 4), z: grid(-4, 4), vx: grid(-4, 4), vy: grid(-4, 4), vz: grid(-4, 4),
  ax: grid(-6, 6), ay: grid(-6, 6), az: grid(-6, 6), r: grid(0, 2),
});

test("property: a circle-pair contact time is within one ulp of a downward crossing, and nothing touches before it", () => {
  let hits = 0;
  fc.assert(
    fc.property(circleArb, circleArb, (a, b) => {
      const t = timeOfImpactCirclesAccelerated(a, b, 4);
      const A = circleArr(a);
      const B = circleArr(b);
      if (t === Infinity) return true;
      if (t === 0) return pairF(A, B, 2, 0) <= 0;
      hits++;
      if (!brackets((s) => pairF(A, B, 2, s), t)) return false;
      // No contact before t: if clear at 0, the distance stays above R on a grid before t.
      if (pairF(A, B, 2, 0) > 0) {
        for (let i = 0; i < 64; i++) if (pairF(A, B, 2, (t * i) / 64) < 0) return false;
      }
      return true;
    }),
    { seed: 42 + SEED, numRuns: 1500 * SCALE },
  );
  assert.ok(hits > 200, `${hits}`);
});

test("property: sphere pairs are symmetric and translation invariant, and exact to an ulp", () => {
  fc.assert(
    fc.property(sphereArb, sphereArb, fc.integer({ min: -64, max: 64 }), (a, b, shift) => {
      const t = timeOfImpactSpheresAccelerated(a, b, 4);
      if (!Object.is(timeOfImpactSpheresAccelerated(b, a, 4), t)) return false;
      const moved = (s: AcceleratedSphere): AcceleratedSphere => ({ ...s, x: s.x + shift, y: s.y - shift, z: s.z + 2 * shift });
      if (!Object.is(timeOfImpactSpheresAccelerated(moved(a), moved(b), 4), t)) return false;
      if (t > 0 && t < Infinity && !brackets((s) => pairF(sphereArr(a), sphereArr(b), 3, s), t)) return false;
      return true;
    }),
    { seed: 42 + SEED, numRuns: 800 * SCALE },
  );
});

test("property: sweeps report a unit normal from A towards B and a contact point on A's surface", () => {
  fc.assert(
    fc.property(circleArb, circleArb, (a, b) => {
      const out: SweepHit2 = { t: -1, px: 0, py: 0, nx: 0, ny: 0 };
      const hit = sweepCirclesAcceleratedInto(out, a, b, 4);
      if (!hit) return out.t === -1;
      const t = out.t;
      const ax = posAtPlain(a.x, a.vx, a.ax, t), ay = posAtPlain(a.y, a.vy, a.ay, t);
      const bx = posAtPlain(b.x, b.vx, b.ax, t), by = posAtPlain(b.y, b.vy, b.ay, t);
      const dist = Math.hypot(bx - ax, by - ay);
      if (Math.abs(Math.hypot(out.nx, out.ny) - 1) > 4e-16) return false;
      if (dist > 1e-9 && (out.nx * (bx - ax) + out.ny * (by - ay)) / dist < 1 - 1e-9) return false;
      return Math.abs(Math.hypot(out.px - ax, out.py - ay) - a.r) < 1e-12 * (1 + Math.abs(ax) + Math.abs(ay));
    }),
    { seed: 42 + SEED, numRuns: 500 * SCALE },
  );
  fc.assert(
    fc.property(sphereArb, grid(-2, 2), grid(-2, 2), grid(0.25, 2), (s, px, py, nz) => {
      const out: WallHit3 = { t: -1, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: -1, index: -1 };
      const plane = { x: px, y: py, z: 0, nx: 0.5, ny: -0.25, nz };
      if (!sweepAcceleratedSpherePlaneInto(out, s, plane, 4)) return out.t === -1;
      const L = Math.hypot(0.5, -0.25, nz);
      // normal -N / |N|; the contact point on the plane (at t > 0)
      if (Math.abs(out.nx + 0.5 / L) > 1e-15 || Math.abs(out.ny - 0.25 / L) > 1e-15 || Math.abs(out.nz + nz / L) > 1e-15) return false;
      if (out.t === 0) return true;
      const side = ((out.px - px) * 0.5 - (out.py - py) * 0.25 + out.pz * nz) / L;
      return Math.abs(side) < 1e-12 * 8;
    }),
    { seed: 42 + SEED, numRuns: 500 * SCALE },
  );
});

test("property: segment contacts are within one ulp of the feature's crossing and nothing touches earlier", () => {
  // (Radius > 0: a point passing exactly through an end point touches the segment for an
  // instant, a contact of measure zero that rounding may report or not.)
  let hits = 0;
  const circle = circleArb.map((c) => ({ ...c, r: c.r === 0 ? 1 / 64 : c.r }));
  fc.assert(
    fc.property(circle, grid(-3, 3), grid(-3, 3), grid(-3, 3), grid(-3, 3), (c, ax, ay, bx, by) => {
      const seg = { ax, ay, bx, by };
      const hit = sweepAcceleratedCircleSegment(c, seg, 4);
      if (hit === null || hit.t === 0) return true;
      hits++;
      const t = hit.t;
      const r2 = mul(dy(c.r), dy(c.r));
      // exact squared distance from the centre at time s to the segment, compared with r^2
      const clearance = (s: number): number => {
        const S = dy(s);
        const px = sub(posAt(c.x, c.vx, c.ax, S), dy(ax));
        const py = sub(posAt(c.y, c.vy, c.ay, S), dy(ay));
        const ex = dy(bx - ax), ey = dy(by - ay); // exact: grid values
        const dot = add(mul(px, ex), mul(py, ey));
        const ee = add(mul(ex, ex), mul(ey, ey));
        if (ee.m === 0n || sgn(dot) <= 0) return cmp(add(mul(px, px), mul(py, py)), r2);
        if (cmp(dot, ee) >= 0) {
          const qx = sub(px, ex), qy = sub(py, ey);
          return cmp(add(mul(qx, qx), mul(qy, qy)), r2);
        }
        const cross = sub(mul(ex, py), mul(ey, px));
        return cmp(mul(cross, cross), mul(r2, ee));
      };
      if (!brackets(clearance, t)) return false;
      if (clearance(0) > 0) for (let i = 0; i < 64; i++) if (clearance((t * i) / 64) < 0) return false;
      return true;
    }),
    { seed: 42 + SEED, numRuns: 1500 * SCALE },
  );
  assert.ok(hits > 100, `${hits}`);
});

// ---------------------------------------------------------------------------------------------

test("bad input throws a RangeError naming the argument and field", () => {
  const c = { x: 0, y: 0, vx: 0, vy: 0, ax: 0, ay: 0, r: 1 };
  const s = { x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0, ax: 0, ay: 0, az: 0, r: 1 };
  assert.throws(() => timeOfImpactCirclesAccelerated({ ...c, ax: NaN }, c), /a\.ax must be a finite number, got NaN/);
  assert.throws(() => timeOfImpactCirclesAccelerated(c, { ...c, r: -1 }), /b\.r must be a finite number >= 0, got -1/);
  assert.throws(() => timeOfImpactCirclesAccelerated(c, c, NaN), /tMax must be a number >= 0, got NaN/);
  assert.throws(() => timeOfImpactSpheresAccelerated(s, { ...s, az: Infinity }), /b\.az must be a finite number, got Infinity/);
  assert.throws(() => timeOfImpactAcceleratedCircleCircle(c, { x: 0, y: NaN, r: 1 }), /obstacle\.y/);
  assert.throws(() => timeOfImpactAcceleratedSphereSphere({ ...s, vy: NaN }, { x: 0, y: 0, z: 0, r: 1 }), /sphere\.vy must be a finite number, got NaN/);
  assert.throws(() => timeOfImpactAcceleratedCircleLine(c, { x: 0, y: 0, nx: 0, ny: 0 }), /line\.nx, line\.ny must not both be zero/);
  assert.throws(() => timeOfImpactAcceleratedCircleLine(c, { x: 0, y: 0, nx: NaN, ny: 1 }), /line\.nx must be a finite number, got NaN/);
  assert.throws(() => timeOfImpactAcceleratedSpherePlane(s, { x: 0, y: 0, z: 0, nx: 0, ny: 0, nz: 0 }), /plane\.nx, plane\.ny, plane\.nz must not all be zero/);
  assert.throws(() => timeOfImpactAcceleratedCircleSegment({ ...c, ay: -Infinity }, { ax: 0, ay: 0, bx: 1, by: 0 }), /circle\.ay must be a finite number, got -Infinity/);
  assert.throws(() => timeOfImpactAcceleratedCircleSegment(c, { ax: 0, ay: 0, bx: NaN, by: 0 }), /segment\.bx must be a finite number, got NaN/);
  assert.throws(() => sweepCirclesAccelerated(null as never, c), /a must be an object, got null/);
  assert.throws(() => sweepSpheresAccelerated(s, s, -1), /tMax must be a number >= 0, got -1/);
  assert.throws(() => sweepAcceleratedCircleLine(c, { x: 0, y: 0, nx: 1, ny: 0 }, -0.5), /tMax/);
});
