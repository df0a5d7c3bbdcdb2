/**
 * Seeded pseudo-random numbers for tests and benchmarks (sfc32 by Chris Doty-Humphrey, seeded
 * through splitmix32), so every run sees the same cases.
 */
import { Sfc32 } from "../../src/math/sfc32.js";

export class Random extends Sfc32 {
  /** A uniform double in [0, 1) with 53 random bits. */
  next(): number {
    return (this.u32() * 2 ** 21 + (this.u32() >>> 11)) * 2 ** -53;
  }

  /** A uniform double in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A double whose magnitude is log-uniform in [lo, hi], with a random sign. */
  logUniform(lo: number, hi: number): number {
    const m = Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * this.next());
    return this.next() < 0.5 ? -m : m;
  }
}
