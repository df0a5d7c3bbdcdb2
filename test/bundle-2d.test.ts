// A program that imports only World2D from carom/2d bundles no 3D code: esbuild's tree-shaken
// bundle (unminified, so each module's part is marked by a "// path" comment) holds no function
// or class from a 3D-only module, and the bundled program runs. Sizes are printed by
// `npm run bench -- bundle`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
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
      `import { World2D } from ${JSON.stringify(join(root, "src/exports/2d.ts"))};`,
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

/** The acceleration part's modules (see src/world/acceleration-part.ts). */
const ACCELERATION_ONLY = /(^|\/)(accelerated|accelerated-scan|resting|accel-quartic|toi-accelerated-segment|poly-roots|poly-walk|accelerated-2d)\.[jt]s$/;

/** The modules of the other optional parts (sensors, aim lines, snapshots, moving walls). */
const OPTIONAL_PARTS = /(^|\/)(sensor-events|predict-path|snapshots|moving-walls|2d-[a-z-]+)\.[jt]s$/;

/** The periodic part's modules. */
const PERIODIC_ONLY = /(^|\/)(periodic|periodic-2d|2d-periodic)\.[jt]s$/;

test("carom/2d's World2D bundles under 80 KB with no optional part; carom/2d/gravity brings the acceleration kernels, from the shipped package", async () => {
  const dir = mkdtempSync(join(tmpdir(), "carom-2d-gravity-"));
  try {
    // The package as a user installs it: node_modules/carom -> this checkout (its dist and package.json).
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(root, join(dir, "node_modules", "carom"), "dir");
    const program = (gravity: boolean): string => [
      `import { World2D } from "carom/2d";`,
      gravity ? `import "carom/2d/gravity";` : "",
      `const w = new World2D({ gravity: [0, ${gravity ? -9.81 : 0}], restitution: 1, bounds: { min: [-10, 0], max: [10, 100] } });`,
      "w.addBody({ x: 0, y: 5, radius: 1 });",
      "w.advance(1);",
      "export const result = [w.events.count, w.events.t[0]];",
    ].join("\n");
    for (const gravity of [false, true]) {
      const entry = join(dir, `main-${gravity}.js`);
      writeFileSync(entry, program(gravity));
      const outfile = join(dir, `bundle-${gravity}.mjs`);
      const r = await build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform: "neutral", mainFields: ["module", "main"], outfile, metafile: true, logLevel: "silent", absWorkingDir: dir });
      // (modules tree-shaken away are listed with 0 bytes in the output)
      const inputs = Object.entries(Object.values(r.metafile.outputs)[0].inputs).filter(([, v]) => v.bytesInOutput > 0).map(([k]) => k);
      assert.ok(inputs.some((p) => p.endsWith("dist/world/world-2d.js")), "the bundle is built from the shipped dist");
      assert.equal(inputs.some((p) => ACCELERATION_ONLY.test(p)), gravity, `acceleration modules ${gravity ? "missing" : "bundled"}: ${inputs.filter((p) => ACCELERATION_ONLY.test(p)).join(", ")}`);
      assert.deepEqual(inputs.filter((p) => PERIODIC_ONLY.test(p)), [], "the periodic part is bundled without its import");
      if (!gravity) {
        // A game's world with every optional part left out: under 60 KB minified in 0.1; 0.2's filters
        // of every contact, walls as things (read-back, cheap changes), listeners and the recovery
        // from exceptions in callbacks brought it to 77.5 KB.
        const bytes = statSync(outfile).size;
        assert.ok(bytes < 80_000, `World2D from carom/2d bundles ${bytes} bytes minified`);
        assert.deepEqual(inputs.filter((p) => OPTIONAL_PARTS.test(p)), [], "an optional part is bundled without its import");
      }
      const { result } = await import(pathToFileURL(outfile).href);
      // No gravity: the ball rests in the air. Gravity: it lands at sqrt(2 h / g), h = 4.
      if (!gravity) assert.equal(result[0], 0);
      else {
        assert.equal(result[0], 1);
        assert.ok(Math.abs(result[1] - Math.sqrt(8 / 9.81)) <= 4 * Number.EPSILON);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
