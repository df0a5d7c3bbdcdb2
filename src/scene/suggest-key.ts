/**
 * "Did you mean ...?" for unknown keys. The logic lives in the world layer (src/world/options.ts)
 * so that the world's own options can use it; the scene layer, above it, re-uses it from there.
 */
export { editDistance, suggestKey } from "../world/options.js";
