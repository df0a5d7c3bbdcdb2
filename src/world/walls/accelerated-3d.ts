/**
 * The 3D wall kinds' contacts under constant acceleration (part of the acceleration part, see
 * acceleration-part.ts): a plane (the exact kernel of query/toi-accelerated-plane.ts); boxes
 * and triangles taken apart into faces (the distance along the normal is a quadratic), edges
 * (the pair quartic across the edge) and vertices (the pair quartic against a point).
 */
import { FEATURE_EDGE, FEATURE_INTERIOR, FEATURE_VERTEX } from "../../query/types.js";
import { edgeContact, faceContact, featureCode, planeContact, pointContact } from "../accelerated.js";
import type { WallContactAccelerated } from "../acceleration-part.js";
import { WALL_BOX3, WALL_PLANE, WALL_TRIANGLE } from "./wall-kind.js";

const at = (t: number, p: number, v: number, a: number): number => p + v * t + 0.5 * a * t * t;

const plane: WallContactAccelerated = (d, o, x, y, z, vx, vy, vz, ax, ay, az, r, tMax) => {
  planeContact(x, y, z, vx, vy, vz, ax, ay, az, r, d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5], tMax);
};

const box3: WallContactAccelerated = (d, o, x, y, z, vx, vy, vz, ax, ay, az, r, tMax) => {
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
};

const triangle: WallContactAccelerated = (d, o, x, y, z, vx, vy, vz, ax, ay, az, r, tMax) => {
  // The face (two-sided, inside by edge half-planes), three edges, three vertices.
  const A = [d[o], d[o + 1], d[o + 2]], B = [d[o + 3], d[o + 4], d[o + 5]], C = [d[o + 6], d[o + 7], d[o + 8]];
  const ux = B[0] - A[0], uy = B[1] - A[1], uz = B[2] - A[2];
  const wx = C[0] - A[0], wy = C[1] - A[1], wz = C[2] - A[2];
  let nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
  const L = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (L > 0) {
    nx /= L;
    ny /= L;
    nz /= L;
    const inside = (t: number): boolean => {
      const px = at(t, x, vx, ax), py = at(t, y, vy, ay), pz = at(t, z, vz, az);
      const V = [A, B, C];
      for (let k = 0; k < 3; k++) {
        const P = V[k], Q = V[(k + 1) % 3];
        const ex = Q[0] - P[0], ey = Q[1] - P[1], ez = Q[2] - P[2];
        // (e x (p - P)) . n >= 0 on the inner side of edge k
        const qx = px - P[0], qy = py - P[1], qz = pz - P[2];
        if ((ey * qz - ez * qy) * nx + (ez * qx - ex * qz) * ny + (ex * qy - ey * qx) * nz < 0) return false;
      }
      return true;
    };
    faceContact(x, y, z, vx, vy, vz, ax, ay, az, r, A[0], A[1], A[2], nx, ny, nz, true, tMax, featureCode(FEATURE_INTERIOR, 0), inside);
  }
  const V = [A, B, C];
  for (let k = 0; k < 3; k++) {
    const P = V[k], Q = V[(k + 1) % 3];
    edgeContact(x, y, z, vx, vy, vz, ax, ay, az, r, P[0], P[1], P[2], Q[0], Q[1], Q[2], tMax, featureCode(FEATURE_EDGE, k));
    pointContact(x, y, z, vx, vy, vz, ax, ay, az, r, P[0], P[1], P[2], tMax, featureCode(FEATURE_VERTEX, k));
  }
};

/** The accelerated contacts of the 3D wall kinds, by kind number. */
export const WALLS_ACCELERATED_3D: Readonly<Record<number, WallContactAccelerated>> = { [WALL_PLANE]: plane, [WALL_BOX3]: box3, [WALL_TRIANGLE]: triangle };
