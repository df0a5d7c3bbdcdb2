export function ListKernel(stdlib, foreign, buffer) {
  "use asm";
  var F = new stdlib.Float64Array(buffer);
  var I = new stdlib.Int32Array(buffer);
  var F32 = new stdlib.Float32Array(buffer);
  var floor = stdlib.Math.floor;
  var imul = stdlib.Math.imul;
  var inf = stdlib.Infinity;
  var STATE = foreign.state | 0;
  var BOOK = foreign.book | 0;
  var LIST = foreign.list | 0;
  var SLOTOF = foreign.slotOf | 0;
  var MARK = foreign.mark | 0;
  var MARKCODE = foreign.markCode | 0;
  var PREV = foreign.prev | 0;
  var FOUND = foreign.found | 0;
  var VISIT = foreign.visit | 0;
  var CELLCOUNT = foreign.cellCount | 0;
  var CELLS = foreign.cells | 0;

  function cellIndex(i) {
    i = i | 0;
    var c = 0, nx = 0, ny = 0, nz = 0, cx = 0, cy = 0, cz = 0;
    c = (BOOK + (i << 6)) | 0;
    nx = I[81] | 0;
    ny = I[82] | 0;
    nz = I[83] | 0;
    cx = ~~+floor((+F[c >> 3] / +F[2]) * +(nx | 0));
    cy = ~~+floor((+F[(c + 8) >> 3] / +F[3]) * +(ny | 0));
    if ((nz | 0) == 1) cz = 0;
    else cz = ~~+floor((+F[(c + 16) >> 3] / +F[5]) * +(nz | 0));
    if ((cx | 0) < 0) cx = 0;
    else if ((cx | 0) >= (nx | 0)) cx = (nx - 1) | 0;
    if ((cy | 0) < 0) cy = 0;
    else if ((cy | 0) >= (ny | 0)) cy = (ny - 1) | 0;
    if ((cz | 0) < 0) cz = 0;
    else if ((cz | 0) >= (nz | 0)) cz = (nz - 1) | 0;
    return (imul((imul(cz, ny) + cy) | 0, nx) + cx) | 0;
  }

  function copyCentre(i, slot) {
    i = i | 0;
    slot = slot | 0;
    var c = 0, o = 0;
    c = (BOOK + (i << 6)) | 0;
    o = (CELLS + (slot << 4)) | 0;
    F32[o >> 2] = +F[c >> 3];
    F32[(o + 4) >> 2] = +F[(c + 8) >> 3];
    F32[(o + 8) >> 2] = +F[(c + 16) >> 3];
    I[(o + 12) >> 2] = i;
  }

  function file(i, c) {
    i = i | 0;
    c = c | 0;
    var slot = 0, k = 0;
    k = I[(CELLCOUNT + (c << 2)) >> 2] | 0;
    slot = (imul(c, I[84] | 0) + k) | 0;
    I[(CELLCOUNT + (c << 2)) >> 2] = (k + 1) | 0;
    I[(SLOTOF + (i << 2)) >> 2] = slot;
    copyCentre(i, slot);
  }

  /** Takes i out of its cell, moving the cell's last body into its slot. */
  function remove(i) {
    i = i | 0;
    var slot = 0, c = 0, last = 0, k = 0, o = 0, ol = 0;
    slot = I[(SLOTOF + (i << 2)) >> 2] | 0;
    c = ((slot | 0) / (I[84] | 0)) | 0;
    last = ((I[(CELLCOUNT + (c << 2)) >> 2] | 0) - 1) | 0;
    I[(CELLCOUNT + (c << 2)) >> 2] = last;
    last = (imul(c, I[84] | 0) + last) | 0;
    if ((last | 0) != (slot | 0)) {
      o = (CELLS + (slot << 4)) | 0;
      ol = (CELLS + (last << 4)) | 0;
      k = I[(ol + 12) >> 2] | 0;
      I[(SLOTOF + (k << 2)) >> 2] = slot;
      I[o >> 2] = I[ol >> 2];
      I[(o + 4) >> 2] = I[(ol + 4) >> 2];
      I[(o + 8) >> 2] = I[(ol + 8) >> 2];
      I[(o + 12) >> 2] = k;
    }
  }

  function countCells() {
    var i = 0, c = 0, k = 0, most = 0, n = 0;
    n = I[78] | 0;
    for (c = 0; (c | 0) < (I[87] | 0); c = (c + 1) | 0) I[(CELLCOUNT + (c << 2)) >> 2] = 0;
    for (i = 0; (i | 0) < (n | 0); i = (i + 1) | 0) {
      c = cellIndex(i) | 0;
      k = ((I[(CELLCOUNT + (c << 2)) >> 2] | 0) + 1) | 0;
      I[(CELLCOUNT + (c << 2)) >> 2] = k;
      if ((k | 0) > (most | 0)) most = k;
    }
    return most | 0;
  }

  function fileAll() {
    var i = 0, c = 0, n = 0;
    n = I[78] | 0;
    for (c = 0; (c | 0) < (I[87] | 0); c = (c + 1) | 0) I[(CELLCOUNT + (c << 2)) >> 2] = 0;
    for (i = 0; (i | 0) < (n | 0); i = (i + 1) | 0) file(i, cellIndex(i) | 0);
  }

  /**
   * Scans the cells around body i's shell centre into FOUND: every body within the cut-off
   * (σ_ik at the lists' scale plus the skin), as (k << 6) | shift code. Returns how many.
   */
  function scan(i) {
    i = i | 0;
    var ci = 0, nx = 0, ny = 0, nz = 0, cellCap = 0, uniform = 0, small = 0, c = 0, cx = 0, cy = 0, cz = 0;
    var x0 = 0, x1 = 0, y0 = 0, y1 = 0, z0 = 0, z1 = 0, visits = 0, ox = 0, oy = 0, oz = 0;
    var gx = 0, gy = 0, gz = 0, sx = 0, sy = 0, sz = 0, cell = 0, v = 0, code = 0, cellCode = 0;
    var start = 0, end = 0, slot = 0, o = 0, k = 0, m = 0, qx = 0, qy = 0, qz = 0;
    var lx = 0.0, ly = 0.0, lz = 0.0, lzs = 0.0, hx = 0.0, hy = 0.0, hz = 0.0, xi = 0.0, yi = 0.0, zi = 0.0;
    var ri = 0.0, scale = 0.0, skin = 0.0, cutU = 0.0, cutMax = 0.0, cut2 = 0.0, cut = 0.0;
    var wx = 0.0, wy = 0.0, wz = 0.0, loX = 0.0, hiX = 0.0, loY = 0.0, hiY = 0.0, loZ = 0.0, hiZ = 0.0;
    var fx = 0.0, fy = 0.0, fz = 0.0, dz2 = 0.0, dyz2 = 0.0, touch = 0.0, dx = 0.0, dy = 0.0, dz = 0.0;
    var shx = 0.0, shy = 0.0, shz = 0.0, d2 = 0.0;
    lx = +F[2];
    ly = +F[3];
    lz = +F[5];
    lzs = +F[4];
    hx = lx / 2.0;
    hy = ly / 2.0;
    hz = lz / 2.0;
    ci = (BOOK + (i << 6)) | 0;
    xi = +F[ci >> 3];
    yi = +F[(ci + 8) >> 3];
    zi = +F[(ci + 16) >> 3];
    ri = +F[(STATE + (i << 6) + 56) >> 3];
    scale = +F[23];
    skin = +F[24];
    uniform = I[86] | 0;
    // every body's cut-off when the radii are all the same
    cutU = -1.0;
    if (uniform) cutU = (ri + ri) * scale + skin;
    nx = I[81] | 0;
    ny = I[82] | 0;
    nz = I[83] | 0;
    cellCap = I[84] | 0;
    // an axis with fewer than three cells is scanned whole, with minimum images per pair
    if ((nx | 0) < 3) small = 1;
    if ((ny | 0) < 3) small = 1;
    if ((nz | 0) < 3) if (lzs > 0.0) small = 1;
    c = ((I[(SLOTOF + (i << 2)) >> 2] | 0) / (cellCap | 0)) | 0;
    cx = ((c | 0) % (nx | 0)) | 0;
    cy = ((((c | 0) / (nx | 0)) | 0) % (ny | 0)) | 0;
    cz = ((c | 0) / (imul(nx, ny) | 0)) | 0;
    x0 = (nx | 0) >= 3 ? -1 : (0 - cx) | 0;
    x1 = (nx | 0) >= 3 ? 1 : (nx - 1 - cx) | 0;
    y0 = (ny | 0) >= 3 ? -1 : (0 - cy) | 0;
    y1 = (ny | 0) >= 3 ? 1 : (ny - 1 - cy) | 0;
    z0 = (nz | 0) >= 3 ? -1 : (0 - cz) | 0;
    z1 = (nz | 0) >= 3 ? 1 : (nz - 1 - cz) | 0;
    // a neighbouring cell whose nearest point is beyond i's largest cut-off is skipped: the
    // squared distances from i's centre to the faces of its cell along each axis
    cutMax = cutU > 0.0 ? cutU : (ri + +F[25]) * scale + skin;
    cut2 = small ? inf : cutMax * cutMax;
    wx = lx / +(nx | 0);
    wy = ly / +(ny | 0);
    wz = lzs / +(nz | 0);
    loX = xi - +(cx | 0) * wx;
    hiX = +((cx + 1) | 0) * wx - xi;
    loY = yi - +(cy | 0) * wy;
    hiY = +((cy + 1) | 0) * wy - yi;
    loZ = zi - +(cz | 0) * wz;
    hiZ = +((cz + 1) | 0) * wz - zi;
    // first pass: the cells to visit, each with the shift code of its wrap across the box,
    // (then a tight loop touches each cell's first slot, so that the cache misses of all the
    // cells are in flight at once)
    for (oz = z0; (oz | 0) <= (z1 | 0); oz = (oz + 1) | 0) {
      gz = (cz + oz) | 0;
      sz = 0;
      if ((gz | 0) < 0) {
        gz = (gz + nz) | 0;
        sz = -1;
      } else if ((gz | 0) >= (nz | 0)) {
        gz = (gz - nz) | 0;
        sz = 1;
      }
      fz = (oz | 0) < 0 ? loZ : (oz | 0) > 0 ? hiZ : 0.0;
      dz2 = fz > 0.0 ? fz * fz : 0.0;
      for (oy = y0; (oy | 0) <= (y1 | 0); oy = (oy + 1) | 0) {
        gy = (cy + oy) | 0;
        sy = 0;
        if ((gy | 0) < 0) {
          gy = (gy + ny) | 0;
          sy = -1;
        } else if ((gy | 0) >= (ny | 0)) {
          gy = (gy - ny) | 0;
          sy = 1;
        }
        fy = (oy | 0) < 0 ? loY : (oy | 0) > 0 ? hiY : 0.0;
        dyz2 = dz2 + (fy > 0.0 ? fy * fy : 0.0);
        if (dyz2 >= cut2) continue;
        for (ox = x0; (ox | 0) <= (x1 | 0); ox = (ox + 1) | 0) {
          fx = (ox | 0) < 0 ? loX : (ox | 0) > 0 ? hiX : 0.0;
          if (dyz2 + (fx > 0.0 ? fx * fx : 0.0) >= cut2) continue;
          gx = (cx + ox) | 0;
          sx = 0;
          if ((gx | 0) < 0) {
            gx = (gx + nx) | 0;
            sx = -1;
          } else if ((gx | 0) >= (nx | 0)) {
            gx = (gx - nx) | 0;
            sx = 1;
          }
          cell = (imul((imul(gz, ny) + gy) | 0, nx) + gx) | 0;
          I[(VISIT + (visits << 3)) >> 2] = cell;
          I[(VISIT + (visits << 3) + 4) >> 2] = (sx + 1) | ((sy + 1) << 2) | ((sz + 1) << 4);
          visits = (visits + 1) | 0;
        }
      }
    }
    for (v = 0; (v | 0) < (visits | 0); v = (v + 1) | 0) touch = touch + +F32[(CELLS + (imul(I[(VISIT + (v << 3)) >> 2] | 0, cellCap) << 4)) >> 2];
    F[18] = touch;
    for (v = 0; (v | 0) < (visits | 0); v = (v + 1) | 0) {
      cell = I[(VISIT + (v << 3)) >> 2] | 0;
      cellCode = I[(VISIT + (v << 3) + 4) >> 2] | 0;
      start = imul(cell, cellCap) | 0;
      end = (start + (I[(CELLCOUNT + (cell << 2)) >> 2] | 0)) | 0;
      if (!small) {
        // the cell's shift holds for all its bodies
        shx = +((((cellCode & 3) - 1) | 0)) * lx;
        shy = +(((((cellCode >> 2) & 3) - 1) | 0)) * ly;
        shz = +(((((cellCode >> 4) & 3) - 1) | 0)) * lzs;
        for (slot = start; (slot | 0) < (end | 0); slot = (slot + 1) | 0) {
          o = (CELLS + (slot << 4)) | 0;
          dx = +F32[o >> 2] - xi + shx;
          dy = +F32[(o + 4) >> 2] - yi + shy;
          dz = +F32[(o + 8) >> 2] - zi + shz;
          d2 = dx * dx + dy * dy + dz * dz;
          // (with one radius for all, the slot's body is read only when it is within the cut-off)
          if (cutU > 0.0) {
            if (!(d2 < cutU * cutU)) continue;
            k = I[(o + 12) >> 2] | 0;
          } else {
            k = I[(o + 12) >> 2] | 0;
            cut = (ri + +F[(STATE + (k << 6) + 56) >> 3]) * scale + skin;
            if (!(d2 < cut * cut)) continue;
          }
          if ((k | 0) == (i | 0)) continue;
          I[(FOUND + (m << 2)) >> 2] = (k << 6) | cellCode;
          m = (m + 1) | 0;
        }
        continue;
      }
      for (slot = start; (slot | 0) < (end | 0); slot = (slot + 1) | 0) {
        o = (CELLS + (slot << 4)) | 0;
        k = I[(o + 12) >> 2] | 0;
        if ((k | 0) == (i | 0)) continue;
        dx = +F32[o >> 2] - xi;
        dy = +F32[(o + 4) >> 2] - yi;
        dz = +F32[(o + 8) >> 2] - zi;
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
        dx = dx + +(((code & 3) - 1) | 0) * lx;
        dy = dy + +((((code >> 2) & 3) - 1) | 0) * ly;
        dz = dz + +((((code >> 4) & 3) - 1) | 0) * lzs;
        cut = cutU > 0.0 ? cutU : (ri + +F[(STATE + (k << 6) + 56) >> 3]) * scale + skin;
        if (dx * dx + dy * dy + dz * dz < cut * cut) {
          I[(FOUND + (m << 2)) >> 2] = (k << 6) | code;
          m = (m + 1) | 0;
        }
      }
    }
    return m | 0;
  }

  function fill(i) {
    i = i | 0;
    var m = 0, q = 0, base = 0;
    m = scan(i) | 0;
    if ((m | 0) > (I[74] | 0)) return -1;
    base = (LIST + (imul(i, I[74] | 0) << 2)) | 0;
    for (q = 0; (q | 0) < (m | 0); q = (q + 1) | 0) I[(base + (q << 2)) >> 2] = I[(FOUND + (q << 2)) >> 2];
    I[(BOOK + (i << 6) + 56) >> 2] = m;
    return 0;
  }

  /** Removes the entry of i from k's list (moving the last entry into its place). */
  function drop(k, i) {
    k = k | 0;
    i = i | 0;
    var base = 0, last = 0, q = 0;
    base = (LIST + (imul(k, I[74] | 0) << 2)) | 0;
    last = ((I[(BOOK + (k << 6) + 56) >> 2] | 0) - 1) | 0;
    I[(BOOK + (k << 6) + 56) >> 2] = last;
    last = (base + (last << 2)) | 0;
    for (q = base; (q | 0) <= (last | 0); q = (q + 4) | 0) {
      if ((I[q >> 2] >> 6) == (i | 0)) {
        I[q >> 2] = I[last >> 2];
        return;
      }
    }
  }

  /** Gives the entry of i in k's list the shift of `entry` (i's image seen from k changes when i wraps). */
  function replace(k, i, entry) {
    k = k | 0;
    i = i | 0;
    entry = entry | 0;
    var q = 0, end = 0;
    q = (LIST + (imul(k, I[74] | 0) << 2)) | 0;
    end = (q + ((I[(BOOK + (k << 6) + 56) >> 2] | 0) << 2)) | 0;
    for (; (q | 0) < (end | 0); q = (q + 4) | 0) {
      if ((I[q >> 2] >> 6) == (i | 0)) {
        I[q >> 2] = entry;
        return;
      }
    }
  }

  function add(k, entry) {
    k = k | 0;
    entry = entry | 0;
    var c = 0;
    c = I[(BOOK + (k << 6) + 56) >> 2] | 0;
    I[(LIST + ((imul(k, I[74] | 0) + c) << 2)) >> 2] = entry;
    I[(BOOK + (k << 6) + 56) >> 2] = (c + 1) | 0;
  }

  function rebuildOne(i) {
    i = i | 0;
    var n0 = 0, n1 = 0, q = 0, e = 0, k = 0, stamp = 0, c = 0, slot = 0, base = 0, cap = 0, touch = 0, back = 0;
    cap = I[74] | 0;
    base = (LIST + (imul(i, cap) << 2)) | 0;
    // the old list, each neighbour marked with this rebuild's stamp and its shift code
    n0 = I[(BOOK + (i << 6) + 56) >> 2] | 0;
    if ((I[85] | 0) == 0x3fffffff) {
      for (k = 0; (k | 0) < (I[78] | 0); k = (k + 1) | 0) I[(MARK + (k << 2)) >> 2] = 0;
      I[85] = 0;
    }
    stamp = ((I[85] | 0) + 1) | 0;
    I[85] = stamp;
    for (q = 0; (q | 0) < (n0 | 0); q = (q + 1) | 0) {
      e = I[(base + (q << 2)) >> 2] | 0;
      I[(PREV + (q << 2)) >> 2] = e;
      I[(MARK + ((e >> 6) << 2)) >> 2] = stamp;
      I[(MARKCODE + ((e >> 6) << 2)) >> 2] = e & 63;
    }
    c = cellIndex(i) | 0;
    slot = I[(SLOTOF + (i << 2)) >> 2] | 0;
    if ((c | 0) != (((slot | 0) / (I[84] | 0)) | 0)) {
      if ((I[(CELLCOUNT + (c << 2)) >> 2] | 0) == (I[84] | 0)) return -2;
      remove(i);
      file(i, c);
    } else copyCentre(i, slot);
    n1 = scan(i) | 0;
    if ((n1 | 0) > (cap | 0)) return -1;
    for (q = 0; (q | 0) < (n1 | 0); q = (q + 1) | 0) {
      k = I[(FOUND + (q << 2)) >> 2] >> 6;
      if ((I[(MARK + (k << 2)) >> 2] | 0) != (stamp | 0)) if ((I[(BOOK + (k << 6) + 56) >> 2] | 0) == (cap | 0)) return -1;
    }
    for (q = 0; (q | 0) < (n1 | 0); q = (q + 1) | 0) I[(base + (q << 2)) >> 2] = I[(FOUND + (q << 2)) >> 2];
    I[(BOOK + (i << 6) + 56) >> 2] = n1;
    // only the neighbours gained (marked −1), lost (still marked with the stamp) or seen
    // through another image after a wrap (−2) have their entry of i changed
    for (q = 0; (q | 0) < (n1 | 0); q = (q + 1) | 0) {
      e = I[(base + (q << 2)) >> 2] | 0;
      k = e >> 6;
      if ((I[(MARK + (k << 2)) >> 2] | 0) != (stamp | 0)) I[(MARK + (k << 2)) >> 2] = -1;
      else if ((I[(MARKCODE + (k << 2)) >> 2] | 0) != (e & 63)) I[(MARK + (k << 2)) >> 2] = -2;
      else {
        I[(MARK + (k << 2)) >> 2] = 0;
        continue;
      }
      touch = (touch + (I[(BOOK + (k << 6) + 56) >> 2] | 0)) | 0;
    }
    for (q = 0; (q | 0) < (n0 | 0); q = (q + 1) | 0) {
      k = I[(PREV + (q << 2)) >> 2] >> 6;
      if ((I[(MARK + (k << 2)) >> 2] | 0) == (stamp | 0)) touch = (touch + (I[(BOOK + (k << 6) + 56) >> 2] | 0)) | 0;
    }
    F[18] = +(touch | 0);
    for (q = 0; (q | 0) < (n0 | 0); q = (q + 1) | 0) {
      k = I[(PREV + (q << 2)) >> 2] >> 6;
      if ((I[(MARK + (k << 2)) >> 2] | 0) == (stamp | 0)) drop(k, i);
    }
    for (q = 0; (q | 0) < (n1 | 0); q = (q + 1) | 0) {
      e = I[(base + (q << 2)) >> 2] | 0;
      k = e >> 6;
      back = (i << 6) | ((42 - (e & 63)) | 0);
      if ((I[(MARK + (k << 2)) >> 2] | 0) == -1) add(k, back);
      else if ((I[(MARK + (k << 2)) >> 2] | 0) == -2) replace(k, i, back);
    }
    return 1;
  }

  return { cellIndex: cellIndex, countCells: countCells, fileAll: fileAll, fill: fill, rebuildOne: rebuildOne };
}
