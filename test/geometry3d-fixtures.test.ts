import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { raycastSphere } from "../src/query/ray-sphere.js";
import { raycastBox3 } from "../src/query/ray-box3.js";
import { raycastTriangle } from "../src/query/ray-triangle.js";
import { sweepSpherePlane } from "../src/query/sweep-sphere-plane.js";
import { sweepSphereBox } from "../src/query/sweep-sphere-box.js";
import { sweepSphereSegment } from "../src/query/sweep-sphere-segment.js";
import { sweepSphereTriangle } from "../src/query/sweep-sphere-triangle.js";
import type { WallHit3 } from "../src/query/types.js";

/**
 * Hand-made hard cases (test/fixtures/geometry3d-rays.json and geometry3d-sweeps.json): rays
 * through vertices, along and through edges, tangent and grazing paths, parallel motion at
 * exactly distance r, seams of coplanar triangles, degenerate shapes, and huge (2^60) and tiny
 * (2^-60) scales. Expected values are analytic: t exact (or within `ulps` where the fixture says
 * so), the feature and index exact, the normal within 4 ulps per component.
 */
interface Fixture {
  name: string;
  query: string;
  ray?: never;
  sphere?: never;
  shape: never;
  tMax?: number;
  ulps?: number;
  expect: null | { t: number; feature?: number; index?: number; normal?: [number, number, number] };
}

const RUN: Record<string, (a: never, b: never, tMax?: number) => WallHit3 | null> = {
  raySphere: raycastSphere,
  rayBox3: raycastBox3,
  rayTriangle: raycastTriangle,
  sweepSpherePlane: sweepSpherePlane,
  sweepSphereBox: sweepSphereBox,
  sweepSphereSegment: sweepSphereSegment,
  sweepSphereTriangle: sweepSphereTriangle,
};

function ulp(x: number): number {
  return x === 0 ? 2 ** -1074 : 2 ** (Math.floor(Math.log2(Math.abs(x))) - 52);
}

for (const file of ["geometry3d-rays.json", "geometry3d-sweeps.json"]) {
  const cases = JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), "utf8")) as Fixture[];
  for (const c of cases) {
    test(`${file}: ${c.name}`, () => {
      const run = RUN[c.query];
      assert.ok(run !== undefined, `unknown query ${c.query}`);
      const moving = (c.ray ?? c.sphere) as never;
      const hit = c.tMax === undefined ? run(moving, c.shape) : run(moving, c.shape, c.tMax);
      if (c.expect === null) {
        assert.equal(hit, null, `expected none, got ${JSON.stringify(hit)}`);
        return;
      }
      assert.ok(hit !== null, "expected a hit, got none");
      const tol = (c.ulps ?? 0) * ulp(c.expect.t);
      assert.ok(Math.abs(hit.t - c.expect.t) <= tol, `t ${hit.t}, expected ${c.expect.t}`);
      if (c.expect.feature !== undefined) assert.equal(hit.feature, c.expect.feature);
      if (c.expect.index !== undefined) assert.equal(hit.index, c.expect.index);
      if (c.expect.normal !== undefined) {
        const n = [hit.nx, hit.ny, hit.nz];
        for (let k = 0; k < 3; k++) {
          assert.ok(Math.abs(n[k] - c.expect.normal[k]) <= 4 * 2 ** -53, `normal ${n}, expected ${c.expect.normal}`);
        }
      }
      assert.ok(Math.abs(hit.nx * hit.nx + hit.ny * hit.ny + hit.nz * hit.nz - 1) <= 8 * 2 ** -53, "unit normal");
    });
  }
}
