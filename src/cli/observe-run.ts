/**
 * The `--observe` hook of `carom run`: checks the observe flags with the other outputs before
 * the run, starts an {@link Observer} on the built world, and writes its file atomically.
 */
import { dirname, join } from "node:path";
import { AtomicFile } from "./atomic-file.js";
import { inputError } from "./cli-error.js";
import { OBSERVE_SAMPLES, Observer, formatObservables, parseObserve, type Observables } from "./observe.js";
import type { OutputPath } from "./output-check.js";
import type { AnyWorld } from "./simulate.js";
import { isStdio } from "./stdio.js";

export interface ObserveSetup {
  /** The output file. */
  path: string;
  /** The observables asked for, as written in the summary ("pressure, rdf"). */
  names: string;
  /** An observer on `world` at its start; `every` is the frame interval the run must use when it has none. */
  start(world: AnyWorld, duration: number, every: number | undefined): Observer & { every: number | undefined };
  /** The output file holding the observables (not yet committed). */
  write(o: Observables): AtomicFile;
}

/**
 * Reads --observe, --observe-out, --rdf-bins and --rdf-max; adds the output to `outputs` (for
 * the shared checks). Undefined when --observe is not given (the others are then refused).
 */
export function observeSetup(values: Record<string, unknown>, outputs: OutputPath[]): ObserveSetup | undefined {
  if (values.observe === undefined) {
    const extra = (["observe-out", "rdf-bins", "rdf-max"] as const).find((f) => values[f] !== undefined);
    if (extra !== undefined) throw inputError(`carom run: --${extra} goes with --observe LIST`);
    return undefined;
  }
  const wanted = parseObserve(values.observe as string);
  if (!wanted.has("rdf")) {
    const extra = (["rdf-bins", "rdf-max"] as const).find((f) => values[f] !== undefined);
    if (extra !== undefined) throw inputError(`carom run: --${extra} goes with --observe rdf`);
  }
  const bins = values["rdf-bins"] as number | undefined;
  if (bins !== undefined && !(Number.isInteger(bins) && bins >= 1 && bins <= 1e6)) throw inputError(`carom run: --rdf-bins must be an integer from 1 to 1000000, got ${bins}`);
  const rMax = values["rdf-max"] as number | undefined;
  if (rMax !== undefined && !(rMax > 0)) throw inputError(`carom run: --rdf-max must be > 0, got ${rMax}`);
  const path = (values["observe-out"] as string | undefined) ?? (values.events !== undefined ? join(dirname(values.events as string), "observables.json") : "observables.json");
  if (!isStdio(path) && !/\.(json|csv)$/i.test(path)) throw inputError(`carom run: --observe-out writes .json or .csv (or - for JSON on standard output), got ${JSON.stringify(path)}`);
  outputs.push({ flag: "--observe-out", path });
  return {
    path,
    names: [...wanted].join(", "),
    start(world, duration, every) {
      const used = every ?? (duration > 0 ? duration / OBSERVE_SAMPLES : undefined);
      return Object.assign(new Observer(world, wanted, { bins, rMax, every: used, duration }), { every: used });
    },
    write(o) {
      const f = new AtomicFile(path);
      f.write(formatObservables(o, path));
      return f;
    },
  };
}
