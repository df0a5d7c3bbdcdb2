/**
 * Importing this module once, anywhere in a program (`import "carom/2d/gravity";`), installs into
 * `World2D` of `carom/2d` constant acceleration: the `gravity` option and `world.gravity`, bodies'
 * own accelerations (`ax`, `ay`), resting contact and sleeping (`restSpeed`). Without it, gravity
 * or an acceleration is a RangeError naming this import. It exports nothing; the package root
 * `carom` installs every part already.
 *
 * ```ts
 * import { World2D } from "carom/2d";
 * import "carom/2d/gravity";
 * const world = new World2D({ gravity: [0, -9.81] });
 * ```
 *
 * @module carom/2d/gravity
 */
// Its exact kernels (bodies on parabolic paths against each other and against segments and boxes)
// are a part of their own so that a program without gravity does not bundle them (see
// world/acceleration-part.ts).
import { setAccelerationKernels } from "../../world/acceleration-part.js";
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { AcceleratedScan } from "../../world/accelerated-scan.js";
import { RestingContact } from "../../world/resting.js";
import { ACCELERATION_KERNELS } from "../../world/accelerated.js";
import { WALLS_ACCELERATED_2D } from "../../world/walls/accelerated-2d.js";

setAccelerationKernels(ACCELERATION_KERNELS, WALLS_ACCELERATED_2D);
installPart("gravity", 2, [[WorldCore, AcceleratedScan], [WorldCore, RestingContact]]);
