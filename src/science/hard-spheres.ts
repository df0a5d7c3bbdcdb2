/**
 * An event-driven molecular dynamics engine for hard disks (2D) and hard spheres (3D) in a
 * periodic box, specialised for what MD needs: no gravity, no walls, every axis periodic.
 * One event loop serves both dimensions: 2D bodies are stored with z = 0, v_z = 0 and an
 * infinite box side on z, so the per-pair kernel is the same code.
 *
 * Parts (the split of DynamO and of Smallenburg's EDMD):
 * - storage: one memory (engine-memory.ts), a record of 8 numbers per body (x, y, z, t, vx,
 *   vy, vz, ρ: one cache line per pair test) and a 64-byte record of each body's bookkeeping;
 *   each body carries its own time t (positions are advanced lazily, only when the body takes
 *   part in an event or is read). The event loop, the calendar, the predictions, the
 *   response and the list rebuilds run in a WebAssembly kernel over that memory
 *   (edmd-kernel.ts, list-kernel.ts); this class sets it up and does the rest;
 * - motion: free flight; radii r_i(t) = ρ_i (1 + g t) (Lubachevsky–Stillinger growth, g = 0
 *   for plain MD);
 * - boundary: periodic on every axis with the minimum image; a body is wrapped back into the
 *   box when it leaves its neighbour shell, and an image counter per axis keeps its unwrapped
 *   position;
 * - candidates: neighbour lists (neighbour-lists.ts), the shell exit being an event;
 * - calendar: one event per body in an event calendar (edmd-kernel.ts), stale predictions
 *   dropped lazily by per-body collision counters, plus one slot for scheduled systems (the
 *   Andersen thermostat and the growth horizon at which all lists are rebuilt).
 *
 * Collision times. The gap function of a pair, with relative position Δ, relative velocity w
 * and contact distance σ(t) = σ₀ + σ' t (σ' = (ρ_i + ρ_j) g), is
 *
 *     f(τ) = |Δ + w τ|² − (σ + σ' τ)² = a τ² + 2 b τ + c,
 *     a = |w|² − σ'²,  b = Δ·w − σ σ',  c = |Δ|² − σ²,
 *
 * still a quadratic for any growth rate, because all radii grow in proportion to one clock.
 * A pair cannot come before the best time τ* found so far when f(τ*) > 0 while f is still
 * falling (a τ* + b ≤ 0, or a < 0 with c > 0), when b ≥ 0 and a ≥ 0 (moving apart), or when
 * b² < a c (a miss): each test costs a few multiplies and no square root. The first root is
 * c / (√(b² − a c) − b) for b < 0 (no cancellation), −(b + √(b² − a c)) / a for a < 0 ≤ b.
 * Without growth, a root whose rounding error bound is not below about 2^-18 of c or of the
 * discriminant (a near contact, a near graze) is recomputed by carom's exact kernel
 * (toiSpheresRaw, double-double, within an ulp of the exact root of the rounded inputs).
 *
 * Response. Elastic along the line of centres, and for growing bodies the separating normal
 * speed gains the growth speed: w_n' = 2σ' − w_n, so growing bodies separate (the
 * Lubachevsky–Stillinger rule); the impulse is J = 2μ(σ' − w_n), μ the reduced mass.
 */
import { toiSpheresRaw } from "../query/toi-sphere-sphere.js";
import {
  CALL_BACK, COLLISIONS, COLLISIONS_END, COMMON_MASS, DIMENSIONS, END_TIME, ENTRY_BODY_SHIFT, EQUAL_MASSES, GROWTH_RATE, KINETIC_ENERGY,
  KINETIC_INTEGRAL, KINETIC_TIME, NOW, PACE_BUDGET, PAIR_TESTS, PREDICTIONS, PREFETCH, RETURNED_BODY, RHO, RUN_DONE, RUN_PACE, RUN_SHELL,
  RUN_SYSTEM, RUN_TIME, SECOND_CHOICES, SHELL_EXITS, SHELL_RADIUS, STALE_EVENTS, STATE_STRIDE, T, VIRIAL, VX, VY, VZ, X, Y, Z,
} from "./kernel-layout.js";
import { EngineMemory } from "./engine-memory.js";
import { checkScale, parseOptions, type HardSpheresOptions, type HardSpheresStats } from "./hard-spheres-options.js";
export { checkKeys } from "./hard-spheres-options.js";
export type { AndersenOptions, HardSpheresOptions, HardSpheresStats } from "./hard-spheres-options.js";
import { NeighbourLists, automaticSkin } from "./neighbour-lists.js";
import { ScienceRandom } from "./random.js";
import { ballVolume, power } from "./start.js";

/** A start state may overlap by this fraction of a radius (carom's START_SLACK). */
const START_SLACK = 1e-9;
/** With growth, all lists are rebuilt each time the radii have grown by this fraction. */
const HORIZON_GROWTH = 0.05;
const U8 = 8 * 2 ** -53;
/** A fast root is trusted when its error bound is below 2^-18 of c and of the discriminant. */
const TRUST = 2 ** 18;

/** Events after which a run checks that its clock moved on (2^20). */
const STALL_EVENTS = 1 << 20;
/** The most collisions one advanceCollisions call runs (advance's pace check stops at 1e12 events). */
const MAX_COLLISIONS = 1e12;
/** A run to a collision count stops after this many events (at least; 64 per body) without one (2^22). */
const NO_COLLISION_EVENTS = 1 << 22;

export class HardSpheres {
  /** 2 (discs) or 3 (spheres). */
  readonly dimensions: 2 | 3;
  /** Number of bodies. */
  readonly count: number;
  /** Box side lengths (Lz = Infinity in 2D). */
  readonly box: Float64Array;
  /** Mass of each body. */
  readonly mass: Float64Array;
  private readonly counts: HardSpheresStats = { collisions: 0, stale: 0, secondChoices: 0, shellExits: 0, fullRebuilds: 0, thermostatKicks: 0, exactRoots: 0, predictions: 0, pairTests: 0 };
  /** Called after each collision with the two bodies, the time and the impulse (optional). */
  onCollision: ((i: number, j: number, t: number, impulse: number) => void) | null = null;

  /**
   * The kernel's memory: the state, the events and the lists, and the registers (now, the
   * virial, the kinetic energy and the kernel's counts). Each body's pending event is 4 int32s
   * (ev): the partner (−1: shell exit) and the partner's counter when predicted, then the
   * second-earliest choice, which takes over when the first goes stale: its partner (−1: shell
   * exit, −2: none) and counter; its time is in time2.
   */
  private readonly mem: EngineMemory;
  private g: number;
  private readonly rho: Float64Array;
  private rhoMax = 0;
  private readonly lists: NeighbourLists;
  /** The skin asked for (a fraction of the largest diameter), or null: chosen at each full rebuild. */
  private readonly skinAsked: number | null;
  private skinFraction = 0.5;
  /** The volume (area) the bodies fill at time 0, and the box's. */
  private readonly filled: number;
  private readonly volume: number;
  private tHorizon = Infinity;
  private readonly kT: number;
  private readonly kickRate: number;
  private readonly rng: ScienceRandom | null;
  private tKick = Infinity;
  // observables (the kinetic energy, its integral and the virial are kernel registers)
  private tMeasure = 0;
  private collisionsMeasure = 0;

  /** Sets up the bodies at time 0; RangeError naming the field on an invalid option or an overlap. */
  constructor(options: HardSpheresOptions) {
    const o = parseOptions(options);
    const d = (this.dimensions = o.dimensions);
    const n = (this.count = o.count);
    this.box = o.box;
    this.rho = o.rho;
    this.mass = o.mass;
    this.g = o.growthRate;
    this.skinAsked = o.skin;
    const th = o.thermostat;
    if (th !== null) {
      this.rng = new ScienceRandom(th.seed);
      this.kT = th.temperature;
      this.kickRate = th.rate * n;
      this.tKick = this.rng.exponential(this.kickRate);
    } else {
      this.rng = null;
      this.kT = 0;
      this.kickRate = 0;
    }
    this.rhoMax = this.rho.reduce((m, r) => (r > m ? r : m), 0);
    this.volume = this.box[0] * this.box[1] * (d === 3 ? this.box[2] : 1);
    this.filled = this.rho.reduce((v, r) => v + ballVolume(d, r), 0);
    const density = n / this.volume;
    const cut = 2 * this.rhoMax * (1 + this.skinAt(1));
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
    F[KINETIC_ENERGY] = this.kineticEnergy();
    I[DIMENSIONS] = d;
    I[EQUAL_MASSES] = this.mass.every((m) => m === this.mass[0]) ? 1 : 0;
    // read neighbours ahead only when the bodies outgrow the caches (8,192 bodies of 64 bytes fill half a megabyte)
    I[PREFETCH] = n > 8192 ? 1 : 0;
    this.lists = new NeighbourLists(mem, this.box);
    this.rebuildAll();
    this.checkStart();
  }

  /**
   * The neighbour lists' skin in use, as a fraction of the largest diameter: the one asked for,
   * or the engine's choice for the packing fraction at the last full rebuild (automaticSkin),
   * either held below what keeps the cut-off under half the box.
   */
  get skin(): number {
    return this.skinFraction;
  }

  /** The skin fraction for radii scaled by `scale` (growth): the one asked for, or automaticSkin's. */
  private skinAt(scale: number): number {
    if (this.skinAsked !== null) return this.skinAsked;
    return automaticSkin(this.dimensions, this.count, this.volume, this.filled * power(scale, this.dimensions), 2 * this.rhoMax * scale);
  }

  /** The current time. */
  get time(): number {
    return this.now;
  }

  /**
   * Interleaved state, 8 numbers per body: x, y, z, t, vx, vy, vz, ρ (a body's position is
   * where it was at its own time t). A view into the engine's memory, which a run may lay out
   * anew: read it again after each run.
   */
  get state(): Float64Array {
    return this.mem.state;
  }

  /**
   * Image counters now, 3 per body (a copy; 0 on z in 2D): unwrapped = the position
   * {@link positionsInto} gives + image × L. (The engine wraps a body lazily, when it leaves its
   * neighbour shell, so its stored position may lie outside the box by up to the shell radius;
   * the counters here count the wrap that positionsInto applies.)
   */
  get image(): Int32Array {
    const d = this.dimensions, s = this.state, box = this.box, now = this.now, raw = this.mem.image;
    const out = new Int32Array(3 * this.count);
    for (let i = 0; i < this.count; i++) {
      const dt = now - s[STATE_STRIDE * i + T];
      for (let a = 0; a < d; a++) {
        // readPositions' wrap, counted
        const x = s[STATE_STRIDE * i + X + a] + s[STATE_STRIDE * i + VX + a] * dt, L = box[a];
        out[3 * i + a] = raw[3 * i + a] + (x >= L ? 1 : x < 0 && x + L < L ? -1 : 0);
      }
    }
    return out;
  }

  /** What the engine has done so far (counts, updated as it runs). */
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

  // registers of the kernel's memory
  private get now(): number {
    return this.mem.F[NOW];
  }
  private set now(t: number) {
    this.mem.F[NOW] = t;
  }
  private get virial(): number {
    return this.mem.F[VIRIAL];
  }
  private set virial(v: number) {
    this.mem.F[VIRIAL] = v;
  }
  private get ke(): number {
    return this.mem.F[KINETIC_ENERGY];
  }
  private set ke(v: number) {
    this.mem.F[KINETIC_ENERGY] = v;
  }
  private get tKE(): number {
    return this.mem.F[KINETIC_TIME];
  }
  private set tKE(v: number) {
    this.mem.F[KINETIC_TIME] = v;
  }
  private get keIntegral(): number {
    return this.mem.F[KINETIC_INTEGRAL];
  }
  private set keIntegral(v: number) {
    this.mem.F[KINETIC_INTEGRAL] = v;
  }

  /** The growth rate g (radii r_i(t) = r_i(0)(1 + g t) in the current parametrisation). */
  get growthRate(): number {
    return this.g;
  }

  /** Changes the growth rate from now on (radii stay continuous); 0 stops the growth. */
  set growthRate(g: number) {
    if (!(g >= 0 && g < Infinity)) throw new RangeError(`growthRate must be a finite number >= 0, got ${g}`);
    this.syncAll();
    const t = this.now;
    const f = (1 + this.g * t) / (1 + g * t);
    for (let i = 0; i < this.count; i++) {
      this.rho[i] *= f;
      this.state[STATE_STRIDE * i + RHO] = this.rho[i];
    }
    this.rhoMax *= f;
    this.g = g;
    this.mem.F[GROWTH_RATE] = g;
    this.rebuildAll();
  }

  /** Body i's radius now (a RangeError for an index that names no body). */
  radius(i: number): number {
    if (!(Number.isInteger(i) && i >= 0 && i < this.count)) throw new RangeError(`body index must be an integer from 0 to ${this.count - 1}, got ${i}`);
    return this.rho[i] * (1 + this.g * this.now);
  }

  /** Runs until time now + duration; returns the number of collisions. */
  advance(duration: number): number {
    // (Infinity ran for ever: the pace check measures the way to a finite end.)
    if (!(duration >= 0 && duration < Infinity)) throw new RangeError(`duration must be a finite number >= 0, got ${duration}`);
    const before = this.stats.collisions;
    this.run(this.now + duration, Infinity);
    return this.stats.collisions - before;
  }

  /** Runs until the clock reads exactly `time` (>= now): frames at exact times. */
  advanceTo(time: number): number {
    if (!(time >= this.now && time < Infinity)) throw new RangeError(`time must be a finite number >= the current time ${this.now}, got ${time}`);
    const before = this.stats.collisions;
    this.run(time, Infinity);
    return this.stats.collisions - before;
  }

  /**
   * Runs until `collisions` more collisions have happened; the clock stops at the last one. At
   * most 1e12 per call (days of CPU time), the horizon of advance's pace check: a larger count
   * is a RangeError, not a run that never returns.
   */
  advanceCollisions(collisions: number): void {
    if (!(Number.isInteger(collisions) && collisions >= 0 && collisions <= MAX_COLLISIONS)) {
      throw new RangeError(`collisions must be an integer from 0 to 1e12 (run a longer one in segments), got ${collisions}`);
    }
    this.run(Infinity, this.stats.collisions + collisions);
  }

  /** Starts a new measurement window for pressure, collision rate and mean kinetic energy. */
  resetMeasurements(): void {
    this.integrateKE();
    this.keIntegral = 0;
    this.virial = 0;
    this.tMeasure = this.now;
    this.collisionsMeasure = this.stats.collisions;
  }

  /**
   * Reduced pressure Z = PV / (N kT) over the measurement window, from the collision virial:
   * Z = 1 + Σ r_ij·J_ij / (d N ⟨kT⟩ Δt), with ⟨kT⟩ = 2⟨E_kin⟩ / (d N) averaged over the window
   * (so Z = 1 + Σ σ J / (2 ∫E_kin dt)). NaN before any time has passed.
   */
  pressure(): number {
    const keTime = this.keIntegral + this.ke * (this.now - this.tKE);
    return this.now > this.tMeasure ? 1 + this.virial / (2 * keTime) : NaN;
  }

  /** Collisions per body per unit time over the measurement window (each collision counts for both bodies). */
  collisionRate(): number {
    return (2 * (this.stats.collisions - this.collisionsMeasure)) / (this.count * (this.now - this.tMeasure));
  }

  /** Simulated time since the measurement window started. */
  get measuredTime(): number {
    return this.now - this.tMeasure;
  }

  /** Kinetic energy, summed from the velocities. */
  kineticEnergy(): number {
    const s = this.state;
    let e = 0;
    for (let i = 0; i < this.count; i++) e += 0.5 * this.mass[i] * (s[STATE_STRIDE * i + VX] * s[STATE_STRIDE * i + VX] + s[STATE_STRIDE * i + VY] * s[STATE_STRIDE * i + VY] + s[STATE_STRIDE * i + VZ] * s[STATE_STRIDE * i + VZ]);
    return e;
  }

  /** Temperature kT = 2 E_kin / (d N) (Boltzmann's constant 1). */
  temperature(): number {
    return (2 * this.kineticEnergy()) / (this.dimensions * this.count);
  }

  /** Total momentum into out[0..d). */
  momentumInto(out: Float64Array | number[]): Float64Array | number[] {
    const s = this.state;
    for (let a = 0; a < this.dimensions; a++) {
      let p = 0;
      for (let i = 0; i < this.count; i++) p += this.mass[i] * s[STATE_STRIDE * i + VX + a];
      out[a] = p;
    }
    return out;
  }

  /** A RangeError unless `out` holds `size` numbers (a short array was filled in part, silently). */
  private checkOut(out: ArrayLike<number>, size: number, name: string): void {
    if (!(out.length >= size)) throw new RangeError(`${name}: out must hold ${size} numbers, got ${out.length}`);
  }

  /** Positions now, wrapped into [0, L), d numbers per body. */
  positionsInto(out: Float64Array): Float64Array {
    this.checkOut(out, this.dimensions * this.count, "positionsInto");
    this.readPositions(out, false);
    return out;
  }

  /** Unwrapped positions now (wrapped position + image × L): displacements over any time. */
  unwrappedPositionsInto(out: Float64Array): Float64Array {
    this.checkOut(out, this.dimensions * this.count, "unwrappedPositionsInto");
    this.readPositions(out, true);
    return out;
  }

  /** Velocities, d numbers per body. */
  velocitiesInto(out: Float64Array): Float64Array {
    this.checkOut(out, this.dimensions * this.count, "velocitiesInto");
    const d = this.dimensions, s = this.state;
    for (let i = 0; i < this.count; i++) for (let a = 0; a < d; a++) out[d * i + a] = s[STATE_STRIDE * i + VX + a];
    return out;
  }

  /** Radii now. */
  radiiInto(out: Float64Array): Float64Array {
    this.checkOut(out, this.count, "radiiInto");
    const grow = 1 + this.g * this.now;
    for (let i = 0; i < this.count; i++) out[i] = this.rho[i] * grow;
    return out;
  }

  /** Rescales every velocity so that the temperature is kT (pack uses it against the heating by growth). */
  rescaleVelocities(kT: number): void {
    if (!(kT > 0 && kT < Infinity)) throw new RangeError(`kT must be a finite number > 0, got ${kT}`);
    checkScale(kT, "kT");
    const f = Math.sqrt(kT / this.temperature());
    if (!(f < Infinity)) throw new RangeError("cannot rescale: every body is at rest");
    this.integrateKE();
    const s = this.state;
    for (let i = 0; i < this.count; i++) {
      this.sync(i);
      s[STATE_STRIDE * i + VX] *= f;
      s[STATE_STRIDE * i + VY] *= f;
      s[STATE_STRIDE * i + VZ] *= f;
      this.mem.counter[i]++;
    }
    this.ke = this.kineticEnergy();
    // (positions and shells stand, so the lists do too: only the predictions change)
    this.predictAll();
  }

  private readPositions(out: Float64Array, unwrapped: boolean): void {
    const d = this.dimensions, s = this.state, box = this.box, now = this.now;
    for (let i = 0; i < this.count; i++) {
      const dt = now - s[STATE_STRIDE * i + T];
      for (let a = 0; a < d; a++) {
        let x = s[STATE_STRIDE * i + X + a] + s[STATE_STRIDE * i + VX + a] * dt;
        const L = box[a];
        if (unwrapped) x += this.mem.image[3 * i + a] * L;
        else if (x >= L) x -= L;
        else if (x < 0) {
          x += L;
          if (x >= L) x = 0;
        }
        out[d * i + a] = x;
      }
    }
  }

  private run(tEnd: number, collisionsEnd: number): void {
    const n = this.count;
    // every STALL_EVENTS events, the pace: a run to a time it would need more than 1e12 events
    // to reach stops (advance(1e308); growing bodies that jam, whose collisions pile up
    // towards one instant); a run to a collision count stops when no collision came in
    // max(2^22, 64 N) events (bodies that never meet: parallel lanes, an empty box)
    let tCheck = this.now;
    let idle = 0, cCheck = this.mem.F[COLLISIONS];
    const idleChecks = collisionsEnd < Infinity ? Math.max(NO_COLLISION_EVENTS, 64 * n) / STALL_EVENTS : Infinity;
    // (the memory may be laid out again by a shell exit: read it afresh after each stop)
    this.mem.F[END_TIME] = tEnd;
    this.mem.F[COLLISIONS_END] = collisionsEnd;
    this.mem.I[CALL_BACK] = this.onCollision !== null ? 1 : 0;
    this.mem.I[PACE_BUDGET] = STALL_EVENTS;
    for (;;) {
      const code = this.mem.kernel.run();
      if (code === RUN_DONE) return;
      if (code === RUN_TIME) {
        if (tEnd < Infinity) this.now = tEnd;
        return;
      }
      if (code === RUN_PACE) {
        const t = this.now, collisions = this.mem.F[COLLISIONS];
        if (tEnd < Infinity && !((tEnd - t) / (t - tCheck) < 1e12 / STALL_EVENTS)) this.stalled(t - tCheck, tEnd);
        idle = collisions === cCheck ? idle + 1 : 0;
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

  /** The RangeError of a run that would need more than 1e12 events to reach tEnd at its pace. */
  private stalled(moved: number, tEnd: number): never {
    const count = Math.log10(tEnd - this.now) - Math.log10(moved) + Math.log10(STALL_EVENTS);
    const what = `at t = ${this.now} the clock moves ${moved.toPrecision(3)} per ${STALL_EVENTS} events: reaching t = ${tEnd} would take about 1e${Math.floor(Math.min(count, 999))} events`;
    if (this.g > 0) {
      let filled = 0;
      for (let i = 0; i < this.count; i++) filled += ballVolume(this.dimensions, this.radius(i));
      const phi = filled / (this.box[0] * this.box[1] * (this.dimensions === 3 ? this.box[2] : 1));
      throw new RangeError(`jammed: ${what} (growing bodies fill the box, packing fraction ${phi.toFixed(4)}; stop the growth, growthRate = 0, or use packJammed, which stops at a pressure)`);
    }
    throw new RangeError(`${what}; advance in shorter steps`);
  }

  /** Moves body i to the current time (same trajectory). */
  private sync(i: number): void {
    this.mem.kernel.sync(i);
  }

  /** Wraps body i into the box (counting images) and centres its shell on it. */
  private wrap(i: number): void {
    this.mem.kernel.wrap(i);
  }

  private syncAll(): void {
    for (let i = 0; i < this.count; i++) this.sync(i);
  }

  /** Rebuilds every list (new growth horizon) and predicts every body again. */
  private rebuildAll(): void {
    this.counts.fullRebuilds++;
    const n = this.count;
    for (let i = 0; i < n; i++) {
      this.sync(i);
      this.wrap(i);
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
    const skin = Math.min(this.skinAt(gh) * sigmaH, 0.99 * half - sigmaH);
    this.skinFraction = skin / sigmaH;
    this.mem.F[SHELL_RADIUS] = skin / 2;
    this.lists.rebuildAll(gh, skin, this.rhoMax);
    this.predictAll();
  }

  /** Predicts every body again and recalibrates the calendar. */
  private predictAll(): void {
    for (let i = 0; i < this.count; i++) this.predict(i);
    this.scheduleSystem();
    this.mem.kernel.calibrate(this.now);
  }

  private scheduleSystem(): void {
    this.mem.kernel.set(this.count, Math.min(this.tKick, this.tHorizon));
  }

  private system(): void {
    if (this.tHorizon <= this.tKick) {
      this.rebuildAll();
      return;
    }
    const rng = this.rng as ScienceRandom;
    const i = rng.int(this.count);
    this.sync(i);
    const s = this.mem.state, o = STATE_STRIDE * i, m = this.mass[i];
    const sd = Math.sqrt(this.kT / m);
    this.integrateKE();
    this.ke -= 0.5 * m * (s[o + VX] * s[o + VX] + s[o + VY] * s[o + VY] + s[o + VZ] * s[o + VZ]);
    s[o + VX] = sd * rng.normal();
    s[o + VY] = sd * rng.normal();
    if (this.dimensions === 3) s[o + VZ] = sd * rng.normal();
    this.ke += 0.5 * m * (s[o + VX] * s[o + VX] + s[o + VY] * s[o + VY] + s[o + VZ] * s[o + VZ]);
    this.mem.counter[i]++;
    this.counts.thermostatKicks++;
    this.tKick += rng.exponential(this.kickRate);
    this.predict(i);
    this.scheduleSystem();
  }

  private integrateKE(): void {
    this.keIntegral += this.ke * (this.now - this.tKE);
    this.tKE = this.now;
  }

  /** A shell exit whose list rebuild the kernel left to make room in a list or a cell (body i already wrapped). */
  private finishShellExit(i: number): void {
    this.lists.rebuildOne(i);
    this.predict(i);
  }

  /** Body i's next event: the earliest collision with a listed neighbour, or its shell exit. */
  private predict(i: number): void {
    this.mem.kernel.predictAny(i);
  }

  /**
   * Body i's next event without growth when the kernel met a root whose rounding error bound
   * is not below 2^-18 of c or of the discriminant (a near contact, a near graze): the same
   * pair tests (σ' = 0, so a ≥ 0 and b = Δ·w), each such root recomputed by carom's exact
   * kernel (toiSpheresRaw, double-double, within an ulp of the exact root of the rounded inputs).
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
    for (let p = base; p < end; p++) {
      const e = list[p];
      const j = e >> ENTRY_BODY_SHIFT;
      const oj = STATE_STRIDE * j;
      const dtj = now - s[oj + T];
      const vxj = s[oj + VX], vyj = s[oj + VY], vzj = s[oj + VZ];
      // the entry's periodic image (fixed while both shells stand): no minimum-image branches
      const dx = s[oj + X] + vxj * dtj - xi + ((e & 3) - 1) * lx;
      const dy = s[oj + Y] + vyj * dtj - yi + (((e >> 2) & 3) - 1) * ly;
      const dz = s[oj + Z] + vzj * dtj - zi + (((e >> 4) & 3) - 1) * lz;
      const wx = vxj - vxi, wy = vyj - vyi, wz = vzj - vzi;
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
          tau = toiSpheresRaw(0, 0, 0, vxi, vyi, vzi, ri, dx, dy, dz, vxj, vyj, vzj, s[oj + RHO], Infinity);
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

  private checkStart(): void {
    const s = this.state, box = this.box, list = this.lists.list, cap = this.lists.cap;
    const grow = 1 + this.g * this.now;
    for (let i = 0; i < this.count; i++) {
      for (let p = i * cap, end = p + this.lists.length(i); p < end; p++) {
        const j = list[p] >> ENTRY_BODY_SHIFT;
        if (j < i) continue;
        let dd = 0;
        for (let a = 0; a < 3; a++) {
          let d = s[STATE_STRIDE * j + X + a] - s[STATE_STRIDE * i + X + a];
          if (d > 0.5 * box[a]) d -= box[a]; else if (d < -0.5 * box[a]) d += box[a];
          dd += d * d;
        }
        const sig = (this.rho[i] + this.rho[j]) * grow;
        const slack = START_SLACK * Math.min(this.rho[i], this.rho[j]) * grow;
        if (Math.sqrt(dd) < sig - slack) {
          throw new RangeError(`bodies ${i} and ${j} overlap: centres ${Math.sqrt(dd)} apart, radii sum ${sig}`);
        }
      }
    }
  }
}
