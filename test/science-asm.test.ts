/**
 * The science engine's two asm.js kernels validate and link as asm.js (V8 compiles them ahead
 * of time; otherwise it runs them as ordinary JavaScript and says why in a process warning), and
 * the check sees such a warning when there is one.
 */
import { test } from "node:test";
import assert from "node:assert/strict";

/** The asm.js warnings V8 gives while `run` runs (they arrive on a later tick). */
async function asmWarnings(run: () => void): Promise<string[]> {
  const seen: string[] = [];
  const listen = (w: Error): void => {
    if (/asm\.js/.test(w.message)) seen.push(w.message);
  };
  process.on("warning", listen);
  try {
    run();
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off("warning", listen);
  }
  return seen;
}

test("the event and list kernels are valid asm.js and link to the engine's buffer", async () => {
  const { HardSpheres, latticeStart } = await import("../src/science.js");
  const warnings = await asmWarnings(() => {
    const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 500, packingFraction: 0.45, seed: 1 }));
    sim.advanceCollisions(20_000);
    assert.ok(sim.stats.shellExits > 0);
  });
  assert.deepEqual(warnings, []);
});

test("an invalid asm.js module is reported (the check above can fail)", async () => {
  const warnings = await asmWarnings(() => {
    // asm.js has no && operator
    const source = '"use asm"; function g(x) { x = x | 0; return (x && 1) | 0; } return { g: g };';
    const make = new Function("stdlib", "foreign", "buffer", source) as (s: object, f: object, b: ArrayBuffer) => { g(x: number): number };
    assert.equal(make(globalThis, {}, new ArrayBuffer(65536)).g(3), 1);
  });
  assert.equal(warnings.length, 1, warnings.join("\n"));
  assert.match(warnings[0], /Invalid asm\.js/);
});

test("run as ordinary JavaScript (asm.js refusing to link), the kernels give the same bits", async () => {
  const { HardSpheres, latticeStart } = await import("../src/science.js");
  const { EngineMemory } = await import("../src/science/engine-memory.js");
  const run = (): Float64Array => {
    const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 500, packingFraction: 0.45, seed: 3 }));
    sim.advanceCollisions(30_000);
    const out = new Float64Array(6 * sim.count + 1);
    sim.positionsInto(out.subarray(0, 3 * sim.count));
    sim.velocitiesInto(out.subarray(3 * sim.count, 6 * sim.count));
    out[6 * sim.count] = sim.pressure();
    return out;
  };
  const compiled = run();
  // a typed-array constructor that is not the standard one: asm.js does not link, V8 warns and
  // runs the same functions as plain JavaScript
  EngineMemory.stdlib = { Math, Infinity, Float64Array: class extends Float64Array {}, Int32Array: class extends Int32Array {}, Float32Array: class extends Float32Array {} };
  let plain: Float64Array;
  try {
    const warnings = await asmWarnings(() => {
      plain = run();
    });
    assert.ok(warnings.some((w) => /Linking failure in asm\.js/.test(w)), warnings.join("\n"));
  } finally {
    EngineMemory.stdlib = globalThis;
  }
  assert.ok(compiled.every((x, i) => Object.is(x, plain[i])), "the same positions, velocities and pressure, bit for bit");
});

test("a layout past 2 GiB (the kernels' int32 byte offsets) is a RangeError naming the size, before anything is allocated", async () => {
  const { EngineMemory } = await import("../src/science/engine-memory.js");
  const callbacks = { predictExact: () => {}, collided: () => {} };
  assert.throws(() => new EngineMemory(4_000_000, 256, callbacks), { name: "RangeError", message: /^4000000 bodies with neighbour lists of 256 entries need \d+\.\d GiB of engine memory; the engine holds at most 2 GiB/ });
  // the largest count the options allow fits, at the default skin's list capacity (32) in 3D
  const { kernelLayout } = await import("../src/science/edmd-kernel.js");
  const n = 4_194_304;
  assert.ok(kernelLayout(n, 32, 2 ** 24, 4 * (n + 1), Math.ceil(n / 2.9), 8).bytes <= 2 ** 31);
});
