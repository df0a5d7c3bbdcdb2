import { test } from "node:test";
import assert from "node:assert/strict";
import { exactCrossSign } from "../src/query/exact-cross-sign.js";
import { Random } from "./support/random.js";
import { toCommonIntegers } from "./support/exact.js";

function bigSign(ax: number, ay: number, bx: number, by: number, px: number, py: number, qx: number, qy: number): number {
  const { n } = toCommonIntegers([ax, ay, bx, by, px, py, qx, qy]);
  const v = (n[2] - n[0]) * (n[7] - n[5]) - (n[3] - n[1]) * (n[6] - n[4]);
  return v > 0n ? 1 : v < 0n ? -1 : 0;
}

/** A double with a random 53-bit mantissa and a random exponent in [lo, hi]. */
function wild(rnd: Random, lo: number, hi: number): number {
  return (rnd.next() < 0.5 ? -1 : 1) * (1 + rnd.next()) * 2 ** (lo + rnd.int(hi - lo + 1));
}

test("the orientation sign agrees with BigInt on 20000 nearly collinear cases of mixed magnitudes", (ctx) => {
  const rnd = new Random(21);
  let zero = 0;
  let nonzero = 0;
  for (let i = 0; i < 20000; i++) {
    const ax = wild(rnd, -30, 60), ay = wild(rnd, -30, 60);
    const bx = wild(rnd, -30, 60), by = wild(rnd, -30, 60);
    // q on (or a rounding away from) the line through a and b, seen from p = a or p = 0.
    const lambda = rnd.next() < 0.3 ? 0.5 : rnd.range(-2, 2);
    let qx = ax + lambda * (bx - ax);
    let qy = ay + lambda * (by - ay);
    if (rnd.next() < 0.3) qx = qx * (1 + 2 ** -52 * (rnd.int(3) - 1));
    const pOrigin = rnd.next() < 0.5;
    const px = pOrigin ? 0 : ax;
    const py = pOrigin ? 0 : ay;
    if (pOrigin) { qx -= ax; qy -= ay; }
    const want = bigSign(ax, ay, bx, by, px, py, qx, qy);
    assert.equal(exactCrossSign(ax, ay, bx, by, px, py, qx, qy), want, `case ${i}`);
    if (want === 0) zero++;
    else nonzero++;
  }
  // Exactly collinear cases from integers scaled by powers of two.
  for (let i = 0; i < 2000; i++) {
    const s = 2 ** (rnd.int(100) - 50);
    const ax = (rnd.int(1 << 20) - (1 << 19)) * 2 ** 40 + rnd.int(1000), ay = rnd.int(1 << 20) * s;
    const k = rnd.int(64) + 1;
    const dx = rnd.int(1 << 10) - 512, dy = (rnd.int(1 << 10) - 512) * s;
    const bx = ax + k * dx, by = ay + k * dy;
    const qx = ax + (k >> 1) * dx, qy = ay + (k >> 1) * dy;
    const want = bigSign(ax, ay, bx, by, ax, ay, qx, qy);
    assert.equal(exactCrossSign(ax, ay, bx, by, ax, ay, qx, qy), want, `collinear case ${i}`);
    if (want === 0) zero++;
    else nonzero++;
  }
  ctx.diagnostic(`${zero} exactly zero, ${nonzero} nonzero`);
  assert.ok(zero > 500 && nonzero > 10000, `${zero} zero, ${nonzero} nonzero`);
});
