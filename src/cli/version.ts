/**
 * The package's version, read at run time from package.json (two folders up from this file,
 * both as src/cli/version.ts and as the built dist/cli/version.js), so that `carom --version`
 * always says what is installed.
 */
import { readFileSync } from "node:fs";

export function packageVersion(): string {
  const url = new URL("../../package.json", import.meta.url);
  const pkg = JSON.parse(readFileSync(url, "utf8")) as { name?: unknown; version?: unknown };
  if (typeof pkg.version !== "string") throw new Error(`${url.pathname}: no "version"`);
  return pkg.version;
}
