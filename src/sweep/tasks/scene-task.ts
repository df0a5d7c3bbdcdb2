/**
 * The `scene` kind: a scene file's world (the path of `carom run`: validateScene, then
 * worldFromScene) run for the scene's duration, reporting its collisions by kind and its energy.
 * Parameters are paths into the scene: `restitution`, `gravity[1]`, `bodies[0].velocity`,
 * `duration`.
 */
import { DEFAULT_DURATION, HIT_BODY, HIT_BOUNDS, HIT_WALL, validateScene, worldFromScene, type Scene } from "../../index.js";
import type { JsonValue } from "../sweep-types.js";
import { recorded, type SweepTask } from "./task.js";

/** What a scene run reports. */
export const SCENE_OBSERVABLES = [
  "collisions", // every collision
  "bodyCollisions", // between two bodies
  "wallCollisions", // with a wall (or a fixed body's wall)
  "boundsCollisions", // with a side of the container
  "energyBefore", // kinetic + potential energy at the start
  "energyAfter", // and at the end
  "time", // the time reached (the scene's time plus its duration)
] as const;

/** Queue events per chunk of a scene run (the stall check looks between chunks). */
const CHUNK_EVENTS = 1 << 16;
/** Events at one instant after which a run counts as stuck (bodies pinned where they cannot move). */
const STUCK_EVENTS = 1 << 20;
/** The most events one run may take. */
const MAX_EVENTS = 1e10;

export const sceneTask: SweepTask<Scene> = {
  observables: SCENE_OBSERVABLES,
  check: (def) => ((def.replicas ?? 1) > 1 ? [["replicas", " must be 1 for a scene: a scene has no random numbers, so its replicas would be identical (vary a parameter instead)"]] : []),
  prepare: (config: JsonValue) => validateScene(config, "scene"),
  run(scene: Scene, record: readonly string[]) {
    const world = worldFromScene(scene, { maxEventsPerAdvance: CHUNK_EVENTS });
    const energy = (): number => world.kineticEnergy() + world.potentialEnergy();
    const before = energy();
    const end = world.now + (scene.duration ?? DEFAULT_DURATION);
    const counts = [0, 0, 0, 0, 0]; // by event kind (sensor events too)
    let events = 0;
    let still = 0;
    for (;;) {
      const t = world.now;
      const report = world.advance(end - world.now);
      const e = world.events;
      for (let k = 0; k < e.count; k++) counts[e.kind[k]]++;
      if (report.complete) break;
      events += report.work;
      still = world.now === t ? still + report.work : 0;
      if (still >= STUCK_EVENTS) throw new RangeError(`stuck at t = ${world.now}: ${still} events without the clock moving on (bodies pinned where they cannot move?)`);
      if (events >= MAX_EVENTS) throw new RangeError(`stopped after ${events} events at t = ${world.now}, before the end at t = ${end}`);
    }
    const after = energy();
    return recorded(record, (name) => {
      switch (name) {
        case "collisions": return counts[HIT_BODY] + counts[HIT_WALL] + counts[HIT_BOUNDS];
        case "bodyCollisions": return counts[HIT_BODY];
        case "wallCollisions": return counts[HIT_WALL];
        case "boundsCollisions": return counts[HIT_BOUNDS];
        case "energyBefore": return before;
        case "energyAfter": return after;
        case "time": return world.now;
        default: throw new RangeError(`no observable "${name}"`);
      }
    });
  },
};
