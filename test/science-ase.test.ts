/**
 * carom's trajectory files read by the real ASE (Debian's python3-ase, for /usr/bin/python3):
 * extended XYZ and LAMMPS text dumps, written by the library (extxyzFrame, lammpsDumpFrame) and by
 * `carom run --trajectory`, in 2D and 3D. What ASE's users call — get_positions(),
 * get_velocities(), get_masses(), cell, pbc, info["Time"] — is checked against carom's own state.
 * Skipped, saying so, where ASE is not installed (.ci/run installs it).
 */
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HardSpheres, extxyzFrame, lammpsDumpFrame, latticeStart } from "../src/exports/science.js";
import { ROOT, carom, ensureBuilt, tempDir } from "./support/cli.js";

const PYTHON = "/usr/bin/python3";
const ASE = spawnSync(PYTHON, ["-c", "import ase; print(ase.__version__)"], { encoding: "utf8" });
const SKIP = ASE.status === 0 ? false : "skipped: ASE not installed (apt-get install python3-ase)";

interface AseFrame {
  positions: number[][];
  velocities: number[][];
  momenta: number[][];
  masses: number[];
  cell: number[][];
  pbc: boolean[];
  info: Record<string, number | string>;
  arrays: { velo?: number[][]; radius?: number[]; id?: number[] };
  numbers: number[];
}

/** Every frame of `path` as ASE reads it. */
function aseRead(path: string, format: "extxyz" | "lammps-dump-text"): { frames: AseFrame[]; metalVelocity: number } {
  const r = spawnSync(PYTHON, [join(ROOT, "test", "support", "ase-read.py"), path, format], { encoding: "utf8", maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { frames: AseFrame[]; metalVelocity: number };
}

/** |a − b| within `ulps` units in the last place of the larger. */
function near(a: number, b: number, ulps: number): boolean {
  return Math.abs(a - b) <= ulps * 2 ** -52 * Math.max(Math.abs(a), Math.abs(b));
}

/** The state carom holds now, 3 numbers per body (z = 0 in 2D). */
function state(sim: HardSpheres): { pos: number[][]; vel: number[][] } {
  const d = sim.dimensions, n = sim.count;
  const p = sim.positionsInto(new Float64Array(d * n)), v = sim.velocitiesInto(new Float64Array(d * n));
  const row = (a: Float64Array, i: number): number[] => [a[d * i], a[d * i + 1], d === 3 ? a[d * i + 2] : 0];
  return { pos: Array.from({ length: n }, (_, i) => row(p, i)), vel: Array.from({ length: n }, (_, i) => row(v, i)) };
}

function simulation(d: 2 | 3): { sim: HardSpheres; masses: number[] } {
  const n = d === 3 ? 32 : 36;
  const masses = Array.from({ length: n }, (_, i) => 1 + (i % 3) / 2);
  const radii = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 0.5 : 0.4));
  return { sim: new HardSpheres({ ...latticeStart({ dimensions: d, count: n, packingFraction: 0.2, seed: 11 }), masses, radii }), masses };
}

before(() => ensureBuilt());

for (const d of [2, 3] as const) {
  test(`ASE reads the library's ${d}D extended XYZ: positions, get_velocities(), get_masses(), cell, pbc and Time as carom holds them`, { skip: SKIP }, () => {
    const { sim, masses } = simulation(d);
    const dir = tempDir();
    let text = "";
    const states: { pos: number[][]; vel: number[][] }[] = [];
    for (const t of [0, 0.75, 1.5]) {
      sim.advanceTo(t);
      text += extxyzFrame(sim);
      states.push(state(sim));
    }
    writeFileSync(join(dir, "f.xyz"), text);
    const { frames } = aseRead(join(dir, "f.xyz"), "extxyz");
    assert.equal(frames.length, 3);
    const L = sim.box;
    frames.forEach((f, k) => {
      assert.equal(f.info.Time, [0, 0.75, 1.5][k]);
      assert.deepEqual(f.pbc, d === 3 ? [true, true, true] : [true, true, false]);
      assert.deepEqual([f.cell[0][0], f.cell[1][1]], [L[0], L[1]]);
      if (d === 3) assert.equal(f.cell[2][2], L[2]);
      else assert.equal(f.cell[2][2], 1, "a 2D cell is one diameter deep");
      assert.deepEqual(f.masses, masses);
      assert.deepEqual(f.positions, states[k].pos);
      assert.deepEqual(f.arrays.velo, states[k].vel, "velo holds carom's velocities exactly");
      f.velocities.forEach((v, i) => v.forEach((c, a) => assert.ok(near(c, states[k].vel[i][a], 2), `frame ${k} body ${i}: get_velocities() ${c}, carom ${states[k].vel[i][a]}`)));
      assert.ok(f.velocities.some((v) => v.some((c) => c !== 0)), "velocities are not read as zeros");
    });
  });

  test(`ASE's lammps-dump-text reader round-trips the library's ${d}D LAMMPS dump: ids in order, positions, velocities, box and pbc`, { skip: SKIP }, () => {
    const { sim } = simulation(d);
    const dir = tempDir();
    let text = "";
    const states: { pos: number[][]; vel: number[][] }[] = [];
    for (const [k, t] of [0.5, 1].entries()) {
      sim.advanceTo(t);
      text += lammpsDumpFrame(sim, { step: k });
      states.push(state(sim));
    }
    writeFileSync(join(dir, "f.lammpstrj"), text);
    const { frames, metalVelocity } = aseRead(join(dir, "f.lammpstrj"), "lammps-dump-text");
    assert.equal(frames.length, 2);
    frames.forEach((f, k) => {
      assert.deepEqual(f.pbc, [true, true, true]);
      assert.equal(f.cell[0][0], sim.box[0]);
      assert.equal(f.cell[1][1], sim.box[1]);
      assert.deepEqual(f.positions, states[k].pos);
      // ASE takes LAMMPS's "metal" units: velocities come back scaled from Å/ps
      f.velocities.forEach((v, i) => v.forEach((c, a) => assert.ok(near(c / metalVelocity, states[k].vel[i][a], 4), `frame ${k} body ${i}`)));
      // types number the radii from the smallest: 0.4 is type 1 (H), 0.5 type 2 (He)
      assert.deepEqual(f.numbers, Array.from({ length: sim.count }, (_, i) => (i % 2 === 0 ? 2 : 1)));
    });
  });
}

/** A periodic scene of moving bodies with mixed masses (`periodic`: which axes wrap). */
function periodicScene(d: 2 | 3, periodic: boolean[]): { carom: number; dimensions: number; bounds: object; bodies: object[]; duration: number } {
  const bodies = [];
  const side = 8;
  let k = 0;
  for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) for (let z = 0; z < (d === 3 ? 2 : 1); z++) {
    const position = [1 + 2 * x, 1 + 2 * y, 1 + 2 * z].slice(0, d);
    const velocity = [Math.sin(1 + k), Math.cos(2 + k), Math.sin(3 * k)].slice(0, d);
    bodies.push({ id: `b${k}`, position, velocity, radius: 0.45, mass: 1 + (k % 4) });
    k++;
  }
  return { carom: 1, dimensions: d, duration: 2, bounds: { min: Array(d).fill(0), max: [side, side, 4].slice(0, d), periodic }, bodies };
}

for (const [d, periodic] of [[3, [true, true, true]], [2, [true, true]], [2, [true, false]]] as const) {
  test(`ASE reads carom run --trajectory of a ${d}D scene periodic on ${JSON.stringify(periodic)}: pbc, cell, masses and velocities of the --final state`, { skip: SKIP }, () => {
    const dir = tempDir();
    const scene = periodicScene(d, [...periodic]);
    writeFileSync(join(dir, "s.json"), JSON.stringify(scene));
    for (const name of ["t.xyz", "t.lammpstrj"]) {
      const r = carom(["run", join(dir, "s.json"), "--trajectory", join(dir, name), "--every", "0.5", "--final", join(dir, "final.json"), "--quiet"]);
      assert.equal(r.code, 0, r.stderr);
      const final = JSON.parse(readFileSync(join(dir, "final.json"), "utf8")) as { bodies: { position: number[]; velocity: number[]; mass: number }[] };
      const { frames, metalVelocity } = aseRead(join(dir, name), name.endsWith(".xyz") ? "extxyz" : "lammps-dump-text");
      assert.equal(frames.length, 5);
      const last = frames[4];
      const pbc = name.endsWith(".xyz") ? [0, 1, 2].map((a) => a < d && periodic[a]) : [0, 1, 2].map((a) => (a < d ? periodic[a] : true));
      assert.deepEqual(last.pbc, pbc, name);
      assert.deepEqual([last.cell[0][0], last.cell[1][1]], [8, 8]);
      // (a world's frames come from a clone advanced to each frame time, --final from the world
      // itself: the same state to rounding)
      final.bodies.forEach((b, i) => {
        last.positions[i].slice(0, d).forEach((c, a) => assert.ok(Math.abs(c - b.position[a]) <= 1e-12, `${name} body ${i}: ${c} vs ${b.position[a]}`));
        const v = last.velocities[i].slice(0, d).map((c) => (name.endsWith(".xyz") ? c : c / metalVelocity));
        v.forEach((c, a) => assert.ok(Math.abs(c - b.velocity[a]) <= 1e-12, `${name} body ${i}: ${c} vs ${b.velocity[a]}`));
        if (name.endsWith(".xyz")) assert.equal(last.masses[i], b.mass ?? 1);
      });
      if (name.endsWith(".xyz")) assert.equal(last.info.Time, 2);
    }
  });
}
