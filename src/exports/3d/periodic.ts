/**
 * Importing this module once, anywhere in a program (`import "carom/3d/periodic";`), installs into
 * `World3D` of `carom/3d` periodic bounds (`bounds: { min, max, periodic: true }`, or one boolean
 * per axis): bodies wrap around the box, pairs meet at the minimum image, and `world.periodic`
 * counts the images (unwrapped positions for displacements). Without it, periodic bounds are a
 * RangeError naming this import. It exports nothing; the package root `carom` installs every part
 * already.
 *
 * ```ts
 * import { World3D } from "carom/3d";
 * import "carom/3d/periodic";
 * const world = new World3D({ bounds: { min: [0, 0, 0], max: [10, 10, 10], periodic: true } });
 * ```
 *
 * @module carom/3d/periodic
 */
// A part of its own (see world/parts.ts) so that a program without periodic bounds does not bundle
// it.
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { PeriodicBounds } from "../../world/periodic.js";
import { WorldKernels3 } from "../../world/scan-3d.js";
import { PeriodicScan3 } from "../../world/periodic-3d.js";

installPart("periodic", 3, [[WorldCore, PeriodicBounds], [WorldKernels3, PeriodicScan3]]);
