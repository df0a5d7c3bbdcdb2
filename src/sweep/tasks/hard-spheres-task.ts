/**
 * The `hardSpheres` kind: a hard-sphere (3D) or hard-disk (2D) fluid in a periodic box, started
 * on a lattice at a packing fraction with Maxwell–Boltzmann velocities from the run's seed
 * ({@link latticeStart}), warmed up, then measured over a window of collisions or of time with
 * {@link HardSpheres}' own observables.
 *
 * ```json
 * "hardSpheres": { "dimensions": 3, "count": 256, "packingFraction": 0.3, "warmupPerBody": 20, "collisionsPerBody": 200 }
 * ```
 */
import { HardSpheres, latticeStart, meanSquaredDisplacement, type HardSpheresOptions } from "../../exports/science.js";
import type { JsonValue } from "../sweep-types.js";
import { recorded, rejectUnknownKeys, requireObject, type SweepTask } from "./task.js";

const KEYS = ["dimensions", "count", "packingFraction", "radius", "temperature", "warmupPerBody", "collisionsPerBody", "duration", "skin"];

/** What a run measures over its window (after the warm-up). */
export const HARD_SPHERES_OBSERVABLES = [
  "pressure", // reduced pressure Z = PV / (N kT), from the collision virial
  "temperature", // kT = 2 E_kin / (d N) at the end
  "collisionRate", // collisions per body per unit time
  "meanSquaredDisplacement", // over the window, from unwrapped positions
  "energyDrift", // (E_end - E_start) / E_start over the window: 0 to rounding
  "collisions", // collisions in the window
  "time", // the window's length in time
] as const;

interface HardSpheresRun {
  options: HardSpheresOptions;
  warmup: number;
  collisions: number | undefined;
  duration: number | undefined;
}

function count(config: Record<string, unknown>, key: string, fallback: number | undefined): number | undefined {
  const v = config[key];
  if (v === undefined) return fallback;
  if (typeof v !== "number" || !(v >= 0 && v <= 1e12)) throw new RangeError(`${key} must be a number from 0 to 1e12, got ${JSON.stringify(v)}`);
  return v;
}

export const hardSpheresTask: SweepTask<HardSpheresRun> = {
  observables: HARD_SPHERES_OBSERVABLES,
  check: () => [],
  prepare(config: JsonValue, seed: number): HardSpheresRun {
    requireObject(config, "hardSpheres");
    rejectUnknownKeys(config, KEYS, "hardSpheres");
    for (const key of ["dimensions", "count", "packingFraction", "radius", "temperature", "skin"]) {
      const v = config[key];
      if (v !== undefined && typeof v !== "number") throw new RangeError(`${key} must be a number, got ${JSON.stringify(v)}`);
    }
    const { dimensions = 3, count: n, packingFraction, radius, temperature, skin } = config as Record<string, unknown>;
    if (n === undefined) throw new RangeError("count is required (the number of bodies)");
    if (packingFraction === undefined) throw new RangeError("packingFraction is required");
    const options = latticeStart({
      dimensions: dimensions as 2 | 3,
      count: n as number,
      packingFraction: packingFraction as number,
      seed,
      ...(radius === undefined ? {} : { radius: radius as number }),
      ...(temperature === undefined ? {} : { temperature: temperature as number }),
    });
    if (skin !== undefined) options.skin = skin as number;
    const duration = config.duration as number | undefined;
    if (duration !== undefined && config.collisionsPerBody !== undefined) throw new RangeError("give collisionsPerBody or duration, not both");
    if (duration !== undefined && !(typeof duration === "number" && duration > 0 && duration < Infinity)) throw new RangeError(`duration must be a finite number > 0, got ${JSON.stringify(duration)}`);
    const collisions = duration === undefined ? count(config, "collisionsPerBody", 100) : undefined;
    if (collisions === 0) throw new RangeError("collisionsPerBody must be > 0");
    return { options, warmup: count(config, "warmupPerBody", 20) as number, collisions, duration };
  },
  run(r: HardSpheresRun, record: readonly string[]) {
    const sim = new HardSpheres(r.options);
    const n = sim.count, d = sim.dimensions;
    if (r.warmup > 0) sim.advanceCollisions(Math.round(r.warmup * n));
    sim.resetMeasurements();
    const start = sim.unwrappedPositionsInto(new Float64Array(d * n));
    const energy = sim.kineticEnergy();
    const collisions = sim.stats.collisions;
    if (r.duration !== undefined) sim.advance(r.duration);
    else sim.advanceCollisions(Math.max(1, Math.round((r.collisions as number) * n)));
    return recorded(record, (name) => {
      switch (name) {
        case "pressure": return sim.pressure();
        case "temperature": return sim.temperature();
        case "collisionRate": return sim.collisionRate();
        case "meanSquaredDisplacement": return meanSquaredDisplacement(sim, start);
        case "energyDrift": return (sim.kineticEnergy() - energy) / energy;
        case "collisions": return sim.stats.collisions - collisions;
        case "time": return sim.measuredTime;
        default: throw new RangeError(`no observable "${name}"`);
      }
    });
  },
};
