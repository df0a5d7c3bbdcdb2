/**
 * carom: exact continuous collision detection and response for moving circles and spheres.
 * Every public name is re-exported from here; see README.md for the conventions.
 */
export type * from "./query/types.js";
export { FEATURE_INTERIOR, FEATURE_EDGE, FEATURE_VERTEX } from "./query/types.js";
export * from "./query/toi-circle-circle.js";
export * from "./query/toi-sphere-sphere.js";
export * from "./query/toi-batch.js";
export * from "./query/closest-approach.js";
export * from "./query/overlap.js";
export * from "./query/pool-hall.js";
export * from "./query/bounding.js";
