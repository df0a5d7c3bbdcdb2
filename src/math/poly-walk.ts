/**
 * The walk of the quartic solver along the interval: critical points in order, the sign of p at
 * each, roots emitted by kind (down, touch, up) as described in poly-roots.ts.
 */
import { CA, CB, CDX, CH, CS, CX, CX0, D2, EPS_COMP, EPS_PLAIN, EV_KIND, EV_LANE, EV_X, K, LA, LB, LS, LX, LX0, OUT, OUT_KIND, PLANE, PTS, Q, QS, QV, ROOTS_ALL, ROOTS_FIRST, ROOTS_FIRST_DOWN, ROOT_DOWN, ROOT_TOUCH, ROOT_UP, SGN, TWO_M40, TWO_M60, VAL, W, W_A, W_B, W_D2, W_EF, W_EX, W_HI, W_LO, W_ROOT, W_SA, W_TOL, W_X, W_X0, ws } from "./poly-state.js";
import { compensatedDerivative, compensatedSignAt, midpoint } from "./poly-eval.js";
import { criticalPoint, criticalPoints, refineRoots } from "./poly-kernels.js";

// ---------------------------------------------------------------------------------------------
// The walk over one interval.

/**
 * Appends the root W[W_ROOT], whose kind for the polynomial in K is qKind (the kind for the
 * caller's polynomial is ws.kindFlip times that); returns true when the walk may stop.
 */
export function emit(qKind: number): boolean {
  const kind = ws.kindFlip * qKind;
  if (ws.walkMode === ROOTS_FIRST_DOWN && kind !== ROOT_DOWN) return false;
  const x = W[W_ROOT];
  // A root met twice (a critical point that coincides with an end) is reported once.
  if (ws.outCount > 0 && OUT[ws.outCount - 1] === x) return false;
  OUT[ws.outCount] = x;
  OUT_KIND[ws.outCount] = kind;
  ws.outCount++;
  if (ws.walkMode !== ROOTS_ALL) {
    ws.walkDone = true;
    return true;
  }
  return false;
}

/** Kind of a root at a point with signs `left` and `right` of p around it (0 = unknown side). */
export function kindOf(left: number, right: number): number {
  if (left === 0) return right < 0 ? ROOT_DOWN : right > 0 ? ROOT_UP : ROOT_TOUCH;
  if (right === 0) return left > 0 ? ROOT_DOWN : ROOT_UP;
  if (left === right) return ROOT_TOUCH;
  return left > 0 ? ROOT_DOWN : ROOT_UP;
}

/**
 * The derivative cascade for K on the finite interval [W_LO, W_HI]; roots go to OUT. The
 * caller guarantees that evaluating K there cannot overflow, and sets ws.walkLoBound/ws.walkHiBound
 * when an end is a root bound (then p and p' have the sign of their leading term there).
 */
export function walk(): void {
  const lo = W[W_LO];
  const hi = W[W_HI];
  const c0 = K[0];
  const c1 = K[1];
  const c2 = K[2];
  const c3 = K[3];
  const c4 = K[4];
  const lead = K[ws.walkDegree] > 0 ? 1 : -1;
  const odd = (ws.walkDegree & 1) === 1;

  // 1. Inflection points: roots of 6 c4 t^2 + 3 c3 t + c2 (stable form), kept when inside.
  let m = 1;
  Q[0] = lo;
  const qa = 6 * c4;
  const qb = 3 * c3;
  const disc = qb * qb - 4 * qa * c2;
  if (disc >= 0) {
    const sq = Math.sqrt(disc);
    const q = qb >= 0 ? -0.5 * (qb + sq) : -0.5 * (qb - sq);
    const r1 = q / qa;
    const r2 = c2 / q;
    const first = r1 < r2 ? r1 : r2;
    const second = r1 < r2 ? r2 : r1;
    if (first > lo && first < hi) Q[m++] = first;
    if (second > lo && second < hi && second > Q[m - 1]) Q[m++] = second;
  }
  Q[m++] = hi;

  // p' at those points, with certified signs (0 when too small to call); at a root bound, the
  // sign of the leading term (p' has degree n - 1).
  const d1 = 2 * c2;
  const d2 = 3 * c3;
  const d3 = 4 * c4;
  const e1 = Math.abs(d1);
  const e2 = Math.abs(d2);
  const e3 = Math.abs(d3);
  const e0 = Math.abs(c1);
  const kEnd = ws.walkHiBound ? m - 1 : m;
  for (let k = ws.walkLoBound ? 1 : 0; k < kEnd; k++) {
    const x = Q[k];
    const ax = Math.abs(x);
    const g = ((d3 * x + d2) * x + d1) * x + c1;
    const s = ((e3 * ax + e2) * ax + e1) * ax + e0;
    QV[k] = g;
    QS[k] = g > EPS_PLAIN * s ? 1 : g < -EPS_PLAIN * s ? -1 : 0;
  }
  for (let k = 1; k + 1 < m; k++) {
    if (QS[k] === 0) {
      // Too small to call in plain arithmetic: decide with the compensated value.
      const x = Q[k];
      const ax = Math.abs(x);
      W[W_EX] = x;
      compensatedDerivative();
      const g = W[W_EF];
      const s = ((e3 * ax + e2) * ax + e1) * ax + e0;
      QV[k] = g;
      QS[k] = g > EPS_COMP * s ? 1 : g < -EPS_COMP * s ? -1 : 0;
    }
  }
  if (ws.walkLoBound) {
    QS[0] = odd ? lead : -lead;
    QV[0] = QS[0] * Infinity;
  }
  if (ws.walkHiBound) {
    QS[m - 1] = lead;
    QV[m - 1] = lead * Infinity;
  }

  // 2. Critical points: one root of p' in each piece between inflection points where p'
  // changes sign; an inflection point where p' vanishes is kept as a split point too. Starts:
  // p' is a cubic whose extrema are the inflection points i1, i2; near an extremum i it is
  // close to the parabola p'(i) + p'''(i) (t - i)^2 / 2, whose root starts the search (beyond
  // the outer extrema the parabola lies nearer zero than p', so its root lies beyond the root
  // of p' and Halley's steps come back monotonically; between them, the parabola at the
  // extremum where |p'| is smaller, or else p''s own inflection point, their midpoint).
  let lanes = 0;
  let n = 1;
  PTS[0] = lo;
  PLANE[0] = -1;
  for (let k = 0; k + 1 < m; k++) {
    const u = Q[k];
    const v = Q[k + 1];
    const gu = QS[k];
    if (gu * QS[k + 1] < 0) {
      const uInflection = k > 0;
      const vInflection = k + 2 < m;
      let x0: number;
      if (uInflection && vInflection) {
        // Between the two extrema of p': the parabola at the one where |p'| is smaller (the root
        // lies nearer it), or else their midpoint, p''s own inflection point.
        x0 = Math.abs(QV[k]) <= Math.abs(QV[k + 1])
          ? u + Math.sqrt((-2 * QV[k]) / (24 * c4 * u + 6 * c3))
          : v - Math.sqrt((-2 * QV[k + 1]) / (24 * c4 * v + 6 * c3));
        if (!(x0 > u && x0 < v)) x0 = 0.5 * u + 0.5 * v;
      }
      else if (vInflection) x0 = v - Math.sqrt((-2 * QV[k + 1]) / (24 * c4 * v + 6 * c3));
      else if (uInflection) x0 = u + Math.sqrt((-2 * QV[k]) / (24 * c4 * u + 6 * c3));
      else x0 = u + (v - u) * (QV[k] / (QV[k] - QV[k + 1]));
      if (!(x0 > u && x0 < v)) x0 = midpoint(u, v);
      CA[lanes] = u;
      CB[lanes] = v;
      CS[lanes] = gu;
      CX[lanes] = x0;
      CX0[lanes] = x0;
      PLANE[n++] = lanes++;
    }
    if (k + 2 < m && QS[k + 1] === 0) {
      PTS[n] = v;
      PLANE[n++] = -1;
    }
  }
  PTS[n] = hi;
  PLANE[n++] = -1;
  if (lanes > 0) criticalPoints(lanes);

  // p at the points (all at once: independent evaluations overlap), with p'' at critical points.
  const a0 = Math.abs(c0);
  const a1 = Math.abs(c1);
  const a2 = Math.abs(c2);
  const a3 = Math.abs(c3);
  const a4 = Math.abs(c4);
  const pEnd = ws.walkHiBound ? n - 1 : n;
  for (let k = ws.walkLoBound ? 1 : 0; k < pEnd; k++) {
    const lane = PLANE[k];
    const x = lane >= 0 ? CX[lane] : PTS[k];
    PTS[k] = x;
    D2[k] = lane >= 0 ? CH[lane] : NaN;
    const ax = Math.abs(x);
    const f = (((c4 * x + c3) * x + c2) * x + c1) * x + c0;
    const s = (((a4 * ax + a3) * ax + a2) * ax + a1) * ax + a0;
    VAL[k] = f;
    SGN[k] = f > EPS_PLAIN * s ? 1 : f < -EPS_PLAIN * s ? -1 : 0;
    // An error e in a critical point s changes p(s) by about p''(s) e^2 / 2; when that could
    // reach |p(s)| the point might even lie beyond a root next to it: pin it down first. The
    // error is bounded by the last Halley step plus the effect of the rounding error of the
    // plain p' (2^-49 sum i |c_i| |s|^(i-1)) over the slope p''.
    // (In the form 2 (e hs)^2 < |p(s)| hs, without a division.)
    if (lane >= 0 && CDX[lane] >= 0) {
      const hs = Math.abs(D2[k]);
      const ehs = CDX[lane] * hs + EPS_PLAIN * (((4 * a4 * ax + 3 * a3) * ax + 2 * a2) * ax + a1);
      if (!(2 * ehs * ehs < Math.abs(f) * hs)) {
        pinCritical(k);
        const y = PTS[k];
        const ay = Math.abs(y);
        const g = (((c4 * y + c3) * y + c2) * y + c1) * y + c0;
        const sy = (((a4 * ay + a3) * ay + a2) * ay + a1) * ay + a0;
        VAL[k] = g;
        SGN[k] = g > EPS_PLAIN * sy ? 1 : g < -EPS_PLAIN * sy ? -1 : 0;
      }
    }
  }
  if (ws.walkLoBound) {
    SGN[0] = odd ? -lead : lead;
    VAL[0] = SGN[0] * Infinity;
    D2[0] = NaN;
  }
  if (ws.walkHiBound) {
    SGN[n - 1] = lead;
    VAL[n - 1] = lead * Infinity;
    D2[n - 1] = NaN;
  }

  // 3. Roots: a sign change between consecutive points, or points where p is zero. Starting
  // point of a refinement: the root of the osculating parabola p(s) + p''(s) (t - s)^2 / 2 at
  // the critical end with the smaller |p| (exact for a double root; beyond the last inflection
  // point it lies on the far side of the root, where Halley's steps converge monotonically),
  // else false position. A run of consecutive points where p is zero within the compensated
  // bound is a cluster of roots closer than the working resolution: it is reported as one root,
  // a crossing (refined in the bracket around the run) when p has opposite signs on its two
  // sides, else a touch. In the "first" modes only the first qualifying root is refined;
  // otherwise all at once.
  const mode = ws.walkMode;
  let roots = 0;
  let events = 0;
  let k = 0; // current point: p has the nonzero sign sPrev there (or k = 0 with a zero at lo)
  let sPrev = SGN[0];
  if (sPrev === 0) sPrev = settleSign(0);
  if (sPrev === 0) {
    // A root at lo; its kind is read from the first nonzero sign after it.
    let j = 1;
    let sj = 0;
    while (j < n && (sj = SGN[j] !== 0 ? SGN[j] : settleSign(j)) === 0) j++;
    const kind = kindOf(0, sj);
    if (mode === ROOTS_ALL) {
      EV_X[events] = lo;
      EV_KIND[events] = kind;
      EV_LANE[events++] = -1;
    } else if (mode === ROOTS_FIRST || ws.kindFlip * kind === ROOT_DOWN) {
      W[W_ROOT] = lo;
      emit(kind);
      return;
    }
    k = j;
    sPrev = sj;
  }
  while (k + 1 < n) {
    const z = PTS[k];
    let j = k + 1;
    let sj = SGN[j];
    if (sj === 0) sj = settleSign(j);
    if (sj !== 0) {
      if (sPrev * sj < 0 && (mode !== ROOTS_FIRST_DOWN || ws.kindFlip * sj < 0)) {
        const w = PTS[j];
        const fz = VAL[k];
        const fw = VAL[j];
        const hz = D2[k];
        const hw = D2[j];
        // From a critical end the parabola's root; from an end of the interval (not a critical
        // point) a Newton step with p' there.
        const fromZ = hz === hz ? z + Math.sqrt((-2 * fz) / hz) : k === 0 ? z - fz / QV[0] : NaN;
        let x0: number;
        if (Math.abs(fz) <= Math.abs(fw)) {
          x0 = fromZ;
          if (!(x0 > z && x0 < w)) x0 = hw === hw ? w - Math.sqrt((-2 * fw) / hw) : j === n - 1 ? w - fw / QV[m - 1] : NaN;
        } else {
          x0 = hw === hw ? w - Math.sqrt((-2 * fw) / hw) : j === n - 1 ? w - fw / QV[m - 1] : NaN;
          if (!(x0 > z && x0 < w)) x0 = fromZ;
        }
        if (!(x0 > z && x0 < w)) x0 = z + (w - z) * (fz / (fz - fw));
        if (!(x0 > z && x0 < w)) x0 = midpoint(z, w);
        LA[roots] = z;
        LB[roots] = w;
        LS[roots] = sPrev;
        LX[roots] = x0;
        LX0[roots] = x0;
        EV_KIND[events] = sj < 0 ? ROOT_DOWN : ROOT_UP;
        EV_LANE[events++] = roots++;
        if (mode !== ROOTS_ALL) break;
      }
      k = j;
      sPrev = sj;
      continue;
    }
    // A run of zeros from point j; its representative is the point with the smallest |p|.
    let best = j;
    while (j + 1 < n) {
      const sn = SGN[j + 1] !== 0 ? SGN[j + 1] : settleSign(j + 1);
      j++;
      if (sn !== 0) {
        sj = sn;
        break;
      }
      if (Math.abs(VAL[j]) < Math.abs(VAL[best])) best = j;
    }
    if (sj === 0) {
      // The run reaches hi: one root there, of the kind seen from the left.
      const kind = kindOf(sPrev, 0);
      if (mode === ROOTS_ALL) {
        EV_X[events] = hi;
        EV_KIND[events] = kind;
        EV_LANE[events++] = -1;
      } else if (mode === ROOTS_FIRST || ws.kindFlip * kind === ROOT_DOWN) {
        W[W_ROOT] = hi;
        emit(kind);
        return;
      }
      break;
    }
    if (sPrev * sj < 0) {
      // One crossing inside the cluster: refine it in the bracket around the run.
      if (mode !== ROOTS_FIRST_DOWN || ws.kindFlip * sj < 0) {
        LA[roots] = z;
        LB[roots] = PTS[j];
        LS[roots] = sPrev;
        LX[roots] = PTS[best];
        LX0[roots] = PTS[best];
        EV_KIND[events] = sj < 0 ? ROOT_DOWN : ROOT_UP;
        EV_LANE[events++] = roots++;
        if (mode !== ROOTS_ALL) break;
      }
    } else if (mode === ROOTS_ALL) {
      EV_X[events] = PTS[best];
      EV_KIND[events] = ROOT_TOUCH;
      EV_LANE[events++] = -1;
    } else if (mode === ROOTS_FIRST) {
      W[W_ROOT] = PTS[best];
      emit(ROOT_TOUCH);
      return;
    }
    k = j;
    sPrev = sj;
  }
  if (roots > 0) refineRoots(roots);
  for (let e = 0; e < events; e++) {
    const lane = EV_LANE[e];
    W[W_ROOT] = lane < 0 ? EV_X[e] : LX[lane];
    if (emit(EV_KIND[e])) return;
  }
}

/**
 * Refines the critical point at PTS[k] (lane PLANE[k]) as far as double-double evaluation of p'
 * allows, unless that was done already (CDX -1); updates PTS, D2, CDX.
 */
export function pinCritical(k: number): void {
  const lane = PLANE[k];
  if (CDX[lane] < 0) return; // done already
  W[W_X] = PTS[k];
  W[W_D2] = D2[k];
  if (CDX[lane] > TWO_M40 * Math.abs(PTS[k])) {
    W[W_A] = CA[lane];
    W[W_B] = CB[lane];
    W[W_SA] = CS[lane];
    W[W_X0] = PTS[k];
    W[W_TOL] = TWO_M40;
    criticalPoint();
  }
  // Then Newton steps on the compensated p' (double-double accurate; p'' in plain arithmetic),
  // since next to a pair of close roots the rounding error of the plain p' alone can move the
  // point by more than the pair is wide.
  let x = W[W_X];
  let last = Infinity;
  const d1 = 2 * K[2];
  const d2 = 6 * K[3];
  const d3 = 12 * K[4];
  for (let it = 0; it < 4; it++) {
    W[W_EX] = x;
    compensatedDerivative();
    const gp = (d3 * x + d2) * x + d1;
    const step = W[W_EF] / gp;
    const xn = x - step;
    if (!(xn > CA[lane] && xn < CB[lane]) || !(Math.abs(step) < last)) break;
    x = xn;
    last = Math.abs(step);
    if (last <= TWO_M60 * Math.abs(x)) break;
  }
  PTS[k] = x;
  D2[k] = W[W_D2];
  CH[lane] = W[W_D2];
  CDX[lane] = -1;
}

/**
 * The sign of p at point k of the walk when its plain value was too small to call: a critical
 * point is first pinned down (its value is then off by far less than the compensated bound),
 * then the compensated value decides. Updates PTS, VAL, D2.
 */
export function settleSign(k: number): number {
  if (PLANE[k] >= 0) pinCritical(k);
  W[W_EX] = PTS[k];
  const s = compensatedSignAt();
  VAL[k] = W[W_EF];
  return s;
}

/** Runs the walk on the current K/KL over [W_LO, W_HI] with the given root-bound flags. */
export function walkWith(loBound: boolean, hiBound: boolean): void {
  ws.walkLoBound = loBound;
  ws.walkHiBound = hiBound;
  walk();
}
