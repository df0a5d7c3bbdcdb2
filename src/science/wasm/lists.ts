// The neighbour lists' kernel in AssemblyScript (compiled with events.ts into one WebAssembly
// module): the cell grid over the shell centres, the scan of the cells around a body, and the
// rebuild of one body's list with the matching changes to its neighbours' lists. list-kernel.ts
// describes its registers and cell slots, neighbour-lists.ts the scheme.
import { F, I, setF, setI, STATE, BOOK, LIST, SLOTOF, MARK, MARKCODE, PREV, FOUND, VISIT, CELLCOUNT, CELLS } from "./memory";
import {
  SHIFT_X, SHIFT_Y, SHIFT_Z, BOX_Z, PREFETCH_SINK, LIST_SCALE, LIST_SKIN, RHO_MAX,
  LIST_CAP, BODIES, CELLS_X, CELLS_Y, CELLS_Z, CELL_CAP, STAMP, EQUAL_RADII,
  CELL_COUNT, SHEARED, STATE_SHIFT, RHO_AT, BOOK_SHIFT, CENTRE_X_AT, CENTRE_Y_AT, CENTRE_Z_AT, LIST_LENGTH_AT,
  CELL_SLOT_SHIFT, SLOT_X_AT, SLOT_Y_AT, SLOT_Z_AT, SLOT_BODY_AT, ENTRY_BODY_SHIFT, CODE_MASK, OPPOSITE,
} from "../kernel-layout";
import { scanSheared } from "./lists-sheared";

export function cellIndex(i: i32): i32 {
  let c: i32 = 0, nx: i32 = 0, ny: i32 = 0, nz: i32 = 0, cx: i32 = 0, cy: i32 = 0, cz: i32 = 0;
  c = BOOK + (i << BOOK_SHIFT);
  nx = I(CELLS_X);
  ny = I(CELLS_Y);
  nz = I(CELLS_Z);
  cx = <i32>(Math.floor((load<f64>(c, CENTRE_X_AT) / F(SHIFT_X)) * <f64>(nx)));
  cy = <i32>(Math.floor((load<f64>(c, CENTRE_Y_AT) / F(SHIFT_Y)) * <f64>(ny)));
  if (nz == 1) cz = 0;
  else cz = <i32>(Math.floor((load<f64>(c, CENTRE_Z_AT) / F(BOX_Z)) * <f64>(nz)));
  if (cx < 0) cx = 0;
  else if (cx >= nx) cx = nx - 1;
  if (cy < 0) cy = 0;
  else if (cy >= ny) cy = ny - 1;
  if (cz < 0) cz = 0;
  else if (cz >= nz) cz = nz - 1;
  return (((cz * ny) + cy) * nx) + cx;
}

function copyCentre(i: i32, slot: i32): void {
  let c: i32 = 0, o: i32 = 0;
  c = BOOK + (i << BOOK_SHIFT);
  o = CELLS + (slot << CELL_SLOT_SHIFT);
  store<f32>(o, <f32>(load<f64>(c, CENTRE_X_AT)), SLOT_X_AT);
  store<f32>(o, <f32>(load<f64>(c, CENTRE_Y_AT)), SLOT_Y_AT);
  store<f32>(o, <f32>(load<f64>(c, CENTRE_Z_AT)), SLOT_Z_AT);
  store<i32>(o, i, SLOT_BODY_AT);
}

function file(i: i32, c: i32): void {
  let slot: i32 = 0, k: i32 = 0;
  k = load<i32>(CELLCOUNT + (c << 2));
  slot = (c * I(CELL_CAP)) + k;
  store<i32>(CELLCOUNT + (c << 2), k + 1);
  store<i32>(SLOTOF + (i << 2), slot);
  copyCentre(i, slot);
}

/** Takes i out of its cell, moving the cell's last body into its slot. */
function remove(i: i32): void {
  let slot: i32 = 0, c: i32 = 0, last: i32 = 0, k: i32 = 0, o: i32 = 0, ol: i32 = 0;
  slot = load<i32>(SLOTOF + (i << 2));
  c = slot / I(CELL_CAP);
  last = load<i32>(CELLCOUNT + (c << 2)) - 1;
  store<i32>(CELLCOUNT + (c << 2), last);
  last = (c * I(CELL_CAP)) + last;
  if (last != slot) {
    o = CELLS + (slot << CELL_SLOT_SHIFT);
    ol = CELLS + (last << CELL_SLOT_SHIFT);
    k = load<i32>(ol, SLOT_BODY_AT);
    store<i32>(SLOTOF + (k << 2), slot);
    store<i32>(o, load<i32>(ol, SLOT_X_AT), SLOT_X_AT);
    store<i32>(o, load<i32>(ol, SLOT_Y_AT), SLOT_Y_AT);
    store<i32>(o, load<i32>(ol, SLOT_Z_AT), SLOT_Z_AT);
    store<i32>(o, k, SLOT_BODY_AT);
  }
}

export function countCells(): i32 {
  let i: i32 = 0, c: i32 = 0, k: i32 = 0, most: i32 = 0, n: i32 = 0;
  n = I(BODIES);
  for (c = 0; c < I(CELL_COUNT); c++) store<i32>(CELLCOUNT + (c << 2), 0);
  for (i = 0; i < n; i++) {
    c = cellIndex(i);
    k = load<i32>(CELLCOUNT + (c << 2)) + 1;
    store<i32>(CELLCOUNT + (c << 2), k);
    if (k > most) most = k;
  }
  return most;
}

export function fileAll(): void {
  let i: i32 = 0, c: i32 = 0, n: i32 = 0;
  n = I(BODIES);
  for (c = 0; c < I(CELL_COUNT); c++) store<i32>(CELLCOUNT + (c << 2), 0);
  for (i = 0; i < n; i++) file(i, cellIndex(i));
}

/**
 * Scans the cells around body i's shell centre into FOUND: every body within the cut-off
 * (σ_ik at the lists' scale plus the skin), as (k << 6) | shift code. Returns how many.
 */
function scan(i: i32): i32 {
  let ci: i32 = 0, nx: i32 = 0, ny: i32 = 0, nz: i32 = 0, cellCap: i32 = 0, uniform: i32 = 0, small: i32 = 0, c: i32 = 0, cx: i32 = 0, cy: i32 = 0, cz: i32 = 0;
  let x0: i32 = 0, x1: i32 = 0, y0: i32 = 0, y1: i32 = 0, z0: i32 = 0, z1: i32 = 0, visits: i32 = 0, ox: i32 = 0, oy: i32 = 0, oz: i32 = 0;
  let gx: i32 = 0, gy: i32 = 0, gz: i32 = 0, sx: i32 = 0, sy: i32 = 0, sz: i32 = 0, cell: i32 = 0, v: i32 = 0, code: i32 = 0, cellCode: i32 = 0;
  let start: i32 = 0, end: i32 = 0, slot: i32 = 0, o: i32 = 0, k: i32 = 0, m: i32 = 0, qx: i32 = 0, qy: i32 = 0, qz: i32 = 0;
  let lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0, lzs: f64 = 0.0, hx: f64 = 0.0, hy: f64 = 0.0, hz: f64 = 0.0, xi: f64 = 0.0, yi: f64 = 0.0, zi: f64 = 0.0;
  let ri: f64 = 0.0, scale: f64 = 0.0, skin: f64 = 0.0, cutU: f64 = 0.0, cutMax: f64 = 0.0, cut2: f64 = 0.0, cut: f64 = 0.0;
  let wx: f64 = 0.0, wy: f64 = 0.0, wz: f64 = 0.0, loX: f64 = 0.0, hiX: f64 = 0.0, loY: f64 = 0.0, hiY: f64 = 0.0, loZ: f64 = 0.0, hiZ: f64 = 0.0;
  let fx: f64 = 0.0, fy: f64 = 0.0, fz: f64 = 0.0, dz2: f64 = 0.0, dyz2: f64 = 0.0, touch: f64 = 0.0, dx: f64 = 0.0, dy: f64 = 0.0, dz: f64 = 0.0;
  let shx: f64 = 0.0, shy: f64 = 0.0, shz: f64 = 0.0, d2: f64 = 0.0;
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  lz = F(BOX_Z);
  lzs = F(SHIFT_Z);
  hx = lx / 2.0;
  hy = ly / 2.0;
  hz = lz / 2.0;
  ci = BOOK + (i << BOOK_SHIFT);
  xi = load<f64>(ci, CENTRE_X_AT);
  yi = load<f64>(ci, CENTRE_Y_AT);
  zi = load<f64>(ci, CENTRE_Z_AT);
  ri = load<f64>(STATE + (i << STATE_SHIFT), RHO_AT);
  scale = F(LIST_SCALE);
  skin = F(LIST_SKIN);
  uniform = I(EQUAL_RADII);
  // every body's cut-off when the radii are all the same
  cutU = -1.0;
  if (uniform) cutU = (ri + ri) * scale + skin;
  nx = I(CELLS_X);
  ny = I(CELLS_Y);
  nz = I(CELLS_Z);
  cellCap = I(CELL_CAP);
  // an axis with fewer than three cells is scanned whole, with minimum images per pair
  if (nx < 3) small = 1;
  if (ny < 3) small = 1;
  if (nz < 3) if (lzs > 0.0) small = 1;
  c = load<i32>(SLOTOF + (i << 2)) / cellCap;
  cx = c % nx;
  cy = (c / nx) % ny;
  cz = c / (nx * ny);
  x0 = nx >= 3 ? -1 : (0 - cx);
  x1 = nx >= 3 ? 1 : (nx - 1 - cx);
  y0 = ny >= 3 ? -1 : (0 - cy);
  y1 = ny >= 3 ? 1 : (ny - 1 - cy);
  z0 = nz >= 3 ? -1 : (0 - cz);
  z1 = nz >= 3 ? 1 : (nz - 1 - cz);
  // a neighbouring cell whose nearest point is beyond i's largest cut-off is skipped: the
  // squared distances from i's centre to the faces of its cell along each axis
  cutMax = cutU > 0.0 ? cutU : (ri + F(RHO_MAX)) * scale + skin;
  cut2 = small ? Infinity : cutMax * cutMax;
  wx = lx / <f64>(nx);
  wy = ly / <f64>(ny);
  wz = lzs / <f64>(nz);
  loX = xi - <f64>(cx) * wx;
  hiX = <f64>(cx + 1) * wx - xi;
  loY = yi - <f64>(cy) * wy;
  hiY = <f64>(cy + 1) * wy - yi;
  loZ = zi - <f64>(cz) * wz;
  hiZ = <f64>(cz + 1) * wz - zi;
  // first pass: the cells to visit, each with the shift code of its wrap across the box,
  // (then a tight loop touches each cell's first slot, so that the cache misses of all the
  // cells are in flight at once)
  for (oz = z0; oz <= z1; oz++) {
    gz = cz + oz;
    sz = 0;
    if (gz < 0) {
      gz += nz;
      sz = -1;
    } else if (gz >= nz) {
      gz -= nz;
      sz = 1;
    }
    fz = oz < 0 ? loZ : oz > 0 ? hiZ : 0.0;
    dz2 = fz > 0.0 ? fz * fz : 0.0;
    for (oy = y0; oy <= y1; oy++) {
      gy = cy + oy;
      sy = 0;
      if (gy < 0) {
        gy += ny;
        sy = -1;
      } else if (gy >= ny) {
        gy -= ny;
        sy = 1;
      }
      fy = oy < 0 ? loY : oy > 0 ? hiY : 0.0;
      dyz2 = dz2 + (fy > 0.0 ? fy * fy : 0.0);
      if (dyz2 >= cut2) continue;
      for (ox = x0; ox <= x1; ox++) {
        fx = ox < 0 ? loX : ox > 0 ? hiX : 0.0;
        if (dyz2 + (fx > 0.0 ? fx * fx : 0.0) >= cut2) continue;
        gx = cx + ox;
        sx = 0;
        if (gx < 0) {
          gx += nx;
          sx = -1;
        } else if (gx >= nx) {
          gx -= nx;
          sx = 1;
        }
        cell = (((gz * ny) + gy) * nx) + gx;
        store<i32>(VISIT + (visits << 3), cell);
        store<i32>(VISIT + (visits << 3), (sx + 1) | ((sy + 1) << 2) | ((sz + 1) << 4), 4);
        visits++;
      }
    }
  }
  for (v = 0; v < visits; v++) touch = touch + <f64>load<f32>(CELLS + ((load<i32>(VISIT + (v << 3)) * cellCap) << CELL_SLOT_SHIFT));
  setF(PREFETCH_SINK, touch);
  for (v = 0; v < visits; v++) {
    cell = load<i32>(VISIT + (v << 3));
    cellCode = load<i32>(VISIT + (v << 3), 4);
    start = cell * cellCap;
    end = start + load<i32>(CELLCOUNT + (cell << 2));
    if (!small) {
      // the cell's shift holds for all its bodies
      shx = <f64>(((cellCode & 3) - 1)) * lx;
      shy = <f64>((((cellCode >> 2) & 3) - 1)) * ly;
      shz = <f64>((((cellCode >> 4) & 3) - 1)) * lzs;
      for (slot = start; slot < end; slot++) {
        o = CELLS + (slot << CELL_SLOT_SHIFT);
        dx = <f64>load<f32>(o, SLOT_X_AT) - xi + shx;
        dy = <f64>load<f32>(o, SLOT_Y_AT) - yi + shy;
        dz = <f64>load<f32>(o, SLOT_Z_AT) - zi + shz;
        d2 = dx * dx + dy * dy + dz * dz;
        k = load<i32>(o, SLOT_BODY_AT);
        cut = cutU;
        if (cutU <= 0.0) cut = (ri + load<f64>(STATE + (k << STATE_SHIFT), RHO_AT)) * scale + skin;
        // without a branch (most slots are beyond the cut-off, some not, in no pattern): the
        // entry is written in any case and kept by counting it (FOUND has room for every slot)
        store<i32>(FOUND + (m << 2), (k << ENTRY_BODY_SHIFT) | cellCode);
        m += <i32>(d2 < cut * cut) & <i32>(k != i);
      }
      continue;
    }
    for (slot = start; slot < end; slot++) {
      o = CELLS + (slot << CELL_SLOT_SHIFT);
      k = load<i32>(o, SLOT_BODY_AT);
      if (k == i) continue;
      dx = <f64>load<f32>(o, SLOT_X_AT) - xi;
      dy = <f64>load<f32>(o, SLOT_Y_AT) - yi;
      dz = <f64>load<f32>(o, SLOT_Z_AT) - zi;
      qx = 1;
      qy = 1;
      qz = 1;
      if (dx > hx) qx = 0;
      else if (dx < -hx) qx = 2;
      if (dy > hy) qy = 0;
      else if (dy < -hy) qy = 2;
      if (dz > hz) qz = 0;
      else if (dz < -hz) qz = 2;
      code = qx | (qy << 2) | (qz << 4);
      dx += <f64>(((code & 3) - 1)) * lx;
      dy += <f64>((((code >> 2) & 3) - 1)) * ly;
      dz += <f64>((((code >> 4) & 3) - 1)) * lzs;
      cut = cutU > 0.0 ? cutU : (ri + load<f64>(STATE + (k << STATE_SHIFT), RHO_AT)) * scale + skin;
      if (dx * dx + dy * dy + dz * dz < cut * cut) {
        store<i32>(FOUND + (m << 2), (k << ENTRY_BODY_SHIFT) | code);
        m++;
      }
    }
  }
  return m;
}

/** scan, or scanSheared when the engine is sheared (a branch per list rebuild, not per event). */
@inline function scanAny(i: i32): i32 {
  if (I(SHEARED)) return scanSheared(i);
  return scan(i);
}

export function fill(i: i32): i32 {
  let m: i32 = 0, q: i32 = 0, base: i32 = 0;
  m = scanAny(i);
  if (m > I(LIST_CAP)) return -1;
  base = LIST + ((i * I(LIST_CAP)) << 2);
  for (q = 0; q < m; q++) store<i32>(base + (q << 2), load<i32>(FOUND + (q << 2)));
  store<i32>(BOOK + (i << BOOK_SHIFT), m, LIST_LENGTH_AT);
  return 0;
}

/** Removes the entry of i from k's list (moving the last entry into its place). */
function drop(k: i32, i: i32): void {
  let base: i32 = 0, last: i32 = 0, q: i32 = 0;
  base = LIST + ((k * I(LIST_CAP)) << 2);
  last = load<i32>(BOOK + (k << BOOK_SHIFT), LIST_LENGTH_AT) - 1;
  store<i32>(BOOK + (k << BOOK_SHIFT), last, LIST_LENGTH_AT);
  last = base + (last << 2);
  for (q = base; q <= last; q += 4) {
    if ((load<i32>(q) >> ENTRY_BODY_SHIFT) == i) {
      store<i32>(q, load<i32>(last));
      return;
    }
  }
}

/** Gives the entry of i in k's list the shift of `entry` (i's image seen from k changes when i wraps). */
function replace(k: i32, i: i32, entry: i32): void {
  let q: i32 = 0, end: i32 = 0;
  q = LIST + ((k * I(LIST_CAP)) << 2);
  end = q + (load<i32>(BOOK + (k << BOOK_SHIFT), LIST_LENGTH_AT) << 2);
  for (; q < end; q += 4) {
    if ((load<i32>(q) >> ENTRY_BODY_SHIFT) == i) {
      store<i32>(q, entry);
      return;
    }
  }
}

function add(k: i32, entry: i32): void {
  let c: i32 = 0;
  c = load<i32>(BOOK + (k << BOOK_SHIFT), LIST_LENGTH_AT);
  store<i32>(LIST + (((k * I(LIST_CAP)) + c) << 2), entry);
  store<i32>(BOOK + (k << BOOK_SHIFT), (c + 1), LIST_LENGTH_AT);
}

export function rebuildOne(i: i32): i32 {
  let n0: i32 = 0, n1: i32 = 0, q: i32 = 0, e: i32 = 0, k: i32 = 0, stamp: i32 = 0, c: i32 = 0, slot: i32 = 0, base: i32 = 0, cap: i32 = 0, touch: i32 = 0, back: i32 = 0;
  cap = I(LIST_CAP);
  base = LIST + ((i * cap) << 2);
  // the old list, each neighbour marked with this rebuild's stamp and its shift code
  n0 = load<i32>(BOOK + (i << BOOK_SHIFT), LIST_LENGTH_AT);
  if (I(STAMP) == 0x3fffffff) {
    for (k = 0; k < I(BODIES); k++) store<i32>(MARK + (k << 2), 0);
    setI(STAMP, 0);
  }
  stamp = I(STAMP) + 1;
  setI(STAMP, stamp);
  for (q = 0; q < n0; q++) {
    e = load<i32>(base + (q << 2));
    store<i32>(PREV + (q << 2), e);
    store<i32>(MARK + ((e >> ENTRY_BODY_SHIFT) << 2), stamp);
    store<i32>(MARKCODE + ((e >> ENTRY_BODY_SHIFT) << 2), e & CODE_MASK);
  }
  c = cellIndex(i);
  slot = load<i32>(SLOTOF + (i << 2));
  if (c != ((slot / I(CELL_CAP)))) {
    if (load<i32>(CELLCOUNT + (c << 2)) == I(CELL_CAP)) return -2;
    remove(i);
    file(i, c);
  } else copyCentre(i, slot);
  n1 = scanAny(i);
  if (n1 > cap) return -1;
  for (q = 0; q < n1; q++) {
    k = load<i32>(FOUND + (q << 2)) >> ENTRY_BODY_SHIFT;
    if (load<i32>(MARK + (k << 2)) != stamp) if (load<i32>(BOOK + (k << BOOK_SHIFT), LIST_LENGTH_AT) == cap) return -1;
  }
  for (q = 0; q < n1; q++) store<i32>(base + (q << 2), load<i32>(FOUND + (q << 2)));
  store<i32>(BOOK + (i << BOOK_SHIFT), n1, LIST_LENGTH_AT);
  // only the neighbours gained (marked −1), lost (still marked with the stamp) or seen
  // through another image after a wrap (−2) have their entry of i changed
  for (q = 0; q < n1; q++) {
    e = load<i32>(base + (q << 2));
    k = e >> ENTRY_BODY_SHIFT;
    if (load<i32>(MARK + (k << 2)) != stamp) store<i32>(MARK + (k << 2), -1);
    else if (load<i32>(MARKCODE + (k << 2)) != (e & CODE_MASK)) store<i32>(MARK + (k << 2), -2);
    else {
      store<i32>(MARK + (k << 2), 0);
      continue;
    }
    touch += load<i32>(BOOK + (k << BOOK_SHIFT), LIST_LENGTH_AT);
  }
  for (q = 0; q < n0; q++) {
    k = load<i32>(PREV + (q << 2)) >> ENTRY_BODY_SHIFT;
    if (load<i32>(MARK + (k << 2)) == stamp) touch = (touch + load<i32>(BOOK + (k << BOOK_SHIFT), LIST_LENGTH_AT));
  }
  setF(PREFETCH_SINK, <f64>(touch));
  for (q = 0; q < n0; q++) {
    k = load<i32>(PREV + (q << 2)) >> ENTRY_BODY_SHIFT;
    if (load<i32>(MARK + (k << 2)) == stamp) drop(k, i);
  }
  for (q = 0; q < n1; q++) {
    e = load<i32>(base + (q << 2));
    k = e >> ENTRY_BODY_SHIFT;
    back = (i << ENTRY_BODY_SHIFT) | (OPPOSITE - (e & CODE_MASK));
    if (load<i32>(MARK + (k << 2)) == -1) add(k, back);
    else if (load<i32>(MARK + (k << 2)) == -2) replace(k, i, back);
  }
  return 1;
}

