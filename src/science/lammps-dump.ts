/**
 * LAMMPS-style text dump frames (`dump atom/custom` layout), which OVITO, MDAnalysis, VMD and
 * ASE (`format="lammps-dump-text"`) read:
 *
 *     ITEM: TIME
 *     2.5
 *     ITEM: TIMESTEP
 *     10
 *     ITEM: NUMBER OF ATOMS
 *     4000
 *     ITEM: BOX BOUNDS pp pp pp
 *     0 16.1
 *     0 16.1
 *     0 16.1
 *     ITEM: ATOMS id type x y z vx vy vz radius mass
 *     1 1 0.25 1.5 3.75 0.31 -1.2 0.05 0.5 1
 *     ...
 *
 * `ITEM: TIME` is what LAMMPS writes with `dump_modify time yes` (OVITO shows it as the frame's
 * time; readers that do not know it skip it); TIMESTEP is the frame's number, since an
 * event-driven run has no time step. Ids count from 1, as in LAMMPS; `type` numbers the
 * distinct radii from the smallest (1, 2, …) unless types are given. The box bounds carry `pp`
 * on a periodic axis and `ff` on a walled one. A 2D frame follows LAMMPS's own 2D convention: z
 * = 0 for every body and a periodic z slab one largest diameter deep centred on 0, so the bounds
 * line for z reads `pp` (`ASE` then reports pbc true on z). Numbers are written in shortest
 * round-trip form; velocities and lengths are in the system's own units (ASE's reader assumes
 * LAMMPS's "metal" units by default and converts velocities from Å/ps: pass the units you mean).
 */
import type { HardSpheres } from "./hard-spheres.js";
import { checkFrame, depthOf, frameData, massText, type ExtxyzData } from "./extxyz.js";

/** Options of {@link lammpsDumpFrame} (every key checked). */
export interface LammpsDumpOptions {
  /** The TIMESTEP written (a frame number, an integer >= 0; default 0). */
  step?: number;
  /** Write unwrapped positions (default false: wrapped into the box). */
  unwrapped?: boolean;
  /** A LAMMPS atom type per body (integers >= 1; default: the distinct radii numbered from the smallest). */
  types?: ArrayLike<number>;
}

const KEYS = ["step", "unwrapped", "types"];

/** The distinct radii numbered 1, 2, … from the smallest: a type per body. */
export function typesByRadius(radii: ArrayLike<number>): Int32Array {
  const distinct = [...new Set(Array.from(radii))].sort((a, b) => a - b);
  const index = new Map(distinct.map((r, k) => [r, k + 1]));
  return Int32Array.from(Array.from(radii), (r) => index.get(r) as number);
}

/**
 * Writes one frame from plain data (the same as {@link formatExtxyz} takes) with the given
 * TIMESTEP; ids are `ids` + 1 when given, else 1 … n.
 */
export function formatLammpsDump(f: ExtxyzData, step = 0, types?: ArrayLike<number>): string {
  const d = f.dimensions;
  const n = checkFrame(f);
  if (!(Number.isInteger(step) && step >= 0)) throw new RangeError(`step must be an integer >= 0, got ${step}`);
  const type = types ?? typesByRadius(f.radii);
  if (type.length !== n) throw new RangeError(`types must hold one integer per body (${n}), got ${type.length}`);
  for (let i = 0; i < n; i++) if (!(Number.isInteger(type[i]) && type[i] >= 1)) throw new RangeError(`types[${i}] must be an integer >= 1, got ${type[i]}`);
  const o = f.origin ?? [0, 0, 0];
  const bounds: string[] = [];
  const flags: string[] = [];
  for (let a = 0; a < 3; a++) {
    if (a < d) {
      bounds.push(`${o[a]} ${o[a] + f.box[a]}`);
      flags.push(f.periodic[a] ? "pp" : "ff");
    } else {
      const depth = depthOf(f.radii);
      bounds.push(`${-depth / 2} ${depth / 2}`);
      flags.push("pp");
    }
  }
  const lines = [
    "ITEM: TIME", String(f.time),
    "ITEM: TIMESTEP", String(step),
    "ITEM: NUMBER OF ATOMS", String(n),
    `ITEM: BOX BOUNDS ${flags.join(" ")}`, ...bounds,
    "ITEM: ATOMS id type x y z vx vy vz radius mass",
  ];
  const p = f.positions, v = f.velocities;
  for (let i = 0; i < n; i++) {
    const id = f.ids === undefined ? i + 1 : f.ids[i] + 1;
    const z = d === 3 ? p[3 * i + 2] : 0, vz = d === 3 ? v[3 * i + 2] : 0;
    lines.push(`${id} ${type[i]} ${p[d * i]} ${p[d * i + 1]} ${z} ${v[d * i]} ${v[d * i + 1]} ${vz} ${f.radii[i]} ${massText(f.masses[i])}`);
  }
  return lines.join("\n") + "\n";
}

/** One LAMMPS dump frame of `sim` at its current time (every axis periodic). */
export function lammpsDumpFrame(sim: HardSpheres, options: LammpsDumpOptions = {}): string {
  for (const k of Object.keys(options)) if (!KEYS.includes(k)) throw new RangeError(`lammpsDumpFrame: unknown option "${k}"`);
  return formatLammpsDump(frameData(sim, options.unwrapped === true), options.step ?? 0, options.types);
}
