/**
 * The results file: NDJSON, a header line that describes the sweep, then one line per finished
 * run, in the order they finished:
 *
 *     {"sweep":"8c1d…","runs":8,"file":"eos-sweep.json","carom":"0.1.0","definition":{…}}
 *     {"id":"packingFraction=0.3,replica=0","params":{"packingFraction":0.3},"replica":0,"seed":…,"results":{"pressure":2.1,…},"wallTime":0.41,"carom":"0.1.0"}
 *     {"id":"packingFraction=0.4,replica=1",…,"error":"…","wallTime":0.02,"carom":"0.1.0"}
 *
 * The header makes a file self-contained: which sweep it belongs to (the hash refuses mixing
 * sweeps), and the definition from which `merge` knows every run id that should be there.
 * Lines are written whole, each with one append; a last line without its newline is a write cut
 * short (a killed process, a crash) and readers ignore it, as the writer truncates it before
 * appending again.
 */
import { canonicalJson } from "./hash.js";
import { expandSweep } from "./expand.js";
import { SweepError, type SweepDefinition, type SweepResult, type SweepRun, type Sweep } from "./sweep-types.js";
import { plural, validateSweep } from "./sweep-validate.js";

/** The first line of a results file. */
export interface ResultsHeader {
  /** The sweep's hash (its identity). */
  sweep: string;
  /** How many runs the whole sweep has. */
  runs: number;
  /** The sweep file's name, as given. */
  file: string;
  /** The carom version that started the file. */
  carom: string;
  /** The sweep's definition, every base inline. */
  definition: SweepDefinition;
}

/** The header line of a results file for `sweep` (with its newline). */
export function headerLine(sweep: Sweep, runs: number, version: string): string {
  const header: ResultsHeader = { sweep: sweep.hash, runs, file: sweep.file, carom: version, definition: sweep.definition };
  return JSON.stringify(header) + "\n";
}

/** A result line (with its newline). */
export function resultLine(result: SweepResult): string {
  return JSON.stringify(result) + "\n";
}

/** A run line as read, with where it came from. */
export interface ReadResult {
  /** The line, parsed. */
  result: SweepResult;
  /** Its text, without the newline. */
  text: string;
  /** 1-based line number. */
  line: number;
}

/** A results file as read. */
export interface ReadResults {
  /** The file's name, for messages. */
  file: string;
  /** Its header line (undefined for an empty file). */
  header: ResultsHeader | undefined;
  /** Every complete run line, in file order. */
  results: ReadResult[];
  /** Bytes of the complete lines: where a torn last line starts (the file's length when there is none). */
  complete: number;
  /** A last line cut short (no newline), or undefined. */
  torn: string | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Why `v` is not a result line, or undefined. */
function resultProblem(v: Record<string, unknown>): string | undefined {
  if (typeof v.id !== "string") return `"id" must be a string`;
  if (!isObject(v.params)) return `"params" must be an object`;
  if (!Number.isInteger(v.replica)) return `"replica" must be an integer`;
  if (!Number.isInteger(v.seed)) return `"seed" must be an integer`;
  if ((v.results === undefined) === (v.error === undefined)) return `a line holds "results" or "error"`;
  if (v.results !== undefined && !isObject(v.results)) return `"results" must be an object`;
  if (v.error !== undefined && typeof v.error !== "string") return `"error" must be a string`;
  if (typeof v.wallTime !== "number") return `"wallTime" must be a number`;
  return undefined;
}

/**
 * Reads a results file's text: the header, every complete run line, and a torn last line if
 * any. A SweepError naming the file and the line for anything else that is not a results line,
 * and for headers of two different sweeps.
 */
export function readResults(text: string, file: string): ReadResults {
  const out: ReadResults = { file, header: undefined, results: [], complete: 0, torn: undefined };
  const end = text.lastIndexOf("\n") + 1;
  if (end < text.length) out.torn = text.slice(end);
  out.complete = Buffer.byteLength(text.slice(0, end));
  const lines = text.slice(0, end).split("\n");
  lines.pop();
  const fail = (line: number, message: string): never => {
    throw new SweepError(file, [{ path: "", text: `line ${line}: ${message}`, line, column: 1 }]);
  };
  lines.forEach((t, k) => {
    if (t.trim() === "") return;
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch {
      fail(k + 1, `not a line of a results file (not JSON: ${JSON.stringify(t.length > 40 ? t.slice(0, 37) + "..." : t)})`);
    }
    if (!isObject(v)) return fail(k + 1, "not a line of a results file (not a JSON object)");
    if (v.id === undefined && isObject(v.definition) && typeof v.sweep === "string") {
      const header = v as unknown as ResultsHeader;
      if (out.header !== undefined && out.header.sweep !== header.sweep) fail(k + 1, `a header of another sweep (${header.sweep}) than line 1's (${out.header.sweep})`);
      out.header ??= header;
      return;
    }
    if (out.header === undefined) fail(k + 1, "a results file of carom sweep starts with its header line (the sweep's definition); this one does not");
    const problem = resultProblem(v);
    if (problem !== undefined) fail(k + 1, `not a run's result: ${problem}`);
    out.results.push({ result: v as unknown as SweepResult, text: t, line: k + 1 });
  });
  return out;
}

/** The sweep a header describes, checked against its hash. */
export function sweepOfHeader(header: ResultsHeader, file: string): Sweep {
  const sweep = validateSweep(header.definition, header.file);
  if (sweep.hash !== header.sweep) throw new SweepError(file, [{ path: "", text: `line 1: the header's definition does not match its hash ${header.sweep} (the file was edited?)` }]);
  return sweep;
}

/** At most `max` items, then "and N more". */
export function listSome(items: readonly string[], max = 10): string {
  return items.length <= max ? items.join(", ") : `${items.slice(0, max).join(", ")} and ${items.length - max} more`;
}

/** The results of several files of one sweep, checked: one header, every id known, none twice. */
export interface GatheredResults {
  /** The files' header. */
  header: ResultsHeader;
  /** The sweep it describes. */
  sweep: Sweep;
  /** Every run of the sweep, in order. */
  runs: SweepRun[];
  /** Each result with its run, in the sweep's order. */
  results: {
    /** The run. */
    run: SweepRun;
    /** Its line. */
    read: ReadResult;
  }[];
  /** Ids of runs with no result. */
  missing: string[];
}

/** Gathers read files of one sweep (a SweepError for files of different sweeps, unknown or repeated ids). */
export function gatherResults(files: readonly ReadResults[]): GatheredResults {
  const first = files.find((f) => f.header !== undefined);
  if (first === undefined || first.header === undefined) throw new SweepError(files[0]?.file ?? "<results>", [{ path: "", text: "no results: the file is empty (no header line)" }]);
  const header = first.header;
  for (const f of files) {
    if (f.header === undefined && f.results.length === 0) continue;
    if (f.header?.sweep !== header.sweep) {
      throw new SweepError(f.file, [{ path: "", text: `holds results of another sweep (${f.header?.sweep} from ${f.header?.file}) than ${first.file} (${header.sweep} from ${header.file})` }]);
    }
  }
  const sweep = sweepOfHeader(header, first.file);
  const runs = expandSweep(sweep);
  const byId = new Map(runs.map((r) => [r.id, r]));
  const seen = new Map<string, string[]>();
  const results: { run: SweepRun; read: ReadResult }[] = [];
  const unknown: string[] = [];
  for (const f of files) {
    for (const read of f.results) {
      const run = byId.get(read.result.id);
      const where = `${f.file}:${read.line}`;
      if (run === undefined) {
        unknown.push(`"${read.result.id}" (${where})`);
        continue;
      }
      const at = seen.get(run.id);
      if (at !== undefined) at.push(where);
      else {
        seen.set(run.id, [where]);
        results.push({ run, read });
      }
    }
  }
  if (unknown.length > 0) throw new SweepError(first.file, [{ path: "", text: `${plural(unknown.length, "line")} name runs the sweep does not have: ${listSome(unknown)}` }]);
  const repeated = [...seen].filter(([, at]) => at.length > 1).map(([id, at]) => `"${id}" (${at.join(", ")})`);
  if (repeated.length > 0) throw new SweepError(first.file, [{ path: "", text: `${plural(repeated.length, "run")} appear more than once: ${listSome(repeated)}` }]);
  results.sort((a, b) => a.run.index - b.run.index);
  return { header, sweep, runs, results, missing: runs.filter((r) => !seen.has(r.id)).map((r) => r.id) };
}

/** The point a run belongs to (its parameters and draw, without the replica), as a key. */
export function pointKey(result: SweepResult): string {
  return canonicalJson([result.params, result.draw ?? null]);
}
