/**
 * carom/3d/moving-walls: import once (`import "carom/3d/moving-walls";`) to let World3D's
 * `setWallVelocity` move walls (paddles, pistons): bodies reflect in the wall's frame, and a
 * body squeezed against something immovable stops the wall. A part of its own (see
 * world/parts.ts); the package root "carom" includes it.
 */
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { MovingWalls } from "../../world/moving-walls.js";

installPart("moving-walls", 3, [[WorldCore, MovingWalls]]);
