// A program that imports only World2D from carom/2d bundles no 3D code: esbuild's tree-shaken
// bundle (unminified, so each module's part is marked by a "// path" comment) holds no function
// or class from a 3D-only module, and the bundled program runs. Sizes are printed by
// `npm run bench -- bundle`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));

/** Source modules that hold 3D code only (toi-accelerated-plane.ts holds the 2D line kernel too). */
const THREE_D_ONLY = /(^|\/)(world-3d|scan-3d|wall-box3|wall-plane|wall-triangle|geometry3|ray-box3|ray-sphere|ray-triangle|closest-point-triangle|sweep-sphere-[a-z]+|toi-sphere-sphere|3d)\.ts$/;

test("a World2D-only program bundles no function or class of a 3D module, and runs", async () => {
  const dir = mkdtempSync(join(tmpdir(), "carom-2d-"));
  try {
    const entry = join(dir, "main.ts");
    writeFileSync(entry, [
      `import { World2D } from ${JSON.stringify(join(root, "src/2d.ts"))};`,
      "const w = new World2D({ bounds: { min: [0, 0], max: [10, 10] } });",
      "w.addBody({ x: 2, y: 5, vx: 4, vy: 0, radius: 1 });",
      "w.addBody({ x: 8, y: 5, vx: -4, vy: 0, radius: 1 });",
      "w.advance(1);",
      "export const result = [w.x[0], w.x[1], w.events.count, w.events.t[0]];",
    ].join("\n"));
    const outfile = join(dir, "bundle.mjs");
    await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "neutral", outfile, logLevel: "silent" });
    const text = readFileSync(outfile, "utf8");
    // esbuild starts each module's part with a line "// <path relative to the working directory>".
    const parts = text.split(/^\/\/ (\S+\.ts)$/m);
    const seen: string[] = [];
    for (let i = 1; i < parts.length; i += 2) {
      const path = parts[i], body = parts[i + 1];
      seen.push(path);
      if (THREE_D_ONLY.test(path)) {
        assert.doesNotMatch(body, /\bfunction\b|\bclass\b|=>/, `${path} brings code into the 2D bundle`);
      }
    }
    assert.ok(seen.some((p) => p.endsWith("world/world-2d.ts")), "the bundle holds World2D");
    assert.ok(!seen.some((p) => p.endsWith("world/world-3d.ts")), "the bundle holds World3D");
    const { result } = await import(pathToFileURL(outfile).href);
    // Two unit circles 6 apart closing at 8 touch at t = 0.5 and swap velocities.
    assert.deepEqual(result, [2, 8, 1, 0.5]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
