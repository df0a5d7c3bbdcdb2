/**
 * An event-driven molecular dynamics engine for hard disks (2D) and hard spheres (3D) in a
 * periodic box, specialised for what MD needs: no gravity, no walls, every axis periodic; with
 * Lubachevsky–Stillinger growth (packings), restitution (granular gases) and Lees–Edwards shear
 * (sheared fluids) as options.
 *
 * Parts (the split of DynamO and of Smallenburg's EDMD):
 * - storage: one memory (engine-memory.ts), a record of 8 numbers per body (x, y, z, t, vx,
 *   vy, vz, ρ: one cache line per pair test) and a 64-byte record of each body's bookkeeping;
 *   each body carries its own time t (positions are advanced lazily, only when the body takes
 *   part in an event or is read). The event loop, the calendar, the predictions, the
 *   response and the list rebuilds run in a WebAssembly kernel over that memory
 *   (edmd-kernel.ts, list-kernel.ts, kernel-layout.ts); engine.ts sets it up and does the rest;
 * - motion: free flight; radii r_i(t) = ρ_i (1 + g t) (Lubachevsky–Stillinger growth, g = 0
 *   for plain MD);
 * - boundary: periodic on every axis with the minimum image; a body is wrapped back into the
 *   box when it leaves its neighbour shell, and an image counter per axis keeps its unwrapped
 *   position; with shear, the images across the y faces slide along x (Lees–Edwards);
 * - candidates: neighbour lists (neighbour-lists.ts), the shell exit being an event;
 * - calendar: one event per body in an event calendar (edmd-kernel.ts), stale predictions
 *   dropped lazily by per-body collision counters, plus one slot for scheduled systems (the
 *   thermostats, thermostat.ts, and the growth and shear horizons at which all lists are rebuilt).
 *
 * Collision times. The gap function of a pair, with relative position Δ, relative velocity w
 * and contact distance σ(t) = σ₀ + σ' t (σ' = (ρ_i + ρ_j) g), is
 *
 *     f(τ) = |Δ + w τ|² − (σ + σ' τ)² = a τ² + 2 b τ + c,
 *     a = |w|² − σ'²,  b = Δ·w − σ σ',  c = |Δ|² − σ²,
 *
 * still a quadratic for any growth rate, because all radii grow in proportion to one clock, and
 * across sheared images, which move at constant velocity. A pair cannot come before the best
 * time τ* found so far when f(τ*) > 0 while f is still falling (a τ* + b ≤ 0, or a < 0 with
 * c > 0), when b ≥ 0 and a ≥ 0 (moving apart), or when b² < a c (a miss): each test costs a few
 * multiplies and no square root. The first root is c / (√(b² − a c) − b) for b < 0 (no
 * cancellation), −(b + √(b² − a c)) / a for a < 0 ≤ b. Without growth, a root whose rounding
 * error bound is not below about 2^-18 of c or of the discriminant (a near contact, a near
 * graze) is recomputed by carom's exact kernel (toiSpheresRaw, double-double, within an ulp of
 * the exact root of the rounded inputs).
 *
 * Response. Elastic along the line of centres, and for growing bodies the separating normal
 * speed gains the growth speed: w_n' = 2σ' − w_n, so growing bodies separate (the
 * Lubachevsky–Stillinger rule); the impulse is J = 2μ(σ' − w_n), μ the reduced mass. With
 * restitution e < 1, J = (1 + e) μ (−w_n).
 */
import { checkpointOf, restoreEngine } from "./checkpoint.js";
import type { HardSpheresCheckpoint } from "./checkpoint-format.js";
import { Engine } from "./engine.js";
import { checkScale, type HardSpheresOptions, type HardSpheresStats, type MeasurementSums } from "./hard-spheres-options.js";
export { checkKeys } from "./hard-spheres-options.js";
export type { AndersenOptions, HardSpheresOptions, HardSpheresStats, MeasurementSums, RescaleOptions } from "./hard-spheres-options.js";
export type { HardSpheresCheckpoint } from "./checkpoint-format.js";
import { GROWTH_RATE, RHO, STATE_STRIDE, T, VX, VY, VZ, Y } from "./kernel-layout.js";
import { ballVolume } from "./start.js";

/** The most collisions one advanceCollisions call runs (advance's pace check stops at 1e12 events). */
const MAX_COLLISIONS = 1e12;

/** The shear stress over a measurement window ({@link HardSpheres.shearStress}). */
export interface ShearStress {
  /** P_xy, the xy component of the pressure tensor (kinetic plus collisional), time-averaged. */
  pxy: number;
  /** Its kinetic part (1/V)⟨Σ m c_x c_y⟩, c the velocity relative to the flow. */
  kinetic: number;
  /** Its collisional part (1/(V t)) Σ r_x J_y. */
  collisional: number;
  /** The shear viscosity η = −P_xy / γ̇. */
  viscosity: number;
  /** The window's length. */
  time: number;
}

/**
 * Event-driven molecular dynamics of hard disks (2D) or hard spheres (3D) in a periodic box:
 * exact collision times; elastic collisions, or inelastic ones (granular gases) and Lees–Edwards
 * shear as options; Andersen's or a rescaling thermostat and Lubachevsky–Stillinger growth; with
 * pressure, temperature, collision statistics and the shear stress measured along the way, and
 * checkpoints that restore bit for bit.
 *
 * ```ts
 * import { HardSpheres, latticeStart } from "carom/science";
 * const sim = new HardSpheres(latticeStart({ dimensions: 2, count: 4096, packingFraction: 0.3, seed: 1 }));
 * sim.advanceCollisions(100_000);
 * sim.pressure(); // the reduced pressure Z = PV / NkT since the start (or resetMeasurements)
 * ```
 */
export class HardSpheres {
  /** 2 (discs) or 3 (spheres). */
  readonly dimensions: 2 | 3;
  /** Number of bodies. */
  readonly count: number;
  /** Box side lengths (Lz = Infinity in 2D). */
  readonly box: Float64Array;
  /** Mass of each body. */
  readonly mass: Float64Array;
  private readonly engine: Engine;

  /** Sets up the bodies at time 0; RangeError naming the field on an invalid option or an overlap. */
  constructor(options: HardSpheresOptions) {
    const e = (this.engine = new Engine(options));
    this.dimensions = e.dimensions;
    this.count = e.count;
    this.box = e.box;
    this.mass = e.mass;
  }

  /**
   * The whole state as a plain JSON-safe object: `JSON.stringify` it, keep it, and
   * {@link HardSpheres.restore} continues the run bit for bit as if it had never stopped (the
   * same collisions at the same times, the same sums). Numbers that JSON cannot hold (−0,
   * Infinity, NaN) are written as the strings "-0", "Infinity", "-Infinity", "NaN". It holds the
   * time, each body's position (as stored, at its own time), velocity, image counters, radius and
   * mass, the growth, restitution, shear and thermostat settings with the thermostat's random
   * state, the measurement sums, and the event engine's own state (neighbour lists and cells in
   * their order, each body's pending event and second choice), with a checksum: the next events
   * depend on all of it to the last bit (see checkpoint.ts). The run's collision callback is not
   * part of it.
   */
  checkpoint(): HardSpheresCheckpoint {
    return checkpointOf(this.engine);
  }

  /**
   * The simulation a {@link HardSpheres.checkpoint} describes (as written, or after a JSON
   * round trip). Every field is checked (a RangeError names the field: `checkpoint.velocities[12]
   * must be a finite number, got "x"`), and the checksum must match: a checkpoint edited after it
   * was written is refused. To start afresh from an edited state, build new options from its
   * positions and velocities.
   */
  static restore(checkpoint: HardSpheresCheckpoint): HardSpheres {
    const engine = restoreEngine(checkpoint);
    // (the constructor builds an engine from options; this one is built already)
    const sim = Object.create(HardSpheres.prototype) as HardSpheres;
    return Object.assign(sim, { engine, dimensions: engine.dimensions, count: engine.count, box: engine.box, mass: engine.mass });
  }

  /** Called after each collision with the two bodies, the time and the impulse (optional). */
  get onCollision(): ((i: number, j: number, t: number, impulse: number) => void) | null {
    return this.engine.onCollision;
  }
  /** Sets the collision callback (null: none; a run without one skips the call). */
  set onCollision(f: ((i: number, j: number, t: number, impulse: number) => void) | null) {
    this.engine.onCollision = f;
  }

  /**
   * The neighbour lists' skin in use, as a fraction of the largest diameter: the one asked for,
   * or the engine's choice for the packing fraction at the last full rebuild (automaticSkin),
   * either held below what keeps the cut-off under half the box.
   */
  get skin(): number {
    return this.engine.skinFraction;
  }

  /** The current time. */
  get time(): number {
    return this.engine.now;
  }

  /** The normal restitution (1: elastic). */
  get restitution(): number {
    return this.engine.restitution;
  }

  /** The TC model's collapse time in use (0 for an elastic engine). */
  get collapseTime(): number {
    return this.engine.collapseTime;
  }

  /** The Lees–Edwards shear rate (0: none). */
  get shearRate(): number {
    return this.engine.shearRate;
  }

  /**
   * The Lees–Edwards image offset now: the copy of the box above it is shifted by this along x
   * (within [0, Lx) plus at most the lists' margin; 0 for an unsheared engine).
   */
  get imageOffset(): number {
    return this.engine.shearRate === 0 ? 0 : this.engine.shearOffset();
  }

  /**
   * Interleaved state, 8 numbers per body: x, y, z, t, vx, vy, vz, ρ (a body's position is
   * where it was at its own time t). A view into the engine's memory, which a run may lay out
   * anew: read it again after each run.
   */
  get state(): Float64Array {
    return this.engine.mem.state;
  }

  /**
   * Image counters now, 3 per body (a copy; 0 on z in 2D): unwrapped = the position
   * {@link positionsInto} gives + image × L (+ the Lees–Edwards displacement along x in a
   * sheared engine). (The engine wraps a body lazily, when it leaves its neighbour shell, so its
   * stored position may lie outside the box by up to the shell radius; the counters here count
   * the wrap that positionsInto applies.)
   */
  get image(): Int32Array {
    const out = new Int32Array(3 * this.count);
    this.read(null, null, out, false);
    return out;
  }

  /** What the engine has done so far (counts, updated as it runs). */
  get stats(): HardSpheresStats {
    return this.engine.stats;
  }

  /** The growth rate g (radii r_i(t) = r_i(0)(1 + g t) in the current parametrisation). */
  get growthRate(): number {
    return this.engine.g;
  }

  /** Changes the growth rate from now on (radii stay continuous); 0 stops the growth. */
  set growthRate(g: number) {
    const e = this.engine;
    if (!(g >= 0 && g < Infinity)) throw new RangeError(`growthRate must be a finite number >= 0, got ${g}`);
    if (g > 0 && (e.restitution < 1 || e.shearRate !== 0)) throw new RangeError(`growthRate cannot be combined with ${e.restitution < 1 ? "restitution < 1" : "shearRate"}`);
    e.syncAll();
    const t = e.now;
    const f = (1 + e.g * t) / (1 + g * t);
    for (let i = 0; i < this.count; i++) {
      e.rho[i] *= f;
      e.mem.state[STATE_STRIDE * i + RHO] = e.rho[i];
    }
    e.rhoMax *= f;
    e.filled = e.rho.reduce((v, r) => v + ballVolume(this.dimensions, r), 0);
    e.g = g;
    e.mem.F[GROWTH_RATE] = g;
    e.rebuildAll();
  }

  /** Body i's radius now (a RangeError for an index that names no body). */
  radius(i: number): number {
    if (!(Number.isInteger(i) && i >= 0 && i < this.count)) throw new RangeError(`body index must be an integer from 0 to ${this.count - 1}, got ${i}`);
    return this.engine.rho[i] * (1 + this.engine.g * this.engine.now);
  }

  /** Runs until time now + duration; returns the number of collisions. */
  advance(duration: number): number {
    // (Infinity ran for ever: the pace check measures the way to a finite end.)
    if (!(duration >= 0 && duration < Infinity)) throw new RangeError(`duration must be a finite number >= 0, got ${duration}`);
    return this.advanceTo(this.engine.now + duration);
  }

  /**
   * Runs until the clock reads exactly `time` (>= now): frames at exact times. With
   * `maxCollisions`, stops earlier, at the collision that makes that many (the clock then at
   * that collision): a run to a time in bounded chunks. Returns the number of collisions.
   */
  advanceTo(time: number, maxCollisions = Infinity): number {
    const e = this.engine;
    if (!(time >= e.now && time < Infinity)) throw new RangeError(`time must be a finite number >= the current time ${e.now}, got ${time}`);
    if (!((Number.isInteger(maxCollisions) && maxCollisions >= 0) || maxCollisions === Infinity)) throw new RangeError(`maxCollisions must be an integer >= 0 or Infinity, got ${maxCollisions}`);
    const before = e.stats.collisions;
    e.run(time, maxCollisions === Infinity ? Infinity : before + maxCollisions);
    return e.stats.collisions - before;
  }

  /**
   * Runs until `collisions` more collisions have happened; the clock stops at the last one;
   * returns `collisions`. At most 1e12 per call (days of CPU time), the horizon of advance's pace
   * check: a larger count is a RangeError, not a run that never returns. So is a count that can
   * never come: one body alone, every body at rest with nothing scheduled (no thermostat, no
   * growth), or bodies that never meet (found after 2^22 events without a collision).
   */
  advanceCollisions(collisions: number): number {
    if (!(Number.isInteger(collisions) && collisions >= 0 && collisions <= MAX_COLLISIONS)) {
      throw new RangeError(`collisions must be an integer from 0 to 1e12 (run a longer one in segments), got ${collisions}`);
    }
    const e = this.engine;
    if (collisions > 0 && this.count === 1) throw new RangeError(`a single body never collides (its periodic images are more than a diameter away), so ${collisions} collisions will never come; run to a time with advance(duration)`);
    const before = e.stats.collisions;
    e.run(Infinity, before + collisions);
    return e.stats.collisions - before;
  }

  /** Starts a new measurement window for pressure, collision rate, mean kinetic energy and shear stress. */
  resetMeasurements(): void {
    this.engine.resetWindow();
  }

  /**
   * Cumulative sums since time 0 (collisions, the collision virial Σ σ J, ∫ E_kin dt, the energy
   * lost in inelastic collisions, and the shear stress's integrals): the difference of two
   * readings gives an observable over the time between them, which is how `Averages` makes its
   * block averages. A resetMeasurements does not touch them.
   */
  sums(): MeasurementSums {
    return this.engine.sums();
  }

  /** The sums since the measurement window began, with a RangeError when no time has passed. */
  private windowed(what: string): MeasurementSums {
    const now = this.engine.sums(), w = this.engine.window;
    if (!(now.time > w.time)) throw new RangeError(`${what}: no time has passed in the measurement window (it began at t = ${w.time}); advance first`);
    return { time: now.time - w.time, collisions: now.collisions - w.collisions, virial: now.virial - w.virial, kineticIntegral: now.kineticIntegral - w.kineticIntegral, dissipated: now.dissipated - w.dissipated, kineticXY: now.kineticXY - w.kineticXY, virialXY: now.virialXY - w.virialXY };
  }

  /**
   * Reduced pressure Z = PV / (N kT) over the measurement window, from the collision virial:
   * Z = 1 + Σ r_ij·J_ij / (d N ⟨kT⟩ Δt), with ⟨kT⟩ = 2⟨E_kin⟩ / (d N) averaged over the window
   * (so Z = 1 + Σ σ J / (2 ∫E_kin dt)). A RangeError, rather than NaN, when it has no meaning:
   * no time has passed in the window, every body was at rest throughout (kT = 0), or the engine
   * is sheared (the kinetic energy there holds the flow's; use shearStress, or Averages).
   */
  pressure(): number {
    if (this.engine.shearRate !== 0) throw new RangeError("pressure(): a sheared engine's kinetic energy includes the flow's; measure its stress with shearStress(), its temperature with temperature() or Averages");
    this.windowed("pressure()");
    const z = this.engine.windowPressure();
    if (Number.isNaN(z)) throw new RangeError(`pressure(): every body was at rest through the window (kT = 0), so Z = PV/(N kT) has no value`);
    return z;
  }

  /** Collisions per body per unit time over the measurement window (each collision counts for both bodies); a RangeError when no time has passed. */
  collisionRate(): number {
    const w = this.windowed("collisionRate()");
    return (2 * w.collisions) / (this.count * w.time);
  }

  /**
   * The shear stress over the measurement window of a sheared engine: P_xy = (1/V)[⟨Σ m c_x c_y⟩
   * + Σ r_x J_y / t], c the velocity relative to the flow, r from one body to the other and J the
   * impulse on the latter, and the viscosity η = −P_xy / γ̇. Both parts are exact integrals over
   * the window (engine.ts's sums() explains the kinetic one). A RangeError for an unsheared engine or an
   * empty window.
   */
  shearStress(): ShearStress {
    const rate = this.engine.shearRate;
    if (rate === 0) throw new RangeError("shearStress(): the engine is not sheared (set shearRate)");
    const w = this.windowed("shearStress()");
    const V = this.engine.volume;
    const kinetic = w.kineticXY / (V * w.time), collisional = w.virialXY / (V * w.time);
    const pxy = kinetic + collisional;
    return { pxy, kinetic, collisional, viscosity: -pxy / rate, time: w.time };
  }

  /** Simulated time since the measurement window started. */
  get measuredTime(): number {
    return this.engine.now - this.engine.window.time;
  }

  /** Kinetic energy, summed from the velocities (in a sheared engine, including the flow's). */
  kineticEnergy(): number {
    const s = this.state;
    let e = 0;
    for (let i = 0, o = 0; i < this.count; i++, o += STATE_STRIDE) e += 0.5 * this.mass[i] * (s[o + VX] * s[o + VX] + s[o + VY] * s[o + VY] + s[o + VZ] * s[o + VZ]);
    return e;
  }

  /** Temperature kT = 2 E_kin / (d N) (Boltzmann's constant 1); in a sheared engine, of the velocities relative to the flow. */
  temperature(): number {
    const e = this.engine;
    if (e.shearRate === 0) return (2 * this.kineticEnergy()) / (this.dimensions * this.count);
    const s = this.state, now = e.now;
    let e2 = 0;
    for (let i = 0, o = 0; i < this.count; i++, o += STATE_STRIDE) {
      const cx = s[o + VX] - e.flow(s[o + Y] + s[o + VY] * (now - s[o + T]));
      e2 += this.mass[i] * (cx * cx + s[o + VY] * s[o + VY] + s[o + VZ] * s[o + VZ]);
    }
    return e2 / (this.dimensions * this.count);
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
    this.read(out, null, null, false);
    return out;
  }

  /** Unwrapped positions now (wrapped position + image × L): displacements over any time. */
  unwrappedPositionsInto(out: Float64Array): Float64Array {
    this.checkOut(out, this.dimensions * this.count, "unwrappedPositionsInto");
    this.read(out, null, null, true);
    return out;
  }

  /** Velocities, d numbers per body (in a sheared engine, of the image positionsInto gives). */
  velocitiesInto(out: Float64Array): Float64Array {
    this.checkOut(out, this.dimensions * this.count, "velocitiesInto");
    this.read(null, out, null, false);
    return out;
  }

  /** Radii now. */
  radiiInto(out: Float64Array): Float64Array {
    this.checkOut(out, this.count, "radiiInto");
    const grow = 1 + this.engine.g * this.engine.now;
    for (let i = 0; i < this.count; i++) out[i] = this.engine.rho[i] * grow;
    return out;
  }

  /** Rescales every velocity (relative to the flow, when sheared) so that the temperature is kT (pack uses it against the heating by growth). */
  rescaleVelocities(kT: number): void {
    if (!(kT > 0 && kT < Infinity)) throw new RangeError(`kT must be a finite number > 0, got ${kT}`);
    checkScale(kT, "kT");
    const e = this.engine;
    const f = Math.sqrt(kT / this.temperature());
    if (!(f < Infinity)) throw new RangeError("cannot rescale: every body is at rest");
    e.integrateSums();
    const s = this.state;
    for (let i = 0; i < this.count; i++) {
      e.sync(i);
      const o = STATE_STRIDE * i, u = e.flow(s[o + Y]);
      if (u === 0) s[o + VX] *= f;
      else s[o + VX] = u + f * (s[o + VX] - u);
      s[o + VY] *= f;
      s[o + VZ] *= f;
      e.mem.counter[i]++;
    }
    e.recomputeSums();
    // (positions and shells stand, so the lists do too: only the predictions change)
    e.predictAll();
  }
  private read(pos: Float64Array | null, vel: Float64Array | null, image: Int32Array | null, unwrapped: boolean): void {
    this.engine.readInto(pos, vel, image, unwrapped);
  }
}
