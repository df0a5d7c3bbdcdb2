/**
 * carom: exact continuous collision detection and response for moving circles and spheres.
 * Every public name is re-exported from here; see README.md for the conventions.
 */
export type * from "./query/types.js";
export { FEATURE_INTERIOR, FEATURE_EDGE, FEATURE_VERTEX } from "./query/types.js";
export { timeOfImpactCircles, sweepCircles, sweepCirclesInto, toiCirclesRaw } from "./query/toi-circle-circle.js";
export { timeOfImpactSpheres, sweepSpheres, sweepSpheresInto, toiSpheresRaw } from "./query/toi-sphere-sphere.js";
