/**
 * `--trajectory FILE --every DT`: frames at fixed times, in the extended XYZ format (ASE's
 * `ase.io.read`, OVITO, libAtoms/QUIP; VMD reads the plain XYZ columns) or, for a file named
 * `*.lammpstrj` or `*.dump`, as a LAMMPS text dump (OVITO, MDAnalysis, VMD, ASE's
 * `lammps-dump-text`):
 *
 *     16
 *     Lattice="2.54 0 0 0 1.27 0 0 0 0.05715" Origin="0 0 -0.028575" Properties=species:S:1:pos:R:3:masses:R:1:momenta:R:3:velo:R:3:radius:R:1:id:I:1 Time=0.5 pbc="F F F"
 *     X 0.635 0.635 0 0.17 1.36 0.0085 0 8 0.05 0 0.028575 0
 *     ...
 *
 * One frame per interval, positions and velocities at that time; `id` is the body's index in
 * the scene's `bodies` array (its name is the scene's `bodies[id].id`; a LAMMPS dump numbers
 * from 1, so id − 1 there). Species is "X" for every body (ASE's dummy element). The lattice is
 * the bounds (a 2D scene gets a third vector one diameter deep, centred on z = 0) and is left
 * out when the scene has no bounds; pbc is true on each periodic axis of the bounds. Masses are
 * the bodies' own ("inf" for a fixed body, whose momentum is 0), momenta m v. Numbers are
 * written in full (shortest round-trip form). The science engine's runs write the same columns
 * (science-run.ts).
 */
import { formatExtxyz, formatLammpsDump, type ExtxyzData } from "../exports/science.js";
import type { AnyWorld } from "./simulate.js";

const FLAG_ALIVE = 1;

/** True when `path` names a LAMMPS text dump (by its extension) rather than extended XYZ. */
export function isLammpsDump(path: string): boolean {
  return /\.(lammpstrj|dump)$/i.test(path);
}

/** The world's live bodies at its current time t as plain frame data (ids: their indices). */
function worldFrame(world: AnyWorld, t: number): ExtxyzData & { walled: boolean } {
  const d = world.dim, n = world.n;
  const live: number[] = [];
  for (let i = 0; i < n; i++) if ((world.flags[i] & FLAG_ALIVE) !== 0) live.push(i);
  const positions = new Float64Array(d * live.length), velocities = new Float64Array(d * live.length);
  const radii = new Float64Array(live.length), masses = new Float64Array(live.length), ids = new Float64Array(live.length);
  live.forEach((i, k) => {
    const p = [world.x[i], world.y[i], world.z[i]], v = [world.vx[i], world.vy[i], world.vz[i]];
    for (let a = 0; a < d; a++) {
      positions[d * k + a] = p[a];
      velocities[d * k + a] = v[a];
    }
    radii[k] = world.r[i];
    masses[k] = 1 / world.invMass[i];
    ids[k] = i;
  });
  const walled = world.minX > -Infinity;
  const min = [world.minX, world.minY, world.minZ], max = [world.maxX, world.maxY, world.maxZ];
  return {
    dimensions: d as 2 | 3,
    time: t,
    box: walled ? max.slice(0, d).map((m, a) => m - min[a]) : [0, 0, 0],
    origin: walled ? min.slice(0, d) : [0, 0, 0],
    periodic: world.periodic.axes,
    positions,
    velocities,
    radii,
    masses,
    ids,
    walled,
  };
}

/** One frame of the world at its current time t, in the file's format (frame number k for a LAMMPS dump). */
export function trajectoryFrame(world: AnyWorld, t: number, k: number, lammps: boolean): string {
  const f = worldFrame(world, t);
  if (lammps) return formatLammpsDump(f, k);
  const text = formatExtxyz(f);
  if (f.walled) return text;
  // no bounds: no cell (ASE then has no lattice, pbc false)
  const [count, header, ...rows] = text.split("\n");
  return [count, header.replace(/^Lattice="[^"]*"( Origin="[^"]*")? /, ""), ...rows].join("\n");
}
