/** The contest sample games (test/fixtures/contest, gzip NDJSON, one game a line), parsed. */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("../fixtures/contest/", import.meta.url));

/** Every game of `csb-sample.ndjson.gz` or `fb-sample.ndjson.gz`. */
export function readContestGames<T>(name: "csb-sample" | "fb-sample"): T[] {
  const text = gunzipSync(readFileSync(dir + name + ".ndjson.gz")).toString("utf8");
  return text.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as T);
}
