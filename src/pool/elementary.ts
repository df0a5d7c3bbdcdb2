/**
 * The elementary functions the pool model needs (sine, cosine, exponential, arc cosine), built
 * from +, −, ×, ÷ and √ only, so that every engine produces the same bits (IEEE 754 rounds those
 * five operations correctly everywhere, and nothing here depends on a platform's libm or on
 * `Math.sin`'s implementation). Accuracy: within a few ulps of the true value on the ranges the
 * model uses (|x| up to about 1e5 for the trigonometric functions), checked against `Math.*`
 * in test/pool-elementary.test.ts. pooltool itself uses libm, whose last bits differ between
 * platforms; the model's tolerances (1e-9 relative) are far above these differences.
 *
 * Methods: Cody–Waite argument reduction by π/2 (two-part constant) and Taylor polynomials on
 * [−π/4, π/4] evaluated by Horner's rule; exp by reduction modulo ln 2 (two-part) and a
 * Taylor polynomial on |r| ≤ ln2/2, scaled by an exact power of two; acos through
 * acos x = 2 atan √((1 − x)/(1 + x)), atan by two half-angle reductions
 * (atan z = 2 atan(z / (1 + √(1 + z²)))) and its Taylor series below tan(π/16).
 */

/** π to double precision. */
export const PI = 3.141592653589793;
const PIO2_HI = 1.5707963267341256; // first 33 bits of π/2
const PIO2_LO = 6.077100506506192e-11; // π/2 − PIO2_HI
const TWO_OVER_PI = 0.6366197723675814;

// Taylor coefficients of sin and cos (1/n! with alternating signs), enough for |r| ≤ π/4 to
// below half an ulp.
const S1 = -1 / 6, S2 = 1 / 120, S3 = -1 / 5040, S4 = 1 / 362880, S5 = -1 / 39916800;
const S6 = 1 / 6227020800, S7 = -1 / 1307674368000, S8 = 1 / 355687428096000;
const C1 = -1 / 2, C2 = 1 / 24, C3 = -1 / 720, C4 = 1 / 40320, C5 = -1 / 3628800;
const C6 = 1 / 479001600, C7 = -1 / 87178291200, C8 = 1 / 20922789888000, C9 = -1 / 6402373705728000;

function sinKernel(r: number): number {
  const z = r * r;
  return r + r * z * (S1 + z * (S2 + z * (S3 + z * (S4 + z * (S5 + z * (S6 + z * (S7 + z * S8)))))));
}

function cosKernel(r: number): number {
  const z = r * r;
  return 1 + z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * (C6 + z * (C7 + z * (C8 + z * C9))))))));
}

/** Quadrant k (mod 4) and remainder r in about [−π/4, π/4] with x = k π/2 + r. */
let quadrant = 0;
function reduce(x: number): number {
  const k = Math.round(x * TWO_OVER_PI);
  quadrant = ((k % 4) + 4) % 4;
  return x - k * PIO2_HI - k * PIO2_LO;
}

/** sin x (radians). */
export function sin(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  const r = reduce(x);
  switch (quadrant) {
    case 0: return sinKernel(r);
    case 1: return cosKernel(r);
    case 2: return -sinKernel(r);
    default: return -cosKernel(r);
  }
}

/** cos x (radians). */
export function cos(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  const r = reduce(x);
  switch (quadrant) {
    case 0: return cosKernel(r);
    case 1: return -sinKernel(r);
    case 2: return -cosKernel(r);
    default: return sinKernel(r);
  }
}

/**
 * cos and sin of an angle in degrees, written to out[0], out[1]. The angle is first reduced
 * exactly modulo 360 (the remainder `%` is exact in IEEE 754), so multiples of 90 degrees give
 * exact 0 and ±1.
 */
export function cosSinDegrees(out: Float64Array, degrees: number): void {
  let d = degrees % 360;
  if (d < 0) d += 360;
  // Octant-exact quarter turns: d = 90 q + e with e in [−45, 45].
  let q = Math.round(d / 90);
  const e = d - 90 * q;
  q %= 4;
  const r = e * (PI / 180);
  const c = cosKernel(r), s = sinKernel(r);
  switch (q) {
    case 0: out[0] = c; out[1] = s; break;
    case 1: out[0] = -s; out[1] = c; break;
    case 2: out[0] = -c; out[1] = -s; break;
    default: out[0] = s; out[1] = -c; break;
  }
}

const LN2_HI = 0.6931471803691238; // first 32 bits of ln 2
const LN2_LO = 1.9082149292705877e-10;
const INV_LN2 = 1.4426950408889634;

/** e^x. */
export function exp(x: number): number {
  if (x !== x) return NaN;
  if (x > 709.78) return Infinity;
  if (x < -745.2) return 0;
  const k = Math.round(x * INV_LN2);
  const r = x - k * LN2_HI - k * LN2_LO;
  // Taylor series of e^r for |r| <= 0.347: 14 terms reach below 1e-17.
  let p = 1 / 87178291200;
  p = p * r + 1 / 6227020800;
  p = p * r + 1 / 479001600;
  p = p * r + 1 / 39916800;
  p = p * r + 1 / 3628800;
  p = p * r + 1 / 362880;
  p = p * r + 1 / 40320;
  p = p * r + 1 / 5040;
  p = p * r + 1 / 720;
  p = p * r + 1 / 120;
  p = p * r + 1 / 24;
  p = p * r + 1 / 6;
  p = p * r + 0.5;
  p = p * r + 1;
  p = p * r + 1;
  return scaleByPowerOfTwo(p, k);
}

/** y · 2^k (multiplications by exact powers of two, split to avoid overflow). */
function scaleByPowerOfTwo(y: number, k: number): number {
  if (k > 1000) { y *= pow2(1000); k -= 1000; }
  return y * pow2(k);
}

function pow2(k: number): number {
  let result = 1;
  let base = k >= 0 ? 2 : 0.5;
  let n = k >= 0 ? k : -k;
  while (n > 0) {
    if (n & 1) result *= base;
    base *= base;
    n >>= 1;
  }
  return result;
}

/** atan z for z >= 0. */
function atanNonNegative(z: number): number {
  if (z > 1) return PI / 2 - atanNonNegative(1 / z);
  // Two half-angle steps take z <= 1 below tan(π/16) ≈ 0.199.
  const z1 = z / (1 + Math.sqrt(1 + z * z));
  const z2 = z1 / (1 + Math.sqrt(1 + z1 * z1));
  const s = z2 * z2;
  // Taylor series z − z³/3 + z⁵/5 − …: 13 terms reach below 1e-18 for z <= 0.2.
  let p = 1 / 25;
  for (let n = 23; n >= 1; n -= 2) p = (n % 4 === 1 ? 1 : -1) / n + s * p;
  return 4 * (z2 * p);
}

/** atan x. */
export function atan(x: number): number {
  if (x !== x) return NaN;
  return x < 0 ? -atanNonNegative(-x) : atanNonNegative(x);
}

/** acos x for x in [−1, 1] (NaN outside). */
export function acos(x: number): number {
  if (!(x >= -1 && x <= 1)) return NaN;
  if (x === -1) return PI;
  return 2 * atanNonNegative(Math.sqrt((1 - x) / (1 + x)));
}
