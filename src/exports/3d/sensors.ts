/**
 * Importing this module once, anywhere in a program (`import "carom/3d/sensors";`), installs into
 * `World3D` of `carom/3d` sensors: bodies added with `sensor: true` exchange no impulse and report
 * exact `SENSOR_ENTER` and `SENSOR_EXIT` events, and walls added with `{ sensor: true }` (a box
 * sensor, a finish line) `WALL_SENSOR_ENTER` and `WALL_SENSOR_EXIT` (in `world.events`, to
 * `onCollision` and to `world.on` listeners). Without it, a sensor is a RangeError naming this
 * import. It exports nothing; the package root
 * `carom` installs every part already.
 *
 * ```ts
 * import { World3D } from "carom/3d";
 * import "carom/3d/sensors";
 * const world = new World3D({});
 * world.addBody({ x: 0, y: 0, z: 0, radius: 1, sensor: true });
 * ```
 *
 * @module carom/3d/sensors
 */
// A part of its own (see world/parts.ts).
import { installPart } from "../../world/parts.js";
import { WorldCore } from "../../world/world-core.js";
import { SensorEvents } from "../../world/sensor-events.js";

installPart("sensors", 3, [[WorldCore, SensorEvents]]);
