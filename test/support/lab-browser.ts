/**
 * Debian's Chromium driven by playwright-core for the lab tests: headless, with the flags that
 * keep it off the network (this machine's network is closed), and a fresh user-data directory
 * per run (launchPersistentContext is how Playwright takes one).
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

/** Debian's Chromium; CAROM_CHROMIUM names another binary (used to check the skip and CI paths). */
export const CHROMIUM = process.env.CAROM_CHROMIUM ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Why the browser tests cannot run here, or null when they can. */
export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing (install Debian's package: apt-get install -y chromium)`;
}

export interface LabBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<LabBrowser> {
  const profile = await mkdtemp(join(tmpdir(), "carom-lab-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      acceptDownloads: true,
    });
  } catch (e) {
    await rm(profile, { recursive: true, force: true });
    throw e;
  }
  return {
    context,
    async close() {
      try {
        await context.close();
      } finally {
        await rm(profile, { recursive: true, force: true });
      }
    },
  };
}
