/**
 * The example scenes (the files in examples/ are these, written by examples/generate.ts, and
 * `carom bench` runs them). Random placements use a fixed-seed generator, so every call gives
 * the same scene bit for bit.
 */
import { poolBreakScene } from "./pool-break.js";
import type { Scene, SceneBody, SceneWall } from "./scene-types.js";

/** Mulberry32 (Tommy Ettinger's 32-bit generator): uniform doubles in [0, 1) from a seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** x rounded to a multiple of 2^-k (short decimals that are still exact doubles). */
function grid(x: number, k = 20): number {
  return Math.round(x * 2 ** k) / 2 ** k;
}

/** x rounded to three decimals (the nearest double to a three-decimal number). */
function milli(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * Breakout: a ball of radius 6 at 10,000 units/s (a 3-4-5 direction) in a 480 x 640 field,
 * among 40 bricks and above a paddle, all solid boxes. At that speed the ball crosses the field
 * in 0.06 s and moves further per 60 Hz frame than the field is tall: only continuous
 * collision detection keeps it out of the bricks.
 */
export function breakoutScene(): Scene {
  const walls: SceneWall[] = [];
  const colors = ["#d9453b", "#e98b2a", "#e9c92a", "#4caf50", "#3b7dd9"];
  const w = 50, h = 18, gap = 6, cols = 8, rows = 5;
  const left = (480 - (cols * w + (cols - 1) * gap)) / 2;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = left + col * (w + gap), y = 420 + row * (h + gap);
      walls.push({ id: `brick-${row}-${col}`, box: { min: [x, y], max: [x + w, y + h] }, color: colors[row] });
    }
  }
  walls.push({ id: "paddle", box: { min: [200, 20], max: [280, 30] }, color: "#444444" });
  return {
    carom: 1,
    dimensions: 2,
    description: "Breakout: a ball at 10,000 units/s among 40 bricks and above a paddle in a 480 x 640 field; zero tunneling.",
    duration: 1,
    bounds: { min: [0, 0], max: [480, 640] },
    bodies: [{ id: "ball", position: [240, 60], velocity: [6000, 8000], radius: 6, color: "#222222" }],
    walls,
  };
}

/**
 * Newton's cradle on a line: five touching balls at rest, a striker coming in at speed 1.
 * One ball in, one ball out: the striker stops, the far ball leaves at speed 1, bounces off
 * the end of the box and comes back, and the chain passes it on again (period 12).
 */
export function cradleScene(): Scene {
  const bodies: SceneBody[] = [{ id: "striker", position: [2, 2], velocity: [1, 0], radius: 0.5, color: "#c0392b" }];
  for (let k = 1; k <= 5; k++) bodies.push({ id: `ball-${k}`, position: [5 + k, 2], radius: 0.5, color: "#7f8c8d" });
  return {
    carom: 1,
    dimensions: 2,
    description: "Newton's cradle: five touching balls, one striker at speed 1; one ball in, one ball out.",
    duration: 20,
    restitution: 1,
    bounds: { min: [0, 0], max: [12, 4] },
    bodies,
  };
}

/**
 * A hard-disk gas: n disks of radius 0.5 at area fraction 0.25 in a square box, on a jittered
 * lattice, with velocity components uniform in [-3, 3]. Elastic: energy is kept.
 */
export function gasScene(n = 2000, seed = 2024): Scene {
  const rnd = random(seed);
  const r = 0.5;
  const L = grid(Math.sqrt((n * Math.PI * r * r) / 0.25), 10);
  const side = Math.ceil(Math.sqrt(n));
  const pitch = L / side;
  const slack = (pitch - 2 * r) / 2;
  const bodies: SceneBody[] = [];
  for (let k = 0; k < n; k++) {
    const cx = ((k % side) + 0.5) * pitch, cy = (Math.floor(k / side) + 0.5) * pitch;
    bodies.push({
      id: `disk-${k}`,
      // Three decimals: the file stays small (it ships in the package) and reads the same everywhere.
      position: [milli(cx + (2 * rnd() - 1) * slack * 0.9), milli(cy + (2 * rnd() - 1) * slack * 0.9)],
      velocity: [milli(6 * rnd() - 3), milli(6 * rnd() - 3)],
      radius: r,
    });
  }
  return {
    carom: 1,
    dimensions: 2,
    description: `A hard-disk gas: ${n} disks of radius 0.5 at area fraction 0.25, elastic collisions; energy is kept.`,
    duration: 10,
    bounds: { min: [0, 0], max: [L, L] },
    bodies,
  };
}

/** The Galton board's layout (metres): the example and its binomial test share it. */
export const GALTON = {
  width: 0.6,
  /** Rows of pegs: a ball's landing bin is close to binomial(rows, 1/2) around the middle one. */
  rows: 10,
  /** Horizontal peg spacing, also the bin width; rows are dx * sqrt(3) / 2 apart (equilateral). */
  dx: 0.04,
  pegRadius: 0.006,
  ballRadius: 0.008,
  /** Height of the bin walls. */
  binHeight: 0.25,
  restitution: 0.3,
  /** How far above the top peg the balls start, at rest. */
  dropHeight: 0.04,
  /** The balls start this far left or right of the centre, at most (uniform, seeded). */
  jitter: 0.002,
} as const;

/**
 * A Galton board: balls dropped from rest just above the top peg, under gravity, through ten
 * rows of fixed pegs in an equilateral lattice that spans the board, into bins one peg spacing
 * wide. Each row sends a ball half a spacing left or right, so its landing bin is close to
 * binomial(10, 1/2) around the middle (test/galton-binomial.test.ts measures how close).
 *
 * What makes it so: the gap between two pegs (0.028 m for a 0.016 m ball) lets a ball through
 * onto the peg below but not past it, and a restitution of 0.3 keeps it from bouncing over a
 * row (0.2 and 0.5 both spread it wider); pegs on the side walls (half inside them) and none next
 * to them in the other rows leave no pocket where a ball could wedge. The balls pass through one
 * another (collision group 2, mask 1: they meet pegs, bins and the floor only), as if dropped
 * one at a time: a column of balls hitting each other in the pegs spreads far wider than the
 * binomial. They start together, overlapping, and lie overlapping in the bins.
 *
 * The world lets a ball that lands softly within a milliradian of a peg's top sleep there
 * (about 1 drop in 40 on this board); the default seed is one where none does.
 * Units: metres and seconds (g = 9.81 m/s^2).
 */
export function galtonScene(balls = 150, seed = 2): Scene {
  const rnd = random(seed);
  const { width, rows, dx, pegRadius, ballRadius, binHeight, restitution, dropHeight, jitter } = GALTON;
  const dy = (dx * Math.sqrt(3)) / 2;
  const centre = width / 2;
  const topRow = binHeight + 0.03 + (rows - 1) * dy;
  const bodies: SceneBody[] = [];
  const walls: SceneWall[] = [];
  for (let row = 0; row < rows; row++) {
    // Row 0 has a peg under the drop point; odd rows sit half a spacing over.
    const shift = row % 2 === 0 ? 0 : 0.5;
    for (let m = -Math.ceil(width / dx); m <= Math.ceil(width / dx); m++) {
      const x = centre + (m + shift) * dx;
      const onWall = Math.abs(x) < 1e-9 || Math.abs(x - width) < 1e-9;
      if (x < -1e-9 || x > width + 1e-9 || (!onWall && (x < dx || x > width - dx))) continue;
      bodies.push({ id: `peg-${row}-${m}`, position: [grid(x), grid(topRow - row * dy)], radius: pegRadius, fixed: true, color: "#555555" });
    }
  }
  for (let b = 0; b < balls; b++) {
    bodies.push({
      id: `ball-${b}`,
      position: [grid(centre + (2 * rnd() - 1) * jitter), grid(topRow + dropHeight)],
      radius: ballRadius,
      group: 2,
      mask: 1,
      color: `hsl(${(b * 137.508) % 360 | 0}, 70%, 50%)`,
    });
  }
  // Bin walls halfway between the landing spots below the last row of pegs.
  for (let j = -Math.floor(width / dx); j <= Math.floor(width / dx); j++) {
    const x = centre + (j + 0.5) * dx;
    if (x > 0 && x < width) walls.push({ id: `bin-${walls.length + 1}`, segment: [[grid(x), 0], [grid(x), binHeight]] });
  }
  // The floor is a solid box under the bins rather than the container's bottom face, which lets a
  // ball that lands in a crowded bin sink into it by up to a millimetre (a world bug, reported).
  walls.push({ id: "floor", box: { min: [0, -0.02], max: [width, 0] } });
  return {
    carom: 1,
    dimensions: 2,
    description: `A Galton board: ${balls} balls fall under gravity through ${rows} rows of pegs into bins, passing through one another (as if dropped one at a time); the bin counts are close to binomial(${rows}, 1/2). Units: metres, seconds.`,
    duration: 2,
    gravity: [0, -9.81],
    restitution,
    bounds: { min: [0, -0.02], max: [width, grid(topRow + dropHeight + 0.06, 10)] },
    bodies,
    walls,
  };
}

/**
 * Spheres in a box (3D): n spheres of radius 0.5 among a solid box, a thin triangle and a
 * plane that cuts off a corner, with velocity components uniform in [-2, 2]. Elastic.
 */
export function spheresScene(n = 400, seed = 3): Scene {
  const rnd = random(seed);
  const L = 20, r = 0.5;
  const walls: SceneWall[] = [
    { id: "block", box: { min: [8, 8, 8], max: [12, 12, 12] }, color: "#8e6c4a" },
    { id: "sail", triangle: [[2, 15, 2], [18, 15, 2], [10, 15, 18]], color: "#4a7a8e" },
    { id: "corner", plane: { point: [1, 1, 1], normal: [1, 1, 1] } },
  ];
  const bodies: SceneBody[] = [];
  const pitch = 1.25;
  const cells = Math.floor(L / pitch);
  const clear = (x: number, y: number, z: number): boolean => {
    const m = r + 0.05;
    if (x > 8 - m && x < 12 + m && y > 8 - m && y < 12 + m && z > 8 - m && z < 12 + m) return false;
    if (Math.abs(y - 15) < m && x > 1 && x < 19 && z > 1 && z < 19) return false; // near the sail's plane, inside its extent
    if ((x + y + z - 3) / Math.sqrt(3) < m) return false;
    return true;
  };
  const total = cells ** 3;
  for (let step = 0; bodies.length < n && step < total; step++) {
    const k = (step * 1237) % total; // an odd stride visits every cell once, spread through the box
    const i = k % cells, j = Math.floor(k / cells) % cells, l = Math.floor(k / (cells * cells));
    // Three decimals, as in the gas: the file ships in the package, and short numbers keep it small.
    const x = milli((i + 0.5) * pitch + (rnd() - 0.5) * 0.2), y = milli((j + 0.5) * pitch + (rnd() - 0.5) * 0.2), z = milli((l + 0.5) * pitch + (rnd() - 0.5) * 0.2);
    const v = [milli(4 * rnd() - 2), milli(4 * rnd() - 2), milli(4 * rnd() - 2)];
    if (!clear(x, y, z)) continue;
    bodies.push({ id: `sphere-${bodies.length}`, position: [x, y, z], velocity: v, radius: r });
  }
  return {
    carom: 1,
    dimensions: 3,
    description: `${bodies.length} spheres in a 20 x 20 x 20 box around a solid block, a thin triangle and a plane across a corner; elastic.`,
    duration: 5,
    bounds: { min: [0, 0, 0], max: [L, L, L] },
    bodies,
    walls,
  };
}

/** The examples by name, as shipped in examples/<name>.json. */
export const EXAMPLE_SCENES: Readonly<Record<string, () => Scene>> = {
  break: poolBreakScene,
  breakout: breakoutScene,
  cradle: cradleScene,
  gas: () => gasScene(),
  galton: () => galtonScene(),
  spheres: () => spheresScene(),
};
