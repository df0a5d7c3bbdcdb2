/**
 * Seeded pseudo-random numbers for tests and benchmarks (sfc32 by Chris Doty-Humphrey, seeded
 * through splitmix32), so every run sees the same cases.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

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
