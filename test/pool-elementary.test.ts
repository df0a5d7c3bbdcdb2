import { test } from "node:test";
import assert from "node:assert/strict";
import { acos, atan, cos, cosSinDegrees, exp, sin } from "../src/pool/elementary.js";
import { Random } from "./support/random.js";

const ulps = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b) * 2 ** -52, 2 ** -1074);

test("sin, cos, exp, atan and acos built from + − × ÷ √ are within 3 ulps of Math's on the model's ranges", () => {
  const rnd = new Random(13);
  let worst = 0;
  for (let k = 0; k < 20000; k++) {
    const x = (rnd.next() - 0.5) * 40;
    worst = Math.max(worst, ulps(sin(x), Math.sin(x)), ulps(cos(x), Math.cos(x)));
    const y = (rnd.next() - 0.5) * 80;
    worst = Math.max(worst, ulps(exp(y), Math.exp(y)));
    const z = rnd.next() * 2 - 1;
    worst = Math.max(worst, ulps(acos(z), Math.acos(z)), ulps(atan(z * 50), Math.atan(z * 50)));
  }
  assert.ok(worst <= 3, `worst ${worst} ulps`);
});

test("cosSinDegrees is exact at multiples of 90 degrees and close elsewhere", () => {
  const out = new Float64Array(2);
  for (const [d, c, s] of [[0, 1, 0], [90, 0, 1], [180, -1, 0], [270, 0, -1], [-90, 0, -1], [720, 1, 0]]) {
    cosSinDegrees(out, d);
    assert.equal(out[0] + 0, c, `cos ${d}`);
    assert.equal(out[1] + 0, s, `sin ${d}`);
  }
  cosSinDegrees(out, 30);
  assert.ok(Math.abs(out[1] - 0.5) <= 2 ** -53);
});

test("the elementary functions handle their edges: exp under- and overflow, acos at ±1, NaN in, NaN out", () => {
  assert.equal(exp(-800), 0);
  assert.equal(exp(800), Infinity);
  assert.equal(exp(0), 1);
  assert.equal(acos(1), 0);
  assert.equal(acos(-1), Math.PI);
  assert.ok(Number.isNaN(acos(1.5)));
  assert.ok(Number.isNaN(sin(NaN)) && Number.isNaN(cos(Infinity)) && Number.isNaN(exp(NaN)));
});
