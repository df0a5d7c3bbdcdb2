// A complete Fantastic Bits bot: FbTracker turns the game's input into the referee's full state,
// then each of its two wizards tries a few first moves (chase one of the three nearest snaffles,
// throw at three points of the goal, ACCIO or FLIPENDO one of the two nearest snaffles), both
// teams playing on with a simple policy for two more turns; it prints the best pair. Bundle it:
// see "Writing a contest bot" in README.md.
import { readFileSync } from "node:fs";
import { FantasticBitsSimulation, FbTracker, type FbCommand } from "carom/contest";

declare const readline: (() => string) | undefined; // CodinGame's: the next line of the game's input
// Run locally (node bot.js < game.txt), the bot reads a recorded game's input and stops at its end.
const recorded = typeof readline === "function" ? null : readFileSync(0, "utf8").split("\n");
const lines = (count: number): string[] => Array.from({ length: count }, () => (recorded ? recorded.shift() : readline!()) ?? process.exit(0));

const team = Number(lines(1)[0]) as 0 | 1, tracker = new FbTracker(team);
const ours = [2 * team, 2 * team + 1], goalX = (t: number) => 16000 * (1 - t); // where team t scores
let sim: FantasticBitsSimulation | undefined, printed: FbCommand[] | undefined;

const apart = (s: FantasticBitsSimulation, a: number, b: number) => Math.hypot(s.x(a) - s.x(b), s.y(a) - s.y(b));
/** The free snaffles nearest wizard w, nearest first. */
function nearest(s: FantasticBitsSimulation, w: number): number[] {
  const free: number[] = [];
  for (let id = 4; id < 4 + s.snaffleCount; id++) if (s.alive(id) && [0, 1, 2, 3].every((o) => s.holding(o) !== id)) free.push(id);
  return free.sort((a, b) => apart(s, a, w) - apart(s, b, w));
}
/** The simple policy: throw at the goal's centre, else chase the nearest free snaffle. */
function policy(s: FantasticBitsSimulation, w: number): FbCommand {
  if (s.holding(w) !== -1) return { kind: "THROW", x: goalX(w >> 1), y: 3750, power: 500 };
  const [id] = nearest(s, w);
  return id === undefined ? { kind: "MOVE", x: 8000, y: 3750, power: 0 } : { kind: "MOVE", x: s.x(id), y: s.y(id), power: 150 };
}
/** Our side's value: goals, then the snaffles in play near the goal we attack, and our wizards near them. */
function value(s: FantasticBitsSimulation): number {
  let v = 1e6 * (s.score(team) - s.score(1 - team));
  for (let id = 4; id < 4 + s.snaffleCount; id++) if (s.alive(id)) v -= Math.abs(s.x(id) - goalX(team));
  for (const w of ours) v -= apart(s, w, nearest(s, w)[0] ?? w) / 2;
  return v;
}

while (true) {
  const head = lines(3), root = FantasticBitsSimulation.fromState(tracker.read([...head, ...lines(Number(head[2]))], printed));
  sim ??= FantasticBitsSimulation.fromState(tracker.state());
  const options = ours.map((w) => {
    if (root.holding(w) !== -1) return [2400, 3750, 5100].map((y): FbCommand => ({ kind: "THROW", x: goalX(team), y, power: 500 }));
    const near = nearest(root, w), list: FbCommand[] = near.slice(0, 3).map((id) => ({ kind: "MOVE", x: root.x(id), y: root.y(id), power: 150 }));
    for (const id of near.slice(0, 2)) for (const kind of ["ACCIO", "FLIPENDO"] as const) if (root.canCast(w, kind, id)) list.push({ kind, target: id });
    return list.length > 0 ? list : [policy(root, w)];
  });
  let best = -Infinity;
  for (const a of options[0]) {
    for (const b of options[1]) {
      sim.copyFrom(root);
      for (let k = 0; k < 3; k++) sim.turn([0, 1, 2, 3].map((w) => (k > 0 || w >> 1 !== team ? policy(sim!, w) : w === ours[0] ? a : b)));
      const v = value(sim);
      if (v > best) (best = v), (printed = [a, b]);
    }
  }
  for (const c of printed!) console.log("target" in c ? `${c.kind} ${c.target}` : `${c.kind} ${c.x} ${c.y} ${c.power}`);
}
