/** A thin triangle wall in 3D, solid on both sides: [ax, ay, az, bx, by, bz, cx, cy, cz]. */
import { sweepSphereTriangleRaw, toiSphereTriangleRaw } from "../../query/sweep-sphere-triangle.js";
import { separationSign } from "../../query/overlap.js";
import { closestPointOnTriangleRaw, closestTrianglePoint } from "../../query/closest-point-triangle.js";
import type { WallHit3 } from "../../query/types.js";
import type { WallKind } from "./wall-kind.js";

const hit: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };

export const triangleWall: WallKind = {
  name: "triangle",
  extent(d, o, out) {
    out[0] = Math.min(d[o], d[o + 3], d[o + 6]);
    out[1] = Math.min(d[o + 1], d[o + 4], d[o + 7]);
    out[2] = Math.min(d[o + 2], d[o + 5], d[o + 8]);
    out[3] = Math.max(d[o], d[o + 3], d[o + 6]);
    out[4] = Math.max(d[o + 1], d[o + 4], d[o + 7]);
    out[5] = Math.max(d[o + 2], d[o + 5], d[o + 8]);
    return true;
  },
  translate(d, o, dx, dy, dz) {
    for (let k = 0; k < 9; k += 3) {
      d[o + k] += dx;
      d[o + k + 1] += dy;
      d[o + k + 2] += dz;
    }
  },
  toi(d, o, x, y, z, vx, vy, vz, r, tMax) {
    return toiSphereTriangleRaw(x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], d[o + 6], d[o + 7], d[o + 8], tMax);
  },
  contact(d, o, x, y, z, vx, vy, vz, r, out) {
    const ok = sweepSphereTriangleRaw(hit, x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], d[o + 6], d[o + 7], d[o + 8], Infinity);
    out[0] = hit.nx;
    out[1] = hit.ny;
    out[2] = hit.nz;
    out[3] = 4 * hit.feature + hit.index;
    return ok;
  },
  overlaps(d, o, x, y, z, r) {
    closestPointOnTriangleRaw(x, y, z, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], d[o + 6], d[o + 7], d[o + 8]);
    return separationSign(x, y, z, r, closestTrianglePoint[0], closestTrianglePoint[1], closestTrianglePoint[2], 0) < 0;
  },
  supportEdges(d, o, nx, ny, nz, exit) {
    // Each edge's inward normal within the triangle's plane: n x (edge), turned inwards.
    for (let k = 0; k < 3; k++) {
      const p = o + 3 * k, q = o + 3 * ((k + 1) % 3), rr = o + 3 * ((k + 2) % 3);
      const ex = d[q] - d[p], ey = d[q + 1] - d[p + 1], ez = d[q + 2] - d[p + 2];
      let mx = ny * ez - nz * ey, my = nz * ex - nx * ez, mz = nx * ey - ny * ex;
      if ((d[rr] - d[p]) * mx + (d[rr + 1] - d[p + 1]) * my + (d[rr + 2] - d[p + 2]) * mz < 0) {
        mx = -mx;
        my = -my;
        mz = -mz;
      }
      exit(d[p], d[p + 1], d[p + 2], mx, my, mz);
    }
  },
};
