/**
 * `carom sweep merge FILE... [-o all.ndjson]` and `carom sweep report FILE... [-o table.csv]`:
 * results files of one sweep (the shards' files, or one merged file) read and checked
 * together: one sweep (by the hash in their headers), every id known, none twice. Merge also
 * needs every run there and writes the header and the runs in the sweep's order; report writes
 * the CSV table of what is there.
 */
import { readFileSync, realpathSync } from "node:fs";
import { resolve } from "node:path";
import { gatherResults, listSome, readResults, reportCsv, sweepReport, type GatheredResults } from "../exports/sweep.js";
import { parseArgs } from "./args.js";
import { AtomicFile } from "./atomic-file.js";
import { inputError } from "./cli-error.js";
import { checkOutputs } from "./output-check.js";

const GATHER_OPTIONS = { output: { kind: "string", short: "o" }, quiet: { kind: "flag", short: "q" } } as const;

/** Reads and gathers the files named on the command line (torn last lines noted on stderr). */
function gather(command: string, argv: readonly string[], stderr: (s: string) => void): { gathered: GatheredResults; output: string | undefined; quiet: boolean; files: string[] } {
  const { positional: files, values } = parseArgs(`sweep ${command}`, argv, GATHER_OPTIONS);
  if (files.length === 0) throw inputError(`carom sweep ${command}: name the results files, e.g. carom sweep ${command} results-*.ndjson${command === "merge" ? " -o all.ndjson" : " -o table.csv"}`);
  const output = values.output as string | undefined;
  if (output !== undefined && output !== "-") checkOutputs(`sweep ${command}`, [{ flag: "-o", path: output }], files, "results file");
  const real = files.map((f) => {
    try {
      return realpathSync(f);
    } catch {
      return resolve(f);
    }
  });
  const twice = files.find((f, k) => real.indexOf(real[k]) !== k);
  if (twice !== undefined) throw inputError(`carom sweep ${command}: ${twice} is named twice`);
  const quiet = values.quiet === true;
  const read = files.map((file) => {
    let text: string;
    try {
      text = readFileSync(file === "-" ? 0 : file, "utf8"); // (- is standard input)
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw inputError(`${file}: cannot read: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a folder" : (e as Error).message}`);
    }
    const r = readResults(text, file);
    if (r.torn !== undefined && !quiet) stderr(`carom sweep ${command}: ${file}: ignoring an unfinished last line (a run cut short)\n`);
    return r;
  });
  return { gathered: gatherResults(read), output, quiet, files };
}

/** Writes `text` to the output file (atomically) or to stdout. */
function emit(output: string | undefined, text: string, stdout: (s: string) => void): void {
  if (output === undefined || output === "-") {
    stdout(text);
    return;
  }
  const f = new AtomicFile(output);
  f.write(text);
  f.commit();
}

export function sweepMerge(argv: readonly string[], stdout: (s: string) => void, stderr: (s: string) => void): number {
  const { gathered, output, quiet, files } = gather("merge", argv, stderr);
  const { header, runs, results, missing } = gathered;
  if (missing.length > 0) {
    throw inputError(
      `carom sweep merge: ${missing.length} of ${runs.length} runs are missing: ${listSome(missing.map((id) => `"${id}"`), 20)} ` +
        "(run their shards again, with the same command, then merge)",
    );
  }
  emit(output, JSON.stringify(header) + "\n" + results.map((r) => r.read.text + "\n").join(""), stdout);
  if (!quiet && output !== undefined && output !== "-") stdout(`carom sweep merge: ${runs.length} runs from ${files.length} file${files.length === 1 ? "" : "s"} into ${output}\n`);
  return 0;
}

export function sweepReportCommand(argv: readonly string[], stdout: (s: string) => void, stderr: (s: string) => void): number {
  const { gathered, output, quiet } = gather("report", argv, stderr);
  const report = sweepReport(gathered);
  emit(output, reportCsv(report), stdout);
  if (!quiet) {
    const failed = gathered.results.filter((r) => r.read.result.error !== undefined).length;
    const missing = gathered.missing.length > 0 ? `; ${gathered.missing.length} of ${gathered.runs.length} runs missing` : "";
    const to = output === undefined || output === "-" ? stderr : stdout;
    if (missing !== "" || failed > 0 || (output !== undefined && output !== "-")) {
      to(`carom sweep report: ${report.rows.length} point${report.rows.length === 1 ? "" : "s"} from ${gathered.results.length} run${gathered.results.length === 1 ? "" : "s"} (${failed} failed${missing})${output !== undefined && output !== "-" ? ` into ${output}` : ""}\n`);
    }
  }
  return 0;
}
