/**
 * The JSON Schema (draft 2020-12) of the sweep file, version 1. The build writes it to
 * dist/sweep.schema.json (exported as `carom/sweep.schema.json`), so that a sweep file can point
 * editors at it. It states the keys, types and ranges; carom's own check (validateSweep) adds
 * what a schema cannot: parameter paths that lead into the base, values repeated in a grid,
 * observables the kind has, and each run's parameters as the application checks them.
 */
import { PATH_PATTERN } from "./param-path.js";

const pathNames = { type: "string", pattern: PATH_PATTERN };
const pair = { type: "array", items: { type: "number" }, minItems: 2, maxItems: 2 };
/** One branch of a oneOf: the object has this key (declared here for Ajv's strictRequired). */
const has = (key: string): object => ({ required: [key], properties: { [key]: true } });
const base = (what: string): object => ({
  description: `a ${what} (inline), or the name of a ${what} file relative to the sweep file`,
  anyOf: [{ type: "string", minLength: 1 }, { type: "object" }],
});

/** The sweep file's JSON Schema (a plain object; `JSON.stringify` it to save). */
export const sweepSchema: {
  /** The dialect: JSON Schema draft 2020-12. */
  readonly $schema: string;
  /** The schema's URI, by which validators and editors know it. */
  readonly $id: string;
  /** Every other keyword, as plain JSON. */
  readonly [keyword: string]: unknown;
} = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://carom-physics.github.io/carom/sweep.schema.json",
  title: "carom sweep, version 1",
  description: "Many independent runs of hard spheres, a scene, a pool shot or a module, over parameter points and seeds (carom sweep sweep.json -o results.ndjson; see docs/sweeps.md).",
  type: "object",
  additionalProperties: false,
  required: ["sweep"],
  oneOf: [has("hardSpheres"), has("scene"), has("pool"), has("module")],
  properties: {
    $schema: { type: "string" },
    sweep: { const: 1, description: "the format version" },
    description: { type: "string" },
    seed: { type: "integer", description: "each run's seed derives from this and the run's id (default 0)" },
    hardSpheres: {
      description: "hard spheres (3D) or disks (2D) in a periodic box from a lattice start, warmed up, then measured",
      type: "object",
      additionalProperties: false,
      properties: {
        dimensions: { enum: [2, 3], description: "default 3" },
        count: { type: "integer", minimum: 1, description: "bodies (4 m^3 gives an FCC start in 3D)" },
        packingFraction: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
        radius: { type: "number", exclusiveMinimum: 0, description: "default 0.5 (unit diameter)" },
        temperature: { type: "number", exclusiveMinimum: 0, description: "kT, default 1" },
        warmupPerBody: { type: "number", minimum: 0, description: "collisions per body before measuring (default 20)" },
        collisionsPerBody: { type: "number", exclusiveMinimum: 0, description: "collisions per body measured (default 100)" },
        duration: { type: "number", exclusiveMinimum: 0, description: "or: time measured" },
        skin: { type: "number", exclusiveMinimum: 0, description: "neighbour-list skin (default: chosen by the engine)" },
      },
    },
    scene: base("scene"),
    pool: base("pool shot"),
    module: {
      description: "a JavaScript module of your own exporting run(config, seed)",
      type: "object",
      additionalProperties: false,
      required: ["file"],
      properties: { file: { type: "string", minLength: 1 }, config: { type: "object" } },
    },
    grid: {
      description: "parameters (paths into the base) and their values: every combination runs",
      type: "object",
      minProperties: 1,
      propertyNames: pathNames,
      additionalProperties: {
        anyOf: [
          { type: "array", minItems: 1 },
          {
            type: "object",
            additionalProperties: false,
            required: ["from", "to", "count"],
            properties: { from: { type: "number" }, to: { type: "number" }, count: { type: "integer", minimum: 2 } },
          },
        ],
      },
    },
    points: {
      description: "parameter points listed one by one",
      type: "array",
      minItems: 1,
      items: { type: "object", propertyNames: pathNames },
    },
    random: {
      description: "parameter points drawn at random (draw k from a seed of its own)",
      type: "object",
      additionalProperties: false,
      required: ["count", "parameters"],
      properties: {
        count: { type: "integer", minimum: 1 },
        parameters: {
          type: "object",
          minProperties: 1,
          propertyNames: pathNames,
          additionalProperties: {
            type: "object",
            minProperties: 1,
            maxProperties: 1,
            additionalProperties: false,
            properties: { uniform: pair, integer: pair, normal: pair, choice: { type: "array", minItems: 1 } },
          },
        },
      },
    },
    replicas: { type: "integer", minimum: 1, maximum: 1000000, description: "runs per parameter point, each with its own seed (default 1)" },
    record: { type: "array", minItems: 1, uniqueItems: true, items: { type: "string", minLength: 1 }, description: "the observables each run reports (default: all of its kind)" },
  },
} as const;
