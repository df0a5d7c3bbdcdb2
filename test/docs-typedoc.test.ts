import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { docEntries, typedocProblems } from "../scripts/docs.mjs";
import { ROOT } from "./support/cli.js";

interface Reflection {
  name: string;
  kind: number;
  comment?: { summary?: { kind: string; text: string }[]; blockTags?: { tag: string }[] };
  children?: Reflection[];
}

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, unknown> };
const text = (r: Reflection): string => (r.comment?.summary ?? []).map((p) => p.text).join("").replace(/\s+/g, " ");

test("every warning and error TypeDoc prints is counted, the ones that start with a file position too, and checked against its summary", () => {
  const output = [
    "\x1b[96m./src/world/walls.ts\x1b[0m:\x1b[93m140\x1b[0m:\x1b[93m28\x1b[0m - \x1b[93m[warning]\x1b[0m The relative path relative is not a file and will not be copied to the output directory",
    "",
    "\x1b[47m\x1b[30m140\x1b[0m       * [x, y, z, vx, vy, vz]: relative to where a moving wall's numbers hold",
    "[warning] carom/pool.PoolSystem (Class), defined in carom/src/pool/system.ts, does not have any documentation",
    "src/x.ts:1:1 - [error] Something broke",
    "\x1b[93m[warning]\x1b[0m Found 1 errors and 2 warnings",
  ].join("\n");
  const p = typedocProblems(output);
  assert.equal(p.warnings.length, 2);
  assert.match(p.warnings[0], /^\.\/src\/world\/walls\.ts:140:28 - \[warning\] The relative path/);
  assert.equal(p.errors.length, 1);
  assert.deepEqual(p.summary, { errors: 1, warnings: 2 });
});

test("the API reference builds with TypeDoc with no warning: every module, exported function, class, member and options field is documented and no internal type leaks", { timeout: 300_000 }, () => {
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "docs.mjs")], { cwd: ROOT, encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /: 0 warnings, 0 errors$/m);

  // The pages, as TypeDoc's JSON output describes them.
  const api = JSON.parse(readFileSync(join(ROOT, "docs", "api", "api.json"), "utf8")) as Reflection & { readme?: { text: string }[] };
  const modules = api.children ?? [];
  const entries = docEntries(pkg, ROOT);
  assert.deepEqual(modules.map((m) => m.name).sort(), entries.map((e) => e.name).sort(), "one page per entry of the exports map, named by its import path");
  assert.ok(modules.some((m) => m.name === "carom/2d/gravity"));
  for (const m of modules) assert.ok(text(m).length > 80, `${m.name}: its page says what the module is (${JSON.stringify(text(m))})`);
  // The parts (the entries that export nothing) say what importing them installs, and how.
  const parts = modules.filter((m) => (m.children ?? []).length === 0);
  assert.equal(parts.length, 12, parts.map((m) => m.name).join(", "));
  for (const m of parts) {
    assert.match(text(m), new RegExp(`Importing this module once, anywhere in a program \\(\`import "${m.name}";\`\\), installs into \`World[23]D\``), m.name);
    assert.match(text(m), /RangeError naming this import/, m.name);
  }
  // The README is the landing page.
  const readme = (api.readme ?? []).map((p) => p.text).join("");
  assert.match(readme, /^# carom\n/);
  assert.match(readFileSync(join(ROOT, "docs", "api", "index.html"), "utf8"), /Exact continuous collision detection and response for moving circles and spheres/);
});
