/**
 * Importing this module once, anywhere in a program (`import "carom/3d/paths";`), installs into
 * `World3D` of `carom/3d` `predictPath(i)`, the aim line of a body: its path bouncing off walls,
 * fixed bodies and the container up to its first contact with a moving body, computed without
 * changing the world. Without it, `predictPath` is a RangeError naming this import. It exports
 * nothing; the package root `carom` installs every part already.
 *
 * ```ts
 * import { World3D } from "carom/3d";
 * import "carom/3d/paths";
 * const world = new World3D({});
 * const cue = world.addBody({ x: 0, y: 0, z: 0, vx: 1, radius: 1 });
 * world.predictPath(cue);
 * ```
 *
 * @module carom/3d/paths
 */
// A part of its own (see world/parts.ts).
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { AimLines } from "../../world/predict-path.js";

installPart("paths", 3, [[WorldCore, AimLines]]);
