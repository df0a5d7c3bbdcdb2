// The code samples of the README, docs/*.md and the API reference's doc comments as runnable programs: every fenced ts/js block
// that imports or requires carom is extracted, each `// → value` comment at the end of a
// statement becomes a check of that statement's value, and the types are stripped with
// TypeScript's own transpileModule. test/readme-samples.test.ts runs them against the build
// (out/doc-samples/, where "carom" is this package by name); scripts/check-package.mjs runs the
// README's against the packed tarball installed in a user's project.
//
// A `// → value` compares the statement's value (for `console.log(x)`, x; for `const x = …`, x)
// with the value written, a JavaScript expression, structurally (numbers exactly, objects by
// their keys, arrays and typed arrays element by element); `// → ≈ value` compares every number
// to the digits shown. A sample prints "checked line N" per check and exits 1 on a mismatch.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

/**
 * The fenced ts/js blocks of a markdown file (relative to root) that use carom: { doc, line,
 * lang, code }. In a TypeScript source file, the blocks of its doc comments (the TypeDoc pages'
 * samples), with each line's leading `*` taken off.
 */
export function docSamples(root, doc) {
  let lines = readFileSync(join(root, doc), "utf8").split("\n");
  if (doc.endsWith(".ts")) lines = lines.map((l) => l.replace(/^\s*\*(?: |$)/, ""));
  const out = [];
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

/** The lines of a markdown file's fenced sh blocks that run the carom command (`npx carom …`), without trailing comments. */
export function docCommands(root, doc) {
  const lines = readFileSync(join(root, doc), "utf8").split("\n");
  const out = [];
  let inShell = false;
  lines.forEach((text, k) => {
    const fence = /^\s*```\s*([A-Za-z]*)/.exec(text);
    if (fence !== null) {
      inShell = !inShell && ["sh", "bash", "shell", "console"].includes(fence[1].toLowerCase());
      return;
    }
    if (inShell && /^\s*npx carom\b/.test(text)) out.push({ doc, line: k + 1, command: text.replace(/\s+#.*$/, "").trim() });
  });
  return out;
}

/**
 * The files a markdown file asks its reader to save before its commands: each fenced block right
 * after a line `<!-- file: NAME -->` is the file NAME (its text, with a final newline), in order.
 * The README shows a sweep file this way and then runs `npx carom sweep eos.json`; the package
 * check writes these into the user's project before it runs the README's commands.
 */
export function docFiles(root, doc) {
  const lines = readFileSync(join(root, doc), "utf8").split("\n");
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = /^\s*<!--\s*file:\s*(\S+)\s*-->\s*$/.exec(lines[i]);
    if (marker === null) continue;
    const open = /^(\s*)(`{3,}|~{3,})/.exec(lines[i + 1] ?? "");
    if (open === null) throw new Error(`${doc}:${i + 1}: <!-- file: ${marker[1]} --> must be followed by a fenced block`);
    let j = i + 2;
    while (j < lines.length && !lines[j].trimStart().startsWith(open[2])) j++;
    out.push({ doc, line: i + 1, name: marker[1], text: lines.slice(i + 2, j).join("\n") + "\n" });
    i = j;
  }
  return out;
}

/** A `// → value` comment right after position `end` on the same line, or undefined. */
function arrowComment(text, end) {
  for (const c of ts.getTrailingCommentRanges(text, end) ?? []) {
    const m = /^\/\/\s*→\s*(.+?)\s*$/.exec(text.slice(c.pos, c.end));
    if (m !== null) return m[1];
  }
  return undefined;
}

/** Rewrites each statement that ends in `// → value` into a check of its value (TypeScript source in, out). */
export function instrument(code, name) {
  const file = ts.createSourceFile(name, code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const edits = [];
  const visit = (stmts) => {
    for (const s of stmts) {
      if (ts.isBlock(s)) visit(s.statements);
      const expected = arrowComment(code, s.end);
      if (expected === undefined) continue;
      const line = file.getLineAndCharacterOfPosition(s.getStart()).line + 1;
      const check = (actual) => `__check(${actual}, () => (${expected.replace(/^[≈~]\s*/, "")}), ${JSON.stringify(expected)}, ${line});`;
      if (ts.isExpressionStatement(s)) {
        let e = s.expression;
        const isLog = ts.isCallExpression(e) && e.getText().startsWith("console.log(") && e.arguments.length === 1;
        if (isLog) e = e.arguments[0];
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
export const PRELUDE = `
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

/**
 * A sample as a program: { name, file (NAME.mjs for ES modules, NAME.cjs for require), text, checks }.
 */
export function sampleProgram(sample) {
  const name = `${sample.doc.replace(/[^A-Za-z0-9]+/g, "-")}-${sample.line}`;
  const { code, checks } = instrument(sample.code, `${name}.ts`);
  const js = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.Preserve, verbatimModuleSyntax: true },
    fileName: `${name}.ts`,
  }).outputText;
  const esm = /^\s*(import|export)\s/m.test(js) || /\bawait\b/.test(js) || !/\brequire\(/.test(js);
  return { name, file: `${name}.${esm ? "mjs" : "cjs"}`, text: PRELUDE + js, checks };
}
