/**
 * carom/3d/snapshots: import once (`import "carom/3d/snapshots";`) to give World3D
 * `snapshot`, `restore` and `clone` (bit-for-bit copies of the whole state). A part of its
 * own (see world/parts.ts); the package root "carom" includes it.
 */
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { Snapshots } from "../../world/snapshots.js";

installPart("snapshots", 3, [[WorldCore, Snapshots]]);
