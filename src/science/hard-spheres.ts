/**
 * An event-driven molecular dynamics engine for hard disks (2D) and hard spheres (3D) in a
 * periodic box, specialised for what MD needs: no gravity, no walls, every axis periodic.
 * One event loop serves both dimensions: 2D bodies are stored with z = 0, v_z = 0 and an
 * infinite box side on z, so the per-pair kernel is the same code.
 *
 * Parts (the split of DynamO and of Smallenburg's EDMD):
 * - storage: one Float64Array, 8 numbers per body (x, y, z, t, vx, vy, vz, ρ) so that a pair
 *   test reads one or two cache lines; each body carries its own time t (positions are
 *   advanced lazily, only when the body takes part in an event or is read);
 * - motion: free flight; radii r_i(t) = ρ_i (1 + g t) (Lubachevsky–Stillinger growth, g = 0
 *   for plain MD);
 * - boundary: periodic on every axis with the minimum image; a body is wrapped back into the
 *   box when it leaves its neighbour shell, and an image counter per axis keeps its unwrapped
 *   position;
 * - candidates: neighbour lists (neighbour-lists.ts), the shell exit being an event;
 * - calendar: one event per body in an event calendar (event-calendar.ts), stale predictions
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
import { EventCalendar } from "./event-calendar.js";
import { checkScale, parseOptions, type HardSpheresOptions, type HardSpheresStats } from "./hard-spheres-options.js";
export { checkKeys } from "./hard-spheres-options.js";
export type { AndersenOptions, HardSpheresOptions, HardSpheresStats } from "./hard-spheres-options.js";
import { NeighbourLists } from "./neighbour-lists.js";
import { prefetchSink } from "./prefetch-sink.js";
import { ScienceRandom } from "./random.js";
import { ballVolume } from "./start.js";

/** A start state may overlap by this fraction of a radius (carom's START_SLACK). */
const START_SLACK = 1e-9;
/** With growth, all lists are rebuilt each time the radii have grown by this fraction. */
const HORIZON_GROWTH = 0.05;
const U8 = 8 * 2 ** -53;
/** A fast root is trusted when its error bound is below 2^-18 of c and of the discriminant. */
const TRUST = 2 ** 18;

/** Events after which a run checks that its clock moved on (2^20). */
const STALL_EVENTS = 1 << 20;
/** A run to a collision count stops after this many events (at least; 64 per body) without one (2^22). */
const NO_COLLISION_EVENTS = 1 << 22;

export class HardSpheres {
  /** 2 (discs) or 3 (spheres). */
  readonly dimensions: 2 | 3;
  /** Number of bodies. */
  readonly count: number;
  /** Box side lengths (Lz = Infinity in 2D). */
  readonly box: Float64Array;
  /** Interleaved state, 8 numbers per body: x, y, z, t, vx, vy, vz, ρ. */
  readonly state: Float64Array;
  /** Mass of each body. */
  readonly mass: Float64Array;
  /** Image counters, 3 per body: unwrapped = wrapped + image × L. */
  readonly image: Int32Array;
  /** What the engine has done so far (counts, updated as it runs). */
  readonly stats: HardSpheresStats = { collisions: 0, stale: 0, secondChoices: 0, shellExits: 0, fullRebuilds: 0, thermostatKicks: 0, exactRoots: 0, predictions: 0, pairTests: 0 };
  /** Called after each collision with the two bodies, the time and the impulse (optional). */
  onCollision: ((i: number, j: number, t: number, impulse: number) => void) | null = null;

  private now = 0;
  private g: number;
  private readonly rho: Float64Array;
  private rhoMax = 0;
  private readonly centre: Float64Array;
  private readonly counter: Int32Array;
  /**
   * Each body's pending event, 4 per body: the partner (−1: shell exit) and the partner's
   * counter when predicted, then the second-earliest choice, which takes over when the first
   * goes stale: its partner (−1: shell exit, −2: none) and counter; its time is in {@link time2}.
   */
  private readonly ev: Int32Array;
  private readonly time2: Float64Array;
  private readonly heap: EventCalendar;
  private readonly lists: NeighbourLists;
  private readonly skinFraction: number;
  private shell = 0;
  private tHorizon = Infinity;
  private readonly kT: number;
  private readonly kickRate: number;
  private readonly rng: ScienceRandom | null;
  private tKick = Infinity;
  /** Read neighbours ahead ({@link touchNeighbours}): only when the bodies outgrow the caches. */
  private readonly prefetch: boolean;
  /** Every mass the same (the collision reads no per-body mass). */
  private readonly equalMasses: boolean;
  // observables
  private ke = 0;
  private tKE = 0;
  private keIntegral = 0;
  private virial = 0;
  private tMeasure = 0;
  private collisionsMeasure = 0;

  /** Sets up the bodies at time 0; RangeError naming the field on an invalid option or an overlap. */
  constructor(options: HardSpheresOptions) {
    const o = parseOptions(options);
    const d = (this.dimensions = o.dimensions);
    const n = (this.count = o.count);
    this.box = o.box;
    this.state = o.state;
    this.rho = o.rho;
    this.mass = o.mass;
    this.g = o.growthRate;
    const skin = (this.skinFraction = o.skin);
    this.equalMasses = this.mass.every((m) => m === this.mass[0]);
    // 8,192 bodies of 64 bytes fill half a megabyte: below that the records stay in cache
    this.prefetch = n > 8192;
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
    this.ke = this.kineticEnergy();
    this.image = new Int32Array(3 * n);
    this.centre = new Float64Array(3 * n);
    this.counter = new Int32Array(n);
    this.ev = new Int32Array(4 * n).fill(-2);
    this.time2 = new Float64Array(n);
    this.heap = new EventCalendar(n + 1);
    const density = n / (this.box[0] * this.box[1] * (d === 3 ? this.box[2] : 1));
    const cut = 2 * this.rhoMax * (1 + skin);
    const expected = density * (d === 3 ? (4 / 3) * Math.PI * cut * cut * cut : Math.PI * cut * cut);
    // (no body has more than n - 1 neighbours: a skin of 1000 asked for 1.8e12 entries)
    this.lists = new NeighbourLists(n, this.centre, this.rho, this.box, Math.min(Math.ceil(1.5 * expected) + 8, n + 8));
    this.rebuildAll();
    this.checkStart();
  }

  /** The current time. */
  get time(): number {
    return this.now;
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
      this.state[8 * i + 7] = this.rho[i];
    }
    this.rhoMax *= f;
    this.g = g;
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

  /** Runs until `collisions` more collisions have happened; the clock stops at the last one. */
  advanceCollisions(collisions: number): void {
    if (!(collisions >= 0 && collisions < Infinity)) throw new RangeError(`collisions must be a finite number >= 0, got ${collisions}`);
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
    for (let i = 0; i < this.count; i++) e += 0.5 * this.mass[i] * (s[8 * i + 4] * s[8 * i + 4] + s[8 * i + 5] * s[8 * i + 5] + s[8 * i + 6] * s[8 * i + 6]);
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
      for (let i = 0; i < this.count; i++) p += this.mass[i] * s[8 * i + 4 + a];
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
    for (let i = 0; i < this.count; i++) for (let a = 0; a < d; a++) out[d * i + a] = s[8 * i + 4 + a];
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
      s[8 * i + 4] *= f;
      s[8 * i + 5] *= f;
      s[8 * i + 6] *= f;
      this.counter[i]++;
    }
    this.ke = this.kineticEnergy();
    this.rebuildAll();
  }

  private readPositions(out: Float64Array, unwrapped: boolean): void {
    const d = this.dimensions, s = this.state, box = this.box, now = this.now;
    for (let i = 0; i < this.count; i++) {
      const dt = now - s[8 * i + 3];
      for (let a = 0; a < d; a++) {
        let x = s[8 * i + a] + s[8 * i + 4 + a] * dt;
        const L = box[a];
        if (unwrapped) x += this.image[3 * i + a] * L;
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
    const heap = this.heap, n = this.count;
    const ev = this.ev, counter = this.counter;
    const stats = this.stats;
    // every STALL_EVENTS events, the pace: a run to a time it would need more than 1e12 events
    // to reach stops (advance(1e308); growing bodies that jam, whose collisions pile up
    // towards one instant); a run to a collision count stops when no collision came in
    // max(2^22, 64 N) events (bodies that never meet: parallel lanes, an empty box)
    let budget = STALL_EVENTS, tCheck = this.now;
    let idle = 0, cCheck = stats.collisions;
    const idleChecks = collisionsEnd < Infinity ? Math.max(NO_COLLISION_EVENTS, 64 * n) / STALL_EVENTS : Infinity;
    while (stats.collisions < collisionsEnd) {
      const k = heap.top();
      const t = heap.topTime();
      if (t > tEnd || t === Infinity) {
        if (tEnd < Infinity) this.now = tEnd;
        return;
      }
      this.now = t;
      if (--budget === 0) {
        if (tEnd < Infinity && !((tEnd - t) / (t - tCheck) < 1e12 / STALL_EVENTS)) this.stalled(t - tCheck, tEnd);
        idle = stats.collisions === cCheck ? idle + 1 : 0;
        if (idle >= idleChecks) {
          throw new RangeError(`no collision in ${idle * STALL_EVENTS} events (t = ${t}): the bodies may never meet; run to a time with advance(duration) instead`);
        }
        cCheck = stats.collisions;
        budget = STALL_EVENTS;
        tCheck = t;
      }
      if (k === n) this.system();
      else {
        const p = ev[4 * k];
        if (p >= 0) {
          if (counter[p] === ev[4 * k + 1]) this.collide(k, p);
          else {
            stats.stale++;
            // k has not changed course since its prediction, so its second choice still holds
            // when that partner has not changed either: every pair with a body that changed
            // course since was tested again by that body
            const q = ev[4 * k + 2];
            if (q === -1 || (q >= 0 && counter[q] === ev[4 * k + 3])) {
              stats.secondChoices++;
              ev[4 * k] = q;
              ev[4 * k + 1] = ev[4 * k + 3];
              ev[4 * k + 2] = -2;
              heap.set(k, this.time2[k]);
            } else this.predict(k);
          }
        } else this.shellExit(k);
      }
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
    const s = this.state, o = 8 * i;
    const dt = this.now - s[o + 3];
    if (dt !== 0) {
      s[o] += s[o + 4] * dt;
      s[o + 1] += s[o + 5] * dt;
      s[o + 2] += s[o + 6] * dt;
      s[o + 3] = this.now;
    }
  }

  /** Wraps body i into the box (counting images) and centres its shell on it. */
  private wrap(i: number): void {
    const s = this.state, o = 8 * i, box = this.box;
    for (let a = 0; a < this.dimensions; a++) {
      const L = box[a];
      let x = s[o + a];
      if (x >= L) {
        x -= L;
        this.image[3 * i + a]++;
      } else if (x < 0) {
        x += L;
        this.image[3 * i + a]--;
      }
      s[o + a] = x;
      this.centre[3 * i + a] = x;
    }
  }

  private syncAll(): void {
    for (let i = 0; i < this.count; i++) this.sync(i);
  }

  /** Rebuilds every list (new growth horizon) and predicts every body again. */
  private rebuildAll(): void {
    this.stats.fullRebuilds++;
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
    const skin = Math.min(this.skinFraction * sigmaH, 0.99 * half - sigmaH);
    this.shell = skin / 2;
    this.lists.rebuildAll(gh, skin, this.rhoMax);
    for (let i = 0; i < n; i++) this.predict(i);
    this.scheduleSystem();
    this.heap.calibrate(this.now);
  }

  private scheduleSystem(): void {
    this.heap.set(this.count, Math.min(this.tKick, this.tHorizon));
  }

  private system(): void {
    if (this.tHorizon <= this.tKick) {
      this.rebuildAll();
      return;
    }
    const rng = this.rng as ScienceRandom;
    const i = rng.int(this.count);
    this.sync(i);
    const s = this.state, o = 8 * i, m = this.mass[i];
    const sd = Math.sqrt(this.kT / m);
    this.integrateKE();
    this.ke -= 0.5 * m * (s[o + 4] * s[o + 4] + s[o + 5] * s[o + 5] + s[o + 6] * s[o + 6]);
    s[o + 4] = sd * rng.normal();
    s[o + 5] = sd * rng.normal();
    if (this.dimensions === 3) s[o + 6] = sd * rng.normal();
    this.ke += 0.5 * m * (s[o + 4] * s[o + 4] + s[o + 5] * s[o + 5] + s[o + 6] * s[o + 6]);
    this.counter[i]++;
    this.stats.thermostatKicks++;
    this.tKick += rng.exponential(this.kickRate);
    this.predict(i);
    this.scheduleSystem();
  }

  private integrateKE(): void {
    this.keIntegral += this.ke * (this.now - this.tKE);
    this.tKE = this.now;
  }

  private shellExit(i: number): void {
    this.stats.shellExits++;
    this.sync(i);
    this.wrap(i);
    this.lists.rebuildOne(i);
    this.predict(i);
  }

  /**
   * Reads every neighbour's record of body i in a loop small enough for the processor to have
   * all their cache misses in flight at once (JavaScript has no prefetch instruction), so that
   * the pair tests that follow find them in cache.
   */
  private touchNeighbours(i: number): void {
    if (!this.prefetch) return;
    const s = this.state, lists = this.lists, list = lists.list, base = i * lists.cap, end = base + lists.count[i];
    let touch = 0;
    for (let p = base; p < end; p++) touch += s[((list[p] >> 6) << 3) | 3];
    prefetchSink.value = touch;
  }

  /** Body i's next event: the earliest collision with a listed neighbour, or its shell exit. */
  private predict(i: number): void {
    this.sync(i);
    this.touchNeighbours(i);
    const g = this.g;
    // without growth the lean loop makes every pair test and keeps a second choice, unless
    // it meets a root that only the exact kernel settles: then the general loop does it all
    if (g === 0 && this.predictPlain(i)) return;
    const s = this.state, o = 8 * i, now = this.now;
    const xi = s[o], yi = s[o + 1], zi = s[o + 2];
    const vxi = s[o + 4], vyi = s[o + 5], vzi = s[o + 6], ri = s[o + 7];
    let best = this.shellExitTime(i);
    let partner = -1;
    const grow = 1 + g * now;
    const lists = this.lists, list = lists.list, base = i * lists.cap, end = base + lists.count[i];
    // an entry's image shift along an axis is ((code >> 2 a) & 3) − 1 boxes (no z shift in 2D)
    const lx = this.box[0], ly = this.box[1], lz = this.dimensions === 3 ? this.box[2] : 0;
    if (g !== 0) {
      this.stats.predictions++;
      this.stats.pairTests += end - base;
    }
    for (let p = base; p < end; p++) {
      const e = list[p];
      const j = e >> 6;
      const oj = 8 * j;
      const dtj = now - s[oj + 3];
      const vxj = s[oj + 4], vyj = s[oj + 5], vzj = s[oj + 6];
      // the entry's periodic image (fixed while both shells stand): no minimum-image branches
      const dx = s[oj] + vxj * dtj - xi + ((e & 3) - 1) * lx;
      const dy = s[oj + 1] + vyj * dtj - yi + (((e >> 2) & 3) - 1) * ly;
      const dz = s[oj + 2] + vzj * dtj - zi + (((e >> 4) & 3) - 1) * lz;
      const wx = vxj - vxi, wy = vyj - vyi, wz = vzj - vzi;
      const sum = ri + s[oj + 7];
      const sd = sum * g;
      const sig = sum * grow;
      const b = dx * wx + dy * wy + dz * wz - sig * sd;
      const a = wx * wx + wy * wy + wz * wz - sd * sd;
      if (b >= 0 && a >= 0) continue;
      const dd = dx * dx + dy * dy + dz * dz;
      const c = dd - sig * sig;
      const tb = best - now;
      if (tb < Infinity && c > 0) {
        const at = a * tb + b;
        if ((at + b) * tb + c > 0 && (at <= 0 || a < 0)) continue;
      }
      let tau: number;
      if (b < 0) {
        if (c <= 0) tau = 0;
        else {
          const disc = b * b - a * c;
          if (disc <= 0) continue;
          tau = c / (Math.sqrt(disc) - b);
          if (now + tau >= best) continue;
          if (g === 0 && (c < TRUST * U8 * (dd + sig * sig) || disc < TRUST * U8 * (b * b + Math.abs(a * c)))) {
            this.stats.exactRoots++;
            tau = toiSpheresRaw(0, 0, 0, vxi, vyi, vzi, ri, dx, dy, dz, vxj, vyj, vzj, s[oj + 7], Infinity);
          }
        }
      } else {
        const disc = b * b - a * c;
        tau = -(b + Math.sqrt(disc > 0 ? disc : 0)) / a;
      }
      if (now + tau < best) {
        best = now + tau;
        partner = j;
      }
    }
    const ev = this.ev;
    ev[4 * i] = partner;
    if (partner >= 0) ev[4 * i + 1] = this.counter[partner];
    ev[4 * i + 2] = -2;
    this.heap.set(i, best);
  }

  /** When body i (synchronised) leaves its shell: |e + v τ| = shell with e inside (Infinity at rest). */
  private shellExitTime(i: number): number {
    const s = this.state, o = 8 * i, now = this.now, centre = this.centre;
    const vxi = s[o + 4], vyi = s[o + 5], vzi = s[o + 6];
    const ex = s[o] - centre[3 * i], ey = s[o + 1] - centre[3 * i + 1], ez = s[o + 2] - centre[3 * i + 2];
    const va = vxi * vxi + vyi * vyi + vzi * vzi;
    // one return of one double variable: the optimiser keeps it unboxed where this is inlined
    let t = Infinity;
    if (va > 0) {
      const vb = ex * vxi + ey * vyi + ez * vzi;
      const vc = ex * ex + ey * ey + ez * ez - this.shell * this.shell;
      t = now;
      if (vc < 0) {
        const sq = Math.sqrt(vb * vb - va * vc);
        t += vb <= 0 ? (sq - vb) / va : -vc / (vb + sq);
      }
    }
    return t;
  }

  /**
   * The pair tests of {@link predict} without growth (σ' = 0, so a ≥ 0 and b = Δ·w), the same
   * arithmetic as the general loop with the terms that vanish left out: schedules body i's two
   * earliest events among its shell exit and its collisions before it (a pair is
   * rejected only when it cannot come before the second). Returns false, having scheduled
   * nothing, when a root that could come first is not certified: the loop makes no call (the
   * exact kernel is out of it), so that the optimiser keeps the arrays' checks out of the loop.
   */
  private predictPlain(i: number): boolean {
    const s = this.state, o = 8 * i, now = this.now;
    const xi = s[o], yi = s[o + 1], zi = s[o + 2];
    const vxi = s[o + 4], vyi = s[o + 5], vzi = s[o + 6], ri = s[o + 7];
    const lists = this.lists, list = lists.list, base = i * lists.cap, end = base + lists.count[i];
    // an entry's image shift along an axis is ((code >> 2 a) & 3) − 1 boxes (no z shift in 2D)
    const lx = this.box[0], ly = this.box[1], lz = this.dimensions === 3 ? this.box[2] : 0;
    // (+ 0: a plain double for the optimiser, so that best and second are never boxed in the loop)
    let best = this.shellExitTime(i) + 0;
    let partner = -1, second = best, partner2 = -1;
    let tb = second - now;
    this.stats.predictions++;
    this.stats.pairTests += end - base;
    for (let p = base; p < end; p++) {
      const e = list[p];
      const j = e >> 6;
      const oj = j << 3; // (shifts and ors: int32 index arithmetic without overflow checks)
      const dtj = now - s[oj | 3];
      const vxj = s[oj | 4], vyj = s[oj | 5], vzj = s[oj | 6];
      const dx = s[oj] + vxj * dtj - xi + ((e & 3) - 1) * lx;
      const dy = s[oj | 1] + vyj * dtj - yi + (((e >> 2) & 3) - 1) * ly;
      const dz = s[oj | 2] + vzj * dtj - zi + (((e >> 4) & 3) - 1) * lz;
      const wx = vxj - vxi, wy = vyj - vyi, wz = vzj - vzi;
      const b = dx * wx + dy * wy + dz * wz;
      if (b >= 0) continue;
      const sig = ri + s[oj | 7];
      const a = wx * wx + wy * wy + wz * wz;
      const dd = dx * dx + dy * dy + dz * dz;
      const c = dd - sig * sig;
      let tau = 0;
      if (c > 0) {
        // cannot come first: f(τ*) > 0 while f still falls at τ* (with τ* = ∞, at is ∞ or NaN)
        const at = a * tb + b;
        if ((at + b) * tb + c > 0 && at <= 0) continue;
        const disc = b * b - a * c;
        if (disc <= 0) continue;
        tau = c / (Math.sqrt(disc) - b);
        if (now + tau >= second) continue;
        if (c < TRUST * U8 * (dd + sig * sig) || disc < TRUST * U8 * (b * b + Math.abs(a * c))) return false;
      }
      const t = now + tau;
      if (t < best) {
        second = best;
        partner2 = partner;
        best = t;
        partner = j;
      } else if (t < second) {
        second = t;
        partner2 = j;
      } else continue;
      tb = second - now;
    }
    const ev = this.ev, counter = this.counter;
    ev[4 * i] = partner;
    if (partner >= 0) {
      ev[4 * i + 1] = counter[partner];
      ev[4 * i + 2] = partner2;
      if (partner2 >= 0) ev[4 * i + 3] = counter[partner2];
      this.time2[i] = second;
    } else ev[4 * i + 2] = -2;
    this.heap.set(i, best);
    return true;
  }

  private collide(i: number, j: number): void {
    this.touchNeighbours(i);
    this.touchNeighbours(j);
    this.sync(i);
    this.sync(j);
    const s = this.state, oi = 8 * i, oj = 8 * j, box = this.box;
    let dx = s[oj] - s[oi], dy = s[oj + 1] - s[oi + 1], dz = s[oj + 2] - s[oi + 2];
    if (dx > 0.5 * box[0]) dx -= box[0]; else if (dx < -0.5 * box[0]) dx += box[0];
    if (dy > 0.5 * box[1]) dy -= box[1]; else if (dy < -0.5 * box[1]) dy += box[1];
    if (dz > 0.5 * box[2]) dz -= box[2]; else if (dz < -0.5 * box[2]) dz += box[2];
    const dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
    const nx = dx / dist, ny = dy / dist, nz = dz / dist;
    const wn = (s[oj + 4] - s[oi + 4]) * nx + (s[oj + 5] - s[oi + 5]) * ny + (s[oj + 6] - s[oi + 6]) * nz;
    const sd = (s[oi + 7] + s[oj + 7]) * this.g;
    const mi = this.equalMasses ? this.mass[0] : this.mass[i], mj = this.equalMasses ? mi : this.mass[j];
    const mu = (mi * mj) / (mi + mj);
    const impulse = 2 * mu * (sd - wn);
    if (impulse > 0) {
      const ji = impulse / mi, jj = impulse / mj;
      s[oi + 4] -= ji * nx;
      s[oi + 5] -= ji * ny;
      s[oi + 6] -= ji * nz;
      s[oj + 4] += jj * nx;
      s[oj + 5] += jj * ny;
      s[oj + 6] += jj * nz;
      this.virial += impulse * dist;
      if (sd > 0) {
        this.integrateKE();
        this.ke += impulse * sd;
      }
    }
    this.counter[i]++;
    this.counter[j]++;
    this.stats.collisions++;
    if (this.onCollision !== null) this.onCollision(i, j, this.now, impulse);
    this.predict(i);
    this.predict(j);
  }

  private checkStart(): void {
    const s = this.state, box = this.box, list = this.lists.list, cap = this.lists.cap;
    const grow = 1 + this.g * this.now;
    for (let i = 0; i < this.count; i++) {
      for (let p = i * cap, end = p + this.lists.count[i]; p < end; p++) {
        const j = list[p] >> 6;
        if (j < i) continue;
        let dd = 0;
        for (let a = 0; a < 3; a++) {
          let d = s[8 * j + a] - s[8 * i + a];
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
