/**
 * Checkpoints of the science engine: its whole state as a plain JSON-safe object, and the engine
 * rebuilt from one so that it continues bit for bit.
 *
 * What "bit for bit" needs. The next events depend on more than the bodies' positions and
 * velocities now: each body is stored where it was at its own time (positions are moved on
 * lazily), each pending event time was computed from the state when it was predicted (so a
 * prediction made afresh can differ in the last bit), a stale event falls back on the body's
 * second choice computed then, a shell exit depends on where the shell was centred, and ties
 * between equal collision times are settled by the order of the neighbour lists, which depends
 * on the order of the cells. So a checkpoint holds all of that as it stands: the raw state
 * records, image counters and collision counters, each body's shell centre, pending event and
 * second choice, the neighbour lists and the cells in their order, and the kernel's sums. What it
 * need not hold is the calendar's layout: the calendar hands out events in the order of (time,
 * slot) whatever its history (calendar.ts), so restoring files the pending events afresh.
 *
 * Numbers JSON cannot hold are written as strings: "-0", "Infinity", "-Infinity", "NaN" (JSON
 * numbers otherwise round-trip doubles exactly, in JavaScript's shortest form). A checksum over
 * the rest refuses a checkpoint edited after it was written; restoring checks every field first,
 * naming the one that is wrong.
 */
import { Engine } from "./engine.js";
import type { ExactNumber, HardSpheresCheckpoint } from "./checkpoint-format.js";
export type { CheckpointEngineState, ExactNumber, HardSpheresCheckpoint } from "./checkpoint-format.js";
import { parseThermostat, type AndersenOptions, type MeasurementSums, type ParsedOptions, type RescaleOptions, type ThermostatState } from "./hard-spheres-options.js";
import {
  CELLS_X, CELLS_Y, CELLS_Z, COLLISIONS, DISSIPATED, KINETIC_ENERGY, KINETIC_INTEGRAL, KINETIC_TIME, LIST_SCALE, LIST_SKIN,
  MOMENTUM_XY, MOMENTUM_XY_INTEGRAL, MOMENTUM_XY_TIME, NOW, PAIR_TESTS, PENDING, PREDICTIONS, RHO, RHO_MAX, SECOND_CHOICES,
  SHEAR_MARGIN, SHEAR_OFFSET, SHEAR_TIME, SHELL_EXITS, SHELL_RADIUS, STALE_EVENTS, STATE_STRIDE, VIRIAL, VIRIAL_XY,
  WRAP_CORRECTION, BOOK_INT_STRIDE, BOOK_STRIDE, CENTRE_X, EVENT_TIME, SECOND_TIME, PARTNER, PARTNER_COUNTER, SECOND,
  SECOND_COUNTER, LIST_LENGTH,
} from "./kernel-layout.js";
import { MAX_BODIES } from "./hard-spheres-options.js";

/** The kernel's float64 registers a checkpoint keeps, by name. */
const F_REGISTERS = {
  NOW, SHELL_RADIUS, VIRIAL, COLLISIONS, STALE_EVENTS, SECOND_CHOICES, PREDICTIONS, PAIR_TESTS, KINETIC_ENERGY, KINETIC_TIME,
  KINETIC_INTEGRAL, LIST_SCALE, LIST_SKIN, RHO_MAX, SHELL_EXITS, DISSIPATED, SHEAR_OFFSET, SHEAR_TIME, SHEAR_MARGIN, MOMENTUM_XY,
  MOMENTUM_XY_TIME, MOMENTUM_XY_INTEGRAL, WRAP_CORRECTION, VIRIAL_XY,
} as const;
/** The int32 registers (the cell grid's shape). */
const I_REGISTERS = { CELLS_X, CELLS_Y, CELLS_Z } as const;

/** x as JSON holds it exactly. */
export function exact(x: number): ExactNumber {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (x === 0 && 1 / x < 0) return "-0";
  return x;
}

/** The double an {@link exact} value stands for; a RangeError naming `name` otherwise. */
export function fromExact(v: unknown, name: string): number {
  if (typeof v === "number") return v;
  if (v === "-0") return -0;
  if (v === "Infinity") return Infinity;
  if (v === "-Infinity") return -Infinity;
  if (v === "NaN") return NaN;
  throw new RangeError(`${name} must be a number (or "-0", "Infinity", "-Infinity", "NaN"), got ${JSON.stringify(v)}`);
}

function exactArray(a: ArrayLike<number>, from = 0, to = a.length): ExactNumber[] {
  const out: ExactNumber[] = [];
  for (let k = from; k < to; k++) out.push(exact(a[k]));
  return out;
}

/** A 64-bit FNV-1a hash of a text, as 16 hex digits (two 32-bit halves with different offsets). */
export function checksumOf(text: string): string {
  let h1 = 0x811c9dc5, h2 = 0x01000193 ^ 0x5bd1e995;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x01000193) >>> 0;
    h2 = (h2 ^ (h2 >>> 13)) >>> 0;
  }
  return h1.toString(16).padStart(8, "0") + h2.toString(16).padStart(8, "0");
}

/** The checksum of a checkpoint: over its JSON text without the checksum field. */
function sign(cp: Omit<HardSpheresCheckpoint, "checksum">): string {
  return checksumOf(JSON.stringify(cp));
}

/** The checkpoint of an engine (it does not change the engine). */
export function checkpointOf(e: Engine): HardSpheresCheckpoint {
  const mem = e.mem, n = e.count, d = e.dimensions, F = mem.F, I = mem.I;
  const pos = new Float64Array(d * n), vel = new Float64Array(d * n);
  readNow(e, pos, vel);
  const grow = 1 + e.g * e.now;
  const book = mem.book, bookI = mem.bookI;
  const centres: ExactNumber[] = [], secondTime: ExactNumber[] = [], eventTime: ExactNumber[] = [], events: number[] = [];
  for (let k = 0; k <= n; k++) {
    eventTime.push(exact(book[BOOK_STRIDE * k + EVENT_TIME]));
    if (k === n) break;
    for (let a = 0; a < 3; a++) centres.push(exact(book[BOOK_STRIDE * k + CENTRE_X + a]));
    secondTime.push(exact(book[BOOK_STRIDE * k + SECOND_TIME]));
    const b = BOOK_INT_STRIDE * k;
    events.push(bookI[b + PARTNER], bookI[b + PARTNER_COUNTER], bookI[b + SECOND], bookI[b + SECOND_COUNTER]);
  }
  const listLengths: number[] = [], listEntries: number[] = [];
  for (let i = 0; i < n; i++) {
    const len = bookI[BOOK_INT_STRIDE * i + LIST_LENGTH];
    listLengths.push(len);
    for (let p = i * mem.cap; p < i * mem.cap + len; p++) listEntries.push(mem.list[p]);
  }
  const cellCounts: number[] = [], cellBodies: number[] = [];
  for (let c = 0; c < mem.cells; c++) {
    const count = mem.cellCount[c];
    cellCounts.push(count);
    for (let q = 0; q < count; q++) cellBodies.push(mem.cellSlots[4 * (c * mem.cellCap + q) + 3]);
  }
  const registers: Record<string, ExactNumber> = {};
  for (const [name, k] of Object.entries(F_REGISTERS)) registers[name] = exact(F[k]);
  for (const [name, k] of Object.entries(I_REGISTERS)) registers[name] = I[k];
  const w = e.window;
  const cp: Omit<HardSpheresCheckpoint, "checksum"> = {
    carom: "hard-spheres-checkpoint",
    version: 1,
    dimensions: d,
    count: n,
    box: Array.from(e.box.subarray(0, d)),
    time: exact(e.now),
    positions: exactArray(pos),
    velocities: exactArray(vel),
    radii: Array.from(e.rho, (r) => exact(r * grow)),
    masses: exactArray(e.mass),
    growthRate: exact(e.g),
    restitution: exact(e.restitution),
    restitutionSpeed: exact(e.restitutionSpeed),
    collapseTime: exact(e.collapseTime),
    shearRate: exact(e.shearRate),
    skin: e.skinAsked === null ? null : exact(e.skinAsked),
    thermostat: e.thermostat === null ? null : exactThermostat(e.thermostat.getState()),
    window: { time: exact(w.time), collisions: exact(w.collisions), virial: exact(w.virial), kineticIntegral: exact(w.kineticIntegral), dissipated: exact(w.dissipated), kineticXY: exact(w.kineticXY), virialXY: exact(w.virialXY) },
    engine: {
      state: exactArray(mem.state),
      image: Array.from(mem.image),
      counter: Array.from(mem.counter),
      lastCollision: exactArray(mem.lastCollision),
      shearShift: exactArray(mem.shearShift),
      centres,
      secondTime,
      eventTime,
      events,
      listCap: mem.cap,
      listLengths,
      listEntries,
      cellCap: mem.cellCap,
      cellCounts,
      cellBodies,
      registers,
      skinFraction: exact(e.skinFraction),
      growthHorizon: exact(e.tHorizon),
      shearHorizon: exact(e.tShearHorizon),
      q0: exact(e.q0),
      virialBefore: exact(e.virialBefore),
      kineticBefore: exact(e.kineticBefore),
      fullRebuilds: e.counts.fullRebuilds,
      thermostatKicks: e.counts.thermostatKicks,
      exactRoots: e.counts.exactRoots,
    },
  };
  return { ...cp, checksum: sign(cp) };
}

function exactThermostat(s: ThermostatState): ThermostatState {
  return { ...s, next: exact(s.next) as number };
}

/** Positions now (wrapped) and the velocities of those images, through the public reader. */
function readNow(e: Engine, pos: Float64Array, vel: Float64Array): void {
  e.readInto(pos, vel, null, false);
}

/** Checks of a checkpoint's fields, each failure a RangeError naming the field. */
class Reader {
  constructor(private readonly cp: Record<string, unknown>) {}

  field(path: string): unknown {
    let v: unknown = this.cp;
    for (const key of path.split(".")) {
      if (v === null || typeof v !== "object") throw new RangeError(`checkpoint.${path} is missing`);
      v = (v as Record<string, unknown>)[key];
    }
    if (v === undefined) throw new RangeError(`checkpoint.${path} is missing`);
    return v;
  }

  number(path: string, test: (x: number) => boolean = Number.isFinite, want = "a finite number"): number {
    const x = fromExact(this.field(path), `checkpoint.${path}`);
    if (!test(x)) throw new RangeError(`checkpoint.${path} must be ${want}, got ${String(x)}`);
    return x;
  }

  integer(path: string, lo: number, hi: number): number {
    const x = this.field(path);
    if (!(typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi)) throw new RangeError(`checkpoint.${path} must be an integer from ${lo} to ${hi}, got ${JSON.stringify(x)}`);
    return x;
  }

  array(path: string, length: number): unknown[] {
    const a = this.field(path);
    if (!Array.isArray(a)) throw new RangeError(`checkpoint.${path} must be an array`);
    if (a.length !== length) throw new RangeError(`checkpoint.${path} must hold ${length} entries, got ${a.length}`);
    return a;
  }

  numbers(path: string, length: number, test: (x: number) => boolean = () => true, want = "a number"): Float64Array {
    const a = this.array(path, length), out = new Float64Array(length);
    for (let k = 0; k < length; k++) {
      const x = fromExact(a[k], `checkpoint.${path}[${k}]`);
      if (!test(x)) throw new RangeError(`checkpoint.${path}[${k}] must be ${want}, got ${String(x)}`);
      out[k] = x;
    }
    return out;
  }

  integers(path: string, length: number, lo: number, hi: number): Int32Array {
    const a = this.array(path, length), out = new Int32Array(length);
    for (let k = 0; k < length; k++) {
      const x = a[k];
      if (!(typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi)) throw new RangeError(`checkpoint.${path}[${k}] must be an integer from ${lo} to ${hi}, got ${JSON.stringify(x)}`);
      out[k] = x;
    }
    return out;
  }
}

const finite = (x: number): boolean => Number.isFinite(x);
const positive = (x: number): boolean => x > 0 && x < Infinity;
const timeLike = (x: number): boolean => !Number.isNaN(x) && x !== -Infinity;
const INT32 = 2 ** 31 - 1;

/** The engine a checkpoint describes, every field checked (RangeError naming the field) and the checksum verified. */
export function restoreEngine(checkpoint: HardSpheresCheckpoint): Engine {
  if (checkpoint === null || typeof checkpoint !== "object" || Array.isArray(checkpoint)) throw new RangeError("checkpoint must be an object (HardSpheres.checkpoint())");
  const cp = checkpoint as unknown as Record<string, unknown>;
  if (cp.carom !== "hard-spheres-checkpoint") throw new RangeError(`checkpoint.carom must be "hard-spheres-checkpoint", got ${JSON.stringify(cp.carom)}`);
  if (cp.version !== 1) throw new RangeError(`checkpoint.version must be 1, got ${JSON.stringify(cp.version)}`);
  const r = new Reader(cp);
  const d = r.integer("dimensions", 2, 3) as 2 | 3;
  const n = r.integer("count", 1, MAX_BODIES);
  const box = r.numbers("box", d, positive, "a finite number > 0");
  const now = r.number("time");
  r.numbers("positions", d * n);
  r.numbers("velocities", d * n);
  r.numbers("radii", n, positive, "a finite number > 0");
  const mass = r.numbers("masses", n, positive, "a finite number > 0");
  const growthRate = r.number("growthRate", (x) => x >= 0 && x < Infinity, "a finite number >= 0");
  const restitution = r.number("restitution", (x) => x >= 0 && x <= 1, "a number from 0 to 1");
  const restitutionSpeed = r.number("restitutionSpeed", (x) => x >= 0 && x < Infinity, "a finite number >= 0");
  const collapseTime = r.number("collapseTime", (x) => x >= 0 && x < Infinity, "a finite number >= 0");
  const shearRate = r.number("shearRate");
  const skin = cp.skin === null ? null : r.number("skin", positive, "a finite number > 0 or null");
  const th = cp.thermostat === null ? null : (r.field("thermostat") as ThermostatState);
  let thermostat: AndersenOptions | RescaleOptions | null = null;
  if (th !== null) {
    if (typeof th !== "object" || (th.kind !== "andersen" && th.kind !== "rescale")) throw new RangeError(`checkpoint.thermostat.kind must be "andersen" or "rescale", got ${JSON.stringify((th as { kind?: unknown })?.kind)}`);
    thermostat = parseThermostat(th.kind === "rescale" ? { temperature: th.temperature, interval: th.interval as number } : { temperature: th.temperature, rate: th.rate as number, seed: th.seed as number });
    r.number("thermostat.next", timeLike, "a time");
    if (th.kind === "andersen") r.array("thermostat.random", 6);
  }
  const ePath = "engine.";
  const state = r.numbers(ePath + "state", STATE_STRIDE * n);
  for (let k = 0; k < state.length; k++) if (!Number.isFinite(state[k])) throw new RangeError(`checkpoint.engine.state[${k}] must be a finite number, got ${state[k]}`);
  const image = r.integers(ePath + "image", 3 * n, -INT32 - 1, INT32);
  const counter = r.integers(ePath + "counter", n, -INT32 - 1, INT32);
  const lastCollision = r.numbers(ePath + "lastCollision", n, (x) => !Number.isNaN(x) && x !== Infinity, "a time or -Infinity");
  const shearShift = r.numbers(ePath + "shearShift", n, finite, "a finite number");
  const centres = r.numbers(ePath + "centres", 3 * n, (x) => !Number.isNaN(x), "a number");
  const secondTime = r.numbers(ePath + "secondTime", n, timeLike, "a time or Infinity");
  const eventTime = r.numbers(ePath + "eventTime", n + 1, timeLike, "a time or Infinity");
  const events = r.integers(ePath + "events", 4 * n, -INT32 - 1, INT32);
  for (let k = 0; k < 4 * n; k += 2) if (!(events[k] >= -2 && events[k] < n)) throw new RangeError(`checkpoint.engine.events[${k}] must be a body (0 to ${n - 1}), -1 (shell exit) or -2 (none), got ${events[k]}`);
  const cap = r.integer(ePath + "listCap", 1, 1 << 26);
  const listLengths = r.integers(ePath + "listLengths", n, 0, cap);
  const total = listLengths.reduce((s, x) => s + x, 0);
  const listEntries = r.integers(ePath + "listEntries", total, 0, (n << 6) - 1);
  for (let k = 0; k < total; k++) {
    const code = listEntries[k] & 63;
    if ((code & 3) === 3 || ((code >> 2) & 3) === 3 || ((code >> 4) & 3) === 3) throw new RangeError(`checkpoint.engine.listEntries[${k}] holds no valid image code, got ${listEntries[k]}`);
  }
  const cellCap = r.integer(ePath + "cellCap", 1, 1 << 26);
  const registers: Record<string, number> = {};
  for (const name of Object.keys(F_REGISTERS)) registers[name] = r.number(`${ePath}registers.${name}`, (x) => !Number.isNaN(x), "a number");
  for (const name of Object.keys(I_REGISTERS)) registers[name] = r.integer(`${ePath}registers.${name}`, 1, 1 << 26);
  const cells = registers.CELLS_X * registers.CELLS_Y * registers.CELLS_Z;
  const cellCounts = r.integers(ePath + "cellCounts", cells, 0, cellCap);
  const cellBodies = r.integers(ePath + "cellBodies", n, 0, n - 1);
  if (cellCounts.reduce((s, x) => s + x, 0) !== n) throw new RangeError(`checkpoint.engine.cellCounts must add up to the ${n} bodies`);
  const windowSums: Record<string, number> = {};
  for (const key of ["time", "collisions", "virial", "kineticIntegral", "dissipated", "kineticXY", "virialXY"]) windowSums[key] = r.number(`window.${key}`);
  const skinFraction = r.number(ePath + "skinFraction", positive, "a finite number > 0");
  const growthHorizon = r.number(ePath + "growthHorizon", timeLike, "a time or Infinity");
  const shearHorizon = r.number(ePath + "shearHorizon", timeLike, "a time or Infinity");
  const q0 = r.number(ePath + "q0");
  const virialBefore = r.number(ePath + "virialBefore");
  const kineticBefore = r.number(ePath + "kineticBefore");
  const counts = ["fullRebuilds", "thermostatKicks", "exactRoots"].map((k) => r.integer(ePath + k, 0, Number.MAX_SAFE_INTEGER));
  if (registers.NOW !== now) throw new RangeError(`checkpoint.time (${now}) and checkpoint.engine.registers.NOW (${registers.NOW}) differ`);
  if (typeof cp.checksum !== "string") throw new RangeError("checkpoint.checksum is missing");
  const { checksum, ...rest } = checkpoint;
  if (sign(rest) !== checksum) throw new RangeError("checkpoint.checksum does not match: the checkpoint was changed after it was written (to start from edited positions or velocities, build new HardSpheres options from them)");

  // the engine, laid out as it was
  const rho = new Float64Array(n);
  for (let i = 0; i < n; i++) rho[i] = state[STATE_STRIDE * i + RHO];
  const parsed: ParsedOptions = {
    dimensions: d,
    box: new Float64Array([box[0], box[1], d === 3 ? box[2] : Infinity]),
    count: n,
    state,
    rho,
    mass,
    growthRate,
    skin,
    thermostat,
    restitution,
    restitutionSpeed,
    collapseTime,
    shearRate,
  };
  const e = new Engine(parsed, true);
  const mem = e.mem;
  mem.I[CELLS_X] = registers.CELLS_X;
  mem.I[CELLS_Y] = registers.CELLS_Y;
  mem.I[CELLS_Z] = registers.CELLS_Z;
  mem.relayout(cap, cells, cellCap);
  mem.state.set(state);
  mem.image.set(image);
  mem.counter.set(counter);
  mem.lastCollision.set(lastCollision);
  mem.shearShift.set(shearShift);
  for (const [name, k] of Object.entries(F_REGISTERS)) mem.F[k] = registers[name];
  const book = mem.book, bookI = mem.bookI;
  let pending = 0;
  for (let k = 0; k <= n; k++) {
    book[BOOK_STRIDE * k + EVENT_TIME] = eventTime[k];
    if (eventTime[k] < Infinity) pending++;
    if (k === n) break;
    for (let a = 0; a < 3; a++) book[BOOK_STRIDE * k + CENTRE_X + a] = centres[3 * k + a];
    book[BOOK_STRIDE * k + SECOND_TIME] = secondTime[k];
    const b = BOOK_INT_STRIDE * k;
    bookI[b + PARTNER] = events[4 * k];
    bookI[b + PARTNER_COUNTER] = events[4 * k + 1];
    bookI[b + SECOND] = events[4 * k + 2];
    bookI[b + SECOND_COUNTER] = events[4 * k + 3];
    bookI[b + LIST_LENGTH] = listLengths[k];
  }
  for (let i = 0, at = 0; i < n; i++) {
    mem.list.set(listEntries.subarray(at, at + listLengths[i]), i * cap);
    at += listLengths[i];
  }
  for (let c = 0, at = 0; c < cells; c++) {
    mem.cellCount[c] = cellCounts[c];
    for (let q = 0; q < cellCounts[c]; q++) {
      const i = cellBodies[at++], slot = c * cellCap + q;
      for (let a = 0; a < 3; a++) mem.cellSlotsF32[4 * slot + a] = book[BOOK_STRIDE * i + CENTRE_X + a];
      mem.cellSlots[4 * slot + 3] = i;
      mem.slotOf[i] = slot;
    }
  }
  mem.I[PENDING] = pending;
  e.skinFraction = skinFraction;
  e.tHorizon = growthHorizon;
  e.tShearHorizon = shearHorizon;
  e.q0 = q0;
  e.virialBefore = virialBefore;
  e.kineticBefore = kineticBefore;
  e.window = windowSums as unknown as MeasurementSums;
  [e.counts.fullRebuilds, e.counts.thermostatKicks, e.counts.exactRoots] = counts;
  if (e.thermostat !== null && th !== null) e.thermostat.setState({ ...th, next: fromExact(th.next, "checkpoint.thermostat.next") });
  mem.kernel.calibrate(e.now);
  return e;
}
