/**
 * A moving circle against a line segment: first contact with the segment's interior or either
 * of its end caps (the circle's centre against the capsule of radius r around the segment).
 *
 * Let D(t) be the distance from the circle's centre c + t v to the segment. It is a convex
 * function of t (the distance to a convex set along a line), so the contact rule of carom
 * (first t with D = r while approaching; 0 when D(0) <= r and approaching; none when moving
 * apart or only grazing) splits into cases by where the centre starts:
 *
 * 1. Certainly outside the slab |h| <= r around the segment's line (h the signed distance to
 *    the line): the capsule lies inside the slab, so no contact comes before the centre reaches
 *    the slab's boundary, at tI = (|h0| - r) / (approach speed). If the centre's foot on the
 *    line at tI lies strictly inside the segment, that is the contact (the interior); if it
 *    lies beyond a, the centre then enters the rectangle part of the capsule only through the
 *    disc around a, so the answer is the circle kernel's contact with a (likewise for b).
 * 2. Inside the slab (or too close to its boundary to tell) and abreast of the segment's
 *    interior: overlapping (or almost touching) the interior; the interior equation decides
 *    (0 when approaching the line, none when moving away or parallel).
 * 3. Inside the slab beyond an end: only that end's disc can be met first (to reach the rest
 *    of the capsule the centre crosses the end of the rectangle, a diameter of that disc), and
 *    when the centre is already in the disc the disc alone decides approach. So the answer is
 *    the circle kernel's, whether it reports 0, a later contact, or none.
 *
 * The interior contact is the root of a linear equation, |h0| - r L = t (-sign(h0) hv) with
 * h0 = e x (c - a), hv = e x v, e = b - a, L = |e| (Ericson, "Real-Time Collision Detection",
 * 2005, 5.5.3 for the swept sphere against a plane). It is screened in plain doubles with
 * rigorous error bounds and, for every hit and every undecided sign, recomputed in
 * double-double from the exact differences (TwoSum, TwoProduct); the signs of h0 and hv, on
 * which "which side" and "approaching" rest, fall back to an exact expansion sum (Shewchuk,
 * "Adaptive precision floating-point arithmetic", 1997) when the double-double value is too
 * small to trust. End caps reuse {@link toiCirclesRaw}: a point is a circle of radius 0 at rest.
 */
import { SPLITTER, ldexp, offsetAt } from "../math/double-double.js";
import { toiCirclesRaw } from "./toi-circle-circle.js";
import { exactCrossSign } from "./exact-cross-sign.js";
import { exponentOf, loadScaled, pointAlong, unitOffset, unitOffsetAt } from "./relative-motion.js";
import { FEATURE_INTERIOR, FEATURE_VERTEX } from "./types.js";
import type { MovingCircle, WallHit2 } from "./types.js";
import type { Segment2 } from "./types-geometry2.js";
import { checkMovingCircle, checkTMax } from "./validate.js";
import { checkSegment2 } from "./validate-geometry2.js";

const U8 = 8 * 2 ** -53;
const ONE_PLUS_8U = 1 + 8 * 2 ** -53;
/** Absolute slack for products that underflow (far below any meaningful distance). */
const TINY = 2 ** -1000;

/**
 * Inputs and outputs of the kernel: cx, cy, vx, vy, r, ax, ay, bx, by, tMax in slots 0..9, the
 * time in slot 10, [feature, index, side] in slots 11..13.
 */
const io = new Float64Array(14);

/**
 * What the last hit of {@link toiCircleSegmentRaw} touched: [feature, index, side] (a view of
 * the kernel's output, meaningful after a call that returned a finite time). feature is
 * FEATURE_INTERIOR (index 0) or FEATURE_VERTEX (index 0 for a, 1 for b); side is the sign of
 * (b - a) x (c - a) at the start, +1 or -1 (which side of the line the centre is on),
 * meaningful for the interior.
 */
export const circleSegmentFeature: Float64Array = io.subarray(11, 14);

/** Side of the last exactInterior call (the sign of h0). */
let lastSide = 0;

/** 2^-99: below this fraction of its terms' magnitude a double-double sign is not trusted. */
const SIGN_TRUST = 2 ** -99;

/**
 * The interior equation in double-double, from the inputs in {@link io}: returns Infinity
 * when the centre is on the segment's line or is not approaching it (moving away, or parallel),
 * 0 when it is approaching and already within r of the line (|h0| <= r L), and otherwise
 * tI = (|h0| - r L) / (-sign(h0) hv), rounded once (may exceed tMax; the caller checks). Sets
 * {@link lastSide} to sign(h0).
 *
 * Accuracy: h0, hv, L and r L carry relative errors of a few 2^-104, so tI is within 1 ulp
 * unless |h0| - r L cancels to below about 2^-50 of |h0| (the centre starts within a hair of
 * touching, where tI is tiny) or the motion is within about 2^-50 of parallel to the segment.
 */
function exactInterior(): number {
  const q = io;
  const cx = q[0], cy = q[1], vx = q[2], vy = q[3], r = q[4], ax = q[5], ay = q[6], bx = q[7], by = q[8];
  let t: number;
  let bb: number;
  // TwoSum: e = b - a, d = c - a.
  const exh = bx - ax; bb = exh - bx; const exl = bx - (exh - bb) + (-ax - bb);
  const eyh = by - ay; bb = eyh - by; const eyl = by - (eyh - bb) + (-ay - bb);
  const dxh = cx - ax; bb = dxh - cx; const dxl = cx - (dxh - bb) + (-ax - bb);
  const dyh = cy - ay; bb = dyh - cy; const dyl = cy - (dyh - bb) + (-ay - bb);
  // Veltkamp splits.
  t = SPLITTER * exh; const exH = t - (t - exh); const exL = exh - exH;
  t = SPLITTER * eyh; const eyH = t - (t - eyh); const eyL = eyh - eyH;
  t = SPLITTER * dxh; const dxH = t - (t - dxh); const dxL = dxh - dxH;
  t = SPLITTER * dyh; const dyH = t - (t - dyh); const dyL = dyh - dyH;
  t = SPLITTER * vx; const vxH = t - (t - vx); const vxL = vx - vxH;
  t = SPLITTER * vy; const vyH = t - (t - vy); const vyL = vy - vyH;

  // h0 = ex dy - ey dx (twice the signed area of a, b, c).
  const c1 = exh * dyh; const c1e = exH * dyH - c1 + exH * dyL + exL * dyH + exL * dyL;
  const c2 = eyh * dxh; const c2e = eyH * dxH - c2 + eyH * dxL + eyL * dxH + eyL * dxL;
  let s = c1 - c2; bb = s - c1;
  let low = c1 - (s - bb) + (-c2 - bb) + c1e - c2e + (exh * dyl + exl * dyh - eyh * dxl - eyl * dxh) + (exl * dyl - eyl * dxl);
  let hh = s + low; bb = hh - s; let hl = s - (hh - bb) + (low - bb);
  let side = hh > 0 ? 1 : hh < 0 ? -1 : 0;
  if (Math.abs(hh) <= SIGN_TRUST * (Math.abs(c1) + Math.abs(c2))) side = exactCrossSign(ax, ay, bx, by, ax, ay, cx, cy);
  lastSide = side;
  // On the line: the distance to the line is 0 and can only grow (or stay 0 when parallel).
  if (side === 0) return Infinity;
  if (side < 0) { hh = -hh; hl = -hl; }

  // hv = ex vy - ey vx; the centre approaches the line when side * hv < 0.
  const m1 = exh * vy; const m1e = exH * vyH - m1 + exH * vyL + exL * vyH + exL * vyL;
  const m2 = eyh * vx; const m2e = eyH * vxH - m2 + eyH * vxL + eyL * vxH + eyL * vxL;
  s = m1 - m2; bb = s - m1;
  low = m1 - (s - bb) + (-m2 - bb) + m1e - m2e + (exl * vy - eyl * vx);
  let wh = s + low; bb = wh - s; let wl = s - (wh - bb) + (low - bb);
  if (side > 0) { wh = -wh; wl = -wl; } // now w = approach speed times L
  if (Math.abs(wh) <= SIGN_TRUST * (Math.abs(m1) + Math.abs(m2))) {
    const sign = -side * exactCrossSign(ax, ay, bx, by, 0, 0, vx, vy);
    if (sign <= 0) return Infinity;
  } else if (wh <= 0) {
    return Infinity;
  }

  // L^2 = ex^2 + ey^2 and L = sqrt(L^2) (one Newton step), then r L.
  const q1 = exh * exh; const q1e = exH * exH - q1 + 2 * exH * exL + exL * exL;
  const q2 = eyh * eyh; const q2e = eyH * eyH - q2 + 2 * eyH * eyL + eyL * eyL;
  s = q1 + q2; bb = s - q1;
  low = q1 - (s - bb) + (q2 - bb) + q1e + q2e + 2 * (exh * exl + eyh * eyl) + (exl * exl + eyl * eyl);
  const l2h = s + low; const l2l = low - (l2h - s);
  const lh = Math.sqrt(l2h);
  let ll = 0;
  if (lh > 0) {
    t = SPLITTER * lh; const lH = t - (t - lh); const lL = lh - lH;
    const sq = lh * lh; const sqe = lH * lH - sq + 2 * lH * lL + lL * lL;
    ll = (l2h - sq - sqe + l2l) / (2 * lh);
  }
  t = SPLITTER * r; const rH = t - (t - r); const rL = r - rH;
  t = SPLITTER * lh; const lH2 = t - (t - lh); const lL2 = lh - lH2;
  const rl = r * lh; const rle = rH * lH2 - rl + rH * lL2 + rL * lH2 + rL * lL2 + r * ll;

  // N = |h0| - r L.
  s = hh - rl; bb = s - hh;
  low = hh - (s - bb) + (-rl - bb) + hl - rle;
  const nh = s + low; bb = nh - s; const nl = s - (nh - bb) + (low - bb);
  if (nh <= 0) return 0;

  // tI = N / w: the double quotient and one correction from the exact remainder.
  const q0 = nh / wh;
  t = SPLITTER * q0; const qH = t - (t - q0); const qL = q0 - qH;
  t = SPLITTER * wh; const wH = t - (t - wh); const wL = wh - wH;
  const qw = q0 * wh; const qwe = qH * wH - qw + qH * wL + qL * wH + qL * wL;
  return q0 + (nh - qw - qwe + nl - q0 * wl) / wh;
}

/**
 * Time of impact from the inputs in {@link io} (cx, cy, vx, vy, r, ax, ay, bx, by, tMax in
 * slots 0..9); writes t (Infinity for none) to slot 10 and, on a hit, [feature, index, side] to
 * slots 11..13. The kernel takes no arguments and returns nothing: a call that TurboFan does not
 * inline (this one is too big to) would otherwise box every double argument and the result.
 */
function segmentKernel(): void {
  const q = io;
  const cx = q[0], cy = q[1], vx = q[2], vy = q[3], r = q[4], ax = q[5], ay = q[6], bx = q[7], by = q[8], tMax = q[9];
  const ex = bx - ax;
  const ey = by - ay;
  const dx = cx - ax;
  const dy = cy - ay;
  // Magnitudes that keep every product clear of overflow and underflow; the rest is rescaled.
  const m = Math.abs(ex) + Math.abs(ey) + Math.abs(dx) + Math.abs(dy) + r;
  const mv = Math.abs(vx) + Math.abs(vy);
  if (!(m > 2 ** -400 && m < 2 ** 400 && mv > 2 ** -400 && mv < 2 ** 400)) {
    scaledKernel(m, mv);
    return;
  }
  // Signed distance to the line times L (h0), and |h0| - r L, with rigorous error bounds.
  const p1 = ex * dy;
  const p2 = ey * dx;
  const h0 = p1 - p2;
  const L2 = ex * ex + ey * ey;
  const rL = r * Math.sqrt(L2);
  const gap = Math.abs(h0) - rL;
  const eg = U8 * (Math.abs(p1) + Math.abs(p2) + rL) + TINY;
  // Which end cap decides (-1: the interior equation), and the side of the line.
  let end = -1;
  let side = 0;
  let tI = Infinity;
  if (gap > eg) {
    // Case 1: certainly outside the slab around the line. Approach speed times L: -sign(h0) hv.
    const q1 = ex * vy;
    const q2 = ey * vx;
    const app = h0 > 0 ? q2 - q1 : q1 - q2;
    const ev = U8 * (Math.abs(q1) + Math.abs(q2)) + TINY;
    // Exactly parallel (each product has an exactly zero factor), or certainly moving away, or
    // certainly reaching the slab only after tMax (tI >= (gap - eg) / (app + ev)).
    if (((ex === 0 || vy === 0) && (ey === 0 || vx === 0)) || app < -ev || (app > ev && gap - eg > tMax * (app + ev) * ONE_PLUS_8U)) {
      q[10] = Infinity;
      return;
    }
    side = h0 > 0 ? 1 : -1;
    // Shortcut to an end cap: when gap and app are known to 2^-40 relative, the rounded tI is
    // within 2^-38 relative of the true one, and if the foot at that time lies clearly beyond
    // an end (by a margin of 2^-30 of the terms), the true foot does too: no need for the
    // double-double interior time.
    if (gap > 2 ** 13 * eg && app > 2 ** 13 * ev) {
      const ta = gap / app;
      const dv = (vx * ex + vy * ey) * ta;
      const de = dx * ex + dy * ey;
      if (de + dv < -(2 ** -30) * (Math.abs(de) + Math.abs(dv))) {
        end = 0;
      } else {
        const db = (cx - bx) * ex + (cy - by) * ey;
        if (db + dv > 2 ** -30 * (Math.abs(db) + Math.abs(dv))) end = 1;
      }
    }
    if (end < 0) tI = exactInterior();
  } else if (dx * ex + dy * ey <= 0) {
    // Case 2: within (or at the edge of) the slab. Which part of the segment is the centre
    // abreast of? Each end is tested from that end, (c - a).e and (c - b).e, so that the
    // rounding error is relative to the centre's distance from that end, not to the length.
    end = 0;
  } else if ((cx - bx) * ex + (cy - by) * ey >= 0) {
    end = 1;
  } else {
    tI = exactInterior();
  }
  if (end < 0) {
    if (tI === Infinity) {
      q[10] = Infinity;
      return;
    }
    side = lastSide;
    // Where is the centre's foot on the line when it reaches the slab? Measured from each end,
    // first in plain doubles with a rigorous bound (each offset off by at most 3u of its terms,
    // the dot product by 3u more); a foot within that bound of an end is measured again with
    // the centre's offset from that end formed to double-double accuracy (offsetAt), so that
    // the test is sharp near either end even on a long segment far from the origin.
    const wx = tI * vx;
    const wy = tI * vy;
    let fa = (dx + wx) * ex + (dy + wy) * ey;
    if (Math.abs(fa) <= U8 * ((Math.abs(dx) + Math.abs(wx)) * Math.abs(ex) + (Math.abs(dy) + Math.abs(wy)) * Math.abs(ey)) + TINY) {
      fa = offsetFrom(cx, ax, vx, tI) * ex + offsetFrom(cy, ay, vy, tI) * ey;
    }
    const gx = cx - bx;
    const gy = cy - by;
    let fb = (gx + wx) * ex + (gy + wy) * ey;
    if (Math.abs(fb) <= U8 * ((Math.abs(gx) + Math.abs(wx)) * Math.abs(ex) + (Math.abs(gy) + Math.abs(wy)) * Math.abs(ey)) + TINY) {
      fb = offsetFrom(cx, bx, vx, tI) * ex + offsetFrom(cy, by, vy, tI) * ey;
    }
    if (fa > 0 && fb < 0) {
      q[10] = tI <= tMax ? tI : Infinity;
      q[11] = FEATURE_INTERIOR;
      q[12] = 0;
      q[13] = side;
      return;
    }
    end = fa <= 0 ? 0 : 1;
  }
  // An end cap: the circle kernel against the end point (a circle of radius 0 at rest). One
  // call site, so that the kernel inlines here.
  q[10] = toiCirclesRaw(cx, cy, vx, vy, r, end === 0 ? ax : bx, end === 0 ? ay : by, 0, 0, 0, tMax);
  q[11] = FEATURE_VERTEX;
  q[12] = end;
  q[13] = side;
}

/**
 * (p - q) + t v to double-double accuracy (offsetAt), or in plain doubles where the products
 * leave the range of Veltkamp's split (|t v| beyond about 2^996, where offsetAt gives NaN).
 */
function offsetFrom(p: number, q: number, v: number, t: number): number {
  const o = offsetAt(p, q, v, 0, t);
  return o === o ? o : p - q + t * v;
}

/**
 * Huge or tiny inputs: lengths are multiplied by 2^kd and velocities by 2^kw (powers of two,
 * exact barring underflow), which multiplies times by 2^(kd - kw); the kernel runs on the scaled
 * values (whose magnitudes are then in [1, 8), inside its range) and the time is scaled back.
 */
function scaledKernel(m: number, mv: number): void {
  const q = io;
  const tMax = q[9];
  // No motion: no first contact (even when overlapping); a point sitting on a point: nothing.
  if (mv === 0 || m === 0) {
    q[10] = Infinity;
    return;
  }
  // Differences that overflow: take the scale from the coordinates themselves.
  if (m === Infinity) m = Math.abs(q[0]) + Math.abs(q[1]) + Math.abs(q[5]) + Math.abs(q[6]) + Math.abs(q[7]) + Math.abs(q[8]) + q[4];
  const kd = m === Infinity ? -1000 : -Math.floor(Math.log2(m));
  const kw = mv === Infinity ? -1000 : -Math.floor(Math.log2(mv));
  const sd = 2 ** (kd >> 1), sd2 = 2 ** (kd - (kd >> 1));
  const sw = 2 ** (kw >> 1), sw2 = 2 ** (kw - (kw >> 1));
  const k = kd - kw;
  const st = 2 ** (k >> 1), st2 = 2 ** (k - (k >> 1));
  q[0] = q[0] * sd * sd2; q[1] = q[1] * sd * sd2; q[4] = q[4] * sd * sd2;
  q[5] = q[5] * sd * sd2; q[6] = q[6] * sd * sd2; q[7] = q[7] * sd * sd2; q[8] = q[8] * sd * sd2;
  q[2] = q[2] * sw * sw2; q[3] = q[3] * sw * sw2;
  q[9] = tMax * st * st2;
  segmentKernel();
  const t = q[10];
  if (t !== Infinity) {
    const back = t / st / st2;
    q[10] = back <= tMax ? back : Infinity;
  }
}

/**
 * Time of impact of the circle (cx, cy, r) moving with (vx, vy) against the segment from
 * (ax, ay) to (bx, by), in [0, tMax]; Infinity for none. Unchecked kernel for simulation loops:
 * finite inputs, r >= 0, tMax >= 0 (Infinity allowed). On a hit, {@link circleSegmentFeature}
 * says what was touched. Same conventions and accuracy as {@link timeOfImpactCircleSegment}.
 * (Small, so that it inlines into the caller: the numbers travel through a Float64Array.)
 */
export function toiCircleSegmentRaw(
  cx: number, cy: number, vx: number, vy: number, r: number,
  ax: number, ay: number, bx: number, by: number, tMax: number,
): number {
  const q = io;
  q[0] = cx; q[1] = cy; q[2] = vx; q[3] = vy; q[4] = r;
  q[5] = ax; q[6] = ay; q[7] = bx; q[8] = by; q[9] = tMax;
  segmentKernel();
  return q[10];
}

/** Writes the unit vector along (x, y) to out.nx, out.ny, scaling first so nothing overflows. */
function setNormal(out: WallHit2, x: number, y: number): void {
  const m = Math.max(Math.abs(x), Math.abs(y));
  const sx = x / m;
  const sy = y / m;
  const len = Math.sqrt(sx * sx + sy * sy);
  out.nx = sx / len + 0; // + 0 turns -0 into 0
  out.ny = sy / len + 0;
}

/**
 * Like {@link toiCircleSegmentRaw}, and on a hit fills `out` (time, contact point, unit
 * normal, feature, index) and returns true; on a miss returns false and leaves `out` alone.
 */
export function sweepCircleSegmentRaw(
  out: WallHit2,
  cx: number, cy: number, vx: number, vy: number, r: number,
  ax: number, ay: number, bx: number, by: number, tMax: number,
): boolean {
  const t = toiCircleSegmentRaw(cx, cy, vx, vy, r, ax, ay, bx, by, tMax);
  if (t === Infinity) return false;
  const f = circleSegmentFeature;
  fillCircleSegmentHit(out, cx, cy, vx, vy, ax, ay, bx, by, t, f[0], f[1], f[2]);
  return true;
}

/**
 * Fills `out` for a hit of the circle (centre c + t v) on the segment a..b that a kernel has
 * already found: time t and the kernel's [feature, index, side] ({@link circleSegmentFeature}).
 * Computes the unit normal and the contact point; used by the sweeps against segments and
 * polylines.
 */
export function fillCircleSegmentHit(
  out: WallHit2, cx: number, cy: number, vx: number, vy: number,
  ax: number, ay: number, bx: number, by: number, t: number, feature: number, index: number, side: number,
): void {
  out.t = t;
  out.feature = feature;
  out.index = index;
  if (feature === FEATURE_VERTEX) {
    const px = index === 0 ? ax : bx;
    const py = index === 0 ? ay : by;
    // From the centre at t to the end point, with the offset formed to double-double accuracy.
    setNormal(out, offsetFrom(px, cx, -vx, t), offsetFrom(py, cy, -vy, t));
    if (!(out.nx === out.nx && out.ny === out.ny)) {
      // Out of the plain range: the same offset p - c - t v scaled by powers of two
      // (relative-motion.ts), so no magnitude overflows or underflows.
      loadScaled(cx, cy, 0, px, py, 0, vx, vy, 0, 0, 0, 0);
      unitOffsetAt(t);
      out.nx = unitOffset[0] + 0; // + 0 turns -0 into 0
      out.ny = unitOffset[1] + 0;
    }
    out.px = px;
    out.py = py;
    return;
  }
  // Interior: the normal is perpendicular to the segment, pointing from the centre's side to
  // the line: side * (ey, -ex) / L. A direction beyond the double range comes from halves.
  let ex = bx - ax;
  let ey = by - ay;
  let fx = pointAlong(cx, vx, t) - ax;
  let fy = pointAlong(cy, vy, t) - ay;
  let h = 1;
  if (!(ex - ex === 0 && ey - ey === 0 && fx - fx === 0 && fy - fy === 0)) {
    h = 0.5;
    ex = bx * h - ax * h;
    ey = by * h - ay * h;
    fx = pointAlong(cx * h, vx * h, t) - ax * h;
    fy = pointAlong(cy * h, vy * h, t) - ay * h;
  }
  setNormal(out, side * ey, -side * ex);
  // Contact point: the foot of the centre at t on the segment.
  let s = (fx * ex + fy * ey) / (ex * ex + ey * ey);
  if (s !== s || s === Infinity || s === -Infinity) {
    // Squares out of range: the same ratio from components scaled by a power of two (exact).
    const k = -exponentOf(Math.max(Math.abs(ex), Math.abs(ey)));
    const exs = ldexp(ex, k), eys = ldexp(ey, k);
    s = (ldexp(fx, k) * exs + ldexp(fy, k) * eys) / (exs * exs + eys * eys);
  }
  if (!(s > 0)) s = 0;
  else if (s > 1) s = 1;
  if (h === 1) {
    if (s <= 0.5) {
      out.px = ax + s * ex;
      out.py = ay + s * ey;
    } else {
      out.px = bx - (1 - s) * ex;
      out.py = by - (1 - s) * ey;
    }
  } else {
    out.px = 2 * (s <= 0.5 ? ax * h + s * ex : bx * h - (1 - s) * ex);
    out.py = 2 * (s <= 0.5 ? ay * h + s * ey : by * h - (1 - s) * ey);
  }
}

/**
 * Time of impact of a moving circle with a line segment (a thin wall, both sides): the
 * earliest t in [0, tMax] (tMax defaults to 1) at which the circle touches the segment while
 * approaching it; Infinity for none.
 *
 * - Already overlapping (or touching) and approaching: 0. "Approaching" means the distance from
 *   the centre to the segment is decreasing; a centre exactly on the segment is never
 *   approaching (the distance can only grow).
 * - Moving apart, sliding parallel to the segment (even overlapping it, or at exactly distance
 *   r), or at rest: Infinity.
 * - A tangent graze (touching an end cap tangentially, or running parallel at distance r):
 *   Infinity. Contact after tMax: Infinity.
 * - A segment of zero length is a point (a circle of radius 0 at rest). A circle of radius 0 is
 *   a moving point: it hits the segment by crossing it between its ends, or by passing
 *   exactly through an end point (two points meeting head-on collide, as in
 *   {@link timeOfImpactCircles}); passing an end by any distance is a miss.
 *
 * Accuracy: end caps are exact to an ulp (the circle kernel); the interior time is within 1 ulp
 * of the exact root of the given doubles except when the circle starts within about 2^-50 of
 * touching or moves within about 2^-50 of parallel to the segment (see the file header). Inputs
 * of any magnitude are rescaled by powers of two. Throws a RangeError for non-finite input, a
 * negative radius, or a negative or NaN tMax.
 */
export function timeOfImpactCircleSegment(circle: MovingCircle, segment: Segment2, tMax = 1): number {
  checkMovingCircle(circle, "circle");
  checkSegment2(segment, "segment");
  checkTMax(tMax);
  return toiCircleSegmentRaw(circle.x, circle.y, circle.vx, circle.vy, circle.r, segment.ax, segment.ay, segment.bx, segment.by, tMax);
}

/**
 * Like {@link sweepCircleSegment}, without allocating: on a hit fills `out` and returns true;
 * on a miss returns false and leaves `out` as it was.
 */
export function sweepCircleSegmentInto(out: WallHit2, circle: MovingCircle, segment: Segment2, tMax = 1): boolean {
  checkMovingCircle(circle, "circle");
  checkSegment2(segment, "segment");
  checkTMax(tMax);
  return sweepCircleSegmentRaw(out, circle.x, circle.y, circle.vx, circle.vy, circle.r, segment.ax, segment.ay, segment.bx, segment.by, tMax);
}

/**
 * First contact of a moving circle with a segment: `{t, px, py, nx, ny, feature, index}` or
 * null, with the conventions and accuracy of {@link timeOfImpactCircleSegment}.
 *
 * - feature FEATURE_INTERIOR (index 0): the flat side; the normal is perpendicular to the
 *   segment, from the circle's side towards the segment.
 * - feature FEATURE_VERTEX, index 0 (end a) or 1 (end b): an end cap; the normal points from
 *   the circle's centre at t to that end.
 * - (px, py) is the point of the segment nearest the centre at t: the contact point, equal to
 *   centre + r n for a contact at t > 0; for an overlapping start (t = 0) the segment point
 *   nearest the centre.
 */
export function sweepCircleSegment(circle: MovingCircle, segment: Segment2, tMax = 1): WallHit2 | null {
  const out: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };
  return sweepCircleSegmentInto(out, circle, segment, tMax) ? out : null;
}
