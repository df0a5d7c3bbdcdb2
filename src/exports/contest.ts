/**
 * carom/contest: referee-exact contest simulators for bot writers. Coders Strike Back
 * (`CsbSimulation`) and Fantastic Bits (`FantasticBitsSimulation`) reproduce their referees'
 * turns to the bit (rules in the repository's contest data README); both keep their state in
 * flat typed arrays, copy with `copyFrom` and allocate nothing per turn. This entry imports
 * nothing from the world, so a bot that bundles it stays small.
 *
 * @module carom/contest
 */
export { CsbSimulation, type CsbPod, type CsbCommand, type CsbOptions, CSB_POD_RADIUS, CSB_CHECKPOINT_RADIUS, CSB_MAX_THRUST, CSB_BOOST_THRUST, CSB_SHIELD_MASS } from "../contest/csb-simulation.js";
export { readCsbInit, readCsbTurn } from "../contest/csb-reader.js";
export { replayCsbGame, csbPodFromRecord, type CsbGameRecord, type CsbPodRecord, type ReplayMismatch } from "../contest/csb-replay.js";
export { shortAngleDist, roundHalfUp, roundHalfAway, truncateInt, pointSegmentDistanceSquared } from "../contest/referee-math.js";
export { FantasticBitsSimulation } from "../contest/fb-simulation.js";
export type { FbCommand, FbMoveCommand, FbSpellCommand } from "../contest/fb-commands.js";
export type { FbState, FbWizard, FbSnaffle, FbBludger, FbSpell } from "../contest/fb-state.js";
export { FbTracker } from "../contest/fb-tracker.js";
export { replayFbGame, fbStateFromRecord, type FbGameRecord, type FbStateRecord } from "../contest/fb-replay.js";
