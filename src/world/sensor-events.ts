/**
 * The sensors part (installed onto WorldCore by src/exports/2d/sensors.ts and src/exports/3d/sensors.ts; see
 * parts.ts and sensors.ts): the exact enter and exit times of sensor pairs, the events, and the
 * pairs' inside state through removals and rebuilds.
 */
import { separationSign } from "../query/overlap.js";
import { accelerationPart } from "./acceleration-part.js";
import { FLAG_ALIVE, FLAG_SENSOR } from "./body-store.js";
import { SENSOR_ENTER, SENSOR_EXIT } from "./event-log.js";
import { WorldCore } from "./world-core.js";
import { length3 } from "../query/relative-motion.js";

/** @internal Sensor enter and exit times and events, installed onto WorldCore. */
export abstract class SensorEvents extends WorldCore {
  /**
   * Next enter or exit time within [0, tMax] of the sensor pair (i, j), i at now and j
   * extrapolated to now, or Infinity.
   */
  protected override sensorPairTime(i: number, j: number, tMax: number): number {
    const dt = this.now - this.t0[j];
    const bx = this.aex[j], by = this.aey[j], bz = this.aez[j];
    const jx = this.x[j] + dt * (this.vx[j] + 0.5 * dt * bx);
    const jy = this.y[j] + dt * (this.vy[j] + 0.5 * dt * by);
    const jz = this.z[j] + dt * (this.vz[j] + 0.5 * dt * bz);
    const jvx = this.vx[j] + dt * bx, jvy = this.vy[j] + dt * by, jvz = this.vz[j] + dt * bz;
    const ax = this.aex[i], ay = this.aey[i], az = this.aez[i];
    const inside = this.sensorInside.has(this.pairKey(i, j));
    const linear = ax === bx && ay === by && az === bz;
    if (!inside) {
      return linear
        ? this.pairToi(this.x[i], this.y[i], this.z[i], this.vx[i], this.vy[i], this.vz[i], this.r[i], jx, jy, jz, jvx, jvy, jvz, this.r[j], tMax)
        : accelerationPart(this.dim).pairContactTime(this.x[i], this.y[i], this.z[i], this.vx[i], this.vy[i], this.vz[i], ax, ay, az, this.r[i], jx, jy, jz, jvx, jvy, jvz, bx, by, bz, this.r[j], tMax);
    }
    // Inside: where |d(t)|^2 = R^2 going up, d(t) = dp + t dv + t^2 da / 2.
    const px = jx - this.x[i], py = jy - this.y[i], pz = jz - this.z[i];
    const wx = jvx - this.vx[i], wy = jvy - this.vy[i], wz = jvz - this.vz[i];
    const R = this.r[i] + this.r[j];
    const a = wx * wx + wy * wy + wz * wz;
    const b = px * wx + py * wy + pz * wz;
    const c = (px * px + py * py + pz * pz) - R * R;
    if (linear) {
      if (!(a > 0)) return Infinity; // no relative motion: inside for ever
      const disc = Math.max(0, b * b - a * c);
      const s = Math.sqrt(disc);
      // The later root, in the form without cancellation: (-b + s) / a, or c / (-b - s) for b > 0.
      const t = b <= 0 ? (s - b) / a : b + s > 0 ? -c / (b + s) : 0;
      const e = Math.max(0, t);
      return e <= tMax ? e : Infinity;
    }
    const dx = bx - ax, dy = by - ay, dz = bz - az;
    return accelerationPart(this.dim).partingTime(
      c, 2 * b, a + px * dx + py * dy + pz * dz, wx * dx + wy * dy + wz * dz, 0.25 * (dx * dx + dy * dy + dz * dz), tMax,
    );
  }

  /** Records and reports an enter or exit of the sensor pair (i, j) at time t (states at t). */
  protected override sensorEvent(i: number, j: number, t: number): void {
    const key = this.pairKey(i, j);
    const enter = !this.sensorInside.has(key);
    if (enter) this.sensorInside.add(key);
    else this.sensorInside.delete(key);
    // A is the sensor (the lower index when both are).
    let a = i, b = j;
    if ((this.flags[i] & FLAG_SENSOR) === 0 || ((this.flags[j] & FLAG_SENSOR) !== 0 && j < i)) {
      a = j;
      b = i;
    }
    let nx = this.x[b] - this.x[a], ny = this.y[b] - this.y[a], nz = this.z[b] - this.z[a];
    const len = length3(nx, ny, nz);
    if (len > 0) {
      nx /= len;
      ny /= len;
      nz /= len;
    }
    const u = (this.vx[a] - this.vx[b]) * nx + (this.vy[a] - this.vy[b]) * ny + (this.vz[a] - this.vz[b]) * nz;
    const p = this.pending;
    const ra = this.r[a];
    p[0] = t; p[1] = this.x[a] + ra * nx; p[2] = this.y[a] + ra * ny; p[3] = this.z[a] + ra * nz;
    p[4] = nx; p[5] = ny; p[6] = nz; p[7] = 0; p[8] = u;
    this.emit(a, b, enter ? SENSOR_ENTER : SENSOR_EXIT);
  }

  /** Forgets the sensor pairs of a removed body. */
  protected override dropSensorPairs(i: number): void {
    if (this.sensorInside.size === 0) return;
    for (const key of [...this.sensorInside]) {
      const lo = Math.floor(key / 67108864), hi = key - lo * 67108864;
      if (lo === i || hi === i) this.sensorInside.delete(key);
    }
  }

  /**
   * At a rebuild (bodies at the current time): every sensor pair whose overlap differs from the
   * recorded state is reported now (a body added or moved into or out of a sensor).
   */
  protected override syncSensors(): void {
    if (this.sensorCount === 0 && this.sensorInside.size === 0) return;
    const n = this.n, t = this.now;
    for (let s = 0; s < n; s++) {
      if ((this.flags[s] & (FLAG_ALIVE | FLAG_SENSOR)) !== (FLAG_ALIVE | FLAG_SENSOR)) continue;
      for (let b = 0; b < n; b++) {
        if (b === s || (this.flags[b] & FLAG_ALIVE) === 0 || ((this.flags[b] & FLAG_SENSOR) !== 0 && b < s)) continue;
        if (!this.interacts(s, b)) continue;
        const over = separationSign(this.x[s], this.y[s], this.z[s], this.r[s], this.x[b], this.y[b], this.z[b], this.r[b]) < 0;
        if (over !== this.sensorInside.has(this.pairKey(s, b))) this.sensorEvent(s, b, t);
      }
    }
  }
}
