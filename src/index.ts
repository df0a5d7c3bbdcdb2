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
export * from "./query/closest-point-segment.js";
export * from "./query/ray-circle.js";
export * from "./query/ray-box2.js";
export * from "./query/sweep-circle-segment.js";
export * from "./query/sweep-circle-polyline.js";
export * from "./query/sweep-circle-box.js";
export type * from "./query/types-geometry2.js";
export * from "./query/closest-point-triangle.js";
export * from "./response/impulse.js";
export { World2D, type BodyInit2, type World2DOptions } from "./world/world-2d.js";
export { World3D, type BodyInit3, type World3DOptions } from "./world/world-3d.js";
export { type WorldOptions, type AdvanceReport, type WorldSnapshot } from "./world/world-base.js";
export { EventLog, HIT_BODY, HIT_WALL, HIT_BOUNDS, type CollisionEvent } from "./world/event-log.js";
