/**
 * Seeded random numbers for the science engine: sfc32 (Chris Doty-Humphrey's small fast
 * counting generator, 128 bits of state) seeded through splitmix32, Gaussian deviates by
 * Marsaglia's polar method and exponential deviates by inversion.
 *
 * Determinism: both deviates need a logarithm, and `Math.log` is not required by the
 * ECMAScript specification to round the same way in every engine. {@link naturalLog} is
 * computed here from +, −, ×, ÷ only (IEEE 754 rounds those identically everywhere), so a
 * seeded run gives the same bits in Node and in any browser. The polar method needs no
 * sine or cosine (Box–Muller would).
 */

const LN2_HI = 0.6931471803691238; // ln 2 rounded to 32 significant bits (exact products with small integers)
const LN2_LO = 1.9082149292705877e-10; // ln 2 - LN2_HI
const SQRT_HALF = Math.SQRT1_2;
const TWO64 = 2 ** 64;
const TWO_M64 = 2 ** -64;
const TWO_M53 = 2 ** -53;

/**
 * ln x for finite x > 0 (NaN for x < 0 or NaN, -Infinity for 0, Infinity for Infinity), from
 * +, −, ×, ÷ only, within a few ulps of the true value.
 *
 * x = m 2^e with m in [√½, √2) by exact scalings by powers of two; then
 * ln m = 2 atanh(s) = 2 (s + s³/3 + s⁵/5 + …) with s = (m − 1)/(m + 1), |s| ≤ 0.1716, where
 * 13 terms leave a truncation error below 2^-60 of the result; ln x = e ln 2 + ln m with ln 2
 * split in two parts so that e ln 2 is exact in its high part.
 */
export function naturalLog(x: number): number {
  if (!(x > 0)) return x === 0 ? -Infinity : NaN;
  if (x === Infinity) return Infinity;
  let m = x;
  let e = 0;
  while (m >= TWO64) { m *= TWO_M64; e += 64; }
  while (m < TWO_M64) { m *= TWO64; e -= 64; }
  while (m >= 2) { m *= 0.5; e++; }
  while (m < 1) { m *= 2; e--; }
  if (m > 2 * SQRT_HALF) { m *= 0.5; e++; }
  const s = (m - 1) / (m + 1);
  const s2 = s * s;
  let p = 1 / 25;
  for (let k = 11; k >= 0; k--) p = p * s2 + 1 / (2 * k + 1);
  const lnm = 2 * s * p;
  return e * LN2_HI + (e * LN2_LO + lnm);
}

/** A seeded generator of uniform, Gaussian and exponential deviates. */
export class ScienceRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare = 0;
  private hasSpare = false;

  /** `seed` is any integer (only its low 32 bits matter). */
  constructor(seed: number) {
    if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
    let s = seed >>> 0;
    const split = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    this.a = split();
    this.b = split();
    this.c = split();
    this.d = split();
    for (let i = 0; i < 16; i++) this.u32();
  }

  /**
   * The generator's whole state, as plain numbers (a checkpoint holds it): the four 32-bit words,
   * the Gaussian deviate kept for the next call (0 when none) and whether one is kept (1 or 0).
   */
  getState(): number[] {
    return [this.a, this.b, this.c, this.d, this.spare, this.hasSpare ? 1 : 0];
  }

  /** Puts back a state {@link getState} gave (a RangeError naming the entry otherwise). */
  setState(state: readonly number[]): void {
    if (!Array.isArray(state) || state.length !== 6) throw new RangeError(`a random state is 6 numbers, got ${JSON.stringify(state)}`);
    for (let k = 0; k < 4; k++) if (!(Number.isInteger(state[k]) && state[k] >= -(2 ** 31) && state[k] < 2 ** 32)) throw new RangeError(`random state[${k}] must be a 32-bit integer, got ${state[k]}`);
    if (!Number.isFinite(state[4])) throw new RangeError(`random state[4] must be a finite number, got ${state[4]}`);
    if (state[5] !== 0 && state[5] !== 1) throw new RangeError(`random state[5] must be 0 or 1, got ${state[5]}`);
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
    this.spare = state[4];
    this.hasSpare = state[5] === 1;
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) + t | 0;
    return t >>> 0;
  }

  /** A uniform double in [0, 1) with 53 random bits. */
  uniform(): number {
    return ((this.u32() >>> 5) * 0x4000000 + (this.u32() >>> 6)) * TWO_M53;
  }

  /** A uniform integer in [0, n) (n ≤ 2^32). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  /** A standard normal deviate (Marsaglia's polar method; the second deviate is kept for the next call). */
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u: number, v: number, s: number;
    do {
      u = 2 * this.uniform() - 1;
      v = 2 * this.uniform() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * naturalLog(s)) / s);
    this.spare = v * f;
    this.hasSpare = true;
    return u * f;
  }

  /** An exponential deviate with the given rate (mean 1 / rate). */
  exponential(rate: number): number {
    return -naturalLog(1 - this.uniform()) / rate;
  }
}
