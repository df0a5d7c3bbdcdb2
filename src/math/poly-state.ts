/**
 * Shared state of the quartic solver (poly-roots.ts): root kinds and modes, the input and output
 * arrays of solvePolynomial, and the scratch arrays and constants its stages share.
 */

/** Root kind: p goes from positive to negative through the root. */
export const ROOT_DOWN = -1;
/** Root kind: p touches zero without changing sign (a root of even multiplicity). */
export const ROOT_TOUCH = 0;
/** Root kind: p goes from negative to positive through the root. */
export const ROOT_UP = 1;

/** {@link solvePolynomial} mode: every real root in the interval, ascending. */
export const ROOTS_ALL = 0;
/** {@link solvePolynomial} mode: only the smallest root in the interval. */
export const ROOTS_FIRST = 1;
/** {@link solvePolynomial} mode: only the smallest root of kind {@link ROOT_DOWN}. */
export const ROOTS_FIRST_DOWN = 2;

/**
 * Input of {@link solvePolynomial}: [c0, c1, c2, c3, c4, lo, hi, l0, l1, l2, l3, l4] for the
 * polynomial sum (c_i + l_i) t^i on [lo, hi]. The l_i are optional low parts of double-double
 * coefficients (|l_i| <= ulp(c_i) / 2, e.g. the exact error of a product); set them to 0 for
 * plain coefficients. lo may be -Infinity and hi Infinity.
 */
export const polyInput = new Float64Array(12);

/** Output of {@link solvePolynomial}: the roots found, ascending. */
export const polyRoots = new Float64Array(4);

/** Output of {@link realRootsInInterval} (and of the internal solvePolynomial): the kind of each root found, ROOT_DOWN, ROOT_TOUCH or ROOT_UP. */
export const polyRootKinds = new Int8Array(4);

// ---------------------------------------------------------------------------------------------
// Internal state. K/KL: the polynomial being worked on (high and low parts). W: registers that
// carry doubles between the kernels (see the file comment on boxing).

export const K = new Float64Array(5);
export const KL = new Float64Array(5);
export const W = new Float64Array(16);
export const W_A = 0; // bracket start
export const W_B = 1; // bracket end
export const W_SA = 2; // sign of the function at the bracket start (+1 or -1)
export const W_X0 = 3; // starting point
export const W_X = 4; // result of a kernel
export const W_D2 = 5; // p'' at the critical point found
export const W_LO = 6; // interval of the walk
export const W_HI = 7;
export const W_EX = 8; // point to evaluate
export const W_EF = 9; // value there
export const W_TOL = 10; // relative step tolerance of the critical-point kernel
export const W_ROOT = 11; // root handed to emit()
export const W_SLO = 12; // interval handed to solveDeflated
export const W_SHI = 13;
export const W_BOUND = 14; // result of rootBound
export const W_DX = 15; // last step of the critical-point kernel


/** Points of a walk: ends, critical points, stationary inflection points (ascending). */
export const PTS = new Float64Array(8);
/** p'' at each point when it is a critical point, else NaN. */
export const D2 = new Float64Array(8);
/** For a critical point: the index of its lane in the critical-point arrays, else -1. */
export const PLANE = new Int8Array(8);
/** Value of p and its certified sign (0: too small to call in plain arithmetic) at each point. */
export const VAL = new Float64Array(8);
export const SGN = new Int8Array(8);
/** Ends and inflection points (the pieces where p' is monotone), p' there and its sign. */
export const Q = new Float64Array(4);
export const QV = new Float64Array(4);
export const QS = new Int8Array(4);

/** Critical-point lanes: bracket, sign of p' at its start, iterate, start, p'' at the result. */
export const CA = new Float64Array(3);
export const CB = new Float64Array(3);
export const CS = new Float64Array(3);
export const CX = new Float64Array(3);
export const CX0 = new Float64Array(3);
export const CH = new Float64Array(3);
export const CDX = new Float64Array(3);

/** Root lanes: bracket, sign of p at its start, iterate, start. */
export const LA = new Float64Array(4);
export const LB = new Float64Array(4);
export const LS = new Float64Array(4);
export const LX = new Float64Array(4);
export const LX0 = new Float64Array(4);

/** Roots of a walk in order: a point root (lane -1, at EV_X) or the root of a lane. */
export const EV_X = new Float64Array(8);
export const EV_KIND = new Int8Array(8);
export const EV_LANE = new Int8Array(8);

/** Roots collected by the walks (the extended-range path runs up to three walks). */
export const OUT = new Float64Array(8);
export const OUT_KIND = new Int8Array(8);

/** Bit access to doubles (exponentOf, midpoint); HI_WORD indexes the word holding sign and exponent. */
export const f64 = new Float64Array(1);
export const u32 = new Uint32Array(f64.buffer);
export const mid64 = new Float64Array(1);
export const midWords = new Uint32Array(mid64.buffer);
export const HI_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

export const EPS_PLAIN = 2 ** -49;
export const EPS_COMP = 2 ** -96;
export const TWO_M8 = 2 ** -8;
export const TWO_M12 = 2 ** -12;
export const TWO_M17 = 2 ** -17;
export const TWO_M40 = 2 ** -40;
export const TWO_M60 = 2 ** -60;
export const TWO_M26 = 2 ** -26;
export const TWO_M54 = 2 ** -54;
export const SAFE = 2 ** 100;

/**
 * The mutable scalars of a solve, shared by its stages (one object, because modules cannot
 * assign each other's bindings).
 */
export const ws = {
  /** Walk flags: the ends are a root bound (no root there or beyond; signs from the leading term). */
  walkLoBound: false as boolean,
  walkHiBound: false as boolean,
  /** Degree of the polynomial in K (for the signs at the root bound). */
  walkDegree: 4 as number,
  outCount: 0 as number,
  walkMode: 0 as number,
  walkDone: false as boolean,
  /** -1 while solving p / t^m (m odd) for t < 0: there p and p / t^m have opposite signs, so every crossing of the deflated polynomial is a crossing of p the other way. */
  kindFlip: 1 as number,
};
