import { before, test } from "node:test";
import assert from "node:assert/strict";
import type { OptionSpec } from "../src/cli/args.js";
import { BENCH_OPTIONS } from "../src/cli/bench.js";
import { EXAMPLES_OPTIONS } from "../src/cli/examples.js";
import { COMMAND_HELP, HELP_FLAGS, USAGE, VERSION_FLAGS } from "../src/cli/help.js";
import { LATTICE_OPTIONS } from "../src/cli/lattice.js";
import { PACK_OPTIONS } from "../src/cli/pack.js";
import { POOL_OPTIONS } from "../src/cli/pool.js";
import { RENDER_OPTIONS } from "../src/cli/render.js";
import { RUN_OPTIONS } from "../src/cli/run.js";
import { SCHEMA_OPTIONS } from "../src/cli/schema.js";
import { SWEEP_OPTIONS } from "../src/cli/sweep.js";
import { VALIDATE_OPTIONS } from "../src/cli/validate.js";
import { carom, caromAsync, ensureBuilt, pool } from "./support/cli.js";

before(() => ensureBuilt());

/** The options each command accepts (cli-args.test.ts checks that each is in its help). */
const OPTIONS: Record<string, Record<string, OptionSpec>> = {
  run: RUN_OPTIONS, validate: VALIDATE_OPTIONS, render: RENDER_OPTIONS, bench: BENCH_OPTIONS, pack: PACK_OPTIONS, lattice: LATTICE_OPTIONS,
  pool: POOL_OPTIONS, schema: SCHEMA_OPTIONS, sweep: SWEEP_OPTIONS, examples: EXAMPLES_OPTIONS, tour: {}, help: {},
};

/** The option names a help text lists in its options table (`  -o, --output FILE ...`, `  --json ...`). */
function listed(help: string): string[] {
  const names: string[] = [];
  for (const m of help.matchAll(/^ {2}(?:-[a-zA-Z], )?--([a-z][a-z-]*)/gm)) names.push(m[1]);
  return names;
}

test("every command's help starts with its usage line and lists only options the command accepts, each once", () => {
  for (const [command, help] of Object.entries(COMMAND_HELP)) {
    assert.ok(help.startsWith(`usage: carom ${command}`), `carom ${command} --help starts with its usage line:\n${help.split("\n")[0]}`);
    const names = listed(help);
    assert.deepEqual(names, [...new Set(names)], `carom ${command} --help lists an option twice`);
    for (const name of names) assert.ok(name === "help" || Object.hasOwn(OPTIONS[command], name), `carom ${command} --help lists --${name}, which carom ${command} does not accept`);
    for (const m of help.matchAll(/^ {2}-([a-zA-Z]), --([a-z-]+)/gm)) assert.equal(m[2] === "help" ? "h" : OPTIONS[command][m[2]]?.short, m[1], `carom ${command}: -${m[1]} is the short form of --${m[2]}`);
  }
});

test("the overview names every way to ask for the version and for help, and every option-like word in it is accepted", async () => {
  for (const flag of [...VERSION_FLAGS, ...HELP_FLAGS]) assert.match(USAGE, new RegExp(`(^|[\\s(,])${flag}\\b`, "m"), `carom --help mentions ${flag}`);
  const words = [...new Set([...USAGE.matchAll(/(?:^|[\s(,])(--?[a-zA-Z][a-z-]*)/gm)].map((m) => m[1]))];
  const accepted = new Set([...VERSION_FLAGS, ...HELP_FLAGS, ...Object.values(OPTIONS).flatMap((spec) => Object.entries(spec).flatMap(([name, s]) => [`--${name}`, ...(s.short === undefined ? [] : [`-${s.short}`])]))]);
  for (const w of words) assert.ok(accepted.has(w), `carom --help mentions ${w}, which no command accepts`);
  const results = await pool(VERSION_FLAGS.map((flag) => () => caromAsync([flag])), 2);
  for (const r of results) {
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^carom \d+\.\d+\.\d+/);
  }
});

/** The positional arguments of a synopsis ("[scene.json] -o picture.svg [options]" gives ["[scene.json]"]), not option values. */
function positionals(synopsis: string): string[] {
  const out: string[] = [];
  const tokens = synopsis.trim().split(/\s+/).filter((t) => t !== "");
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (/^\[?-/.test(t)) {
      if (!t.endsWith("]") && k + 1 < tokens.length && !/^\[?-/.test(tokens[k + 1])) k++; // its value
      continue;
    }
    if (t !== "[options]" && !/^\.\.\.\]?$/.test(t)) out.push(t);
  }
  return out;
}

test("the overview's line for each command names the same arguments as that command's usage line", () => {
  for (const command of Object.keys(COMMAND_HELP)) {
    const overview = new RegExp(`^  ${command}\\b(.*?)(?: {2,}|$)`, "m").exec(USAGE)?.[1] ?? "";
    const usage = new RegExp(`^usage: carom ${command}\\b(.*)$`, "m").exec(COMMAND_HELP[command])?.[1] ?? "";
    assert.deepEqual(positionals(overview).slice(0, 1), positionals(usage).slice(0, 1), `carom --help says "${command}${overview}", carom ${command} --help says "usage: carom ${command}${usage}"`);
  }
});

test("help, --help and -h print the same text and exit 0 for the overview, every command and help itself", async () => {
  const cases: [string[], string][] = [[[], USAGE], [["help"], USAGE], [["--help"], USAGE], [["-h"], USAGE]];
  for (const command of Object.keys(COMMAND_HELP)) cases.push([["help", command], COMMAND_HELP[command]], [[command, "--help"], COMMAND_HELP[command]]);
  // (-h is read by the same code as --help for every command: two of them stand for all)
  for (const command of ["help", "pack"]) cases.push([[command, "-h"], COMMAND_HELP[command]]);
  const results = await pool(cases.map(([args]) => () => caromAsync(args)), 2);
  cases.forEach(([args, text], k) => {
    const r = results[k];
    assert.equal(r.code, 0, `carom ${args.join(" ")}: exit ${r.code}: ${r.stderr}`);
    assert.equal(r.stdout, text, `carom ${args.join(" ")}`);
    assert.equal(r.stderr, "");
  });
});

test("help refuses what it cannot answer with exit code 2 and a message naming it", () => {
  const cases: [string[], RegExp][] = [
    [["help", "nosuch"], /^carom help: no command "nosuch" \(commands: run, /],
    [["help", "run", "pack"], /^carom help: one command at a time, got run pack\n$/],
    [["--help", "run"], /^carom --help takes no arguments, got run/],
    [["--version", "x"], /^carom --version takes no arguments, got x\n$/],
    [["-V", "x"], /^carom -V takes no arguments, got x\n$/],
  ];
  for (const [args, message] of cases) {
    const r = carom(args);
    assert.equal(r.code, 2, `carom ${args.join(" ")}`);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, message);
  }
});
