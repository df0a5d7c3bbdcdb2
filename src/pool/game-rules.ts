/**
 * The rules of 9-ball, 8-ball (WPA/BCA world standardized rules, simplified where noted) and
 * three-cushion (UMB), as functions from the state before a shot and the shot's summary to the
 * outcome. GameState (./game-state.ts) keeps the state and calls them.
 *
 * Simplifications (also in docs/pool-model.md): no push-out after the 9-ball break; 8-ball is
 * played without calling shots (the first ball a player legally pockets on an open table decides
 * the groups, and the 8 may drop in any pocket); an illegal 8-ball break passes the table to the
 * opponent as it lies (WPA lets them re-rack instead); the 8 pocketed on the break is spotted and
 * the breaker shoots again (or the opponent, with ball in hand, after a scratch); no ball leaves
 * the table in a 2D model, so no "jumped ball" fouls; no time, coaching or equipment rules.
 */
import type { ShotSummary } from "./shot-summary.js";

/** The games GameState knows. */
export type GameKind = "nine-ball" | "eight-ball" | "three-cushion";

/** A foul: what and why. */
export interface Foul {
  /** What kind of foul. */
  kind: "scratch" | "no-contact" | "wrong-ball-first" | "no-rail" | "illegal-break" | "wrong-cue-ball";
  /** A sentence for the players. */
  detail: string;
}

/** Where the incoming player may put the cue ball: anywhere, or behind the head string (the "kitchen"). */
export type BallInHand = "anywhere" | "kitchen" | null;

/** The outcome of one shot under the rules. */
export interface ShotOutcome {
  /** Who shot (player index). */
  player: number;
  /** Whether the shot was the break. */
  break: boolean;
  /** True when there was no foul. */
  legal: boolean;
  /** The fouls committed (empty when legal). */
  fouls: Foul[];
  /** Object balls pocketed in this shot. */
  pocketed: string[];
  /** Balls to put back on the table (the 9 pocketed on a foul; the 8 pocketed on the break), on the foot spot. */
  spotted: string[];
  /** Points scored (three-cushion: 1 for a counted point). */
  points: number;
  /** Who shoots next. */
  nextPlayer: number;
  /** The incoming player's ball in hand, if any. */
  ballInHand: BallInHand;
  /** The winner, once the game is over (else null). */
  winner: number | null;
  /** What happened, in one or two sentences. */
  summary: string;
}

/** The game state the rules read and update (GameState's). */
export interface RulesState {
  game: GameKind;
  player: number;
  breakShot: boolean;
  /** Object balls still on the table. */
  onTable: Set<string>;
  /** 8-ball: each player's group (null while the table is open). */
  groups: [("solids" | "stripes") | null, ("solids" | "stripes") | null];
  /** Consecutive fouls of each player (9-ball's three-foul rule). */
  fouls: [number, number];
  scores: [number, number];
  /** Three-cushion: points to win. */
  target: number;
  winner: number | null;
}

const ballNumber = (id: string) => Number(id);
const groupOf = (id: string): "solids" | "stripes" | "eight" | null => {
  const n = ballNumber(id);
  return n === 8 ? "eight" : n >= 1 && n <= 7 ? "solids" : n >= 9 && n <= 15 ? "stripes" : null;
};

function lowest(onTable: Set<string>): string | null {
  let best: string | null = null;
  for (const id of onTable) if (best === null || ballNumber(id) < ballNumber(best)) best = id;
  return best;
}

function outcome(state: RulesState, isBreak: boolean): ShotOutcome {
  return {
    player: state.player, break: isBreak, legal: true, fouls: [], pocketed: [], spotted: [], points: 0,
    nextPlayer: state.player, ballInHand: null, winner: null, summary: "",
  };
}

/** Fouls every pocket game shares: the wrong cue ball, a scratch, no contact, no cushion after contact. */
function commonFouls(s: ShotSummary, cue: string, o: ShotOutcome): void {
  if (s.struck !== cue) o.fouls.push({ kind: "wrong-cue-ball", detail: `the stick struck ${s.struck ?? "nothing"}, not the cue ball ${cue}` });
  if (s.scratch) o.fouls.push({ kind: "scratch", detail: `the cue ball dropped in ${s.pocketed.find((p) => p.ball === cue)?.pocket}` });
  if (s.firstContact === null) o.fouls.push({ kind: "no-contact", detail: "the cue ball touched no object ball" });
}

function noRailFoul(s: ShotSummary, pocketedObject: boolean, o: ShotOutcome): void {
  if (s.firstContact !== null && !pocketedObject && !s.railAfterContact) {
    o.fouls.push({ kind: "no-rail", detail: "after the first contact no ball was pocketed and no ball touched a cushion" });
  }
}

/** 9-ball (WPA): the lowest ball first; the 9 wins when pocketed on a legal shot. */
export function nineBall(state: RulesState, s: ShotSummary, cue: string): ShotOutcome {
  const isBreak = state.breakShot;
  const o = outcome(state, isBreak);
  const low = lowest(state.onTable);
  o.pocketed = s.pocketed.map((p) => p.ball).filter((b) => b !== cue);
  commonFouls(s, cue, o);
  if (s.firstContact !== null && s.firstContact !== low) o.fouls.push({ kind: "wrong-ball-first", detail: `the cue ball hit the ${s.firstContact} first, not the lowest ball, the ${low}` });
  if (isBreak) {
    if (o.pocketed.length === 0 && s.objectBallsToRail.length < 4) {
      o.fouls.push({ kind: "illegal-break", detail: `no ball pocketed and only ${s.objectBallsToRail.length} object balls drove to a cushion (4 needed)` });
    }
  } else noRailFoul(s, o.pocketed.length > 0, o);
  for (const b of o.pocketed) state.onTable.delete(b);
  o.legal = o.fouls.length === 0;
  const nine = o.pocketed.includes("9");
  if (o.legal) {
    state.fouls[state.player] = 0;
    if (nine) {
      o.winner = state.player;
      o.summary = `the 9 dropped on a legal ${isBreak ? "break" : "shot"}: player ${state.player + 1} wins`;
    } else if (o.pocketed.length > 0) {
      o.summary = `pocketed ${o.pocketed.join(", ")}: player ${state.player + 1} shoots again`;
    } else {
      o.nextPlayer = 1 - state.player;
      o.summary = `nothing pocketed: player ${o.nextPlayer + 1} to shoot`;
    }
  } else {
    if (nine) {
      o.spotted.push("9");
      state.onTable.add("9");
    }
    state.fouls[state.player]++;
    o.nextPlayer = 1 - state.player;
    o.ballInHand = "anywhere";
    if (state.fouls[state.player] >= 3) {
      o.winner = o.nextPlayer;
      o.summary = `third foul in a row (${o.fouls.map((f) => f.kind).join(", ")}): player ${o.nextPlayer + 1} wins`;
    } else {
      o.summary = `foul (${o.fouls.map((f) => f.kind).join(", ")})${nine ? ", the 9 is spotted" : ""}: player ${o.nextPlayer + 1} has ball in hand`;
    }
  }
  return o;
}

/** 8-ball (WPA, without calling shots): open table, groups, the 8 last. */
export function eightBall(state: RulesState, s: ShotSummary, cue: string): ShotOutcome {
  const isBreak = state.breakShot;
  const o = outcome(state, isBreak);
  const me = state.player;
  o.pocketed = s.pocketed.map((p) => p.ball).filter((b) => b !== cue);
  const group = state.groups[me];
  const cleared = group !== null && ![...state.onTable].some((b) => groupOf(b) === group);
  commonFouls(s, cue, o);
  if (s.firstContact !== null && !isBreak) {
    const hit = groupOf(s.firstContact);
    if (group === null && hit === "eight") o.fouls.push({ kind: "wrong-ball-first", detail: "on an open table the 8 may not be hit first" });
    if (group !== null && !(cleared ? hit === "eight" : hit === group)) {
      o.fouls.push({ kind: "wrong-ball-first", detail: `the cue ball hit the ${s.firstContact} first, not ${cleared ? "the 8" : `one of the ${group}`}` });
    }
  }
  if (!isBreak) noRailFoul(s, o.pocketed.length > 0, o);
  const illegalBreak = isBreak && o.pocketed.length === 0 && s.objectBallsToRail.length < 4;
  for (const b of o.pocketed) state.onTable.delete(b);
  o.legal = o.fouls.length === 0;
  const eight = o.pocketed.includes("8");
  const next = 1 - me;
  if (eight && isBreak) {
    o.spotted.push("8");
    state.onTable.add("8");
  } else if (eight) {
    // Pocketing the 8 ends the game: a win only on a legal shot once one's group is cleared.
    o.winner = o.legal && cleared ? me : next;
    o.summary = o.winner === me ? `the 8 dropped after the ${group}: player ${me + 1} wins` : `the 8 dropped ${o.legal ? "before the group was cleared" : "on a foul"}: player ${next + 1} wins`;
    return o;
  }
  if (!o.legal) {
    o.nextPlayer = next;
    o.ballInHand = isBreak && s.scratch ? "kitchen" : "anywhere";
    o.summary = `foul (${o.fouls.map((f) => f.kind).join(", ")}): player ${next + 1} has ball in hand${o.ballInHand === "kitchen" ? " behind the head string" : ""}`;
    return o;
  }
  if (illegalBreak) {
    o.nextPlayer = next;
    o.summary = `illegal break (no ball pocketed, ${s.objectBallsToRail.length} object balls to a cushion): player ${next + 1} takes the table`;
    return o;
  }
  // Groups: decided by the first ball pocketed on a legal shot after the break with the table open.
  const mine = o.pocketed.filter((b) => b !== "8");
  if (group === null && !isBreak && mine.length > 0) {
    const g = groupOf(mine[0]) as "solids" | "stripes";
    state.groups[me] = g;
    state.groups[next] = g === "solids" ? "stripes" : "solids";
  }
  const own = state.groups[me];
  const scored = isBreak ? mine.length > 0 : own === null ? false : mine.some((b) => groupOf(b) === own);
  if (scored) o.summary = `pocketed ${mine.join(", ")}${own ? ` (player ${me + 1}: ${own})` : ""}: player ${me + 1} shoots again`;
  else {
    o.nextPlayer = next;
    o.summary = `${mine.length ? `pocketed ${mine.join(", ")}, none of player ${me + 1}'s` : "nothing pocketed"}: player ${next + 1} to shoot`;
  }
  return o;
}

/**
 * Three-cushion (UMB): a point when the player's cue ball touches both other balls and, before it
 * touches the second, three or more cushions. The player shoots again after a point.
 */
export function threeCushion(state: RulesState, s: ShotSummary, cue: string): ShotOutcome {
  const o = outcome(state, state.breakShot);
  if (s.struck !== cue) o.fouls.push({ kind: "wrong-cue-ball", detail: `the stick struck ${s.struck ?? "nothing"}, not player ${state.player + 1}'s ball ${cue}` });
  o.legal = o.fouls.length === 0;
  const point = o.legal && s.touchedTwo && s.cushionsBeforeSecond >= 3;
  if (point) {
    o.points = 1;
    state.scores[state.player]++;
    if (state.scores[state.player] >= state.target) o.winner = state.player;
    o.summary = `a point (${s.cushionsBeforeSecond} cushions before the second ball): ${state.scores.join(" to ")}${o.winner !== null ? `, player ${state.player + 1} wins` : `, player ${state.player + 1} shoots again`}`;
  } else {
    o.nextPlayer = 1 - state.player;
    o.summary = `no point (${!o.legal ? "wrong ball struck" : !s.touchedTwo ? `touched ${s.contacts.length} of the two balls` : `${s.cushionsBeforeSecond} cushions before the second ball`}): player ${o.nextPlayer + 1} to shoot`;
  }
  return o;
}
