import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

// Packs the package, lints the tarball (publint, are-the-types-wrong), installs it offline into
// an empty project and uses it from there: every export, the bin, the README's commands and
// samples, the types, a CommonJS TypeScript project (scripts/check-package.mjs prints each
// check). About 30-60 s.
test("the packed tarball passes publint and attw, installs offline, and every export, the bin, the README's commands and samples and the types work from a user's project", { skip: existsSync(join(ROOT, "dist", "index.js")) ? false : "run npm run build first", timeout: 300_000 }, () => {
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "check-package.mjs")], { cwd: ROOT, encoding: "utf8" });
  const failed = r.stdout.split("\n").filter((l) => l.startsWith("FAIL"));
  assert.deepEqual(failed, [], r.stdout + r.stderr);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  for (const line of [
    /^ok {3}tarball .* KB \(< 540 KB\)/m,
    /^ok {3}tarball holds no \.d\.ts of the command line/m,
    /^ok {3}every \.d\.ts in the tarball \(\d+\) is reachable from an entry/m,
    /^ok {3}publint --strict: all good/m,
    /^ok {3}attw --profile esm-only exits 0/m,
    /^ok {3}attw: all \d+ entries resolve under node10, node16 and bundler \(carom\/scene\.schema\.json too\)/m,
    /^ok {3}import and require of carom \(\d+ names\)/m,
    /^ok {3}carom examples writes every example of the repository/m,
    /^ok {3}README\.md:\d+: npx carom run examples\/gas\.json/m,
    /^ok {3}README\.md:\d+: the js sample runs against the installed package/m,
    /^ok {3}types of \d+ subpaths resolve under "module": "nodenext"/m,
    /^ok {3}the CommonJS TypeScript project compiled with "module": "nodenext" runs/m,
  ]) assert.match(r.stdout, line);
});
