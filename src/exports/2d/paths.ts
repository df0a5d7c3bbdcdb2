/**
 * carom/2d/paths: import once (`import "carom/2d/paths";`) to give World2D
 * `predictPath`, the aim line of a body (its path bouncing off walls, fixed bodies and the
 * container up to its first contact with a moving body). A part of its own (see
 * world/parts.ts); the package root "carom" includes it.
 */
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { AimLines } from "../../world/predict-path.js";

installPart("paths", 2, [[WorldCore, AimLines]]);
