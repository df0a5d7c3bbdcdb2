/**
 * The 2D wall kinds' contacts under constant acceleration (part of the acceleration part, see
 * acceleration-part.ts): a segment is its interior and two end caps (the exact kernel of
 * query/toi-accelerated-segment.ts); a solid box is first met on its boundary, four sides.
 */
import { segmentContact } from "../accelerated.js";
import type { WallContactAccelerated } from "../acceleration-part.js";
import { WALL_BOX2, WALL_SEGMENT } from "./wall-kind.js";

const segment: WallContactAccelerated = (d, o, x, y, _z, vx, vy, _vz, ax, ay, _az, r, tMax) => {
  segmentContact(x, y, vx, vy, ax, ay, r, d[o], d[o + 1], d[o + 2], d[o + 3], tMax, 0, 0);
};

const box2: WallContactAccelerated = (d, o, x, y, _z, vx, vy, _vz, ax, ay, _az, r, tMax) => {
  // The solid box is first met on its boundary: four sides (segments) from corner k to k + 1.
  const minX = d[o], minY = d[o + 1], maxX = d[o + 2], maxY = d[o + 3];
  segmentContact(x, y, vx, vy, ax, ay, r, minX, minY, maxX, minY, tMax, 0, 0);
  segmentContact(x, y, vx, vy, ax, ay, r, maxX, minY, maxX, maxY, tMax, 1, 1);
  segmentContact(x, y, vx, vy, ax, ay, r, maxX, maxY, minX, maxY, tMax, 2, 2);
  segmentContact(x, y, vx, vy, ax, ay, r, minX, maxY, minX, minY, tMax, 3, 3);
};

/** The accelerated contacts of the 2D wall kinds, by kind number. */
export const WALLS_ACCELERATED_2D: Readonly<Record<number, WallContactAccelerated>> = { [WALL_SEGMENT]: segment, [WALL_BOX2]: box2 };
