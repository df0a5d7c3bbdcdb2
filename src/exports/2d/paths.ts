/**
 * Importing this module once, anywhere in a program (`import "carom/2d/paths";`), installs into
 * `World2D` of `carom/2d` `predictPath(i)`, the aim line of a body: its path bouncing off walls,
 * fixed bodies and the container up to its first contact with a moving body, computed without
 * changing the world. Without it, `predictPath` is a RangeError naming this import. It exports
 * nothing; the package root `carom` installs every part already.
 *
 * ```ts
 * import { World2D } from "carom/2d";
 * import "carom/2d/paths";
 * const world = new World2D({});
 * const cue = world.addBody({ x: 0, y: 0, vx: 1, radius: 1 });
 * world.predictPath(cue);
 * ```
 *
 * @module carom/2d/paths
 */
// A part of its own (see world/parts.ts).
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { AimLines } from "../../world/predict-path.js";

installPart("paths", 2, [[WorldCore, AimLines]]);
