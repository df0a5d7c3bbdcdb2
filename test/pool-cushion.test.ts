import { test } from "node:test";
import assert from "node:assert/strict";
import { OMEGA_RATIO, strongeTangential } from "../src/pool/cushion.js";

const mu = 0.2, e = 0.85, m = 0.170097, B = 3.5, eta2 = B / OMEGA_RATIO ** 2;
const stickLimit = mu * eta2; // below: initial stick
const midLimit = mu * B; // slip-stick-slip: the two formulas for the stick onset meet here
const grossLimit = mu * ((1 + e) * B - eta2 / e); // above: gross slip

test("Stronge's tangential outcome is continuous across its regimes (initial stick, slip-stick-slip, gross slip)", () => {
  const vn0 = -1.3;
  for (const limit of [stickLimit, midLimit, grossLimit]) {
    const below = strongeTangential(vn0, limit * (1 - 1e-9) * vn0, mu, e, m);
    const above = strongeTangential(vn0, limit * (1 + 1e-9) * vn0, mu, e, m);
    assert.ok(Math.abs(below - above) < 1e-7, `at ρ = ${limit}: ${below} vs ${above}`);
  }
});

test("Stronge: no slip in, no tangential change out; gross slip loses μ B (1 + e) |v_n0|", () => {
  assert.equal(Math.abs(strongeTangential(-2, 0, mu, e, m)) < 1e-15, true);
  const vn0 = -1, vt0 = -3;
  assert.equal(strongeTangential(vn0, vt0, mu, e, m), vt0 - mu * vn0 * B * (1 + e));
});

test("Stronge: the tangential slip never grows and scales with the impact speed", () => {
  for (let rho = 0.01; rho < 3; rho += 0.0137) {
    const out = strongeTangential(-1, -rho, mu, e, m);
    assert.ok(Math.abs(out) <= rho + 1e-12, `ρ = ${rho}: |v_tf| = ${Math.abs(out)}`);
    const scaled = strongeTangential(-2, -2 * rho, mu, e, m);
    assert.ok(Math.abs(scaled - 2 * out) <= 1e-9 * (1 + Math.abs(out)), `ρ = ${rho}: linear in the speed`);
  }
});
