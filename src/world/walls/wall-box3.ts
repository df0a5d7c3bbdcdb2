/** A solid axis-aligned box wall in 3D: [minX, minY, minZ, maxX, maxY, maxZ]. */
import { sweepSphereBoxRaw, toiSphereBoxRaw } from "../../query/sweep-sphere-box.js";
import { separationSign } from "../../query/overlap.js";
import type { WallHit3 } from "../../query/types.js";
import type { WallKind } from "./wall-kind.js";

const hit: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };

export const box3Wall: WallKind = {
  name: "box",
  extent(d, o, out) {
    for (let k = 0; k < 6; k++) out[k] = d[o + k];
    return true;
  },
  translate(d, o, dx, dy, dz) {
    for (let k = 0; k < 6; k += 3) {
      d[o + k] += dx;
      d[o + k + 1] += dy;
      d[o + k + 2] += dz;
    }
  },
  toi(d, o, x, y, z, vx, vy, vz, r, tMax) {
    return toiSphereBoxRaw(x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], tMax);
  },
  contact(d, o, x, y, z, vx, vy, vz, r, out) {
    const ok = sweepSphereBoxRaw(hit, x, y, z, vx, vy, vz, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], Infinity);
    out[0] = hit.nx;
    out[1] = hit.ny;
    out[2] = hit.nz;
    out[3] = 4 * hit.feature + hit.index;
    return ok;
  },
  overlaps(d, o, x, y, z, r) {
    const qx = Math.min(Math.max(x, d[o]), d[o + 3]);
    const qy = Math.min(Math.max(y, d[o + 1]), d[o + 4]);
    const qz = Math.min(Math.max(z, d[o + 2]), d[o + 5]);
    return separationSign(x, y, z, r, qx, qy, qz, 0) < 0;
  },
  supportEdges(d, o, nx, ny, nz, exit) {
    if (nx === 0) {
      exit(d[o], 0, 0, 1, 0, 0);
      exit(d[o + 3], 0, 0, -1, 0, 0);
    }
    if (ny === 0) {
      exit(0, d[o + 1], 0, 0, 1, 0);
      exit(0, d[o + 4], 0, 0, -1, 0);
    }
    if (nz === 0) {
      exit(0, 0, d[o + 2], 0, 0, 1);
      exit(0, 0, d[o + 5], 0, 0, -1);
    }
  },
};
