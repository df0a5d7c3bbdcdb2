/**
 * The FB kernel skips the referee's contact formula for two bodies whose boxes are apart
 * (src/contest/wasm/loop.ts; docs/contest-rules.md, "The kernel"): each box holds the disc
 * swept over the rest of the turn, widened by 2^-8, and is used while |x| + |y| + |vx| + |vy|
 * stays below 2^20. The claim checked here, on adversarial near misses: where the boxes are
 * apart, by as little as one ulp, the referee's formula (touching, else the smaller root of the
 * quadratic, kept in (0, span]) gives no candidate either; the same for a body against a goal
 * post. The kernel's whole turns are checked against the referee's transcription elsewhere
 * (contest-fb-plain.test.ts).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Random } from "./support/random.js";

const MARGIN = 2 ** -8, LIMIT = 2 ** 20;

/** The kernel's box of a body over `span`: [xlo, xhi, ylo, yhi] (loop.ts `box`). */
function box(x: number, y: number, vx: number, vy: number, r: number, span: number): number[] {
  const R = r + MARGIN, ex = x + vx * span, ey = y + vy * span;
  return [Math.min(x, ex) - R, Math.max(x, ex) + R, Math.min(y, ey) - R, Math.max(y, ey) + R];
}

/** The referee's candidate for a pair at contact distance R over the rest `span`: its time, or null. */
function referee(dx: number, dy: number, dvx: number, dvy: number, R: number, span: number): number | null {
  const q = dx * dx + dy * dy;
  if (q <= R * R) return 0;
  const a = dvx * dvx + dvy * dvy, b = dx * dvx + dy * dvy, c = q - R * R;
  const delta = b * b - a * c;
  if (delta <= 0 || a === 0) return null;
  const t = Math.min((-b + Math.sqrt(delta)) / a, (-b - Math.sqrt(delta)) / a);
  return t > 0 && t <= span ? t : null;
}

/** The smallest double above v. */
function nextUp(v: number): number {
  const f = new Float64Array([v]), i = new BigInt64Array(f.buffer);
  if (v === 0) return Number.MIN_VALUE;
  i[0] += v > 0 ? 1n : -1n;
  return f[0];
}

const RADII = [400, 150, 200];

test("two bodies whose boxes are apart (by one ulp and up) have no candidate in the referee's arithmetic", () => {
  const rnd = new Random(2024);
  let tried = 0;
  for (let trial = 0; trial < 200_000; trial++) {
    // sizes from the map's to the bound's, speeds from a crawl to the fastest a state allows
    const scale = 2 ** rnd.range(8, 18), vscale = 2 ** rnd.range(0, 18);
    const span = rnd.next() < 0.3 ? 1 : rnd.next();
    const ri = RADII[trial % 3], rj = RADII[Math.floor(trial / 3) % 3];
    const xi = rnd.range(-scale, scale), yi = rnd.range(-scale, scale);
    // half the time closing in along the separating axis, so that the nearest miss comes at the end of the span
    const axis = trial % 2, closing = rnd.next() < 0.5;
    let vxi = rnd.range(-vscale, vscale), vyi = rnd.range(-vscale, vscale), vxj = rnd.range(-vscale, vscale), vyj = rnd.range(-vscale, vscale);
    if (closing && axis === 0) (vxi = Math.abs(vxi)), (vxj = -Math.abs(vxj));
    if (closing && axis === 1) (vyi = Math.abs(vyi)), (vyj = -Math.abs(vyj));
    const bi = box(xi, yi, vxi, vyi, ri, span);
    // j's box just right of (or above) i's: its near edge one ulp and up beyond
    const gap = rnd.next() < 0.5 ? 0 : 2 ** rnd.range(-40, -6);
    const edge = nextUp(bi[axis === 0 ? 1 : 3] + gap);
    const near = edge + rj + MARGIN - Math.min(0, (axis === 0 ? vxj : vyj) * span);
    // the other axis: aligned with i at the end of the span (the nearest miss), nearly, or anywhere across
    const pick = rnd.next(), offset = pick < 0.4 ? 0 : pick < 0.7 ? rnd.range(-1, 1) * 2 ** rnd.range(-30, 4) : rnd.range(-(ri + rj), ri + rj);
    const across = axis === 0 ? yi + (vyi - vyj) * span + offset : xi + (vxi - vxj) * span + offset;
    const xj = axis === 0 ? near : across, yj = axis === 0 ? across : near;
    if (Math.abs(xi) + Math.abs(yi) + Math.abs(vxi) + Math.abs(vyi) >= LIMIT || Math.abs(xj) + Math.abs(yj) + Math.abs(vxj) + Math.abs(vyj) >= LIMIT) continue;
    const bj = box(xj, yj, vxj, vyj, rj, span);
    if (!(bi[1] < bj[0] || bj[1] < bi[0] || bi[3] < bj[2] || bj[3] < bi[2])) continue; // (rounding made them overlap)
    tried++;
    for (const [dx, dy, dvx, dvy] of [[xi - xj, yi - yj, vxi - vxj, vyi - vyj], [xj - xi, yj - yi, vxj - vxi, vyj - vyi]]) {
      const t = referee(dx, dy, dvx, dvy, ri + rj, span);
      assert.equal(t, null, `bodies ${JSON.stringify([xi, yi, vxi, vyi, ri])} and ${JSON.stringify([xj, yj, vxj, vyj, rj])} over ${span}: candidate at ${t}`);
    }
  }
  assert.ok(tried > 150_000, `${tried} near misses tried`);
});

test("a body whose box keeps clear of a goal post's square has no candidate with it", () => {
  const rnd = new Random(7);
  let tried = 0;
  const posts = [[0, 1750], [0, 5750], [16000, 1750], [16000, 5750]];
  for (let trial = 0; trial < 100_000; trial++) {
    const [px, py] = posts[trial % 4], r = RADII[trial % 3], span = rnd.next() < 0.3 ? 1 : rnd.next();
    const side = trial % 4, closing = rnd.next() < 0.5, vscale = 2 ** rnd.range(0, 14);
    let vx = rnd.range(-vscale, vscale), vy = rnd.range(-vscale, vscale);
    // half the time closing in on the post, aligned with its centre (or nearly) at the end of the span: the nearest miss
    if (closing) [vx, vy] = [side === 0 ? -Math.abs(vx) : side === 1 ? Math.abs(vx) : vx, side === 2 ? -Math.abs(vy) : side === 3 ? Math.abs(vy) : vy];
    const pick = rnd.next(), offset = pick < 0.4 ? 0 : pick < 0.7 ? rnd.range(-1, 1) * 2 ** rnd.range(-30, 4) : rnd.range(-600, 600);
    let x = px - vx * span + offset, y = py - vy * span + offset;
    // the box's edge just beyond that side of the post's square (the kernel's FEAT_POST test: 300 around its centre)
    const reach = r + MARGIN;
    if (side === 0) x = nextUp(px + 300) + reach - Math.min(0, vx * span);
    if (side === 1) x = -nextUp(-(px - 300)) - reach - Math.max(0, vx * span);
    if (side === 2) y = nextUp(py + 300) + reach - Math.min(0, vy * span);
    if (side === 3) y = -nextUp(-(py - 300)) - reach - Math.max(0, vy * span);
    const b = box(x, y, vx, vy, r, span);
    if (!(b[1] < px - 300 || b[0] > px + 300 || b[3] < py - 300 || b[2] > py + 300)) continue;
    tried++;
    const t = referee(x - px, y - py, vx, vy, r + 300, span);
    assert.equal(t, null, `body ${JSON.stringify([x, y, vx, vy, r])} against post ${px}, ${py} over ${span}: candidate at ${t}`);
  }
  assert.ok(tried > 50_000, `${tried} near misses tried`);
});
