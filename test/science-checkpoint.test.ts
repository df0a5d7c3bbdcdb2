/**
 * HardSpheres checkpoints: running 2T in one go and running T, writing a checkpoint through JSON,
 * restoring it and running T more give the same bits — every body's stored state, the event
 * engine's own state and the measurement sums (pressure, MSD from the unwrapped positions) — for
 * several seeds and densities, with growth, both thermostats, restitution and shear. Taking a
 * checkpoint changes nothing; an edited or malformed one is refused with the field named.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { HardSpheres, latticeStart, type HardSpheresCheckpoint, type HardSpheresOptions } from "../src/exports/science.js";

interface Case {
  name: string;
  options: HardSpheresOptions;
  /** The time T of each half. */
  half: number;
}

function start(d: 2 | 3, count: number, phi: number, seed: number, extra: Partial<HardSpheresOptions> = {}): HardSpheresOptions {
  return { ...latticeStart({ dimensions: d, count, packingFraction: phi, seed }), ...extra };
}

const CASES: Case[] = [
  { name: "disks at φ = 0.30, seed 1", options: start(2, 400, 0.3, 1), half: 3 },
  { name: "disks at φ = 0.65 (dense), seed 2", options: start(2, 400, 0.65, 2), half: 0.6 },
  { name: "spheres at φ = 0.20, seed 3", options: start(3, 256, 0.2, 3), half: 2 },
  { name: "spheres at φ = 0.45, seed 4, mixed masses", options: start(3, 256, 0.45, 4, { masses: Array.from({ length: 256 }, (_, i) => 1 + (i % 3)) }), half: 0.5 },
  { name: "spheres growing (g = 0.02), seed 5", options: start(3, 256, 0.3, 5, { growthRate: 0.02 }), half: 2 },
  { name: "disks with Andersen's thermostat, seed 6", options: start(2, 300, 0.4, 6, { thermostat: { temperature: 1.5, rate: 0.3, seed: 6 } }), half: 2 },
  { name: "spheres with rescaling, seed 7", options: start(3, 256, 0.3, 7, { thermostat: { temperature: 2, interval: 0.37 } }), half: 1.5 },
  { name: "granular spheres (e = 0.8, McNamara–Falcon), seed 8", options: start(3, 256, 0.25, 8, { restitution: 0.8, restitutionSpeed: 0.5 }), half: 2 },
  { name: "sheared disks (Lees–Edwards, γ̇ = 0.3) with rescaling, seed 9", options: start(2, 400, 0.3, 9, { shearRate: 0.3, thermostat: { temperature: 1, interval: 0.5 } }), half: 3 },
  { name: "sheared granular spheres, seed 10", options: start(3, 500, 0.2, 10, { shearRate: -0.5, restitution: 0.9 }), half: 2 },
];

/** Everything a run produced that must match to the bit: the checkpoint itself, the unwrapped positions and the sums. */
function fingerprint(sim: HardSpheres): { checkpoint: HardSpheresCheckpoint; unwrapped: number[]; sums: object; stats: object } {
  return {
    checkpoint: sim.checkpoint(),
    unwrapped: Array.from(sim.unwrappedPositionsInto(new Float64Array(sim.dimensions * sim.count))),
    sums: sim.sums(),
    stats: { ...sim.stats },
  };
}

for (const c of CASES) {
  test(`${c.name}: 2T in one go and T + checkpoint (through JSON) + restore + T give the same bits, sums and collisions`, () => {
    const whole = new HardSpheres(c.options);
    whole.advance(c.half);
    const reference = whole.unwrappedPositionsInto(new Float64Array(whole.dimensions * whole.count));
    whole.resetMeasurements();
    const seenWhole: number[] = [];
    whole.onCollision = (i, j, t, J) => seenWhole.push(i, j, t, J);
    whole.advance(c.half);
    assert.ok(seenWhole.length / 4 > 100, `${seenWhole.length / 4} collisions in the second half`);

    const first = new HardSpheres(c.options);
    first.advance(c.half);
    first.resetMeasurements();
    const text = JSON.stringify(first.checkpoint());
    const second = HardSpheres.restore(JSON.parse(text) as HardSpheresCheckpoint);
    const seen: number[] = [];
    second.onCollision = (i, j, t, J) => seen.push(i, j, t, J);
    second.advance(c.half);

    assert.deepEqual(seen, seenWhole, "the same collisions, at the same times, with the same impulses");
    assert.deepEqual(fingerprint(second), fingerprint(whole));
    // the measurement sums of the window the checkpoint carried
    if (c.options.shearRate === undefined) assert.equal(second.pressure(), whole.pressure());
    else assert.deepEqual(second.shearStress(), whole.shearStress());
    // MSD since the half from unwrapped positions, which the image counters carry across
    const msd = (sim: HardSpheres): number => {
      const u = sim.unwrappedPositionsInto(new Float64Array(sim.dimensions * sim.count));
      return u.reduce((s, x, k) => s + (x - reference[k]) ** 2, 0);
    };
    assert.equal(msd(second), msd(whole));
  });
}

test("taking a checkpoint does not change the run, and a restored run checkpoints to the same object", () => {
  const opts = start(3, 256, 0.4, 11, { thermostat: { temperature: 1, rate: 0.2, seed: 3 } });
  const a = new HardSpheres(opts), b = new HardSpheres(opts);
  a.advance(1);
  b.advance(1);
  const cp = b.checkpoint();
  assert.deepEqual(HardSpheres.restore(cp).checkpoint(), cp, "restore then checkpoint is the identity");
  a.advance(1);
  b.advance(1);
  assert.deepEqual(b.checkpoint(), a.checkpoint());
});

test("numbers JSON cannot hold survive: -0, Infinity and -Infinity are written as strings", () => {
  const sim = new HardSpheres({ dimensions: 2, box: [10, 10], positions: [1, 1, 5, 5], velocities: [-0, 1, 0, -1], radii: 0.5 });
  const cp = sim.checkpoint();
  const text = JSON.stringify(cp);
  assert.ok(text.includes('"-0"'), "a velocity of -0 is kept as -0");
  assert.ok(text.includes('"Infinity"') && text.includes('"-Infinity"'), "no event (Infinity), no collision yet (-Infinity)");
  const back = HardSpheres.restore(JSON.parse(text));
  const v = back.velocitiesInto(new Float64Array(4));
  assert.ok(Object.is(v[0], -0));
});

test("an edited or malformed checkpoint is a RangeError naming the field", () => {
  const sim = new HardSpheres(start(2, 64, 0.3, 1));
  sim.advance(1);
  const good = JSON.parse(JSON.stringify(sim.checkpoint())) as HardSpheresCheckpoint;
  const edit = (f: (cp: Record<string, any>) => void): HardSpheresCheckpoint => {
    const cp = structuredClone(good) as Record<string, any>;
    f(cp);
    return cp as HardSpheresCheckpoint;
  };
  const cases: [HardSpheresCheckpoint, RegExp][] = [
    [edit((cp) => (cp.engine.state[12] = cp.engine.state[12] + 1e-9)), /checksum does not match/],
    [edit((cp) => (cp.velocities[3] = "x")), /checkpoint\.velocities\[3\] must be a number/],
    [edit((cp) => (cp.engine.state = cp.engine.state.slice(1))), /checkpoint\.engine\.state must hold 512 entries, got 511/],
    [edit((cp) => (cp.masses[0] = -1)), /checkpoint\.masses\[0\] must be a finite number > 0/],
    [edit((cp) => (cp.engine.events[4] = 64)), /checkpoint\.engine\.events\[4\] must be a body/],
    [edit((cp) => (cp.version = 2)), /checkpoint\.version must be 1/],
    [edit((cp) => delete cp.engine.listEntries), /checkpoint\.engine\.listEntries is missing/],
    [edit((cp) => (cp.engine.cellCounts[0] += 1)), /cellCounts must add up|checksum/],
    [null as unknown as HardSpheresCheckpoint, /checkpoint must be an object/],
  ];
  for (const [cp, message] of cases) assert.throws(() => HardSpheres.restore(cp), message);
});
