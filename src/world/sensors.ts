/**
 * Sensors: bodies added with `sensor: true` exchange no impulse; the world reports when another
 * body starts (SENSOR_ENTER) and stops (SENSOR_EXIT) overlapping one, at the exact times the
 * surfaces touch. Which pairs overlap is kept as state (a set of pairs), so rounding at the
 * touching instant can never report an enter or exit twice: outside, the next event of a pair
 * is the first contact while approaching (the exact time-of-impact kernel); inside, it is the
 * later root of |dp + t dv|^2 = R^2, where the surfaces part.
 *
 * A body added, moved or removed between events is judged by its position: entering or leaving
 * a sensor that way is reported at that instant (when the world next advances); a removed body
 * leaves silently.
 */
import { FLAG_SENSOR } from "./body-store.js";
import { WorldCells } from "./cells.js";

/** @internal Sensor pairs (their enter and exit times are the sensors part, sensor-events.ts). */
export abstract class WorldSensors extends WorldCells {
  /** Pairs (lower index * 2^26 + higher index) of a sensor and a body that overlap now. */
  protected readonly sensorInside = new Set<number>();

  /** Time of impact within [0, tMax] of two balls in straight-line motion (the dimension's exact kernel). */
  protected abstract pairToi(
    x: number, y: number, z: number, vx: number, vy: number, vz: number, r: number,
    jx: number, jy: number, jz: number, jvx: number, jvy: number, jvz: number, jr: number, tMax: number,
  ): number;

  protected pairKey(i: number, j: number): number {
    return i < j ? i * 67108864 + j : j * 67108864 + i;
  }

  /** True when the pair (i, j) has a sensor in it. */
  protected sensorPair(i: number, j: number): boolean {
    return ((this.flags[i] | this.flags[j]) & FLAG_SENSOR) !== 0;
  }

  // The sensors part's methods (sensor-events.ts; see parts.ts), called only when a sensor
  // exists or did (which needs the part).
  /** Next enter or exit time within [0, tMax] of the sensor pair (i, j), or Infinity. */
  protected sensorPairTime?(i: number, j: number, tMax: number): number;
  /** Records and reports an enter or exit of the sensor pair (i, j) at time t (`rebuilt`: found at the end of a rebuild, so both are scheduled again first). */
  protected sensorEvent?(i: number, j: number, t: number, rebuilt?: boolean): void;
  /** Forgets the sensor pairs of a removed body. */
  protected dropSensorPairs?(i: number): void;
  /** At the end of a rebuild: reports every sensor pair whose overlap differs from the recorded state. */
  protected syncSensors?(): void;
}
