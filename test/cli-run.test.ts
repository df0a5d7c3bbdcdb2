import { before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, ROOT, carom, ensureBuilt, parseEvents, parseXyz, tempDir } from "./support/cli.js";

before(() => ensureBuilt());

const example = (name: string): string => join(ROOT, "examples", `${name}.json`);

interface Summary {
  scene: string;
  dimensions: number;
  bodies: number;
  walls: number;
  start: number;
  end: number;
  simulatedTime: number;
  wallTime: number;
  events: { total: number; body: number; wall: number; bounds: number };
  energy: { before: number; after: number; kineticBefore: number; kineticAfter: number; potentialBefore: number; potentialAfter: number };
  momentum: { before: number[]; after: number[] };
  frames: number;
  outputs: Record<string, string>;
}

function runJson(args: string[], cwd?: string): Summary {
  const r = carom(["run", ...args, "--json"], { cwd });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as Summary;
}

test("carom run without a scene plays the built-in 9-ball break with pooltool's model and prints a readable summary, nothing on stderr", () => {
  const r = carom(["run"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, "", "no progress bar when stderr is not a terminal");
  assert.match(r.stdout, /^carom pool: built-in 9-ball break \(10 balls on a pocket table, pooltool's model\)$/m);
  assert.match(r.stdout, /every ball at rest/);
  assert.match(r.stdout, /events +\d+: .*\d+ ball-ball/);
  assert.match(r.stdout, /pocketed +/);
  // The same run as carom pool, and --json gives its summary; scene-only flags are refused by name.
  const json = JSON.parse(carom(["run", "--json"]).stdout) as { balls: number; events: { total: number; byType: Record<string, number> }; atRest: boolean };
  assert.equal(json.balls, 10);
  assert.ok(json.atRest);
  assert.ok(json.events.byType["ball-ball"] > 5 && json.events.byType["stick-ball"] === 1, JSON.stringify(json.events));
  assert.deepEqual(JSON.parse(carom(["pool", "--json"]).stdout).events, json.events);
  const refused = carom(["run", "--duration", "2"]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /--duration needs a scene file/);
});

test("--json prints the summary as one JSON object: events by kind, simulated and wall time, energy before and after", () => {
  const s = runJson([example("break")]);
  assert.match(s.scene, /break\.json$/);
  assert.deepEqual([s.dimensions, s.bodies, s.walls, s.start, s.end, s.simulatedTime], [2, 16, 0, 0, 3, 3]);
  assert.equal(s.events.total, s.events.body + s.events.wall + s.events.bounds);
  assert.ok(s.events.body > 10 && s.events.bounds > 5, JSON.stringify(s.events));
  assert.ok(s.wallTime >= 0);
  // 0.17 kg at 8.0016 m/s: E = m v^2 / 2; restitution 0.9 loses energy.
  assert.equal(s.energy.before, (0.17 * (8 * 8 + 0.05 * 0.05)) / 2);
  assert.ok(s.energy.after < s.energy.before && s.energy.after > 0);
  assert.equal(s.energy.potentialBefore, 0);
});

test("--events writes one collision per line in time order, with ids, point, normal, impulse, and the wall or bounds side", () => {
  const dir = tempDir();
  const s = runJson([example("break"), "--events", join(dir, "events.ndjson")]);
  const events = parseEvents(readFileSync(join(dir, "events.ndjson"), "utf8"));
  assert.equal(events.length, s.events.total);
  const ids = new Set(["cue", ...Array.from({ length: 15 }, (_, k) => `ball-${k + 1}`)]);
  let last = -Infinity;
  for (const e of events) {
    assert.deepEqual(Object.keys(e).slice(0, 4), ["t", "a", "b", "kind"]);
    assert.ok(e.t >= last && e.t <= 3, "time order");
    last = e.t;
    assert.ok(ids.has(e.a));
    if (e.kind === "body") assert.ok(ids.has(e.b) && e.b !== e.a);
    else {
      assert.equal(e.kind, "bounds");
      assert.equal(e.b, "bounds");
      assert.ok(["-x", "+x", "-y", "+y"].includes(e.face as string));
    }
    assert.equal(e.point.length, 2);
    assert.equal(e.normal.length, 2);
    assert.ok(Math.abs(Math.hypot(e.normal[0], e.normal[1]) - 1) < 1e-15);
    assert.ok(e.impulse > 0 && e.speed > 0);
  }
  // Contact points of the container lie on its sides: the ball touches the cushion.
  for (const e of events.filter((x) => x.kind === "bounds")) {
    const axis = e.face?.endsWith("x") ? 0 : 1;
    assert.ok([0, 2.54, 1.27].some((side) => Math.abs(e.point[axis] - side) < 1e-12), JSON.stringify(e));
  }
});

test("a final state reloads bit for bit: writing it again from the reloaded scene gives the same file (2D gas and 3D spheres)", () => {
  const dir = tempDir();
  for (const name of ["gas", "spheres"]) {
    const f1 = join(dir, `${name}-1.json`), f2 = join(dir, `${name}-2.json`);
    const s = runJson([example(name), "--duration", "0.75", "--final", f1]);
    assert.deepEqual(s.outputs, { final: f1 });
    const again = runJson([f1, "--duration", "0", "--final", f2]);
    assert.equal(again.start, 0.75);
    assert.equal(again.energy.before, s.energy.after, "the reloaded state has the same energy, to the bit");
    assert.deepEqual(again.momentum.before, s.momentum.after);
    assert.equal(readFileSync(f2, "utf8"), readFileSync(f1, "utf8"));
  }
});

/** One ball bouncing in a box: not chaotic, so runs split at any time agree to rounding. */
const BALL_IN_A_BOX = JSON.stringify({
  carom: 1, bounds: { min: [0, 0], max: [3, 2] },
  bodies: [{ id: "ball", position: [1, 1.3], velocity: [0.7, 0.45], radius: 0.25 }],
});

test("on the cradle and on one ball in a box, running 2 s and then 3 s from the final state gives the events of one 5 s run", () => {
  const dir = tempDir();
  const box = join(dir, "box.json");
  writeFileSync(box, BALL_IN_A_BOX);
  for (const scene of [example("cradle"), box]) {
    const whole = join(dir, "whole.ndjson"), first = join(dir, "first.ndjson"), second = join(dir, "second.ndjson"), mid = join(dir, "mid.json");
    runJson([scene, "--duration", "5", "--events", whole]);
    runJson([scene, "--duration", "2", "--events", first, "--final", mid]);
    const s = runJson([mid, "--duration", "3", "--events", second]);
    assert.equal(s.end, 5);
    const one = parseEvents(readFileSync(whole, "utf8"));
    const two = [...parseEvents(readFileSync(first, "utf8")), ...parseEvents(readFileSync(second, "utf8"))];
    assert.ok(one.length >= 2, `${scene}: ${one.length} events`);
    assert.equal(two.length, one.length, scene);
    one.forEach((e, k) => {
      const f = two[k];
      assert.deepEqual([f.a, f.b, f.kind, f.face], [e.a, e.b, e.kind, e.face], `${scene} event ${k}`);
      assert.ok(Math.abs(f.t - e.t) <= 1e-9, `${scene} event ${k}: t ${f.t} vs ${e.t}`);
      f.point.forEach((p, c) => assert.ok(Math.abs(p - e.point[c]) <= 1e-9));
    });
  }
});

test("--trajectory writes extended XYZ frames at the interval, starting with the scene's state and ending with the final one", () => {
  const dir = tempDir();
  const xyz = join(dir, "frames.xyz"), fin = join(dir, "final.json");
  const s = runJson([example("cradle"), "--duration", "6", "--trajectory", xyz, "--every", "0.5", "--final", fin]);
  const frames = parseXyz(readFileSync(xyz, "utf8"));
  assert.equal(frames.length, 13);
  assert.equal(s.frames, 13);
  frames.forEach((f, k) => {
    assert.equal(f.time, 0.5 * k);
    assert.equal(f.rows.length, 6);
    assert.match(f.comment, /^Lattice="12 0 0 0 4 0 0 0 1" Origin="0 0 -0\.5" Properties=\S+ Time=\S+ pbc="F F F"$/);
  });
  // Frame 0: the striker at [2, 2] moving at [1, 0]; body 0 is the striker.
  assert.deepEqual(frames[0].rows[0], [2, 2, 0, 1, 0, 0, 0.5, 0]);
  // At t = 2.5 the striker has moved 2.5 units; at t = 3 the chain passes the motion on to ball-5,
  // which bounces off the far side at t = 4.5 and is back at t = 6, when the striker leaves.
  assert.deepEqual(frames[5].rows[0].slice(0, 4), [4.5, 2, 0, 1]);
  assert.deepEqual(frames[8].rows[5].slice(0, 4), [11, 2, 0, 1]);
  assert.deepEqual(frames[10].rows[5].slice(0, 4), [11, 2, 0, -1]);
  assert.deepEqual(frames[12].rows[5].slice(0, 4), [10, 2, 0, 0]);
  assert.deepEqual(frames[12].rows[0].slice(0, 4), [5, 2, 0, -1]);
  const final = JSON.parse(readFileSync(fin, "utf8")) as { bodies: { position: number[]; velocity?: number[] }[] };
  const last = frames[12];
  final.bodies.forEach((b, i) => {
    assert.deepEqual(last.rows[i].slice(0, 2), b.position);
    assert.deepEqual(last.rows[i].slice(3, 5), b.velocity ?? [0, 0]);
  });
});

test("asking for frames or a picture does not change the run's events by a single bit", () => {
  const dir = tempDir();
  const plain = join(dir, "plain.ndjson"), framed = join(dir, "framed.ndjson");
  runJson([example("gas"), "--duration", "1", "--events", plain]);
  runJson([example("gas"), "--duration", "1", "--events", framed, "--trajectory", join(dir, "f.xyz"), "--every", "0.1", "--render", join(dir, "g.svg")]);
  assert.equal(readFileSync(framed, "utf8"), readFileSync(plain, "utf8"));
});

test("bad options and arguments exit with code 2 and a message that names them", () => {
  const cases: [string[], RegExp][] = [
    [["run", "--evnets", "x.ndjson"], /carom run: unknown option --evnets, did you mean --events\?/],
    [["run", example("gas"), "--duration=-1"], /--duration must be >= 0, got -1/],
    [["run", "--duration", "-1"], /--duration needs a value; for one that starts with '-', write --duration=VALUE/],
    [["run", "--duration", "soon"], /--duration must be a decimal number, got "soon"/],
    [["run", example("gas"), "--every", "0.1"], /--every goes with --trajectory FILE/],
    [["run", "--every", "0.1"], /--every needs a scene file; without one, run plays the built-in 9-ball break/],
    [["run", example("gas"), "--trajectory", "t.xyz", "--every", "0"], /--every must be > 0/],
    [["run", "a.json", "b.json"], /one scene at a time/],
    [["run", "--events"], /--events needs a value/],
    [["rnu"], /unknown command "rnu", did you mean "run"\?/],
    [["run", "no/such/scene.json"], /^no\/such\/scene\.json: cannot read the scene: no such file$/m],
    [["render", "--trails", "some", "-o", "x.svg"], /--trails must be all, none, auto or a number/],
    [["render"], /name the picture with -o FILE/],
    [["validate"], /name the scene file/],
    [["help", "fly"], /no command "fly"/],
  ];
  const dir = tempDir();
  for (const [args, pattern] of cases) {
    const r = carom(args, { cwd: dir });
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, pattern);
    assert.equal(r.stdout, "");
  }
  assert.deepEqual(readdirSync(dir), [], "no output of a refused command");
});

test("help and version print to stdout and exit 0", () => {
  for (const args of [["help"], ["--help"], ["help", "run"], ["run", "--help"], ["--version"]]) {
    const r = carom(args);
    assert.equal(r.code, 0);
    assert.ok(r.stdout.length > 10 && r.stderr === "");
  }
  assert.match(carom(["help", "run"]).stdout, /--trajectory FILE/);
});

test("a run that fails half way leaves no partial output: old files keep their content, new ones do not appear", () => {
  const dir = tempDir();
  const events = join(dir, "events.ndjson");
  writeFileSync(events, "old\n");
  const r = carom(["run", example("gas"), "--events", events, "--final", join(dir, "final.json"), "--trajectory", join(dir, "t.xyz"), "--max-collisions", "1000"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /examples\/gas\.json: more than 1000 collisions \(--max-collisions 1000\): collision 1001 came at t = [0-9.e-]+, before the end at t = 10; raise the limit/);
  assert.deepEqual(readdirSync(dir), ["events.ndjson"], "no temporary or partial files");
  assert.equal(readFileSync(events, "utf8"), "old\n");
});

test("Ctrl-C stops a long run cleanly: exit code 130, a message, and no output files", async () => {
  const dir = tempDir();
  const child = spawn(process.execPath, [CLI, "run", example("gas"), "--duration", "1e9", "--events", join(dir, "e.ndjson"), "--render", join(dir, "p.svg")], { cwd: dir });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  // Interrupt once the events file has been started (the run is under way).
  await new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (readdirSync(dir).some((f) => f.endsWith(".tmp"))) {
        clearInterval(poll);
        setTimeout(resolve, 300);
      }
    }, 20);
  });
  child.kill("SIGINT");
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(code, 130);
  assert.match(stderr, /carom run: interrupted at t = [0-9.e+-]+ of 1000000000; no output written/);
  assert.deepEqual(readdirSync(dir), []);
});

test("a progress bar appears on a terminal for a run longer than a second, and not with --quiet", { skip: spawnSync("script", ["--version"]).status !== 0 ? "no script(1) to provide a terminal" : false }, () => {
  const command = (extra: string): string => `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} run ${JSON.stringify(example("gas"))} --duration ${extra === "" ? 400 : 250} ${extra}`;
  const withBar = spawnSync("script", ["-qec", command(""), "/dev/null"], { encoding: "utf8", timeout: 60_000 });
  assert.equal(withBar.status, 0, withBar.stdout);
  assert.match(withBar.stdout, /carom run \[#*\.*\] +\d+% t = /);
  const quiet = spawnSync("script", ["-qec", command("--quiet"), "/dev/null"], { encoding: "utf8", timeout: 60_000 });
  assert.equal(quiet.status, 0);
  assert.doesNotMatch(quiet.stdout, /\[#/);
  assert.equal(quiet.stdout.trim(), "", "--quiet prints nothing");
});

test("the start script runs the default break and writes out/break.svg and out/events.ndjson", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const start = pkg.scripts.start;
  assert.match(start, /^npm run build && node dist\/cli\.js run /);
  const dir = tempDir();
  const args = start.replace(/^npm run build && node dist\/cli\.js /, "").split(" ");
  const r = carom(args, { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(existsSync(join(dir, "out", "break.svg")) && existsSync(join(dir, "out", "events.ndjson")));
  assert.match(r.stdout, /^carom pool: built-in 9-ball break/m);
  assert.match(r.stdout, /wrote +out\/events\.ndjson/);
  assert.match(r.stdout, /wrote +out\/break\.svg/);
  const events = readFileSync(join(dir, "out", "events.ndjson"), "utf8").trim().split("\n").map((line) => JSON.parse(line) as { t: number; type: string; ids: string[] });
  assert.equal(events[0].type, "stick-ball");
  assert.ok(events.some((e) => e.type === "ball-pocket"), "the break pockets a ball");
});

test("--max-collisions N allows exactly N collisions: the run with one more stops at that collision's time, exit code 2, nothing written", () => {
  const dir = tempDir();
  // The cradle has 23 collisions in its 20 time units (test/cli-examples.test.ts counts them).
  const all = carom(["run", example("cradle"), "--json", "--events", join(dir, "all.ndjson")]);
  const total = JSON.parse(all.stdout).events.total as number;
  const times = parseEvents(readFileSync(join(dir, "all.ndjson"), "utf8")).map((e) => e.t);
  assert.equal(times.length, total);
  for (const limit of [0, 1, 4, total - 1]) {
    const r = carom(["run", example("cradle"), "--max-collisions", String(limit), "--events", join(dir, "e.ndjson")]);
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stdout, "");
    assert.ok(r.stderr.endsWith(`cradle.json: more than ${limit} collision${limit === 1 ? "" : "s"} (--max-collisions ${limit}): collision ${limit + 1} came at t = ${times[limit]}, before the end at t = 20; raise the limit with --max-collisions, or take a shorter --duration\n`), r.stderr);
  }
  const exact = carom(["run", example("cradle"), "--max-collisions", String(total), "--json"]);
  assert.equal(exact.code, 0, exact.stderr);
  assert.equal(JSON.parse(exact.stdout).events.total, total);
  assert.deepEqual(readdirSync(dir), ["all.ndjson"]);
  // render bounds its run the same way; a limit that is not a whole number is refused
  assert.match(carom(["render", example("cradle"), "-o", join(dir, "p.svg"), "--max-collisions", "3"]).stderr, /collision 4 came at t = /);
  for (const bad of ["1.5", "-1"]) assert.match(carom(["run", example("cradle"), `--max-collisions=${bad}`]).stderr, /^carom run: --max-collisions must be an integer >= 0, got /);
});
