/**
 * The sweep file, version 1: many independent runs of one application (hard spheres, a scene,
 * a pool shot, or a module of the user's own) over a set of parameter points and seeds. See
 * docs/sweeps.md for the format; {@link sweepSchema} is its JSON Schema.
 */
import type { JsonValue } from "../scene/json-parse.js";
import { SceneError, type SceneIssue } from "../scene/scene-error.js";

export type { JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** The application a sweep runs: the key of the sweep file that holds its base. */
export type SweepKind = "hardSpheres" | "scene" | "pool" | "module";

/** The kinds, in the order the format lists them. */
export const SWEEP_KINDS: readonly SweepKind[] = ["hardSpheres", "scene", "pool", "module"];

/** Evenly spaced numbers from `from` to `to` (both included). */
export interface SweepRange {
  /** The first value. */
  from: number;
  /** The last value. */
  to: number;
  /** How many values (1 gives `from` alone). */
  count: number;
}

/** A distribution of a random parameter (one key). */
export type SweepDistribution =
  | {
      /** Uniform in [lo, hi]. */
      uniform: [number, number];
    }
  | {
      /** A uniform integer in [lo, hi] (both included). */
      integer: [number, number];
    }
  | {
      /** Gaussian with [mean, standard deviation]. */
      normal: [number, number];
    }
  | {
      /** One of these values, each as likely. */
      choice: JsonValue[];
    };

/** The module kind's base: a JavaScript module of the user's own and its configuration. */
export interface SweepModule {
  /** The module file, relative to the sweep file (or absolute, or a file: URL). It exports `run(config, seed)`. */
  file: string;
  /** The configuration handed to `run`, with the parameters set in it (default {}). */
  config?: JsonObject;
}

/** A sweep definition, as in the file (with a base given by file name already read in). */
export interface SweepDefinition {
  /** Where editors find the JSON Schema; ignored. */
  $schema?: string;
  /** The format version: 1. */
  sweep: 1;
  /** Free text; ignored. */
  description?: string;
  /** The sweep's seed: each run's seed derives from it and the run's id (default 0). */
  seed?: number;
  /** A hard-sphere fluid (carom/science's HardSpheres from a lattice start) and how long to run it. */
  hardSpheres?: JsonObject;
  /** A scene (the format of `carom run`). */
  scene?: JsonObject;
  /** A pool shot (the format of `carom pool`). */
  pool?: JsonObject;
  /** A module of the user's own. */
  module?: SweepModule;
  /** Parameters varied over every combination of their values (first key outermost). */
  grid?: { [path: string]: JsonValue[] | SweepRange };
  /** Parameter points listed one by one. */
  points?: { [path: string]: JsonValue }[];
  /** Parameter points drawn at random, from seeds derived from the sweep's seed. */
  random?: {
    /** How many points. */
    count: number;
    /** The distribution of each parameter. */
    parameters: { [path: string]: SweepDistribution };
  };
  /** Runs per parameter point, each with its own seed (default 1). */
  replicas?: number;
  /** The observables each run reports, in this order (default: every one of the kind). */
  record?: string[];
}

/** A sweep read and checked: its definition, its identity and where it came from. */
export interface Sweep {
  /** The name used in messages (the file's path, or "<sweep>"). */
  readonly file: string;
  /** The folder that relative module paths start from (the sweep file's; default: the working folder). */
  readonly dir?: string;
  /** The definition, with defaults left out as written and every base inline. */
  readonly definition: SweepDefinition;
  /** The sweep's identity: a hash of the definition (description and $schema aside). */
  readonly hash: string;
  /** The application run. */
  readonly kind: SweepKind;
}

/** One run of a sweep. */
export interface SweepRun {
  /** Its place in the sweep's order (points, then grid, then draws, then replicas). */
  index: number;
  /** A stable name built from its parameters: `packingFraction=0.3,replica=2`. */
  id: string;
  /** The parameters set, by path. */
  params: JsonObject;
  /** The random draw, for sweeps with `random`. */
  draw?: number;
  /** Which replica of its parameter point (0 to replicas - 1). */
  replica: number;
  /** Its seed (derived from the sweep's seed and `id`). */
  seed: number;
}

/** One finished run: a line of the results file. */
export interface SweepResult {
  /** The run's id. */
  id: string;
  /** Its parameters. */
  params: JsonObject;
  /** The random draw, for sweeps with `random`. */
  draw?: number;
  /** Which replica of its point. */
  replica: number;
  /** The seed it ran with. */
  seed: number;
  /** The observables recorded (absent when the run failed). */
  results?: JsonObject;
  /** Why the run failed (absent when it succeeded). */
  error?: string;
  /** Seconds the run took (the one field that differs between two runs of the same sweep). */
  wallTime: number;
  /** The carom version that ran it. */
  carom: string;
}

/** A sweep file that cannot be read or accepted; `issues` lists every problem found. */
export class SweepError extends SceneError {
  /** An error whose message lists the issues, one `file: path message` line each. */
  constructor(file: string, issues: readonly SceneIssue[]) {
    super(file, issues);
    this.name = "SweepError";
  }
}
