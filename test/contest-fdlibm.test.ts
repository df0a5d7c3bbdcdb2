import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fdlibmAtan2, fdlibmCos, fdlibmSin, fdlibmSinCos } from "../src/contest/fdlibm.js";

const reference = JSON.parse(readFileSync(new URL("./fixtures/contest/fdlibm-reference.json", import.meta.url), "utf8")) as { rows: number[][] };

test("the fdlibm ports give fdlibm's bits (reference values recorded from V8's fdlibm Math in Node 20)", () => {
  assert.equal(reference.rows.length, 800);
  for (const [x, sin, cos, y, x2, atan2] of reference.rows) {
    assert.ok(Object.is(fdlibmSin(x), sin), `sin(${x})`);
    assert.ok(Object.is(fdlibmCos(x), cos), `cos(${x})`);
    assert.ok(Object.is(fdlibmAtan2(y, x2), atan2), `atan2(${y}, ${x2})`);
  }
});

test("the fdlibm ports keep the special cases: zeros with their signs, infinities, NaN, the axes", () => {
  assert.ok(Object.is(fdlibmSin(-0), -0));
  assert.equal(fdlibmCos(0), 1);
  assert.ok(Number.isNaN(fdlibmSin(Infinity)) && Number.isNaN(fdlibmCos(NaN)));
  assert.ok(Object.is(fdlibmAtan2(-0, 5), -0));
  assert.equal(fdlibmAtan2(0, -5), Math.PI);
  assert.equal(fdlibmAtan2(-0, -5), -Math.PI);
  assert.equal(fdlibmAtan2(7, 0), Math.PI / 2);
  assert.equal(fdlibmAtan2(-7, 0), -Math.PI / 2);
  assert.equal(fdlibmAtan2(Infinity, -Infinity), (3 * Math.PI) / 4);
  assert.equal(fdlibmAtan2(1, 1), Math.PI / 4);
  assert.ok(Number.isNaN(fdlibmAtan2(NaN, 1)));
});

test("in this Node the ports agree with Math on 100,000 seeded inputs when Math is fdlibm (Node 20's V8)", { skip: process.versions.v8.startsWith("11.") ? false : "Math is not fdlibm in this V8" }, () => {
  let s = 5;
  const rnd = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
  for (let k = 0; k < 100_000; k++) {
    const x = (rnd() - 0.5) * 60, y = (rnd() - 0.5) * 60;
    assert.ok(Object.is(fdlibmSin(x), Math.sin(x)) && Object.is(fdlibmCos(x), Math.cos(x)) && Object.is(fdlibmAtan2(y, x), Math.atan2(y, x)), `at ${x}, ${y}`);
  }
});

test("fdlibmSinCos gives the bits of fdlibmSin and fdlibmCos from one reduction", () => {
  const out = new Float64Array(2);
  for (const [x] of reference.rows) {
    fdlibmSinCos(out, x);
    assert.ok(Object.is(out[0], fdlibmSin(x)) && Object.is(out[1], fdlibmCos(x)), `at ${x}`);
  }
  for (const x of [0, -0, 1e-300, Math.PI / 4, -Math.PI / 2, 3 * Math.PI, 1e7, -1e7]) {
    fdlibmSinCos(out, x);
    assert.ok(Object.is(out[0], fdlibmSin(x)) && Object.is(out[1], fdlibmCos(x)), `at ${x}`);
  }
});

test("the probes where Chromium's Math differs hold fdlibm's values, and this Node's Math passes them only if it is fdlibm", async () => {
  const { SIN_COS_PROBES, ATAN2_PROBES, NATIVE_FDLIBM } = await import("../src/contest/trig.js");
  assert.ok(SIN_COS_PROBES.length >= 16 && ATAN2_PROBES.length >= 16);
  for (const [x, s, c] of SIN_COS_PROBES) assert.ok(Object.is(fdlibmSin(x), s) && Object.is(fdlibmCos(x), c), `at ${x}`);
  for (const [y, x, a] of ATAN2_PROBES) assert.ok(Object.is(fdlibmAtan2(y, x), a), `at ${y}, ${x}`);
  if (process.versions.v8.startsWith("11.")) assert.equal(NATIVE_FDLIBM, true, "Node 20's V8 Math is fdlibm");
});
