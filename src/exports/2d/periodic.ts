/**
 * carom/2d/periodic: import once (`import "carom/2d/periodic";`) to give World2D periodic
 * bounds (`bounds: { min, max, periodic: true }`): bodies wrap around the box, pairs meet at the
 * minimum image, `world.periodic` counts images. A part of its own (see world/parts.ts) so
 * that a program without periodic bounds does not bundle it; the package root "carom" includes it.
 */
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { PeriodicBounds } from "../../world/periodic.js";
import { WorldKernels2 } from "../../world/scan-2d.js";
import { PeriodicScan2 } from "../../world/periodic-2d.js";

installPart("periodic", 2, [[WorldCore, PeriodicBounds], [WorldKernels2, PeriodicScan2]]);
