// The Fantastic Bits referee's collision loop (see docs/contest-rules.md): `t = 0; while (t < 1)
// t += step(t)`. A step lists every candidate from the positions and speeds at its start in
// the referee's order (wizards 3..0: wall, goal posts, the wizards before it, the nearest
// snaffle already in grab reach, the snaffles it can reach; snaffles last to first: goal posts,
// wall, the snaffles before it, the goal line; bludgers 1..0: wall, goal posts, the other
// bludger, every wizard, every snaffle), stable-sorts them by time, moves every body to the
// earliest time T and resolves every candidate within T + 1e-5 in that order (react.ts).
//
// Each candidate carries its key, its place in the referee's listing, and the list is sorted
// on (time, key): the referee's stable sort of its listing. So a formula may be skipped where it
// surely gives no candidate, and is. Each body has a box that holds its disc for the rest of the
// turn, widened by BOX_MARGIN; two bodies whose boxes are apart, or a body whose box keeps clear
// of the walls, the goal posts or the goal lines, have no candidate there in the referee's
// arithmetic (docs/contest-rules.md; test/contest-fb-boxes.test.ts checks it; every coordinate
// and speed must be below 2^20, else every formula runs). NEAR holds, per body, the bodies whose boxes overlap its own (a sweep
// along x finds them), FEAT what else its box reaches.
//
// A box stays true for as long as the body moves on straight: after a step, only the bodies a
// reaction touched (DIRTY) get a new box and new NEAR bits. And the first step's boxes, NEAR and
// FEAT are the same whatever the commands were, once each box is widened by what a command can
// change in the speed (300 for a wizard: two thrusts of 150; 2000 for a snaffle a wizard held:
// two throws of 500, times 2): a search that plays many turns from one root (`root`, the block
// it was copied from) computes them once, into the root's cache, and reads them back after.
import {
  N, S, FB, ALIVE, ORDER, COOLDOWN, IGNORE_COUNT, IGNORE, CAP,
  BOX_XLO, BOX_XHI, BOX_YLO, BOX_YHI, ACC_X, ACC_Y, CAND_TIME, CAND_KEY, CAND_KIND, CAND_A, CAND_B, NEAR, FEAT,
  FEAT_WALL, FEAT_GOAL, FEAT_POST,
  getX, getY, getVX, getVY, setX, setY, getLink,
} from "./layout";
import { K_WALL, K_POST, K_PAIR, K_GRAB, K_GOAL, SIDE_LEFT, SIDE_RIGHT, SIDE_TOP, SIDE_BOTTOM, resolve, resetSharing, moved, dirty, clearDirty } from "./react";

const MAX_STEPS: i32 = 1000000;
/** Each box's margin and the bound on |x| + |y| + |vx| + |vy| under which the boxes are used. */
const BOX_MARGIN: f64 = 0.00390625;
const BOX_LIMIT: f64 = 1048576.0;
/**
 * What a command can add to a speed, for the first step's boxes shared by every command (see
 * above): a wizard's thrust (at most 150), a throw (at most 500, times 1/0.5 on a snaffle).
 */
const WIZARD_SPREAD: f64 = 150.0;
const THROWN_SPREAD: f64 = 1000.0;

/** τ of the last formula that found a candidate. */
let tau: f64 = 0.0;
/** Candidates of the step so far. */
let count: i32 = 0;
/** Whether the boxes hold (else every formula runs: NEAR and FEAT all set). */
let boxed: bool = false;
/** The snaffles held when the turn began (bits): a command may throw them. */
let heldAtStart: i32 = 0;

export function setHeldAtStart(bits: i32): void {
  heldAtStart = bits;
}

export function heldAtStartBits(): i32 {
  return heldAtStart;
}

@inline function add(time: f64, key: i32, kind: i32, a: i32, b: i32): void {
  store<f64>(CAND_TIME + (count << 3), time);
  store<i32>(CAND_KEY + (count << 2), key);
  store<i32>(CAND_KIND + (count << 2), kind);
  store<i32>(CAND_A + (count << 2), a);
  store<i32>(CAND_B + (count << 2), b);
  count++;
}

@inline function xlo(i: i32): f64 { return load<f64>(BOX_XLO + (i << 3)); }
@inline function xhi(i: i32): f64 { return load<f64>(BOX_XHI + (i << 3)); }
@inline function ylo(i: i32): f64 { return load<f64>(BOX_YLO + (i << 3)); }
@inline function yhi(i: i32): f64 { return load<f64>(BOX_YHI + (i << 3)); }
/** The bodies whose boxes overlap body i's, as bits. */
@inline function nearSet(i: i32): i32 { return load<i32>(NEAR + (i << 2)); }
@inline function features(i: i32): i32 { return load<i32>(FEAT + (i << 2)); }

/**
 * Runs the loop from t = 0 to t = 1 (`root`: the block this one was copied from, with no change
 * since, or −1). Returns 0, or 1 when it met more than MAX_STEPS steps (bodies wedged together:
 * the state is left mid-turn).
 */
export function runLoop(p: i32, root: i32): i32 {
  const wizardBlock = 9 + S, snaffleBlock = 5 + S;
  const snafflesStart = 4 * wizardBlock, bludgersStart = snafflesStart + S * snaffleBlock;
  const snaffleBits = ((1 << S) - 1) << 4;
  resetSharing();
  firstStep(p, root);
  let t: f64 = 0.0;
  let steps: i32 = 0;
  while (t < 1.0) {
    if (++steps > MAX_STEPS) return 1;
    const min = 1.0 - t;
    if (steps > 1) nextStep(min);
    count = 0;
    // Wizards: wall, goal posts, the wizards before it, grabs.
    for (let i: i32 = 0; i < 4; i++) {
      const near = nearSet(i), feat = features(i);
      if ((near | feat) == 0) continue;
      const base = (3 - i) * wizardBlock;
      if ((feat & FEAT_WALL) != 0) {
        const side = wallTime(i, 400.0, min);
        if (side >= 0) add(t + tau, base, K_WALL, i, side);
      }
      for (let bits = (feat >> 2) & 15; bits != 0; bits &= bits - 1) {
        const q = ctz(bits);
        if (postTime(i, q, 700.0, min)) add(t + tau, base + 1 + q, K_POST, i, q);
      }
      for (let bits = near & ((1 << i) - 1); bits != 0; bits &= bits - 1) {
        const j = ctz(bits);
        if (pairTime(i, j, 800.0, min)) add(t + tau, base + 5 + (i - 1 - j), K_PAIR, i, j);
      }
      const reach = near & snaffleBits;
      if (reach == 0 || getLink(i) != -1 || load<i32>(COOLDOWN + (i << 2)) > 0) continue;
      // The nearest capturable snaffle already within 399 (the first of equals), at t.
      let closest: i32 = -1, best: f64 = 0.0;
      const wx = getX(i), wy = getY(i);
      for (let bits = reach; bits != 0; bits &= bits - 1) {
        const s = ctz(bits);
        if (load<i32>(ALIVE + (s << 2)) != 1 || getLink(s) != -1) continue;
        const dx = getX(s) - wx, dy = getY(s) - wy;
        const d2 = dx * dx + dy * dy;
        if (d2 <= 159201.0 && (closest == -1 || d2 < best)) {
          closest = s;
          best = d2;
        }
      }
      if (closest != -1) add(t, base + 8, K_GRAB, i, closest);
      for (let bits = reach; bits != 0; bits &= bits - 1) {
        const s = ctz(bits);
        if (s == closest || load<i32>(ALIVE + (s << 2)) != 1 || getLink(s) != -1) continue;
        if (grabTime(i, s, min)) add(t + tau, base + 9 + (s - 4), K_GRAB, i, s);
      }
    }
    // Snaffles in play: goal posts, wall (not inside a goal), the snaffles before it, the goal line.
    for (let s: i32 = 4; s < FB; s++) {
      const near = nearSet(s), feat = features(s);
      if ((near | feat) == 0 || load<i32>(ALIVE + (s << 2)) != 1 || getLink(s) != -1) continue;
      const k = s - 4, base = snafflesStart + (S - 1 - k) * snaffleBlock;
      for (let bits = (feat >> 2) & 15; bits != 0; bits &= bits - 1) {
        const q = ctz(bits);
        if (postTime(s, q, 450.0, min)) add(t + tau, base + q, K_POST, s, q);
      }
      if ((feat & FEAT_WALL) != 0 && !inGoal(getX(s), getY(s))) {
        const side = wallTime(s, 150.0, min);
        if (side >= 0) add(t + tau, base + 4, K_WALL, s, side);
      }
      const ignoring = load<i32>(IGNORE_COUNT + (k << 2)) != 0;
      for (let bits = near & snaffleBits & ((1 << s) - 1); bits != 0; bits &= bits - 1) {
        const j = ctz(bits);
        if (load<i32>(ALIVE + (j << 2)) != 1 || getLink(j) != -1) continue;
        if (ignoring && ignores(k, j)) continue;
        if (pairTime(s, j, 300.0, min)) add(t + tau, base + 5 + (s - 1 - j), K_PAIR, s, j);
      }
      if ((feat & FEAT_GOAL) != 0) {
        const team = goalTime(s, min);
        if (team >= 0) add(t + tau, base + 4 + S, K_GOAL, s, team);
      }
    }
    // Bludgers: wall, goal posts, the other bludger, every wizard, every snaffle (scored and held ones too).
    for (let b: i32 = FB; b < N; b++) {
      const near = nearSet(b), feat = features(b);
      if ((near | feat) == 0) continue;
      const base = bludgersStart + (N - 1 - b) * (10 + S);
      if ((feat & FEAT_WALL) != 0) {
        const side = wallTime(b, 200.0, min);
        if (side >= 0) add(t + tau, base, K_WALL, b, side);
      }
      for (let bits = (feat >> 2) & 15; bits != 0; bits &= bits - 1) {
        const q = ctz(bits);
        if (postTime(b, q, 500.0, min)) add(t + tau, base + 1 + q, K_POST, b, q);
      }
      if (b == FB + 1 && (near & (1 << FB)) != 0 && pairTime(b, FB, 400.0, min)) add(t + tau, base + 5, K_PAIR, b, FB);
      for (let bits = near & 15; bits != 0; bits &= bits - 1) {
        const j = ctz(bits);
        if (pairTime(b, j, 600.0, min)) add(t + tau, base + 6 + j, K_PAIR, b, j);
      }
      for (let bits = near & snaffleBits; bits != 0; bits &= bits - 1) {
        const j = ctz(bits);
        if (pairTime(b, j, 350.0, min)) add(t + tau, base + 10 + (j - 4), K_PAIR, b, j);
      }
    }
    clearDirty();
    if (count == 0) {
      moveAll(min);
      moved();
      t += min;
      continue;
    }
    sortCandidates();
    const first = load<f64>(CAND_TIME);
    const dt = first - t;
    if (dt > 0.0) {
      moveAll(dt);
      moved();
    }
    const last = first + 0.00001;
    for (let c: i32 = 0; c < count; c++) {
      if (!(load<f64>(CAND_TIME + (c << 3)) <= last)) break;
      resolve(load<i32>(CAND_KIND + (c << 2)), load<i32>(CAND_A + (c << 2)), load<i32>(CAND_B + (c << 2)));
    }
    t += dt;
  }
  return 0;
}

/**
 * The first step's boxes, NEAR and FEAT: the root's cache when it has one (after the root's
 * state, not copied with it: int32 valid and a pad, then per body a record of 40 bytes, float64
 * xlo, xhi, ylo, yhi and int32 NEAR and FEAT); else computed, with
 * each box widened by what a command can change (so the root's cache when there is a root,
 * stored there), or without (no root).
 */
function firstStep(p: i32, root: i32): void {
  if (root >= 0 && root != p) {
    const rootCache = root + load<i32>(root, 12);
    if (load<i32>(rootCache) == 1) {
      // (a loop: memory.copy is a call, dearer than these few words)
      for (let i: i32 = 0, c = rootCache + 8; i < N; i++, c += 40) {
        const o = i << 3;
        store<f64>(BOX_XLO + o, load<f64>(c));
        store<f64>(BOX_XHI + o, load<f64>(c, 8));
        store<f64>(BOX_YLO + o, load<f64>(c, 16));
        store<f64>(BOX_YHI + o, load<f64>(c, 24));
        store<i32>(NEAR + (i << 2), load<i32>(c, 32));
        store<i32>(FEAT + (i << 2), load<i32>(c, 36));
      }
      boxed = true;
      return;
    }
    // Each box from the speed without this turn's command (the speed less its acceleration,
    // which rounding leaves within a hair of it: the margin covers that), widened by what any
    // command may add.
    boxed = true;
    for (let i: i32 = 0; i < N; i++) {
      const thrown = i >= 4 && ((heldAtStart >> i) & 1) != 0;
      const spread = i < 4 ? WIZARD_SPREAD : thrown ? THROWN_SPREAD : 0.0;
      const k = i < 4 ? 1.0 : thrown ? 2.0 : 0.0;
      if (!box(i, 1.0, spread, k)) boxed = false;
    }
    if (!boxed) {
      allNear();
      return;
    }
    sweep();
    store<i32>(rootCache, 1);
    for (let i: i32 = 0, c = rootCache + 8; i < N; i++, c += 40) {
      const o = i << 3;
      store<f64>(c, load<f64>(BOX_XLO + o));
      store<f64>(c, load<f64>(BOX_XHI + o), 8);
      store<f64>(c, load<f64>(BOX_YLO + o), 16);
      store<f64>(c, load<f64>(BOX_YHI + o), 24);
      store<i32>(c, load<i32>(NEAR + (i << 2)), 32);
      store<i32>(c, load<i32>(FEAT + (i << 2)), 36);
    }
    return;
  }
  boxed = true;
  for (let i: i32 = 0; i < N; i++) if (!box(i, 1.0, 0.0, 0.0)) boxed = false;
  if (boxed) sweep();
  else allNear();
}

/** After a step: the bodies a reaction touched get a new box over what is left of the turn, and new NEAR bits; the other boxes still hold. */
function nextStep(min: f64): void {
  if (!boxed) return;
  let d = dirty;
  if (d == 0) return;
  for (let bits = d; bits != 0; bits &= bits - 1) {
    if (!box(ctz(bits), min, 0.0, 0.0)) {
      boxed = false;
      allNear();
      return;
    }
  }
  for (let i: i32 = 0; i < N; i++) store<i32>(NEAR + (i << 2), load<i32>(NEAR + (i << 2)) & ~d);
  for (let bits = d; bits != 0; bits &= bits - 1) {
    const i = ctz(bits);
    const ixlo = xlo(i), ixhi = xhi(i), iylo = ylo(i), iyhi = yhi(i);
    let mask: i32 = 0;
    for (let j: i32 = 0; j < N; j++) {
      if (j == i || ixhi < xlo(j) || xhi(j) < ixlo || iyhi < ylo(j) || yhi(j) < iylo) continue;
      mask |= 1 << j;
      store<i32>(NEAR + (j << 2), load<i32>(NEAR + (j << 2)) | (1 << i));
    }
    store<i32>(NEAR + (i << 2), mask);
  }
}

/** Every formula runs. */
function allNear(): void {
  for (let i: i32 = 0; i < N; i++) {
    store<i32>(NEAR + (i << 2), -1);
    store<i32>(FEAT + (i << 2), -1);
  }
}

/**
 * Body i's box: the disc swept from its position for `span` along its speed less `k` times this
 * turn's acceleration, widened by BOX_MARGIN and by `spread` (what a command may add to its
 * speed, over the span), and what else it reaches (FEAT). False when |x| + |y| + |vx| + |vy|
 * reaches BOX_LIMIT, where the margin no longer covers the roundings.
 */
function box(i: i32, span: f64, spread: f64, k: f64): bool {
  const x = getX(i), y = getY(i);
  const vx = getVX(i) - k * load<f64>(ACC_X + (i << 3)), vy = getVY(i) - k * load<f64>(ACC_Y + (i << 3));
  if (!(Math.abs(x) + Math.abs(y) + Math.abs(vx) + Math.abs(vy) < BOX_LIMIT)) return false;
  const r = (i < 4 ? 400.0 : i < FB ? 150.0 : 200.0) + BOX_MARGIN + spread * span;
  const ex = x + vx * span, ey = y + vy * span;
  const lx = Math.min(x, ex) - r, hx = Math.max(x, ex) + r, ly = Math.min(y, ey) - r, hy = Math.max(y, ey) + r;
  const o = i << 3;
  store<f64>(BOX_XLO + o, lx);
  store<f64>(BOX_XHI + o, hx);
  store<f64>(BOX_YLO + o, ly);
  store<f64>(BOX_YHI + o, hy);
  let feat: i32 = 0;
  if (lx <= 0.0 || hx >= 16000.0 || ly <= 0.0 || hy >= 7500.0) feat |= FEAT_WALL;
  if (lx <= 0.0 || hx >= 16000.0) feat |= FEAT_GOAL;
  // goal post p: the square of side 600 around its centre ((0, 1750), (0, 5750), (16000, 1750), (16000, 5750))
  if (lx <= 300.0 || hx >= 15700.0) {
    const low = ly <= 2050.0 && hy >= 1450.0, high = ly <= 6050.0 && hy >= 5450.0;
    if (lx <= 300.0) {
      if (low) feat |= FEAT_POST;
      if (high) feat |= FEAT_POST << 1;
    }
    if (hx >= 15700.0) {
      if (low) feat |= FEAT_POST << 2;
      if (high) feat |= FEAT_POST << 3;
    }
  }
  store<i32>(FEAT + (i << 2), feat);
  return true;
}

/**
 * Sweep and prune: the bodies ordered by their box's left edge (an insertion sort from the
 * block's order, that of the last turn: few moves), then each body's boxes that overlap its own
 * along x and along y, as bits in NEAR.
 */
function sweep(): void {
  for (let i: i32 = 0; i < N; i++) store<i32>(NEAR + (i << 2), 0);
  for (let a: i32 = 1; a < N; a++) {
    const i = load<i32>(ORDER + (a << 2)), lo = xlo(i);
    let b = a;
    while (b > 0 && xlo(load<i32>(ORDER + ((b - 1) << 2))) > lo) {
      store<i32>(ORDER + (b << 2), load<i32>(ORDER + ((b - 1) << 2)));
      b--;
    }
    store<i32>(ORDER + (b << 2), i);
  }
  for (let a: i32 = 0; a < N; a++) {
    const i = load<i32>(ORDER + (a << 2));
    const hi = xhi(i), ylow = ylo(i), yhigh = yhi(i);
    for (let b: i32 = a + 1; b < N; b++) {
      const j = load<i32>(ORDER + (b << 2));
      if (xlo(j) > hi) break;
      if (yhi(j) < ylow || ylo(j) > yhigh) continue;
      store<i32>(NEAR + (i << 2), load<i32>(NEAR + (i << 2)) | (1 << j));
      store<i32>(NEAR + (j << 2), load<i32>(NEAR + (j << 2)) | (1 << i));
    }
  }
}

/** Insertion sort of the candidates on (time, key): the referee's stable sort of its listing. */
function sortCandidates(): void {
  for (let c: i32 = 1; c < count; c++) {
    const tc = load<f64>(CAND_TIME + (c << 3)), kc = load<i32>(CAND_KEY + (c << 2));
    const kindc = load<i32>(CAND_KIND + (c << 2)), ac = load<i32>(CAND_A + (c << 2)), bc = load<i32>(CAND_B + (c << 2));
    let q = c;
    while (q > 0) {
      const tq = load<f64>(CAND_TIME + ((q - 1) << 3));
      if (!(tq > tc || (tq == tc && load<i32>(CAND_KEY + ((q - 1) << 2)) > kc))) break;
      store<f64>(CAND_TIME + (q << 3), tq);
      store<i32>(CAND_KEY + (q << 2), load<i32>(CAND_KEY + ((q - 1) << 2)));
      store<i32>(CAND_KIND + (q << 2), load<i32>(CAND_KIND + ((q - 1) << 2)));
      store<i32>(CAND_A + (q << 2), load<i32>(CAND_A + ((q - 1) << 2)));
      store<i32>(CAND_B + (q << 2), load<i32>(CAND_B + ((q - 1) << 2)));
      q--;
    }
    store<f64>(CAND_TIME + (q << 3), tc);
    store<i32>(CAND_KEY + (q << 2), kc);
    store<i32>(CAND_KIND + (q << 2), kindc);
    store<i32>(CAND_A + (q << 2), ac);
    store<i32>(CAND_B + (q << 2), bc);
  }
}

/** The referee's "inside a goal" for a snaffle at (x, y). */
@inline function inGoal(x: f64, y: f64): bool {
  return (x <= 150.0 || x >= 15850.0) && y >= 1750.0 && y <= 5750.0;
}

/** Whether snaffle index k (id k + 4) ignores snaffle j. */
function ignores(k: i32, j: i32): bool {
  const base = IGNORE + ((k * CAP) << 2), end = base + (load<i32>(IGNORE_COUNT + (k << 2)) << 2);
  for (let m = base; m < end; m += 4) if (load<i32>(m) == j) return true;
  return false;
}

/**
 * The referee's wall test of body i (radius r): the side it is already beyond (left, right,
 * top, bottom, the first that holds) at τ 0, else the earliest side it reaches (a snaffle not
 * through a goal mouth) if within `min`. The side, or −1; τ in `tau`.
 */
function wallTime(i: i32, r: f64, min: f64): i32 {
  const x = getX(i), y = getY(i), vx = getVX(i), vy = getVY(i);
  tau = 0.0;
  if (x < r) return SIDE_LEFT;
  if (x > 16000.0 - r) return SIDE_RIGHT;
  if (y < r) return SIDE_TOP;
  if (y > 7500.0 - r) return SIDE_BOTTOM;
  const snaffle = r == 150.0;
  let side: i32 = -1, best: f64 = 0.0;
  if (vx > 0.0) {
    const right = (16000.0 - r - x) / vx;
    if (right >= 0.0) {
      const cy = y + right * vy;
      if (!snaffle || cy < 1750.0 || cy > 5750.0) {
        side = SIDE_RIGHT;
        best = right;
      }
    }
  } else if (vx < 0.0) {
    const left = (r - x) / vx;
    if (left >= 0.0) {
      const cy = y + left * vy;
      if (!snaffle || cy < 1750.0 || cy > 5750.0) {
        side = SIDE_LEFT;
        best = left;
      }
    }
  }
  if (vy > 0.0) {
    const bottom = (7500.0 - r - y) / vy;
    if (bottom >= 0.0 && (side == -1 || best > bottom)) {
      side = SIDE_BOTTOM;
      best = bottom;
    }
  } else if (vy < 0.0) {
    const top = (r - y) / vy;
    if (top >= 0.0 && (side == -1 || best > top)) {
      side = SIDE_TOP;
      best = top;
    }
  }
  if (side == -1 || !(best <= min)) return -1;
  tau = best;
  return side;
}

/**
 * The smaller root of a τ² + 2b τ + c (c > 0: not touching), kept when in (0, min]; in `tau`.
 * The referee takes min((−b + √Δ)/a, (−b − √Δ)/a). With b ≥ 0 (moving apart) both are ≤ 0 and
 * nothing is kept: no root is taken. With b < 0, −b − √Δ ≤ −b + √Δ and division by a > 0 keeps
 * the order (rounding is monotone): the smaller is (−b − √Δ)/a, one division.
 */
@inline function root(A: f64, b: f64, c: f64, min: f64): bool {
  if (b >= 0.0) return false;
  const delta = b * b - A * c;
  if (delta <= 0.0 || A == 0.0) return false;
  const r = (-b - Math.sqrt(delta)) / A;
  if (!(r <= min && r > 0.0)) return false;
  tau = r;
  return true;
}

/** The referee's test of body i against goal post p (R = radius + 300): touching (τ 0) or the smaller root in (0, min]. */
function postTime(i: i32, p: i32, R: f64, min: f64): bool {
  const dx = getX(i) - (p < 2 ? 0.0 : 16000.0), dy = getY(i) - ((p & 1) == 0 ? 1750.0 : 5750.0);
  const q = dx * dx + dy * dy, R2 = R * R;
  if (q <= R2) {
    tau = 0.0;
    return true;
  }
  const dvx = getVX(i), dvy = getVY(i);
  return root(dvx * dvx + dvy * dvy, dx * dvx + dy * dvy, q - R2, min);
}

/** The referee's test of the pair i (first), j at contact distance R: touching (τ 0) or the smaller root in (0, min]. */
function pairTime(i: i32, j: i32, R: f64, min: f64): bool {
  const dx = getX(i) - getX(j), dy = getY(i) - getY(j);
  const q = dx * dx + dy * dy, R2 = R * R;
  if (q <= R2) {
    tau = 0.0;
    return true;
  }
  const dvx = getVX(i) - getVX(j), dvy = getVY(i) - getVY(j);
  return root(dvx * dvx + dvy * dvy, dx * dvx + dy * dvy, q - R2, min);
}

/** The referee's grab contact of wizard i and snaffle s (399 apart): the smaller root in (0, min] (touching ones are the nearest's). */
function grabTime(i: i32, s: i32, min: f64): bool {
  const dx = getX(i) - getX(s), dy = getY(i) - getY(s);
  const dvx = getVX(i) - getVX(s), dvy = getVY(i) - getVY(s);
  return root(dvx * dvx + dvy * dvy, dx * dvx + dy * dvy, dx * dx + dy * dy - 159201.0, min);
}

/** The referee's goal-line test of snaffle s: the scoring team (0: the line x = 16000, 1: x = 0), −1 for none; τ in `tau`. */
function goalTime(s: i32, min: f64): i32 {
  const x = getX(s), vx = getVX(s);
  tau = 0.0;
  if (x >= 16000.0) return 0;
  if (x <= 0.0) return 1;
  if (!(Math.abs(vx) > 0.0)) return -1;
  const right = (16000.0 - x) / vx, left = -x / vx;
  if (right <= min && right > 0.0) {
    tau = right;
    return 0;
  }
  if (left <= min && left > 0.0) {
    tau = left;
    return 1;
  }
  return -1;
}

/** Moves every body (held and scored snaffles too) by its speed times dt. */
function moveAll(dt: f64): void {
  for (let i: i32 = 0; i < N; i++) {
    setX(i, getX(i) + getVX(i) * dt);
    setY(i, getY(i) + getVY(i) * dt);
  }
}
