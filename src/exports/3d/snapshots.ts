/**
 * Importing this module once, anywhere in a program (`import "carom/3d/snapshots";`), installs
 * into `World3D` of `carom/3d` `snapshot()`, `restore(s)` and `clone()`: bit-for-bit copies of the
 * whole state, after which a restored or cloned world goes on exactly as the original would.
 * Without it, these methods are a RangeError naming this import. It exports nothing; the package
 * root `carom` installs every part already.
 *
 * ```ts
 * import { World3D } from "carom/3d";
 * import "carom/3d/snapshots";
 * const world = new World3D({});
 * const copy = world.clone();
 * ```
 *
 * @module carom/3d/snapshots
 */
// A part of its own (see world/parts.ts).
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { Snapshots } from "../../world/snapshots.js";

installPart("snapshots", 3, [[WorldCore, Snapshots]]);
