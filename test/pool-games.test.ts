import { test } from "node:test";
import assert from "node:assert/strict";
import { billiardTable, GameState, pocketTable, PoolSystem, rackBalls, summarizeShot, type PoolEvent } from "../src/exports/pool.js";

const R = 0.028575;
const rt = pocketTable().pockets.find((p) => p.id === "rt")!.center;

/** A point on the line through (0.75, 1.65) and the rt pocket, d metres back from (0.75, 1.65). */
function onLine(d: number): [number, number] {
  const dx = rt[0] - 0.75, dy = rt[1] - 1.65, n = Math.hypot(dx, dy);
  return [0.75 - (d * dx) / n, 1.65 - (d * dy) / n];
}

/** A short event list (times and states do not matter to the rules). */
function events(...lines: string[]): PoolEvent[] {
  return lines.map((line, k) => {
    const [type, ...ids] = line.split(" ");
    return { t: k, type: type as PoolEvent["type"], ids, after: {} };
  });
}

test("9-ball: a legal 9 on the break (a combination off the 1) wins for the breaker", () => {
  const [x9, y9] = onLine(0), [x1, y1] = onLine(2 * R + 0.002), [xc, yc] = onLine(0.6);
  const system = new PoolSystem({ balls: [{ id: "cue", x: xc, y: yc }, { id: "1", x: x1, y: y1 }, { id: "9", x: x9, y: y9 }] });
  system.strike({ ball: "cue", V0: 3, aim: "1" });
  system.simulate();
  const game = new GameState("nine-ball", { balls: ["1", "9"] });
  const out = game.take(system);
  assert.deepEqual([out.break, out.legal, out.fouls, out.pocketed, out.winner], [true, true, [], ["9"], 0]);
  assert.equal(game.winner, 0);
  assert.throws(() => game.take(system), /GameState\.take: the game is over \(player 1 won\)/);
});

test("9-ball: a scratch on the break is a foul; the 9 pocketed with it is spotted and the other player has ball in hand", () => {
  const [x9, y9] = onLine(0), [x1, y1] = onLine(2 * R + 0.002), [xc, yc] = onLine(0.6);
  const system = new PoolSystem({ balls: [{ id: "cue", x: xc, y: yc }, { id: "1", x: x1, y: y1 }, { id: "9", x: x9, y: y9 }] });
  system.strike({ ball: "cue", V0: 3, aim: "1", b: 0.8 });
  system.simulate();
  assert.equal(system.ball("cue").state, "pocketed");
  const game = new GameState("nine-ball", { balls: ["1", "9"] });
  const out = game.take(system);
  assert.deepEqual(out.fouls.map((f) => f.kind), ["scratch"]);
  assert.deepEqual([out.legal, out.nextPlayer, out.ballInHand, out.spotted, out.winner], [false, 1, "anywhere", ["9"], null]);
  assert.deepEqual([game.player, game.ballInHand, game.onTable], [1, "anywhere", ["9"]]);
  // The next table: the 9 on the foot spot, the cue ball where the incoming player puts it.
  const next = game.nextBalls(system, [0.5, 0.5]);
  assert.deepEqual(next.find((b) => b.id === "9"), { id: "9", x: pocketTable().w / 2, y: 0.75 * pocketTable().l });
  assert.deepEqual(next.find((b) => b.id === "cue"), { id: "cue", x: 0.5, y: 0.5 });
  assert.throws(() => game.nextBalls(system), /the cue ball was pocketed: give its position \(ball in hand\)/);
});

test("9-ball: hitting a higher ball before the lowest is a foul: ball in hand for the other player; three fouls in a row lose", () => {
  const game = new GameState("nine-ball");
  game.take(events("stick-ball cue_stick cue", "ball-ball cue 1", "ball-pocket 5 lb"));
  assert.deepEqual([game.player, game.breakShot], [0, false]);
  const system = new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }, { id: "2", x: 0.5, y: 1.0 }, { id: "1", x: 0.5, y: 1.3 }] });
  system.strike({ ball: "cue", V0: 2, phi: 90 });
  system.simulate();
  const out = game.take(system);
  assert.deepEqual(out.fouls.map((f) => f.kind), ["wrong-ball-first"]);
  assert.match(out.fouls[0].detail, /hit the 2 first, not the lowest ball, the 1/);
  assert.deepEqual([out.nextPlayer, out.ballInHand], [1, "anywhere"]);
  const miss = events("stick-ball cue_stick cue", "ball-linear-cushion cue 3");
  game.take(events("stick-ball cue_stick cue", "ball-ball cue 1")); // player 2: legal contact, no rail, no pot: a foul too
  assert.equal(game.history[2].fouls[0].kind, "no-rail");
  assert.equal(game.take(miss).fouls[0].kind, "no-contact"); // player 1's second foul in a row
  game.take(events("stick-ball cue_stick cue", "ball-ball cue 1", "ball-linear-cushion 1 3")); // player 2, legal
  const third = game.take(miss);
  assert.equal(third.winner, 1);
  assert.match(third.summary, /third foul in a row/);
});

test("8-ball: open table after the break; the first ball legally pocketed sets the groups; the 8 first on an open table is a foul; the 8 early loses", () => {
  const game = new GameState("eight-ball");
  let out = game.take(events("stick-ball cue_stick cue", "ball-ball cue 1", "ball-pocket 3 lb", "ball-pocket 11 rb"));
  assert.deepEqual([out.legal, out.nextPlayer, game.groups], [true, 0, [null, null]]);
  out = game.take(events("stick-ball cue_stick cue", "ball-ball cue 8", "ball-pocket 4 lt"));
  assert.deepEqual([out.fouls.map((f) => f.kind), out.nextPlayer, out.ballInHand], [["wrong-ball-first"], 1, "anywhere"]);
  out = game.take(events("stick-ball cue_stick cue", "ball-ball cue 12", "ball-pocket 12 rt"));
  assert.deepEqual([out.legal, out.nextPlayer, game.groups], [true, 1, ["solids", "stripes"]]);
  out = game.take(events("stick-ball cue_stick cue", "ball-ball cue 1", "ball-linear-cushion 1 9"));
  assert.deepEqual(out.fouls.map((f) => f.kind), ["wrong-ball-first"]); // player 2 has the stripes
  out = game.take(events("stick-ball cue_stick cue", "ball-ball cue 2", "ball-pocket 8 lc"));
  assert.equal(out.winner, 1);
  assert.match(out.summary, /the 8 dropped before the group was cleared: player 2 wins/);
});

test("8-ball: a scratch on the break gives ball in hand behind the head string; the 8 on the break is spotted", () => {
  const game = new GameState("eight-ball");
  const out = game.take(events("stick-ball cue_stick cue", "ball-ball cue 1", "ball-pocket 8 lb", "ball-pocket cue rb"));
  assert.deepEqual([out.legal, out.ballInHand, out.spotted, out.nextPlayer, out.winner], [false, "kitchen", ["8"], 1, null]);
  assert.ok(game.onTable.includes("8"));
});

test("three-cushion: a point needs both balls and three cushions before the second; cushions after it do not count", () => {
  const game = new GameState("three-cushion");
  let out = game.take(events("stick-ball cue_stick white", "ball-ball white red", "ball-linear-cushion white 3", "ball-linear-cushion white 9", "ball-linear-cushion white 12", "ball-ball white yellow"));
  assert.deepEqual([out.points, game.scores, out.nextPlayer], [1, [1, 0], 0]);
  out = game.take(events("stick-ball cue_stick white", "ball-linear-cushion white 3", "ball-ball white red", "ball-linear-cushion white 9", "ball-ball white yellow", "ball-linear-cushion white 12"));
  assert.deepEqual([out.points, game.scores, out.nextPlayer], [0, [1, 0], 1]);
  assert.match(out.summary, /no point \(2 cushions before the second ball\)/);
  assert.equal(game.cueBall, "yellow");
  out = game.take(events("stick-ball cue_stick white", "ball-ball white red"));
  assert.deepEqual(out.fouls.map((f) => f.kind), ["wrong-cue-ball"]);
});

test("three-cushion on pooltool's billiard table: a simulated shot with three cushions before the second ball scores, one with two does not", () => {
  const balls = rackBalls("three-cushion");
  let scored = false, missed = false;
  for (let phi = 0; phi < 360 && !(scored && missed); phi += 0.5) {
    const system = new PoolSystem({ table: billiardTable(), balls });
    system.strike({ ball: "white", V0: 5, phi, b: 0.3 });
    const shot = system.simulate();
    // Counted here from the raw events: the white's cushions before its second distinct ball.
    const touched = new Set<string>();
    let cushions = 0;
    for (const e of shot) {
      if (e.type === "ball-ball" && e.ids.includes("white")) touched.add(e.ids[0] === "white" ? e.ids[1] : e.ids[0]);
      if (touched.size === 2) break;
      if (e.type === "ball-linear-cushion" && e.ids[0] === "white") cushions++;
    }
    if (touched.size < 2 || cushions < 2) continue;
    if ((cushions >= 3 && scored) || (cushions === 2 && missed)) continue;
    const out = new GameState("three-cushion").take(system);
    assert.equal(out.points, cushions >= 3 ? 1 : 0, `phi ${phi}: ${cushions} cushions`);
    assert.equal(summarizeShot(shot).cushionsBeforeSecond, cushions);
    if (cushions >= 3) scored = true; else missed = true;
  }
  assert.ok(scored && missed);
});

test("GameState checks its arguments", () => {
  assert.throws(() => new GameState("snooker" as never), /game must be "nine-ball", "eight-ball" or "three-cushion", got "snooker"/);
  assert.throws(() => new GameState("nine-ball", { balls: ["1", "2"] }), /9-ball needs the "9"/);
  assert.throws(() => new GameState("nine-ball", { rack: [] } as never), /GameState options: unknown key "rack"/);
  assert.throws(() => new GameState("nine-ball").take([]), /the events hold no stick-ball event/);
  const moving = new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }] });
  moving.strike({ ball: "cue", V0: 1, phi: 0 });
  moving.simulate({ maxEvents: 2 });
  assert.throws(() => new GameState("nine-ball").take(moving), /"cue" is still (sliding|rolling); simulate the shot to the end first/);
});

test("GameState.take refuses events that are not events, naming the index", () => {
  assert.throws(() => new GameState("nine-ball").take([{ type: "stick-ball" }] as never), /GameState\.take: events\[0\] must be an event \{ t, type, ids \} \(ids: strings\), got \{"type":"stick-ball"\}/);
  assert.throws(() => new GameState("nine-ball").take("x" as never), /give a PoolSystem or the shot's events/);
});
