// Builds the API reference with TypeDoc into docs/api/ (npm run docs), the README as its landing
// page. The entry points are read from package.json's exports map (each "./dist/<name>.js" is
// documented from src/<name>.ts), so a new subpath export is documented without touching this
// script; each module is named by its import path ("carom/2d/gravity") with an `@module` tag in
// its first comment, and the script checks that every one is. typedoc.json asks for
// documentation on every module, exported function, class, public member, property and options
// type. Every warning and error TypeDoc prints is counted (whatever the line starts with: a
// file position or the level), printed by source file, and checked against TypeDoc's own
// summary; the script exits 1 when there is any, or when a module is misnamed.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

/** The documented modules from package.json's exports: [{ name: "carom/2d/gravity", source: "src/exports/2d/gravity.ts" }]. */
export function docEntries(pkg, root = ROOT) {
  const entries = [];
  for (const [key, target] of Object.entries(pkg.exports)) {
    const file = typeof target === "string" ? target : (target.import ?? target.default);
    const m = /^\.\/dist\/(.+)\.js$/.exec(file ?? "");
    if (m !== null && existsSync(join(root, "src", `${m[1]}.ts`))) entries.push({ name: key === "." ? "carom" : `carom${key.slice(1)}`, source: `src/${m[1]}.ts` });
  }
  return entries;
}

/**
 * The warnings and errors in TypeDoc's output (colours stripped): every line that carries a
 * `[warning]` or `[error]` level, whether it starts with it or with a file position
 * (`src/x.ts:3:5 - [warning] ...`), but not TypeDoc's summary line ("Found 0 errors and 1
 * warnings"), whose figures come back as `summary`.
 */
export function typedocProblems(output) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const summaryLine = /\[(?:warning|error|info)\] Found (\d+) errors? and (\d+) warnings?/;
  const warnings = [], errors = [];
  let summary;
  for (const line of lines) {
    const s = summaryLine.exec(line);
    if (s !== null) {
      summary = { errors: Number(s[1]), warnings: Number(s[2]) };
      continue;
    }
    if (/\[warning\]/.test(line)) warnings.push(line.trim());
    else if (/\[error\]/.test(line)) errors.push(line.trim());
  }
  return { warnings, errors, summary };
}

if (process.argv[1] === import.meta.filename) {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const entries = docEntries(pkg);
  const args = [join(ROOT, "node_modules", "typedoc", "bin", "typedoc"), "--options", "typedoc.json", ...entries.flatMap((e) => ["--entryPoints", e.source])];
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { warnings, errors, summary } = typedocProblems(r.stdout + r.stderr);
  const byFile = new Map();
  for (const w of warnings) {
    const file = /^(?:\.\/)?(\S+?\.ts):\d+/.exec(w)?.[1] ?? /defined in [^/]+\/(\S+?\.ts)/.exec(w)?.[1] ?? "(no file)";
    byFile.set(file, (byFile.get(file) ?? 0) + 1);
  }
  if (warnings.length > 0) {
    console.log(warnings.join("\n"));
    console.log(`\nwarnings by file:\n${[...byFile].sort((a, b) => b[1] - a[1]).map(([f, n]) => `  ${String(n).padStart(4)}  ${f}`).join("\n")}`);
  }
  if (errors.length > 0) console.log(errors.join("\n"));
  const problems = [];
  if (summary !== undefined && (summary.warnings !== warnings.length || summary.errors !== errors.length)) {
    problems.push(`TypeDoc reports ${summary.errors} errors and ${summary.warnings} warnings, but ${errors.length} and ${warnings.length} were found in its output`);
  }
  if (r.status !== 0 && errors.length === 0) problems.push(`TypeDoc exited with ${r.status}:\n${r.stdout}${r.stderr}`);
  // Modules by import path: the JSON output lists them; each needs its @module tag.
  const json = join(ROOT, "docs", "api", "api.json");
  const names = existsSync(json) ? (JSON.parse(readFileSync(json, "utf8")).children ?? []).map((c) => c.name) : [];
  for (const e of entries) if (!names.includes(e.name)) problems.push(`${e.source}: no module named ${e.name} in the API reference: its first comment needs the tag \`@module ${e.name}\``);
  for (const p of problems) console.log(p);
  console.log(`typedoc: ${entries.length} modules (${entries.map((e) => e.name).join(", ")}) -> docs/api/ in ${seconds} s: ${warnings.length} warnings, ${errors.length} errors`);
  process.exit(r.status === 0 && warnings.length === 0 && errors.length === 0 && problems.length === 0 ? 0 : 1);
}
