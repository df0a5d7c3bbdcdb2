/**
 * The science engine's WebAssembly kernel: the module carom ships (src/science/kernel-wasm.ts) is
 * what its AssemblyScript sources (src/science/wasm/) compile to; a layout past what its int32
 * offsets reach is a clear error; and in a real browser (on Chromium's main thread, which
 * compiles the kernel synchronously as Node does) the engine gives the same bits as in Node.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { chromiumMissing, launchChromium, type LabBrowser } from "./support/lab-browser.js";
import { serveStatic, type StaticServer } from "./support/lab-server.js";

test("the shipped kernel is what src/science/wasm compiles to (node scripts/build-kernel.mjs)", () => {
  // (in a process of its own: the compiler loads three times faster without the test loader)
  const r = spawnSync(process.execPath, ["scripts/build-kernel.mjs", "--check"], { encoding: "utf8", cwd: new URL("..", import.meta.url).pathname });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  assert.match(r.stdout, /is up to date/);
});

test("a layout past 2 GiB (the kernel's int32 byte offsets) is a RangeError naming the size, before anything is allocated", async () => {
  const { EngineMemory } = await import("../src/science/engine-memory.js");
  const callbacks = { predictExact: () => {}, collided: () => {} };
  assert.throws(() => new EngineMemory(4_000_000, 256, callbacks), { name: "RangeError", message: /^4000000 bodies with neighbour lists of 256 entries need \d+\.\d GiB of engine memory; the engine holds at most 2 GiB/ });
  // the largest count the options allow fits, at the default skin's list capacity (32) in 3D
  const { kernelLayout, PAGE } = await import("../src/science/edmd-kernel.js");
  const n = 4_194_304;
  const bytes = kernelLayout(n, 32, 2 ** 24, 4 * (n + 1), Math.ceil(n / 2.9), 8).bytes;
  assert.ok(bytes <= 2 ** 31 && bytes % PAGE === 0);
});

/** The run both sides make: positions, velocities and pressure after 30,000 collisions, as uint32 words. */
const RUN = `
  const sim = new HardSpheres(latticeStart({ dimensions: 3, count: 500, packingFraction: 0.45, seed: 3 }));
  sim.advanceCollisions(30000);
  const out = new Float64Array(6 * sim.count + 1);
  sim.positionsInto(out.subarray(0, 3 * sim.count));
  sim.velocitiesInto(out.subarray(3 * sim.count, 6 * sim.count));
  out[6 * sim.count] = sim.pressure();
  const words = Array.from(new Uint32Array(out.buffer));
`;

const missing = chromiumMissing();
const inCI = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "0" && process.env.CI !== "false";
const skip = missing === null ? false : inCI ? false : `skipped: ${missing}`;

describe("the science engine in Chromium", { skip }, () => {
  let dir = "";
  let server: StaticServer;
  let browser: LabBrowser;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "carom-science-browser-"));
    writeFileSync(join(dir, "main.ts"), `import { HardSpheres, latticeStart } from ${JSON.stringify(new URL("../src/exports/science.ts", import.meta.url).pathname)};\n${RUN}\n(window as any).words = words;\n`);
    await build({ entryPoints: [join(dir, "main.ts")], bundle: true, format: "esm", platform: "browser", target: "es2022", outfile: join(dir, "main.js"), logLevel: "silent" });
    writeFileSync(join(dir, "index.html"), '<!doctype html><meta charset="utf-8"><title>science</title><link rel="icon" href="data:,"><script type="module" src="main.js"></script>');
    server = await serveStatic(dir);
    browser = await launchChromium();
  });
  after(async () => {
    try {
      await browser?.close();
      await server?.close();
    } finally {
      if (dir !== "") rmSync(dir, { recursive: true, force: true });
    }
  });

  test("runs on the page's main thread and gives the same bits as Node", async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console error: ${m.text()}`);
    });
    await page.goto(`${server.url}index.html`);
    await page.waitForFunction(() => (window as unknown as { words?: number[] }).words !== undefined, undefined, { timeout: 30_000 });
    const inBrowser = await page.evaluate(() => (window as unknown as { words: number[] }).words);
    await page.close();
    assert.deepEqual(problems, []);
    const { HardSpheres, latticeStart } = await import("../src/exports/science.js");
    const words = new Function("HardSpheres", "latticeStart", `${RUN}\nreturn words;`)(HardSpheres, latticeStart) as number[];
    assert.equal(inBrowser.length, words.length);
    assert.ok(inBrowser.every((w, k) => w === words[k]), "positions, velocities and pressure bit for bit");
  });

});
