/**
 * carom/3d/sensors: import once (`import "carom/3d/sensors";`) to give World3D sensors
 * (`addBody({ …, sensor: true })`: no impulse, exact SENSOR_ENTER and SENSOR_EXIT events). A
 * part of its own (see world/parts.ts); the package root "carom" includes it.
 */
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { SensorEvents } from "../../world/sensor-events.js";

installPart("sensors", 3, [[WorldCore, SensorEvents]]);
