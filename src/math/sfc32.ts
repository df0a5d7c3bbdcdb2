/**
 * sfc32, Chris Doty-Humphrey's small fast counting generator (128 bits of state, period at
 * least 2^32), the seeded source behind carom's deterministic racks, science starts and test
 * cases. Integer arithmetic only, so it gives the same bits in every engine.
 */

/** A 32-bit integer hash used to spread a seed over the four state words (a bijection). */
export type SeedMixer = (z: number) => number;

/** Murmur3's fmix32 finaliser: the seed mixer of splitmix32. */
export function fmix32(z: number): number {
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** The sfc32 state and step; subclasses add the deviates they need. */
export class Sfc32 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /**
   * Seeds the state with mix(seed + k·0x9e3779b9), k = 1..4 (seed's low 32 bits, a Weyl sequence
   * as in splitmix32), then discards `warmup` outputs.
   */
  constructor(seed: number, mix: SeedMixer = fmix32, warmup = 12) {
    let s = seed >>> 0;
    s = (s + 0x9e3779b9) | 0; this.a = mix(s);
    s = (s + 0x9e3779b9) | 0; this.b = mix(s);
    s = (s + 0x9e3779b9) | 0; this.c = mix(s);
    s = (s + 0x9e3779b9) | 0; this.d = mix(s);
    for (let i = 0; i < warmup; i++) this.u32();
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (((this.c << 21) | (this.c >>> 11)) + t) | 0;
    return t >>> 0;
  }
}
