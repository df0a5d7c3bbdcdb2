/**
 * `carom run [scene.json] [--events FILE] [--final FILE] [--duration T] [--json]
 *            [--trajectory FILE --every DT] [--render FILE] [--quiet]`
 *
 * Simulates a scene (the built-in pool break without one) and prints a summary: collisions by
 * kind, simulated and wall time, energy and momentum before and after. Every output file is
 * written under a temporary name and renamed when the run has succeeded.
 */
import { DEFAULT_DURATION, HIT_BODY, HIT_WALL, formatScene, sceneFromWorld, worldFromScene } from "../index.js";
import { parseArgs } from "./args.js";
import { AtomicFile } from "./atomic-file.js";
import { CliError, inputError } from "./cli-error.js";
import { eventLine } from "./event-lines.js";
import { Progress } from "./progress.js";
import { Recording } from "./recording.js";
import { renderHtml } from "./render-html.js";
import { renderSvg } from "./render-svg.js";
import { loadScene } from "./scene-file.js";
import { simulate, type AnyWorld } from "./simulate.js";
import { xyzFrame } from "./trajectory-xyz.js";

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
} as const;

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

export async function run(argv: readonly string[], stdout: (s: string) => void): Promise<number> {
  const { positional, values } = parseArgs("run", argv, RUN_OPTIONS);
  if (positional.length > 1) throw inputError(`carom run: one scene at a time, got ${positional.length}: ${positional.join(" ")}`);
  if (values.every !== undefined && values.trajectory === undefined) throw inputError("carom run: --every goes with --trajectory FILE");
  const maxCollisions = (values["max-collisions"] as number | undefined) ?? 100_000_000;
  if (!(maxCollisions >= 0)) throw inputError(`carom run: --max-collisions must be >= 0, got ${maxCollisions}`);
  const loaded = loadScene(positional[0]);
  const { scene, label } = loaded;
  const duration = durationOption(values, "run", scene.duration ?? DEFAULT_DURATION);
  let every: number | undefined;
  if (values.trajectory !== undefined) {
    every = (values.every as number | undefined) ?? (duration > 0 ? duration / 100 : 1);
    if (!(every > 0)) throw inputError(`carom run: --every must be > 0, got ${values.every ?? every}`);
  }
  const renderPath = values.render as string | undefined;
  if (renderPath !== undefined && !/\.(svg|html?)$/i.test(renderPath)) throw inputError(`carom run: --render writes .svg or .html, got ${JSON.stringify(renderPath)}`);
  const quiet = values.quiet === true;
  const world = worldFromScene(scene);
  const before = measure(world);

  const events = values.events === undefined ? null : new AtomicFile(values.events as string);
  const trajectory = values.trajectory === undefined ? null : new AtomicFile(values.trajectory as string);
  const recording = renderPath === undefined ? null : new Recording(scene, world);
  const curved = recording !== null && Recording.curved(world);
  if (curved && every === undefined && duration > 0) every = duration / 400;
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
      recording?.addEvents(w);
    },
    onFrame: (w, t, k) => {
      trajectory?.write(xyzFrame(w, t));
      if (curved && k > 0) recording?.sampleAll(w, t);
    },
    onProgress: (f, c) => progress.update(f, `t = ${num(world.now)}, ${c} collisions`),
  });
  progress.done();
  if (result.interrupted) throw new CliError(`carom run: interrupted at t = ${num(result.reached)} of ${num(result.end)}; no output written`, 130);
  const after = measure(world);

  const outputs: Record<string, string> = {};
  const pending: AtomicFile[] = [];
  if (events !== null) {
    pending.push(events);
    outputs.events = events.path;
  }
  if (trajectory !== null) {
    pending.push(trajectory);
    outputs.trajectory = trajectory.path;
  }
  if (values.final !== undefined) {
    const f = new AtomicFile(values.final as string);
    f.write(formatScene(sceneFromWorld(world, scene)));
    pending.push(f);
    outputs.final = f.path;
  }
  if (recording !== null && renderPath !== undefined) {
    recording.finish(world);
    const f = new AtomicFile(renderPath);
    const title = loaded.name;
    f.write(/\.html?$/i.test(renderPath) ? renderHtml(recording, { view: "xy", title, speed: 1 }) : renderSvg(recording, { view: "xy", animate: false, trails: scene.bodies.filter((b) => b.fixed !== true).length <= 64 ? Infinity : 0, width: 1000, speed: 1, title }));
    pending.push(f);
    outputs.render = f.path;
  }
  for (const f of pending) f.commit();

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
    outputs,
  };
  if (values.json === true) {
    stdout(JSON.stringify(summary) + "\n");
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
  if (events !== null) lines.push(`  wrote       ${events.path} (${total} events)`);
  if (trajectory !== null) lines.push(`  wrote       ${trajectory.path} (${result.frames} frames, every ${num(every as number)})`);
  if (outputs.final !== undefined) lines.push(`  wrote       ${outputs.final} (the state at t = ${num(world.now)})`);
  if (outputs.render !== undefined) lines.push(`  wrote       ${outputs.render}`);
  stdout(lines.join("\n") + "\n");
  return 0;
}
