import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { nineBallBreakShot, playShot, POOL_SHOT_SCHEMA, readPoolShot, shotSvg, systemOf } from "../src/exports/pool.js";
import { carom, tempDir } from "./support/cli.js";

const examples = ["examples/pool/nine-ball-break.json", "examples/pool/draw-shot.json", "examples/pool/three-cushion.json", "examples/pool/snooker-break.json"];
const read = (f: string) => JSON.parse(readFileSync(f, "utf8"));

test("the example shot files pass the JSON Schema and the reader, and the built-in break is the example", () => {
  const ajv = new Ajv2020.default({ allErrors: true, strict: false });
  const validate = ajv.compile(POOL_SHOT_SCHEMA);
  for (const f of examples) {
    assert.ok(validate(read(f)), `${f}: ${JSON.stringify(validate.errors)}`);
    readPoolShot(read(f));
  }
  assert.deepEqual(readPoolShot(read(examples[0])), nineBallBreakShot());
  assert.equal(validate({ pool: 1, balls: [], strike: { ball: "cue", V0: 1, phi: 0 } }), false);
  assert.equal(validate({ pool: 1, balls: [{ id: "cue", x: 0, y: 0 }], strike: { ball: "cue", V0: 1, phi: 0 }, extra: 1 }), false);
});

test("a draw shot: the cue ball hits the 1 full, stops, and draws back once its backspin takes hold", () => {
  const system = systemOf(readPoolShot(read(examples[1])));
  const seen: string[] = [];
  for (;;) {
    const [e] = system.simulate({ maxEvents: 1 });
    seen.push(`${e.type} ${e.ids.join(" ")}`);
    if (e.type === "sliding-rolling" && e.ids[0] === "cue" && seen.some((x) => x.startsWith("ball-ball"))) break;
  }
  assert.deepEqual(seen.slice(0, 2), ["stick-ball cue_stick cue", "ball-ball cue 1"]);
  const cue = system.ball("cue");
  assert.ok(cue.v[1] < 0, `the cue ball rolls back (v_y = ${cue.v[1]})`);
});

test("shot file errors name the field", () => {
  const base = { pool: 1, balls: [{ id: "cue", x: 0.5, y: 0.5 }], strike: { ball: "cue", V0: 2, phi: 90 } };
  assert.throws(() => readPoolShot({ ...base, pool: 2 }), /pool must be 1/);
  assert.throws(() => readPoolShot({ ...base, tabel: "default" }), /unknown key "tabel" \(did you mean "table"\?\)/);
  assert.throws(() => readPoolShot({ ...base, balls: [{ id: "cue", x: "a", y: 0.5 }] }), /^RangeError: balls\[0\]\.x must be a finite number, got "a"/);
  assert.throws(() => readPoolShot({ ...base, balls: { rack: "ten-ball" } }), /balls\.rack must be "nine-ball", "eight-ball", "snooker", "three-cushion", got "ten-ball"/);
  assert.throws(() => readPoolShot({ ...base, strike: { ball: "cue", V0: 2, aim: "9" } }), /strike\.aim: no ball "9"/);
  assert.throws(() => readPoolShot({ ...base, strike: { ball: "cue", V0: -2, phi: 0 } }), /strike\.V0 must be > 0/);
  assert.throws(() => readPoolShot({ ...base, table: { l: 0 } }), /^RangeError: table\.l must be in \[0\.1, 20\] m, got 0$/);
  assert.throws(() => readPoolShot({ ...base, maxEvents: 1.5 }), /maxEvents must be an integer >= 0/);
});

test("shotSvg draws the table, every path and every ball", () => {
  const played = playShot(nineBallBreakShot());
  const svg = shotSvg(played.system.table, played.system.params.R, played.tracks, played.system.ids.map((id) => played.system.ball(id)));
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.equal((svg.match(/<polyline /g) ?? []).length, played.system.ids.length);
  assert.equal((svg.match(/<line /g) ?? []).length, 18);
  assert.ok(svg.trimEnd().endsWith("</svg>"));
});

test("carom pool plays the built-in 9-ball break: summary, NDJSON events, SVG picture", () => {
  const dir = tempDir();
  const r = carom(["pool", "--json", "--events", join(dir, "e.ndjson"), "--render", join(dir, "b.svg")]);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.shot, "built-in 9-ball break");
  assert.equal(s.balls, 10);
  assert.equal(s.atRest, true);
  assert.ok(s.events.byType["ball-ball"] > 10 && s.pocketed.length >= 1, JSON.stringify(s));
  const lines = readFileSync(join(dir, "e.ndjson"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, s.events.total);
  assert.deepEqual(Object.keys(lines[0]), ["t", "type", "ids", "after"]);
  assert.deepEqual([lines[0].t, lines[0].type, lines[0].ids, Object.keys(lines[0].after)], [0, "stick-ball", ["cue_stick", "cue"], ["cue"]]);
  assert.equal(lines[0].after.cue.state, "sliding");
  assert.ok(lines.every((e, k) => k === 0 || e.t >= lines[k - 1].t));
  assert.ok(existsSync(join(dir, "b.svg")));
  const text = carom(["pool"]);
  assert.match(text.stdout, /^carom pool: built-in 9-ball break \(10 balls on a pocket table, pooltool's model\)$/m);
  assert.match(text.stdout, /pocketed +\S/);
});

test("carom pool reports a bad shot file with its name and field, exit code 2, and no output file", () => {
  const dir = tempDir();
  const bad = join(dir, "bad.json");
  writeFileSync(bad, JSON.stringify({ pool: 1, balls: [{ id: "cue", x: 0.5, y: 0.5 }], strike: { ball: "cue", V0: 0, phi: 0 } }));
  const r = carom(["pool", bad, "--events", join(dir, "e.ndjson")]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /bad\.json: strike\.V0 must be > 0, got 0/);
  assert.equal(existsSync(join(dir, "e.ndjson")), false);
  assert.equal(carom(["pool", "--schema"]).code, 0);
});

test("carom render draws a pool shot file: the table, the paths, the balls", () => {
  const dir = tempDir();
  const out = join(dir, "draw.svg");
  const r = carom(["render", "examples/pool/draw-shot.json", "-o", out]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /pool shot/);
  const svg = readFileSync(out, "utf8");
  assert.equal((svg.match(/<polyline /g) ?? []).length, 2);
  assert.equal(carom(["render", "examples/pool/draw-shot.json", "-o", join(dir, "x.html")]).code, 2);
});

test("carom pool reads examples/pool/NAME.json from the package in any folder, judges a shot by a game's rules, and draws every table", () => {
  const dir = tempDir();
  const r = carom(["pool", "examples/pool/three-cushion.json", "--rules", "three-cushion", "--json", "--render", join(dir, "c.svg")], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.shot, "examples/pool/three-cushion.json");
  assert.deepEqual([s.rules.game, s.rules.points, s.rules.nextPlayer], ["three-cushion", 1, 0]);
  const svg = readFileSync(join(dir, "c.svg"), "utf8");
  assert.equal((svg.match(/<line /g) ?? []).length, 4, "four cushions, no jaws");
  assert.equal((svg.match(/<polyline /g) ?? []).length, 3);
  const snooker = carom(["pool", "examples/pool/snooker-break.json", "--render", join(dir, "s.svg"), "-q"], { cwd: dir });
  assert.equal(snooker.code, 0, snooker.stderr);
  assert.equal((readFileSync(join(dir, "s.svg"), "utf8").match(/fill="#c81d25"/g) ?? []).length, 15, "fifteen reds");
  const nine = carom(["pool", "examples/pool/nine-ball-break.json", "--rules", "nine-ball"], { cwd: dir });
  assert.match(nine.stdout, /^ {2}nine-ball {3}/m);
  assert.match(carom(["pool", "examples/pool/nope.json"], { cwd: dir }).stderr, /examples\/pool\/nope\.json: cannot read the shot: no such file/);
  assert.match(carom(["pool", "--rules", "snooker"]).stderr, /--rules must be nine-ball, eight-ball, three-cushion, got "snooker"/);
  assert.equal(carom(["render", "examples/pool/three-cushion.json", "-o", join(dir, "r.svg")], { cwd: dir }).code, 0);
});
