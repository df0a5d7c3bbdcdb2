/**
 * drawWorld (carom/2d/draw) in a real browser: Debian's Chromium (driven by playwright-core, as
 * the lab tests do) runs a bundle of carom/2d + carom/2d/draw, draws worlds on a canvas, and
 * the pixels are probed where a body, a wall, a sensor, a contact and a velocity arrow must be
 * (and where nothing is). Without /usr/bin/chromium the browser tests are skipped with a message,
 * unless CI is set, where that is a failure. Option checks run in Node.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { chromiumMissing, launchChromium, type LabBrowser } from "./support/lab-browser.js";
import { drawWorld } from "../src/exports/2d/draw.js";
import { World2D } from "../src/index.js";

const missing = chromiumMissing();
const inCI = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "0" && process.env.CI !== "false";
const skip = missing === null ? false : inCI ? `${missing} (a failure under CI)` : `skipped: ${missing}`;
const root = fileURLToPath(new URL("../", import.meta.url));

let browser: LabBrowser;
let page: Page;

before(async () => {
  if (missing !== null) return;
  // The package's own entries, bundled for the page as a user's bundler would.
  const entry = [
    `import { World2D } from ${JSON.stringify(`${root}src/exports/2d.ts`)};`,
    `import ${JSON.stringify(`${root}src/exports/2d/sensors.ts`)};`,
    `import ${JSON.stringify(`${root}src/exports/2d/moving-walls.ts`)};`,
    `import { World3D } from ${JSON.stringify(`${root}src/exports/3d.ts`)};`,
    `import { drawWorld } from ${JSON.stringify(`${root}src/exports/2d/draw.ts`)};`,
    "globalThis.carom = { World2D, World3D, drawWorld };",
  ].join("\n");
  const out = await build({ stdin: { contents: entry, resolveDir: root, loader: "ts" }, bundle: true, format: "iife", write: false, logLevel: "silent" });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.setContent('<!DOCTYPE html><html><body style="margin:0"><canvas id="c" width="400" height="300"></canvas></body></html>');
  await page.addScriptTag({ content: out.outputFiles[0].text });
  // (tsx compiles this file keeping function names: the callbacks handed to page.evaluate call its helper)
  await page.addScriptTag({ content: "globalThis.__name = (f) => f;" });
});

after(async () => {
  if (missing !== null) return;
  await browser?.close();
});

/** [r, g, b] of canvas pixel (x, y). */
async function pixel(x: number, y: number): Promise<number[]> {
  return page.evaluate(([px, py]) => {
    const c = document.getElementById("c") as HTMLCanvasElement;
    return Array.from((c.getContext("2d") as CanvasRenderingContext2D).getImageData(Math.round(px), Math.round(py), 1, 1).data.slice(0, 3));
  }, [x, y]);
}

function near(got: number[], want: number[], what: string, tolerance = 40): void {
  const d = Math.max(...got.map((g, k) => Math.abs(g - want[k])));
  assert.ok(d <= tolerance, `${what}: pixel ${JSON.stringify(got)}, expected about ${JSON.stringify(want)}`);
}

test("drawWorld puts a body, a box, a segment and a sensor where the world has them, on the background, and returns the transform", { skip }, async () => {
  const at = await page.evaluate(() => {
    const { World2D, drawWorld } = (globalThis as any).carom;
    const w = new World2D({ bounds: { min: [0, 0], max: [10, 6] } });
    w.addBody({ id: "red", x: 3, y: 3, radius: 1 });
    w.addBody({ id: "zone", x: 5, y: 5, radius: 0.5, sensor: true, fixed: true });
    w.addBox(6, 1, 7, 5, "box");
    w.addSegment(8, 0.5, 8, 5.5, "post");
    const ctx = (document.getElementById("c") as HTMLCanvasElement).getContext("2d");
    const colors = ["#ff0000", "#aa00ff"];
    return drawWorld(ctx, w, { bodyColor: (i: number) => colors[i], wallColor: (k: number) => (k === 0 ? "#0000ff" : "#00c000"), contacts: false });
  });
  // 400 x 300 canvas, margin 10: the 10 x 6 container at 38 px per unit, centred
  assert.equal(at.scale, 38);
  assert.deepEqual([at.originX, at.originY, at.yUp], [10, 264, true]);
  const P = (x: number, y: number): [number, number] => [at.originX + x * at.scale, at.originY - y * at.scale];
  near(await pixel(...P(3, 3)), [255, 0, 0], "the body's centre");
  near(await pixel(...P(3.7, 3.5)), [255, 0, 0], "inside the body");
  near(await pixel(...P(6.5, 3)), [0, 0, 255], "the box");
  near(await pixel(...P(8, 3)), [0, 192, 0], "the segment");
  near(await pixel(...P(1, 5)), [255, 255, 255], "empty floor");
  near(await pixel(...P(4.3, 3)), [255, 255, 255], "just beside the body");
  near(await pixel(...P(5, 5)), [242, 230, 255], "the sensor's light fill", 30);
  near(await pixel(...P(0, 3)), [68, 98, 74], "the container's side");
});

test("the last advance's contacts are drawn at their points with their normals, and velocity arrows along the velocities", { skip }, async () => {
  const r = await page.evaluate(() => {
    const { World2D, drawWorld } = (globalThis as any).carom;
    const w = new World2D({ bounds: { min: [0, 0], max: [10, 6] } });
    w.addBody({ x: 2, y: 3, vx: 4, radius: 0.5 });
    w.addSegment(5, 0.5, 5, 5.5);
    w.advance(0.5); // the ball meets the segment at t = 0.625: no contact yet
    w.advance(0.25); // now it has: the contact at (5, 3), the ball going back at speed 4
    const ctx = (document.getElementById("c") as HTMLCanvasElement).getContext("2d");
    const at = drawWorld(ctx, w, { bodyColor: () => "#000000", velocities: 0.5, lineWidth: 3 });
    return { at, x: w.x[0], y: w.y[0], vx: w.vx[0], count: w.events.count, px: w.events.px[0], py: w.events.py[0], nx: w.events.nx[0] };
  });
  assert.deepEqual([r.count, r.px, r.py, r.nx, r.vx], [1, 5, 3, 1, -4]);
  const P = (x: number, y: number): [number, number] => [r.at.originX + x * r.at.scale, r.at.originY - y * r.at.scale];
  near(await pixel(...P(r.px, r.py)), [214, 40, 40], "the contact point");
  // the normal: 12 pixels from the point along +x, over the segment's own green-grey
  const [cx, cy] = P(r.px, r.py);
  near(await pixel(cx + 8, cy), [214, 40, 40], "the normal");
  // the arrow: 0.5 time units of motion, 2 units to the left of the ball, beyond its radius
  near(await pixel(...P(r.x - 1.2, r.y)), [31, 111, 235], "the velocity arrow");
  near(await pixel(...P(r.x, r.y + 0.3)), [0, 0, 0], "the ball (off its arrow)");
});

test("a World3D is drawn in projection, and the none transform draws in world units under the context's own transform", { skip }, async () => {
  const r = await page.evaluate(() => {
    const { World3D, World2D, drawWorld } = (globalThis as any).carom;
    const w = new World3D({ bounds: { min: [0, 0, 0], max: [10, 10, 6] } });
    w.addBody({ x: 3, y: 8, z: 2, radius: 1 });
    const ctx = (document.getElementById("c") as HTMLCanvasElement).getContext("2d") as CanvasRenderingContext2D;
    const at = drawWorld(ctx, w, { view: "xz", bodyColor: () => "#ff8800" });
    const p3 = [at.originX + 3 * at.scale, at.originY - 2 * at.scale];
    const probe = (x: number, y: number): number[] => Array.from(ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3));
    const projected = probe(p3[0], p3[1]);
    const w2 = new World2D();
    w2.addBody({ x: 1, y: 1, radius: 0.5 });
    ctx.setTransform(50, 0, 0, -50, 100, 250); // the user's camera: 50 px per unit, y up, origin at (100, 250)
    drawWorld(ctx, w2, { transform: "none", background: null, bodyColor: () => "#0088ff" });
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    return { projected, camera: probe(150, 200), beside: probe(150, 160) };
  });
  near(r.projected, [255, 136, 0], "the sphere at (x, z) = (3, 2)");
  near(r.camera, [0, 136, 255], "the body under the user's transform");
  near(r.beside, [255, 255, 255], "beside it: the earlier drawing's background, kept");
});

test("drawWorld's options are checked: an unknown key or a bad value is a RangeError naming it", () => {
  const w = new World2D();
  const calls: string[] = [];
  const ctx = new Proxy({ canvas: { width: 100, height: 100 }, getTransform: () => ({ a: 1, b: 0, c: 0, d: 1 }) } as Record<string, unknown>, {
    get: (t, k) => (k in t ? t[k as string] : (...a: unknown[]) => calls.push(`${String(k)}(${a.length})`)),
    set: () => true,
  });
  w.addBody({ x: 0, y: 0, radius: 1 });
  assert.throws(() => drawWorld(ctx as never, w, { velocitys: 1 } as never), /drawWorld options: unknown option "velocitys" \(did you mean "velocities"\?\)/);
  assert.throws(() => drawWorld(ctx as never, w, { region: [0, 0, 0, 1] }), /region must be \[minX, minY, maxX, maxY\] with min < max/);
  assert.throws(() => drawWorld(ctx as never, w, { velocities: -1 }), /velocities must be a finite number >= 0/);
  assert.throws(() => drawWorld(ctx as never, w, { transform: "zoom" as never }), /transform must be "fit" or "none"/);
  const at = drawWorld(ctx as never, w);
  assert.ok(calls.includes("arc(5)") && at.scale > 0, "a body was drawn");
});
