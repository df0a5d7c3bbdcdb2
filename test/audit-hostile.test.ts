/**
 * An attacker's audit of the public surface: each case here was a hang, a stack trace, a NaN in
 * the output or a silently wrong result before its fix, and is now a clear error naming the
 * field (or a correct result).
 */
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatScene, parseJson, World2D, type Scene } from "../src/index.js";
import { FantasticBitsSimulation } from "../src/exports/contest.js";
import { HardSpheres, latticeStart, maxwellVelocities, Packer, ScienceRandom } from "../src/exports/science.js";
import { PoolSystem, readPoolShot, systemOf } from "../src/exports/pool.js";
import { carom, CLI, ensureBuilt, ROOT, tempDir } from "./support/cli.js";

before(() => ensureBuilt());

/** Two discs heading for each other in a box, and one crossing their path. */
function smallWorld(options: ConstructorParameters<typeof World2D>[0] = {}): World2D {
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] }, ...options });
  w.addBody({ id: "a", x: 2, y: 5, vx: 1, radius: 0.5 });
  w.addBody({ id: "b", x: 8, y: 5, vx: -1, radius: 0.5 });
  w.addBody({ id: "c", x: 5, y: 2, vy: 1, radius: 0.5 });
  return w;
}

/** A CLI run that must fail as invalid input: exit code 2, the message, no stack trace, nothing written. */
function refused(args: string[], message: string, dir: string): void {
  const r = carom(args, { timeout: 20_000 });
  assert.equal(r.code, 2, `${args.join(" ")}: exit ${r.code}: ${r.stderr}`);
  assert.ok(r.stderr.includes(message), `expected "${message}" in:\n${r.stderr}`);
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, "no stack trace");
  assert.equal(r.stdout, "");
  assert.deepEqual(readdirSync(dir), [], "nothing written");
}

test("World: restore from inside onCollision is a RangeError, not an event loop replaying the same collision for ever", () => {
  // Before: every collision turned the clock back to 0 and advance(20) never returned (with the
  // default budget of 5e7 events; this budget only keeps a regression from hanging the suite).
  const w = smallWorld({ maxEventsPerAdvance: 20_000 });
  const start = w.snapshot();
  w.onCollision = () => w.restore(start);
  assert.throws(() => w.advance(20), { name: "RangeError", message: "restore cannot be called from inside a callback of the same world" });
  // Outside a callback, restore works as before, and so does the world.
  w.onCollision = null;
  w.restore(start);
  assert.equal(w.now, 0);
  const report = w.advance(20);
  assert.equal(report.complete, true);
  assert.ok(report.collisions > 0);
});

test("World: predictPath's maxTime and maxBounces must be numbers it can stop at (NaN gave NaN points)", () => {
  const w = smallWorld();
  for (const bad of [NaN, -1, -Infinity]) {
    assert.throws(() => w.predictPath(0, bad), { name: "RangeError", message: `maxTime must be a number >= 0 (Infinity for no limit), got ${bad}` });
  }
  for (const bad of [NaN, -1, 1.5, Infinity, 1e308]) {
    assert.throws(() => w.predictPath(0, 10, bad), { name: "RangeError", message: `maxBounces must be an integer from 0 to 1000000 (a point per bounce), got ${bad}` });
  }
  // The defaults and an unlimited time still give the aim line, with finite points.
  w.removeBody(2);
  const path = w.predictPath(0, Infinity);
  assert.equal(path.hitBody, 1);
  assert.equal(path.time, 2.5);
  assert.ok(path.points.every(Number.isFinite));
});

test("World: a collision group or mask that is not a 32-bit integer is a RangeError (NaN made a body that meets nothing)", () => {
  for (const [key, bad] of [["group", NaN], ["group", 1e308], ["group", 1.5], ["mask", Infinity], ["mask", -0x80000001], ["mask", 2 ** 32]] as const) {
    const w = smallWorld();
    assert.throws(() => w.addBody({ x: 5, y: 8, radius: 0.5, [key]: bad }), { name: "RangeError", message: new RegExp(`${key} must be an integer of 32 bits \\(-2147483648 to 4294967295\\), got `) });
    assert.equal(w.bodyCount, 3, "the refused body is not added");
  }
  // 0xffffffff is the same set of bits as -1: the body still collides.
  const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });
  w.addBody({ x: 2, y: 5, vx: 1, radius: 0.5, mask: 0xffffffff });
  w.addBody({ x: 8, y: 5, vx: -1, radius: 0.5, group: 0x80000000 | 1 });
  const report = w.advance(3);
  assert.equal(report.collisions, 1);
  assert.deepEqual([w.vx[0], w.vx[1]], [-1, 1]);
});

test("World: gravity has the bound of a body's own acceleration (1e308 was taken, then reported as a pinned body)", () => {
  assert.throws(() => new World2D({ gravity: [0, -1e308], bounds: { min: [0, 0], max: [10, 10] } }), { name: "RangeError", message: "gravity[1] must be at most 1e+150 in magnitude, got -1e+308" });
  // The bound itself is taken: a ball dropped from rest falls 0.5 g t² (after t = 1e-75, to y = 4.5).
  const w = new World2D({ gravity: [0, -1e150], bounds: { min: [0, 0], max: [10, 10] } });
  w.addBody({ x: 5, y: 5, radius: 1 });
  assert.equal(w.advance(1e-75).complete, true);
  assert.equal(w.y[0], 5 - 0.5 * 1e150 * 1e-75 * 1e-75);
});

test("formatScene: a cycle or a value nested past what parseScene reads is a RangeError, not a stack overflow", () => {
  const nest = (k: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < k; i++) v = [v];
    return v;
  };
  // The scene object and 63 arrays: the deepest the reader takes, written and read back.
  const deepest = formatScene({ carom: 1, extra: nest(63) } as unknown as Scene);
  assert.deepEqual(parseJson(deepest), { carom: 1, extra: nest(63) });
  const message = "cannot write a value nested deeper than 64 arrays and objects in a scene (a cycle?)";
  assert.throws(() => formatScene({ carom: 1, extra: nest(64) } as unknown as Scene), { name: "RangeError", message });
  const cyclic: Record<string, unknown> = { carom: 1 };
  cyclic.self = cyclic;
  assert.throws(() => formatScene(cyclic as unknown as Scene), { name: "RangeError", message });
});

test("Packer: growth rates and target pressures it could never finish with are a RangeError naming the option", () => {
  const base = { dimensions: 2 as const, count: 30, radii: [1], seed: 1 };
  // Before: 1e308 ended in the engine's "no collision in 4194304 events", 1e-300 grew for ever,
  // and a target pressure of 1e15 came back as "reduced pressure NaN".
  assert.throws(() => new Packer({ ...base, growthRate: 1e308 }), { name: "RangeError", message: /^growthRate must be in \[1e-6, 1e30\].*got 1e\+308$/ });
  assert.throws(() => new Packer({ ...base, growthRate: 1e-300 }), { name: "RangeError", message: /^growthRate must be in \[1e-6, 1e30\].*got 1e-300$/ });
  assert.throws(() => new Packer({ ...base, targetPressure: 1e15 }), { name: "RangeError", message: /^targetPressure must be at most 1e12 .*got 1000000000000000$/ });
  // The bounds themselves are fine: a fast growth still jams, with a finite pressure past the target.
  const p = new Packer({ ...base, growthRate: 1e30, targetPressure: 1e12 });
  let windows = 0;
  while (!p.step()) assert.ok(++windows < 10_000);
  assert.ok(p.pressure >= 1e12 && p.pressure < Infinity, `pressure ${p.pressure}`);
});

test("Science: starts and runs that could only hang or fill memory are a RangeError; a short out array is refused", () => {
  // Before: latticeStart of 1e9 bodies filled 24 GB for minutes, advance(Infinity) never
  // returned, kT NaN gave NaN velocities, a skin of 1e6 printed "Invalid typed array length",
  // and positionsInto filled the first numbers of a short array and said nothing.
  assert.throws(() => maxwellVelocities(2, 4, NaN, new ScienceRandom(1)), { name: "RangeError", message: "kT must be a finite number > 0, got NaN" });
  assert.throws(() => maxwellVelocities(2, -1, 1, new ScienceRandom(1)), { name: "RangeError", message: /^count must be an integer from 1 to 4194304/ });
  const start = latticeStart({ dimensions: 3, count: 108, packingFraction: 0.3, seed: 1 });
  const sim = new HardSpheres(start);
  assert.throws(() => sim.positionsInto(new Float64Array(3)), { name: "RangeError", message: "positionsInto: out must hold 324 numbers, got 3" });
  assert.throws(() => sim.radiiInto(new Float64Array(0)), { name: "RangeError", message: "radiiInto: out must hold 108 numbers, got 0" });
  assert.throws(() => latticeStart({ dimensions: 3, count: 1e9, packingFraction: 0.3, seed: 1 }), { name: "RangeError", message: "count must be an integer from 1 to 4194304 (what the engine holds), got 1000000000" });
  assert.throws(() => sim.advance(Infinity), { name: "RangeError", message: "duration must be a finite number >= 0, got Infinity" });
  assert.throws(() => sim.advanceTo(Infinity), { name: "RangeError", message: "time must be a finite number >= the current time 0, got Infinity" });
  // A huge skin makes every body a neighbour of every other: the same collisions (to rounding,
  // as the lists are rebuilt at other times).
  const wide = new HardSpheres({ ...start, skin: 1e6 });
  sim.advanceCollisions(50);
  wide.advanceCollisions(50);
  assert.ok(Math.abs(wide.time - sim.time) <= 1e-12 * sim.time, `${wide.time} against ${sim.time}`);
  const a = wide.positionsInto(new Float64Array(324)), b = sim.positionsInto(new Float64Array(324));
  for (let k = 0; k < 324; k++) assert.ok(Math.abs(a[k] - b[k]) <= 1e-9, `coordinate ${k}: ${a[k]} against ${b[k]}`);
});

test("Pool: balls that would pass under the cushions or vanish in rounding are a RangeError naming params.R", () => {
  // Before: R = 1e-300 gave NaN velocities; R = 1e-30 on the standard table went through the
  // cushions to x = 10 m; R = 1e-20 with a matching cushion spun for 5.8e18 s (and playShot
  // recorded frames for ever).
  const balls = [{ id: "cue", x: 0.5, y: 0.5 }];
  assert.throws(() => new PoolSystem({ balls, params: { R: 1e-300 } }), { name: "RangeError", message: "params.R must be in [0.0001, 1], got 1e-300" });
  assert.throws(() => new PoolSystem({ balls, params: { R: 1e-3 } }), { name: "RangeError", message: /^the cushion height 0\.036576 \(table cushion_height\) must be below the top of the balls, 2 params\.R = 0\.002/ });
  assert.throws(
    () => readPoolShot({ pool: 1, table: { cushion_height: 1.28e-20 }, balls, strike: { ball: "cue", V0: 3, phi: 10 }, params: { R: 1e-20 } }),
    { name: "RangeError", message: "table.cushion_height must be in [0.00001, 1] m, got 1.28e-20" },
  );
  // A small ball under a cushion of its own scale still plays to rest, on the table.
  const sys = systemOf(readPoolShot({ pool: 1, table: { cushion_height: 1.28e-4 }, balls, strike: { ball: "cue", V0: 3, phi: 10 }, params: { R: 1e-4 } }));
  const events = sys.simulate();
  assert.ok(events.length > 3);
  const end = sys.ball("cue");
  assert.equal(end.state, "stationary");
  assert.ok(end.r[0] > 0 && end.r[0] < sys.table.specs.w && end.r[1] > 0 && end.r[1] < sys.table.specs.l, `at ${end.r}`);
});

test("Pool: a shot aimed at the struck ball itself is a RangeError (it had no direction and was played at phi 0)", () => {
  const balls = [{ id: "cue", x: 0.5, y: 0.5 }, { id: "1", x: 0.5, y: 1.2 }];
  assert.throws(() => readPoolShot({ pool: 1, balls, strike: { ball: "cue", V0: 3, aim: "cue" } }), {
    name: "RangeError",
    message: 'strike.aim must name another ball than strike.ball, got "cue" for both (no direction)',
  });
  assert.equal(readPoolShot({ pool: 1, balls, strike: { ball: "cue", V0: 3, aim: "1" } }).strike?.phi, 90);
});

test("Contest: new FantasticBitsSimulation() from JavaScript is a RangeError pointing at fromState (was a TypeError on undefined)", () => {
  const Sim = FantasticBitsSimulation as unknown as new () => unknown;
  assert.throws(() => new Sim(), { name: "RangeError", message: "a FantasticBitsSimulation is made by FantasticBitsSimulation.fromState(state), not new" });
});

test("CLI render: --view xz of a 2D scene and an animation that cannot be timed are invalid input, not a stack trace or dur=\"Infinitys\"", () => {
  const dir = tempDir();
  refused(["render", "examples/cradle.json", "-o", join(dir, "p.svg"), "--view", "xz", "-q"], "carom render: --view xz needs a 3D scene; examples/cradle.json is 2D (draw it with --view xy)", dir);
  refused(["render", "examples/cradle.json", "-o", join(dir, "p.svg"), "--animate", "--speed", "1e308", "-q"], "carom render: --speed 1e+308 makes the animation of 20 time units last Infinity s", dir);
  refused(["render", "examples/cradle.json", "-o", join(dir, "p.svg"), "--animate", "--speed", "1e-300", "-q"], "last 2e-299 s; take a --speed for which it lasts 0.001 s to 1e7 s", dir);
});

test("CLI run: an --rdf-max whose shell volumes overflow is invalid input (g(r) was printed as null)", () => {
  const dir = tempDir();
  refused(["run", "examples/cradle.json", "--observe", "rdf", "--rdf-max", "1e308", "--observe-out", join(dir, "o.json"), "-q"], "carom run: --rdf-max must be at most 1e100 (the volumes of its shells must be doubles), got 1e+308", dir);
  // The largest range allowed gives numbers (g(r) near 0 everywhere, all N - 1 neighbours counted).
  const r = carom(["run", "examples/cradle.json", "--duration", "1", "--observe", "rdf", "--rdf-max", "1e100", "--observe-out", join(dir, "o.json"), "-q"]);
  assert.equal(r.code, 0, r.stderr);
  const rdf = JSON.parse(readFileSync(join(dir, "o.json"), "utf8")).rdf;
  assert.ok([...rdf.r, ...rdf.g].every(Number.isFinite), "no null in r or g");
  assert.equal(rdf.neighbours, 5);
});

test("CLI pack: a growth rate or target pressure it cannot finish with is invalid input (an internal error, a run for ever, 'pressure NaN')", () => {
  const dir = tempDir();
  const args = ["pack", "--dimensions", "2", "--count", "10", "--radii", "1", "--seed", "1", "-q", "-o", join(dir, "p.json")];
  refused([...args, "--growth-rate", "1e308"], "carom pack: --growth-rate must be in [1e-6, 1e30]", dir);
  refused([...args, "--growth-rate", "1e-300"], "carom pack: --growth-rate must be in [1e-6, 1e30]", dir);
  refused([...args, "--target-pressure", "1e308"], "carom pack: --target-pressure must be at most 1e12", dir);
});

test("CLI pool: shot files are read as strictly as scenes (a duplicate key was taken silently, a BOM refused)", () => {
  const dir = tempDir();
  const shot = join(dir, "shot.json");
  writeFileSync(shot, '{"pool": 1, "balls": {"rack": "nine-ball", "seed": 1}, "strike": {"ball": "cue", "V0": 3, "phi": 0, "V0": 300}}');
  const dup = carom(["pool", shot, "-q"]);
  assert.equal(dup.code, 2);
  assert.equal(dup.stderr, `${shot}:1:101: strike: duplicate key "V0" (JSON readers would keep only the last one)\n`);
  writeFileSync(shot, '\ufeff{"pool": 1, "balls": {"rack": "nine-ball", "seed": 1}, "strike": {"ball": "cue", "V0": 3, "phi": 0}}');
  const bom = carom(["pool", shot, "--json"]);
  assert.equal(bom.code, 0, bom.stderr);
  assert.equal(JSON.parse(bom.stdout).balls, 10);
});

test("CLI outputs: a link to /proc/self/fd/1 (what /dev/stdout is) is written through, and so is any symbolic link", () => {
  // Before: with stdout a file, --final /dev/stdout renamed the output over the link /dev/stdout
  // itself (a regular file replaced the device link for the whole machine) and stdout got nothing.
  // The same link made in a temporary folder shows it without touching /dev.
  const dir = tempDir();
  const stdoutLink = join(dir, "stdout.json");
  symlinkSync("/proc/self/fd/1", stdoutLink);
  const captured = join(dir, "captured.txt");
  writeFileSync(captured, "earlier line\n");
  const fd = openSync(captured, "a");
  try {
    const r = spawnSync(process.execPath, [CLI, "run", "examples/cradle.json", "--duration", "1", "--final", stdoutLink, "-q"], { cwd: ROOT, stdio: ["ignore", fd, "pipe"], encoding: "utf8", timeout: 20_000 });
    assert.equal(r.status, 0, r.stderr);
  } finally {
    closeSync(fd);
  }
  assert.ok(lstatSync(stdoutLink).isSymbolicLink(), "the link is still a link");
  const text = readFileSync(captured, "utf8");
  assert.ok(text.startsWith("earlier line\n{"), "appended after what the file held");
  assert.equal(JSON.parse(text.slice("earlier line\n".length)).carom, 1);
  // A link to a file elsewhere: the file gets the output, the link stays.
  const real = join(dir, "real.json"), link = join(dir, "link.json");
  writeFileSync(real, "old\n");
  symlinkSync(real, link);
  const r = carom(["run", "examples/cradle.json", "--duration", "1", "--final", link, "-q"]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.equal(JSON.parse(readFileSync(real, "utf8")).carom, 1);
  assert.deepEqual(readdirSync(dir).sort(), ["captured.txt", "link.json", "real.json", "stdout.json"], "no temporary file left");
});

test("CLI pool: a shot that rolls for 5e7 s is invalid input when its paths are recorded (V8 died with 'invalid size error', leaving a temporary file)", () => {
  const dir = tempDir();
  const shot = join(dir, "shot.json");
  writeFileSync(shot, '{"pool": 1, "table": "billiard", "balls": [{"id": "cue", "x": 0.5, "y": 0.5}], "strike": {"ball": "cue", "V0": 8, "phi": 10}, "params": {"u_r": 1e-5, "u_sp": 1e-9, "e_c": 1, "f_c": 0, "g": 0.01}}');
  const out = join(dir, "out");
  mkdirSync(out);
  const r = carom(["pool", shot, "--events", join(out, "e.ndjson"), "--render", join(out, "p.svg"), "-q"], { timeout: 20_000 });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /shot\.json: the shot is still moving at t = [0-9.]+ s: recording its paths every 0\.00416+7 s would take more than 1000000 frames; give the shot a tFinal\n$/);
  assert.deepEqual(readdirSync(out), [], "no output, no temporary file");
});

test("parseJson and parseScene name a value that is not text (a parsed object pointed nowhere: 'text.charCodeAt is not a function'); HardSpheres.radius refuses an index that names no body (it returned NaN)", () => {
  assert.throws(() => parseJson(null as unknown as string), { name: "TypeError", message: "<scene>: expected the JSON text (a string), got null" });
  assert.throws(() => parseJson({ carom: 1 } as unknown as string, "a.json"), { name: "TypeError", message: "a.json: expected the JSON text (a string), got object (for a value already parsed, use validateScene)" });
  const sim = new HardSpheres(latticeStart({ dimensions: 2, count: 4, packingFraction: 0.1, seed: 1 }));
  assert.equal(sim.radius(3), sim.radius(0));
  for (const bad of [4, -1, 0.5, NaN]) assert.throws(() => sim.radius(bad), /^RangeError: body index must be an integer from 0 to 3, got /);
});

test("CLI run and validate: a pool shot file points to carom pool (it listed three unknown keys and two missing ones)", () => {
  for (const command of ["run", "validate"]) {
    const r = carom([command, "examples/pool/draw-shot.json", "-q"]);
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stderr, 'examples/pool/draw-shot.json: a pool shot file ("pool": 1), not a scene: play it with carom pool\n');
  }
});
