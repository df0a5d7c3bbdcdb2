/** A solid axis-aligned box wall in 2D: [minX, minY, maxX, maxY]. */
import { sweepCircleBoxRaw, toiCircleBoxRaw } from "../../query/sweep-circle-box.js";
import { separationSign } from "../../query/overlap.js";
import type { WallHit2 } from "../../query/types.js";
import { contactOfHit2, extentOfTwoPoints2, translateTwoPoints2 } from "./two-points-2d.js";
import type { WallKind } from "./wall-kind.js";

const hit: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };

export const box2Wall: WallKind = {
  name: "box",
  extent: extentOfTwoPoints2,
  translate: translateTwoPoints2,
  toi(d, o, x, y, _z, vx, vy, _vz, r, tMax) {
    return toiCircleBoxRaw(x, y, vx, vy, r, d[o], d[o + 1], d[o + 2], d[o + 3], tMax);
  },
  contact(d, o, x, y, _z, vx, vy, _vz, r, out) {
    const ok = sweepCircleBoxRaw(hit, x, y, vx, vy, r, d[o], d[o + 1], d[o + 2], d[o + 3], Infinity);
    contactOfHit2(hit, out);
    return ok;
  },
  overlaps(d, o, x, y, _z, r) {
    const qx = Math.min(Math.max(x, d[o]), d[o + 2]);
    const qy = Math.min(Math.max(y, d[o + 1]), d[o + 3]);
    return separationSign(x, y, 0, r, qx, qy, 0, 0) < 0;
  },
  supportEdges(d, o, _nx, ny, _nz, exit) {
    if (ny !== 0) {
      exit(d[o], 0, 0, 1, 0, 0);
      exit(d[o + 2], 0, 0, -1, 0, 0);
    } else {
      exit(0, d[o + 1], 0, 0, 1, 0);
      exit(0, d[o + 3], 0, 0, -1, 0);
    }
  },
};
