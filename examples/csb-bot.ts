// A complete Coders Strike Back bot: reads the game's input into the referee-exact simulator,
// tries 15 moves for each of its two pods (turn −18°, −9°, 0°, 9°, 18° × thrust 0, 100, 200)
// three turns ahead, and prints the best pair. Bundle it: see "Writing a contest bot" in README.md.
import { readFileSync } from "node:fs";
import { CsbSimulation, readCsbInit, readCsbTurn, type CsbCommand } from "carom/contest";

declare const readline: (() => string) | undefined; // CodinGame's: the next line of the game's input
// Run locally (node bot.js < game.txt), the bot reads a recorded game's input and stops at its end.
const recorded = typeof readline === "function" ? null : readFileSync(0, "utf8").split("\n");
const lines = (count: number): string[] => Array.from({ length: count }, () => (recorded ? recorded.shift() : readline!()) ?? process.exit(0));

const head = lines(2), init = [...head, ...lines(Number(head[1]))]; // laps, count, checkpoints
const root = readCsbInit(init), sim = readCsbInit(init); // the game's state, and the search's
const dx = (s: CsbSimulation, i: number) => s.checkpointX[s.nextCheckpoint(i)] - s.x(i), dy = (s: CsbSimulation, i: number) => s.checkpointY[s.nextCheckpoint(i)] - s.y(i);
const score = (i: number) => sim.passed(i) * 50000 - Math.hypot(dx(sim, i), dy(sim, i));
const toward = (i: number, angle: number, thrust: number): CsbCommand => ({ x: Math.round(root.x(i) + 10000 * Math.cos(angle)), y: Math.round(root.y(i) + 10000 * Math.sin(angle)), thrust });
let choice: [CsbCommand, CsbCommand] | undefined;
while (true) {
  readCsbTurn(lines(4), root, choice); // our pods are 0 and 1; our last commands tell SHIELD and BOOST
  const aim = (i: number) => Math.atan2(dy(root, i), dx(root, i));
  const moves = (i: number) => [-0.32, -0.16, 0, 0.16, 0.32].flatMap((d) => [0, 100, 200].map((t) => toward(i, (root.hasAngle(i) ? root.angle(i) : aim(i)) + d, t)));
  const others = [2, 3].map((i) => toward(i, aim(i), 100));
  let best = -Infinity;
  for (const a of moves(0)) {
    for (const b of moves(1)) {
      sim.copyFrom(root);
      for (let k = 0; k < 3 && !sim.finished; k++) sim.turn([a, b, others[0], others[1]]);
      const value = sim.finished ? (sim.winner() === 0 ? 1e9 : -1e9) : score(0) + score(1);
      if (value > best) (best = value), (choice = [a, b]);
    }
  }
  for (const c of choice!) console.log(`${c.x} ${c.y} ${c.thrust}`);
}
