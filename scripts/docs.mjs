// Builds the API reference with TypeDoc into docs/api/ (npm run docs). The entry points are
// read from package.json's exports map (each "./dist/<name>.js" is documented from
// src/<name>.ts), so a new subpath export is documented without touching this script.
// typedoc.json asks for documentation on every exported function, class, public member,
// property and options type; the script prints the warnings by source file and exits 1 when
// there is any.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const entries = [];
for (const target of Object.values(pkg.exports)) {
  const file = typeof target === "string" ? target : target.import ?? target.default;
  const m = /^\.\/dist\/(.+)\.js$/.exec(file ?? "");
  if (m !== null && existsSync(join(ROOT, "src", `${m[1]}.ts`))) entries.push(`src/${m[1]}.ts`);
}
const args = [join(ROOT, "node_modules", "typedoc", "bin", "typedoc"), "--options", "typedoc.json", ...entries.flatMap((e) => ["--entryPoints", e])];
const started = performance.now();
const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const output = (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, "");
const warnings = output.split("\n").filter((l) => l.startsWith("[warning]") && !/^\[warning\] Found \d+ errors/.test(l));
const byFile = new Map();
for (const w of warnings) {
  const file = /defined in [^/]+\/(\S+?\.ts)/.exec(w)?.[1] ?? "(no file)";
  byFile.set(file, (byFile.get(file) ?? 0) + 1);
}
if (warnings.length > 0) {
  console.log(warnings.join("\n"));
  console.log(`\nwarnings by file:\n${[...byFile].sort((a, b) => b[1] - a[1]).map(([f, n]) => `  ${String(n).padStart(4)}  ${f}`).join("\n")}`);
}
const errors = output.split("\n").filter((l) => l.startsWith("[error]"));
if (errors.length > 0) console.log(errors.join("\n"));
console.log(`typedoc: ${entries.join(", ")} -> docs/api/ in ${seconds} s: ${warnings.length} warnings, ${errors.length} errors`);
process.exit(r.status === 0 && warnings.length === 0 ? 0 : 1);
