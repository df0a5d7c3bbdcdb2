/**
 * Extended XYZ frames (the format of ASE's `ase.io.read`, OVITO and libAtoms/QUIP), from a
 * {@link HardSpheres} system or from plain arrays (any engine's state):
 *
 *     4000
 *     Lattice="16.1 0 0 0 16.1 0 0 0 16.1" Properties=species:S:1:pos:R:3:masses:R:1:momenta:R:3:velo:R:3:radius:R:1 Time=2.5 pbc="T T T"
 *     X 0.25 1.5 3.75 1 0.31 -1.2 0.05 0.31 -1.2 0.05 0.5
 *     ...
 *
 * The columns carry ASE's own names, so that `ase.io.read` fills what its users ask for:
 * `masses` (`atoms.get_masses()`), `momenta` (m v: `atoms.get_momenta()`, and
 * `atoms.get_velocities()` = momenta / masses), plus `velo` (the velocities exactly as carom
 * holds them: momenta / masses may differ from them in the last bit) and `radius` (OVITO's
 * particle radius). The lattice is the periodic box, pbc is true on every periodic axis; a 2D
 * system gets a third lattice vector one largest diameter deep, centred on z = 0
 * (Origin="0 0 −depth/2", an OVITO key that ASE keeps in `info`), with pbc="T T F". Positions are
 * wrapped into the cell (or unwrapped on request), and the frame is the state at the system's
 * current time exactly (advance with `advanceTo(t)` for frames at exact times), written as
 * Time=. Numbers are written in shortest round-trip form, so a reader gets the same doubles back.
 */
import type { HardSpheres } from "./hard-spheres.js";

/** Options of {@link extxyzFrame} (every key checked: an unknown one is a RangeError naming it). */
export interface ExtxyzOptions {
  /** Species label of every body, or one per body (default "X", ASE's dummy element). */
  species?: string | readonly string[];
  /** Write unwrapped positions instead of wrapped ones (default false). */
  unwrapped?: boolean;
}

/** One frame as plain data (what {@link formatExtxyz} and `formatLammpsDump` write). */
export interface ExtxyzData {
  /** 2 (discs, written with a zero z) or 3 (spheres). */
  dimensions: 2 | 3;
  /** Simulation time of the frame (written as Time=). */
  time: number;
  /** The cell: side lengths [Lx, Ly(, Lz)] with its corner at `origin` (default the zero vector). */
  box: ArrayLike<number>;
  /** The cell's lower corner, one number per dimension (default the zero vector). */
  origin?: ArrayLike<number>;
  /** Periodic axes (pbc), one per dimension; the 2D depth axis is never periodic. */
  periodic: readonly boolean[];
  /** Body centres, `dimensions` numbers per body. */
  positions: ArrayLike<number>;
  /** Body velocities, `dimensions` numbers per body. */
  velocities: ArrayLike<number>;
  /** Radius of each body. */
  radii: ArrayLike<number>;
  /** Mass of each body (> 0; Infinity for an immovable body, whose momentum is written as 0). */
  masses: ArrayLike<number>;
  /** One label for all, or one per body (default "X"). */
  species?: string | readonly string[];
  /** An integer id per body, written as an `id:I:1` column (default: no such column). */
  ids?: ArrayLike<number>;
}

const KEYS = ["species", "unwrapped"];
const LABEL = /^[A-Za-z0-9_.+-]+$/;

/** A RangeError unless every array of the frame holds one entry (or `dimensions`) per body. */
export function checkFrame(f: ExtxyzData): number {
  const d = f.dimensions, n = f.radii.length;
  if (d !== 2 && d !== 3) throw new RangeError(`dimensions must be 2 or 3, got ${d}`);
  const sizes: [string, ArrayLike<number> | undefined, number][] = [
    ["positions", f.positions, d * n],
    ["velocities", f.velocities, d * n],
    ["masses", f.masses, n],
    ["ids", f.ids, n],
  ];
  for (const [name, a, size] of sizes) {
    if (a !== undefined && a.length !== size) throw new RangeError(`${name} must hold ${size} numbers (${name === "masses" || name === "ids" ? "one" : d} per body, as radii: ${n} bodies), got ${a.length}`);
  }
  if (f.box.length < d) throw new RangeError(`box must hold ${d} side lengths, got ${f.box.length}`);
  return n;
}

/** m v, with 0 for an immovable body (infinite mass) at rest. */
export function momentum(m: number, v: number): number {
  return v === 0 ? 0 : m * v;
}

/**
 * Writes one frame from plain data: the count line, the comment line (Lattice, Origin when not
 * zero or for 2D, Properties, Time, pbc) and one line per body.
 */
export function formatExtxyz(f: ExtxyzData): string {
  const d = f.dimensions;
  const n = checkFrame(f);
  const species = f.species ?? "X";
  if (typeof species !== "string" && species.length !== n) throw new RangeError(`species must be one string or one per body (${n}), got ${species.length}`);
  for (const s of typeof species === "string" ? [species] : species) {
    if (!LABEL.test(s)) throw new RangeError(`species labels must be non-empty words without spaces or quotes, got ${JSON.stringify(s)}`);
  }
  const o = f.origin ?? [0, 0, 0];
  let header: string;
  if (d === 3) {
    header = `Lattice="${f.box[0]} 0 0 0 ${f.box[1]} 0 0 0 ${f.box[2]}"`;
    if (o[0] !== 0 || o[1] !== 0 || o[2] !== 0) header += ` Origin="${o[0]} ${o[1]} ${o[2]}"`;
  } else {
    const depth = depthOf(f.radii);
    header = `Lattice="${f.box[0]} 0 0 0 ${f.box[1]} 0 0 0 ${depth}" Origin="${o[0]} ${o[1]} ${-depth / 2}"`;
  }
  const pbc = [0, 1, 2].map((a) => (a < d && f.periodic[a] ? "T" : "F")).join(" ");
  const idColumn = f.ids === undefined ? "" : ":id:I:1";
  header += ` Properties=species:S:1:pos:R:3:masses:R:1:momenta:R:3:velo:R:3:radius:R:1${idColumn} Time=${f.time} pbc="${pbc}"`;
  const lines = [String(n), header];
  const p = f.positions, v = f.velocities;
  for (let i = 0; i < n; i++) {
    const sp = typeof species === "string" ? species : species[i];
    const z = d === 3 ? p[3 * i + 2] : 0;
    const vx = v[d * i], vy = v[d * i + 1], vz = d === 3 ? v[3 * i + 2] : 0;
    const m = f.masses[i];
    const id = f.ids === undefined ? "" : ` ${f.ids[i]}`;
    lines.push(`${sp} ${p[d * i]} ${p[d * i + 1]} ${z} ${massText(m)} ${momentum(m, vx)} ${momentum(m, vy)} ${momentum(m, vz)} ${vx} ${vy} ${vz} ${f.radii[i]}${id}`);
  }
  return lines.join("\n") + "\n";
}

/** A mass as readers parse it: "inf" for an immovable body (Python's float, numpy and C's strtod read it). */
export function massText(m: number): string {
  return m === Infinity ? "inf" : String(m);
}

/** The depth of a 2D frame's third cell vector: the largest diameter (1 when every radius is 0). */
export function depthOf(radii: ArrayLike<number>): number {
  let depth = 0;
  for (let i = 0; i < radii.length; i++) depth = Math.max(depth, 2 * radii[i]);
  return depth > 0 ? depth : 1;
}

/** The frame of `sim` at its current time as plain data (every axis periodic). */
export function frameData(sim: HardSpheres, unwrapped = false): ExtxyzData {
  const d = sim.dimensions, n = sim.count;
  const positions = new Float64Array(d * n);
  if (unwrapped) sim.unwrappedPositionsInto(positions);
  else sim.positionsInto(positions);
  return {
    dimensions: d,
    time: sim.time,
    box: sim.box,
    periodic: [true, true, true],
    positions,
    velocities: sim.velocitiesInto(new Float64Array(d * n)),
    radii: sim.radiiInto(new Float64Array(n)),
    masses: sim.mass,
  };
}

/** One frame of `sim` at its current time (every axis periodic). */
export function extxyzFrame(sim: HardSpheres, options: ExtxyzOptions = {}): string {
  for (const k of Object.keys(options)) if (!KEYS.includes(k)) throw new RangeError(`extxyzFrame: unknown option "${k}"`);
  return formatExtxyz({ ...frameData(sim, options.unwrapped === true), species: options.species });
}
