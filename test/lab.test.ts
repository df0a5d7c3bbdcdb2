/**
 * The browser lab in a real browser: Debian's Chromium driven by playwright-core, against the
 * lab built by Vite and served as static files on a free localhost port. Every demo must load
 * without console errors, draw a picture that is not blank and changes, and answer its
 * controls; bad scene files must show carom's validation messages on the page; and the same
 * scene run in Chromium and in Node must give the same event-log hash and the same exported
 * state, bit for bit. Screenshots go to test-results/lab/ (and to docs/lab.png with
 * UPDATE_LAB_SCREENSHOT=1).
 *
 * Without /usr/bin/chromium the tests are skipped with a message, unless CI is set, where that
 * is a failure.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { build } from "vite";
import { formatScene, parseScene } from "../src/index.js";
import { Sim } from "../web/lab/sim.js";
import { hashHex } from "../web/lab/event-hash.js";
import { chromiumMissing, launchChromium, type LabBrowser } from "./support/lab-browser.js";
import { serveStatic, type StaticServer } from "./support/lab-server.js";
import { galtonScene2, mixtureScene2, spheresScene3 } from "./support/lab-scenes.js";

const missing = chromiumMissing();
const inCI = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "0" && process.env.CI !== "false";
const skip = missing === null ? false : inCI ? `${missing} (a failure under CI, see above)` : `skipped: ${missing}`;
const SHOTS = "test-results/lab";
const FRAME = 1 / 60;

if (missing !== null && inCI) {
  test("Chromium is installed for the browser tests (CI may not skip them)", () => {
    assert.fail(`${missing}; .ci/run installs it with apt-get`);
  });
}

let server: StaticServer;
let browser: LabBrowser;
let outDir = "";

before(async () => {
  if (missing !== null) return;
  outDir = mkdtempSync(join(tmpdir(), "carom-lab-build-"));
  await build({ configFile: "web/vite.config.ts", logLevel: "warn", build: { outDir, emptyOutDir: true } });
  server = await serveStatic(outDir);
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  if (missing !== null) return;
  try {
    await browser?.close();
    await server?.close();
  } finally {
    if (outDir !== "") rmSync(outDir, { recursive: true, force: true });
  }
});

/** A page with console errors, page errors and failed requests collected. */
async function open(route: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(`${server.url}#${route}`);
  await page.waitForFunction((r) => document.getElementById("status")?.dataset.route === r, route);
  return { page, problems };
}

async function status(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...(document.getElementById("status") as HTMLElement).dataset }) as Record<string, string>);
}

async function message(page: Page): Promise<string> {
  return (await page.textContent("#messages")) ?? "";
}

/** Waits until the shell has stepped at least `frames` more frames. */
async function waitFrames(page: Page, frames: number): Promise<void> {
  const start = Number((await status(page)).frames);
  await page.waitForFunction((target) => Number(document.getElementById("status")?.dataset.frames) >= target, start + frames, { timeout: 20_000 });
}

/** Share of the canvas's pixels that differ from the background, and a hash of all pixels. */
async function pixels(page: Page, canvasId: string): Promise<{ ink: number; hash: number; width: number }> {
  return page.evaluate((id) => {
    // read through a copy made for reading, so the page's own canvas is not switched to slow readback
    const c = document.getElementById(id) as HTMLCanvasElement;
    const copy = document.createElement("canvas");
    copy.width = c.width;
    copy.height = c.height;
    const g = copy.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
    g.drawImage(c, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let ink = 0, h = 0x811c9dc5;
    for (let k = 0; k < d.length; k += 4) {
      if (Math.abs(d[k] - 15) + Math.abs(d[k + 1] - 20) + Math.abs(d[k + 2] - 27) > 24) ink++;
      h = Math.imul(h ^ (d[k] | (d[k + 1] << 8) | (d[k + 2] << 16)), 0x01000193);
    }
    return { ink: ink / (d.length / 4), hash: h >>> 0, width: c.width };
  }, canvasId);
}

async function dataset(page: Page, id: string): Promise<Record<string, string>> {
  return page.evaluate((i) => ({ ...(document.getElementById(i) as HTMLElement).dataset }) as Record<string, string>, id);
}

/** Pause, single step (one frame of 1/60 s times the speed), speed, run and export, on any demo. */
async function checkShellControls(page: Page, route: string): Promise<void> {
  await page.click("#pause");
  const t0 = Number((await status(page)).time);
  await page.waitForTimeout(250);
  const s1 = await status(page);
  assert.equal(s1.paused, "true");
  assert.equal(Number(s1.time), t0, "paused: the clock must not move");
  await page.click("#step");
  const s2 = await status(page);
  assert.equal(Number(s2.frames), Number(s1.frames) + 1, "one step is one frame");
  assert.equal(Number(s2.time), t0 + FRAME, "a step at speed 1 advances 1/60 s");
  await page.selectOption("#speed", "2");
  await page.click("#step");
  const s3 = await status(page);
  assert.equal(Number(s3.time), t0 + FRAME + 2 * FRAME, "a step at speed 2 advances 2/60 s");
  await page.selectOption("#speed", "1");
  // export: a valid scene file of the state shown, at the time shown
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
  const text = readFileSync(await download.path(), "utf8");
  const scene = parseScene(text, download.suggestedFilename());
  assert.equal(scene.time, Number(s3.time), "the exported scene carries the current time");
  assert.match(download.suggestedFilename(), new RegExp(`^${route}-t[0-9.]+\\.json$`));
  await page.click("#pause");
  assert.equal((await status(page)).paused, "false");
  await waitFrames(page, 3);
  const s4 = await status(page);
  assert.ok(Number(s4.time) > Number(s3.time), "running again: the clock moves");
  await page.click("#reset");
  const s5 = await status(page);
  assert.ok(Number(s5.frames) < Number(s4.frames) && Number(s5.time) < Number(s4.time), `reset starts the demo again: ${JSON.stringify([s4, s5])}`);
}

/** The common part of every demo's test: no errors, a picture that is not blank and changes. */
async function checkDemo(route: string, canvasId: string, act?: (page: Page) => Promise<void>): Promise<Page> {
  const { page, problems } = await open(route);
  await waitFrames(page, 10);
  assert.equal(await message(page), "", `${route}: no message on the page`);
  const a = await pixels(page, canvasId);
  assert.ok(a.width > 200, `${route}: the canvas has a size`);
  assert.ok(a.ink > 0.01, `${route}: the canvas is not blank (${(a.ink * 100).toFixed(2)}% drawn)`);
  if (act !== undefined) await act(page);
  await waitFrames(page, 20);
  const b = await pixels(page, canvasId);
  assert.notEqual(b.hash, a.hash, `${route}: the picture changes over time`);
  await page.screenshot({ path: join(SHOTS, `${route}.png`) });
  await checkShellControls(page, route);
  assert.deepEqual(problems, [], `${route}: no console errors`);
  return page;
}

describe("the browser lab", { skip }, () => {
  test("the lab's sources typecheck", () => {
    const r = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "web/tsconfig.json", "--noEmit"], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });

  test("pool: dragging from the cue ball draws the predicted path, and letting go shoots", async () => {
    const page = await checkDemo("pool", "pool-canvas", async (p) => {
      const d = await dataset(p, "pool-canvas");
      const [cx, cy] = d.cue.split(",").map(Number);
      const box = (await p.locator("#pool-canvas").boundingBox())!;
      const before = await pixels(p, "pool-canvas");
      // pull back to the left of the cue ball: the shot goes right, towards the rack
      await p.mouse.move(box.x + cx - 30, box.y + cy + 1);
      await p.mouse.down();
      await p.mouse.move(box.x + cx - 90, box.y + cy + 2, { steps: 5 });
      await p.waitForTimeout(100);
      const aim = await dataset(p, "pool-canvas");
      assert.ok(Number(aim.aimPoints) >= 2, "the aim line has points");
      assert.match(aim.aimHit, /^ball-\d+$/, "aimed at the rack, the prediction names the ball hit first");
      assert.notEqual((await pixels(p, "pool-canvas")).hash, before.hash, "the aim line is drawn");
      await p.mouse.up();
      await waitFrames(p, 2);
      assert.ok(Number((await dataset(p, "pool-canvas")).moving) >= 1, "the cue ball moves after the shot");
    });
    await page.click("#reset");
    await page.click("#pool-break");
    await waitFrames(page, 40);
    const s = await status(page);
    assert.ok(Number(s.collisions) >= 10, `the break scatters the rack (${s.collisions} collisions)`);
    await page.close();
  });

  test("pool: after the break, Hint asks the shot solver for a shot on the lowest ball, and Play hint pots it", async () => {
    const { page, problems } = await open("pool");
    await waitFrames(page, 5);
    await page.selectOption("#speed", "8");
    await page.click("#pool-break");
    await waitFrames(page, 5);
    await page.waitForFunction(() => (document.getElementById("pool-canvas") as HTMLElement).dataset.moving === "0", undefined, { timeout: 60_000 });
    const before = Number((await dataset(page, "pool-canvas")).pocketed);
    await page.click("#pool-hint");
    await page.waitForFunction(() => (document.getElementById("pool-canvas") as HTMLElement).dataset.hint !== undefined, undefined, { timeout: 30_000 });
    const hint = (await dataset(page, "pool-canvas")).hint;
    assert.match(hint, /^(none|ball-\d+ (lb|lc|lt|rb|rc|rt))$/);
    assert.match((await page.textContent("#pool-hint-text")) ?? "", /shots simulated/);
    if (hint !== "none") {
      await page.click("#pool-play-hint");
      await waitFrames(page, 5);
      await page.waitForFunction(() => (document.getElementById("pool-canvas") as HTMLElement).dataset.moving === "0", undefined, { timeout: 60_000 });
      assert.ok(Number((await dataset(page, "pool-canvas")).pocketed) > before, `the hinted shot (${hint}) pots a ball`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });

  test("breakout: carom's ball never leaves the arena while the naive one tunnels out", async () => {
    const page = await checkDemo("breakout", "breakout-carom");
    await page.selectOption("#speed", "8");
    await waitFrames(page, 30);
    const carom = await dataset(page, "breakout-carom");
    const naive = await dataset(page, "breakout-naive");
    assert.equal(carom.escapes, "0", "carom: no escapes");
    assert.ok(Number(naive.escapes) > 0, `naive: escapes (${naive.escapes})`);
    assert.ok(Number(carom.impacts) >= 2, `several impacts in one frame (${carom.impacts})`);
    // the speed slider: at 10 units/s the ball makes at most one impact per frame
    await page.locator("#breakout-speed").fill("1");
    await page.selectOption("#speed", "1");
    await waitFrames(page, 5);
    assert.ok(Number((await dataset(page, "breakout-carom")).impacts) <= 1);
    await page.close();
  });

  test("gas: the speeds converge to Maxwell-Boltzmann and the energy stays flat", async () => {
    const page = await checkDemo("gas", "gas-canvas");
    const early = Number((await dataset(page, "gas-canvas")).distance);
    await page.click("#gas-1000");
    await page.selectOption("#speed", "8");
    await page.waitForFunction(() => Number(document.getElementById("status")?.dataset.time) > 3, undefined, { timeout: 30_000 });
    const d = await dataset(page, "gas-canvas");
    const s = await status(page);
    assert.equal(s.route, "gas");
    assert.ok(Number(d.distance) < 0.12, `total variation distance to the Rayleigh law ${d.distance} (it started at ${early})`);
    assert.ok(Number(d.maxDrift) < 1e-12, `relative energy drift ${d.maxDrift}`);
    assert.equal(await page.evaluate(() => document.querySelector("#status dd:nth-of-type(3)")?.textContent), "1000");
    await page.close();
  });

  test("fluid: carom/science's pressure settles on Henderson's equation of state, and Jam grows the disks until Z passes 1,000", async () => {
    const page = await checkDemo("fluid", "fluid-canvas");
    await page.click("#fluid-45");
    await page.selectOption("#speed", "8");
    // windows of 30 frames of 8/60: five of them after the melt hold some 60,000 collisions
    await page.waitForFunction(() => Number(document.getElementById("fluid-canvas")?.dataset.windows) >= 5, undefined, { timeout: 60_000 });
    const d = await dataset(page, "fluid-canvas");
    assert.ok(Math.abs(Number(d.z) / Number(d.zRef) - 1) < 0.03, `Z ${d.z} against Henderson's ${d.zRef} at φ = 0.45`);
    assert.ok(Math.abs(Number(d.phi) - 0.45) < 1e-12, `φ ${d.phi}`);
    assert.equal((await status(page)).route, "fluid");
    await page.click("#fluid-jam");
    await page.waitForFunction(() => document.getElementById("fluid-canvas")?.dataset.jamming === "false" && Number(document.getElementById("fluid-canvas")?.dataset.phi) > 0.6, undefined, { timeout: 90_000 });
    const j = await dataset(page, "fluid-canvas");
    assert.ok(Number(j.lastZ) > 1000 && Number(j.phi) > 0.75, `jammed at φ ${j.phi}, Z ${j.lastZ}`);
    assert.equal(await message(page), "", "no error on the page");
    await page.close();
  });

  test("galton: balls fall through the pegs under gravity into the bins", async () => {
    const page = await checkDemo("galton", "galton-canvas");
    await page.selectOption("#speed", "4");
    await page.waitForFunction(() => Number(document.getElementById("galton-canvas")?.dataset.landed) >= 10, undefined, { timeout: 30_000 });
    await page.click("#galton-drop");
    const d0 = Number((await dataset(page, "galton-canvas")).dropped);
    await waitFrames(page, 20);
    assert.equal(Number((await dataset(page, "galton-canvas")).dropped), d0, "stop dropping stops the balls");
    assert.equal(await message(page), "");
    await page.close();
  });

  test("cradle: one ball in gives one ball out, two give two", async () => {
    const page = await checkDemo("cradle", "cradle-canvas");
    for (const [k, expected] of [[1, "0,0,0,0,6"], [2, "0,0,0,6,6"]] as const) {
      await page.click(`#cradle-${k}`);
      await page.click("#pause");
      await page.selectOption("#speed", "8");
      // the first contact is at t = 1; the leaving balls reach the end stop at t = 2
      for (let s = 0; s < 9; s++) await page.click("#step");
      assert.equal((await dataset(page, "cradle-canvas")).velocities, expected);
      await page.selectOption("#speed", "1");
      await page.click("#pause");
    }
    await page.close();
  });

  test("3D spheres: dragging rotates the view", async () => {
    const page = await checkDemo("spheres", "spheres-canvas");
    await page.click("#pause");
    const before = await pixels(page, "spheres-canvas");
    const yaw = (await dataset(page, "spheres-canvas")).yaw;
    const box = (await page.locator("#spheres-canvas").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 6 });
    await page.mouse.up();
    assert.notEqual((await dataset(page, "spheres-canvas")).yaw, yaw);
    assert.notEqual((await pixels(page, "spheres-canvas")).hash, before.hash, "the rotated picture differs");
    await page.click("#spheres-100");
    await page.click("#step");
    assert.equal(await page.evaluate(() => document.querySelector("#status dd:nth-of-type(3)")?.textContent), "100");
    await page.close();
  });

  test("the scene tab without a file says how to load one", async () => {
    const { page, problems } = await open("scene");
    assert.match(await message(page), /No scene file loaded yet/);
    assert.equal(await page.getAttribute("#messages", "class"), "info");
    assert.deepEqual(problems, []);
    await page.close();
  });

  test("a bad scene file dropped on the page shows the validation messages", async () => {
    const { page, problems } = await open("gas");
    const drop = async (name: string, text: string): Promise<void> => {
      const dt = await page.evaluateHandle(([n, t]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([t], n, { type: "application/json" }));
        return transfer;
      }, [name, text] as const);
      await page.dispatchEvent("body", "drop", { dataTransfer: dt });
    };
    await drop("bad.json", '{"carom": 1, "bodies": [{"position": [0, 0], "radius": -1, "raduis": 2}]}');
    await page.waitForFunction(() => (document.getElementById("messages")?.textContent ?? "") !== "");
    const text = await message(page);
    assert.match(text, /bad\.json: bodies\[0\]\.radius must be >= 0, got -1/);
    assert.match(text, /bad\.json: bodies\[0\]\.raduis: unknown key/);
    assert.equal((await status(page)).route, "gas", "the running demo stays");
    await drop("broken.json", '{"carom": 1,, }');
    await page.waitForFunction(() => (document.getElementById("messages")?.textContent ?? "").includes("broken.json"));
    assert.match(await message(page), /broken\.json:1:13: invalid JSON/);
    // the same through the "Open scene" button, for a start-state problem
    await page.setInputFiles("#open-file", {
      name: "overlap.json",
      mimeType: "application/json",
      buffer: Buffer.from('{"carom": 1, "bodies": [{"id": "a", "position": [0, 0], "radius": 1}, {"id": "b", "position": [0.5, 0], "radius": 1}]}'),
    });
    await page.waitForFunction(() => (document.getElementById("messages")?.textContent ?? "").includes("overlap.json"));
    assert.match(await message(page), /overlap\.json: bodies\[0\] \("a"\) and bodies\[1\] \("b"\) overlap at the start/);
    await page.screenshot({ path: join(SHOTS, "bad-scene.png") });
    assert.deepEqual(problems, []);
    await page.close();
  });

  for (const [name, make, steps, speed] of [
    ["mixture-2d", mixtureScene2, 90, 2],
    ["spheres-3d", spheresScene3, 60, 2],
    ["gravity-pegs-2d", galtonScene2, 40, 1],
  ] as const) {
    test(`the ${name} scene gives the same event-log hash and final state in Chromium and in Node`, async () => {
      const text = formatScene(make());
      const file = `${name}.json`;
      // Node: the lab's own Sim, the same advance calls as the page's single steps
      const sim = new Sim(parseScene(text, file));
      const dt = FRAME * speed;
      for (let k = 0; k < steps; k++) sim.advance(dt);
      assert.ok(sim.collisions > 50, `the run has collisions to compare (${sim.collisions})`);
      // Chromium: drop the file while paused, then step
      const { page, problems } = await open("gas");
      await page.click("#pause");
      await page.selectOption("#speed", String(speed));
      const dtHandle = await page.evaluateHandle(([n, t]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([t], n, { type: "application/json" }));
        return transfer;
      }, [file, text] as const);
      await page.dispatchEvent("body", "drop", { dataTransfer: dtHandle });
      await page.waitForFunction(() => document.getElementById("status")?.dataset.route === "scene" && document.getElementById("status")?.dataset.frames === "0");
      for (let k = 0; k < steps; k++) await page.click("#step");
      const s = await status(page);
      assert.equal(Number(s.frames), steps);
      assert.equal(Number(s.collisions), sim.collisions, "the same number of collisions");
      assert.equal(s.hash, hashHex(sim.hash), "the same event-log hash");
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
      assert.equal(readFileSync(await download.path(), "utf8"), sim.exportText(), "the same final state, bit for bit");
      await page.screenshot({ path: join(SHOTS, `scene-${name}.png`) });
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  test("the README screenshot is refreshed on request", { skip: process.env.UPDATE_LAB_SCREENSHOT === "1" ? false : "set UPDATE_LAB_SCREENSHOT=1 to rewrite docs/lab.png" }, async () => {
    const { page } = await open("breakout");
    await waitFrames(page, 45);
    await page.click("#pause");
    await page.screenshot({ path: join(SHOTS, "readme.png") });
    copyFileSync(join(SHOTS, "readme.png"), "docs/lab.png");
    await page.close();
  });
});
