/**
 * Importing this module once, anywhere in a program (`import "carom/2d/periodic";`), installs into
 * `World2D` of `carom/2d` periodic bounds (`bounds: { min, max, periodic: true }`, or one boolean
 * per axis): bodies wrap around the box, pairs meet at the minimum image, and `world.periodic`
 * counts the images (unwrapped positions for displacements). Without it, periodic bounds are a
 * RangeError naming this import. It exports nothing; the package root `carom` installs every part
 * already.
 *
 * ```ts
 * import { World2D } from "carom/2d";
 * import "carom/2d/periodic";
 * const world = new World2D({ bounds: { min: [0, 0], max: [10, 10], periodic: true } });
 * ```
 *
 * @module carom/2d/periodic
 */
// A part of its own (see world/parts.ts) so that a program without periodic bounds does not bundle
// it.
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { PeriodicBounds } from "../../world/periodic.js";
import { WorldKernels2 } from "../../world/scan-2d.js";
import { PeriodicScan2 } from "../../world/periodic-2d.js";

installPart("periodic", 2, [[WorldCore, PeriodicBounds], [WorldKernels2, PeriodicScan2]]);
