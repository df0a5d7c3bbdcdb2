/**
 * A breakout, the game developer's first scene: one ball (radius 6, 420 units/s) in an
 * 800 x 600 box, 32 brick walls (8 x 4 boxes of 80 x 20; a brick hit is removed in the
 * collision listener and put back when the last one goes), a paddle (a box wall 80 x 12), and
 * a sensor zone under the paddle. 3,600 frames of 1/60 s.
 *
 * - "static walls": the paddle stands still.
 * - "paddle steered every frame": each frame the game sets the paddle's velocity with
 *   setWallVelocity so that it follows a sine (amplitude 300, period 4 s): the velocity changes
 *   every frame, exactly as a game steering a paddle from the keyboard or the mouse does.
 * - "paddle moved every frame": the same path by setWallPosition (a jump per frame).
 *
 * Printed: ms per 3,600 frames (median of 9 runs) and the cost of steering against static
 * walls (issue 29: at most 2x; the 0.1 engine rebuilt its cells at every change, 25x to 390x).
 * Pinned to one CPU when the machine has taskset (the ratio is what to read: the machine is
 * shared).
 *
 * Run: npm run bench -- world-breakout   (also part of npm run bench -- world)
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { HIT_WALL, World2D } from "carom";
import { median } from "./harness.js";

const FRAMES = 3600;
const DT = 1 / 60;
const RUNS = 9;

type Mode = "static" | "steered" | "moved";

/** One game of FRAMES frames; returns the milliseconds and the number of events (the same game logic in every mode). */
function game(mode: Mode): { ms: number; events: number } {
  const w = new World2D({ bounds: { min: [0, 0], max: [800, 600] }, recordEvents: false });
  const bricks = new Set<number>();
  const addBricks = (): void => {
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 8; col++) bricks.add(w.addBox(col * 100 + 10, 420 + row * 40, col * 100 + 90, 440 + row * 40));
    }
  };
  addBricks();
  const paddle = w.addBox(360, 40, 440, 52, { id: "paddle" });
  w.addBox(0, 0, 800, 20, { id: "drain", sensor: true });
  w.addBody({ x: 400, y: 200, vx: 260, vy: 330, radius: 6 });
  let alive = 32;
  let events = 0;
  w.on("collision", (e) => {
    events++;
    if (e.kind === HIT_WALL && bricks.delete(e.b)) {
      w.removeWall(e.b);
      if (--alive === 0) {
        addBricks();
        alive = 32;
      }
    }
  });
  w.on("sensorEnter", () => events++);
  const omega = (2 * Math.PI) / 4;
  const t0 = process.hrtime.bigint();
  for (let f = 0; f < FRAMES; f++) {
    const t = f * DT;
    if (mode === "steered") {
      // velocity that brings the paddle from its sine position at t to the one at t + DT
      const x0 = 360 + 300 * Math.sin(omega * t), x1 = 360 + 300 * Math.sin(omega * (t + DT));
      w.setWallVelocity(paddle, (x1 - x0) / DT, 0);
    } else if (mode === "moved") {
      try {
        w.setWallPosition(paddle, 360 + 300 * Math.sin(omega * t), 40);
      } catch {
        // a jump onto the ball is refused (the ball is where the paddle would go): skip it
      }
    }
    w.advance(DT);
  }
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, events };
}

function measure(mode: Mode): { ms: number; events: number } {
  game(mode); // warm-up
  const runs = [];
  for (let k = 0; k < RUNS; k++) runs.push(game(mode));
  return { ms: median(runs.map((r) => r.ms)), events: runs[0].events };
}

function main(): void {
  const pinned = process.env.CAROM_BENCH_PINNED === "1";
  if (!pinned && process.platform === "linux" && spawnSync("taskset", ["--version"]).status === 0) {
    const r = spawnSync("taskset", ["-c", "0", process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
      stdio: "inherit", env: { ...process.env, CAROM_BENCH_PINNED: "1" },
    });
    process.exit(r.status ?? 1);
  }
  console.log(`\nbreakout: one ball, 32 bricks removed as they are hit, a paddle, a sensor zone; ${FRAMES} frames of 1/60 s, median of ${RUNS} games`);
  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} x${os.cpus().length}, node ${process.version}${pinned ? ", pinned to CPU 0 (taskset -c 0)" : ""}`);
  const still = measure("static");
  const steered = measure("steered");
  const moved = measure("moved");
  const rows: [string, { ms: number; events: number }][] = [
    ["static walls (paddle still)", still],
    ["paddle steered every frame (setWallVelocity)", steered],
    ["paddle moved every frame (setWallPosition)", moved],
  ];
  console.log(`${"case".padEnd(48)} ${"ms/3600 frames".padStart(15)} ${"x static".padStart(9)} ${"events".padStart(8)}`);
  for (const [name, r] of rows) {
    console.log(`${name.padEnd(48)} ${r.ms.toFixed(1).padStart(15)} ${(r.ms / still.ms).toFixed(2).padStart(9)} ${String(r.events).padStart(8)}`);
  }
  console.log(`paddle-per-frame cost: steered ${(steered.ms / still.ms).toFixed(2)}x static walls (target <= 2x), moved ${(moved.ms / still.ms).toFixed(2)}x`);
}

main();
