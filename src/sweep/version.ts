/**
 * The carom version a run reports, read from the package's package.json (two folders up, both
 * as src/sweep/version.ts and as the built dist/sweep/version.js).
 */
import { readFileSync } from "node:fs";

let version: string | undefined;

export function caromVersion(): string {
  if (version === undefined) {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
    version = typeof pkg.version === "string" ? pkg.version : "unknown";
  }
  return version;
}
