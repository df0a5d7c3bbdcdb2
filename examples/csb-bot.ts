// A complete Coders Strike Back bot: reads the game's input, tries 15 moves for each of its two
// pods (turn −18°, −9°, 0°, 9°, 18° × thrust 0, 100, 200) for three turns ahead with the
// referee-exact simulator, and prints the best. Bundle: see "Writing a contest bot" in README.md.
import { readSync } from "node:fs";
import { CsbSimulation, type CsbCommand } from "carom/contest";

let pending = "";
function numbers(): number[] {
  while (!pending.includes("\n")) {
    const chunk = Buffer.alloc(4096);
    const n = readSync(0, chunk, 0, chunk.length, null);
    if (n === 0) process.exit(0); // the game is over
    pending += chunk.toString("utf8", 0, n);
  }
  const end = pending.indexOf("\n"), line = pending.slice(0, end);
  pending = pending.slice(end + 1);
  return line.trim().split(/\s+/).map(Number);
}

numbers(); // laps
const checkpoints = Array.from({ length: numbers()[0] }, () => numbers() as [number, number]);
const root = new CsbSimulation({ checkpoints }), sim = new CsbSimulation({ checkpoints });
const passed = [1, 1, 1, 1], seen = [1, 1, 1, 1];
const score = (i: number) => sim.passed(i) * 50000 - Math.hypot(sim.x(i) - checkpoints[sim.nextCheckpoint(i)][0], sim.y(i) - checkpoints[sim.nextCheckpoint(i)][1]);
const toward = (i: number, angle: number, thrust: number): CsbCommand => ({ x: Math.round(root.x(i) + 10000 * Math.cos(angle)), y: Math.round(root.y(i) + 10000 * Math.sin(angle)), thrust });
for (let round = 0; ; round++) {
  for (let i = 0; i < 4; i++) {
    const [x, y, vx, vy, degrees, next] = numbers();
    if (next !== seen[i]) (passed[i] += 1), (seen[i] = next);
    root.setPod(i, { x, y, vx, vy, angle: degrees < 0 ? null : (degrees * Math.PI) / 180, passed: passed[i], shieldRound: null, boostUsed: false });
  }
  root.round = round;
  const aim = (i: number) => Math.atan2(checkpoints[root.nextCheckpoint(i)][1] - root.y(i), checkpoints[root.nextCheckpoint(i)][0] - root.x(i));
  const moves = (i: number) => [-0.32, -0.16, 0, 0.16, 0.32].flatMap((d) => [0, 100, 200].map((t) => toward(i, (root.getPod(i).angle ?? aim(i)) + d, t)));
  const others = [2, 3].map((i) => toward(i, aim(i), 100));
  const mine = [moves(0), moves(1)];
  let best = -Infinity, choice = [mine[0][0], mine[1][0]];
  for (const a of mine[0]) {
    for (const b of mine[1]) {
      sim.copyFrom(root);
      for (let k = 0; k < 3; k++) sim.turn([a, b, others[0], others[1]]);
      const value = score(0) + score(1);
      if (value > best) (best = value), (choice = [a, b]);
    }
  }
  for (const c of choice) console.log(`${c.x} ${c.y} ${c.thrust}`);
}
