/**
 * The hostile query corpus, test/hostile/queries-*.json (written by
 * test/fixtures/generate-hostile-queries.ts, one file per case named after what it attacks):
 * each case must return within the test's time and give its expected result — a value within
 * the stated ulps, none, a finite field where only finiteness is promised, or the documented
 * RangeError.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import * as carom from "../src/index.js";

const dir = new URL("./hostile/", import.meta.url);
const files = readdirSync(dir).filter((f) => f.startsWith("queries-") && f.endsWith(".json")).sort();

/** JSON with "Infinity" / "-Infinity" strings turned into numbers. */
function parse(text: string): any {
  return JSON.parse(text, (_, v) => (v === "Infinity" ? Infinity : v === "-Infinity" ? -Infinity : v));
}

/** Distance in ulps of the expected value (0 when equal, Infinity when one is not finite). */
function ulps(got: number, want: number): number {
  if (got === want) return 0;
  if (got === want) return 0;
  if (!Number.isFinite(got) || !Number.isFinite(want)) return Infinity;
  const u = want === 0 ? 2 ** -1074 : Math.max(2 ** -1074, 2 ** (Math.floor(Math.log2(Math.abs(want))) - 52));
  return Math.abs(got - want) / u;
}

function check(label: string, got: unknown, want: unknown, tol: number): void {
  if (want === "finite") {
    assert.ok(typeof got === "number" && Number.isFinite(got), `${label}: expected a finite number, got ${String(got)}`);
  } else if (typeof want === "number") {
    assert.ok(typeof got === "number" && !Number.isNaN(got), `${label}: expected ${want}, got ${String(got)}`);
    assert.ok(ulps(got as number, want) <= tol, `${label}: expected ${want} within ${tol} ulps, got ${String(got)}`);
  } else if (typeof want === "boolean") {
    assert.equal(got, want, `${label}: expected ${want}`);
  } else if (want === null) {
    assert.equal(got, null, `${label}: expected no hit`);
  } else if (Array.isArray(want)) {
    want.forEach((w, i) => check(`${label}[${i}]`, (got as ArrayLike<number>)[i], w, tol));
  } else if (typeof want === "object") {
    assert.ok(got !== null && typeof got === "object", `${label}: expected an object, got ${String(got)}`);
    for (const [k, w] of Object.entries(want as object)) check(`${label}.${k}`, (got as Record<string, unknown>)[k], w, tol);
  }
}

/** Arrays of numbers in the arguments of the bulk forms become Float64Arrays; null becomes the output array. */
function args(query: string, raw: unknown[]): unknown[] {
  if (!query.endsWith("Batch")) return raw;
  const soa = (o: Record<string, number[]>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Float64Array.from(v)]));
  return raw.map((a, i) => (i === 0 ? new Float64Array(1) : a !== null && typeof a === "object" ? soa(a as Record<string, number[]>) : a));
}

test(`the hostile query corpus has a case for each attack (${files.length} files)`, () => {
  assert.ok(files.length >= 30);
});

for (const f of files) {
  const c = parse(readFileSync(new URL(f, dir), "utf8"));
  test(`${f}: ${c.attack}`, () => {
    const fn = (carom as unknown as Record<string, (...a: unknown[]) => unknown>)[c.query];
    assert.equal(typeof fn, "function", `unknown query ${c.query}`);
    const a = args(c.query, c.args);
    if (c.expect !== null && typeof c.expect === "object" && "throws" in c.expect) {
      assert.throws(() => fn(...a), (e: unknown) => e instanceof RangeError && e.message.includes(c.expect.throws));
      return;
    }
    const got = fn(...a);
    check(c.query, got, c.expect, c.ulps ?? 0);
  });
}
