/**
 * What a sweep needs of an application (one adapter per kind, each a thin layer over the
 * application's public API): the observables it can record, the check of a run's input, and
 * the run itself. Adding an observable is one entry in an adapter's table.
 */
import type { JsonObject, JsonValue, SweepDefinition } from "../sweep-types.js";

/** Problems a definition has for this kind, as [JSON path, message] pairs. */
export type DefinitionProblems = [path: string, message: string][];

export interface SweepTask<Prepared> {
  /**
   * The observables a run can record, in their default order; null when the application says
   * at run time (a module returns what it measures).
   */
  readonly observables: readonly string[] | null;
  /** Problems of the whole definition for this kind (replicas of a base without randomness). */
  check(definition: SweepDefinition): DefinitionProblems;
  /**
   * The run's input from its configuration (the base with the parameters set) and its seed: a
   * RangeError (or SceneError) naming the field when the configuration is not valid. Cheap:
   * the whole sweep is checked this way before anything runs.
   */
  prepare(config: JsonValue, seed: number): Prepared;
  /** Runs it and returns the observables named in `record`, in that order. */
  run(prepared: Prepared, record: readonly string[], seed: number): JsonObject | Promise<JsonObject>;
}

/** Picks the recorded observables from a table of measurements, in `record`'s order. */
export function recorded(record: readonly string[], measure: (name: string) => JsonValue): JsonObject {
  const out: JsonObject = {};
  for (const name of record) out[name] = measure(name);
  return out;
}

/** A RangeError naming the first key of `config` that is not in `known`, with the closest known one. */
export { rejectUnknownKeys, requireObject } from "../../pool/options.js";
