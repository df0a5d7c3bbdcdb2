import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { decimalNumber, parseArgs, wantsHelp, type OptionSpec } from "../src/cli/args.js";
import { BENCH_OPTIONS } from "../src/cli/bench.js";
import { CliError } from "../src/cli/cli-error.js";
import { EXAMPLES_OPTIONS } from "../src/cli/examples.js";
import { COMMAND_HELP, USAGE } from "../src/cli/help.js";
import { LATTICE_OPTIONS } from "../src/cli/lattice.js";
import { PACK_OPTIONS } from "../src/cli/pack.js";
import { POOL_OPTIONS } from "../src/cli/pool.js";
import { RENDER_OPTIONS } from "../src/cli/render.js";
import { RUN_OPTIONS } from "../src/cli/run.js";
import { SCHEMA_OPTIONS } from "../src/cli/schema.js";
import { SWEEP_OPTIONS } from "../src/cli/sweep.js";
import { VALIDATE_OPTIONS } from "../src/cli/validate.js";
import { packageVersion } from "../src/cli/version.js";
import { carom, ensureBuilt, ROOT, tempDir } from "./support/cli.js";

/** Every command's options; a new command adds its table here (the help test below checks it). */
const OPTIONS: Record<string, Record<string, OptionSpec>> = {
  run: RUN_OPTIONS,
  validate: VALIDATE_OPTIONS,
  render: RENDER_OPTIONS,
  bench: BENCH_OPTIONS,
  pack: PACK_OPTIONS,
  lattice: LATTICE_OPTIONS,
  pool: POOL_OPTIONS,
  schema: SCHEMA_OPTIONS,
  sweep: SWEEP_OPTIONS,
  examples: EXAMPLES_OPTIONS,
  tour: {},
};

function refused(f: () => unknown, pattern: RegExp): void {
  assert.throws(f, (e: unknown) => {
    assert.ok(e instanceof CliError, String(e));
    assert.equal(e.exitCode, 2);
    assert.match(e.message, pattern);
    return true;
  });
}

test("decimal numbers are read exactly as Number() reads them; every other form is refused with the reason", () => {
  for (const [text, value] of [["12", 12], ["-0.5", -0.5], ["+3", 3], ["1e-3", 1e-3], [".5", 0.5], ["5.", 5], ["0", 0], ["-0", -0], ["0e-400", 0], ["5e-324", 5e-324], ["1.7976931348623157e308", Number.MAX_VALUE]] as const) {
    assert.deepEqual(decimalNumber(text), { value }, text);
  }
  const reasons: [string, RegExp][] = [
    ["0x10", /no hexadecimal, binary or octal/], ["0b11", /no hexadecimal/], ["0o7", /no hexadecimal/], ["-0x1", /no hexadecimal/],
    ["Infinity", /must be a finite number/], ["-Infinity", /finite/], ["NaN", /must be a decimal number/],
    ["1e400", /out of range/], ["1e-400", /underflows to 0/], ["2e-324", /underflows to 0/],
    ["", /decimal/], [" 5", /decimal/], ["5 ", /decimal/], ["1_000", /decimal/], ["1,5", /decimal/], ["e5", /decimal/], ["--5", /decimal/],
  ];
  for (const [text, why] of reasons) {
    const r = decimalNumber(text);
    assert.ok("error" in r, text);
    assert.match(r.error, why, text);
  }
});

test("options are parsed by node:util parseArgs in strict mode: values, =values, short names, flags, positionals and --", () => {
  const spec = { duration: { kind: "number" }, events: { kind: "string" }, json: { kind: "flag" }, quiet: { kind: "flag", short: "q" }, output: { kind: "string", short: "o" } } as const;
  const r = parseArgs("run", ["a.json", "--duration", "2.5", "--events=e.ndjson", "-q", "-o", "x.svg", "--json", "--", "--not-an-option"], spec);
  assert.deepEqual(r, {
    positional: ["a.json", "--not-an-option"],
    values: { duration: 2.5, events: "e.ndjson", quiet: true, output: "x.svg", json: true },
    spelled: { duration: "--duration", events: "--events", quiet: "-q", output: "-o", json: "--json" },
  });
  assert.deepEqual(parseArgs("run", ["--duration=-1"], spec).values, { duration: -1 });
  refused(() => parseArgs("run", ["--durtion", "1"], spec), /^carom run: unknown option --durtion, did you mean --duration\? \(see carom help run\)$/);
  refused(() => parseArgs("run", ["-x"], spec), /unknown option -x/);
  refused(() => parseArgs("run", ["--json=yes"], spec), /--json takes no value/);
  refused(() => parseArgs("run", ["--events"], spec), /--events needs a value/);
  refused(() => parseArgs("run", ["-o"], spec), /^carom run: -o needs a value/);
  refused(() => parseArgs("run", ["--output"], spec), /^carom run: --output needs a value/);
  refused(() => parseArgs("run", ["-qo"], spec), /^carom run: -o needs a value/);
  refused(() => parseArgs("run", ["--duration", "-1"], spec), /--duration needs a value; for one that starts with '-', write --duration=VALUE/);
  refused(() => parseArgs("run", ["--duration", "0x10"], spec), /--duration must be a decimal number \(no hexadecimal, binary or octal\), got "0x10"/);
  refused(() => parseArgs("run", ["--duration=1e-400"], spec), /--duration underflows to 0/);
  assert.deepEqual(parseArgs("run", ["--help"], spec).values, {}, "every command takes --help");
  assert.equal(wantsHelp(["x", "-h"]), true);
  assert.equal(wantsHelp(["--", "--help"]), false);
});

test("every option of every command appears in that command's help, and the overview names --version and every command", () => {
  assert.deepEqual(Object.keys(OPTIONS).sort(), Object.keys(COMMAND_HELP).filter((c) => c !== "help").sort(), "every command with a help text has its options listed here");
  for (const [command, spec] of Object.entries(OPTIONS)) {
    const help = COMMAND_HELP[command];
    for (const [name, s] of Object.entries({ ...spec, help: { kind: "flag", short: "h" } as OptionSpec })) {
      assert.match(help, new RegExp(`(^|[\\s,\\[])--${name}\\b`), `carom ${command} --help lists --${name}`);
      if (s.short !== undefined) assert.match(help, new RegExp(`-${s.short}, --${name}\\b`), `carom ${command} --help lists -${s.short}`);
    }
  }
  assert.match(USAGE, /--version/);
  for (const command of Object.keys(COMMAND_HELP)) assert.match(USAGE, new RegExp(`^  ${command}\\b`, "m"), command);
});

test("--version prints the version in package.json, read when the command runs", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  assert.equal(packageVersion(), pkg.version);
  ensureBuilt();
  const r = carom(["--version"]);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, `carom ${pkg.version}\n`);
  assert.doesNotMatch(readFileSync(join(ROOT, "src", "cli.ts"), "utf8"), /carom \d+\.\d+\.\d+/, "no version string in the source");
});

test("every error about an option names it as the user typed it: -o or --output, --growth-rate (not growthRate)", () => {
  ensureBuilt();
  const dir = tempDir();
  const cradle = join(ROOT, "examples", "cradle.json");
  const folder = join(tempDir(), "picture.svg"); // a folder whose name looks like a picture
  mkdirSync(folder);
  mkdirSync(join(folder, "..", "break.json")); // and one where carom examples would write a scene
  const cases: [string[], string][] = [
    [["render", cradle, "-o", join(dir, "p.txt")], "carom render: -o must end in .svg or .html"],
    [["render", cradle, "--output", join(dir, "p.txt")], "carom render: --output must end in .svg or .html"],
    [["render", cradle, "--output", folder], `carom render: --output ${folder} is a folder`],
    [["render", cradle, "-o", folder], `carom render: -o ${folder} is a folder`],
    [["run", "--render", join(dir, "p.html")], "carom run: --render writes .svg for the built-in pool break"],
    [["examples", join(folder, "..")], `carom examples: ${join(folder, "..", "break.json")} `],
    [["schema", "--output", dir], `carom schema: --output ${dir} is a folder`],
    [["schema", "-o", dir], `carom schema: -o ${dir} is a folder`],
    [["pack", "--dimensions", "2", "--count", "8", "--radii", "1", "--seed", "1", "-o", dir], `carom pack: -o ${dir} is a folder`],
    [["pack", "--dimensions", "2", "--count", "8", "--radii", "1", "--seed", "1", "--output", dir], `carom pack: --output ${dir} is a folder`],
    [["pack", "--dimensions", "2", "--count", "8", "--radii", "1", "--seed", "1", "--growth-rate", "1e-9", "-o", join(dir, "p.json")], "carom pack: --growth-rate must be in [1e-6, 1e30]"],
    [["pack", "--dimensions", "2", "--count", "8", "--radii", "1", "--seed", "1", "--target-pressure", "1e13", "-o", join(dir, "p.json")], "carom pack: --target-pressure must be at most 1e12"],
    [["pack", "--dimensions", "2", "--count", "2", "--radii", "1", "--seed", "1", "-o", join(dir, "p.json")], "carom pack: --count 2 is too small for a periodic packing"],
    [["pack", "--dimensions", "2", "--count", "8", "--radii", "1", "--seed", "1", "--max-collisions", "10", "-o", join(dir, "p.json")], "carom pack: no jam after "],
    [["pack", "--dimensions", "2", "--count", "8", "--radii", "1", "--seed", "1", "--max-collisions", "0", "-o", join(dir, "p.json")], "carom pack: --max-collisions must be an integer >= 1, got 0"],
  ];
  for (const [args, message] of cases) {
    const r = carom(args);
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.ok(r.stderr.startsWith(message), `carom ${args.join(" ")}:\n${r.stderr}\nexpected it to start with: ${message}`);
    assert.doesNotMatch(r.stderr, /\b(growthRate|targetPressure|maxCollisions|packJammed)\b/, r.stderr);
  }
  assert.deepEqual(readdirSync(dir), []);
});

test("carom pack's help states the --count it accepts: 6 disks and 16 spheres of one size pack, 5 and 15 are refused", () => {
  ensureBuilt();
  assert.match(COMMAND_HELP.pack, /at least 6 disks or 16 spheres of one size/);
  const dir = tempDir();
  for (const [d, ok, refusedCount] of [[2, 6, 5], [3, 16, 15]]) {
    const base = ["pack", "--dimensions", String(d), "--radii", "1", "--seed", "1", "-q"];
    const good = carom([...base, "--count", String(ok), "-o", join(dir, `${d}.json`)]);
    assert.equal(good.code, 0, good.stderr);
    assert.equal(good.stdout, "", "-q: no summary");
    assert.match(carom([...base, "--count", String(refusedCount), "-o", join(dir, "x.json")]).stderr, /^carom pack: --count \d+ is too small/);
  }
});
