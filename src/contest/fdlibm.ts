/**
 * sin, cos and atan2 exactly as fdlibm 5.3 computes them (the library behind Java's
 * `StrictMath`, which the contest referees use, and behind V8's `Math` up to Node 20). Engines
 * differ here: Chromium 156's `Math.atan2` differs from fdlibm on about a quarter of random
 * inputs and its `Math.cos`/`Math.sin` on a few percent, so a simulator that calls `Math`
 * reproduces the referee in Node 20 but not in the browser. These ports (written from the
 * published algorithms: argument reduction by π/2 in three parts, the kernel polynomials,
 * atan's table of atan(0.5), atan(1), atan(1.5), atan(∞)) give the referee's bits everywhere.
 *
 * Arguments beyond 2^19·π/2 (≈ 823550) need fdlibm's multi-precision reduction, which is not
 * ported: sin and cos hand those to `Math` (no game angle comes near).
 */

const f64 = new Float64Array(1);
const i32 = new Int32Array(f64.buffer);
// Word order of a double in memory: the high word holds the sign and exponent.
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;

function highWord(x: number): number {
  f64[0] = x;
  return i32[HI];
}

function lowWord(x: number): number {
  f64[0] = x;
  return i32[LO];
}

function fromWords(hi: number, lo: number): number {
  i32[HI] = hi;
  i32[LO] = lo;
  return f64[0];
}

/**
 * fdlibm branches on the high word of |x|; "high word < H" is "|x| < the double with high
 * word H and low word 0", so each test below is one comparison of doubles (no bit access).
 */
const below = (h: number): number => fromWords(h, 0);
const TINY27 = below(0x3e400000);
const PIO4_END = below(0x3fe921fc);
const MEDIUM_END = below(0x413921fc);
const THREE_PIO4 = below(0x4002d97c);
const PIO2_HW_LOW = below(0x3ff921fb), PIO2_HW_END = below(0x3ff921fc);
const COS_03 = below(0x3fd33333), COS_078 = below(0x3fe90001);

const S1 = -1.66666666666666324348e-1, S2 = 8.33333333332248946124e-3, S3 = -1.98412698298579493134e-4;
const S4 = 2.75573137070700676789e-6, S5 = -2.50507602534068634195e-8, S6 = 1.58969099521155010221e-10;

/** sin(x + y) for |x| ≤ π/4, y the tail of x; iy = 0 when y is zero. */
function kernelSin(x: number, y: number, iy: number): number {
  if (Math.abs(x) < TINY27) return x;
  const z = x * x;
  const v = z * x;
  const r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (iy === 0) return x + v * (S1 + z * r);
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

const C1 = 4.16666666666666019037e-2, C2 = -1.38888888888741095749e-3, C3 = 2.48015872894767294178e-5;
const C4 = -2.75573143513906633035e-7, C5 = 2.08757232129817482790e-9, C6 = -1.13596475577881948265e-11;

/** cos(x + y) for |x| ≤ π/4, y the tail of x. */
function kernelCos(x: number, y: number): number {
  const ax = Math.abs(x);
  if (ax < TINY27) return 1;
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ax < COS_03) return 1 - (0.5 * z - (z * r - x * y));
  // |x|/4 with its low word cleared (20 mantissa bits kept): exact scalings and a floor.
  const q = ax / 4;
  const qx = ax >= COS_078 ? 0.28125 : q < 0.125 ? Math.floor(q * 16777216) / 16777216 : Math.floor(q * 8388608) / 8388608;
  const hz = 0.5 * z - qx;
  const a = 1 - qx;
  return a - (hz - (z * r - x * y));
}

const INV_PIO2 = 6.36619772367581382433e-1;
const PIO2_1 = 1.57079632673412561417, PIO2_1T = 6.07710050650619224932e-11;
const PIO2_2 = 6.07710050630396597660e-11, PIO2_2T = 2.02226624879595063154e-21;
const PIO2_3 = 2.02226624871116645580e-21, PIO2_3T = 8.47842766036889956997e-32;
/** High words of n·π/2 for n = 1..32 (where the quick reduction may cancel). */
const NPIO2_HW = [
  0x3ff921fb, 0x400921fb, 0x4012d97c, 0x401921fb, 0x401f6a7a, 0x4022d97c, 0x4025fdbb, 0x402921fb,
  0x402c463a, 0x402f6a7a, 0x4031475c, 0x4032d97c, 0x40346b9c, 0x4035fdbb, 0x40378fdb, 0x403921fb,
  0x403ab41b, 0x403c463a, 0x403dd85a, 0x403f6a7a, 0x40407e4c, 0x4041475c, 0x4042106c, 0x4042d97c,
  0x4043a28c, 0x40446b9c, 0x404534ac, 0x4045fdbb, 0x4046c6cb, 0x40478fdb, 0x404858eb, 0x404921fb,
];

const NPIO2_LOW = NPIO2_HW.map(below), NPIO2_END = NPIO2_HW.map((h) => below(h + 1));

/** x − n·π/2 as y0 + y1 (left in REDUCED) for π/4 < |x| ≤ 2^19·π/2; returns n. */
const REDUCED = new Float64Array(2);
function remPio2(x: number): number {
  const ax = Math.abs(x);
  const nearPio2 = ax >= PIO2_HW_LOW && ax < PIO2_HW_END;
  if (ax < THREE_PIO4) {
    // |x| < 3π/4: n = ±1.
    let z: number;
    if (x > 0) {
      z = x - PIO2_1;
      if (!nearPio2) {
        REDUCED[0] = z - PIO2_1T;
        REDUCED[1] = (z - REDUCED[0]) - PIO2_1T;
      } else {
        z -= PIO2_2;
        REDUCED[0] = z - PIO2_2T;
        REDUCED[1] = (z - REDUCED[0]) - PIO2_2T;
      }
      return 1;
    }
    z = x + PIO2_1;
    if (!nearPio2) {
      REDUCED[0] = z + PIO2_1T;
      REDUCED[1] = (z - REDUCED[0]) + PIO2_1T;
    } else {
      z += PIO2_2;
      REDUCED[0] = z + PIO2_2T;
      REDUCED[1] = (z - REDUCED[0]) + PIO2_2T;
    }
    return -1;
  }
  let t = Math.abs(x);
  const n = (t * INV_PIO2 + 0.5) | 0;
  const fn = n;
  let r = t - fn * PIO2_1;
  let w = fn * PIO2_1T;
  let y0: number;
  if (n < 32 && !(ax >= NPIO2_LOW[n - 1] && ax < NPIO2_END[n - 1])) {
    y0 = r - w;
  } else {
    const j = (highWord(x) & 0x7fffffff) >> 20;
    y0 = r - w;
    let i = j - ((highWord(y0) >> 20) & 0x7ff);
    if (i > 16) {
      t = r;
      w = fn * PIO2_2;
      r = t - w;
      w = fn * PIO2_2T - ((t - r) - w);
      y0 = r - w;
      i = j - ((highWord(y0) >> 20) & 0x7ff);
      if (i > 49) {
        t = r;
        w = fn * PIO2_3;
        r = t - w;
        w = fn * PIO2_3T - ((t - r) - w);
        y0 = r - w;
      }
    }
  }
  const y1 = (r - y0) - w;
  if (x < 0) {
    REDUCED[0] = -y0;
    REDUCED[1] = -y1;
    return -n;
  }
  REDUCED[0] = y0;
  REDUCED[1] = y1;
  return n;
}

/** fdlibm's sin. */
export function fdlibmSin(x: number): number {
  const ax = Math.abs(x);
  if (ax < PIO4_END) return kernelSin(x, 0, 0);
  if (!(ax < MEDIUM_END)) return ax === Infinity || x !== x ? x - x : Math.sin(x);
  const n = remPio2(x), y0 = REDUCED[0], y1 = REDUCED[1];
  switch (n & 3) {
    case 0: return kernelSin(y0, y1, 1);
    case 1: return kernelCos(y0, y1);
    case 2: return -kernelSin(y0, y1, 1);
    default: return -kernelCos(y0, y1);
  }
}

/** fdlibm's cos. */
export function fdlibmCos(x: number): number {
  const ax = Math.abs(x);
  if (ax < PIO4_END) return kernelCos(x, 0);
  if (!(ax < MEDIUM_END)) return ax === Infinity || x !== x ? x - x : Math.cos(x);
  const n = remPio2(x), y0 = REDUCED[0], y1 = REDUCED[1];
  switch (n & 3) {
    case 0: return kernelCos(y0, y1);
    case 1: return -kernelSin(y0, y1, 1);
    case 2: return -kernelCos(y0, y1);
    default: return kernelSin(y0, y1, 1);
  }
}

/**
 * fdlibm's sin and cos of the same x, sharing one argument reduction (the bits of each equal
 * `fdlibmSin(x)` and `fdlibmCos(x)`): out[0] = sin x, out[1] = cos x.
 */
export function fdlibmSinCos(out: Float64Array, x: number): void {
  const ax = Math.abs(x);
  if (ax < PIO4_END) {
    out[0] = kernelSin(x, 0, 0);
    out[1] = kernelCos(x, 0);
    return;
  }
  if (!(ax < MEDIUM_END)) {
    out[0] = fdlibmSin(x);
    out[1] = fdlibmCos(x);
    return;
  }
  const n = remPio2(x), y0 = REDUCED[0], y1 = REDUCED[1];
  const s = kernelSin(y0, y1, 1), c = kernelCos(y0, y1);
  switch (n & 3) {
    case 0: out[0] = s; out[1] = c; break;
    case 1: out[0] = c; out[1] = -s; break;
    case 2: out[0] = -s; out[1] = -c; break;
    default: out[0] = -c; out[1] = s;
  }
}

const ATAN_HI = [4.63647609000806093515e-1, 7.85398163397448278999e-1, 9.82793723247329054082e-1, 1.57079632679489655800];
const ATAN_LO = [2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17];
const AT0 = 3.33333333333329318027e-1, AT1 = -1.99999999998764832476e-1, AT2 = 1.42857142725034663711e-1;
const AT3 = -1.11111104054623557880e-1, AT4 = 9.09088713343650656196e-2, AT5 = -7.69187620504482999495e-2;
const AT6 = 6.66107313738753120669e-2, AT7 = -5.83357013379057348645e-2, AT8 = 4.97687799461593236017e-2;
const AT9 = -3.65315727442169155270e-2, AT10 = 1.62858201153657823623e-2;

/** fdlibm's atan. */
export function fdlibmAtan(x: number): number {
  const negative = x < 0;
  const ax = Math.abs(x);
  let id: number;
  if (!(ax < 7.378697629483821e19)) {
    // |x| >= 2^66, or NaN.
    if (x !== x) return x + x;
    return negative ? -ATAN_HI[3] - ATAN_LO[3] : ATAN_HI[3] + ATAN_LO[3];
  }
  if (ax < 0.4375) {
    if (ax < 1.862645149230957e-9) return x;
    id = -1;
  } else {
    x = ax;
    if (ax < 1.1875) {
      if (ax < 0.6875) {
        id = 0;
        x = (2 * x - 1) / (2 + x);
      } else {
        id = 1;
        x = (x - 1) / (x + 1);
      }
    } else if (ax < 2.4375) {
      id = 2;
      x = (x - 1.5) / (1 + 1.5 * x);
    } else {
      id = 3;
      x = -1 / x;
    }
  }
  const z = x * x;
  const w = z * z;
  const s1 = z * (AT0 + w * (AT2 + w * (AT4 + w * (AT6 + w * (AT8 + w * AT10)))));
  const s2 = w * (AT1 + w * (AT3 + w * (AT5 + w * (AT7 + w * AT9))));
  if (id < 0) return x - x * (s1 + s2);
  const r = ATAN_HI[id] - ((x * (s1 + s2) - ATAN_LO[id]) - x);
  return negative ? -r : r;
}

const PI = 3.1415926535897931160, PI_O_2 = 1.5707963267948965580, PI_O_4 = 7.8539816339744827900e-1;
const PI_LO = 1.2246467991473531772e-16;

/** fdlibm's atan2(y, x). */
export function fdlibmAtan2(y: number, x: number): number {
  if (x !== x || y !== y) return x + y;
  if (x !== 0 && y !== 0 && x !== 1) {
    // The common case, finite and not extreme: |y/x| in [2^-50, 2^50] keeps fdlibm's k within ±60.
    const ratio = Math.abs(y / x);
    if (ratio >= 8.881784197001252e-16 && ratio <= 1125899906842624 && ratio !== Infinity) {
      const z = fdlibmAtan(ratio);
      if (x > 0) return y > 0 ? z : -z;
      return y > 0 ? PI - (z - PI_LO) : (z - PI_LO) - PI;
    }
  }
  const hx = highWord(x), ix = hx & 0x7fffffff, lx = lowWord(x);
  const hy = highWord(y), iy = hy & 0x7fffffff, ly = lowWord(y);
  if (((hx - 0x3ff00000) | lx) === 0) return fdlibmAtan(y);
  const m = ((hy >>> 31) & 1) | ((hx >>> 30) & 2);
  if ((iy | ly) === 0) {
    if (m < 2) return y;
    return m === 2 ? PI : -PI;
  }
  if ((ix | lx) === 0) return hy < 0 ? -PI_O_2 : PI_O_2;
  if (ix === 0x7ff00000) {
    if (iy === 0x7ff00000) return m === 0 ? PI_O_4 : m === 1 ? -PI_O_4 : m === 2 ? 3 * PI_O_4 : -3 * PI_O_4;
    return m === 0 ? 0 : m === 1 ? -0 : m === 2 ? PI : -PI;
  }
  if (iy === 0x7ff00000) return hy < 0 ? -PI_O_2 : PI_O_2;
  const k = (iy - ix) >> 20;
  let z: number;
  let quadrant = m;
  if (k > 60) {
    // |y/x| > 2^60: ±π/2 whatever the sign of x (as in V8's and FreeBSD's fdlibm; fdlibm 5.3
    // gives π − π/2 there, one ulp apart, for x < 0: no game ratio comes near 2^60).
    z = PI_O_2 + 0.5 * PI_LO;
    quadrant &= 1;
  } else if (hx < 0 && k < -60) z = 0;
  else z = fdlibmAtan(Math.abs(y / x));
  switch (quadrant) {
    case 0: return z;
    case 1: return -z;
    case 2: return PI - (z - PI_LO);
    default: return (z - PI_LO) - PI;
  }
}
