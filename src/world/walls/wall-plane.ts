/** A plane in 3D through a point with a normal, the boundary of the solid half-space behind the normal: [px, py, pz, nx, ny, nz]. */
import { sweepSpherePlaneRaw, toiSpherePlaneRaw } from "../../query/sweep-sphere-plane.js";
import type { WallHit3 } from "../../query/types.js";
import type { WallKind } from "./wall-kind.js";

const hit: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };

export const planeWall: WallKind = {
  name: "plane",
  extent() {
    return false; // unbounded: every body checks it
  },
  translate(d, o, dx, dy, dz) {
    d[o] += dx;
    d[o + 1] += dy;
    d[o + 2] += dz;
  },
  toi(d, o, x, y, z, vx, vy, vz, r, tMax) {
    return toiSpherePlaneRaw(x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], tMax);
  },
  contact(d, o, x, y, z, vx, vy, vz, r, out) {
    const ok = sweepSpherePlaneRaw(hit, x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], Infinity);
    out[0] = hit.nx;
    out[1] = hit.ny;
    out[2] = hit.nz;
    out[3] = 4 * hit.feature + hit.index;
    return ok;
  },
  overlaps(d, o, x, y, z, r) {
    const nx = d[o + 3], ny = d[o + 4], nz = d[o + 5];
    const dist = ((x - d[o]) * nx + (y - d[o + 1]) * ny + (z - d[o + 2]) * nz) / Math.sqrt(nx * nx + ny * ny + nz * nz);
    return dist < r;
  },
  supportEdges() {
    // unbounded: a body never slides off a plane
  },
};
