/**
 * carom run --observe: pressure against the hard-disk equation of state, temperature against
 * the --final state, g(r) counting every neighbour, MSD, CSV output and bad values refused.
 */
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { boxCovariance } from "../src/cli/observe.js";
import { carom, ensureBuilt, tempDir } from "./support/cli.js";

before(() => ensureBuilt());

const R = 1;

/** A walled 2D gas: n × n disks of radius 1 on a square lattice at packing fraction eta, unit speeds in seeded directions, elastic. */
function gasScene(n: number, eta: number, seed: number, periodic = false): { text: string; side: number; count: number } {
  const count = n * n;
  const side = Math.sqrt((count * Math.PI * R * R) / eta);
  let s = seed >>> 0;
  const rnd = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const h = side / n;
  const bodies = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = 2 * Math.PI * rnd();
      bodies.push({ id: `d${i}-${j}`, position: [(i + 0.5) * h, (j + 0.5) * h], velocity: [Math.cos(a), Math.sin(a)], radius: R, mass: 1 + (i % 3) });
    }
  }
  const scene = { carom: 1, dimensions: 2, duration: 10, restitution: 1, bounds: periodic ? { min: [0, 0], max: [side, side], periodic: true } : { min: [0, 0], max: [side, side] }, bodies };
  return { text: JSON.stringify(scene), side, count };
}

interface Observed {
  bodies: number;
  duration: number;
  pressure: { Z: number; kT: number; bodyCollisions: number; bounds: { impulse: number; pressure: number; Z: number; area: number; volume: number }; walls: { impulse: number } };
  temperature: { start: number; end: number; mean: number; samples: number };
  rate: { bodyCollisionsPerBody: number; wallHitsPerBody: number; bodyCollisions: number; wallHits: number };
  rdf: { rMax: number; bins: number; r: number[]; g: number[]; neighbours: number; samples: number };
  msd: { t: number[]; msd: number[] };
}

function run(args: string[]): { summary: { events: { body: number; bounds: number }; outputs: Record<string, string> }; observed: Observed; dir: string; gas: ReturnType<typeof gasScene> } {
  const dir = tempDir();
  const gas = gasScene(12, 0.3, 7);
  writeFileSync(join(dir, "gas.json"), gas.text);
  const r = carom(["run", join(dir, "gas.json"), "--json", "--observe-out", join(dir, "obs.json"), ...args]);
  assert.equal(r.code, 0, r.stderr);
  return { summary: JSON.parse(r.stdout), observed: JSON.parse(readFileSync(join(dir, "obs.json"), "utf8")) as Observed, dir, gas };
}

test("the box covariance that corrects g(r) for the walls matches the closed forms for a rectangle and a box (r up to the smallest side)", () => {
  const [a, b, c] = [3, 5, 4];
  for (const r of [0, 0.5, 1.7, 3]) {
    const square = (a * b - (2 * r * (a + b)) / Math.PI + (r * r) / Math.PI) / (a * b);
    assert.ok(Math.abs(boxCovariance({ min: [1, -2], max: [1 + a, -2 + b] }, r) - square) < 1e-6, `2D r = ${r}`);
    const cube = (a * b * c - (r * (a * b + b * c + c * a)) / 2 + (2 * r * r * (a + b + c)) / (3 * Math.PI) - r ** 3 / (4 * Math.PI)) / (a * b * c);
    assert.ok(Math.abs(boxCovariance({ min: [0, 0, 0], max: [a, b, c] }, r) - cube) < 1e-4, `3D r = ${r}`);
  }
  assert.equal(boxCovariance({ min: [0, 0], max: [1, 1] }, 1.5), 0, "no pair farther apart than the diagonal");
});

test("pressure: the collision-virial Z of a walled hard-disk gas at eta = 0.3 is within 4% of Henderson's equation of state, and agrees with the bounds' pressure on the centres' box", () => {
  const { summary, observed: o, gas } = run(["--duration", "200", "--observe", "pressure,rate,temperature"]);
  const eta = 0.3;
  const henderson = (1 + (eta * eta) / 8) / (1 - eta) ** 2; // 2.0638
  // Z from body-body collisions: P_c V_c / (N kT), the pressure on (and the volume of) the box
  // the centres reach. (A walled box of 144 disks: wall layers shift it; the 0.5% is for periodic boxes.)
  assert.ok(Math.abs(o.pressure.Z / henderson - 1) < 0.04, `Z = ${o.pressure.Z}, Henderson ${henderson}`);
  assert.equal(o.pressure.bodyCollisions, summary.events.body);
  // The bounds: impulse per length of the box's perimeter per time, times its area, over N kT. The
  // virial theorem ties it to Z: the same force on the centres' box (side L - 2r) gives Z.
  const L = gas.side;
  assert.ok(Math.abs(o.pressure.bounds.area - 4 * L) < 1e-9 && Math.abs(o.pressure.bounds.volume - L * L) < 1e-9);
  const zCentres = (o.pressure.bounds.Z * (L - 2 * R)) / L;
  assert.ok(Math.abs(zCentres / o.pressure.Z - 1) < 0.03, `bounds on the centres' box ${zCentres}, virial ${o.pressure.Z}`);
  assert.equal(o.pressure.walls.impulse, 0);
  // Elastic: kT stays put; rate = 2 C / (N t) from the summary's own counts.
  assert.ok(Math.abs(o.temperature.end / o.temperature.start - 1) < 1e-12);
  assert.equal(o.temperature.samples, 11);
  assert.equal(o.rate.bodyCollisionsPerBody, (2 * summary.events.body) / gas.count / 200);
  assert.equal(o.rate.wallHitsPerBody, summary.events.bounds / gas.count / 200);
});

test("temperature: kT at the end is exactly 2 KE / (d N) computed from the --final scene, and at the start from the input", () => {
  const dir = tempDir();
  const { observed: o, gas } = run(["--duration", "7", "--observe", "temperature", "--final", join(dir, "end.json")]);
  const kT = (scene: { bodies: { velocity?: number[]; mass?: number }[] }): number => {
    let e = 0;
    for (const b of scene.bodies) {
      const [vx, vy] = b.velocity ?? [0, 0];
      e += (b.mass ?? 1) * (vx * vx + vy * vy);
    }
    return e / (2 * scene.bodies.length);
  };
  assert.equal(o.temperature.end, kT(JSON.parse(readFileSync(join(dir, "end.json"), "utf8"))));
  assert.equal(o.temperature.start, kT(JSON.parse(gas.text)));
  assert.equal(o.pressure, undefined, "only what was asked for");
});

test("rdf: g(r) is zero inside contact, peaks at contact, and counts N - 1 neighbours when rMax spans the box; msd grows from 0", () => {
  const gas = gasScene(12, 0.3, 7);
  const diagonal = gas.side * Math.SQRT2 * 1.001;
  const { observed: o } = run(["--duration", "40", "--observe", "rdf,msd", "--rdf-max", String(diagonal), "--rdf-bins", "400"]);
  assert.equal(o.rdf.bins, 400);
  assert.equal(o.rdf.samples, 11);
  assert.ok(Math.abs(o.rdf.neighbours - (gas.count - 1)) < 1e-9, `${o.rdf.neighbours} neighbours`);
  const width = diagonal / 400;
  o.rdf.r.forEach((r, k) => {
    if (r + width / 2 < 2 * R) assert.equal(o.rdf.g[k], 0, `no pair closer than contact, r = ${r}`);
  });
  // The first bin wholly outside contact: near g(2r) = (Z - 1) / (2 eta) = 1.77 (Henderson), less a little for the walls.
  const contact = o.rdf.r.findIndex((r) => r - width / 2 >= 2 * R);
  assert.ok(o.rdf.g[contact] > 1.3 && o.rdf.g[contact] < 2, `contact peak ${o.rdf.g[contact]}`);
  // Far away g is 1 once the box's edges are divided out (mean over 6r..12r; 400 narrow bins are noisy one by one).
  const far = o.rdf.g.filter((_, k) => o.rdf.r[k] > 6 * R && o.rdf.r[k] < 12 * R);
  const mean = far.reduce((s, v) => s + v, 0) / far.length;
  assert.ok(Math.abs(mean - 1) < 0.05, `g(6r..12r) = ${mean}`);
  // Default range: 8 diameters (16 here; half the box side is 19.4).
  const d = run(["--duration", "1", "--observe", "rdf"]).observed;
  assert.ok(d.rdf.rMax === 16 && d.rdf.bins === 100 && gas.side / 2 > 16, JSON.stringify(d.rdf.rMax));
  assert.deepEqual(o.msd.t, [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40]);
  assert.equal(o.msd.msd[0], 0);
  for (let k = 1; k < o.msd.msd.length; k++) assert.ok(o.msd.msd[k] > 0);
  assert.ok(o.msd.msd[10] > o.msd.msd[1], JSON.stringify(o.msd.msd));
});

test("--observe-out FILE.csv writes one row per number; the default is observables.json next to --events", () => {
  const dir = tempDir();
  const gas = gasScene(4, 0.2, 3);
  writeFileSync(join(dir, "gas.json"), gas.text);
  const json = carom(["run", join(dir, "gas.json"), "--quiet", "--observe", "pressure,msd", "--events", join(dir, "out", "events.ndjson")]);
  assert.equal(json.code, 0, json.stderr);
  const o = JSON.parse(readFileSync(join(dir, "out", "observables.json"), "utf8")) as Observed;
  const csv = carom(["run", join(dir, "gas.json"), "--quiet", "--observe", "pressure,msd", "--observe-out", join(dir, "o.csv")]);
  assert.equal(csv.code, 0, csv.stderr);
  const rows = readFileSync(join(dir, "o.csv"), "utf8").trim().split("\n").map((l) => l.split(","));
  assert.deepEqual(rows[0], ["observable", "quantity", "t", "r", "value"]);
  assert.equal(Number(rows.find((r) => r[0] === "pressure" && r[1] === "Z")?.[4]), o.pressure.Z);
  assert.deepEqual(rows.filter((r) => r[0] === "msd").map((r) => Number(r[4])), o.msd.msd);
  assert.ok(!existsSync(join(dir, "observables.json")));
});

test("bad --observe values exit 2 naming the flag, and nothing is written", () => {
  const dir = tempDir();
  const gas = gasScene(3, 0.2, 1);
  const scene = join(dir, "gas.json");
  writeFileSync(scene, gas.text);
  const refused = (args: string[], message: RegExp): void => {
    const r = carom(["run", ...args]);
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, message);
  };
  refused([scene, "--observe", "nope"], /--observe .*pressure, temperature, rate, rdf, msd; got "nope"/);
  refused([scene, "--observe", "pressure,"], /--observe .*got ""/);
  refused([scene, "--observe-out", join(dir, "o.json")], /--observe-out goes with --observe/);
  refused([scene, "--observe", "pressure", "--rdf-bins", "10"], /--rdf-bins goes with --observe rdf/);
  refused([scene, "--observe", "rdf", "--rdf-bins", "0"], /--rdf-bins must be an integer/);
  refused([scene, "--observe", "rdf", "--rdf-bins", "2.5"], /--rdf-bins must be an integer/);
  refused([scene, "--observe", "rdf", "--rdf-max", "0"], /--rdf-max must be > 0/);
  refused([scene, "--observe", "rdf", "--observe-out", join(dir, "o.txt")], /--observe-out writes \.json or \.csv/);
  refused([scene, "--observe", "rdf", "--observe-out", join(dir, "e.json"), "--events", join(dir, "e.json")], /--observe-out .* names the same file as --events/);
  refused([scene, "--observe", "rdf", "--observe-out", scene.replace(/gas\.json$/, "gas.json")], /is the input scene/);
  refused(["--observe", "pressure"], /--observe needs a scene file/);
  assert.ok(!existsSync(join(dir, "o.json")) && !existsSync(join(dir, "observables.json")));
});

test("3D: the spheres example's g(r) counts N - 1 neighbours across its box, kT matches --final, and Z is finite", () => {
  const dir = tempDir();
  const example = join(import.meta.dirname, "..", "examples", "spheres.json");
  const scene = JSON.parse(readFileSync(example, "utf8")) as { bounds: { min: number[]; max: number[] }; bodies: { velocity?: number[]; mass?: number; fixed?: boolean }[] };
  const diagonal = Math.hypot(...scene.bounds.max.map((m, a) => m - scene.bounds.min[a])) * 1.001;
  const r = carom(["run", example, "--quiet", "--duration", "2", "--observe", "rdf,temperature,pressure", "--rdf-max", String(diagonal), "--observe-out", join(dir, "o.json"), "--final", join(dir, "end.json")]);
  assert.equal(r.code, 0, r.stderr);
  const o = JSON.parse(readFileSync(join(dir, "o.json"), "utf8")) as Observed & { dimensions: number };
  const moving = scene.bodies.filter((b) => b.fixed !== true).length;
  assert.equal(o.dimensions, 3);
  assert.equal(o.bodies, moving);
  assert.ok(Math.abs(o.rdf.neighbours - (moving - 1)) < 1e-9, `${o.rdf.neighbours}`);
  const end = JSON.parse(readFileSync(join(dir, "end.json"), "utf8")) as typeof scene;
  let e = 0;
  for (const b of end.bodies) {
    if (b.fixed === true) continue;
    const [vx, vy, vz] = b.velocity ?? [0, 0, 0];
    e += (b.mass ?? 1) * (vx * vx + vy * vy + vz * vz);
  }
  assert.equal(o.temperature.end, e / (3 * moving));
  assert.ok(Number.isFinite(o.pressure.Z) && Number.isFinite(o.pressure.bounds.Z));
});

for (const engine of ["world", "science"]) {
  test(`periodic box on the ${engine} engine: no bounds events, Z within 3% of Henderson at eta = 0.3, g(r) with minimum image tends to 1, MSD from unwrapped positions grows past the box`, () => {
    const dir = tempDir();
    const gas = gasScene(12, 0.3, 7, true);
    writeFileSync(join(dir, "gas.json"), gas.text);
    const r = carom(["run", join(dir, "gas.json"), "--json", "--duration", "200", "--engine", engine, "--observe", "pressure,rdf,msd", "--observe-out", join(dir, "o.json")]);
    assert.equal(r.code, 0, r.stderr);
    const summary = JSON.parse(r.stdout) as { events: { bounds: number } };
    const o = JSON.parse(readFileSync(join(dir, "o.json"), "utf8")) as Observed;
    assert.equal(summary.events.bounds, 0);
    const henderson = (1 + 0.09 / 8) / 0.49;
    assert.ok(Math.abs(o.pressure.Z / henderson - 1) < 0.03, `Z = ${o.pressure.Z}, Henderson ${henderson}`);
    assert.equal(o.pressure.bounds.impulse, 0);
    const far = o.rdf.g.filter((_, k) => o.rdf.r[k] > 6 * R);
    const mean = far.reduce((s, v) => s + v, 0) / far.length;
    assert.ok(Math.abs(mean - 1) < 0.05, `g(6r..16r) = ${mean}`);
    // Wrapped positions would saturate at the mean squared distance of two random points of the box, L²/3;
    // unwrapped, the MSD grows past it and on (diffusion).
    const last = o.msd.msd.length - 1, half = o.msd.t.findIndex((t) => t >= o.msd.t[last] / 2);
    assert.ok(o.msd.msd[last] > 1.15 * (gas.side * gas.side) / 3, `msd ${o.msd.msd[last]}, L²/3 = ${(gas.side * gas.side) / 3}`);
    assert.ok(o.msd.msd[last] > 1.5 * o.msd.msd[half], JSON.stringify(o.msd.msd));
  });
}
