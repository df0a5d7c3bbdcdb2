/**
 * `carom bench [--json] [--quick]`: a built-in benchmark of carom itself, runnable from the
 * installed package (the repository's bench/ suite compares carom with other engines; this
 * one measures carom alone): the time-of-impact kernels on seeded inputs, and whole
 * simulations of the example scenes. Medians of several repetitions, with the spread.
 */
import { cpus } from "node:os";
import { EXAMPLE_SCENES, timeOfImpactCircles, timeOfImpactSpheres, worldFromScene, type Scene } from "../index.js";
import { parseArgs } from "./args.js";
import { inputError } from "./cli-error.js";
import { advanceTo, interrupt, interruptExitCode } from "./simulate.js";

interface Row {
  name: string;
  what: string;
  medianSeconds: number;
  minSeconds: number;
  maxSeconds: number;
  perItem: string;
  items: number;
  itemsPerSecond: number;
}

/** xorshift32: deterministic inputs. */
function generator(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

let sink = 0;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** Thrown out of a measurement when a signal came (bench then prints what it has). */
class Interrupted extends Error {}

/** Gives Node's event loop a turn (a signal's handler runs), outside any timed stretch. */
async function breathe(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (interrupt.requested) throw new Interrupted();
}

/**
 * Runs `body` once to warm up, then `reps` times; `body` returns the seconds it measured (its
 * own timed stretches only). Between runs the event loop gets a turn, so a signal ends bench
 * within one run.
 */
async function measure(reps: number, body: () => Promise<number>): Promise<number[]> {
  await body(); // warm-up
  const times: number[] = [];
  for (let k = 0; k < reps; k++) {
    await breathe();
    times.push(await body());
  }
  return times;
}

/** The seconds `work` takes. */
function timed(work: () => void): number {
  const t = performance.now();
  work();
  return (performance.now() - t) / 1000;
}

async function kernelRow(name: string, three: boolean, calls: number, reps: number): Promise<Row> {
  const rnd = generator(three ? 3 : 2);
  const N = 4096;
  // Pairs a quarter of which meet within tMax = 1, the rest pass or separate.
  const a = Array.from({ length: N }, () => ({ x: 0, y: 0, z: 0, vx: 4 * rnd() - 2, vy: 4 * rnd() - 2, vz: 4 * rnd() - 2, r: 0.1 + rnd() }));
  const b = Array.from({ length: N }, () => ({ x: 6 * rnd() - 3, y: 6 * rnd() - 3, z: 6 * rnd() - 3, vx: 2 * rnd() - 1, vy: 2 * rnd() - 1, vz: 2 * rnd() - 1, r: 0.1 + rnd() }));
  const rounds = Math.max(1, Math.round(calls / N));
  const times = await measure(reps, async () =>
    timed(() => {
      let s = 0;
      for (let k = 0; k < rounds; k++) {
        for (let i = 0; i < N; i++) {
          const t = three ? timeOfImpactSpheres(a[i], b[i], 1) : timeOfImpactCircles(a[i], b[i], 1);
          if (t < 2) s += t;
        }
      }
      sink += s;
    }),
  );
  const m = median(times);
  const items = rounds * N;
  return {
    name, what: `${items} queries`, medianSeconds: m, minSeconds: Math.min(...times), maxSeconds: Math.max(...times),
    perItem: `${((m / items) * 1e9).toFixed(1)} ns/query`, items, itemsPerSecond: items / m,
  };
}

/** Queue events per timed stretch of a scene run. */
const SCENE_CHUNK = 1 << 16;

async function sceneRow(name: string, scene: Scene, duration: number, reps: number): Promise<Row> {
  let collisions = 0;
  const times = await measure(reps, async () => {
    // In chunks of events, with a turn of the event loop between them (not timed): the same
    // events as one advance, and a signal is seen within milliseconds.
    let seconds = 0;
    const w = worldFromScene(scene, { recordEvents: false, maxEventsPerAdvance: SCENE_CHUNK });
    collisions = 0;
    for (;;) {
      let complete = false;
      seconds += timed(() => {
        advanceTo(w, duration);
        collisions += w.report.collisions;
        complete = w.report.complete;
      });
      if (complete) break;
      await breathe();
    }
    sink += w.kineticEnergy();
    return seconds;
  });
  const m = median(times);
  return {
    name,
    what: `${scene.bodies.length} bodies, t = 0 to ${duration}, ${collisions} collisions`,
    medianSeconds: m, minSeconds: Math.min(...times), maxSeconds: Math.max(...times),
    perItem: `${collisions > 0 ? ((m / collisions) * 1e9).toFixed(0) : "-"} ns/collision`,
    items: collisions, itemsPerSecond: collisions / m,
  };
}

export const BENCH_OPTIONS = {
  json: { kind: "flag" },
  quick: { kind: "flag" },
} as const;

export async function bench(argv: readonly string[], stdout: (s: string) => void): Promise<number> {
  const { positional, values } = parseArgs("bench", argv, BENCH_OPTIONS);
  if (positional.length > 0) throw inputError(`carom bench: no arguments besides --quick and --json, got ${positional.join(" ")}`);
  const quick = values.quick === true;
  const reps = quick ? 3 : 7;
  const cases: (() => Promise<Row>)[] = [
    () => kernelRow("timeOfImpactCircles", false, quick ? 200_000 : 2_000_000, reps),
    () => kernelRow("timeOfImpactSpheres", true, quick ? 200_000 : 2_000_000, reps),
    () => sceneRow("break", EXAMPLE_SCENES.break(), 3, reps),
    () => sceneRow("breakout", EXAMPLE_SCENES.breakout(), 1, reps),
    () => sceneRow("cradle", EXAMPLE_SCENES.cradle(), 20, reps),
    () => sceneRow("gas", EXAMPLE_SCENES.gas(), quick ? 2 : 10, quick ? 1 : 3),
    () => sceneRow("spheres", EXAMPLE_SCENES.spheres(), quick ? 1 : 5, quick ? 1 : 3),
  ];
  const rows: Row[] = [];
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  const machine = `node ${process.version}, ${process.platform} ${process.arch}, ${cpu}`;
  if (values.json !== true) stdout(`carom bench (${machine})\n${"case".padEnd(22)}${"median".padStart(11)}  ${"per item".padEnd(20)}spread (min-max)   workload\n`);
  for (const c of cases) {
    let row: Row;
    try {
      row = await c();
    } catch (e) {
      if (e instanceof Interrupted) break;
      throw e;
    }
    rows.push(row);
    if (values.json !== true) {
      const ms = (s: number): string => `${(s * 1000).toFixed(2)} ms`;
      stdout(`${row.name.padEnd(22)}${ms(row.medianSeconds).padStart(11)}  ${row.perItem.padEnd(20)}${`${ms(row.minSeconds)}-${ms(row.maxSeconds)}`.padEnd(19)}${row.what}\n`);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (values.json === true) stdout(JSON.stringify({ machine, rows }) + "\n");
  return interrupt.requested ? interruptExitCode() : 0;
}
