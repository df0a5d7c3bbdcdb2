/**
 * Importing this module once, anywhere in a program (`import "carom/3d/moving-walls";`), installs
 * into `World3D` of `carom/3d` walls that move: `setWallVelocity(w, vx, vy, vz)` with a nonzero
 * velocity (paddles, pistons). Bodies reflect in the wall's frame, and a body squeezed against
 * something immovable stops the wall. Without it, a nonzero wall velocity is a RangeError naming
 * this import. It exports nothing; the package root `carom` installs every part already.
 *
 * ```ts
 * import { World3D } from "carom/3d";
 * import "carom/3d/moving-walls";
 * const world = new World3D({});
 * const paddle = world.addBox(0, 0, 0, 4, 4, 1);
 * world.setWallVelocity(paddle, 0, 0, 2);
 * ```
 *
 * @module carom/3d/moving-walls
 */
// A part of its own (see world/parts.ts).
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { MovingWalls } from "../../world/moving-walls.js";

installPart("moving-walls", 3, [[WorldCore, MovingWalls]]);
