/**
 * carom/3d/periodic: import once (`import "carom/3d/periodic";`) to give World3D periodic
 * bounds (`bounds: { min, max, periodic: true }`): bodies wrap around the box, pairs meet at the
 * minimum image, `world.periodic` counts images. A part of its own (see world/parts.ts) so
 * that a program without periodic bounds does not bundle it; the package root "carom" includes it.
 */
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { PeriodicBounds } from "../../world/periodic.js";
import { WorldKernels3 } from "../../world/scan-3d.js";
import { PeriodicScan3 } from "../../world/periodic-3d.js";

installPart("periodic", 3, [[WorldCore, PeriodicBounds], [WorldKernels3, PeriodicScan3]]);
