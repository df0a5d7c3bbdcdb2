import { test } from "node:test";
import assert from "node:assert/strict";
import { ballBallTime, circleTime, lineTime } from "../src/pool/detect.js";
import { Random } from "./support/random.js";

const R = 0.028575;

/** Centre distance of two paths (cx cy bx by ax ay) at τ. */
function distance(P: Float64Array, t: number): number {
  const x = (o: number, k: number) => P[o + k] + t * (P[o + 2 + k] + t * P[o + 4 + k]);
  return Math.hypot(x(6, 0) - x(0, 0), x(6, 1) - x(0, 1));
}

/** A random decelerating path: position on the table, speed up to 6 m/s, deceleration up to 2 m/s². */
function path(rnd: Random, P: Float64Array, o: number): void {
  P[o] = rnd.range(0, 1);
  P[o + 1] = rnd.range(0, 2);
  const s = rnd.range(0, 6), th = rnd.range(0, 2 * Math.PI), d = rnd.range(0, 1), dth = rnd.range(0, 2 * Math.PI);
  P[o + 2] = s * Math.cos(th);
  P[o + 3] = s * Math.sin(th);
  P[o + 4] = d * Math.cos(dth);
  P[o + 5] = d * Math.sin(dth);
}

/** Moves path o so that it passes within about 2.4 R of path 0 at a random time in [0, hi]. */
function aimAt(rnd: Random, P: Float64Array, o: number, hi: number, reach: number): void {
  const t = rnd.range(0, hi);
  const x = P[0] + t * (P[2] + t * P[4]) + rnd.range(-reach, reach), y = P[1] + t * (P[3] + t * P[5]) + rnd.range(-reach, reach);
  P[o] += x - (P[o] + t * (P[o + 2] + t * P[o + 4]));
  P[o + 1] += y - (P[o + 1] + t * (P[o + 3] + t * P[o + 5]));
}

test("ball–ball times against a brute-force scan: never a missed contact, never one too early (600 random close passes)", () => {
  const rnd = new Random(2026);
  const P = new Float64Array(12);
  let contacts = 0, misses = 0;
  for (let k = 0; k < 600; k++) {
    path(rnd, P, 0);
    path(rnd, P, 6);
    const hi = rnd.range(0.1, 1.5);
    aimAt(rnd, P, 6, hi, 2.4 * R);
    if (distance(P, 0) <= 2 * R) continue;
    const t = ballBallTime(P, 0, 6, R, hi);
    // Brute force: the first sample closer than 2R − 1e-9 (a clear contact).
    let first = Infinity;
    const n = 1000;
    for (let j = 1; j <= n; j++) {
      const s = (hi * j) / n;
      if (distance(P, s) < 2 * R - 1e-9) { first = s; break; }
    }
    if (first === Infinity) misses++;
    if (first < Infinity) {
      contacts++;
      assert.ok(t <= first, `pair ${k}: contact by ${first} but carom says ${t}`);
    }
    if (t < Infinity) {
      assert.ok(Math.abs(distance(P, t) - 2 * R) < 1e-9, `pair ${k}: distance ${distance(P, t)} at the contact`);
      for (let j = 0; j < 200; j++) assert.ok(distance(P, (t * j) / 200) >= 2 * R - 1e-9, `pair ${k}: overlap before ${t}`);
    }
  }
  assert.ok(contacts > 100 && misses > 50, `${contacts} contacts and ${misses} near misses checked`);
});

test("jaw and pocket times: the centre reaches the circle at the time found, not before", () => {
  const rnd = new Random(7);
  const P = new Float64Array(6);
  let found = 0;
  for (let k = 0; k < 600; k++) {
    path(rnd, P, 0);
    const D = rnd.range(0.03, 0.07);
    const tc = rnd.range(0, 1);
    const px = P[0] + tc * (P[2] + tc * P[4]) + rnd.range(-1.2 * D, 1.2 * D), py = P[1] + tc * (P[3] + tc * P[5]) + rnd.range(-1.2 * D, 1.2 * D);
    const at = (t: number) => Math.hypot(P[0] + t * (P[2] + t * P[4]) - px, P[1] + t * (P[3] + t * P[5]) - py);
    if (at(0) <= D) continue;
    const t = circleTime(P, 0, px, py, D, 1);
    if (t === Infinity) {
      for (let j = 0; j <= 1000; j++) assert.ok(at(j / 1000) > D - 1e-9, `case ${k}: missed`);
      continue;
    }
    found++;
    assert.ok(Math.abs(at(t) - D) < 1e-9);
    for (let j = 0; j < 200; j++) assert.ok(at((t * j) / 200) >= D - 1e-9);
  }
  assert.ok(found > 100, `${found} contacts`);
});

test("straight cushion: the first time the centre is R from the line within the segment's span", () => {
  // Line x = 0.9906 (lx = 1, ly = 0, l0 = −0.9906), playing side x < 0.9906 (direction 0).
  const P = new Float64Array([0.5, 0.5, 2, 0.3, -0.1, 0, 0]);
  const t = lineTime(P, 0, 1, 0, -0.9906, 0, 0.9906, 0.09, 0.9906, 0.915, R, 10);
  const x = 0.5 + t * (2 + t * -0.1);
  assert.ok(Math.abs(x - (0.9906 - R)) < 1e-15);
  // Past the segment's end (y beyond 0.915 when the line is reached): no contact with this segment.
  const Q = new Float64Array([0.5, 0.8, 2, 0.8, 0, 0]);
  assert.equal(lineTime(Q, 0, 1, 0, -0.9906, 0, 0.9906, 0.09, 0.9906, 0.915, R, 10), Infinity);
  // Moving away: none.
  const A = new Float64Array([0.5, 0.5, -1, 0, 0, 0]);
  assert.equal(lineTime(A, 0, 1, 0, -0.9906, 0, 0.9906, 0.09, 0.9906, 0.915, R, 10), Infinity);
});
