/**
 * Time of impact of a circle under constant acceleration with a 2D line segment (a thin wall,
 * both sides): the segment's interior and its two end caps, i.e. the centre against the capsule
 * of radius r around the segment.
 *
 * The distance from the centre c(t) = c + t v + t^2 a / 2 to the segment is the least of its
 * distances to the two end points and, while the centre's foot on the segment's line lies
 * between them, its distance to the line. So the first time it comes down to r is the first
 * "approaching" touch of one of three features:
 *
 * - an end cap P: the roots of |c(t) - P|^2 - r^2 where it goes from positive to negative (the
 *   quartic of toi-accelerated.ts, with P a circle of radius 0 at rest);
 * - the interior: with e = b - a, L = |e|, H(t) = e x (c(t) - a) (L times the signed distance
 *   to the line) and S(t) = e . (c(t) - a) (L^2 times the foot's parameter), the roots of the
 *   quadratics H(t) - r L where H goes down and H(t) + r L where H goes up (|H| coming down to
 *   r L from either side), at which the foot lies on the segment, 0 <= S <= L^2.
 *
 * (An interior touch whose foot lies beyond an end is not a touch of the segment; the moment the
 * foot crosses an end while |H| < r L, the centre is within r of that end point, so the cap was
 * met earlier. Hence the earliest of the three is the answer when the circle starts clear.)
 *
 * At t = 0 the nearest feature decides: overlapping it (or touching) and approaching it: 0.
 * Overlapping but moving away: the answer is the first later time the distance comes back down
 * to r (accelerations can bring the circle back), found among the candidates above as the first
 * one at which no other feature is still closer than r. A tangent graze is none.
 *
 * Accuracy: the caps as toi-accelerated.ts (about an ulp); the interior from double-double
 * coefficients (exact differences by TwoSum, products by TwoProduct, r L with a corrected square
 * root) solved by {@link solvePolynomial}: about an ulp, except near a graze.
 */
import { SPLITTER, ldexp } from "../math/double-double.js";
import { quadraticAt } from "./relative-motion.js";
import { polyInput, polyRoots, polyRootKinds, solvePolynomial, ROOTS_ALL, ROOTS_FIRST_DOWN, ROOT_DOWN, ROOT_UP } from "../math/poly-roots.js";
import { FEATURE_INTERIOR, FEATURE_VERTEX } from "./types.js";
import type { WallHit2 } from "./types.js";
import type { Segment2 } from "./types-geometry2.js";
import { checkTMax } from "./validate.js";
import { checkSegment2 } from "./validate-geometry2.js";
import { accelIO, accelQuartic, accelTimeScale, accelDifferences, clockExponent, offsetsAt, normaliseOffsets, OFS, OFS_T, QUARTIC_NOW, QUARTIC_SOLVE, unitScale } from "./accel-quartic.js";
import { checkAcceleratedCircle, type AcceleratedCircle } from "./toi-accelerated.js";

/**
 * Input of {@link acceleratedSegmentContact}: centre 0..1, velocity 2..3, acceleration 4..5, r
 * 6, segment a 7..8, b 9..10, tMax 11. Outputs: time 12 (Infinity for none), feature 13
 * (FEATURE_INTERIOR or FEATURE_VERTEX), index 14 (0 for a, 1 for b), side 15 (for the interior:
 * the sign of H at the contact, which side of the line the centre is on).
 */
export const accelSegmentIO = new Float64Array(16);

/** Interior quantities of the current query: e, c - a (double-doubles), H and S coefficients. */
const E = new Float64Array(4); // exh, exl, eyh, eyl
const U = new Float64Array(4); // uxh, uxl, uyh, uyl
/** H(t) = H0 + H1 t + H2 t^2 and S(t) likewise, as double-doubles (h, l) per coefficient. */
const HC = new Float64Array(6);
const SC = new Float64Array(6);
/** r L as a double-double, and L^2 rounded. */
const RL = new Float64Array(2);
let lengthSquared = 0;
/** The power-of-two scale applied to the interior's quantities (see interiorSetup). */
let segScale = 1;
/** The interior's clock: its polynomials are in t 2^-segClock (see interiorSetup). */
let segClock = 0;

/** Candidates: time, feature (0 interior, 1 cap a, 2 cap b), side (interior). */
const CT = new Float64Array(12);
const CF = new Int8Array(12);
const CS = new Int8Array(12);
let candidates = 0;

const ACC = new Float64Array(2);

/** ACC += (xh + xl)(yh + yl), the leading product exact (TwoProduct). */
function accMul(xh: number, xl: number, yh: number, yl: number): void {
  let t = SPLITTER * xh;
  const xH = t - (t - xh);
  const xL = xh - xH;
  t = SPLITTER * yh;
  const yH = t - (t - yh);
  const yL = yh - yH;
  const p = xh * yh;
  const pe = xH * yH - p + xH * yL + xL * yH + xL * yL + xh * yl + xl * yh + xl * yl;
  const s = ACC[0];
  const s2 = s + p;
  const bb = s2 - s;
  ACC[1] += s - (s2 - bb) + (p - bb) + pe;
  ACC[0] = s2;
}

/** Moves ACC (renormalised, times the power of two `scale`) to arr[i], arr[i + 1] and clears it. */
function accTo(arr: Float64Array, i: number, scale: number): void {
  const s = ACC[0];
  const e = ACC[1];
  const h = s + e;
  arr[i] = scale * h;
  arr[i + 1] = scale * (e - (h - s));
  ACC[0] = 0;
  ACC[1] = 0;
}

/** The interior's double-double coefficients from the inputs (see the file comment). */
function interiorSetup(): void {
  const q = accelSegmentIO;
  let bb: number;
  // e = b - a and u = c - a exactly (TwoSum).
  for (let k = 0; k < 2; k++) {
    const b = q[9 + k];
    const a = q[7 + k];
    let s = b - a;
    bb = s - b;
    E[2 * k] = s;
    E[2 * k + 1] = b - (s - bb) + (-a - bb);
    const c = q[k];
    s = c - a;
    bb = s - c;
    U[2 * k] = s;
    U[2 * k + 1] = c - (s - bb) + (-a - bb);
  }
  // When the motion's own time scale is extreme (a distance of 1 covered at 1e300), time is
  // counted on a clock of that scale, 2^clock: velocities times 2^clock, accelerations times
  // 2^(2 clock) (exact), so that the products below neither overflow nor underflow.
  segClock = clockExponent(Math.max(Math.abs(U[0]), Math.abs(U[2]), q[6]), Math.max(Math.abs(q[2]), Math.abs(q[3])), Math.max(Math.abs(q[4]), Math.abs(q[5])));
  const v0x = segClock === 0 ? q[2] : ldexp(q[2], segClock);
  const v0y = segClock === 0 ? q[3] : ldexp(q[3], segClock);
  const a0x = segClock === 0 ? q[4] : ldexp(q[4], 2 * segClock);
  const a0y = segClock === 0 ? q[5] : ldexp(q[5], 2 * segClock);
  // Everything here is homogeneous in the spatial scale: a power-of-two scaling (exact) keeps
  // inputs of any magnitude clear of overflow and underflow.
  let m = Math.max(Math.abs(v0x), Math.abs(v0y), Math.abs(a0x), Math.abs(a0y), q[6]);
  for (let k = 0; k < 4; k += 2) m = Math.max(m, Math.abs(E[k]), Math.abs(U[k]));
  const f = unitScale(m);
  segScale = f;
  if (f !== 1) {
    for (let k = 0; k < 4; k++) {
      E[k] *= f;
      U[k] *= f;
    }
  }
  const exh = E[0], exl = E[1], eyh = E[2], eyl = E[3];
  const vx = v0x * f, vy = v0y * f, ax = a0x * f, ay = a0y * f;
  // H = e x u(t): H0 = ex uy - ey ux, H1 = ex vy - ey vx, H2 = (ex ay - ey ax) / 2.
  accMul(exh, exl, U[2], U[3]);
  accMul(-eyh, -eyl, U[0], U[1]);
  accTo(HC, 0, 1);
  accMul(exh, exl, vy, 0);
  accMul(-eyh, -eyl, vx, 0);
  accTo(HC, 2, 1);
  accMul(exh, exl, ay, 0);
  accMul(-eyh, -eyl, ax, 0);
  accTo(HC, 4, 0.5);
  // S = e . u(t).
  accMul(exh, exl, U[0], U[1]);
  accMul(eyh, eyl, U[2], U[3]);
  accTo(SC, 0, 1);
  accMul(exh, exl, vx, 0);
  accMul(eyh, eyl, vy, 0);
  accTo(SC, 2, 1);
  accMul(exh, exl, ax, 0);
  accMul(eyh, eyl, ay, 0);
  accTo(SC, 4, 0.5);
  // L^2 = e . e, L by a corrected square root, r L.
  accMul(exh, exl, exh, exl);
  accMul(eyh, eyl, eyh, eyl);
  const nh = ACC[0] + ACC[1];
  const nl = ACC[1] - (nh - ACC[0]);
  ACC[0] = 0;
  ACC[1] = 0;
  lengthSquared = nh;
  const lh = Math.sqrt(nh);
  const t = SPLITTER * lh;
  const lH = t - (t - lh);
  const lL = lh - lH;
  const ll = nh > 0 ? (nh - lh * lh - (lH * lH - lh * lh + 2 * lH * lL + lL * lL) + nl) / (2 * lh) : 0;
  accMul(q[6] * f, 0, lh, ll);
  accTo(RL, 0, 1);
}

/** S(t) in plain arithmetic from its double-double coefficients (for the foot's range). */
function footAt(t: number): number {
  return SC[0] + (SC[1] + t * (SC[2] + SC[3]) + t * t * (SC[4] + SC[5]));
}

/** H(t) in plain arithmetic. */
function heightAt(t: number): number {
  return HC[0] + (HC[1] + t * (HC[2] + HC[3]) + t * t * (HC[4] + HC[5]));
}

/**
 * Interior candidates: roots of H - r L going down and of H + r L going up, with the foot on the
 * segment; appended to the candidate list. `first`: only the earliest is needed.
 */
function interiorCandidates(tMax: number, first: boolean): void {
  for (let side = 1; side >= -1; side -= 2) {
    // H - side r L, the difference of the leading parts exact (TwoSum).
    const a = HC[0];
    const b = -side * RL[0];
    const c0 = a + b;
    const bb = c0 - a;
    const c0l = a - (c0 - bb) + (b - bb) + HC[1] - side * RL[1];
    polyInput[0] = c0 + c0l;
    polyInput[7] = c0l - (polyInput[0] - c0);
    polyInput[1] = HC[2];
    polyInput[8] = HC[3];
    polyInput[2] = HC[4];
    polyInput[9] = HC[5];
    polyInput[3] = 0;
    polyInput[4] = 0;
    polyInput[10] = 0;
    polyInput[11] = 0;
    polyInput[5] = 0;
    polyInput[6] = segClock === 0 ? tMax : ldexp(tMax, -segClock);
    const n = solvePolynomial(ROOTS_ALL);
    const want = side > 0 ? ROOT_DOWN : ROOT_UP;
    for (let i = 0; i < n; i++) {
      if (polyRootKinds[i] !== want) continue;
      const t = polyRoots[i];
      const s = footAt(t);
      if (!(s >= 0 && s <= lengthSquared)) continue;
      CT[candidates] = segClock === 0 ? t : ldexp(t, segClock);
      CF[candidates] = 0;
      CS[candidates++] = side;
      if (first) break;
    }
  }
}

/** Cap candidates for end point `index` (0: a, 1: b): the downward crossings of its quartic. */
function capCandidates(index: number, tMax: number, first: boolean): void {
  loadCap(index, tMax);
  const code = accelQuartic();
  // (QUARTIC_NOW here is a cap the circle overlaps but which is not the nearest feature: its
  // later downward crossings still count.)
  if (code !== QUARTIC_SOLVE && code !== QUARTIC_NOW) return;
  const n = solvePolynomial(first ? ROOTS_FIRST_DOWN : ROOTS_ALL);
  for (let i = 0; i < n; i++) {
    if (polyRootKinds[i] !== ROOT_DOWN) continue;
    CT[candidates] = polyRoots[i] * accelTimeScale[0];
    CF[candidates] = 1 + index;
    CS[candidates++] = 0;
  }
}

/** The circle against end point `index` as the accelerated kernel's body pair. */
function loadCap(index: number, tMax: number): void {
  const q = accelSegmentIO;
  const k = accelIO;
  k[0] = q[0]; k[1] = q[1]; k[2] = 0; k[3] = q[2]; k[4] = q[3]; k[5] = 0; k[6] = q[4]; k[7] = q[5]; k[8] = 0; k[9] = q[6];
  k[10] = q[7 + 2 * index]; k[11] = q[8 + 2 * index]; k[12] = 0;
  k[13] = 0; k[14] = 0; k[15] = 0; k[16] = 0; k[17] = 0; k[18] = 0; k[19] = 0;
  k[20] = tMax;
}

/** Is the centre at time t closer than r (by more than 2^-30 relative) to any feature? */
function overlapsAt(t: number): boolean {
  const q = accelSegmentIO;
  const f = segScale;
  const h = 0.5 * t * t;
  const cx = q[0] + t * q[2] + h * q[4];
  const cy = q[1] + t * q[3] + h * q[5];
  // (Differences scaled by the interior's power of two, so that their squares stay in range.)
  const rs = q[6] * f;
  const r2 = rs * rs * (1 - 2 ** -30);
  let dx = (cx - q[7]) * f;
  let dy = (cy - q[8]) * f;
  if (dx * dx + dy * dy < r2) return true;
  dx = (cx - q[9]) * f;
  dy = (cy - q[10]) * f;
  if (dx * dx + dy * dy < r2) return true;
  if (lengthSquared > 0) {
    const ts = segClock === 0 ? t : ldexp(t, -segClock);
    const s = footAt(ts);
    if (s > 0 && s < lengthSquared) {
      const H = heightAt(ts);
      if (H * H < r2 * lengthSquared) return true;
    }
  }
  return false;
}

/**
 * The time of impact of the circle in {@link accelSegmentIO} with the segment (see the file
 * comment), with the feature touched; no argument checks.
 */
export function acceleratedSegmentContact(): void {
  const q = accelSegmentIO;
  const tMax = q[11];
  q[12] = Infinity;
  q[15] = 0;
  const degenerate = q[7] === q[9] && q[8] === q[10];
  if (!degenerate) interiorSetup();
  else {
    lengthSquared = 0;
    segClock = 0;
    segScale = unitScale(Math.max(Math.abs(q[0] - q[7]), Math.abs(q[1] - q[8]), q[6]));
  }

  // The nearest feature at t = 0 decides overlap and approach.
  let nearest = 1; // 0 interior, 1 cap a, 2 cap b
  let overlap = false;
  let approaching = false;
  if (!degenerate) {
    const s0 = SC[0] + SC[1];
    if (s0 >= lengthSquared) nearest = 2;
    else if (s0 > 0) nearest = 0;
  }
  if (nearest === 0) {
    const H0 = HC[0];
    const side = H0 < 0 ? -1 : 1;
    // |H0| - r L <= 0, in double-double (the leading difference exact when they are close).
    overlap = side * HC[0] - RL[0] + (side * HC[1] - RL[1]) <= 0;
    if (overlap) {
      const slope = HC[2] !== 0 ? HC[2] : HC[4];
      approaching = H0 !== 0 && slope !== 0 && (slope > 0) !== (H0 > 0);
      if (approaching) {
        q[12] = 0;
        q[13] = FEATURE_INTERIOR;
        q[14] = 0;
        q[15] = H0 > 0 ? 1 : -1;
        return;
      }
    }
  } else {
    loadCap(nearest - 1, tMax);
    const code = accelQuartic();
    if (code === QUARTIC_NOW) {
      q[12] = 0;
      q[13] = FEATURE_VERTEX;
      q[14] = nearest - 1;
      return;
    }
    overlap = code !== 0 && polyInput[0] <= 0;
  }

  // Candidates from every feature; when starting clear only the earliest of each matters.
  candidates = 0;
  const first = !overlap;
  if (!degenerate) interiorCandidates(tMax, first);
  capCandidates(0, tMax, first);
  if (!degenerate) capCandidates(1, tMax, first);
  let best = -1;
  for (let i = 0; i < candidates; i++) {
    if (best >= 0 && !(CT[i] < CT[best])) continue;
    if (overlap && overlapsAt(CT[i])) continue;
    best = i;
  }
  if (best < 0) return;
  q[12] = CT[best];
  if (CF[best] === 0) {
    q[13] = FEATURE_INTERIOR;
    q[14] = 0;
    q[15] = CS[best];
  } else {
    q[13] = FEATURE_VERTEX;
    q[14] = CF[best] - 1;
  }
}

function load(c: AcceleratedCircle, s: Segment2, tMax: number): void {
  const q = accelSegmentIO;
  q[0] = c.x; q[1] = c.y; q[2] = c.vx; q[3] = c.vy; q[4] = c.ax; q[5] = c.ay; q[6] = c.r;
  q[7] = s.ax; q[8] = s.ay; q[9] = s.bx; q[10] = s.by; q[11] = tMax;
}

/**
 * Time of impact of an accelerated circle with a line segment (thin, both sides): the earliest
 * t in [0, tMax] (tMax defaults to 1) at which the circle, centre (x, y) + t (vx, vy) +
 * t^2 (ax, ay) / 2, touches the segment while approaching it; Infinity for none.
 *
 * - Already overlapping (or touching) and approaching the nearest point of the segment: 0. A
 *   centre exactly on the segment is never approaching.
 * - Overlapping but moving away, or clear of it: the first later time the distance comes down
 *   to r, if any in [0, tMax].
 * - A tangent graze (the distance only touches r), or contact after tMax: Infinity.
 * - A segment of zero length is a fixed point.
 *
 * Accuracy: about an ulp of the exact time except near a graze (see the file comment). Throws a
 * RangeError for non-finite fields, a negative radius, or a negative or NaN tMax.
 */
export function timeOfImpactAcceleratedCircleSegment(circle: AcceleratedCircle, segment: Segment2, tMax = 1): number {
  checkAcceleratedCircle(circle, "circle");
  checkSegment2(segment, "segment");
  checkTMax(tMax);
  load(circle, segment, tMax);
  acceleratedSegmentContact();
  return accelSegmentIO[12];
}

/**
 * Like {@link sweepAcceleratedCircleSegment}, without allocating: fills `out` and returns true
 * on a hit, false (leaving `out` untouched) otherwise.
 */
export function sweepAcceleratedCircleSegmentInto(out: WallHit2, circle: AcceleratedCircle, segment: Segment2, tMax = 1): boolean {
  const t = timeOfImpactAcceleratedCircleSegment(circle, segment, tMax);
  if (t === Infinity) return false;
  const q = accelSegmentIO;
  const feature = q[13];
  const index = q[14];
  const c = circle;
  const cx = quadraticAt(c.x, c.vx, c.ax, t);
  const cy = quadraticAt(c.y, c.vy, c.ay, t);
  out.t = t;
  out.feature = feature;
  out.index = index;
  if (feature === FEATURE_VERTEX) {
    // From the centre at t to the end point, formed to double-double accuracy.
    loadCap(index, 0);
    accelDifferences();
    OFS_T[0] = t;
    offsetsAt();
    normaliseOffsets();
    out.nx = OFS[0];
    out.ny = OFS[1];
    out.px = index === 0 ? segment.ax : segment.bx;
    out.py = index === 0 ? segment.ay : segment.by;
    return true;
  }
  // Interior: perpendicular to the segment, from the centre's side towards the line:
  // -side (-ey, ex) / L, and the contact point is the centre's foot on the line.
  const side = q[15] !== 0 ? q[15] : 1;
  const ex = segment.bx - segment.ax;
  const ey = segment.by - segment.ay;
  const m = Math.max(Math.abs(ex), Math.abs(ey));
  const len = Math.sqrt((ex / m) * (ex / m) + (ey / m) * (ey / m));
  const nx = (side * ey) / m / len + 0;
  const ny = (-side * ex) / m / len + 0;
  out.nx = nx;
  out.ny = ny;
  out.px = cx + c.r * nx;
  out.py = cy + c.r * ny;
  return true;
}

/**
 * First contact of an accelerated circle with a line segment: `{t, px, py, nx, ny, feature,
 * index}` or null, t as {@link timeOfImpactAcceleratedCircleSegment}. feature is
 * FEATURE_INTERIOR (index 0; the normal is perpendicular to the segment, from the circle
 * towards it, and the contact point is the centre's foot on the segment) or FEATURE_VERTEX
 * (index 0 for a, 1 for b; the normal points from the centre towards that end point, which is
 * the contact point).
 */
export function sweepAcceleratedCircleSegment(circle: AcceleratedCircle, segment: Segment2, tMax = 1): WallHit2 | null {
  const out: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  return sweepAcceleratedCircleSegmentInto(out, circle, segment, tMax) ? out : null;
}
