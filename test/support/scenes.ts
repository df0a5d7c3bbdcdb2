/** Shared test scenes and an event-log hash. */
import { World2D, World3D, type EventLog } from "../../src/index.js";
import { Random } from "./random.js";

/**
 * n disks of radius 0.5 at area fraction `phi` in a square box, on a jittered lattice (no
 * overlaps), velocity components uniform in [-10, 10].
 */
export function randomGas2(n: number, phi: number, seed: number): World2D {
  const rnd = new Random(seed);
  const r = 0.5;
  const L = Math.sqrt((n * Math.PI * r * r) / phi);
  const w = new World2D({ bounds: { min: [0, 0], max: [L, L] } });
  const side = Math.ceil(Math.sqrt(n));
  const pitch = L / side;
  const slack = (pitch - 2 * r) / 2;
  for (let k = 0; k < n; k++) {
    const cx = (k % side) + 0.5, cy = Math.floor(k / side) + 0.5;
    w.addBody({
      x: cx * pitch + rnd.range(-slack, slack) * 0.99,
      y: cy * pitch + rnd.range(-slack, slack) * 0.99,
      vx: rnd.range(-10, 10),
      vy: rnd.range(-10, 10),
      radius: r,
    });
  }
  return w;
}

/** n spheres of radius 0.5 at packing fraction `phi` in a cubic box, jittered lattice. */
export function randomGas3(n: number, phi: number, seed: number): World3D {
  const rnd = new Random(seed);
  const r = 0.5;
  const L = Math.cbrt((n * (4 / 3) * Math.PI * r ** 3) / phi);
  const w = new World3D({ bounds: { min: [0, 0, 0], max: [L, L, L] } });
  const side = Math.ceil(Math.cbrt(n));
  const pitch = L / side;
  const slack = (pitch - 2 * r) / 2;
  for (let k = 0; k < n; k++) {
    const cx = (k % side) + 0.5, cy = (Math.floor(k / side) % side) + 0.5, cz = Math.floor(k / (side * side)) + 0.5;
    w.addBody({
      x: cx * pitch + rnd.range(-slack, slack) * 0.99,
      y: cy * pitch + rnd.range(-slack, slack) * 0.99,
      z: cz * pitch + rnd.range(-slack, slack) * 0.99,
      vx: rnd.range(-10, 10),
      vy: rnd.range(-10, 10),
      vz: rnd.range(-10, 10),
      radius: r,
    });
  }
  return w;
}

const view = new DataView(new ArrayBuffer(8));

function mix(h: number, x: number): number {
  view.setFloat64(0, x);
  h = Math.imul(h ^ view.getUint32(0), 0x01000193);
  return Math.imul(h ^ view.getUint32(4), 0x01000193);
}

/** FNV-style hash of every field of every event, continuing from h (bit-exact: any change shows). */
export function eventHash(log: EventLog, h = 0x811c9dc5): number {
  for (let k = 0; k < log.count; k++) {
    h = mix(h, log.t[k]);
    h = mix(h, log.a[k]);
    h = mix(h, log.b[k]);
    h = mix(h, log.kind[k]);
    h = mix(h, log.px[k]);
    h = mix(h, log.py[k]);
    h = mix(h, log.pz[k]);
    h = mix(h, log.nx[k]);
    h = mix(h, log.ny[k]);
    h = mix(h, log.nz[k]);
    h = mix(h, log.impulse[k]);
  }
  return h >>> 0;
}
