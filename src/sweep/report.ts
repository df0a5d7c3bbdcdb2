/**
 * The report of a sweep: one row per parameter point (its parameters, and its draw for random
 * sweeps), with how many runs it had, how many failed, and for each numeric observable the mean
 * over its replicas and the standard error of that mean (sample standard deviation / √n; empty
 * for a single run). Booleans count as 0 and 1 (the mean is a fraction: how often a shot
 * scratched). Text and list observables are left out; a value that is null in some runs (a
 * pocketed cue ball has no position) adds a column `<name>_n` with the count averaged.
 */
import { canonicalJson } from "./hash.js";
import { pointKey, type GatheredResults } from "./results-file.js";
import type { JsonValue, SweepResult } from "./sweep-types.js";

/** One row of the report. */
export interface ReportRow {
  /** The point's parameters. */
  params: { [path: string]: JsonValue };
  /** Its draw, in random sweeps. */
  draw?: number;
  /** Runs of the point in the results. */
  runs: number;
  /** How many of them failed. */
  failed: number;
  /** Per observable: mean, standard error (NaN for one value) and how many values. */
  observables: {
    [name: string]: {
      /** Mean over the replicas. */
      mean: number;
      /** Standard error of the mean (NaN for one value). */
      sem: number;
      /** How many values were averaged. */
      n: number;
    };
  };
}

/** A sweep's table: the parameter columns, the observables, the rows in the sweep's order. */
export interface SweepReport {
  /** The parameter paths, as columns. */
  parameters: string[];
  /** Whether the sweep has random draws (a `draw` column). */
  random: boolean;
  /** The numeric (and boolean) observables, as columns. */
  observables: string[];
  /** Observables some successful run gave no number for. */
  partial: string[];
  /** One row per parameter point, in the sweep's order. */
  rows: ReportRow[];
}

const numeric = (v: JsonValue | undefined): number | undefined => (typeof v === "number" ? v : typeof v === "boolean" ? (v ? 1 : 0) : undefined);

/** Mean and standard error of the mean of xs (in their order). */
export function meanAndError(xs: readonly number[]): {
  /** The mean. */
  mean: number;
  /** The standard error of the mean: s / √n, s the sample standard deviation (NaN for one value). */
  sem: number;
} {
  const n = xs.length;
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / n;
  if (n < 2) return { mean, sem: NaN };
  let squares = 0;
  for (const x of xs) squares += (x - mean) * (x - mean);
  return { mean, sem: Math.sqrt(squares / (n - 1) / n) };
}

/** The report of gathered results (every point with at least one result). */
export function sweepReport(gathered: GatheredResults): SweepReport {
  const results = gathered.results.map((r) => r.read.result);
  const parameters: string[] = [];
  const observables: string[] = [];
  const points = new Map<string, SweepResult[]>();
  for (const r of results) {
    for (const p of Object.keys(r.params)) if (!parameters.includes(p)) parameters.push(p);
    for (const [name, v] of Object.entries(r.results ?? {})) if (numeric(v) !== undefined && !observables.includes(name)) observables.push(name);
    const key = pointKey(r);
    const list = points.get(key);
    if (list === undefined) points.set(key, [r]);
    else list.push(r);
  }
  const partial = new Set<string>();
  const rows = [...points.values()].map((list): ReportRow => {
    const ok = list.filter((r) => r.results !== undefined);
    const row: ReportRow = { params: list[0].params, runs: list.length, failed: list.length - ok.length, observables: {} };
    if (list[0].draw !== undefined) row.draw = list[0].draw;
    for (const name of observables) {
      const xs = ok.map((r) => numeric(r.results?.[name])).filter((x): x is number => x !== undefined);
      if (xs.length < ok.length) partial.add(name);
      row.observables[name] = xs.length === 0 ? { mean: NaN, sem: NaN, n: 0 } : { ...meanAndError(xs), n: xs.length };
    }
    return row;
  });
  return { parameters, random: results.some((r) => r.draw !== undefined), observables, partial: observables.filter((o) => partial.has(o)), rows };
}

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function field(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A value as CSV text: numbers in their shortest round-trip form, NaN and missing as empty, JSON for lists and objects. */
function cell(v: JsonValue | undefined): string {
  if (v === undefined || v === null || (typeof v === "number" && !Number.isFinite(v))) return "";
  if (typeof v === "string") return field(v);
  if (typeof v === "object") return field(canonicalJson(v));
  return String(v);
}

/** The report as CSV: a header row, then one row per point. */
export function reportCsv(report: SweepReport): string {
  const head = [...report.parameters, ...(report.random ? ["draw"] : []), "runs", "failed"];
  for (const o of report.observables) head.push(`${o}_mean`, `${o}_sem`, ...(report.partial.includes(o) ? [`${o}_n`] : []));
  const lines = [head.map(field).join(",")];
  for (const row of report.rows) {
    const cells = [...report.parameters.map((p) => cell(row.params[p])), ...(report.random ? [cell(row.draw)] : []), String(row.runs), String(row.failed)];
    for (const o of report.observables) {
      const s = row.observables[o];
      cells.push(cell(s.mean), cell(s.sem), ...(report.partial.includes(o) ? [String(s.n)] : []));
    }
    lines.push(cells.join(","));
  }
  return lines.join("\n") + "\n";
}
