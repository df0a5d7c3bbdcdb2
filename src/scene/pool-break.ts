/**
 * The built-in scene of `carom run`: a pool break on a standard 9-foot table.
 *
 * - Playing surface 100 x 50 inches (2.54 m x 1.27 m, WPA equipment specifications); the
 *   cushions are the scene's bounds, so a ball's centre stays one radius inside them.
 * - Balls of 57.15 mm (2 1/4 in) diameter and 0.17 kg (the WPA range is 5.5 to 6 oz,
 *   156 to 170 g).
 * - Fifteen object balls racked in a triangle with its apex on the foot spot (three quarters of
 *   the table's length), 8 in the middle of the third row and a solid and a stripe in the back
 *   corners; a gap of 0.1 mm between neighbours (a real rack is never perfectly tight, and
 *   exactly touching balls would meet at rounding-level overlaps).
 * - The cue ball on the head spot, struck at 8 m/s very slightly off the apex.
 * - Restitution 0.9 for every contact (ball-ball is about 0.93 to 0.96, ball-cushion about
 *   0.75 to 0.85; one number stands for both). No rolling friction, spin or pockets: the balls
 *   slide on a frictionless table.
 */
import type { Scene, SceneBody } from "./scene-types.js";

/** Ball radius in metres (57.15 mm diameter). */
export const POOL_BALL_RADIUS = 0.028575;
/** Ball mass in kilograms. */
export const POOL_BALL_MASS = 0.17;
/** Playing surface of a 9-foot table, in metres: its length. */
export const POOL_TABLE_LENGTH = 2.54;
/** Playing surface of a 9-foot table, in metres: its width. */
export const POOL_TABLE_WIDTH = 1.27;

const COLORS: Record<number, string> = {
  1: "#f2c100", 2: "#1f4fbf", 3: "#d22b2b", 4: "#6a2c91", 5: "#f07800", 6: "#137a3a", 7: "#7b1f1f", 8: "#111111",
};

/** Rows of the rack from the apex back: the ball numbers. */
const RACK = [[1], [9, 2], [10, 8, 3], [11, 7, 14, 4], [5, 13, 15, 6, 12]];

/** The built-in pool break scene (a fresh object on every call). */
export function poolBreakScene(): Scene {
  const r = POOL_BALL_RADIUS;
  const L = POOL_TABLE_LENGTH, W = POOL_TABLE_WIDTH;
  const spacing = 2 * r + 1e-4; // centre distance of neighbours in the rack
  const rowStep = (spacing * Math.sqrt(3)) / 2;
  const apexX = 0.75 * L, midY = W / 2;
  const bodies: SceneBody[] = [
    { id: "cue", position: [0.25 * L, midY], velocity: [8, 0.05], radius: r, mass: POOL_BALL_MASS, color: "#f8f8f0" },
  ];
  RACK.forEach((row, k) => {
    row.forEach((number, j) => {
      bodies.push({
        id: `ball-${number}`,
        position: [apexX + k * rowStep, midY + (j - k / 2) * spacing],
        radius: r,
        mass: POOL_BALL_MASS,
        color: COLORS[number > 8 ? number - 8 : number],
      });
    });
  });
  return {
    carom: 1,
    dimensions: 2,
    description:
      "Pool break on a 9-foot table (2.54 m x 1.27 m, cushions as the bounds): 57.15 mm balls of 0.17 kg, cue ball at 8 m/s, restitution 0.9, no friction. Units: metres, seconds, kilograms.",
    duration: 3,
    restitution: 0.9,
    bounds: { min: [0, 0], max: [L, W] },
    bodies,
  };
}
