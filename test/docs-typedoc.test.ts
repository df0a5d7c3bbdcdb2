import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./support/cli.js";

test("the API reference builds with TypeDoc with no warning: every exported function, class, member and options field is documented and no internal type leaks", () => {
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "docs.mjs")], { cwd: ROOT, encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /: 0 warnings, 0 errors$/m);
});
