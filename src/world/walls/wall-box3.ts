/** A solid axis-aligned box wall in 3D: [minX, minY, minZ, maxX, maxY, maxZ]. */
import { sweepSphereBoxRaw, toiSphereBoxRaw } from "../../query/sweep-sphere-box.js";
import { separationSign } from "../../query/overlap.js";
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX, type WallHit3 } from "../../query/types.js";
import { edgeContact, faceContact, featureCode, pointContact } from "../accelerated.js";
import type { WallKind } from "./wall-kind.js";

const hit: WallHit3 = { t: 0, px: 0, py: 0, pz: 0, nx: 0, ny: 0, nz: 0, feature: 0, index: 0 };

const at = (t: number, p: number, v: number, a: number): number => p + v * t + 0.5 * a * t * t;

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
  contactAccelerated(d, o, x, y, z, vx, vy, vz, ax, ay, az, r, tMax) {
    // Six faces (the distance along the normal is a quadratic), twelve edges, eight corners.
    const lo = [d[o], d[o + 1], d[o + 2]];
    const hi = [d[o + 3], d[o + 4], d[o + 5]];
    const pos = [x, y, z], vel = [vx, vy, vz], accl = [ax, ay, az];
    for (let k = 0; k < 3; k++) {
      const k1 = (k + 1) % 3, k2 = (k + 2) % 3;
      const inside = (t: number): boolean => {
        const p1 = at(t, pos[k1], vel[k1], accl[k1]), p2 = at(t, pos[k2], vel[k2], accl[k2]);
        return p1 >= lo[k1] && p1 <= hi[k1] && p2 >= lo[k2] && p2 <= hi[k2];
      };
      for (let side = 0; side < 2; side++) {
        const n = [0, 0, 0];
        n[k] = side === 0 ? -1 : 1;
        const q = side === 0 ? lo : hi;
        faceContact(x, y, z, vx, vy, vz, ax, ay, az, r, q[0], q[1], q[2], n[0], n[1], n[2], false, tMax, featureCode(FEATURE_INTERIOR, 2 * k + side), inside);
      }
      // the four edges along axis k
      for (let e = 0; e < 4; e++) {
        const a = [0, 0, 0], b = [0, 0, 0];
        a[k] = lo[k];
        b[k] = hi[k];
        a[k1] = b[k1] = e & 1 ? hi[k1] : lo[k1];
        a[k2] = b[k2] = e & 2 ? hi[k2] : lo[k2];
        edgeContact(x, y, z, vx, vy, vz, ax, ay, az, r, a[0], a[1], a[2], b[0], b[1], b[2], tMax, featureCode(FEATURE_EDGE, 4 * k + e));
      }
    }
    for (let c = 0; c < 8; c++) {
      pointContact(x, y, z, vx, vy, vz, ax, ay, az, r, c & 1 ? hi[0] : lo[0], c & 2 ? hi[1] : lo[1], c & 4 ? hi[2] : lo[2], tMax, featureCode(FEATURE_VERTEX, c));
    }
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
