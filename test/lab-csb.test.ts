/**
 * The lab's Coders Strike Back replay in Chromium (as test/lab.test.ts does for the other
 * demos): the page loads without errors, the replay matches the referee's record on every
 * field, the race is drawn and moves turn by turn, and the turn slider picks a turn.
 * Skipped without /usr/bin/chromium unless CI is set.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { chromiumMissing, launchChromium, type LabBrowser } from "./support/lab-browser.js";
import { serveStatic, type StaticServer } from "./support/lab-server.js";

const missing = chromiumMissing();
const inCI = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "0" && process.env.CI !== "false";
const skip = missing === null ? false : inCI ? false : `skipped: ${missing}`;

let server: StaticServer;
let browser: LabBrowser;
let outDir = "";

before(async () => {
  if (skip !== false) return;
  outDir = mkdtempSync(join(tmpdir(), "carom-lab-csb-"));
  await build({ configFile: "web/vite.config.ts", logLevel: "warn", build: { outDir, emptyOutDir: true } });
  server = await serveStatic(outDir);
  browser = await launchChromium();
  mkdirSync("test-results/lab", { recursive: true });
});

after(async () => {
  try {
    await browser?.close();
    await server?.close();
  } finally {
    if (outDir !== "") rmSync(outDir, { recursive: true, force: true });
  }
});

describe("the lab's CSB race", { skip }, () => {
  test("replays the sample race exactly, draws it turn by turn, and the slider picks a turn", async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    await page.goto(`${server.url}#csb`);
    await page.waitForFunction(() => Number(document.getElementById("csb-canvas")?.dataset.turn) >= 3, undefined, { timeout: 20_000 });
    const data = () => page.evaluate(() => ({ ...(document.getElementById("csb-canvas") as HTMLElement).dataset }) as Record<string, string>);
    const ink = () =>
      page.evaluate(() => {
        const c = document.getElementById("csb-canvas") as HTMLCanvasElement;
        const copy = document.createElement("canvas");
        copy.width = c.width;
        copy.height = c.height;
        const g = copy.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
        g.drawImage(c, 0, 0);
        const d = g.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let k = 0; k < d.length; k += 4) if (Math.abs(d[k] - 15) + Math.abs(d[k + 1] - 20) + Math.abs(d[k + 2] - 27) > 24) n++;
        return n / (d.length / 4);
      });
    const first = await data();
    assert.equal(first.mismatches, "0", "the replay matches the referee on every field");
    assert.ok((await ink()) > 0.005, "the race is drawn");
    await page.waitForFunction((t) => Number(document.getElementById("csb-canvas")?.dataset.turn) > t, Number(first.turn), { timeout: 20_000 });
    assert.notEqual((await data()).pods, first.pods, "the pods move from turn to turn");
    await page.click("#pause");
    await page.locator("#csb-turn").fill("57");
    await page.waitForFunction(() => document.getElementById("csb-canvas")?.dataset.turn === "57");
    assert.match((await page.textContent("#status")) ?? "", /exact/);
    await page.screenshot({ path: "test-results/lab/csb.png" });
    assert.deepEqual(problems, []);
    await page.close();
  });
});
