/**
 * The input lines a contest bot reads, built from recorded referee states as the referees
 * print them: Coders Strike Back's (laps, checkpoints, then 4 pod lines a turn) and Fantastic
 * Bits' (the team id, then scores, magic and entities a turn).
 */
import type { CsbGameRecord, CsbPodRecord, FbState } from "../../src/exports/contest.js";

/** A CSB pod line: rounded position and speed, the angle in whole degrees (−1 before the first turn), the next checkpoint. */
export function csbPodLine(p: CsbPodRecord, n: number): string {
  const angle = p[4] === null ? -1 : Math.round(((((p[4] % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI)) * 180) / Math.PI);
  return `${Math.round(p[0])} ${Math.round(p[1])} ${Math.round(p[2])} ${Math.round(p[3])} ${angle} ${p[5] % n}`;
}

/** Everything CSB's bot in `seat` reads over a recorded game: the first lines, then each turn's four (its pods first). */
export function csbInput(game: CsbGameRecord, seat: 0 | 1): string[] {
  const n = game.checkpoints.length;
  const order = seat === 0 ? [0, 1, 2, 3] : [2, 3, 0, 1];
  const lines = [String(Math.floor(15 / n)), String(n), ...game.checkpoints.map(([x, y]) => `${x} ${y}`)];
  for (let k = 0; k < game.turns.length; k++) {
    const pods = k === 0 ? game.initial : game.turns[k - 1].pods;
    for (const i of order) lines.push(csbPodLine(pods[i], n));
  }
  return lines;
}

/** A Fantastic Bits turn's input for team `team`: its score and magic, the opponent's, the entities (its wizards first, snaffles in play, bludgers). */
export function fbTurnLines(s: FbState, team: number): string[] {
  const me = s.players[team], op = s.players[1 - team];
  const entities: string[] = [];
  for (const w of s.wizards) if (w.id >> 1 === team) entities.push(`${w.id} WIZARD ${w.x} ${w.y} ${w.vx} ${w.vy} ${w.holding !== -1 ? 1 : 0}`);
  for (const w of s.wizards) if (w.id >> 1 !== team) entities.push(`${w.id} OPPONENT_WIZARD ${w.x} ${w.y} ${w.vx} ${w.vy} ${w.holding !== -1 ? 1 : 0}`);
  for (const sn of s.snaffles) if (sn.alive) entities.push(`${sn.id} SNAFFLE ${sn.x} ${sn.y} ${sn.vx} ${sn.vy} 0`);
  for (const b of s.bludgers) entities.push(`${b.id} BLUDGER ${b.x} ${b.y} ${b.vx} ${b.vy} 0`);
  return [`${me.score} ${me.magic}`, `${op.score} ${op.magic}`, String(entities.length), ...entities];
}
