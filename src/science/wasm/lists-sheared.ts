// The neighbour-list scan of a sheared engine (Lees–Edwards images) in AssemblyScript: like
// lists.ts's scan, but the cells beyond a y face are shifted by the image offset δ along x, so
// there the whole row of cells along x is scanned, and a pair across a y face is kept while it
// can come within the cut-off for any offset the lists live through (neighbour-lists.ts).
import { F, I, STATE, BOOK, SLOTOF, FOUND, CELLCOUNT, CELLS } from "./memory";
import {
  SHIFT_X, SHIFT_Y, SHIFT_Z, BOX_Z, LIST_SCALE, LIST_SKIN, SHEAR_OFFSET, SHEAR_MARGIN, LIST_CAP, CELLS_X, CELLS_Y,
  CELLS_Z, CELL_CAP, STATE_SHIFT, RHO_AT, BOOK_SHIFT, CENTRE_X_AT, CENTRE_Y_AT, CENTRE_Z_AT, CELL_SLOT_SHIFT, SLOT_X_AT,
  SLOT_Y_AT, SLOT_Z_AT, SLOT_BODY_AT, ENTRY_BODY_SHIFT,
} from "../kernel-layout";

/**
 * Scans the cells around body i's shell centre into FOUND: every body k within the cut-off of
 * one of its images, as (k << 6) | shift code. The offset δ lives through [SHEAR_OFFSET,
 * SHEAR_OFFSET + m] (m = SHEAR_MARGIN) until the next full rebuild, so a pair across a y face is
 * measured at the middle offset against the cut-off plus m/2: beyond that it stays beyond the
 * cut-off for every offset of the window. An entry's code holds the y and z shifts; its x field
 * is "no shift", the prediction taking the nearest image along x. Returns how many (FOUND holds
 * up to the list capacity plus one; more are counted, not written).
 */
export function scanSheared(i: i32): i32 {
  let ci: i32 = 0, nx: i32 = 0, ny: i32 = 0, nz: i32 = 0, cellCap: i32 = 0, c: i32 = 0, cx: i32 = 0, cy: i32 = 0, cz: i32 = 0;
  let y0: i32 = 0, y1: i32 = 0, z0: i32 = 0, z1: i32 = 0, x0: i32 = 0, x1: i32 = 0, oy: i32 = 0, oz: i32 = 0, ox: i32 = 0;
  let gx: i32 = 0, gy: i32 = 0, gz: i32 = 0, rowShift: i32 = 0, layerShift: i32 = 0, slot: i32 = 0, end: i32 = 0, o: i32 = 0, k: i32 = 0, m: i32 = 0, room: i32 = 0;
  let sy: i32 = 0, sz: i32 = 0, allX: i32 = 0;
  let lx: f64 = 0.0, ly: f64 = 0.0, lz: f64 = 0.0, lzs: f64 = 0.0, xi: f64 = 0.0, yi: f64 = 0.0, zi: f64 = 0.0, ri: f64 = 0.0, scale: f64 = 0.0, skin: f64 = 0.0;
  let half: f64 = 0.0, delta: f64 = 0.0, dx: f64 = 0.0, dy: f64 = 0.0, dz: f64 = 0.0, cut: f64 = 0.0;
  lx = F(SHIFT_X);
  ly = F(SHIFT_Y);
  lz = F(BOX_Z);
  lzs = F(SHIFT_Z);
  ci = BOOK + (i << BOOK_SHIFT);
  xi = load<f64>(ci, CENTRE_X_AT);
  yi = load<f64>(ci, CENTRE_Y_AT);
  zi = load<f64>(ci, CENTRE_Z_AT);
  ri = load<f64>(STATE + (i << STATE_SHIFT), RHO_AT);
  scale = F(LIST_SCALE);
  skin = F(LIST_SKIN);
  half = 0.5 * F(SHEAR_MARGIN);
  delta = F(SHEAR_OFFSET) + half;
  nx = I(CELLS_X);
  ny = I(CELLS_Y);
  nz = I(CELLS_Z);
  cellCap = I(CELL_CAP);
  room = I(LIST_CAP) + 1;
  c = load<i32>(SLOTOF + (i << 2)) / cellCap;
  cx = c % nx;
  cy = (c / nx) % ny;
  cz = c / (nx * ny);
  // rows and layers: the three around the body's, or every one when there are fewer than three
  // (then each pair's shift is its nearest image)
  y0 = ny >= 3 ? cy - 1 : 0;
  y1 = ny >= 3 ? cy + 1 : ny - 1;
  z0 = nz >= 3 ? cz - 1 : 0;
  z1 = nz >= 3 ? cz + 1 : nz - 1;
  for (oy = y0; oy <= y1; oy++) {
    gy = oy;
    rowShift = 0;
    if (gy < 0) {
      gy += ny;
      rowShift = -1;
    } else if (gy >= ny) {
      gy -= ny;
      rowShift = 1;
    }
    // across a y face the row is shifted along x by δ: scan all of it
    allX = <i32>(rowShift != 0) | <i32>(ny < 3) | <i32>(nx < 3);
    x0 = allX ? 0 : cx - 1;
    x1 = allX ? nx - 1 : cx + 1;
    for (oz = z0; oz <= z1; oz++) {
      gz = oz;
      layerShift = 0;
      if (gz < 0) {
        gz += nz;
        layerShift = -1;
      } else if (gz >= nz) {
        gz -= nz;
        layerShift = 1;
      }
      for (ox = x0; ox <= x1; ox++) {
        gx = ox;
        if (gx < 0) gx += nx;
        else if (gx >= nx) gx -= nx;
        slot = (((gz * ny) + gy) * nx + gx) * cellCap;
        end = slot + load<i32>(CELLCOUNT + ((((gz * ny) + gy) * nx + gx) << 2));
        for (; slot < end; slot++) {
          o = CELLS + (slot << CELL_SLOT_SHIFT);
          k = load<i32>(o, SLOT_BODY_AT);
          if (k == i) continue;
          dy = <f64>load<f32>(o, SLOT_Y_AT) - yi;
          sy = rowShift;
          if (ny < 3) {
            if (dy > 0.5 * ly) sy = -1;
            else if (dy < -0.5 * ly) sy = 1;
          }
          dy += <f64>(sy) * ly;
          dz = <f64>load<f32>(o, SLOT_Z_AT) - zi;
          sz = layerShift;
          if (nz < 3) {
            if (dz > 0.5 * lz) sz = -1;
            else if (dz < -0.5 * lz) sz = 1;
          }
          dz += <f64>(sz) * lzs;
          dx = <f64>load<f32>(o, SLOT_X_AT) - xi + <f64>(sy) * delta;
          dx -= lx * Math.floor(dx / lx + 0.5);
          cut = (ri + load<f64>(STATE + (k << STATE_SHIFT), RHO_AT)) * scale + skin;
          if (sy != 0) cut += half;
          if (dx * dx + dy * dy + dz * dz < cut * cut) {
            if (m < room) store<i32>(FOUND + (m << 2), (k << ENTRY_BODY_SHIFT) | 1 | ((sy + 1) << 2) | ((sz + 1) << 4));
            m++;
          }
        }
      }
    }
  }
  return m;
}
