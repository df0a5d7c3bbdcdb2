/**
 * The JSON Schema (draft 2020-12) of the scene file, version 1. The build writes it to
 * dist/scene.schema.json, so a scene can point editors at it for completion and checking:
 *
 *     { "$schema": "./node_modules/carom/dist/scene.schema.json", "carom": 1, ... }
 *
 * It states the same key, type, range and dimension rules as validateSceneStructure (the
 * tests run both over the examples and the broken-scene corpus), and it compiles in Ajv's
 * strict mode (every `items` and `properties` says its `type`, every `required` key is
 * declared beside it). The package exports it as `carom/scene.schema.json`. What a schema cannot state is
 * left to carom: unique ids, min below max, and bodies overlapping or outside the bounds at the
 * start.
 */
import { COLOR_PATTERN } from "./scene-validate.js";

const vector = (n: number, what: string): object => ({
  description: what,
  type: "array",
  items: { type: "number" },
  minItems: n,
  maxItems: n,
});

const boxOf = (v: string): object => ({
  type: "object",
  properties: { min: { $ref: v }, max: { $ref: v } },
});

/** The properties a 2D or 3D scene narrows to its own vector length and wall kinds. */
const dimensional = (v: string, box: string): object => ({
  type: "object",
  properties: {
    gravity: { $ref: v },
    bounds: {
      $ref: box,
      type: "object",
      properties: { periodic: { anyOf: [{ type: "boolean" }, { type: "array", minItems: v.endsWith("2") ? 2 : 3, maxItems: v.endsWith("2") ? 2 : 3 }] } },
    },
    bodies: {
      type: "array",
      items: { type: "object", properties: { position: { $ref: v }, velocity: { $ref: v }, acceleration: { $ref: v } } },
    },
    walls: {
      type: "array",
      items: v.endsWith("2")
        ? { type: "object", properties: { segment: { type: "array", items: { $ref: v } }, box: { $ref: box }, triangle: false, plane: false } }
        : {
            type: "object",
            properties: {
              segment: false,
              box: { $ref: box },
              triangle: { type: "array", items: { $ref: v } },
              plane: { type: "object", properties: { point: { $ref: v }, normal: { $ref: v } } },
            },
          },
    },
  },
});

/** One branch of the wall's oneOf: the wall has this shape key (declared here for Ajv's strictRequired). */
const shape = (key: string): object => ({ required: [key], properties: { [key]: true } });

/** The schema's `$id`: the name by which editors and validators know it (see package.json's exports). */
const SCENE_SCHEMA_ID = "https://carom-physics.github.io/carom/scene.schema.json";

/** The scene file's JSON Schema, draft 2020-12 (a plain object; `JSON.stringify` it to save). */
export const sceneSchema: {
  /** The dialect: JSON Schema draft 2020-12. */
  readonly $schema: string;
  /** The schema's URI, by which validators and editors know it. */
  readonly $id: string;
  /** Every other keyword, as plain JSON. */
  readonly [keyword: string]: unknown;
} = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: SCENE_SCHEMA_ID,
  title: "carom scene, version 1",
  description: "A world of moving circles (2D) or spheres (3D), walls and a container, for the carom command (carom run scene.json).",
  type: "object",
  required: ["carom", "bodies"],
  additionalProperties: false,
  properties: {
    $schema: { type: "string", description: "Where editors find this schema; ignored by carom." },
    carom: { const: 1, description: "The scene format version." },
    dimensions: { enum: [2, 3], default: 2, description: "2 for circles in the plane, 3 for spheres in space; every vector has this many components." },
    description: { type: "string", description: "Free text; ignored by the simulation." },
    time: { type: "number", default: 0, description: "The time at which this state holds (a --final scene carries the time it was taken at)." },
    duration: { type: "number", minimum: 0, default: 10, description: "How long carom run simulates (--duration overrides it)." },
    gravity: { $ref: "#/$defs/vector", description: "Uniform acceleration of every movable body." },
    restitution: { type: "number", minimum: 0, default: 1, description: "Restitution of every contact: 1 elastic, 0 perfectly inelastic, above 1 a bumper (adds energy)." },
    bounds: { $ref: "#/$defs/bounds", description: "The container: movable bodies stay inside it, or wrap around on its periodic axes." },
    bodies: { type: "array", items: { $ref: "#/$defs/body" } },
    walls: { type: "array", items: { $ref: "#/$defs/wall" } },
  },
  if: { properties: { dimensions: { const: 3 } }, required: ["dimensions"] },
  then: dimensional("#/$defs/vector3", "#/$defs/box3"),
  else: dimensional("#/$defs/vector2", "#/$defs/box2"),
  $defs: {
    vector: { type: "array", items: { type: "number" }, minItems: 2, maxItems: 3 },
    vector2: vector(2, "[x, y]"),
    vector3: vector(3, "[x, y, z]"),
    box: {
      type: "object",
      required: ["min", "max"],
      additionalProperties: false,
      properties: { min: { $ref: "#/$defs/vector" }, max: { $ref: "#/$defs/vector" } },
      description: "An axis-aligned box; min is the lowest corner, max the highest.",
    },
    bounds: {
      type: "object",
      required: ["min", "max"],
      additionalProperties: false,
      properties: {
        min: { $ref: "#/$defs/vector" },
        max: { $ref: "#/$defs/vector" },
        periodic: {
          anyOf: [{ type: "boolean" }, { type: "array", items: { type: "boolean" }, minItems: 2, maxItems: 3 }],
          description: "Periodic (wrapping) axes: true for all, or one boolean per axis. No walls or fixed bodies with periodic bounds; each diameter at most half the box length on a periodic axis.",
        },
      },
      description: "The container: an axis-aligned box; min is the lowest corner, max the highest.",
    },
    box2: boxOf("#/$defs/vector2"),
    box3: boxOf("#/$defs/vector3"),
    id: { type: "string", minLength: 1, description: "Unique across bodies and walls." },
    color: { type: "string", pattern: COLOR_PATTERN, description: "How carom render paints it (CSS colour); no effect on the simulation." },
    body: {
      type: "object",
      required: ["position", "radius"],
      additionalProperties: false,
      properties: {
        id: { $ref: "#/$defs/id", description: "Unique across bodies and walls; default: the body's index." },
        position: { $ref: "#/$defs/vector" },
        velocity: { $ref: "#/$defs/vector", description: "Default zero." },
        acceleration: { $ref: "#/$defs/vector", description: "The body's own constant acceleration, added to gravity." },
        radius: { type: "number", minimum: 0, description: "0 is a point particle." },
        mass: { type: "number", minimum: 1e-150, maximum: 1e150, default: 1, description: "From 1e-150 to 1e150 (the masses a world takes)." },
        fixed: { type: "boolean", default: false, description: "Immovable (infinite mass)." },
        restitution: { type: "number", minimum: 0, description: "Replaces the scene's restitution for this body's contacts (above 1: a bumper, which adds energy)." },
        group: { type: "integer", minimum: -2147483648, maximum: 2147483647, default: 1, description: "Collision group bits." },
        mask: { type: "integer", minimum: -2147483648, maximum: 2147483647, default: -1, description: "Collision mask bits: bodies collide when each one's group meets the other's mask." },
        sensor: { type: "boolean", default: false, description: "A sensor: exchanges no impulse, reports the bodies that enter and leave it." },
        color: { $ref: "#/$defs/color" },
      },
    },
    wall: {
      type: "object",
      additionalProperties: false,
      properties: {
        id: { $ref: "#/$defs/id", description: 'Unique across bodies and walls; default: "wall-<index>".' },
        segment: { type: "array", items: { $ref: "#/$defs/vector" }, minItems: 2, maxItems: 2, description: "2D: a thin segment [[x0, y0], [x1, y1]], solid from both sides." },
        box: { $ref: "#/$defs/box", description: "A solid axis-aligned box." },
        triangle: { type: "array", items: { $ref: "#/$defs/vector" }, minItems: 3, maxItems: 3, description: "3D: a thin triangle, solid from both sides." },
        plane: {
          type: "object",
          required: ["point", "normal"],
          additionalProperties: false,
          properties: {
            point: { $ref: "#/$defs/vector" },
            normal: { $ref: "#/$defs/vector", not: { type: "array", items: { const: 0 } }, description: "Points out of the solid half-space; not zero." },
          },
          description: "3D: the boundary of the solid half-space behind the normal.",
        },
        restitution: { type: "number", minimum: 0, description: "The wall's own restitution (above 1: a bumper, which adds energy)." },
        group: { type: "integer", minimum: -2147483648, maximum: 2147483647, default: 1, description: "Collision group bits." },
        mask: { type: "integer", minimum: -2147483648, maximum: 2147483647, default: -1, description: "Collision mask bits: a body meets the wall when each one's group meets the other's mask." },
        sensor: { type: "boolean", default: false, description: "A sensor wall: exchanges no impulse, reports the bodies that enter and leave it." },
        color: { $ref: "#/$defs/color" },
      },
      oneOf: [shape("segment"), shape("box"), shape("triangle"), shape("plane")],
    },
  },
};
