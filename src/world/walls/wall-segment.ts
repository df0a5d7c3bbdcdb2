/** A thin segment wall in 2D, solid on both sides: [x0, y0, x1, y1]. */
import { sweepCircleSegmentRaw, toiCircleSegmentRaw } from "../../query/sweep-circle-segment.js";
import { separationSign } from "../../query/overlap.js";
import type { WallHit2 } from "../../query/types.js";
import { contactOfHit2, extentOfTwoPoints2, translateTwoPoints2 } from "./two-points-2d.js";
import type { WallKind } from "./wall-kind.js";

const hit: WallHit2 = { t: 0, px: 0, py: 0, nx: 0, ny: 0, feature: 0, index: 0 };

export const segmentWall: WallKind = {
  name: "segment",
  extent: extentOfTwoPoints2,
  translate: translateTwoPoints2,
  toi(d, o, x, y, _z, vx, vy, _vz, r, tMax) {
    return toiCircleSegmentRaw(x, y, vx, vy, r, d[o], d[o + 1], d[o + 2], d[o + 3], tMax);
  },
  contact(d, o, x, y, _z, vx, vy, _vz, r, out) {
    const ok = sweepCircleSegmentRaw(hit, x, y, vx, vy, r, d[o], d[o + 1], d[o + 2], d[o + 3], Infinity);
    contactOfHit2(hit, out);
    return ok;
  },
  overlaps(d, o, x, y, _z, r) {
    const ex = d[o + 2] - d[o], ey = d[o + 3] - d[o + 1];
    const L2 = ex * ex + ey * ey;
    const s = L2 > 0 ? Math.min(1, Math.max(0, ((x - d[o]) * ex + (y - d[o + 1]) * ey) / L2)) : 0;
    return separationSign(x, y, 0, r, d[o] + s * ex, d[o + 1] + s * ey, 0, 0) < 0;
  },
  supportEdges(d, o, _nx, _ny, _nz, exit) {
    const ex = d[o + 2] - d[o], ey = d[o + 3] - d[o + 1];
    exit(d[o], d[o + 1], 0, ex, ey, 0);
    exit(d[o + 2], d[o + 3], 0, -ex, -ey, 0);
  },
};
