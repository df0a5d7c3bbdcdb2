/**
 * The sensors part (installed onto WorldCore by src/exports/2d/sensors.ts and src/exports/3d/sensors.ts; see
 * parts.ts and sensors.ts): the exact enter and exit times of sensor pairs, the events, and the
 * pairs' inside state through removals and rebuilds.
 */
import { separationSign } from "../query/overlap.js";
import { accelerationPart } from "./acceleration-part.js";
import { FLAG_ALIVE, FLAG_SENSOR } from "./body-store.js";
import { SENSOR_ENTER, SENSOR_EXIT, WALL_SENSOR_ENTER, WALL_SENSOR_EXIT } from "./event-log.js";
import { LAST_WALL, START_SLACK } from "./motion.js";
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
    if (this.sensorInside.has(this.pairKey(i, j))) return this.pairExitTime(i, j, tMax);
    return ax === bx && ay === by && az === bz
      ? this.pairToi(this.x[i], this.y[i], this.z[i], this.vx[i], this.vy[i], this.vz[i], this.r[i], jx, jy, jz, jvx, jvy, jvz, this.r[j], tMax)
      : accelerationPart(this.dim).pairContactTime(this.x[i], this.y[i], this.z[i], this.vx[i], this.vy[i], this.vz[i], ax, ay, az, this.r[i], jx, jy, jz, jvx, jvy, jvz, bx, by, bz, this.r[j], tMax);
  }

  /** Records and reports an enter or exit of the sensor pair (i, j) at time t (states at t; after a rebuild, `rebuilt`, both are scheduled again first). */
  protected override sensorEvent(i: number, j: number, t: number, rebuilt = false): void {
    const key = this.pairKey(i, j);
    const enter = !this.sensorInside.has(key);
    if (enter) this.sensorInside.add(key);
    else this.sensorInside.delete(key);
    if (rebuilt) {
      this.predict(i);
      this.predict(j);
    }
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
   * At the end of a rebuild (bodies at the current time, every body scheduled): every sensor
   * pair whose overlap differs from the recorded state enters or leaves now (a body added or
   * moved into or out of a sensor), one pair at a time: its state changes, its bodies are
   * scheduled again, then it is reported. Touching within rounding keeps the recorded state
   * (radii grown or shrunk by START_SLACK), so a rebuild at the instant a body touches a sensor
   * reports nothing twice.
   */
  protected override syncSensors(): void {
    if (this.sensorCount === 0 && this.sensorInside.size === 0) return;
    const n = this.n, t = this.now;
    for (let s = 0; s < n; s++) {
      if ((this.flags[s] & (FLAG_ALIVE | FLAG_SENSOR)) !== (FLAG_ALIVE | FLAG_SENSOR)) continue;
      for (let b = 0; b < n; b++) {
        if (b === s || (this.flags[b] & FLAG_ALIVE) === 0 || ((this.flags[b] & FLAG_SENSOR) !== 0 && b < s)) continue;
        if ((this.flags[s] & FLAG_ALIVE) === 0) break; // (removed by a callback)
        if (!this.interacts(s, b)) continue;
        const inside = this.sensorInside.has(this.pairKey(s, b));
        const k = inside ? 1 + START_SLACK : 1 - START_SLACK;
        const over = separationSign(this.x[s], this.y[s], this.z[s], this.r[s] * k, this.x[b], this.y[b], this.z[b], this.r[b] * k) < 0;
        if (over === inside) continue;
        this.version[s]++;
        this.version[b]++;
        this.sensorEvent(s, b, t, true);
      }
    }
  }

  /**
   * Records and reports body i entering or leaving sensor wall w at time t (state at t): its
   * normal and point are those of the contact (entering) or of the last contact of its path
   * (leaving). After a rebuild (`rebuilt`), body i is scheduled again first.
   */
  protected override wallSensorEvent(i: number, w: number, t: number, rebuilt: boolean): void {
    const key = this.wallKey(i, w);
    const enter = !this.wallInside.has(key);
    if (enter) this.wallInside.add(key);
    else this.wallInside.delete(key);
    this.lastHit[i] = t;
    this.lastKind[i] = LAST_WALL;
    this.lastOther[i] = w;
    if (rebuilt) {
      this.version[i]++;
      this.predict(i);
    }
    const s = enter ? 1 : -1;
    const ok = this.wallNormal(w, this.x[i], this.y[i], this.z[i], s * this.vx[i], s * this.vy[i], s * this.vz[i], this.r[i]);
    const n = this.wallN;
    const nx = ok ? n[0] : 0, ny = ok ? n[1] : 0, nz = ok ? n[2] : 0;
    const u = s * (this.vx[i] * nx + this.vy[i] * ny + this.vz[i] * nz);
    const p = this.pending;
    const r = this.r[i];
    p[0] = t; p[1] = this.x[i] + r * nx; p[2] = this.y[i] + r * ny; p[3] = this.z[i] + r * nz;
    p[4] = nx; p[5] = ny; p[6] = nz; p[7] = 0; p[8] = u;
    this.emit(i, w, enter ? WALL_SENSOR_ENTER : WALL_SENSOR_EXIT);
  }
}
