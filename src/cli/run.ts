/**
 * `carom run [scene.json] [--events FILE] [--final FILE] [--duration T] [--json]
 *            [--trajectory FILE --every DT] [--render FILE] [--quiet]
 *            [--observe LIST [--observe-out FILE] [--rdf-bins N] [--rdf-max R]]`
 *
 * Simulates a scene (the built-in pool break without one) and prints a summary: collisions by
 * kind, simulated and wall time, energy and momentum before and after. Every output file is
 * written under a temporary name and renamed when the run has succeeded.
 */
import { existsSync, statfsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { DEFAULT_DURATION, HIT_BODY, HIT_WALL, formatScene, sceneFromWorld } from "../index.js";
import { parseArgs } from "./args.js";
import { AtomicFile, commitAll } from "./atomic-file.js";
import { CliError, inputError } from "./cli-error.js";
import { eventLine } from "./event-lines.js";
import { checkOutputs, type OutputPath } from "./output-check.js";
import { Progress } from "./progress.js";
import { Recording } from "./recording.js";
import { renderHtml } from "./render-html.js";
import { renderSvg } from "./render-svg.js";
import { observeSetup } from "./observe-run.js";
import { pool } from "./pool.js";
import { buildWorld, loadScene, scenePath } from "./scene-file.js";
import { DEFAULT_MAX_COLLISIONS, interrupt, interruptExitCode, simulate, type AnyWorld } from "./simulate.js";
import { isStdio, messageStream } from "./stdio.js";
import { isLammpsDump, trajectoryFrame } from "./trajectory.js";
import { engineFromScene, readRunCheckpoint, runScience, scienceRefusal } from "./science-run.js";
import type { HardSpheres } from "../exports/science.js";

export const RUN_OPTIONS = {
  events: { kind: "string" },
  final: { kind: "string" },
  duration: { kind: "number" },
  json: { kind: "flag" },
  trajectory: { kind: "string" },
  every: { kind: "number" },
  render: { kind: "string" },
  quiet: { kind: "flag", short: "q" },
  "max-collisions": { kind: "number" },
  "max-frames": { kind: "number" },
  observe: { kind: "string" },
  "observe-out": { kind: "string" },
  "rdf-bins": { kind: "number" },
  "rdf-max": { kind: "number" },
  engine: { kind: "string" },
  checkpoint: { kind: "string" },
  "every-checkpoint": { kind: "number" },
  resume: { kind: "string" },
  "sample-every": { kind: "number" },
} as const;

/** The default bound on --trajectory frames. */
export const DEFAULT_MAX_FRAMES = 1_000_000;

/** "1.2 GB": a byte count for messages. */
export function bytesText(n: number): string {
  const units = ["bytes", "kB", "MB", "GB", "TB", "PB", "EB"];
  let k = 0;
  while (n >= 1000 && k < units.length - 1) {
    n /= 1000;
    k++;
  }
  return n >= 1e21 ? `${n.toExponential(1)} ${units[k]}` : `${k === 0 ? n : +n.toPrecision(2)} ${units[k]}`;
}

/**
 * Rejects a frame interval that would write more than `maxFrames` frames, or more bytes than
 * the output's disk has free, with the size it would take.
 */
function checkFrames(path: string, duration: number, every: number, bodies: number, maxFrames: number): void {
  const frames = Math.floor(duration / every) + 1;
  const bytes = frames * (200 + 150 * bodies); // a row is 8 numbers of up to 19 characters
  const size = `${!Number.isFinite(frames) ? "endless" : frames < 1e15 ? frames.toLocaleString("en-US") : frames.toExponential(1)} frames of ${bodies} bodies, about ${bytesText(bytes)}`;
  if (!(frames <= maxFrames)) {
    throw inputError(`carom run: --every ${every} over a duration of ${duration} asks for ${size}; the limit is --max-frames ${maxFrames} (raise it, or take a larger --every)`);
  }
  let free = Infinity; // (standard output has no disk to check)
  try {
    if (!isStdio(path)) {
      const fs = statfsSync(existingFolder(path));
      free = fs.bavail * fs.bsize;
    }
  } catch {
    // no file system figures: no check
  }
  if (bytes > free) throw inputError(`carom run: --trajectory ${path} would take ${size}, but its disk has only ${bytesText(free)} free (take a larger --every)`);
}

/** The nearest folder of `path` that exists. */
function existingFolder(path: string): string {
  let dir = dirname(resolve(path));
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Energy (kinetic + potential) and momentum of a world now. */
function measure(world: AnyWorld): { kinetic: number; potential: number; total: number; momentum: number[] } {
  const kinetic = world.kineticEnergy();
  const potential = world.potentialEnergy();
  return { kinetic, potential, total: kinetic + potential, momentum: world.momentum() };
}

/** A number for the text summary: up to 9 significant digits. */
function num(x: number): string {
  return Math.abs(x) >= 1e-4 || x === 0 ? String(+x.toPrecision(9)) : x.toExponential(6);
}

export function durationOption(values: Record<string, unknown>, command: string, fallback: number): number {
  const d = values.duration;
  if (d === undefined) return fallback;
  if (!((d as number) >= 0)) throw inputError(`carom ${command}: --duration must be >= 0, got ${d}`);
  return d as number;
}

/** --max-collisions: an integer >= 0 (default DEFAULT_MAX_COLLISIONS). */
export function maxCollisionsOption(values: Record<string, unknown>, command: string): number {
  const n = values["max-collisions"];
  if (n === undefined) return DEFAULT_MAX_COLLISIONS;
  if (!(Number.isInteger(n) && (n as number) >= 0)) throw inputError(`carom ${command}: --max-collisions must be an integer >= 0, got ${n}`);
  return n as number;
}

/** The flags that need a scene: without one, `run` plays the built-in 9-ball break (carom pool). */
const SCENE_ONLY = ["final", "duration", "trajectory", "every", "max-collisions", "max-frames", "observe", "observe-out", "rdf-bins", "rdf-max", "engine", "checkpoint", "every-checkpoint", "sample-every"] as const;

/** The flags only the science engine takes (carom/science: checkpoints, block-averaged observables). */
const SCIENCE_ONLY = ["checkpoint", "every-checkpoint", "sample-every"] as const;

export async function run(argv: readonly string[], stdout: (s: string) => void): Promise<number> {
  const { positional, values } = parseArgs("run", argv, RUN_OPTIONS);
  if (values.resume !== undefined) return resumeRun(positional, values, stdout);
  if (positional.length === 0) {
    // The built-in default: a 9-ball break with pooltool's model (sliding, rolling, spin, cushions, pockets).
    const extra = SCENE_ONLY.find((flag) => values[flag] !== undefined);
    if (extra !== undefined) throw inputError(`carom run: --${extra} needs a scene file; without one, run plays the built-in 9-ball break (carom pool), which takes --events, --render FILE.svg, --json and --quiet`);
    const poolArgs: string[] = [];
    for (const flag of ["events", "render"] as const) if (values[flag] !== undefined) poolArgs.push(`--${flag}`, values[flag] as string);
    for (const flag of ["json", "quiet"] as const) if (values[flag] === true) poolArgs.push(`--${flag}`);
    return pool(poolArgs, stdout, "run");
  }
  if (positional.length > 1) throw inputError(`carom run: one scene at a time, got ${positional.length}: ${positional.join(" ")}`);
  if (values.every !== undefined && values.trajectory === undefined) throw inputError("carom run: --every goes with --trajectory FILE");
  const maxCollisions = maxCollisionsOption(values, "run");
  const maxFrames = (values["max-frames"] as number | undefined) ?? DEFAULT_MAX_FRAMES;
  if (!(maxFrames >= 1)) throw inputError(`carom run: --max-frames must be >= 1, got ${maxFrames}`);
  if (values["max-frames"] !== undefined && values.trajectory === undefined) throw inputError("carom run: --max-frames goes with --trajectory FILE");
  const outputs: OutputPath[] = [];
  for (const flag of ["events", "final", "trajectory", "render"] as const) {
    if (values[flag] !== undefined) outputs.push({ flag: `--${flag}`, path: values[flag] as string });
  }
  const observe = observeSetup(values, outputs);
  if (values.checkpoint !== undefined) outputs.push({ flag: "--checkpoint", path: values.checkpoint as string });
  checkOutputs("run", outputs, positional.map(scenePath));
  const loaded = loadScene(positional[0]);
  const { scene, label } = loaded;
  const duration = durationOption(values, "run", scene.duration ?? DEFAULT_DURATION);
  let every: number | undefined;
  if (values.trajectory !== undefined) {
    every = (values.every as number | undefined) ?? (duration > 0 ? duration / 100 : 1);
    if (!(every > 0)) throw inputError(`carom run: --every must be > 0, got ${values.every ?? every}`);
    checkFrames(values.trajectory as string, duration, every, scene.bodies.length, maxFrames);
  }
  const renderPath = values.render as string | undefined;
  if (renderPath !== undefined && !isStdio(renderPath) && !/\.(svg|html?)$/i.test(renderPath)) throw inputError(`carom run: --render writes .svg or .html (or - for an SVG on standard output), got ${JSON.stringify(renderPath)}`);
  const quiet = values.quiet === true;
  // With an output on standard output ("-"), the summary goes to standard error.
  const say = messageStream(stdout, outputs.map((o) => o.path));
  // the engine: the science engine for a periodic hard-body fluid (faster, and it checkpoints),
  // the general world otherwise (or when asked for with --engine world, or to --render)
  const engine = (values.engine as string | undefined) ?? "auto";
  if (!["auto", "world", "science"].includes(engine)) throw inputError(`carom run: --engine must be auto, world or science, got ${JSON.stringify(engine)}`);
  const scienceFlag = SCIENCE_ONLY.find((f) => values[f] !== undefined);
  const refusal = scienceRefusal(scene, engine === "science");
  if (engine === "world" && scienceFlag !== undefined) throw inputError(`carom run: --${scienceFlag} needs the science engine (--engine science or auto), not --engine world`);
  if ((engine === "science" || scienceFlag !== undefined) && refusal !== null) {
    throw inputError(`carom run: ${engine === "science" ? "--engine science" : `--${scienceFlag}`} needs the science engine, which cannot run ${label}: ${refusal}`);
  }
  if (engine === "science" && renderPath !== undefined) throw inputError("carom run: --render draws a world's run; leave out --engine science (or --render)");
  if (engine === "science" || (engine === "auto" && refusal === null && renderPath === undefined)) {
    let sim: HardSpheres | undefined;
    try {
      sim = engineFromScene(scene, label);
    } catch (e) {
      // (auto: a scene the science engine refuses, bodies too big for the box, runs on the world)
      if (!(e instanceof CliError) || engine === "science" || scienceFlag !== undefined) throw e;
    }
    if (sim !== undefined) {
      return runScience({ values, scene, label, resume: null, observePath: observe?.path ?? null, sim, duration, maxCollisions, quiet, stdout: say });
    }
  }
  const world = buildWorld(scene, label);
  const before = measure(world);

  const events = values.events === undefined ? null : new AtomicFile(values.events as string);
  const trajectory = values.trajectory === undefined ? null : new AtomicFile(values.trajectory as string);
  const lammps = trajectory !== null && isLammpsDump(trajectory.path);
  const recording = renderPath === undefined ? null : new Recording(scene, world);
  const curved = recording !== null && Recording.curved(world);
  if (curved && every === undefined && duration > 0) every = duration / 400;
  const observer = observe?.start(world, duration, every);
  if (observer !== undefined && every === undefined && duration > 0) every = observer.every;
  const counts = [0, 0, 0];
  const progress = new Progress(Progress.wanted(quiet), "carom run");
  const result = await simulate(world, duration, {
    file: label,
    every,
    maxCollisions,
    onChunk: (w) => {
      const e = w.events;
      for (let k = 0; k < e.count; k++) {
        counts[e.kind[k]]++;
        if (events !== null) events.write(eventLine(w, k));
      }
      observer?.chunk(w);
      recording?.addEvents(w);
    },
    onFrame: (w, t, k) => {
      trajectory?.write(trajectoryFrame(w, t, k, lammps));
      if (curved && k > 0) recording?.sampleAll(w, t);
      observer?.frame(w, t, k);
    },
    onProgress: (f, c) => progress.update(f, `t = ${num(world.now)}, ${c} collisions`),
  });
  progress.done();
  const interrupted = (): CliError => new CliError(`carom run: interrupted at t = ${num(result.reached)} of ${num(result.end)}; no output written`, interruptExitCode());
  if (result.interrupted) throw interrupted();
  const after = measure(world);

  const written: Record<string, string> = {};
  const pending: AtomicFile[] = [];
  if (events !== null) {
    pending.push(events);
    written.events = events.path;
  }
  if (trajectory !== null) {
    pending.push(trajectory);
    written.trajectory = trajectory.path;
  }
  if (values.final !== undefined) {
    const f = new AtomicFile(values.final as string);
    f.write(formatScene(sceneFromWorld(world, scene)));
    pending.push(f);
    written.final = f.path;
  }
  if (recording !== null && renderPath !== undefined) {
    recording.finish(world);
    const f = new AtomicFile(renderPath);
    const title = loaded.name;
    f.write(!isStdio(renderPath) && /\.html?$/i.test(renderPath) ? renderHtml(recording, world, { view: "xy", title, speed: 1 }) : renderSvg(recording, world, { view: "xy", animate: false, trails: scene.bodies.filter((b) => b.fixed !== true).length <= 64 ? Infinity : 0, width: 1000, speed: 1, title }));
    pending.push(f);
    written.render = f.path;
  }
  if (observer !== undefined && observe !== undefined) {
    pending.push(observe.write(observer.finish(world)));
    written.observe = observe.path;
  }
  if (interrupt.requested) throw interrupted();
  commitAll(pending);

  const total = counts[0] + counts[1] + counts[2];
  const summary = {
    scene: label,
    dimensions: world.dim,
    bodies: world.bodyCount,
    walls: world.walls,
    start: result.start,
    end: world.now,
    simulatedTime: world.now - result.start,
    wallTime: result.wallSeconds,
    events: { total, body: counts[HIT_BODY], wall: counts[HIT_WALL], bounds: counts[2] },
    energy: {
      before: before.total, after: after.total,
      kineticBefore: before.kinetic, kineticAfter: after.kinetic, potentialBefore: before.potential, potentialAfter: after.potential,
    },
    momentum: { before: before.momentum, after: after.momentum },
    frames: trajectory === null ? 0 : result.frames,
    outputs: written,
  };
  if (values.json === true) {
    say(JSON.stringify(summary) + "\n");
    return 0;
  }
  if (quiet) return 0;
  const change = before.total !== 0 ? ` (${after.total >= before.total ? "+" : ""}${((100 * (after.total - before.total)) / Math.abs(before.total)).toPrecision(3)}%)` : "";
  const lines = [
    `carom run: ${label} (${world.dim}D, ${world.bodyCount} bodies, ${world.walls} walls)`,
    `  simulated   t = ${num(result.start)} to ${num(world.now)} in ${result.wallSeconds.toFixed(3)} s of wall time`,
    `  collisions  ${total}: ${counts[HIT_BODY]} body-body, ${counts[HIT_WALL]} wall, ${counts[2]} bounds`,
    `  energy      ${num(before.total)} before, ${num(after.total)} after${change}`,
    `  momentum    [${before.momentum.map(num).join(", ")}] before, [${after.momentum.map(num).join(", ")}] after`,
  ];
  const name = (path: string): string => (isStdio(path) ? "standard output" : path);
  if (events !== null) lines.push(`  wrote       ${name(events.path)} (${total} events)`);
  if (trajectory !== null) lines.push(`  wrote       ${name(trajectory.path)} (${result.frames} frames, every ${num(every as number)})`);
  if (written.final !== undefined) lines.push(`  wrote       ${name(written.final)} (the state at t = ${num(world.now)})`);
  if (written.render !== undefined) lines.push(`  wrote       ${name(written.render)}`);
  if (written.observe !== undefined) lines.push(`  wrote       ${name(written.observe)} (${observe?.names})`);
  say(lines.join("\n") + "\n");
  return 0;
}

/** `carom run --resume cp.json [--duration T] [outputs]`: a checkpointed science run goes on. */
async function resumeRun(positional: string[], values: Record<string, unknown>, stdout: (s: string) => void): Promise<number> {
  const path = values.resume as string;
  if (positional.length > 0) throw inputError(`carom run: --resume ${path} goes on from the checkpoint's scene; leave out ${positional.join(" ")}`);
  for (const flag of ["engine", "render", "sample-every", "rdf-bins", "rdf-max"] as const) {
    if (values[flag] !== undefined) throw inputError(`carom run: --${flag} cannot change a resumed run (it keeps the checkpoint's engine and sampling)`);
  }
  if (values.every !== undefined && values.trajectory === undefined) throw inputError("carom run: --every goes with --trajectory FILE");
  const file = readRunCheckpoint(path);
  const outputs: OutputPath[] = [];
  for (const flag of ["events", "final", "trajectory", "checkpoint"] as const) {
    if (values[flag] !== undefined) outputs.push({ flag: `--${flag}`, path: values[flag] as string });
  }
  const observePath = file.observe !== null ? ((values["observe-out"] as string | undefined) ?? (values.events !== undefined ? join(dirname(values.events as string), "observables.json") : "observables.json")) : null;
  if (observePath === null && (values.observe !== undefined || values["observe-out"] !== undefined)) throw inputError(`carom run: ${path} measured no observables; a resumed run measures what the run measured`);
  if (observePath !== null) outputs.push({ flag: "--observe-out", path: observePath });
  // (the checkpoint itself may be written again: it has been read whole)
  checkOutputs("run", outputs, []);
  const duration = values.duration === undefined ? undefined : durationOption(values, "run", 0);
  const maxCollisions = maxCollisionsOption(values, "run");
  const say = messageStream(stdout, outputs.map((o) => o.path));
  return runScience({ values, scene: null, label: file.label, resume: { path, file }, observePath, duration, maxCollisions, quiet: values.quiet === true, stdout: say });
}
