/**
 * Scripted 9-ball positions for the shot solver's tests and benchmark: in each, the ball to pot
 * is the first object ball listed (balls[1]).
 */
import type { BallSetup } from "../../src/exports/pool.js";

export const NINE_BALL_POSITIONS: readonly { name: string; balls: BallSetup[] }[] = [
  {
    name: "a cut on the 1 with the rest of the rack spread",
    balls: [
      { id: "cue", x: 0.45, y: 0.6 }, { id: "1", x: 0.7, y: 1.45 }, { id: "2", x: 0.25, y: 1.2 }, { id: "3", x: 0.8, y: 0.9 },
      { id: "4", x: 0.3, y: 1.7 }, { id: "5", x: 0.55, y: 1.85 }, { id: "6", x: 0.15, y: 0.4 }, { id: "7", x: 0.85, y: 0.3 },
      { id: "8", x: 0.5, y: 1.1 }, { id: "9", x: 0.6, y: 0.25 },
    ],
  },
  {
    name: "the 4 near the side pocket, the cue ball by the head rail",
    balls: [{ id: "cue", x: 0.3, y: 0.25 }, { id: "4", x: 0.12, y: 0.95 }, { id: "6", x: 0.7, y: 1.6 }, { id: "9", x: 0.5, y: 1.5 }],
  },
  {
    name: "the 9 alone, a long straight-ish shot into a corner",
    balls: [{ id: "cue", x: 0.25, y: 0.35 }, { id: "9", x: 0.7, y: 1.5 }],
  },
];
