/**
 * GameState: a game of 9-ball, 8-ball or three-cushion between two players, shot by shot. It
 * takes each simulated shot (a PoolSystem after simulate(), or that shot's events), applies the
 * rules (./game-rules.ts), and says who shoots next, with ball in hand or not, which balls to
 * spot, and who won; `nextBalls` lays out the table for the next shot.
 *
 * ```ts
 * const game = new GameState("nine-ball");
 * const system = new PoolSystem({ balls: rackBalls("nine-ball") });
 * system.strike(breakStrike(rackBalls("nine-ball"), 8));
 * system.simulate();
 * game.take(system);   // { legal, fouls, pocketed, nextPlayer, ballInHand, winner, summary, … }
 * ```
 */
import { eightBall, nineBall, threeCushion, type BallInHand, type GameKind, type RulesState, type ShotOutcome } from "./game-rules.js";
import { finiteNumber, rejectUnknownKeys, requireObject } from "./options.js";
import { summarizeShot } from "./shot-summary.js";
import type { BallSetup } from "./ball-setup.js";
import { PoolSystem, type PoolEvent } from "./system.js";

export type { BallInHand, Foul, GameKind, ShotOutcome } from "./game-rules.js";

/** Options of {@link GameState}. */
export interface GameOptions {
  /** The object balls racked (default: "1" to "9" for 9-ball, "1" to "15" for 8-ball, "red" for three-cushion). */
  balls?: readonly string[];
  /** The cue ball's id in pocket games (default "cue"). */
  cue?: string;
  /** Three-cushion: each player's cue ball (default ["white", "yellow"]). */
  cueBalls?: readonly [string, string];
  /** Three-cushion: points to win (default 15). */
  target?: number;
}

const RACKS: Record<GameKind, string[]> = {
  "nine-ball": ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
  "eight-ball": Array.from({ length: 15 }, (_, k) => String(k + 1)),
  "three-cushion": ["red"],
};

/** A game between two players (0 and 1), shot by shot: the rules applied to each simulated shot. */
export class GameState {
  /** The game played. */
  readonly game: GameKind;
  /** Every shot's outcome so far. */
  readonly history: ShotOutcome[] = [];
  private readonly state: RulesState;
  private readonly cue: string;
  private readonly cueBalls: readonly [string, string];
  private hand: BallInHand = null;

  /** A new game, player 0 to break; RangeError naming a bad option. */
  constructor(game: GameKind, options: GameOptions = {}) {
    if (game !== "nine-ball" && game !== "eight-ball" && game !== "three-cushion") throw new RangeError(`GameState: game must be "nine-ball", "eight-ball" or "three-cushion", got ${JSON.stringify(game)}`);
    requireObject(options, "GameState options");
    rejectUnknownKeys(options, ["balls", "cue", "cueBalls", "target"], "GameState options");
    this.game = game;
    const balls = options.balls ?? RACKS[game];
    if (!Array.isArray(balls) || balls.some((b) => typeof b !== "string")) throw new RangeError("GameState options.balls must be an array of ball ids");
    if (game === "nine-ball" && !balls.includes("9")) throw new RangeError('GameState options.balls: 9-ball needs the "9"');
    if (game === "eight-ball" && !balls.includes("8")) throw new RangeError('GameState options.balls: 8-ball needs the "8"');
    const cue: unknown = options.cue ?? "cue";
    if (typeof cue !== "string") throw new RangeError("GameState options.cue must be a ball id");
    this.cue = cue;
    const cueBalls: unknown = options.cueBalls ?? ["white", "yellow"];
    if (!Array.isArray(cueBalls) || cueBalls.length !== 2 || cueBalls.some((b) => typeof b !== "string")) throw new RangeError("GameState options.cueBalls must be two ball ids");
    this.cueBalls = [cueBalls[0], cueBalls[1]];
    const target = options.target === undefined ? 15 : finiteNumber(options.target, "GameState options.target");
    if (!(Number.isInteger(target) && target >= 1)) throw new RangeError(`GameState options.target must be an integer >= 1, got ${target}`);
    this.state = {
      game, player: 0, breakShot: true, onTable: new Set(balls), groups: [null, null], fouls: [0, 0], scores: [0, 0], target, winner: null,
    };
  }

  /** Whose turn it is (0 or 1). */
  get player(): number {
    return this.state.player;
  }

  /** Whether the next shot is the break. */
  get breakShot(): boolean {
    return this.state.breakShot;
  }

  /** Whether the player to shoot has the cue ball in hand (anywhere, or behind the head string), or null. */
  get ballInHand(): BallInHand {
    return this.hand;
  }

  /** The winner (0 or 1), or null while the game goes on. */
  get winner(): number | null {
    return this.state.winner;
  }

  /** The object balls still on the table. */
  get onTable(): string[] {
    return [...this.state.onTable];
  }

  /** 8-ball: each player's group, null while the table is open. */
  get groups(): readonly [("solids" | "stripes") | null, ("solids" | "stripes") | null] {
    return [this.state.groups[0], this.state.groups[1]];
  }

  /** Three-cushion: each player's points. */
  get scores(): readonly [number, number] {
    return [this.state.scores[0], this.state.scores[1]];
  }

  /** The cue ball of the player to shoot. */
  get cueBall(): string {
    return this.game === "three-cushion" ? this.cueBalls[this.state.player] : this.cue;
  }

  /**
   * Applies the rules to one shot: a PoolSystem after simulate() (its events since its last
   * strike), or the shot's events. Returns the outcome; the state moves on to the next shot.
   */
  take(shot: PoolSystem | readonly PoolEvent[]): ShotOutcome {
    if (this.state.winner !== null) throw new RangeError(`GameState.take: the game is over (player ${this.state.winner + 1} won)`);
    let events: readonly PoolEvent[];
    if (shot instanceof PoolSystem) {
      const all = shot.events;
      let k = all.length - 1;
      while (k >= 0 && all[k].type !== "stick-ball") k--;
      if (k < 0) throw new RangeError("GameState.take: the system holds no strike (strike and simulate first)");
      for (const id of shot.ids) {
        const s = shot.ball(id).state;
        if (s !== "stationary" && s !== "pocketed") throw new RangeError(`GameState.take: "${id}" is still ${s}; simulate the shot to the end first`);
      }
      events = all.slice(k);
    } else if (Array.isArray(shot)) {
      shot.forEach((e: unknown, k) => {
        const ok = typeof e === "object" && e !== null && typeof (e as PoolEvent).type === "string" && Array.isArray((e as PoolEvent).ids)
          && (e as PoolEvent).ids.every((id) => typeof id === "string");
        if (!ok) throw new RangeError(`GameState.take: events[${k}] must be an event { t, type, ids } (ids: strings), got ${JSON.stringify(e) ?? typeof e}`);
      });
      events = shot;
    } else throw new RangeError("GameState.take: give a PoolSystem or the shot's events");
    const summary = summarizeShot(events);
    if (summary.struck === null) throw new RangeError("GameState.take: the events hold no stick-ball event");
    const st = this.state;
    const rules = this.game === "nine-ball" ? nineBall : this.game === "eight-ball" ? eightBall : threeCushion;
    const out = rules(st, summary, this.cueBall);
    st.breakShot = false;
    st.player = out.nextPlayer;
    if (out.winner !== null) st.winner = out.winner;
    this.hand = out.ballInHand;
    this.history.push(out);
    return out;
  }

  /**
   * The balls for the next shot from the system the last shot ended in: the balls on the table
   * where they stopped, spotted balls on the foot spot (or the nearest free point behind it), and
   * the cue ball at `cue` when the player has ball in hand (required after a scratch).
   */
  nextBalls(system: PoolSystem, cue?: readonly [number, number]): BallSetup[] {
    const R = system.params.R, { w, l } = system.table;
    const out: BallSetup[] = [];
    for (const id of system.ids) {
      const b = system.ball(id);
      const spotted = this.history.length > 0 && this.history[this.history.length - 1].spotted.includes(id);
      if (b.state === "pocketed" || spotted || (id === this.cue && cue !== undefined)) continue;
      out.push({ id, x: b.r[0], y: b.r[1] });
    }
    const free = (x: number, y: number) => out.every((b) => Math.hypot(b.x - x, b.y - y) >= 2 * R) && y <= l - R;
    for (const id of this.history.length ? this.history[this.history.length - 1].spotted : []) {
      let y = 0.75 * l;
      while (!free(w / 2, y)) y += 2 * R / 8;
      out.push({ id, x: w / 2, y });
    }
    if (this.game !== "three-cushion") {
      const cueBall = system.ids.includes(this.cue) ? system.ball(this.cue) : null;
      if (cue !== undefined) {
        if (this.hand === null) throw new RangeError("GameState.nextBalls: the player has no ball in hand; the cue ball stays where it stopped");
        const x = finiteNumber(cue[0], "GameState.nextBalls cue[0]"), y = finiteNumber(cue[1], "GameState.nextBalls cue[1]");
        if (this.hand === "kitchen" && y > 0.25 * l) throw new RangeError(`GameState.nextBalls: ball in hand behind the head string: y must be at most ${0.25 * l} m, got ${y}`);
        if (!free(x, y)) throw new RangeError(`GameState.nextBalls: the cue ball at (${x}, ${y}) would overlap a ball`);
        out.push({ id: this.cue, x, y });
      } else if (!cueBall || cueBall.state === "pocketed") {
        throw new RangeError("GameState.nextBalls: the cue ball was pocketed: give its position (ball in hand)");
      }
    }
    return out;
  }
}
