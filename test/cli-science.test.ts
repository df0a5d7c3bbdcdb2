/**
 * The science parts of the command line: `carom lattice` writes a fluid start; `carom run` runs
 * a periodic hard-body scene on the science engine, prints observables with errors, reproduces
 * a published equation of state within its error bar, and checkpoints: a run resumed from a
 * checkpoint (written at its end or when a signal stops it) gives the same bits as one that never
 * stopped.
 */
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { CLI, ROOT, carom, ensureBuilt, tempDir } from "./support/cli.js";

before(() => ensureBuilt());

interface SceneFile {
  dimensions: number;
  bounds: { min: number[]; max: number[]; periodic: boolean };
  bodies: { position: number[]; velocity: number[]; radius: number; mass: number }[];
}

test("carom lattice writes a valid periodic fluid at the packing fraction, with exactly kT and no momentum, mixtures and masses included", () => {
  const dir = tempDir();
  for (const [d, extra] of [[3, []], [2, ["--radii", "0.5,0.7", "--fractions", "1,1", "--masses", "1,2", "--temperature", "2.5"]]] as const) {
    const out = join(dir, `fluid${d}.json`);
    const r = carom(["lattice", "--dimensions", String(d), "--count", "256", "--packing-fraction", "0.4", "--seed", "5", ...extra, "-o", out]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^carom lattice: 256 (spheres|disks) at packing fraction 0.4/);
    assert.equal(carom(["validate", out]).code, 0);
    const scene = JSON.parse(readFileSync(out, "utf8")) as SceneFile;
    assert.equal(scene.bounds.periodic, true);
    const L = scene.bounds.max[0];
    let filled = 0, e2 = 0;
    const p = [0, 0, 0];
    for (const b of scene.bodies) {
      filled += d === 3 ? (4 / 3) * Math.PI * b.radius ** 3 : Math.PI * b.radius ** 2;
      b.velocity.forEach((v, a) => {
        p[a] += b.mass * v;
        e2 += b.mass * v * v;
      });
      b.position.forEach((x) => assert.ok(x >= 0 && x < L));
    }
    assert.ok(Math.abs(filled / L ** d - 0.4) < 1e-12, `packing fraction ${filled / L ** d}`);
    const kT = d === 2 ? 2.5 : 1;
    assert.ok(Math.abs(e2 / (d * 256) / kT - 1) < 1e-12, `kT ${e2 / (d * 256)}`);
    for (const c of p) assert.ok(Math.abs(c) < 1e-12, `momentum ${p}`);
    if (d === 2) assert.deepEqual(new Set(scene.bodies.map((b) => `${b.radius}/${b.mass}`)), new Set(["0.5/1", "0.7/2"]));
  }
  for (const [phi, message] of [["0.99", /--packing-fraction 0.99 is above close packing of equal spheres/], ["0.72", /--packing-fraction 0.72 is beyond what these sizes reach as a fluid/]] as const) {
    const bad = carom(["lattice", "--dimensions", "3", "--count", "100", "--packing-fraction", phi, "--seed", "1", "-o", join(dir, "x.json")]);
    assert.equal(bad.code, 2, bad.stderr);
    assert.match(bad.stderr, message);
    assert.equal(existsSync(join(dir, "x.json")), false);
  }
  assert.match(carom(["lattice", "--help"]).stdout, /--packing-fraction/);
  assert.match(carom(["lattice", "--count", "10"]).stderr, /--dimensions is required/);
});

test("carom lattice + carom run --observe: hard disks at φ = 0.30 give Z within 3 standard errors of Clisby–McCoy's 2.0633, printed as mean ± error", () => {
  const dir = tempDir();
  const fluid = join(dir, "fluid.json");
  assert.equal(carom(["lattice", "--dimensions", "2", "--count", "1024", "--packing-fraction", "0.3", "--seed", "2", "-o", fluid, "-q"]).code, 0);
  const r = carom(["run", fluid, "--duration", "40", "--observe", "pressure,temperature,rate,msd", "--observe-out", join(dir, "o.json")]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /the science engine/);
  const m = /Z = PV\/NkT (\S+) ± (\S+)/.exec(r.stdout);
  assert.ok(m !== null, r.stdout);
  const [z, err] = [Number(m[1]), Number(m[2])];
  assert.ok(err > 0 && err < 0.02, `error ${err}`);
  assert.ok(Math.abs(z - 2.0633) < 3 * err, `Z = ${z} ± ${err}`);
  const o = JSON.parse(readFileSync(join(dir, "o.json"), "utf8")) as { pressure: { Z: number; error: number; plateau: boolean }; msd: { D: number; error: number }; samples: number };
  assert.equal(o.samples, 1000);
  assert.equal(o.pressure.Z.toFixed(3), z.toFixed(3));
  assert.ok(o.msd.D > 0 && o.msd.error > 0 && o.msd.error < 0.1 * o.msd.D, `D = ${o.msd.D} ± ${o.msd.error}`);
  assert.match(r.stdout, /self-diffusion D \S+ ± \S+/);
});

test("running 2T in one go and T + --checkpoint + --resume for T give the same final state and observables, to the byte", () => {
  const dir = tempDir();
  const fluid = join(dir, "fluid.json");
  assert.equal(carom(["lattice", "--dimensions", "3", "--count", "500", "--packing-fraction", "0.35", "--seed", "3", "-o", fluid, "-q"]).code, 0);
  const observe = ["--observe", "pressure,temperature,rate,msd,rdf", "--sample-every", "0.01"];
  const whole = carom(["run", fluid, "--duration", "2", "--final", join(dir, "a.json"), ...observe, "--observe-out", join(dir, "a-obs.json"), "--trajectory", join(dir, "a.xyz"), "--every", "0.5", "--quiet"]);
  assert.equal(whole.code, 0, whole.stderr);
  const first = carom(["run", fluid, "--duration", "1", "--checkpoint", join(dir, "cp.json"), ...observe, "--observe-out", join(dir, "first.json"), "--trajectory", join(dir, "b1.xyz"), "--every", "0.5", "--quiet"]);
  assert.equal(first.code, 0, first.stderr);
  const cp = JSON.parse(readFileSync(join(dir, "cp.json"), "utf8")) as { carom: string; run: { end: number }; engine: { time: number } };
  assert.equal(cp.carom, "run-checkpoint");
  assert.equal(cp.engine.time, 1);
  const second = carom(["run", "--resume", join(dir, "cp.json"), "--duration", "1", "--final", join(dir, "b.json"), "--observe-out", join(dir, "b-obs.json"), "--trajectory", join(dir, "b2.xyz"), "--json"]);
  assert.equal(second.code, 0, second.stderr);
  assert.equal(readFileSync(join(dir, "b.json"), "utf8"), readFileSync(join(dir, "a.json"), "utf8"));
  assert.equal(readFileSync(join(dir, "b-obs.json"), "utf8"), readFileSync(join(dir, "a-obs.json"), "utf8"));
  // the frames: 0, 0.5, 1 in the first part, 1.5 and 2 after the resume, as in the whole
  const frames = (f: string): string[] => readFileSync(join(dir, f), "utf8").split(/\n(?=500\n)/);
  assert.deepEqual([...frames("b1.xyz"), ...frames("b2.xyz")].map((x) => x.trim()), frames("a.xyz").map((x) => x.trim()));
  const summary = JSON.parse(second.stdout) as { engine: string; start: number; end: number };
  assert.deepEqual([summary.engine, summary.start, summary.end], ["science", 1, 2]);
});

test("a signal stops a checkpointed run with its exit code and the checkpoint at that moment; --resume then finishes the run", async () => {
  const dir = tempDir();
  const fluid = join(dir, "fluid.json");
  assert.equal(carom(["lattice", "--dimensions", "2", "--count", "400", "--packing-fraction", "0.4", "--seed", "4", "-o", fluid, "-q"]).code, 0);
  const cpPath = join(dir, "cp.json");
  const child = spawn(process.execPath, [CLI, "run", fluid, "--duration", "1e7", "--checkpoint", cpPath, "--every-checkpoint", "5", "--quiet"], { cwd: ROOT });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  for (let k = 0; k < 600 && !existsSync(cpPath); k++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(existsSync(cpPath), "a checkpoint every 5 time units");
  child.kill("SIGTERM");
  const r = { code: await done, stderr };
  assert.equal(r.code, 143, r.stderr);
  assert.match(r.stderr, /interrupted at t = \S+ of 10000000; no output written but the checkpoint .* \(carom run --resume .* goes on\)/);
  const cp = JSON.parse(readFileSync(cpPath, "utf8")) as { engine: { time: number } };
  const resumed = carom(["run", "--resume", cpPath, "--duration", "2", "--json", "--final", join(dir, "end.json")]);
  assert.equal(resumed.code, 0, resumed.stderr);
  const s = JSON.parse(resumed.stdout) as { start: number; end: number };
  assert.deepEqual([s.start, s.end], [cp.engine.time, cp.engine.time + 2]);
});

test("--engine science and the science flags say which scenes they cannot run, and --resume refuses what it cannot change", () => {
  const dir = tempDir();
  const walled = join(dir, "walled.json");
  writeFileSync(walled, JSON.stringify({ carom: 1, bounds: { min: [0, 0], max: [10, 10] }, bodies: [{ position: [2, 2], velocity: [1, 0], radius: 0.5 }] }));
  const cases: [string[], RegExp][] = [
    [["run", walled, "--engine", "science"], /--engine science needs the science engine, which cannot run .*walled\.json: its bounds are not periodic on every axis/],
    [["run", walled, "--checkpoint", join(dir, "c.json")], /--checkpoint needs the science engine, which cannot run .*: its bounds are not periodic/],
    [["run", walled, "--engine", "fast"], /--engine must be auto, world or science, got "fast"/],
    [["run", "--resume", join(dir, "none.json")], /none\.json: cannot read the checkpoint: no such file/],
    [["run", "--resume", walled], /walled\.json: not a carom run checkpoint/],
    [["run", walled, "--resume", walled], /--resume .* goes on from the checkpoint's scene; leave out/],
  ];
  for (const [args, message] of cases) {
    const r = carom(args);
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, message);
  }
});
