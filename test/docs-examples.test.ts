/**
 * The numbers the documentation states about the example scenes, checked against the scenes:
 * the examples table of docs/cli.md, what README.md says of each `NAME.json`, and each file's
 * own description. Every number in those texts must be one a claim below checks, so that a
 * new statement ("24 balls", "45 pegs") cannot go unchecked.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { EXAMPLE_SCENES, worldFromScene, type Scene } from "../src/index.js";
import { pocketTable } from "../src/exports/pool.js";
import { COMMAND_HELP, USAGE } from "../src/cli/help.js";

const ROOT = join(import.meta.dirname, "..");
const read = (file: string): string => readFileSync(join(ROOT, file), "utf8");

const movers = (s: Scene) => s.bodies.filter((b) => b.fixed !== true);
const fixed = (s: Scene) => s.bodies.filter((b) => b.fixed === true);
const extent = (s: Scene): number[] => (s.bounds as { min: number[]; max: number[] }).max.map((m, k) => m - (s.bounds as { min: number[] }).min[k]);
const speed = (s: Scene): number => Math.max(...movers(s).map((b) => Math.hypot(...(b.velocity ?? [0]))));
const only = (values: number[], what: string): number => {
  assert.equal(new Set(values).size, 1, `the ${what} are not all equal`);
  return values[0];
};
/** Nominal table sizes by the length of the playing surface in inches (WPA). */
const FEET_BY_INCHES: Record<number, number> = { 78: 7, 88: 8, 100: 9 };
const feet = (metres: number): number => FEET_BY_INCHES[Math.round(metres / 0.0254)];
const number = (text: string): number => Number(text.replace(/,/g, ""));

/** The energy change over a run of the scene's duration, relative, and its collisions. */
function energyRun(s: Scene): { drift: number; collisions: number } {
  const w = worldFromScene(s);
  const before = w.kineticEnergy() + w.potentialEnergy();
  const collisions = w.advance(s.duration ?? 10).collisions;
  return { drift: Math.abs(w.kineticEnergy() + w.potentialEnergy() - before) / before, collisions };
}

/** Whether the scene is back in its start state (positions and velocities, bit for bit) after `period`. */
function periodic(s: Scene, period: number): boolean {
  const w = worldFromScene(s);
  const start = [w.x, w.y, w.vx, w.vy].map((a) => Array.from(a.subarray(0, w.bodyCount)));
  w.advance(period);
  return [w.x, w.y, w.vx, w.vy].every((a, k) => Array.from(a.subarray(0, w.bodyCount)).every((v, i) => v === start[k][i]));
}

/**
 * One kind of statement: a pattern whose groups hold numbers, and the check of those numbers
 * against the scene.
 */
interface Claim {
  pattern: RegExp;
  check(s: Scene, m: RegExpMatchArray): void;
}

const CLAIMS: Claim[] = [
  { pattern: /([\d,]+) (?:hard )?(?:disks|spheres|balls)\b/g, check: (s, m) => assert.equal(number(m[1]), movers(s).length, m[0]) },
  { pattern: /([\d,]+) pegs\b/g, check: (s, m) => assert.equal(number(m[1]), fixed(s).filter((b) => b.id?.startsWith("peg")).length, m[0]) },
  { pattern: /(\d+) rows of pegs|binomial\((\d+), 1\/2\)/g, check: (s, m) => assert.equal(number(m[1] ?? m[2]), new Set(fixed(s).map((b) => b.position[1])).size, m[0]) },
  { pattern: /([\d,]+) bricks\b/g, check: (s, m) => assert.equal(number(m[1]), (s.walls ?? []).filter((w) => w.id?.startsWith("brick")).length, m[0]) },
  { pattern: /([\d.]+) mm\b/g, check: (s, m) => assert.equal(number(m[1]), +(2000 * only(movers(s).map((b) => b.radius), "radii")).toFixed(6), m[0]) },
  { pattern: /([\d.]+) kg\b/g, check: (s, m) => assert.equal(number(m[1]), only(movers(s).map((b) => b.mass ?? 1), "masses"), m[0]) },
  { pattern: /radius ([\d.]+)/g, check: (s, m) => assert.equal(number(m[1]), only(movers(s).map((b) => b.radius), "radii"), m[0]) },
  { pattern: /([\d.]+) m x ([\d.]+) m\b|(\d+) x (\d+) field|(\d+) x (\d+) x (\d+) box/g, check: (s, m) => assert.deepEqual(m.slice(1).filter((g) => g !== undefined).map(number), extent(s), m[0]) },
  { pattern: /restitution ([\d.]+)/g, check: (s, m) => assert.equal(number(m[1]), s.restitution, m[0]) },
  {
    pattern: /area fraction ([\d.]+)/g,
    check: (s, m) => {
      const area = movers(s).reduce((a, b) => a + Math.PI * b.radius ** 2, 0);
      const [w, h] = extent(s);
      assert.equal(number(m[1]), +(area / (w * h)).toFixed(2), m[0]);
    },
  },
  { pattern: /([\d,]+) units\/s|at ([\d.]+) m\/s|speed (\d+)/g, check: (s, m) => assert.equal(number(m[1] ?? m[2] ?? m[3]), +speed(s).toPrecision(3), m[0]) },
  { pattern: /crosses the field in ([\d.]+) s/g, check: (s, m) => assert.equal(number(m[1]), +(extent(s)[1] / speed(s)).toPrecision(2), m[0]) },
  { pattern: /(\d+)-(?:foot|ft) table/g, check: (s, m) => assert.equal(number(m[1]), feet(extent(s)[0]), m[0]) },
  { pattern: /period (\d+)/g, check: (s, m) => assert.ok(periodic(s, number(m[1])), `${m[0]}: the state does not come back after ${m[1]}`) },
  {
    pattern: /energy kept to (1e-\d+) over (tens of thousands of) collisions/g,
    check: (s, m) => {
      const { drift, collisions } = energyRun(s);
      assert.ok(drift <= number(m[1]), `${m[0]}: drift ${drift}`);
      assert.ok(collisions >= 1e4 && collisions < 1e5, `${m[0]}: ${collisions} collisions`);
    },
  },
  { pattern: /\b([23])D\b/g, check: (s, m) => assert.equal(number(m[1]), s.dimensions ?? 2, m[0]) },
  { pattern: /([\d,]+) bodies/g, check: (s, m) => assert.equal(number(m[1]), s.bodies.length, m[0]) },
];

/** Checks every claim in `text` against `scene`, and that no number in it is left unchecked; returns the claims found. */
function checkText(text: string, scene: Scene, where: string): number {
  let rest = text;
  let found = 0;
  for (const claim of CLAIMS) {
    for (const m of text.matchAll(claim.pattern)) {
      claim.check(scene, m);
      rest = rest.replace(m[0], " ");
      found++;
    }
  }
  const unchecked = rest.replace(/`[^`]*`/g, " ").match(/\d[\d,.]*/g) ?? [];
  assert.deepEqual(unchecked, [], `${where}: numbers no claim checks, in: ${text}`);
  return found;
}

const scenes = Object.fromEntries(Object.entries(EXAMPLE_SCENES).map(([name, build]) => [name, build()])) as Record<string, Scene>;

test("docs/cli.md's examples table states only numbers that the example files have, one row per example", () => {
  const cli = read("docs/cli.md");
  const table = cli.slice(cli.indexOf("## Examples"));
  const rows = [...table.matchAll(/^\| `examples\/([a-z-]+)\.json` \| (.+) \|$/gm)];
  assert.deepEqual(rows.map((r) => r[1]).sort(), Object.keys(EXAMPLE_SCENES).sort());
  for (const [, name, text] of rows) assert.ok(checkText(text, scenes[name], `docs/cli.md, ${name}`) >= 1, `${name}: the row states something checkable`);
});

test("each example file's description states only numbers that the file has", () => {
  const shipped = readdirSync(join(ROOT, "examples")).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5));
  for (const name of Object.keys(EXAMPLE_SCENES)) {
    const scene = shipped.includes(name) ? (JSON.parse(read(`examples/${name}.json`)) as Scene) : scenes[name];
    checkText(scene.description ?? "", scene, `examples/${name}.json's description`);
  }
});

test("what README.md says of each example in parentheses after its name holds for the file", () => {
  const readme = read("README.md");
  let found = 0;
  for (const m of readme.matchAll(/`(?:examples\/)?([a-z-]+)\.json` \(([^)]*)\)/g)) {
    if (!Object.hasOwn(scenes, m[1])) continue;
    checkText(m[2], scenes[m[1]], `README.md, ${m[1]}.json`);
    found++;
  }
  assert.ok(found >= 5, `${found} statements found`);
});

test("tables named by size: the built-in break (carom run, carom pool) is on pooltool's 7-ft table, examples/break.json on a 9-foot one", () => {
  assert.equal(feet(pocketTable().specs.l), 7);
  const texts: [string, string][] = [["README.md", read("README.md")], ["docs/cli.md", read("docs/cli.md")], ["carom --help", USAGE], ...Object.entries(COMMAND_HELP).map(([c, t]): [string, string] => [`carom ${c} --help`, t])];
  let found = 0;
  for (const [where, text] of texts) {
    for (const line of text.split("\n")) {
      for (const m of line.matchAll(/(\d+)-(?:foot|ft) table/g)) {
        // (a line that gives the table's size in metres is about that scene: examples/break.json)
        const expected = /2\.54/.test(line) ? feet(extent(scenes.break)[0]) : feet(pocketTable().specs.l);
        assert.equal(number(m[1]), expected, `${where}: ${line.trim()}`);
        found++;
      }
    }
  }
  assert.ok(found >= 2);
});
