// Removes from dist/ the declaration files that no public entry needs (npm run build runs it
// after emitting them). The exports map lets users import only its entries, so the types they
// can reach are the entries' .d.ts files and what those import, transitively; the declarations
// of internal modules that no public type mentions (a third of them) would only weigh on the
// package. In the files it keeps, it drops the doc comments no user sees: those of private and
// protected members (editors show them nowhere outside the class) and the module comment of an
// internal module (the design notes of src/, which the repository keeps; an entry's stays).
// The declarations themselves are untouched. Prints what it kept, removed and trimmed.
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");

/** The .d.ts files under dir. */
function declarations(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...declarations(path));
    else if (name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The .d.ts files the package's entries name: "types", every "types" condition, typesVersions targets. */
export function entryDeclarations(pkg, root = ROOT) {
  const out = new Set();
  const add = (target) => {
    if (typeof target === "string" && target.endsWith(".d.ts") && !target.includes("*")) out.add(resolve(root, target));
  };
  add(pkg.types);
  const visit = (value) => {
    if (value === null || typeof value !== "object") return;
    for (const [key, v] of Object.entries(value)) key === "types" ? add(v) : visit(v);
  };
  visit(pkg.exports);
  return [...out];
}

/** Every declaration file reachable from `entries` through relative imports and import() types. */
export function reachable(entries) {
  const seen = new Set();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g)) {
      stack.push(resolve(dirname(file), m[1].replace(/\.js$/, ".d.ts")));
    }
  }
  return seen;
}

/**
 * A declaration file's text without the doc comments no user sees: those of private and
 * protected class members, and, unless `entry`, the module comment (a doc comment before the
 * first statement that is not that statement's own: before an import or export-from, or an
 * earlier one of several).
 */
export function trimDeclaration(text, entry) {
  const file = ts.createSourceFile("x.d.ts", text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const cuts = [];
  const docs = (node) => (ts.getLeadingCommentRanges(text, node.pos) ?? []).filter((c) => text.startsWith("/**", c.pos));
  const first = file.statements[0];
  if (!entry && first !== undefined) {
    const before = docs(first);
    const own = ts.isImportDeclaration(first) || ts.isExportDeclaration(first) ? 0 : 1;
    cuts.push(...before.slice(0, before.length - own));
  }
  const visit = (node) => {
    if (ts.isClassElement(node) && (ts.getCombinedModifierFlags(node) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0) cuts.push(...docs(node));
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = text;
  for (const c of cuts.sort((a, b) => b.pos - a.pos)) {
    // the comment and the line break after it; its indentation goes with it
    let start = c.pos;
    while (start > 0 && (out[start - 1] === " " || out[start - 1] === "\t")) start--;
    const end = out[c.end] === "\n" ? c.end + 1 : c.end;
    out = out.slice(0, start) + out.slice(end);
  }
  return out;
}

if (process.argv[1] === import.meta.filename) {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const keep = reachable(entryDeclarations(pkg));
  const all = declarations(DIST);
  const removed = all.filter((f) => !keep.has(f));
  for (const f of removed) rmSync(f);
  const entries = new Set(entryDeclarations(pkg));
  let before = 0, after = 0;
  for (const f of all.filter((f) => keep.has(f))) {
    const text = readFileSync(f, "utf8");
    const trimmed = trimDeclaration(text, entries.has(f));
    before += text.length;
    after += trimmed.length;
    if (trimmed !== text) writeFileSync(f, trimmed);
  }
  console.log(`prune-types: kept ${all.length - removed.length} declaration files reachable from the package's entries, removed ${removed.length} (${removed.map((f) => relative(DIST, f)).slice(0, 4).join(", ")}${removed.length > 4 ? ", ..." : ""}); doc comments no user sees trimmed: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB`);
}
