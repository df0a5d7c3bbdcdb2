/**
 * `carom run` on the science engine (carom/science's HardSpheres): a scene of hard disks or
 * spheres in a box periodic on every axis, with no walls, gravity, fixed bodies or per-body
 * rules, runs on the event-driven MD engine (neighbour lists and an event calendar in
 * WebAssembly, several times the general world's speed on a fluid) — and can checkpoint:
 *
 *     carom run fluid.json --duration 1000 --observe pressure,msd --checkpoint cp.json --every-checkpoint 100
 *     carom run --resume cp.json                  (after a crash or Ctrl-C: on to t = 1000)
 *
 * A checkpoint file holds the scene, the run's plan (its start and end, the frame, sample and
 * checkpoint intervals), the observables gathered so far and the engine's whole state
 * (HardSpheres.checkpoint), so a resumed run gives the same bits as one that never stopped: the
 * same collisions, final state and observables. It is written under a temporary name and
 * renamed (every `--every-checkpoint`, at the end, and when a signal stops the run).
 */
import { readFileSync } from "node:fs";
import { formatScene, type Scene } from "../index.js";
import { HardSpheres, formatExtxyz, formatLammpsDump, type HardSpheresCheckpoint } from "../exports/science.js";
import { AtomicFile, commitAll, writeFileAtomic } from "./atomic-file.js";
import { CliError, inputError } from "./cli-error.js";
import { formatObservables, parseObserve, type Observable } from "./observe.js";
import { SCIENCE_SAMPLES, ScienceObserver, type ScienceObserverState } from "./observe-science.js";
import { Progress } from "./progress.js";
import { frameTime, interrupt, interruptExitCode } from "./simulate.js";
import { isLammpsDump } from "./trajectory.js";

/** Collisions per chunk between turns of Node's event loop (a signal is seen within one). */
const CHUNK = 1 << 15;

/** A `--checkpoint` file. */
export interface RunCheckpointFile {
  carom: "run-checkpoint";
  version: 1;
  /** The scene the run started from (ids, bounds, everything --final writes). */
  scene: Scene;
  label: string;
  /** The plan, in engine time (0 at the scene's time). */
  run: { start: number; end: number; every: number | null; sampleEvery: number | null; checkpointEvery: number | null; collisions: number; energyBefore: number; momentumBefore: number[] };
  observe: { names: Observable[]; bins: number | null; rMax: number | null; state: ScienceObserverState } | null;
  engine: HardSpheresCheckpoint;
}

/**
 * Why the science engine cannot run `scene` (null when it can). `granular`: a scene restitution
 * below 1 is allowed (the engine's granular gas; the world's collapse guard differs).
 */
export function scienceRefusal(scene: Scene, granular: boolean): string | null {
  const d = scene.dimensions ?? 2;
  const b = scene.bounds;
  if (b === undefined) return "it has no bounds (the science engine runs periodic boxes)";
  const periodic = b.periodic === true || (Array.isArray(b.periodic) && b.periodic.length === d && b.periodic.every((p) => p === true));
  if (!periodic) return "its bounds are not periodic on every axis";
  if ((scene.walls ?? []).length > 0) return "it has walls";
  if ((scene.gravity ?? []).some((g) => g !== 0)) return "it has gravity";
  const e = scene.restitution ?? 1;
  if (e !== 1 && !granular) return "its restitution is below 1 (--engine science runs it as a granular gas)";
  for (const [i, body] of scene.bodies.entries()) {
    if (body.fixed === true) return `bodies[${i}] is fixed`;
    if ((body.acceleration ?? []).some((a) => a !== 0)) return `bodies[${i}] has an acceleration`;
    if (body.restitution !== undefined && body.restitution !== e) return `bodies[${i}] has a restitution of its own`;
    if ((body.group !== undefined && body.group !== 1) || (body.mask !== undefined && body.mask !== -1)) return `bodies[${i}] has a collision group or mask`;
    if (!(body.radius > 0)) return `bodies[${i}] is a point (radius 0)`;
  }
  if (scene.bodies.length === 0) return "it has no bodies";
  return null;
}

export interface ScienceRunRequest {
  values: Record<string, unknown>;
  /** The scene (a fresh run) or the checkpoint file (a resumed one). */
  scene: Scene | null;
  label: string;
  resume: { path: string; file: RunCheckpointFile } | null;
  /** Where --observe writes (observe-run.ts's choice), or null without --observe. */
  observePath: string | null;
  /** The engine, already built from the scene (run.ts builds it to know that it can run the scene). */
  sim?: HardSpheres;
  /** --duration, or the scene's. */
  duration: number | undefined;
  maxCollisions: number;
  quiet: boolean;
  stdout: (s: string) => void;
}

/** A number for the text summary: up to 9 significant digits. */
function num(x: number): string {
  return Math.abs(x) >= 1e-4 || x === 0 ? String(+x.toPrecision(9)) : x.toExponential(6);
}

/** "2.0634 ± 0.0012": a mean with its error, to the error's second significant digit. */
export function withError(mean: number | null, error: number | null): string {
  if (mean === null) return "n/a";
  if (error === null || !(error > 0)) return `${num(mean)} ± 0`;
  const digits = Math.max(0, 1 - Math.floor(Math.log10(error)));
  // (an error below the ninth significant digit: the mean as the summary writes numbers)
  const text = digits > 9 || Math.abs(mean) >= 1e15 ? num(mean) : mean.toFixed(digits);
  return `${text} ± ${error.toPrecision(2)}`;
}

/** Reads a `--resume` file: a run checkpoint, with errors naming the file. */
export function readRunCheckpoint(path: string): RunCheckpointFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw inputError(`${path}: cannot read the checkpoint: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : (e as Error).message}`);
  }
  let file: RunCheckpointFile;
  try {
    file = JSON.parse(text) as RunCheckpointFile;
  } catch (e) {
    throw inputError(`${path}: not JSON: ${(e as Error).message}`);
  }
  if (file === null || typeof file !== "object" || file.carom !== "run-checkpoint") throw inputError(`${path}: not a carom run checkpoint (carom run --checkpoint writes them): "carom" must be "run-checkpoint"`);
  if (file.version !== 1) throw inputError(`${path}: checkpoint version must be 1, got ${JSON.stringify(file.version)}`);
  for (const key of ["scene", "run", "engine"] as const) if (file[key] === null || typeof file[key] !== "object") throw inputError(`${path}: ${key} is missing`);
  return file;
}

/** The engine a fresh run starts from: the scene's bodies, shifted so that the box starts at 0 (a RangeError, named by the label, when it refuses them). */
export function engineFromScene(scene: Scene, label: string): HardSpheres {
  const d = scene.dimensions ?? 2;
  const b = scene.bounds as NonNullable<Scene["bounds"]>;
  const n = scene.bodies.length;
  const positions = new Float64Array(d * n), velocities = new Float64Array(d * n), radii = new Float64Array(n), masses = new Float64Array(n);
  scene.bodies.forEach((body, i) => {
    for (let a = 0; a < d; a++) {
      positions[d * i + a] = body.position[a] - b.min[a];
      velocities[d * i + a] = body.velocity?.[a] ?? 0;
    }
    radii[i] = body.radius;
    masses[i] = body.mass ?? 1;
  });
  const restitution = scene.restitution ?? 1;
  try {
    return new HardSpheres({ dimensions: d, box: b.max.map((m, a) => m - b.min[a]), positions, velocities, radii, masses, ...(restitution < 1 ? { restitution } : {}) });
  } catch (e) {
    if (e instanceof RangeError) throw inputError(`${label}: ${e.message}`);
    throw e;
  }
}

/** Runs a scene (or resumes a checkpoint) on the science engine and prints the summary. */
export async function runScience(req: ScienceRunRequest): Promise<number> {
  const { values, resume } = req;
  const scene = (resume?.file.scene ?? req.scene) as Scene;
  const label = resume?.file.label ?? req.label;
  const d = (scene.dimensions ?? 2) as 2 | 3;
  const origin = (scene.bounds as NonNullable<Scene["bounds"]>).min;
  const t0 = scene.time ?? 0;
  const ids = scene.bodies.map((b, i) => b.id ?? String(i));

  // the plan
  let sim: HardSpheres;
  let start: number, end: number, collisionsBefore: number, energyBefore: number, momentumBefore: number[];
  if (resume !== null) {
    try {
      sim = HardSpheres.restore(resume.file.engine);
    } catch (e) {
      if (e instanceof RangeError) throw inputError(`${resume.path}: ${e.message}`);
      throw e;
    }
    const run = resume.file.run;
    start = run.start;
    end = req.duration !== undefined ? sim.time + req.duration : run.end;
    collisionsBefore = run.collisions;
    energyBefore = run.energyBefore;
    momentumBefore = run.momentumBefore;
  } else {
    sim = req.sim ?? engineFromScene(scene, label);
    start = 0;
    end = req.duration ?? 10;
    collisionsBefore = 0;
    energyBefore = sim.kineticEnergy();
    momentumBefore = Array.from(sim.momentumInto(new Float64Array(d)));
  }
  const duration = end - start;
  const flag = (name: string): number | undefined => values[name] as number | undefined;
  const every = values.trajectory === undefined ? null : flag("every") ?? resume?.file.run.every ?? (duration > 0 ? duration / 100 : 1);
  if (every !== null && !(every > 0)) throw inputError(`carom run: --every must be > 0, got ${every}`);
  const checkpointEvery = flag("every-checkpoint") ?? resume?.file.run.checkpointEvery ?? null;
  if (checkpointEvery !== null && !(checkpointEvery > 0)) throw inputError(`carom run: --every-checkpoint must be > 0, got ${checkpointEvery}`);

  // the observables: asked for now, or carried on from the checkpoint
  let observer: ScienceObserver | null = null;
  const observeOut = values["observe-out"] as string | undefined;
  const wantedText = values.observe as string | undefined;
  if (resume?.file.observe != null) {
    const o = resume.file.observe;
    if (wantedText !== undefined && [...parseObserve(wantedText)].sort().join() !== [...o.names].sort().join()) throw inputError(`carom run: --observe ${wantedText} differs from the checkpoint's (${o.names.join(",")}): a resumed run measures what it measured`);
    observer = new ScienceObserver(sim, new Set(o.names), { every: o.state.every, samples: o.state.samples, ...(o.bins === null ? {} : { bins: o.bins }), ...(o.rMax === null ? {} : { rMax: o.rMax }) }, o.state);
  } else if (wantedText !== undefined) {
    const sampleEvery = flag("sample-every") ?? (duration > 0 ? duration / SCIENCE_SAMPLES : 1);
    if (!(sampleEvery > 0)) throw inputError(`carom run: --sample-every must be > 0, got ${sampleEvery}`);
    const samples = Math.max(1, Math.floor(duration / sampleEvery + 1e-9));
    try {
      observer = new ScienceObserver(sim, parseObserve(wantedText), { every: sampleEvery, samples, ...(flag("rdf-bins") === undefined ? {} : { bins: flag("rdf-bins") }), ...(flag("rdf-max") === undefined ? {} : { rMax: flag("rdf-max") }) });
    } catch (e) {
      if (e instanceof RangeError) throw inputError(`carom run: ${e.message}`);
      throw e;
    }
  } else if (flag("sample-every") !== undefined) throw inputError("carom run: --sample-every goes with --observe LIST");
  const observePath = observer === null ? null : req.observePath ?? observeOut ?? "observables.json";

  const events = values.events === undefined ? null : new AtomicFile(values.events as string);
  const trajectory = values.trajectory === undefined ? null : new AtomicFile(values.trajectory as string);
  const lammps = trajectory !== null && isLammpsDump(trajectory.path);
  const checkpointPath = values.checkpoint as string | undefined;
  let counts = 0;
  if (events !== null) {
    sim.onCollision = (i, j, t, impulse) => {
      events.write(eventLine(sim, ids, origin, i, j, t0 + t, impulse));
    };
  }

  const frameData = (): Parameters<typeof formatExtxyz>[0] => {
    const n = sim.count;
    const positions = sim.positionsInto(new Float64Array(d * n));
    for (let i = 0; i < n; i++) for (let a = 0; a < d; a++) positions[d * i + a] += origin[a];
    return { dimensions: d, time: t0 + sim.time, box: sim.box, origin, periodic: [true, true, true], positions, velocities: sim.velocitiesInto(new Float64Array(d * n)), radii: sim.radiiInto(new Float64Array(n)), masses: sim.mass, ids: Float64Array.from({ length: n }, (_, i) => i) };
  };
  let frames = 0;
  const writeFrame = (k: number): void => {
    trajectory?.write(lammps ? formatLammpsDump(frameData(), k) : formatExtxyz(frameData()));
    frames++;
  };
  const writeCheckpoint = (): void => {
    if (checkpointPath === undefined) return;
    const file: RunCheckpointFile = {
      carom: "run-checkpoint",
      version: 1,
      scene,
      label,
      run: { start, end, every, sampleEvery: observer?.every ?? null, checkpointEvery, collisions: collisionsBefore + counts, energyBefore, momentumBefore },
      observe: observer === null ? null : { names: [...observer.wanted], bins: flag("rdf-bins") ?? resume?.file.observe?.bins ?? null, rMax: flag("rdf-max") ?? resume?.file.observe?.rMax ?? null, state: observer.state() },
      engine: sim.checkpoint(),
    };
    writeFileAtomic(checkpointPath, JSON.stringify(file) + "\n");
  };

  // the stops: frames, samples and checkpoints on grids from the run's start, and the end
  const begun = sim.time;
  const frameAt = (k: number): number => (every === null ? Infinity : frameTime(start, end, every, k));
  const sampleAt = (k: number): number => (observer === null ? Infinity : frameTime(start, end, observer.every, k));
  const checkAt = (k: number): number => (checkpointEvery === null ? Infinity : start + k * checkpointEvery);
  // a fresh run writes the frame at its start; a resumed one the frames after where it stopped
  let frameK = every === null || resume === null ? 0 : firstAfter(frameAt, sim.time, start, every);
  let sampleK = observer === null ? 0 : firstAfter(sampleAt, sim.time, start, observer.every);
  let checkK = firstAfter(checkAt, sim.time, start, checkpointEvery);
  const progress = new Progress(Progress.wanted(req.quiet), "carom run");
  const t1 = performance.now();
  for (;;) {
    // what is due now (the engine stops exactly at each stop's time)
    for (; frameAt(frameK) <= sim.time && frameAt(frameK) <= end; frameK++) writeFrame(frameK);
    for (; sampleAt(sampleK) <= sim.time && sampleAt(sampleK) <= end; sampleK++) (observer as ScienceObserver).sample();
    for (; checkAt(checkK) <= sim.time && checkAt(checkK) < end; checkK++) writeCheckpoint();
    if (sim.time >= end || interrupt.requested) break;
    const target = Math.min(frameAt(frameK), sampleAt(sampleK), checkAt(checkK), end);
    // (a chunk ends at collision max + 1 at the latest, which stops the run with its time)
    const room = req.maxCollisions + 1 - (collisionsBefore + counts);
    try {
      counts += sim.advanceTo(target, Math.max(0, Math.min(CHUNK, room)));
    } catch (e) {
      if (e instanceof RangeError) throw inputError(`${label}: ${e.message}`);
      throw e;
    }
    if (collisionsBefore + counts > req.maxCollisions) {
      const m = req.maxCollisions;
      throw inputError(`${label}: more than ${m} collision${m === 1 ? "" : "s"} (--max-collisions ${m}): collision ${m + 1} came at t = ${t0 + sim.time}, before the end at t = ${t0 + end}; raise the limit with --max-collisions, or take a shorter --duration`);
    }
    progress.update(duration > 0 ? (sim.time - start) / duration : 1, `t = ${num(t0 + sim.time)}, ${counts} collisions`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  progress.done();
  if (interrupt.requested) {
    // the state between chunks is whole: keep it, so the run can go on
    writeCheckpoint();
    const kept = checkpointPath === undefined ? "no output written" : `no output written but the checkpoint ${checkpointPath} (carom run --resume ${checkpointPath} goes on)`;
    throw new CliError(`carom run: interrupted at t = ${num(t0 + sim.time)} of ${num(t0 + end)}; ${kept}`, interruptExitCode());
  }
  const wall = (performance.now() - t1) / 1000;

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
    f.write(formatScene(finalScene(scene, sim, origin, t0)));
    pending.push(f);
    written.final = f.path;
  }
  let observed: Record<string, unknown> | null = null;
  if (observer !== null && observePath !== null) {
    observed = observer.finish(t0);
    const f = new AtomicFile(observePath);
    f.write(formatObservables(observed as never, observePath));
    pending.push(f);
    written.observe = observePath;
  }
  if (interrupt.requested) throw new CliError(`carom run: interrupted at t = ${num(t0 + sim.time)}; no output written`, interruptExitCode());
  commitAll(pending);
  if (checkpointPath !== undefined) {
    writeCheckpoint();
    written.checkpoint = checkpointPath;
  }

  const energyAfter = sim.kineticEnergy();
  const momentumAfter = Array.from(sim.momentumInto(new Float64Array(d)));
  const summary = {
    scene: label,
    engine: "science",
    dimensions: d,
    bodies: sim.count,
    walls: 0,
    start: t0 + begun,
    end: t0 + sim.time,
    simulatedTime: sim.time - begun,
    wallTime: wall,
    events: { total: counts, body: counts, wall: 0, bounds: 0 },
    energy: { before: energyBefore, after: energyAfter, kineticBefore: energyBefore, kineticAfter: energyAfter, potentialBefore: 0, potentialAfter: 0 },
    momentum: { before: momentumBefore, after: momentumAfter },
    frames,
    outputs: written,
    ...(observed === null ? {} : { observed: brief(observed) }),
  };
  if (values.json === true) {
    req.stdout(JSON.stringify(summary) + "\n");
    return 0;
  }
  if (req.quiet) return 0;
  const lines = [
    `carom run: ${label} (${d}D, ${sim.count} bodies, periodic; the science engine${resume === null ? "" : `, resumed from ${resume.path}`})`,
    `  simulated   t = ${num(t0 + begun)} to ${num(t0 + sim.time)} in ${wall.toFixed(3)} s of wall time`,
    `  collisions  ${counts}${resume === null ? "" : ` (${collisionsBefore + counts} since t = ${num(t0 + start)})`}`,
    `  energy      ${num(energyBefore)} before, ${num(energyAfter)} after`,
    `  momentum    [${momentumBefore.map(num).join(", ")}] before, [${momentumAfter.map(num).join(", ")}] after`,
  ];
  if (observed !== null) lines.push(...observedLines(observed));
  for (const [what, path] of Object.entries(written)) lines.push(`  wrote       ${path} (${what === "trajectory" ? `${frames} frames` : what})`);
  req.stdout(lines.join("\n") + "\n");
  return 0;
}

/** The first index k of a grid of times (increasing in k, about start + k step) whose time is after `t`. */
function firstAfter(at: (k: number) => number, t: number, start: number, step: number | null): number {
  let k = step === null || !(t > start) ? 0 : Math.max(0, Math.floor((t - start) / step) - 2);
  while (at(k) <= t) k++;
  return k;
}

/** The means and errors of the observables, for the summary. */
function brief(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const p = o.pressure as { Z: number | null; error: number | null } | undefined;
  if (p !== undefined) out.Z = { mean: p.Z, error: p.error };
  const t = o.temperature as { mean: number | null; error: number | null } | undefined;
  if (t !== undefined) out.kT = { mean: t.mean, error: t.error };
  const r = o.rate as { bodyCollisionsPerBody: number | null; error: number | null } | undefined;
  if (r !== undefined) out.collisionRate = { mean: r.bodyCollisionsPerBody, error: r.error };
  const m = o.msd as { D: number | null; error: number | null } | undefined;
  if (m !== undefined) out.D = { mean: m.D, error: m.error };
  return out;
}

/** "  observed    Z = 5.2201 ± 0.0031 …" lines for the text summary. */
function observedLines(o: Record<string, unknown>): string[] {
  const b = brief(o) as Record<string, { mean: number | null; error: number | null }>;
  const names: Record<string, string> = { Z: "Z = PV/NkT", kT: "kT", collisionRate: "collisions per body per unit time", D: "self-diffusion D" };
  const out = Object.entries(b).map(([k, v], i) => `  ${i === 0 ? "observed   " : "           "} ${names[k]} ${withError(v.mean, v.error)}`);
  out.push(`              (means over ${o.samples as number} samples every ${num(o.sampleEvery as number)}, errors from block averaging)`);
  return out;
}

/** One --events line for the collision of bodies i and j (the engine holds both at time t). */
function eventLine(sim: HardSpheres, ids: string[], origin: ArrayLike<number>, i: number, j: number, t: number, impulse: number): string {
  const s = sim.state, d = sim.dimensions, box = sim.box;
  const dx = [0, 0, 0];
  for (let a = 0; a < 3; a++) dx[a] = s[8 * j + a] - s[8 * i + a];
  const sy = dx[1] > 0.5 * box[1] ? -1 : dx[1] < -0.5 * box[1] ? 1 : 0;
  dx[1] += sy * box[1];
  if (sim.shearRate !== 0) dx[0] += sy * sim.imageOffset;
  dx[0] -= box[0] * Math.floor(dx[0] / box[0] + 0.5);
  if (d === 3) dx[2] -= box[2] * Math.floor(dx[2] / box[2] + 0.5);
  const dist = Math.sqrt(dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2]);
  const n = dx.map((c) => c / dist);
  const ri = sim.radius(i);
  const point: number[] = [], normal: number[] = [];
  for (let a = 0; a < d; a++) {
    let x = s[8 * i + a] + ri * n[a];
    x -= box[a] * Math.floor(x / box[a]);
    point.push(x + origin[a]);
    normal.push(n[a]);
  }
  // the closing speed before: the relative normal velocity now, less the impulse's change J / μ
  const mi = sim.mass[i], mj = sim.mass[j];
  let wn = 0;
  for (let a = 0; a < 3; a++) wn += (s[8 * j + 4 + a] - s[8 * i + 4 + a]) * n[a];
  const speed = impulse * (1 / mi + 1 / mj) - wn;
  return `{"t":${t},"a":${JSON.stringify(ids[i])},"b":${JSON.stringify(ids[j])},"kind":"body","point":[${point.join(",")}],"normal":[${normal.join(",")}],"impulse":${impulse},"speed":${speed}}\n`;
}

/** The scene at the run's end: the input's bodies with their positions (wrapped into the bounds) and velocities now. */
function finalScene(scene: Scene, sim: HardSpheres, origin: ArrayLike<number>, t0: number): Scene {
  const d = sim.dimensions, n = sim.count;
  const p = sim.positionsInto(new Float64Array(d * n)), v = sim.velocitiesInto(new Float64Array(d * n));
  const { $schema: _schema, ...rest } = scene;
  void _schema;
  return {
    ...rest,
    time: t0 + sim.time,
    bodies: scene.bodies.map((b, i) => ({
      ...b,
      position: Array.from(p.subarray(d * i, d * i + d), (x, a) => x + origin[a]),
      velocity: Array.from(v.subarray(d * i, d * i + d)),
    })),
  } as Scene;
}
