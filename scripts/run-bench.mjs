// Runs the benchmark files under bench/ one after another, each in its own process so that
// one benchmark's JIT state does not colour the next. Usage: npm run bench [-- name ...]
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

const filters = process.argv.slice(2);
const files = readdirSync("bench")
  .filter((f) => f.endsWith(".bench.ts"))
  .sort()
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", join("bench", file)], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
