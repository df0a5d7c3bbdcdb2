// Checks the package as a user meets it: packs it (npm pack), installs the tarball offline into
// an empty temporary project and, from there, imports and requires every entry of the exports
// map, runs the bin, type-checks a file importing every subpath (moduleResolution nodenext, and
// node10 through typesVersions), and checks that the tarball holds the LICENSE and every file
// the README links, within the size budget.
// Usage (after npm run build): node scripts/check-package.mjs [--keep]
// Prints one line per check; exits 1 if any fails.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
// A guard against runaway files (gas.json alone is half of it); raised from 400 KB when the
// worlds' optional parts added twelve entry modules, and from 440 KB when the world queries
// (carom/2d/queries, carom/3d/queries) and debug drawing (carom/2d/draw) added about 35 KB.
const MAX_TARBALL_BYTES = 480 * 1024;
const keep = process.argv.includes("--keep");
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

/** Runs a command; returns { status, stdout, stderr } (never throws). */
function run(cmd, args, cwd, input) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", input, maxBuffer: 1 << 26, env: { ...process.env, NODE_NO_WARNINGS: "" } });
  return { status: r.status, stdout: r.stdout ?? "", stderr: (r.stderr ?? "") + (r.error ? String(r.error) : "") };
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const tmp = mkdtempSync(join(tmpdir(), "carom-package-"));
try {
  if (!existsSync(join(ROOT, "dist", "index.js"))) throw new Error("dist/ is missing: run npm run build first");

  // 1. Pack.
  const packed = JSON.parse(execFileSync(npm, ["pack", "--json", "--pack-destination", tmp], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }))[0];
  const tarball = join(tmp, packed.filename);
  const files = new Set(packed.files.map((f) => f.path));
  check(packed.size < MAX_TARBALL_BYTES, `tarball ${(packed.size / 1024).toFixed(1)} KB (< ${MAX_TARBALL_BYTES / 1024} KB), ${files.size} files, ${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked`);
  for (const f of ["LICENSE", "README.md", "package.json", "dist/scene.schema.json"]) check(files.has(f), `tarball holds ${f}`);
  check(![...files].some((f) => f.startsWith("docs/api/") || f.startsWith("src/") || f.startsWith("test/")), "tarball holds no docs/api, src or test files");

  // Every relative link in the README (and in the docs it links) is a file in the tarball.
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const linked = relativeLinks(readme, "");
  for (const l of [...linked]) if (l.endsWith(".md") && existsSync(join(ROOT, l))) for (const m of relativeLinks(readFileSync(join(ROOT, l), "utf8"), l.slice(0, l.lastIndexOf("/") + 1))) linked.add(m);
  for (const l of linked) check(files.has(l), `README link ${l} is in the tarball`);

  // 2. Install offline into an empty project.
  const app = join(tmp, "app");
  execFileSync("mkdir", ["-p", app]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "carom-user", version: "1.0.0", private: true, type: "module" }, null, 2));
  const install = run(npm, ["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", tarball], app);
  check(install.status === 0, `npm install --offline ${packed.filename}${install.status === 0 ? "" : ": " + install.stderr.trim()}`);
  const installed = join(app, "node_modules", "carom");
  const pkg = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));

  // 3. Every entry of the exports map, by import and by require.
  const specifiers = [];
  for (const key of Object.keys(pkg.exports)) {
    if (key.includes("*")) {
      const [before, after] = key.split("*");
      const dir = join(installed, before.slice(2));
      const names = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(after)) : [];
      check(names.length > 0, `exports ${key} matches files (${names.length})`);
      for (const n of names) specifiers.push("carom" + before.slice(1) + n);
    } else specifiers.push(key === "." ? "carom" : "carom" + key.slice(1));
  }
  const probe = `
    import { createRequire } from "node:module";
    const require = createRequire(import.meta.url);
    const out = {};
    for (const s of JSON.parse(process.argv[2])) {
      const json = s.endsWith(".json");
      const r = { };
      try { const m = json ? await import(s, { with: { type: "json" } }) : await import(s); r.import = Object.keys(json ? m.default : m).sort(); } catch (e) { r.importError = String(e); }
      try { r.require = Object.keys(require(s)).sort(); } catch (e) { r.requireError = String(e); }
      out[s] = r;
    }
    console.log(JSON.stringify(out));`;
  writeFileSync(join(app, "probe.mjs"), probe);
  const probed = run(process.execPath, ["probe.mjs", JSON.stringify(specifiers)], app);
  const results = probed.status === 0 ? JSON.parse(probed.stdout) : {};
  check(probed.status === 0, `probe ran${probed.status === 0 ? "" : ": " + probed.stderr}`);
  // Entries whose module is in package.json's sideEffects (carom/2d/gravity, carom/2d/periodic,
  // ...) install a part when imported and export nothing.
  const sideEffect = (pkg.sideEffects || []).map((g) => new RegExp("^" + g.replace(/[.]/g, "\\.").replace(/\*/g, "[^/]*") + "$"));
  const partEntry = (s) => sideEffect.some((re) => re.test(pkg.exports["." + s.slice("carom".length)]?.import ?? ""));
  for (const s of specifiers) {
    const r = results[s] ?? {};
    const ok = r.import !== undefined && r.require !== undefined && (r.import.length > 0 || partEntry(s)) && r.import.join() === r.require.join();
    check(ok, `import and require of ${s} (${r.import?.length ?? 0} names)${ok ? "" : " " + (r.importError ?? "") + " " + (r.requireError ?? "")}`);
  }
  for (const d of [2, 3]) {
    // The part at work from the installed package: gravity without it is a RangeError naming it.
    const world = `const { World${d}D } = await import("carom/${d}d"); const make = () => new World${d}D({ gravity: [${d === 2 ? "0, -1" : "0, 0, -1"}] });`;
    const without = run(process.execPath, ["--input-type=module", "-e", `${world} try { make(); process.exit(1); } catch (e) { if (!/carom\\/${d}d\\/gravity/.test(e.message)) throw e; }`], app);
    const withPart = run(process.execPath, ["--input-type=module", "-e", `${world} await import("carom/${d}d/gravity"); make();`], app);
    check(without.status === 0 && withPart.status === 0, `carom/${d}d needs carom/${d}d/gravity for gravity, and has it after the import${without.status === 0 && withPart.status === 0 ? "" : ": " + without.stderr + withPart.stderr}`);
  }
  check(!/ExperimentalWarning/.test(probed.stderr), `require(esm) prints no warning${/ExperimentalWarning/.test(probed.stderr) ? " (Node " + process.version + ": " + probed.stderr.split("\n")[0] + ")" : ""}`);
  const schema = results["carom/scene.schema.json"];
  check(schema?.import?.includes("$id") === true, "carom/scene.schema.json has an $id");

  // 4. The bin, as npx runs it.
  const bin = join(app, "node_modules", ".bin", "carom");
  check(existsSync(bin), "node_modules/.bin/carom exists");
  const tour = run(bin, ["tour"], app);
  check(tour.status === 0 && tour.stdout.length > 0, `carom tour exits 0${tour.status === 0 ? "" : ": " + tour.stderr}`);
  const examples = readdirSync(join(installed, "examples")).filter((n) => n.endsWith(".json"));
  for (const n of examples) {
    const v = run(bin, ["validate", join("node_modules", "carom", "examples", n)], app);
    check(v.status === 0, `carom validate node_modules/carom/examples/${n} exits 0${v.status === 0 ? "" : ": " + v.stderr.trim()}`);
  }

  // 5. Types: a file importing every code subpath, under nodenext (ESM and CJS) and node10.
  const code = specifiers.filter((s) => !/\.[a-z]+$/.test(s) && s !== "carom/package.json");
  const imports = code.map((s, k) => `import * as m${k} from "${s}";`).join("\n");
  const uses = code.map((_, k) => `m${k}`).join(", ");
  writeFileSync(join(app, "esm.mts"), `${imports}\nexport const all: object[] = [${uses}];\nimport schema from "carom/scene.schema.json" with { type: "json" };\nexport const id: string = schema.$id;\n`);
  writeFileSync(join(app, "cjs.cts"), code.map((s, k) => `import m${k} = require("${s}");`).join("\n") + `\nexport const all: object[] = [${uses}];\n`);
  writeFileSync(join(app, "legacy.ts"), `${imports}\nexport const all: object[] = [${uses}];\n`);
  const base = { strict: true, noEmit: true, skipLibCheck: false, target: "ES2022", lib: ["ES2022"], types: [] };
  writeFileSync(join(app, "tsconfig.json"), JSON.stringify({ compilerOptions: { ...base, module: "nodenext", moduleResolution: "nodenext", resolveJsonModule: true }, files: ["esm.mts", "cjs.cts"] }));
  writeFileSync(join(app, "tsconfig.node10.json"), JSON.stringify({ compilerOptions: { ...base, module: "commonjs", moduleResolution: "node10", ignoreDeprecations: "5.0" }, files: ["legacy.ts"] }));
  const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
  const t1 = run(process.execPath, [tsc, "-p", "tsconfig.json"], app);
  check(t1.status === 0, `types of ${code.length} subpaths resolve under moduleResolution nodenext (import and require)${t1.status === 0 ? "" : ":\n" + t1.stdout}`);
  const t2 = run(process.execPath, [tsc, "-p", "tsconfig.node10.json"], app);
  check(t2.status === 0, `types of ${code.length} subpaths resolve under moduleResolution node10 (typesVersions)${t2.status === 0 ? "" : ":\n" + t2.stdout}`);
} catch (e) {
  check(false, String(e?.stack ?? e));
} finally {
  if (keep) console.log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}
console.log(failures.length === 0 ? "package check: all passed" : `package check: ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);

/** Relative link targets ](target) in markdown, resolved against dir, without anchors. */
function relativeLinks(md, dir) {
  const out = new Set();
  for (const m of md.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1].split("#")[0];
    if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    out.add(join(dir, target).replaceAll("\\", "/"));
  }
  return out;
}
