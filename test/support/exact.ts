/**
 * An independent exact reference for the time-of-impact queries, in BigInt arithmetic.
 *
 * Every double is a dyadic rational m 2^e, so after scaling all inputs of a case by a common
 * power of two they are integers, and so are d = pB - pA, w = vB - vA, R = rA + rB and the
 * coefficients A = w.w, B = d.w, C = d.d - R^2 (the scale cancels in t). The cases are decided on
 * exact integer signs; the root t* = C / (-B + sqrt(B^2 - A C)) is formed with an integer square
 * root carried PREC bits beyond the point, so its relative error is below 2^-(PREC - 10), far
 * below an ulp. Nothing here shares code or formulas with src/ beyond the contact equation.
 */

const PREC = 256n;

/** x = m * 2^e exactly, m an integer (BigInt). */
export function toDyadic(x: number): { m: bigint; e: number } {
  if (!Number.isFinite(x)) throw new RangeError(`not finite: ${x}`);
  if (x === 0) return { m: 0n, e: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? -1n : 1n;
  const exp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (exp === 0) e = -1074;
  else {
    mant |= 1n << 52n;
    e = exp - 1075;
  }
  return { m: sign * mant, e };
}

/** Integers n_i with x_i = n_i * 2^E for the common exponent E (the smallest exponent present). */
export function toCommonIntegers(xs: readonly number[]): { n: bigint[]; E: number } {
  const ds = xs.map(toDyadic);
  let E = Infinity;
  for (const d of ds) if (d.m !== 0n && d.e < E) E = d.e;
  if (E === Infinity) E = 0;
  return { n: ds.map((d) => (d.m === 0n ? 0n : d.m << BigInt(d.e - E))), E };
}

/** floor(sqrt(n)) for n >= 0. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError("isqrt of a negative number");
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : (n < 0n ? -n : n).toString(2).length;
}

/** The double nearest to num/den (num, den > 0), ties to even. */
export function rationalToDouble(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const neg = num < 0n !== den < 0n;
  if (num < 0n) num = -num;
  if (den < 0n) den = -den;
  // Scale so that the integer quotient has 54..55 bits, then round the last bits by hand.
  let shift = 55 - (bitLength(num) - bitLength(den));
  let q: bigint;
  let r: bigint;
  for (;;) {
    const n2 = shift >= 0 ? num << BigInt(shift) : num;
    const d2 = shift >= 0 ? den : den << BigInt(-shift);
    q = n2 / d2;
    r = n2 % d2;
    if (bitLength(q) >= 55) break;
    shift++;
  }
  // value = (q + r/d2) * 2^-shift; q has >= 55 bits. Keep 53 significant bits (normal range).
  const extra = bitLength(q) - 53;
  let e2 = -shift + extra;
  let mant = q >> BigInt(extra);
  const rem = q & ((1n << BigInt(extra)) - 1n);
  const half = 1n << BigInt(extra - 1);
  const sticky = r !== 0n;
  if (rem > half || (rem === half && (sticky || (mant & 1n) === 1n))) mant += 1n;
  if (bitLength(mant) > 53) {
    mant >>= 1n;
    e2 += 1;
  }
  const value = Number(mant) * 2 ** e2;
  return neg ? -value : value;
}

/** Distance |x - num/den| in units of ulp(num/den) (num/den > 0, normal range). */
export function ulpDistance(x: number, num: bigint, den: bigint): number {
  if (num === 0n) return x === 0 ? 0 : Infinity;
  const ref = rationalToDouble(num, den);
  // ulp of the exact value: 2^(floor(log2 |value|) - 52); use the reference double's binade,
  // corrected when num/den lies just below a power of two that the rounding reached.
  let ex = Math.floor(Math.log2(Math.abs(ref)));
  const p = 2 ** ex;
  const pd = toDyadic(p);
  // if num/den < 2^ex (possible when ref rounded up to a power of two), use the lower binade
  if (compareRational(num, den, pd.m, pd.e) < 0) ex -= 1;
  const xd = toDyadic(x);
  // |x - num/den| / 2^(ex - 52) = |xm 2^xe den - num| / (den 2^(ex-52))
  let lhsNum: bigint;
  let lhsDen = den;
  const shiftUlp = ex - 52;
  // diff = xm * 2^xe - num/den  => (xm * den * 2^xe - num) / den
  let a = xd.m * den;
  let b = num;
  if (xd.e >= 0) a <<= BigInt(xd.e);
  else b <<= BigInt(-xd.e);
  // now diff = (a - b) / (den * 2^max(0,-xe))
  const diffExp = xd.e >= 0 ? 0 : xd.e;
  lhsNum = a - b;
  if (lhsNum < 0n) lhsNum = -lhsNum;
  // ulps = lhsNum / lhsDen * 2^(diffExp - shiftUlp)
  const k = diffExp - shiftUlp;
  const scaledNum = k >= 0 ? lhsNum << BigInt(k) : lhsNum;
  lhsDen = k >= 0 ? lhsDen : lhsDen << BigInt(-k);
  // return a double with ~20 bits of precision
  return Number((scaledNum << 20n) / lhsDen) / 2 ** 20;
}

/** Sign of num/den - m 2^e (den > 0). */
function compareRational(num: bigint, den: bigint, m: bigint, e: number): number {
  let lhs = num;
  let rhs = m * den;
  if (e >= 0) rhs <<= BigInt(e);
  else lhs <<= BigInt(-e);
  return lhs < rhs ? -1 : lhs > rhs ? 1 : 0;
}

/**
 * The exact answer; `nearGraze` marks cases whose discriminant is within 1e-10 b^2 of zero,
 * where the problem is ill-conditioned and only consistency is promised. Two points (radius sum
 * 0) moving head-on meet at the double root, which counts as a hit (carom's convention).
 */
export type ExactToi =
  | { kind: "none"; why: "apart" | "miss" | "graze" | "late"; nearGraze: boolean }
  | { kind: "zero"; nearGraze: false }
  | { kind: "hit"; num: bigint; den: bigint; nearGraze: boolean };

/**
 * The exact time of impact of two moving balls in any dimension: positions pa, pb, velocities
 * va, vb (arrays of equal length), radii ra, rb, window [0, tMax].
 */
export function exactTimeOfImpact(
  pa: readonly number[], va: readonly number[], ra: number,
  pb: readonly number[], vb: readonly number[], rb: number,
  tMax: number,
): ExactToi {
  const dim = pa.length;
  const all = [...pa, ...va, ra, ...pb, ...vb, rb];
  const { n } = toCommonIntegers(all);
  const PA = n.slice(0, dim);
  const VA = n.slice(dim, 2 * dim);
  const RA = n[2 * dim];
  const PB = n.slice(2 * dim + 1, 3 * dim + 1);
  const VB = n.slice(3 * dim + 1, 4 * dim + 1);
  const RB = n[4 * dim + 1];
  let A = 0n;
  let B = 0n;
  let DD = 0n;
  for (let i = 0; i < dim; i++) {
    const d = PB[i] - PA[i];
    const w = VB[i] - VA[i];
    A += w * w;
    B += d * w;
    DD += d * d;
  }
  const R = RA + RB;
  const C = DD - R * R;
  if (B >= 0n) return { kind: "none", why: "apart", nearGraze: false };
  if (C <= 0n) return { kind: "zero", nearGraze: false };
  const disc = B * B - A * C;
  const nearGraze = (disc < 0n ? -disc : disc) * 10_000_000_000n < B * B;
  if (disc < 0n) return { kind: "none", why: "miss", nearGraze };
  if (disc === 0n && R !== 0n) return { kind: "none", why: "graze", nearGraze: true };
  if (disc === 0n) {
    // Two points (R = 0) moving head-on: carom counts the double root t = -B / A as a hit.
    if (tMax !== Infinity) {
      const tm = toDyadic(tMax);
      if (compareRational(-B, A, tm.m, tm.e) > 0) return { kind: "none", why: "late", nearGraze: false };
    }
    return { kind: "hit", num: -B, den: A, nearGraze: false };
  }
  const S = isqrt(disc << (2n * PREC)); // sqrt(disc) * 2^PREC, truncated
  const num = C << PREC;
  const den = (-B << PREC) + S;
  // t* = num/den (relative error < 2^-PREC). Beyond tMax?
  if (tMax !== Infinity) {
    const tm = toDyadic(tMax);
    if (compareRational(num, den, tm.m, tm.e) > 0) return { kind: "none", why: "late", nearGraze };
  }
  return { kind: "hit", num, den, nearGraze };
}

/** The exact minimum over t in [0, tMax] of |d + t w|^2 as a rational, with the minimising t. */
export function exactClosestApproach(
  pa: readonly number[], va: readonly number[],
  pb: readonly number[], vb: readonly number[],
  tMax: number,
): { tNum: bigint; tDen: bigint; dist2Num: bigint; dist2Den: bigint; scaleExp: number } {
  const dim = pa.length;
  const all = [...pa, ...va, ...pb, ...vb, tMax === Infinity ? 1 : tMax];
  const { n, E } = toCommonIntegers(all);
  let A = 0n;
  let B = 0n;
  let DD = 0n;
  for (let i = 0; i < dim; i++) {
    const d = n[2 * dim + i] - n[i];
    const w = n[3 * dim + i] - n[dim + i];
    A += w * w;
    B += d * w;
    DD += d * d;
  }
  // t in the original units: the common scale cancels in -B/A.
  let tNum = A === 0n ? 0n : -B;
  let tDen = A === 0n ? 1n : A;
  if (tNum < 0n) {
    tNum = 0n;
    tDen = 1n;
  }
  if (tMax !== Infinity) {
    const tm = toDyadic(tMax);
    if (compareRational(tNum, tDen, tm.m, tm.e) > 0) {
      tNum = tm.e >= 0 ? tm.m << BigInt(tm.e) : tm.m;
      tDen = tm.e >= 0 ? 1n : 1n << BigInt(-tm.e);
    }
  }
  // |d + t w|^2 = A t^2 + 2 B t + DD, in units of 2^(2E).
  const dist2Num = A * tNum * tNum + 2n * B * tNum * tDen + DD * tDen * tDen;
  const dist2Den = tDen * tDen;
  return { tNum, tDen, dist2Num, dist2Den, scaleExp: 2 * E };
}

/** sqrt(num/den * 2^exp2) (exp2 even) as a rational with PREC bits beyond the point. */
export function sqrtRational(num: bigint, den: bigint, exp2: number): { num: bigint; den: bigint } {
  if (exp2 % 2 !== 0) throw new RangeError("odd exponent");
  // sqrt(num/den) = sqrt(num * den) / den
  const s = isqrt((num * den) << (2n * PREC));
  const half = exp2 / 2;
  let rn = s;
  let rd = den << PREC;
  if (half >= 0) rn <<= BigInt(half);
  else rd <<= BigInt(-half);
  return { num: rn, den: rd };
}

/**
 * Like {@link ulpDistance} at any magnitude: an exact value beyond the largest double must be
 * met by Infinity (0 ulps, else Infinity); in the subnormal range (and for values that round to
 * 0) the error is counted in units of the smallest subnormal 2^-1074.
 */
export function ulpDistanceAnyRange(x: number, num: bigint, den: bigint): number {
  const ref = num === 0n ? 0 : rationalToDouble(num, den);
  if (ref === Infinity || ref === -Infinity || Math.abs(ref) > Number.MAX_VALUE) return x === ref ? 0 : Infinity;
  if (Math.abs(ref) >= 2 ** -1022) return ulpDistance(x, num, den);
  if (!Number.isFinite(x)) return Infinity;
  // |x - num/den| / 2^-1074 = |x 2^1074 den - num 2^1074| / den, with x 2^1074 an integer.
  const xi = BigInt(x * 2 ** 1074 === 0 ? 0 : Math.round(x * 2 ** 537 * 2 ** 537));
  let diff = xi * den - (num << 1074n);
  if (diff < 0n) diff = -diff;
  const d = den < 0n ? -den : den;
  return Number((diff << 20n) / d) / 2 ** 20;
}
