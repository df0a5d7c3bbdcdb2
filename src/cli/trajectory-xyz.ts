/**
 * `--trajectory FILE --every DT`: frames in the extended XYZ format (the format of ASE's
 * `ase.io.read`, OVITO's XYZ reader and libAtoms/QUIP; VMD reads the plain XYZ columns):
 *
 *     16
 *     Lattice="2.54 0 0 0 1.27 0 0 0 0.05715" Origin="0 0 -0.028575" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:id:I:1 Time=0.5 pbc="F F F"
 *     X 0.635 0.635 0 8 0.05 0 0.028575 0
 *     ...
 *
 * One frame per interval, positions and velocities at that time; `id` is the body's index in
 * the scene's `bodies` array (its name is the scene's `bodies[id].id`). Species is "X" for every body: ASE takes the species column as chemical symbols, and
 * "X" is its dummy element. The lattice is the bounds (a 2D scene gets a third vector one
 * diameter deep, centred on z = 0) and is left out when the scene has no bounds; pbc is
 * false. Numbers are written in full (shortest round-trip form).
 */
import type { AnyWorld } from "./simulate.js";

const FLAG_ALIVE = 1;

/** One frame of the world at its current time t. */
export function xyzFrame(world: AnyWorld, t: number): string {
  const n = world.n;
  let count = 0;
  let rMax = 0;
  for (let i = 0; i < n; i++) {
    if ((world.flags[i] & FLAG_ALIVE) === 0) continue;
    count++;
    if (world.r[i] > rMax) rMax = world.r[i];
  }
  let header = "";
  if (world.minX > -Infinity) {
    const lx = world.maxX - world.minX, ly = world.maxY - world.minY;
    let lz: number, oz: number;
    if (world.dim === 3) {
      lz = world.maxZ - world.minZ;
      oz = world.minZ;
    } else {
      lz = rMax > 0 ? 2 * rMax : 1;
      oz = -lz / 2;
    }
    header = `Lattice="${lx} 0 0 0 ${ly} 0 0 0 ${lz}" Origin="${world.minX} ${world.minY} ${oz}" `;
  }
  const lines: string[] = [
    String(count),
    `${header}Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:id:I:1 Time=${t} pbc="F F F"`,
  ];
  for (let i = 0; i < n; i++) {
    if ((world.flags[i] & FLAG_ALIVE) === 0) continue;
    lines.push(`X ${world.x[i]} ${world.y[i]} ${world.z[i]} ${world.vx[i]} ${world.vy[i]} ${world.vz[i]} ${world.r[i]} ${i}`);
  }
  return lines.join("\n") + "\n";
}
