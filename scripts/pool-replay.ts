// Replays pooltool reference shots (the format of data/pool/*.json.gz, gzipped or not) with
// carom/pool and reports, per shot and overall, how far carom is from pooltool inside each shot's
// stable prefix: sequence mismatches, worst relative event time error (1e-9 s floor), worst
// final position error where the shot says finals are checkable. (Speed: npm run bench -- pool.)
//
// Usage: node --import tsx scripts/pool-replay.ts <shot.json[.gz] | directory> ...
//        [--tolerance 1e-6]   exit code 1 when a shot mismatches or exceeds the tolerance
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readShot, replayShot } from "../test/support/pool-replay.js";

const args = process.argv.slice(2);
let tolerance = 1e-6;
const inputs: string[] = [];
for (let k = 0; k < args.length; k++) {
  if (args[k] === "--tolerance") tolerance = Number(args[++k]);
  else inputs.push(args[k]);
}
if (inputs.length === 0 || !(tolerance > 0)) {
  console.error("usage: node --import tsx scripts/pool-replay.ts <shot.json[.gz] | directory> ... [--tolerance 1e-6]");
  process.exit(2);
}
const files: string[] = [];
for (const input of inputs) {
  if (statSync(input).isDirectory()) {
    for (const name of readdirSync(input).sort()) if (/\.json(\.gz)?$/.test(name) && name !== "table.json") files.push(join(input, name));
  } else files.push(input);
}

let worstTime = 0, worstFinal = 0, failures = 0, events = 0;
for (const file of files) {
  const shot = readShot(file);
  const r = replayShot(shot);
  events += r.events.length;
  const bad = r.firstMismatch >= 0 || r.maxTimeError > tolerance || r.maxFinalError > tolerance;
  if (bad) failures++;
  worstTime = Math.max(worstTime, r.maxTimeError);
  if (r.maxFinalError === r.maxFinalError) worstFinal = Math.max(worstFinal, r.maxFinalError);
  const name = file.split("/").pop();
  console.log(
    `${bad ? "FAIL" : "ok  "} ${name}: ${r.compared}/${shot.events.length} events compared (carom: ${r.events.length}), ` +
      `time error ${r.maxTimeError.toExponential(2)}, final ${Number.isNaN(r.maxFinalError) ? "not checkable" : `${r.maxFinalError.toExponential(2)} m`}` +
      `${r.mismatch ? `\n     ${r.mismatch}` : ""}`,
  );
}
console.log(
  `\n${files.length} shots, ${failures} failing (tolerance ${tolerance}); worst time error ${worstTime.toExponential(2)} relative, ` +
    `worst final position error ${worstFinal.toExponential(2)} m; ${events} events`,
);
process.exit(failures > 0 ? 1 : 0);
