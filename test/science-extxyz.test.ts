/**
 * Extended XYZ frames from the science engine, read back by an independent reader written to
 * the extended XYZ specification (libAtoms/QUIP; the format ASE reads): the comment line is a
 * list of key=value pairs (values in double quotes may hold spaces; a bare key means T), the
 * Properties key names the columns as name:type:count triples (S string, R real, I integer,
 * L logical), Lattice holds the three cell vectors row by row, pbc one T/F per vector.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extxyzFrame, formatExtxyz, HardSpheres, latticeStart } from "../src/exports/science.js";

interface Frame {
  info: Record<string, string>;
  lattice: number[][];
  pbc: boolean[];
  columns: Record<string, (string | number | boolean)[][]>;
}

function parseComment(line: string): Record<string, string> {
  const info: Record<string, string> = {};
  let k = 0;
  const skip = (): void => {
    while (k < line.length && /\s/.test(line[k])) k++;
  };
  const token = (): string => {
    if (line[k] === '"') {
      let out = "";
      k++;
      while (k < line.length && line[k] !== '"') {
        if (line[k] === "\\" && k + 1 < line.length) k++;
        out += line[k++];
      }
      k++; // closing quote
      return out;
    }
    const start = k;
    while (k < line.length && !/[\s=]/.test(line[k])) k++;
    return line.slice(start, k);
  };
  for (skip(); k < line.length; skip()) {
    const key = token();
    skip();
    if (line[k] === "=") {
      k++;
      skip();
      info[key] = token();
    } else info[key] = "T";
  }
  return info;
}

function readExtxyz(text: string): Frame[] {
  const lines = text.split("\n");
  const frames: Frame[] = [];
  let at = 0;
  while (at < lines.length && lines[at].trim() !== "") {
    const n = Number(lines[at]);
    assert.ok(Number.isInteger(n) && n >= 0, `atom count line: ${lines[at]}`);
    const info = parseComment(lines[at + 1]);
    const lat = info.Lattice.trim().split(/\s+/).map(Number);
    assert.equal(lat.length, 9);
    const lattice = [lat.slice(0, 3), lat.slice(3, 6), lat.slice(6, 9)];
    const pbc = (info.pbc ?? "F F F").trim().split(/\s+/).map((s) => s === "T" || s === "True");
    const spec = info.Properties.split(":");
    assert.equal(spec.length % 3, 0);
    const columns: Frame["columns"] = {};
    const rows = lines.slice(at + 2, at + 2 + n).map((l) => l.trim().split(/\s+/));
    let col = 0;
    for (let p = 0; p < spec.length; p += 3) {
      const [name, type, countText] = [spec[p], spec[p + 1], spec[p + 2]];
      const count = Number(countText);
      columns[name] = rows.map((r) =>
        r.slice(col, col + count).map((s) => (type === "R" ? Number(s) : type === "I" ? parseInt(s, 10) : type === "L" ? s === "T" : s)),
      );
      col += count;
    }
    for (const r of rows) assert.equal(r.length, col, "every row has exactly the declared columns");
    frames.push({ info, lattice, pbc, columns });
    at += 2 + n;
  }
  return frames;
}

test("3D frames round-trip through a spec reader: lattice, pbc, positions, velocities, momenta, radii, masses (ASE's column names) and time, at exact times", () => {
  const opts = latticeStart({ dimensions: 3, count: 108, packingFraction: 0.3, seed: 3 });
  const masses = Array.from({ length: 108 }, (_, i) => 1 + i / 100);
  const sim = new HardSpheres({ ...opts, masses });
  let text = "";
  for (const t of [0.5, 1, 1.5]) {
    sim.advanceTo(t);
    text += extxyzFrame(sim, { species: masses.map((m) => (m < 1.5 ? "Ar" : "Kr")) });
  }
  const frames = readExtxyz(text);
  assert.equal(frames.length, 3);
  const L = opts.box[0];
  const pos = sim.positionsInto(new Float64Array(3 * 108));
  const vel = sim.velocitiesInto(new Float64Array(3 * 108));
  const last = frames[2];
  assert.deepEqual(last.lattice, [[L, 0, 0], [0, L, 0], [0, 0, L]]);
  assert.deepEqual(last.pbc, [true, true, true]);
  assert.equal(Number(last.info.Time), 1.5);
  for (let i = 0; i < 108; i++) {
    assert.deepEqual(last.columns.pos[i], Array.from(pos.subarray(3 * i, 3 * i + 3)));
    assert.deepEqual(last.columns.velo[i], Array.from(vel.subarray(3 * i, 3 * i + 3)));
    assert.deepEqual(last.columns.radius[i], [0.5]);
    assert.deepEqual(last.columns.masses[i], [masses[i]]);
    assert.deepEqual(last.columns.momenta[i], Array.from(vel.subarray(3 * i, 3 * i + 3), (v) => masses[i] * v));
    assert.deepEqual(last.columns.species[i], [masses[i] < 1.5 ? "Ar" : "Kr"]);
    for (let a = 0; a < 3; a++) assert.ok(pos[3 * i + a] >= 0 && pos[3 * i + a] < L);
  }
});

test("2D frames have pbc T T F and a third lattice vector one diameter deep centred on z = 0", () => {
  const sim = new HardSpheres({ ...latticeStart({ dimensions: 2, count: 16, packingFraction: 0.3, seed: 1 }), radii: 0.5 });
  sim.advanceTo(2);
  const [frame] = readExtxyz(extxyzFrame(sim, { unwrapped: true }));
  assert.deepEqual(frame.pbc, [true, true, false]);
  assert.equal(frame.lattice[2][2], 1);
  assert.equal(frame.info.Origin, "0 0 -0.5");
  const u = sim.unwrappedPositionsInto(new Float64Array(32));
  for (let i = 0; i < 16; i++) assert.deepEqual(frame.columns.pos[i], [u[2 * i], u[2 * i + 1], 0]);
});

test("extxyzFrame rejects unknown options and labels with spaces", () => {
  const sim = new HardSpheres({ ...latticeStart({ dimensions: 2, count: 4, packingFraction: 0.1, seed: 1 }) });
  assert.throws(() => extxyzFrame(sim, { specis: "X" } as never), /unknown option "specis"/);
  assert.throws(() => extxyzFrame(sim, { species: "A B" }), /species labels/);
});

test("formatExtxyz writes a walled (non-periodic) box with an origin from plain arrays, as a world's trajectory would", () => {
  const text = formatExtxyz({
    dimensions: 3,
    time: 0.25,
    box: [2, 3, 4],
    origin: [-1, 0, 0.5],
    periodic: [false, true, false],
    positions: [0.5, 1, 1, -0.5, 2, 3],
    velocities: [1, 0, 0, 0, -1, 2],
    radii: [0.1, 0.2],
    masses: [1, 2.5],
    species: ["A", "B"],
  });
  const [frame] = readExtxyz(text);
  assert.deepEqual(frame.pbc, [false, true, false]);
  assert.equal(frame.info.Origin, "-1 0 0.5");
  assert.deepEqual(frame.lattice, [[2, 0, 0], [0, 3, 0], [0, 0, 4]]);
  assert.deepEqual(frame.columns.pos, [[0.5, 1, 1], [-0.5, 2, 3]]);
  assert.deepEqual(frame.columns.velo, [[1, 0, 0], [0, -1, 2]]);
  assert.deepEqual(frame.columns.masses, [[1], [2.5]]);
  assert.deepEqual(frame.columns.momenta, [[1, 0, 0], [0, -2.5, 5]]);
  assert.deepEqual(frame.columns.species, [["A"], ["B"]]);
  assert.equal(Number(frame.info.Time), 0.25);
});
