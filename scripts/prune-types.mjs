// Removes from dist/ the declaration files that no public entry needs (npm run build runs it
// after emitting them). The exports map lets users import only its entries, so the types they
// can reach are the entries' .d.ts files and what those import, transitively; the declarations
// of internal modules that no public type mentions (a third of them) would only weigh on the
// package. Prints what it kept and removed.
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

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

if (process.argv[1] === import.meta.filename) {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const keep = reachable(entryDeclarations(pkg));
  const all = declarations(DIST);
  const removed = all.filter((f) => !keep.has(f));
  for (const f of removed) rmSync(f);
  console.log(`prune-types: kept ${all.length - removed.length} declaration files reachable from the package's entries, removed ${removed.length} (${removed.map((f) => relative(DIST, f)).slice(0, 4).join(", ")}${removed.length > 4 ? ", ..." : ""})`);
}
