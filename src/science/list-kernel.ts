/**
 * The neighbour lists' work in the kernel's WebAssembly module (src/science/wasm/lists.ts; see
 * neighbour-lists.ts for the scheme, and edmd-kernel.ts for why WebAssembly): the cell grid over
 * the shell centres, the scan of the cells around a body, and the rebuild of one body's list
 * with the matching changes to its neighbours' lists. It shares the engine's memory
 * (engine-memory.ts) with the event kernel.
 *
 * Registers it reads (kernel-layout.ts), besides the event kernel's box lengths: LIST_SCALE the
 * scale of the contact distances, LIST_SKIN the skin plus the float32 margin, RHO_MAX the
 * largest ρ, LIST_CAP, CELLS_X/Y/Z, CELL_CAP (slots per cell), STAMP (the rebuild's), EQUAL_RADII
 * and CELL_COUNT. A cell slot is 16 bytes: the centre as three float32s and the body as an int32.
 *
 * rebuildOne and fill change nothing and return −1 when a list would outgrow its capacity, −2
 * (rebuildOne) when the body's new cell is full: the caller makes room and calls again.
 */
export interface ListKernelExports {
  /** Body i's cell from its shell centre. */
  cellIndex(i: number): number;
  /** Counts the bodies of each cell into cellCount; returns the most in one cell. */
  countCells(): number;
  /** Files every body in its cell (the cells laid out with room for the most). */
  fileAll(): void;
  /** Builds body i's list from a scan (lists being built from empty); −1: no room. */
  fill(i: number): number;
  /** Rebuilds body i's list after its centre moved: 1, or −1 (no room in a list), −2 (its cell is full). */
  rebuildOne(i: number): number;
}
