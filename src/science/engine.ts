/**
 * The science engine's core behind {@link HardSpheres}: the kernel's memory and lists, the run
 * loop's stops (pace checks, scheduled systems, shell exits that need room), full rebuilds,
 * predictions with an uncertified root, and the state that lives in TypeScript (radii, growth,
 * thermostat, shear horizon, the measurement window). hard-spheres.ts is the public surface over
 * it; checkpoint.ts saves and restores it; thermostat.ts holds the thermostats (scheduled
 * systems); the shear's sums are in sums() below.
 *
 * One event loop serves both dimensions: 2D bodies are stored with z = 0, v_z = 0 and an infinite
 * box side on z, so the per-pair kernel is the same code. The kernel's loop comes in one copy per
 * kind of engine (plain, granular, sheared, both): the constructor picks the copy once.
 */
import { toiSpheresRaw } from "../query/toi-sphere-sphere.js";
import { EngineMemory } from "./engine-memory.js";
import { checkScale, parseOptions, type HardSpheresOptions, type HardSpheresStats, type MeasurementSums, type ParsedOptions } from "./hard-spheres-options.js";
import {
  CALL_BACK, COLLAPSE_TIME, COLLISIONS, COLLISIONS_END, COMMON_MASS, DIMENSIONS, DISSIPATED, END_TIME, ENTRY_BODY_SHIFT, EQUAL_MASSES,
  GROWTH_RATE, KINETIC_ENERGY, PAIR_TESTS, PREDICTIONS, SECOND_CHOICES, SHELL_EXITS, STALE_EVENTS, KINETIC_INTEGRAL, KINETIC_TIME, MOMENTUM_XY, MOMENTUM_XY_INTEGRAL, MOMENTUM_XY_TIME, NOW, PACE_BUDGET,
  PREFETCH, RESTITUTION, RESTITUTION_SPEED, RETURNED_BODY, RHO, RUN_DONE, RUN_PACE, RUN_SHELL, RUN_SYSTEM, RUN_TIME, SHEARED,
  SHEAR_MARGIN, SHEAR_OFFSET, SHEAR_RATE, SHEAR_SPEED, SHEAR_TIME, SHELL_RADIUS, STATE_STRIDE, T, VIRIAL, VIRIAL_XY, VX, VY, VZ,
  WRAP_CORRECTION, X, Y, Z,
} from "./kernel-layout.js";
import { NeighbourLists, automaticSkin } from "./neighbour-lists.js";
import { ballVolume, power } from "./start.js";
import { Thermostat } from "./thermostat.js";

/** A start state may overlap by this fraction of a radius (carom's START_SLACK). */
const START_SLACK = 1e-9;
/** With growth, all lists are rebuilt each time the radii have grown by this fraction. */
const HORIZON_GROWTH = 0.05;
const U8 = 8 * 2 ** -53;
/** A fast root is trusted when its error bound is below 2^-18 of c and of the discriminant. */
const TRUST = 2 ** 18;
/** Events after which a run checks that its clock moved on (2^20). */
export const STALL_EVENTS = 1 << 20;
/** A run to a collision count stops after this many events (at least; 64 per body) without one (2^22). */
const NO_COLLISION_EVENTS = 1 << 22;
/** The default collapse time, as a fraction of the time a body at the start's rms speed crosses the smallest diameter. */
const COLLAPSE_FRACTION = 1e-7;

export class Engine {
  readonly dimensions: 2 | 3;
  readonly count: number;
  readonly box: Float64Array;
  readonly mass: Float64Array;
  readonly volume: number;
  readonly mem: EngineMemory;
  readonly lists: NeighbourLists;
  readonly counts: HardSpheresStats = { collisions: 0, stale: 0, secondChoices: 0, shellExits: 0, fullRebuilds: 0, thermostatKicks: 0, exactRoots: 0, predictions: 0, pairTests: 0 };
  onCollision: ((i: number, j: number, t: number, impulse: number) => void) | null = null;
  g: number;
  readonly rho: Float64Array;
  rhoMax = 0;
  /** The skin asked for (a fraction of the largest diameter), or null: chosen at each full rebuild. */
  readonly skinAsked: number | null;
  skinFraction = 0.5;
  /** The volume (area) the bodies fill at time 0 (in the current parametrisation of the radii). */
  filled: number;
  /** The growth horizon: all lists are rebuilt then (Infinity without growth). */
  tHorizon = Infinity;
  /** The shear horizon: all lists are rebuilt when the image offset has drifted by the lists' margin. */
  tShearHorizon = Infinity;
  thermostat: Thermostat | null;
  readonly restitution: number;
  readonly restitutionSpeed: number;
  readonly collapseTime: number;
  readonly shearRate: number;
  /** The measurement window's start (resetMeasurements): the sums then. */
  window: MeasurementSums;
  /**
   * What the virial and kinetic-integral registers held when they were last zeroed (a new
   * measurement window zeroes them, so that the window's pressure comes from them directly, as
   * it always has; the cumulative sums add these back).
   */
  virialBefore = 0;
  kineticBefore = 0;
  /** Sheared engines: Q = Σ m (y − Ly/2)² / 2 at time 0 (see sums). */
  q0 = 0;
  /** The kernel's loop for this kind of engine. */
  private readonly loop: () => number;

  /** Sets up the bodies at time 0 (or, with `parsed` from a checkpoint, the engine it restores). */
  constructor(options: HardSpheresOptions | ParsedOptions, parsed = false) {
    const o = parsed ? (options as ParsedOptions) : parseOptions(options as HardSpheresOptions);
    const d = (this.dimensions = o.dimensions);
    const n = (this.count = o.count);
    this.box = o.box;
    this.rho = o.rho;
    this.mass = o.mass;
    this.g = o.growthRate;
    this.skinAsked = o.skin;
    this.restitution = o.restitution;
    this.restitutionSpeed = o.restitutionSpeed;
    this.shearRate = o.shearRate;
    this.thermostat = o.thermostat === null ? null : new Thermostat(o.thermostat, n);
    this.rhoMax = this.rho.reduce((m, r) => (r > m ? r : m), 0);
    this.volume = this.box[0] * this.box[1] * (d === 3 ? this.box[2] : 1);
    this.filled = this.rho.reduce((v, r) => v + ballVolume(d, r), 0);
    this.collapseTime = o.collapseTime ?? defaultCollapseTime(o);
    const density = n / this.volume;
    const cut = 2 * this.rhoMax * (1 + this.skinAt(1)) * (this.shearRate !== 0 ? 2 : 1);
    const expected = density * (d === 3 ? (4 / 3) * Math.PI * cut * cut * cut : Math.PI * cut * cut);
    // (no body has more than n - 1 neighbours: a skin of 1000 asked for 1.8e12 entries)
    // (a multiple of 16 entries: each list starts a cache line, and a typical one fits in it)
    const cap = 16 * Math.ceil(Math.max(4, Math.min(Math.ceil(1.5 * expected) + 8, n + 8)) / 16);
    const mem = (this.mem = new EngineMemory(n, cap, { predictExact: (i) => this.predictExact(i), collided: (i, j, t, impulse) => this.onCollision?.(i, j, t, impulse) }));
    mem.state.set(o.state);
    mem.mass.set(this.mass);
    const F = mem.F, I = mem.I;
    F[COMMON_MASS] = this.mass[0];
    F[GROWTH_RATE] = this.g;
    F[RESTITUTION] = this.restitution;
    F[RESTITUTION_SPEED] = this.restitutionSpeed;
    F[COLLAPSE_TIME] = this.collapseTime;
    F[SHEAR_RATE] = this.shearRate;
    F[SHEAR_SPEED] = this.shearRate * this.box[1];
    I[SHEARED] = this.shearRate !== 0 ? 1 : 0;
    I[DIMENSIONS] = d;
    I[EQUAL_MASSES] = this.mass.every((m) => m === this.mass[0]) ? 1 : 0;
    // read neighbours ahead only when the bodies outgrow the caches (8,192 bodies of 64 bytes fill half a megabyte)
    I[PREFETCH] = n > 8192 ? 1 : 0;
    const inelastic = this.restitution < 1, sheared = this.shearRate !== 0;
    this.loop = sheared ? (inelastic ? () => this.mem.kernel.runShearedInelastic() : () => this.mem.kernel.runSheared()) : inelastic ? () => this.mem.kernel.runInelastic() : () => this.mem.kernel.run();
    this.lists = new NeighbourLists(mem, this.box);
    this.window = { time: 0, collisions: 0, virial: 0, kineticIntegral: 0, dissipated: 0, kineticXY: 0, virialXY: 0 };
    if (parsed) return;
    this.recomputeSums();
    this.q0 = this.shearQ();
    this.rebuildAll();
    this.checkStart();
  }

  get now(): number {
    return this.mem.F[NOW];
  }
  set now(t: number) {
    this.mem.F[NOW] = t;
  }

  /** The skin fraction for radii scaled by `scale` (growth): the one asked for, or automaticSkin's. */
  skinAt(scale: number): number {
    if (this.skinAsked !== null) return this.skinAsked;
    return automaticSkin(this.dimensions, this.count, this.volume, this.filled * power(scale, this.dimensions), 2 * this.rhoMax * scale);
  }

  get stats(): HardSpheresStats {
    const F = this.mem.F, c = this.counts;
    c.shellExits = F[SHELL_EXITS];
    c.collisions = F[COLLISIONS];
    c.stale = F[STALE_EVENTS];
    c.secondChoices = F[SECOND_CHOICES];
    c.predictions = F[PREDICTIONS];
    c.pairTests = F[PAIR_TESTS];
    return c;
  }

  /** Integrates the kinetic energy and Σ m vx vy up to now (before TypeScript changes velocities). */
  integrateSums(): void {
    const F = this.mem.F, now = this.now;
    F[KINETIC_INTEGRAL] += F[KINETIC_ENERGY] * (now - F[KINETIC_TIME]);
    F[KINETIC_TIME] = now;
    F[MOMENTUM_XY_INTEGRAL] += F[MOMENTUM_XY] * (now - F[MOMENTUM_XY_TIME]);
    F[MOMENTUM_XY_TIME] = now;
  }

  /** Integrates, then sets the kinetic energy and Σ m vx vy from the velocities (after TypeScript changed them). */
  recomputeSums(): void {
    this.integrateSums();
    const s = this.mem.state, m = this.mass;
    let e = 0, xy = 0;
    for (let i = 0, o = 0; i < this.count; i++, o += STATE_STRIDE) {
      const vx = s[o + VX], vy = s[o + VY], vz = s[o + VZ];
      e += 0.5 * m[i] * (vx * vx + vy * vy + vz * vz);
      xy += m[i] * vx * vy;
    }
    this.mem.F[KINETIC_ENERGY] = e;
    this.mem.F[MOMENTUM_XY] = xy;
  }

  /** The cumulative sums now. */
  sums(): MeasurementSums {
    const F = this.mem.F, now = this.now;
    let kineticXY = 0;
    if (this.shearRate !== 0) {
      // ∫ Σ m c_x c_y dt = ∫ Σ m vx vy dt − γ̇ ∫ Σ m (y − Ly/2) vy dt, and the second integral is
      // the change of Q = Σ m (y − Ly/2)² / 2 less its jumps at wraps (the WRAP_CORRECTION
      // register, which the kernel's sheared wrap keeps)
      const a = F[MOMENTUM_XY_INTEGRAL] + F[MOMENTUM_XY] * (now - F[MOMENTUM_XY_TIME]);
      kineticXY = a - this.shearRate * (this.shearQ() - this.q0 - F[WRAP_CORRECTION]);
    }
    return {
      time: now,
      collisions: F[COLLISIONS],
      virial: this.virialBefore + F[VIRIAL],
      kineticIntegral: this.kineticBefore + F[KINETIC_INTEGRAL] + F[KINETIC_ENERGY] * (now - F[KINETIC_TIME]),
      dissipated: F[DISSIPATED],
      kineticXY,
      virialXY: F[VIRIAL_XY],
    };
  }

  /** Starts a new measurement window: the sums now, and the virial and kinetic-integral registers from zero. */
  resetWindow(): void {
    const F = this.mem.F;
    this.integrateSums();
    this.virialBefore += F[VIRIAL];
    this.kineticBefore += F[KINETIC_INTEGRAL];
    F[VIRIAL] = 0;
    F[KINETIC_INTEGRAL] = 0;
    this.window = this.sums();
  }

  /** Z = 1 + Σ σ J / (2 ∫ E_kin dt) over the window, from the registers (NaN when ∫ E_kin dt is 0). */
  windowPressure(): number {
    const F = this.mem.F;
    const keTime = F[KINETIC_INTEGRAL] + F[KINETIC_ENERGY] * (this.now - F[KINETIC_TIME]);
    return keTime > 0 ? 1 + F[VIRIAL] / (2 * keTime) : NaN;
  }

  /** Q = Σ m (y − Ly/2)² / 2 over the bodies' stored y moved to now (sheared engines; 0 otherwise). */
  shearQ(): number {
    if (this.shearRate === 0) return 0;
    const s = this.mem.state, m = this.mass, now = this.now, h = 0.5 * this.box[1];
    let q = 0;
    for (let i = 0, o = 0; i < this.count; i++, o += STATE_STRIDE) {
      const y = s[o + Y] + s[o + VY] * (now - s[o + T]) - h;
      q += 0.5 * m[i] * y * y;
    }
    return q;
  }

  /** The image offset δ now (sheared engines). */
  shearOffset(): number {
    const F = this.mem.F;
    return F[SHEAR_OFFSET] + F[SHEAR_SPEED] * (this.now - F[SHEAR_TIME]);
  }

  /** Runs until the clock passes tEnd or the collision count reaches collisionsEnd. */
  run(tEnd: number, collisionsEnd: number): void {
    const n = this.count, F = this.mem.F;
    // every STALL_EVENTS events, the pace: a run to a time it would need more than 1e12 events
    // to reach stops (advance(1e308); growing bodies that jam, whose collisions pile up
    // towards one instant); a run to a collision count stops when no collision came in
    // max(2^22, 64 N) events (bodies that never meet: parallel lanes, an empty box)
    let tCheck = this.now;
    let idle = 0, cCheck = F[COLLISIONS];
    const idleChecks = collisionsEnd < Infinity ? Math.max(NO_COLLISION_EVENTS, 64 * n) / STALL_EVENTS : Infinity;
    // (the memory may be laid out again by a shell exit: read it afresh after each stop)
    this.mem.F[END_TIME] = tEnd;
    this.mem.F[COLLISIONS_END] = collisionsEnd;
    this.mem.I[CALL_BACK] = this.onCollision !== null ? 1 : 0;
    this.mem.I[PACE_BUDGET] = STALL_EVENTS;
    for (;;) {
      const code = this.loop();
      if (code === RUN_DONE) return;
      if (code === RUN_TIME) {
        if (tEnd < Infinity) this.now = tEnd;
        else if (collisionsEnd < Infinity) throw this.noCollisionPossible(collisionsEnd);
        return;
      }
      if (code === RUN_PACE) {
        const t = this.now, collisions = this.mem.F[COLLISIONS];
        if (tEnd < Infinity && !((tEnd - t) / (t - tCheck) < 1e12 / STALL_EVENTS)) this.stalled(t - tCheck, tEnd);
        idle = collisions === cCheck ? idle + 1 : 0;
        if (idle > 0 && collisionsEnd < Infinity && this.sameVelocities()) {
          throw new RangeError(`no collision can happen: every body moves with the same velocity and no thermostat or growth is set, so ${collisionsEnd - collisions} more collision${collisionsEnd - collisions === 1 ? "" : "s"} will never come (t = ${t}); run to a time with advance(duration)`);
        }
        if (idle >= idleChecks) {
          throw new RangeError(`no collision in ${idle * STALL_EVENTS} events (t = ${t}): the bodies may never meet; run to a time with advance(duration) instead`);
        }
        cCheck = collisions;
        tCheck = t;
        this.mem.I[PACE_BUDGET] = STALL_EVENTS;
      } else if (code === RUN_SYSTEM) this.system();
      else if (code === RUN_SHELL) this.finishShellExit(this.mem.I[RETURNED_BODY]);
      else throw new Error(`the event kernel returned ${code}, which no caller knows`);
    }
  }

  /** Whether every body moves with the same velocity, with nothing that could change it (no thermostat, no growth, no shear). */
  private sameVelocities(): boolean {
    if (this.thermostat !== null || this.g > 0 || this.shearRate !== 0) return false;
    const s = this.mem.state;
    for (let i = 1, o = STATE_STRIDE; i < this.count; i++, o += STATE_STRIDE) {
      if (s[o + VX] !== s[VX] || s[o + VY] !== s[VY] || s[o + VZ] !== s[VZ]) return false;
    }
    return true;
  }

  /** The RangeError of a run to a collision count when no event at all is pending: nothing moves, nothing is scheduled. */
  private noCollisionPossible(collisionsEnd: number): RangeError {
    const left = collisionsEnd - this.mem.F[COLLISIONS];
    return new RangeError(`no collision can happen: every body is at rest${this.count === 1 ? " (and there is only one)" : ""} and no thermostat or growth is set, so ${left} more collision${left === 1 ? "" : "s"} will never come (t = ${this.now}); give the bodies velocities, or run to a time with advance(duration)`);
  }

  /** The RangeError of a run that would need more than 1e12 events to reach tEnd at its pace. */
  private stalled(moved: number, tEnd: number): never {
    const count = Math.log10(tEnd - this.now) - Math.log10(moved) + Math.log10(STALL_EVENTS);
    const what = moved > 0
      ? `at t = ${this.now} the clock moves ${moved.toPrecision(3)} per ${STALL_EVENTS} events: reaching t = ${tEnd} would take about 1e${Math.floor(Math.min(count, 999))} events`
      : `at t = ${this.now} the clock has not moved in ${STALL_EVENTS} events, so it would never reach t = ${tEnd}`;
    if (this.g > 0) {
      let filled = 0;
      for (let i = 0; i < this.count; i++) filled += ballVolume(this.dimensions, this.rho[i] * (1 + this.g * this.now));
      const phi = filled / this.volume;
      throw new RangeError(`jammed: ${what} (growing bodies fill the box, packing fraction ${phi.toFixed(4)}; stop the growth, growthRate = 0, or use packJammed, which stops at a pressure)`);
    }
    if (this.restitution < 1) throw new RangeError(`${what}: inelastic collapse? (collisions pile up towards one instant; a larger collapseTime, now ${this.collapseTime}, keeps them elastic)`);
    throw new RangeError(`${what}; advance in shorter steps`);
  }

  /** Moves body i to the current time (same trajectory). */
  sync(i: number): void {
    this.mem.kernel.sync(i);
  }

  syncAll(): void {
    for (let i = 0; i < this.count; i++) this.sync(i);
  }

  /** Rebuilds every list (new growth and shear horizons) and predicts every body again. */
  rebuildAll(): void {
    this.counts.fullRebuilds++;
    const n = this.count, kernel = this.mem.kernel;
    for (let i = 0; i < n; i++) {
      kernel.sync(i);
      kernel.wrapAny(i);
    }
    const half = 0.5 * Math.min(this.box[0], this.box[1], this.box[2]);
    const gNow = 1 + this.g * this.now;
    const sigmaNow = 2 * this.rhoMax * gNow;
    if (sigmaNow >= 0.98 * half) {
      throw new RangeError(`bodies bigger than half the box: the largest diameter ${sigmaNow} must stay below ${0.98 * half} (0.49 of the smallest side)`);
    }
    let gh = this.g > 0 ? gNow * (1 + HORIZON_GROWTH) : gNow;
    if (2 * this.rhoMax * gh > 0.98 * half) gh = (0.98 * half) / (2 * this.rhoMax);
    this.tHorizon = this.g > 0 ? (gh - 1) / this.g : Infinity;
    const sigmaH = 2 * this.rhoMax * gh;
    let skin = Math.min(this.skinAt(gh) * sigmaH, 0.99 * half - sigmaH);
    // shear: room along x for the lists' margin for the moving images (at least a quarter of the cut-off)
    if (this.shearRate !== 0) skin = Math.min(skin, 0.392 * this.box[0] - sigmaH);
    this.skinFraction = skin / sigmaH;
    this.mem.F[SHELL_RADIUS] = skin / 2;
    if (this.shearRate !== 0) this.newShearWindow(sigmaH + skin);
    this.lists.rebuildAll(gh, skin, this.rhoMax);
    this.predictAll();
  }

  /**
   * Starts a new window of the image offset: δ reduced into [0, Lx) from now on, and a margin m
   * (the offset's drift the lists allow: up to twice the cut-off, as the box allows) until the
   * next full rebuild at the shear horizon.
   */
  private newShearWindow(cut: number): void {
    const F = this.mem.F, lx = this.box[0];
    const delta = this.shearOffset();
    F[SHEAR_OFFSET] = delta - lx * Math.floor(delta / lx);
    F[SHEAR_TIME] = this.now;
    // a listed pair stays within cut + m of its nearest image along x, which must be unique
    const m = Math.min(2 * cut, 0.98 * (lx / 2) - cut);
    if (!(m >= 0.25 * cut && cut > 1.01 * 2 * this.rhoMax * (1 + this.g * this.now))) {
      const sigma = 2 * this.rhoMax;
      throw new RangeError(`the box is too narrow along x for shear: Lx = ${lx} must be more than ${(sigma / 0.392).toPrecision(4)} (2.55 largest diameters: room for the neighbour lists' cut-off and their margin for the moving images)`);
    }
    F[SHEAR_MARGIN] = Math.sign(this.shearRate) * m;
    this.tShearHorizon = this.now + m / Math.abs(F[SHEAR_SPEED]);
  }

  /** Predicts every body again and recalibrates the calendar. */
  predictAll(): void {
    for (let i = 0; i < this.count; i++) this.mem.kernel.predictAny(i);
    this.scheduleSystem();
    this.mem.kernel.calibrate(this.now);
  }

  /** When the next scheduled system is due: the thermostat, or a horizon where every list is rebuilt. */
  nextSystemTime(): number {
    return Math.min(this.thermostat?.next ?? Infinity, this.tHorizon, this.tShearHorizon);
  }

  scheduleSystem(): void {
    this.mem.kernel.set(this.count, this.nextSystemTime());
  }

  private system(): void {
    if (Math.min(this.tHorizon, this.tShearHorizon) <= (this.thermostat?.next ?? Infinity)) {
      this.rebuildAll();
      return;
    }
    (this.thermostat as Thermostat).apply(this);
    this.counts.thermostatKicks++;
    this.scheduleSystem();
  }

  /** A shell exit whose list rebuild the kernel left to make room in a list or a cell (body i already wrapped). */
  private finishShellExit(i: number): void {
    this.lists.rebuildOne(i);
    this.mem.kernel.predictAny(i);
  }

  /**
   * The velocity of the flow at height y (sheared engines: γ̇ (y − Ly/2), 0 otherwise): a body's
   * peculiar velocity is its velocity less this along x.
   */
  flow(y: number): number {
    return this.shearRate === 0 ? 0 : this.shearRate * (y - 0.5 * this.box[1]);
  }

  /**
   * Body i's next event without growth when the kernel met a root whose rounding error bound
   * is not below 2^-18 of c or of the discriminant (a near contact, a near graze): the same
   * pair tests (σ' = 0, so a ≥ 0 and b = Δ·w), each such root recomputed by carom's exact
   * kernel (toiSpheresRaw, double-double, within an ulp of the exact root of the rounded inputs),
   * across sheared images as the kernel's sheared prediction takes them.
   * (The kernel's loop could call the exact kernel itself, but a call in that loop makes V8 save
   * registers around it: 250 more instructions per collision, measured with callgrind, for a
   * root that no run of the benchmark meets. So the kernel hands the whole prediction over.)
   */
  private predictExact(i: number): void {
    const mem = this.mem, kernel = mem.kernel;
    kernel.sync(i);
    kernel.touch(i);
    const s = mem.state, o = STATE_STRIDE * i, now = this.now;
    const xi = s[o + X], yi = s[o + Y], zi = s[o + Z];
    const vxi = s[o + VX], vyi = s[o + VY], vzi = s[o + VZ], ri = s[o + RHO];
    let best = kernel.shellExitTime(i);
    let partner = -1;
    const list = mem.list, base = i * mem.cap, end = base + mem.listLength(i);
    // an entry's image shift along an axis is ((code >> 2 a) & 3) − 1 boxes (no z shift in 2D)
    const lx = this.box[0], ly = this.box[1], lz = this.dimensions === 3 ? this.box[2] : 0;
    const sheared = this.shearRate !== 0, delta = sheared ? this.shearOffset() : 0, speed = mem.F[SHEAR_SPEED];
    for (let p = base; p < end; p++) {
      const e = list[p];
      const j = e >> ENTRY_BODY_SHIFT;
      const oj = STATE_STRIDE * j;
      const dtj = now - s[oj + T];
      const vxj = s[oj + VX], vyj = s[oj + VY], vzj = s[oj + VZ];
      const sy = ((e >> 2) & 3) - 1;
      // the entry's periodic image (fixed while both shells stand): no minimum-image branches,
      // except along x in a sheared engine (the nearest image, the y shift carrying δ)
      let dx = s[oj + X] + vxj * dtj - xi;
      let vxImage = vxj;
      if (sheared) {
        dx += sy * delta;
        dx -= lx * Math.floor(dx / lx + 0.5);
        vxImage += sy * speed;
      } else dx += ((e & 3) - 1) * lx;
      const wx = vxImage - vxi;
      const dy = s[oj + Y] + vyj * dtj - yi + sy * ly;
      const dz = s[oj + Z] + vzj * dtj - zi + (((e >> 4) & 3) - 1) * lz;
      const wy = vyj - vyi, wz = vzj - vzi;
      const sig = ri + s[oj + RHO];
      const b = dx * wx + dy * wy + dz * wz;
      if (b >= 0) continue;
      const a = wx * wx + wy * wy + wz * wz;
      const dd = dx * dx + dy * dy + dz * dz;
      const c = dd - sig * sig;
      const tb = best - now;
      if (tb < Infinity && c > 0) {
        const at = a * tb + b;
        if ((at + b) * tb + c > 0 && at <= 0) continue;
      }
      let tau = 0;
      if (c > 0) {
        const disc = b * b - a * c;
        if (disc <= 0) continue;
        tau = c / (Math.sqrt(disc) - b);
        if (now + tau >= best) continue;
        if (c < TRUST * U8 * (dd + sig * sig) || disc < TRUST * U8 * (b * b + Math.abs(a * c))) {
          this.counts.exactRoots++;
          tau = toiSpheresRaw(0, 0, 0, vxi, vyi, vzi, ri, dx, dy, dz, vxImage, vyj, vzj, s[oj + RHO], Infinity);
        }
      }
      if (now + tau < best) {
        best = now + tau;
        partner = j;
      }
    }
    mem.setEvent(i, partner);
    kernel.set(i, best);
  }

  /**
   * Reads positions (wrapped into the box, or unwrapped), velocities and image counters now,
   * each into its array when given. A body's stored position is where it was at its own time;
   * it is moved to now and wrapped as the kernel would wrap it (in a sheared engine, across a y
   * face onto the shifted image, which also moves γ̇ Ly slower along x).
   */
  readInto(pos: Float64Array | null, vel: Float64Array | null, image: Int32Array | null, unwrapped: boolean): void {
    const e = this, d = this.dimensions, s = this.mem.state, box = this.box, now = e.now, raw = e.mem.image, shift = e.mem.shearShift;
    const sheared = e.shearRate !== 0, delta = sheared ? e.shearOffset() : 0, speed = e.shearRate * box[1];
    const p = [0, 0, 0], v = [0, 0, 0], m = [0, 0, 0];
    for (let i = 0; i < this.count; i++) {
      const o = STATE_STRIDE * i, dt = now - s[o + T];
      for (let a = 0; a < 3; a++) {
        p[a] = s[o + X + a] + s[o + VX + a] * dt;
        v[a] = s[o + VX + a];
        m[a] = raw[3 * i + a];
      }
      if (unwrapped) {
        for (let a = 0; a < d; a++) pos![d * i + a] = p[a] + m[a] * box[a];
        if (sheared) pos![d * i] += shift[i];
        continue;
      }
      let from = 0;
      if (sheared) {
        const sy = p[1] >= box[1] ? 1 : p[1] < 0 ? -1 : 0;
        if (sy !== 0) {
          p[1] -= sy * box[1];
          m[1] += sy;
          p[0] -= sy * delta;
          v[0] -= sy * speed;
        }
        while (p[0] >= box[0]) {
          p[0] -= box[0];
          m[0]++;
        }
        from = 1;
      }
      for (let a = from; a < d; a++) {
        const L = box[a];
        if (p[a] >= L) {
          p[a] -= L;
          m[a]++;
        } else if (p[a] < 0) {
          // (a body a hair below 0 is read at 0, in this image)
          const q = p[a] + L;
          if (q < L) {
            p[a] = q;
            m[a]--;
          } else p[a] = 0;
        }
      }
      if (sheared) {
        while (p[0] < 0) {
          p[0] += box[0];
          m[0]--;
        }
        if (p[0] >= box[0]) p[0] = 0;
      }
      for (let a = 0; a < d; a++) {
        if (pos !== null) pos[d * i + a] = p[a];
        if (vel !== null) vel[d * i + a] = v[a];
      }
      if (image !== null) for (let a = 0; a < 3; a++) image[3 * i + a] = m[a];
    }
  }

  /** A RangeError naming two bodies that overlap at the start. */
  private checkStart(): void {
    const s = this.mem.state, box = this.box, list = this.lists.list, cap = this.lists.cap;
    const grow = 1 + this.g * this.now;
    const delta = this.shearRate !== 0 ? this.shearOffset() : 0;
    for (let i = 0; i < this.count; i++) {
      for (let p = i * cap, end = p + this.lists.length(i); p < end; p++) {
        const j = list[p] >> ENTRY_BODY_SHIFT;
        if (j < i) continue;
        const d = [0, 1, 2].map((a) => s[STATE_STRIDE * j + a] - s[STATE_STRIDE * i + a]);
        const wrapAxis = (a: number): void => {
          if (d[a] > 0.5 * box[a]) d[a] -= box[a];
          else if (d[a] < -0.5 * box[a]) d[a] += box[a];
        };
        if (this.shearRate !== 0) {
          const sy = d[1] > 0.5 * box[1] ? -1 : d[1] < -0.5 * box[1] ? 1 : 0;
          d[1] += sy * box[1];
          d[0] += sy * delta;
          d[0] -= box[0] * Math.floor(d[0] / box[0] + 0.5);
        } else {
          wrapAxis(0);
          wrapAxis(1);
        }
        wrapAxis(2);
        const dist = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        const sig = (this.rho[i] + this.rho[j]) * grow;
        const slack = START_SLACK * Math.min(this.rho[i], this.rho[j]) * grow;
        if (dist < sig - slack) throw new RangeError(`bodies ${i} and ${j} overlap: centres ${dist} apart, radii sum ${sig}`);
      }
    }
  }
}

/** 1e-7 of the time a body at the start's rms speed crosses the smallest diameter (0 at rest); for an elastic engine, 0. */
function defaultCollapseTime(o: ParsedOptions): number {
  if (o.restitution === 1) return 0;
  let v2 = 0, rMin = Infinity;
  for (let i = 0; i < o.count; i++) {
    const k = STATE_STRIDE * i;
    v2 += o.state[k + VX] * o.state[k + VX] + o.state[k + VY] * o.state[k + VY] + o.state[k + VZ] * o.state[k + VZ];
    rMin = Math.min(rMin, o.rho[i]);
  }
  const rms = Math.sqrt(v2 / o.count);
  return rms > 0 ? (COLLAPSE_FRACTION * 2 * rMin) / rms : 0;
}

export { checkScale };
