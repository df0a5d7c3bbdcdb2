/**
 * A small seeded generator (mulberry32, Tommy Ettinger's 32-bit mixer) for the demos' starting
 * states: integer arithmetic only, so the same seed gives the same scene bit for bit in every
 * JavaScript engine (Math.random would not).
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniform double in [0, 1) with 32 random bits. */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A uniform double in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /**
   * A random direction in the plane, uniform in angle, without trigonometry (whose last bits
   * differ between engines): a point drawn uniformly in the unit disc by rejection, scaled to
   * length 1 (Math.sqrt is correctly rounded everywhere). Writes into out[0], out[1].
   */
  direction2(out: number[]): void {
    for (;;) {
      const x = 2 * this.next() - 1, y = 2 * this.next() - 1;
      const q = x * x + y * y;
      if (q > 1e-6 && q <= 1) {
        const s = Math.sqrt(q);
        out[0] = x / s;
        out[1] = y / s;
        return;
      }
    }
  }

  /** A random direction in space, uniform on the sphere (rejection from the unit ball). */
  direction3(out: number[]): void {
    for (;;) {
      const x = 2 * this.next() - 1, y = 2 * this.next() - 1, z = 2 * this.next() - 1;
      const q = x * x + y * y + z * z;
      if (q > 1e-6 && q <= 1) {
        const s = Math.sqrt(q);
        out[0] = x / s;
        out[1] = y / s;
        out[2] = z / s;
        return;
      }
    }
  }
}
