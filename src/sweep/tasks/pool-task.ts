/**
 * The `pool` kind: a pool shot (the shot file of `carom pool`, read by readPoolShot) played
 * until every ball rests. Parameters are paths into the shot: `strike.V0`, `strike.phi`,
 * `strike.b`, `params.u_s`, `balls.jitter`. A racked shot with jitter takes the run's seed for
 * its rack (unless the shot fixes `balls.seed`), so replicas are different racks.
 */
import { playShot, readPoolShot, type PoolShot } from "../../exports/pool.js";
import type { JsonObject, JsonValue, SweepDefinition } from "../sweep-types.js";
import { recorded, type DefinitionProblems, type SweepTask } from "./task.js";

/** What a pool run reports. */
export const POOL_OBSERVABLES = [
  "events", // every event of the shot, the strike included
  "pocketed", // how many balls went down
  "pocketedIds", // which, in order
  "scratch", // whether the struck ball went down
  "firstContact", // the first ball the struck ball hit (null: none)
  "time", // when the last ball came to rest (or tFinal)
  "atRest", // whether every ball rests at the end
  "cueBallX", // where the struck ball stopped (null when pocketed)
  "cueBallY",
] as const;

function isRack(balls: JsonValue | undefined): balls is JsonObject {
  return balls !== null && typeof balls === "object" && !Array.isArray(balls);
}

/** The problem with replicas of a shot that has no random numbers, or none. */
function replicaProblems(def: SweepDefinition): DefinitionProblems {
  if ((def.replicas ?? 1) <= 1) return [];
  const balls = def.pool?.balls;
  const varied = [...Object.keys(def.grid ?? {}), ...Object.keys(def.random?.parameters ?? {}), ...(def.points ?? []).flatMap(Object.keys)];
  const why = !isRack(balls)
    ? "the balls are listed, so the shot has no random numbers"
    : !(typeof balls.jitter === "number" && balls.jitter > 0)
      ? "the rack has no jitter, so the shot has no random numbers"
      : balls.seed !== undefined
        ? "the rack's seed is fixed (pool.balls.seed): remove it and each run's seed jitters its rack"
        : varied.includes("balls.seed")
          ? "balls.seed is a parameter: remove it and each run's seed jitters its rack"
          : undefined;
  return why === undefined ? [] : [["replicas", ` must be 1: ${why}, so its replicas would be identical`]];
}

export const poolTask: SweepTask<PoolShot> = {
  observables: POOL_OBSERVABLES,
  check: replicaProblems,
  prepare(config: JsonValue, seed: number): PoolShot {
    if (isRack((config as JsonObject | null)?.balls) && ((config as JsonObject).balls as JsonObject).seed === undefined) {
      config = { ...(config as JsonObject), balls: { ...((config as JsonObject).balls as JsonObject), seed } };
    }
    return readPoolShot(config);
  },
  run(shot: PoolShot, record: readonly string[]) {
    const { system, events } = playShot(shot, 0);
    // A shot file may start its balls in motion with no strike: then no ball is "the cue ball".
    const cue = shot.strike?.ball ?? null;
    const pocketed = events.filter((e) => e.type === "ball-pocket").map((e) => e.ids[0]);
    const first = cue === null ? undefined : events.find((e) => e.type === "ball-ball" && e.ids.includes(cue));
    const end = cue === null ? null : system.ball(cue);
    const stop = end !== null && end.state !== "pocketed" ? end.r : null;
    return recorded(record, (name) => {
      switch (name) {
        case "events": return events.length;
        case "pocketed": return pocketed.length;
        case "pocketedIds": return pocketed;
        case "scratch": return cue !== null && pocketed.includes(cue);
        case "firstContact": return first === undefined ? null : (first.ids[0] === cue ? first.ids[1] : first.ids[0]);
        case "time": return system.t;
        case "atRest": return system.ids.every((id) => { const s = system.ball(id).state; return s === "stationary" || s === "pocketed"; });
        case "cueBallX": return stop === null ? null : stop[0];
        case "cueBallY": return stop === null ? null : stop[1];
        default: throw new RangeError(`no observable "${name}"`);
      }
    });
  },
};
