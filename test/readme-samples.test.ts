/**
 * Runs the code samples of README.md, docs/*.md and the doc comments in src/ (the API
 * reference's) against the built package, as a user's code
 * would run (scripts/doc-samples.mjs turns them into programs): from out/doc-samples/, where
 * `import … from "carom"` finds this package by name through its exports map (dist/, so run
 * npm run build first). Every `// → value` comment at the end of a statement is asserted.
 * (scripts/check-package.mjs runs the README's samples again against the packed tarball.)
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { docSamples, instrument, sampleProgram } from "../scripts/doc-samples.mjs";

const ROOT = join(import.meta.dirname, "..");
const OUT = join(ROOT, "out", "doc-samples");

/** The TypeScript files under src/ (their doc comments' samples are the API reference's). */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(`${dir}/${e.name}`) : e.name.endsWith(".ts") ? [`${dir}/${e.name}`] : []));
}
const docs = ["README.md", ...(existsSync(join(ROOT, "docs")) ? readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`) : []), ...sources("src").sort()];
const all = docs.flatMap((doc) => docSamples(ROOT, doc));
const built = existsSync(join(ROOT, "dist", "index.js"));

test("README.md has code samples that use carom, each with asserted results", () => {
  const readme = all.filter((s) => s.doc === "README.md");
  assert.ok(readme.length >= 2, `only ${readme.length} samples found in README.md`);
  assert.ok(readme.some((s) => instrument(s.code, "x.ts").checks >= 2));
  // Result comments use the asserted form: `// → value`, not a bare value after //.
  const bare = readme.flatMap((s) => s.code.split("\n").filter((l) => /;\s*\/\/\s*(-?\d|\{\s*\w+:|\[|true\b|false\b|null\b|Infinity\b)/.test(l)));
  assert.deepEqual(bare, [], "write result comments as // → value");
});

for (const s of all) {
  test(`${s.doc}:${s.line}: the ${s.lang} sample runs against the built package and prints what its comments say`, { skip: built ? false : "run npm run build first" }, () => {
    const program = sampleProgram(s);
    mkdirSync(OUT, { recursive: true });
    const path = join(OUT, program.file);
    writeFileSync(path, program.text);
    const checks = program.checks;
    const r = spawnSync(process.execPath, [path], { cwd: OUT, encoding: "utf8", timeout: 60_000 });
    assert.equal(r.status, 0, `${s.doc}:${s.line} (${path}):\n${r.stderr}${r.stdout}`);
    assert.equal((r.stdout.match(/^checked line /gm) ?? []).length, checks, r.stdout);
  });
}
