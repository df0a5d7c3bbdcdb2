/**
 * Runs the code samples of README.md and docs/*.md against the built package, as a user's code
 * would run: every fenced ts/js block that imports or requires carom is extracted, its types are
 * stripped with TypeScript's own transpileModule, and it runs in a child Node process from
 * out/doc-samples/, where `import … from "carom"` finds this package by name through its
 * exports map (dist/, so run npm run build first).
 *
 * Every `// → value` comment at the end of a statement is asserted: the statement's value
 * (for `console.log(x)`, x; for `const x = …`, x) must equal the value written, a JavaScript
 * expression compared structurally (numbers exactly, objects by their keys, arrays and typed
 * arrays element by element). `// → ≈ value` compares every number to the digits shown.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const ROOT = join(import.meta.dirname, "..");
const OUT = join(ROOT, "out", "doc-samples");

interface Sample {
  doc: string;
  line: number; // 1-based line of the opening fence
  lang: string;
  code: string;
}

/** The fenced ts/js blocks of a markdown file that use carom. */
function samples(doc: string): Sample[] {
  const lines = readFileSync(join(ROOT, doc), "utf8").split("\n");
  const out: Sample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([A-Za-z]+)?/.exec(lines[i]);
    if (open === null) continue;
    const fence = open[2];
    let j = i + 1;
    while (j < lines.length && !lines[j].trimStart().startsWith(fence)) j++;
    const lang = (open[3] ?? "").toLowerCase();
    const code = lines.slice(i + 1, j).join("\n");
    if (["ts", "typescript", "js", "javascript", "mjs", "cjs", "mts", "cts"].includes(lang) && /(from\s+|import\(\s*|require\(\s*)["']carom(\/[^"']*)?["']/.test(code)) {
      out.push({ doc, line: i + 1, lang, code });
    }
    i = j;
  }
  return out;
}

/** A `// → value` comment right after position `end` on the same line, or undefined. */
function arrowComment(text: string, end: number): string | undefined {
  for (const c of ts.getTrailingCommentRanges(text, end) ?? []) {
    const m = /^\/\/\s*→\s*(.+?)\s*$/.exec(text.slice(c.pos, c.end));
    if (m !== null) return m[1];
  }
  return undefined;
}

/** Rewrites each statement that ends in `// → value` into a check of its value (TypeScript source in, out). */
function instrument(code: string, name: string): { code: string; checks: number } {
  const file = ts.createSourceFile(name, code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (stmts: readonly ts.Statement[]): void => {
    for (const s of stmts) {
      if (ts.isBlock(s)) visit(s.statements);
      const expected = arrowComment(code, s.end);
      if (expected === undefined) continue;
      const line = file.getLineAndCharacterOfPosition(s.getStart()).line + 1;
      const check = (actual: string): string => `__check(${actual}, () => (${expected.replace(/^[≈~]\s*/, "")}), ${JSON.stringify(expected)}, ${line});`;
      if (ts.isExpressionStatement(s)) {
        let e = s.expression;
        const isLog = ts.isCallExpression(e) && e.getText() .startsWith("console.log(") && e.arguments.length === 1;
        if (isLog) e = (e as ts.CallExpression).arguments[0];
        edits.push({ start: s.getStart(), end: s.end, text: check(`(${e.getText()})`) });
      } else if (ts.isVariableStatement(s) && s.declarationList.declarations.length === 1 && ts.isIdentifier(s.declarationList.declarations[0].name)) {
        edits.push({ start: s.end, end: s.end, text: " " + check(s.declarationList.declarations[0].name.text) });
      } else {
        throw new Error(`${name}:${line}: a "// →" comment must end an expression statement or a single declaration`);
      }
    }
  };
  visit(file.statements);
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { code: out, checks: edits.length };
}

/** The checker every sample gets: structural equality, with ≈ comparing numbers to the digits shown. */
const PRELUDE = `
const __decimals = (s) => { const m = /\\.(\\d+)(?:e|$)/i.exec(s); return m ? m[1].length : 0; };
function __same(a, e, approx, path) {
  if (typeof e === "number") {
    if (typeof a !== "number") return path + ": expected a number, got " + typeof a;
    if (approx) { const d = __decimals(String(e)); return Math.abs(a - e) <= 0.5 * 10 ** -d * (1 + 1e-9) ? "" : path + ": " + a + " is not ≈ " + e; }
    return a === e || (Number.isNaN(a) && Number.isNaN(e)) ? "" : path + ": got " + a + ", expected " + e;
  }
  if (e === null || typeof e !== "object") return Object.is(a, e) ? "" : path + ": got " + String(a) + ", expected " + String(e);
  if (a === null || typeof a !== "object") return path + ": got " + String(a) + ", expected an object";
  if (Array.isArray(e)) {
    if (!(Array.isArray(a) || ArrayBuffer.isView(a))) return path + ": expected an array";
    if (a.length !== e.length) return path + ": length " + a.length + ", expected " + e.length;
    for (let i = 0; i < e.length; i++) { const r = __same(a[i], e[i], approx, path + "[" + i + "]"); if (r) return r; }
    return "";
  }
  const ka = Object.keys(a).sort(), ke = Object.keys(e).sort();
  if (ka.join() !== ke.join()) return path + ": keys {" + ka.join(", ") + "}, expected {" + ke.join(", ") + "}";
  for (const k of ke) { const r = __same(a[k], e[k], approx, path + "." + k); if (r) return r; }
  return "";
}
function __check(actual, expected, text, line) {
  const r = __same(actual, expected(), /^[≈~]/.test(text), "value");
  if (r) { console.error("line " + line + ": // → " + text + ": " + r); process.exitCode = 1; }
  else console.log("checked line " + line + ": " + text);
}
`;

const docs = ["README.md", ...(existsSync(join(ROOT, "docs")) ? readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`) : [])];
const all = docs.flatMap(samples);
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
    const name = `${s.doc.replace(/[^A-Za-z0-9]+/g, "-")}-${s.line}`;
    const { code, checks } = instrument(s.code, `${name}.ts`);
    const js = ts.transpileModule(code, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.Preserve, verbatimModuleSyntax: true },
      fileName: `${name}.ts`,
    }).outputText;
    const esm = /^\s*(import|export)\s/m.test(js) || /\bawait\b/.test(js) || !/\brequire\(/.test(js);
    mkdirSync(OUT, { recursive: true });
    const path = join(OUT, `${name}.${esm ? "mjs" : "cjs"}`);
    writeFileSync(path, PRELUDE + js);
    const r = spawnSync(process.execPath, [path], { cwd: OUT, encoding: "utf8", timeout: 60_000 });
    assert.equal(r.status, 0, `${s.doc}:${s.line} (${path}):\n${r.stderr}${r.stdout}`);
    assert.equal((r.stdout.match(/^checked line /gm) ?? []).length, checks, r.stdout);
  });
}
