/**
 * Importing this module once, anywhere in a program (`import "carom/2d/snapshots";`), installs
 * into `World2D` of `carom/2d` `snapshot()`, `restore(s)` and `clone()`: bit-for-bit copies of the
 * whole state, after which a restored or cloned world goes on exactly as the original would.
 * Without it, these methods are a RangeError naming this import. It exports nothing; the package
 * root `carom` installs every part already.
 *
 * ```ts
 * import { World2D } from "carom/2d";
 * import "carom/2d/snapshots";
 * const world = new World2D({});
 * const copy = world.clone();
 * ```
 *
 * @module carom/2d/snapshots
 */
// A part of its own (see world/parts.ts).
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { Snapshots } from "../../world/snapshots.js";

installPart("snapshots", 2, [[WorldCore, Snapshots]]);
