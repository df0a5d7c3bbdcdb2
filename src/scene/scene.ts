/**
 * Scene files: read (parse, validate, check the start state), build a world, write back.
 * This is the part of src/scene that the package exports.
 */
import { parseJson } from "./json-parse.js";
import { validateSceneStructure } from "./scene-validate.js";
import { checkSceneStart } from "./scene-start.js";
import type { Scene } from "./scene-types.js";

/**
 * Checks a parsed JSON value as a scene: structure (keys, types, ranges, dimensions, unique
 * ids) and start state (no overlaps, bodies inside the bounds). Returns it typed; throws a
 * SceneError listing every problem, each naming the file, the JSON path and the value.
 */
export function validateScene(value: unknown, file = "<scene>"): Scene {
  const scene = validateSceneStructure(value, file);
  checkSceneStart(scene, file);
  return scene;
}

/** Parses and validates scene JSON text; throws a SceneError (line and column for syntax errors). */
export function parseScene(text: string, file = "<scene>"): Scene {
  return validateScene(parseJson(text, file), file);
}

export { parseJson, type JsonValue } from "./json-parse.js";
export { suggestKey, editDistance } from "./suggest-key.js";
export { SceneError, jsonPointer, valueAtPointer, type SceneIssue } from "./scene-error.js";
export { validateSceneStructure } from "./scene-validate.js";
export { checkSceneStart } from "./scene-start.js";
export { worldFromScene, sceneFromWorld, type SceneWorldOptions, type SceneWorld } from "./scene-world.js";
export { formatScene, formatNumber } from "./scene-format.js";
export { sceneSchema } from "./scene-schema.js";
export { EXAMPLE_SCENES, breakoutScene, cradleScene, gasScene, galtonScene, spheresScene } from "./example-scenes.js";
export { poolBreakScene, POOL_BALL_RADIUS, POOL_BALL_MASS, POOL_TABLE_LENGTH, POOL_TABLE_WIDTH } from "./pool-break.js";
export {
  DEFAULT_DURATION, sceneDimensions, sceneBodyIds, sceneWallIds,
  type Scene, type SceneBody, type SceneWall, type SceneBox, type SceneBounds, type SceneVector,
} from "./scene-types.js";
