/**
 * Extended XYZ frames (the format of ASE's `ase.io.read`, OVITO and libAtoms/QUIP) for a
 * {@link HardSpheres} system:
 *
 *     4000
 *     Lattice="16.1 0 0 0 16.1 0 0 0 16.1" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1 Time=2.5 pbc="T T T"
 *     X 0.25 1.5 3.75 0.31 -1.2 0.05 0.5 1
 *     ...
 *
 * The lattice is the periodic box, pbc is true on every periodic axis; a 2D system gets a third
 * lattice vector one largest diameter deep, centred on z = 0 (Origin="0 0 −depth/2", an OVITO
 * key that ASE keeps in `info`), with pbc="T T F". Positions are wrapped into the cell (or
 * unwrapped on request), velocities and masses are per body, and the frame is the state at the
 * system's current time exactly (advance with `advanceTo(t)` for frames at exact times).
 * Numbers are written in shortest round-trip form, so a reader gets the same doubles back.
 */
import type { HardSpheres } from "./hard-spheres.js";

export interface ExtxyzOptions {
  /** Species label of every body, or one per body (default "X", ASE's dummy element). */
  species?: string | readonly string[];
  /** Write unwrapped positions instead of wrapped ones (default false). */
  unwrapped?: boolean;
}

const KEYS = ["species", "unwrapped"];

/** One frame of `sim` at its current time. */
export function extxyzFrame(sim: HardSpheres, options: ExtxyzOptions = {}): string {
  for (const k of Object.keys(options)) if (!KEYS.includes(k)) throw new RangeError(`extxyzFrame: unknown option "${k}"`);
  const d = sim.dimensions, n = sim.count, box = sim.box;
  const species = options.species ?? "X";
  if (typeof species !== "string" && species.length !== n) throw new RangeError(`species must be one string or one per body (${n}), got ${species.length}`);
  const labels = typeof species === "string" ? null : species;
  for (const s of typeof species === "string" ? [species] : species) {
    if (!/^[A-Za-z0-9_.+-]+$/.test(s)) throw new RangeError(`species labels must be non-empty words without spaces or quotes, got ${JSON.stringify(s)}`);
  }
  const pos = new Float64Array(d * n);
  if (options.unwrapped === true) sim.unwrappedPositionsInto(pos);
  else sim.positionsInto(pos);
  const vel = sim.velocitiesInto(new Float64Array(d * n));
  const radii = sim.radiiInto(new Float64Array(n));
  let header: string;
  if (d === 3) {
    header = `Lattice="${box[0]} 0 0 0 ${box[1]} 0 0 0 ${box[2]}"`;
  } else {
    let depth = 0;
    for (let i = 0; i < n; i++) depth = Math.max(depth, 2 * radii[i]);
    header = `Lattice="${box[0]} 0 0 0 ${box[1]} 0 0 0 ${depth}" Origin="0 0 ${-depth / 2}"`;
  }
  header += ` Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1 Time=${sim.time} pbc="T T ${d === 3 ? "T" : "F"}"`;
  const lines = [String(n), header];
  for (let i = 0; i < n; i++) {
    const sp = labels === null ? (species as string) : labels[i];
    const z = d === 3 ? pos[3 * i + 2] : 0;
    const vz = d === 3 ? vel[3 * i + 2] : 0;
    lines.push(`${sp} ${pos[d * i]} ${pos[d * i + 1]} ${z} ${vel[d * i]} ${vel[d * i + 1]} ${vz} ${radii[i]} ${sim.mass[i]}`);
  }
  return lines.join("\n") + "\n";
}
