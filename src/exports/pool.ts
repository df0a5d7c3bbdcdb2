/**
 * carom/pool: billiards with sliding, rolling and spinning balls, cushions, jaws, pockets and a
 * cue, event by event, reproducing pooltool's default physics (docs/pool-model.md) with exact
 * event times; aiming, a shot solver, 9-ball and 8-ball rules, snooker and carom billiards tables.
 *
 * ```ts
 * import { PoolSystem } from "carom/pool";
 * const system = new PoolSystem({ balls: [{ id: "cue", x: 0.5, y: 0.5 }, { id: "1", x: 0.5, y: 1.4 }] });
 * system.strike({ ball: "cue", V0: 3, phi: 90, b: 0.3 });
 * const events = system.simulate();   // [{ t, type, ids }, ...] until every ball rests
 * system.ball("1");                   // { id, state, t, r, v, w }
 * ```
 *
 * Determinism: every result comes from +, −, ×, ÷ and √ (IEEE 754 correctly rounded, hence the
 * same bits in every engine); the model's sines, cosines, exponentials and arc cosines are
 * carom's own polynomial implementations of those five operations (src/pool/elementary.ts),
 * never `Math.sin` and friends, whose last bits may differ between engines.
 *
 * @module carom/pool
 */
export { PoolSystem, CUE_STICK_ID, DEFAULT_MAX_EVENTS, MAX_V0 } from "../pool/system.js";
export type {
  BallSetup, BallState, MotionState, PoolEvent, PoolEventType, PoolSystemOptions, SimulateOptions, StrikeAim, StrikeOptions,
} from "../pool/system.js";
export {
  pocketTable, snookerTable, billiardTable, DEFAULT_TABLE_SPECS, SNOOKER_TABLE_SPECS, BILLIARD_TABLE_SPECS, TABLE_SPEC_RANGES, POCKET_DROP,
} from "../pool/table.js";
export type { PocketTableSpecs, BilliardTableSpecs, PoolTable, TableKind, LinearCushion, CircularCushion, Pocket } from "../pool/table.js";
export {
  DEFAULT_BALL_PARAMS, SNOOKER_BALL_PARAMS, BILLIARD_BALL_PARAMS, BALL_PARAM_RANGES, DEFAULT_CUE_SPECS, CUE_SPEC_RANGES,
  DEFAULT_BALL_BALL_FRICTION,
} from "../pool/params.js";
export type { BallParams, BallOwnParams, BallBallFriction, CueSpecs } from "../pool/params.js";
export { aimAt, cutAngle, ghostBall } from "../pool/aim.js";
export type { Aim, AimOptions, AimTarget, Point } from "../pool/aim.js";
export { rackBalls, breakStrike, angleDegrees, PoolRandom } from "../pool/rack.js";
export type { RackKind, RackOptions } from "../pool/rack.js";
export { readPoolShot, systemOf, nineBallBreakShot, POOL_SHOT_SCHEMA } from "../pool/shot-file.js";
export type { PoolShot } from "../pool/shot-file.js";
export { playShot } from "../pool/shot-play.js";
export type { PlayedShot } from "../pool/shot-play.js";
export { shotSvg } from "../pool/shot-svg.js";
export { findShot } from "../pool/solver.js";
export type { AbortFlag, FindShotOptions, ShotPlan, ShotSearch, TipOffset } from "../pool/solver.js";
export { GameState } from "../pool/game-state.js";
export type { GameOptions, GameKind, ShotOutcome, Foul, BallInHand } from "../pool/game-state.js";
export { summarizeShot } from "../pool/shot-summary.js";
export type { ShotSummary, PocketedBall } from "../pool/shot-summary.js";
