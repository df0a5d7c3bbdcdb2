/**
 * Benchmark harness: every case runs the same pre-generated, seeded inputs; each sample times
 * one batch of operations and folds the results into a sink (so nothing is optimised away);
 * we report the median of the samples and their spread (min..max), and ratios against a
 * chosen row. The machine is shared and noisy: read the ratios, not the absolute times.
 */
import os from "node:os";

export interface BenchRow {
  name: string;
  /** Median operations per second. */
  opsPerSec: number;
  /** Slowest and fastest sample, operations per second. */
  min: number;
  max: number;
  note?: string;
}

export interface BenchOptions {
  /** Timed samples (default 9). */
  samples?: number;
  /** Untimed warm-up batches (default 3). */
  warmup?: number;
}

/** The median of the samples (the upper one of the middle two for an even count). */
export function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1];
}

let sink = 0;

/**
 * Times `batch` (which performs `ops` operations and returns a number folded into a sink) and
 * returns the median throughput.
 */
export function bench(name: string, ops: number, batch: () => number, options: BenchOptions = {}, note?: string): BenchRow {
  const samples = options.samples ?? 9;
  const warmup = options.warmup ?? 3;
  for (let i = 0; i < warmup; i++) sink += batch();
  const rates: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = process.hrtime.bigint();
    sink += batch();
    const dt = Number(process.hrtime.bigint() - t0) / 1e9;
    rates.push(ops / dt);
  }
  rates.sort((x, y) => x - y);
  const row: BenchRow = { name, opsPerSec: rates[rates.length >> 1], min: rates[0], max: rates[rates.length - 1] };
  if (note !== undefined) row.note = note;
  return row;
}

/** Formats a throughput as 1.23e7/s. */
export function rate(x: number): string {
  return `${x.toExponential(2)}/s`;
}

/** Prints the rows as a table with each row's ratio to `baseline` (a row name). */
export function report(title: string, rows: BenchRow[], baseline?: string, unit = "ops"): void {
  const base = rows.find((r) => r.name === baseline);
  console.log(`\n${title}`);
  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} x${os.cpus().length}, node ${process.version}`);
  const w = Math.max(...rows.map((r) => r.name.length), 4);
  console.log(`${"case".padEnd(w)}  ${(unit + "/s (median)").padStart(16)}  ${"spread".padStart(21)}  ${base ? "x " + base.name : ""}`);
  for (const r of rows) {
    const ratio = base ? (r.opsPerSec / base.opsPerSec).toFixed(2).padStart(8) + "x" : "";
    console.log(
      `${r.name.padEnd(w)}  ${r.opsPerSec.toExponential(3).padStart(16)}  ${(r.min.toExponential(2) + ".." + r.max.toExponential(2)).padStart(21)}  ${ratio}${r.note ? "  " + r.note : ""}`,
    );
  }
}

/** The accumulated sink; print it so the work is observably used. */
export function sinkValue(): number {
  return sink;
}
