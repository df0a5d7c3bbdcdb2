/**
 * Neighbour lists for the science engine (the scheme of Smallenburg's event-driven MD codes).
 *
 * Each body i owns a shell: a ball of radius s = δ/2 around a centre c_i (where the body was
 * when its list was last built). While i stays inside its shell, it can only touch bodies k
 * with |c_i − c_k| < σ_ik + δ (both centres within δ/2 of the bodies), so those are its list.
 * Leaving the shell is an event: the body's centre moves to where it is, and only its own list
 * is rebuilt, keeping every list symmetric (i in k's list exactly when k is in i's list), so a
 * body whose motion changes always re-predicts against every body it could touch.
 *
 * Each entry also carries the periodic image of the neighbour (which box shift, −L, 0 or +L per
 * axis, brings k next to i), fixed while both shells stand because a body is only wrapped back
 * into the box when its shell moves. An entry is one Int32, (k << 6) | code with code =
 * (sx + 1) | (sy + 1) << 2 | (sz + 1) << 4 for the shifts sx, sy, sz ∈ {−1, 0, 1} (two bits
 * each, so the engine decodes a shift with a mask, without a table look-up), so the engine's
 * pair test needs no minimum-image branches. The entry of i in k's list has code 42 − code
 * (the opposite shift: each field f becomes 2 − f).
 *
 * Growing bodies: the lists use the pair's contact distance at a horizon time T_h (σ_ik(T_h)
 * ≥ σ_ik(t) for t ≤ T_h); at T_h the engine rebuilds every list with a new horizon.
 *
 * Lists are built from a periodic cell grid over the shell centres (cells at least one cut-off
 * wide; an axis with fewer than three cells scans all of them once, with minimum images). Each
 * cell keeps its bodies in one contiguous run of 16-byte slots (the centre rounded to float32,
 * and the body), so a scan reads a cache line or two per cell; the cut-off is widened by a
 * bound on that rounding, so a list may hold a body a hair beyond it but never misses one. The
 * box shift of a neighbouring cell across the boundary is known per cell. The minimum image is unique because the engine keeps the cut-off below half
 * the box.
 *
 * The scans and rebuilds run in the WebAssembly kernel (list-kernel.ts) over the engine's memory;
 * this class chooses the grid and makes room when a list or a cell is full.
 */
import type { EngineMemory } from "./engine-memory.js";
import { BOX_Z, CELLS_X, CELLS_Y, CELLS_Z, EQUAL_RADII, LIST_SCALE, LIST_SKIN, RHO, RHO_MAX, SHIFT_X, SHIFT_Y, SHIFT_Z, STATE_STRIDE } from "./kernel-layout.js";
import { dimensionRoot } from "./start.js";

/**
 * The skin the engine chooses when none is given, as a fraction of the largest diameter σ, for
 * n bodies that fill `filled` of a box of volume V: 2 √(λ/σ) within [0.5, 3], λ the Enskog
 * mean free path of a one-size fluid at the packing fraction φ = filled / V,
 *
 *     3D: λ/σ = 1 / (6 √2 φ g),  g = (1 − φ/2) / (1 − φ)³  (Carnahan–Starling contact value),
 *     2D: λ/σ = π / (8 √2 φ g),  g = (1 − 7φ/16) / (1 − φ)²  (Henderson's).
 *
 * A body diffuses, so it leaves a shell of radius δ/2 after about (δ/λ)² collisions, while each
 * prediction tests about (1 + δ)^d neighbours: the best δ grows as √λ. Measured (4,000 bodies,
 * skins 0.25 to 3), 2 √(λ/σ) is within 10% of the fastest skin from φ = 0.1 to 0.7 in 2D and
 * 0.1 to 0.5 in 3D; it is 3 for disks at 0.1 (3.0× the speed of a skin of 0.5), 1.4 at 0.3
 * (1.7×), 0.97 at 0.45 (1.35×), and for spheres 1.9 at 0.1 (1.5×), 0.95 at 0.25 (1.2×), 0.5 at
 * 0.45 and above. The skin is also held to at most 16 neighbours per body on average (a list
 * capacity of 32, the dense fluid's), so that dilute systems of millions of bodies still fit the
 * engine's memory. Only +, −, ×, ÷ and √: the same bits everywhere.
 */
export function automaticSkin(d: 2 | 3, n: number, volume: number, filled: number, sigma: number): number {
  const phi = filled / volume;
  // (beyond close packing the formulas mean nothing; only overlapping bodies get there)
  if (!(phi < 0.95)) return 0.5;
  const q = 1 - phi;
  const free = d === 3 ? (q * q * q) / (6 * Math.SQRT2 * phi * (1 - phi / 2)) : (Math.PI * q * q) / (8 * Math.SQRT2 * phi * (1 - (7 * phi) / 16));
  let s = 2 * Math.sqrt(free);
  // (n / V) × ball(σ (1 + s)) <= 16
  const cut = dimensionRoot((16 * volume) / (n * (d === 3 ? (4 / 3) * Math.PI : Math.PI)), d) / sigma;
  if (s > cut - 1) s = cut - 1;
  if (s > 3) s = 3;
  return s >= 0.5 ? s : 0.5;
}

export class NeighbourLists {
  /** Capacity of each body's list. */
  get cap(): number {
    return this.mem.cap;
  }
  /** Body k's list: list[k cap .. k cap + count[k]), entries (neighbour << 6) | shift code. */
  get list(): Int32Array {
    return this.mem.list;
  }
  /** How many entries body i's list holds. */
  length(i: number): number {
    return this.mem.listLength(i);
  }

  /**
   * Lists over the memory's shell centres (three per body, inside [0, L) on every periodic
   * axis) and radius scales ρ (the state's eighth number); sets the box registers.
   */
  constructor(
    private readonly mem: EngineMemory,
    box: Float64Array,
  ) {
    const F = mem.F, n = mem.n, s = mem.state;
    F[SHIFT_X] = box[0];
    F[SHIFT_Y] = box[1];
    F[SHIFT_Z] = box[2] === Infinity ? 0 : box[2];
    F[BOX_Z] = box[2];
    let uniform = true;
    for (let i = 1; i < n; i++) if (s[STATE_STRIDE * i + RHO] !== s[RHO]) uniform = false;
    mem.I[EQUAL_RADII] = uniform ? 1 : 0;
    // each stored coordinate is within L 2^-24 of the centre; a distance within √3 of that per body
    const lMax = Math.max(box[0], box[1], box[2] === Infinity ? 0 : box[2]);
    this.margin = 4 * lMax * 2 ** -24;
  }

  /** Added to every cut-off: bounds the error of the float32 centres in a distance. */
  private readonly margin: number;

  /**
   * Sets the grid for contact distances (ρ_i + ρ_k) × scale plus `skin` (the largest ρ being
   * rhoMax) and rebuilds every list from the current centres.
   */
  rebuildAll(scale: number, skin: number, rhoMax: number): void {
    const mem = this.mem, F = mem.F, I = mem.I;
    F[LIST_SCALE] = scale;
    F[LIST_SKIN] = skin + this.margin;
    F[RHO_MAX] = rhoMax;
    // Cells at least one cut-off wide, and in a dilute box at least 1.3 mean spacings, so that a
    // cell holds about two bodies on average (1.3^d) and the grid's memory stays in proportion
    // to the bodies (in dense fluids the cut-off is the larger: 1.5 against 1.37 diameters for
    // spheres at φ = 0.45, 1.5 against 1.38 for disks at 0.70).
    const d = F[BOX_Z] === Infinity ? 2 : 3;
    const spacing = dimensionRoot((F[SHIFT_X] * F[SHIFT_Y] * (d === 3 ? F[BOX_Z] : 1)) / mem.n, d);
    const side = Math.max(2 * rhoMax * scale + skin, 1.3 * spacing);
    const nx = Math.max(1, Math.floor(F[SHIFT_X] / side));
    const ny = Math.max(1, Math.floor(F[SHIFT_Y] / side));
    const nz = d === 2 ? 1 : Math.max(1, Math.floor(F[BOX_Z] / side));
    I[CELLS_X] = nx;
    I[CELLS_Y] = ny;
    I[CELLS_Z] = nz;
    this.layCells(nx * ny * nz, 8);
    this.mem.clearLists();
    for (let i = 0; i < mem.n; i++) while (mem.listKernel.fill(i) < 0) mem.relayout(2 * mem.cap, mem.cells, mem.cellCap);
  }

  /** Rebuilds body i's list after its centre moved (and moves it to its new cell). */
  rebuildOne(i: number): void {
    const mem = this.mem;
    for (;;) {
      const r = mem.listKernel.rebuildOne(i);
      if (r > 0) return;
      if (r === -1) mem.relayout(2 * mem.cap, mem.cells, mem.cellCap);
      else this.layCells(mem.cells, 2 * mem.cellCap);
    }
  }

  /** Lays out `cells` cells of at least `minCap` slots (more if a cell needs them) and files every body. */
  private layCells(cells: number, minCap: number): void {
    const mem = this.mem;
    if (cells !== mem.cells) mem.relayout(mem.cap, cells, mem.cellCap);
    const most = mem.listKernel.countCells();
    const cellCap = Math.max(minCap, most + 4);
    if (cellCap !== mem.cellCap) mem.relayout(mem.cap, cells, cellCap);
    mem.listKernel.fileAll();
  }
}
