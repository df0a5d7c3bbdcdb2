/**
 * Importing this module once, anywhere in a program (`import "carom/3d/gravity";`), installs into
 * `World3D` of `carom/3d` constant acceleration: the `gravity` option and `world.gravity`, bodies'
 * own accelerations (`ax`, `ay`, `az`), resting contact and sleeping (`restSpeed`). Without it,
 * gravity or an acceleration is a RangeError naming this import. It exports nothing; the package
 * root `carom` installs every part already.
 *
 * ```ts
 * import { World3D } from "carom/3d";
 * import "carom/3d/gravity";
 * const world = new World3D({ gravity: [0, 0, -9.81] });
 * ```
 *
 * @module carom/3d/gravity
 */
// Its exact kernels (bodies on parabolic paths against each other and against planes, boxes and
// triangles) are a part of their own so that a program without gravity does not bundle them (see
// world/acceleration-part.ts).
import { setAccelerationKernels } from "../../world/acceleration-part.js";
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { AcceleratedScan } from "../../world/accelerated-scan.js";
import { RestingContact } from "../../world/resting.js";
import { ACCELERATION_KERNELS } from "../../world/accelerated.js";
import { WALLS_ACCELERATED_3D } from "../../world/walls/accelerated-3d.js";

setAccelerationKernels(ACCELERATION_KERNELS, WALLS_ACCELERATED_3D);
installPart("gravity", 3, [[WorldCore, AcceleratedScan], [WorldCore, RestingContact]]);
