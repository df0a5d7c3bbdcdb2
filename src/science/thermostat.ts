/**
 * The science engine's thermostats, scheduled systems of the event loop (the calendar's last
 * slot): Andersen's (at the events of a Poisson process of rate ν per body, one random body's
 * velocity is redrawn from Maxwell–Boltzmann at kT) and velocity rescaling (every `interval`,
 * every body's velocity scaled by one factor to kT). In a sheared engine both act on the velocity
 * relative to the flow (the peculiar velocity), so neither drags the flow.
 */
import type { Engine } from "./engine.js";
import type { AndersenOptions, RescaleOptions, ThermostatState } from "./hard-spheres-options.js";
import { KINETIC_ENERGY, MOMENTUM_XY, STATE_STRIDE, VX, VY, VZ, Y } from "./kernel-layout.js";
import { ScienceRandom } from "./random.js";

export class Thermostat {
  readonly kind: "andersen" | "rescale";
  readonly temperature: number;
  /** When it acts next. */
  next: number;
  private readonly rate: number;
  private readonly seed: number;
  private readonly interval: number;
  private readonly rng: ScienceRandom | null;
  /** Andersen: redraws per unit time over all bodies. */
  private readonly kickRate: number;

  constructor(options: AndersenOptions | RescaleOptions, count: number) {
    this.temperature = options.temperature;
    if ("interval" in options) {
      this.kind = "rescale";
      this.interval = options.interval;
      this.rate = 0;
      this.seed = 0;
      this.kickRate = 0;
      this.rng = null;
      this.next = options.interval;
    } else {
      this.kind = "andersen";
      this.interval = 0;
      this.rate = options.rate;
      this.seed = options.seed;
      this.rng = new ScienceRandom(options.seed);
      this.kickRate = options.rate * count;
      this.next = this.rng.exponential(this.kickRate);
    }
  }

  /** The options it was made from. */
  get options(): AndersenOptions | RescaleOptions {
    return this.kind === "rescale" ? { temperature: this.temperature, interval: this.interval } : { temperature: this.temperature, rate: this.rate, seed: this.seed };
  }

  /** Its state, for a checkpoint. */
  getState(): ThermostatState {
    const s: ThermostatState = { kind: this.kind, temperature: this.temperature, next: this.next };
    if (this.kind === "rescale") s.interval = this.interval;
    else {
      s.rate = this.rate;
      s.seed = this.seed;
      s.random = (this.rng as ScienceRandom).getState();
    }
    return s;
  }

  /** Puts back the time it acts next and its random state (a checkpoint's). */
  setState(state: ThermostatState): void {
    this.next = state.next;
    if (this.rng !== null) this.rng.setState(state.random as number[]);
  }

  /** Acts now (the engine's clock is at `next`) and schedules its next action. */
  apply(engine: Engine): void {
    if (this.kind === "andersen") this.kick(engine);
    else this.rescale(engine);
  }

  /** Andersen: one random body's (peculiar) velocity redrawn from Maxwell–Boltzmann at kT. */
  private kick(engine: Engine): void {
    const rng = this.rng as ScienceRandom;
    const i = rng.int(engine.count);
    engine.sync(i);
    const mem = engine.mem, s = mem.state, F = mem.F, o = STATE_STRIDE * i, m = engine.mass[i];
    const sd = Math.sqrt(this.temperature / m);
    engine.integrateSums();
    F[KINETIC_ENERGY] -= 0.5 * m * (s[o + VX] * s[o + VX] + s[o + VY] * s[o + VY] + s[o + VZ] * s[o + VZ]);
    F[MOMENTUM_XY] -= m * s[o + VX] * s[o + VY];
    s[o + VX] = sd * rng.normal();
    s[o + VY] = sd * rng.normal();
    if (engine.dimensions === 3) s[o + VZ] = sd * rng.normal();
    if (engine.shearRate !== 0) s[o + VX] += engine.flow(s[o + Y]);
    F[KINETIC_ENERGY] += 0.5 * m * (s[o + VX] * s[o + VX] + s[o + VY] * s[o + VY] + s[o + VZ] * s[o + VZ]);
    F[MOMENTUM_XY] += m * s[o + VX] * s[o + VY];
    mem.counter[i]++;
    this.next += rng.exponential(this.kickRate);
    mem.kernel.predictAny(i);
  }

  /** Rescaling: every body's peculiar velocity scaled so that kT is the set temperature (bodies at rest stay so). */
  private rescale(engine: Engine): void {
    engine.syncAll();
    const s = engine.mem.state, n = engine.count, d = engine.dimensions;
    let e2 = 0;
    for (let i = 0, o = 0; i < n; i++, o += STATE_STRIDE) {
      const cx = s[o + VX] - engine.flow(s[o + Y]);
      e2 += engine.mass[i] * (cx * cx + s[o + VY] * s[o + VY] + s[o + VZ] * s[o + VZ]);
    }
    const f = e2 > 0 ? Math.sqrt((this.temperature * d * n) / e2) : 1;
    for (let i = 0, o = 0; i < n; i++, o += STATE_STRIDE) {
      const u = engine.flow(s[o + Y]);
      s[o + VX] = u + f * (s[o + VX] - u);
      s[o + VY] *= f;
      s[o + VZ] *= f;
      engine.mem.counter[i]++;
    }
    engine.recomputeSums();
    this.next += this.interval;
    // (positions and shells stand, so the lists do too: only the predictions change)
    for (let i = 0; i < n; i++) engine.mem.kernel.predictAny(i);
    engine.mem.kernel.calibrate(engine.now);
  }
}
