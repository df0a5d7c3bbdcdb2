/**
 * carom/3d/gravity: import once (`import "carom/3d/gravity";`) to give World3D constant
 * acceleration: gravity, bodies' own accelerations, resting contact and sleeping under gravity.
 * Its exact kernels (bodies on parabolic paths against each other, planes, boxes and
 * triangles) are a part of their own so that a program without gravity does not bundle them
 * (see world/acceleration-part.ts); the package root "carom" includes it.
 */
import { setAccelerationKernels } from "../../world/acceleration-part.js";
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { AcceleratedScan } from "../../world/accelerated-scan.js";
import { RestingContact } from "../../world/resting.js";
import { ACCELERATION_KERNELS } from "../../world/accelerated.js";
import { WALLS_ACCELERATED_3D } from "../../world/walls/accelerated-3d.js";

setAccelerationKernels(ACCELERATION_KERNELS, WALLS_ACCELERATED_3D);
installPart("gravity", 3, [[WorldCore, AcceleratedScan], [WorldCore, RestingContact]]);
