/**
 * Expansion of a sweep into runs: every parameter point (the listed points, times every
 * combination of the grid's values, times the random draws) times the replicas, in that order,
 * each with a stable id built from its parameters and a seed derived from the sweep's seed and
 * that id. Ids and seeds depend only on the definition, never on a worker, a shard or a machine.
 */
import { ScienceRandom } from "../exports/science.js";
import { canonicalJson, deriveSeed } from "./hash.js";
import { cloneJson, parsePath, setAtPath } from "./param-path.js";
import { SweepError, type JsonObject, type JsonValue, type Sweep, type SweepDistribution, type SweepRange, type SweepRun } from "./sweep-types.js";
import { sweepBase } from "./sweep-validate.js";

/** The values of a grid entry: its list, or the range's evenly spaced numbers (both ends exact). */
export function gridValues(entry: JsonValue[] | SweepRange): JsonValue[] {
  if (Array.isArray(entry)) return entry;
  const { from, to, count } = entry;
  const n = count - 1;
  // (from (n - k) + to k) / n: exactly from at k = 0 and to at k = n, from +, ×, ÷ only
  return Array.from({ length: count }, (_, k) => (k === 0 ? from : k === n ? to : (from * (n - k) + to * k) / n));
}

/** One value of a distribution from `rng`. */
function draw(dist: SweepDistribution, rng: ScienceRandom): JsonValue {
  if ("uniform" in dist) {
    const [lo, hi] = dist.uniform;
    return lo + (hi - lo) * rng.uniform();
  }
  if ("integer" in dist) {
    const [lo, hi] = dist.integer;
    return lo + Math.floor(rng.uniform() * (hi - lo + 1));
  }
  if ("normal" in dist) return dist.normal[0] + dist.normal[1] * rng.normal();
  return dist.choice[rng.int(dist.choice.length)];
}

/** The parameter points of the random draws: draw k from its own seed, so it does not depend on the count. */
function drawPoints(sweep: Sweep): JsonObject[] {
  const r = sweep.definition.random;
  if (r === undefined) return [];
  const seed = sweep.definition.seed ?? 0;
  return Array.from({ length: r.count }, (_, k) => {
    const rng = new ScienceRandom(deriveSeed(seed, `draw=${k}`, "draw"));
    const point: JsonObject = {};
    for (const [path, dist] of Object.entries(r.parameters)) point[path] = draw(dist, rng);
    return point;
  });
}

/** `path=value` for an id (the value as canonical JSON, so that ids are unique). */
const idPart = (path: string, value: JsonValue): string => `${path}=${canonicalJson(value)}`;

/**
 * Every run of the sweep, in order. Throws a SweepError when two listed points give the same
 * run (the ids must be unique).
 */
export function expandSweep(sweep: Sweep): SweepRun[] {
  const def = sweep.definition;
  const seed = def.seed ?? 0;
  const replicas = def.replicas ?? 1;
  const points: JsonObject[] = def.points ?? [{}];
  const grid = Object.entries(def.grid ?? {}).map(([path, entry]) => [path, gridValues(entry)] as const);
  const gridParts = grid.map(([path, values]) => values.map((v) => idPart(path, v)));
  const draws = drawPoints(sweep);
  const runs: SweepRun[] = [];
  const seen = new Map<string, number>();
  const combination = new Array<number>(grid.length).fill(0);
  points.forEach((point, p) => {
    combination.fill(0);
    for (;;) {
      const params: JsonObject = {};
      const parts: string[] = [];
      for (const [path, value] of Object.entries(point)) {
        params[path] = value;
        parts.push(idPart(path, value));
      }
      grid.forEach(([path, values], g) => {
        params[path] = values[combination[g]];
        parts.push(gridParts[g][combination[g]]);
      });
      for (let d = 0; d < Math.max(1, draws.length); d++) {
        const drawn: JsonObject = d < draws.length ? { ...params, ...draws[d] } : params;
        for (let replica = 0; replica < replicas; replica++) {
          const id = [...parts, ...(draws.length > 0 ? [`draw=${d}`] : []), ...(replicas > 1 ? [`replica=${replica}`] : [])].join(",") || "run";
          const first = seen.get(id);
          if (first !== undefined) throw new SweepError(sweep.file, [{ path: `points[${p}]`, text: `points[${p}] gives the run "${id}" again (an earlier point gives it too): each point must differ` }]);
          seen.set(id, runs.length);
          runs.push({ index: runs.length, id, params: drawn, ...(draws.length > 0 ? { draw: d } : {}), replica, seed: deriveSeed(seed, id) });
        }
      }
      // the next grid combination, last key fastest
      let g = grid.length - 1;
      while (g >= 0 && ++combination[g] === grid[g][1].length) combination[g--] = 0;
      if (g < 0) break;
    }
  });
  return runs;
}

/** The configuration a run's application gets: the sweep's base with the run's parameters set. */
export function runConfig(sweep: Sweep, run: SweepRun): JsonValue {
  const config = cloneJson(sweepBase(sweep.definition, sweep.kind));
  for (const [path, value] of Object.entries(run.params)) setAtPath(config, parsePath(path) as (string | number)[], value);
  return config;
}

/** A share of a sweep's runs: those whose index is `index` modulo `count`. */
export interface SweepShard {
  /** This shard's number, 0 to count - 1. */
  index: number;
  /** How many shards. */
  count: number;
}

/** Whether run `index` belongs to `shard` (every run belongs to exactly one of the `count` shards). */
export function inShard(index: number, shard: SweepShard | undefined): boolean {
  return shard === undefined || index % shard.count === shard.index;
}
