/**
 * The layout of the science engine's memory, in one place: the registers at its start and the
 * fields of its records. Both sides import this file: the WebAssembly kernel
 * (src/science/wasm/, AssemblyScript, which folds each constant into the instruction that uses
 * it) and the TypeScript that sets the kernel up and reads its results (engine-memory.ts,
 * hard-spheres.ts, neighbour-lists.ts). So `F(HEAP_SIZE)` in the kernel and `mem.I[HEAP_SIZE]`
 * in TypeScript are the same number, named once.
 *
 * Registers. The first {@link REGISTER_BYTES} bytes of the memory hold numbers the kernel and
 * TypeScript share: float64 register k at byte 8k (the kernel's `F(k)`, TypeScript's
 * `mem.F[k]`) for k below {@link FIRST_INT_REGISTER} / 2, and int32 register k at byte 4k
 * (`I(k)`, `mem.I[k]`) from FIRST_INT_REGISTER on.
 *
 * Records. Each body has a state record of 64 bytes (one cache line per pair test) and each
 * calendar slot a bookkeeping record of 64 bytes; their fields are given as byte offsets (the
 * kernel's load and store offsets) and, for TypeScript's Float64Array and Int32Array views, as
 * indices (the byte offset over 8 or 4).
 *
 * This file holds only `export const NAME = integer;` lines, which AssemblyScript and
 * TypeScript read alike.
 */

// ---- registers ----

/** Bytes at the start of the memory taken by the registers. */
export const REGISTER_BYTES = 1024;
/** The first int32 register: float64 registers are 0 to 63 (bytes 0–511), int32 ones 128 to 255 (bytes 512–1023). */
export const FIRST_INT_REGISTER = 128;

// float64 registers (F)
/** The current time. */
export const NOW = 0;
/** The time a run stops at (Infinity: none). */
export const END_TIME = 1;
/** The box shift lengths along x, y and z (the z one 0 in 2D). */
export const SHIFT_X = 2;
export const SHIFT_Y = 3;
export const SHIFT_Z = 4;
/** The box side along z (Infinity in 2D). */
export const BOX_Z = 5;
/** The radius of every neighbour shell (half the skin). */
export const SHELL_RADIUS = 6;
/** The collision virial Σ J σ since the measurement window began. */
export const VIRIAL = 7;
/** The mass of every body when all are equal. */
export const COMMON_MASS = 8;
/** Collisions so far. */
export const COLLISIONS = 9;
/** The collision count a run stops at. */
export const COLLISIONS_END = 10;
/** Stale events dropped. */
export const STALE_EVENTS = 11;
/** Stale events answered by the body's second choice. */
export const SECOND_CHOICES = 12;
/** Predictions made. */
export const PREDICTIONS = 13;
/** Pair tests made by those predictions. */
export const PAIR_TESTS = 14;
/** The calendar's bucket width, its inverse and its origin (the time of bucket 0). */
export const BUCKET_WIDTH = 15;
export const INVERSE_WIDTH = 16;
export const CALENDAR_ORIGIN = 17;
/** Where reads issued only to bring memory into the caches leave their sum (so the compiler keeps them). */
export const PREFETCH_SINK = 18;
/** The growth rate g (radii ρ (1 + g t)). */
export const GROWTH_RATE = 19;
/** The kinetic energy, the time it was last integrated to, and its integral over the measurement window. */
export const KINETIC_ENERGY = 20;
export const KINETIC_TIME = 21;
export const KINETIC_INTEGRAL = 22;
/** The neighbour lists' scale of the contact distances, skin (plus the float32 margin) and largest ρ. */
export const LIST_SCALE = 23;
export const LIST_SKIN = 24;
export const RHO_MAX = 25;
/** Shell exits so far. */
export const SHELL_EXITS = 26;
/** Granular gases: the normal restitution r, the speed u0 below which it approaches 1 (McNamara–Falcon; 0: r at every speed), and the TC model's time tc. */
export const RESTITUTION = 27;
export const RESTITUTION_SPEED = 28;
export const COLLAPSE_TIME = 29;
/** Kinetic energy lost in inelastic collisions so far. */
export const DISSIPATED = 30;
/** Lees–Edwards shear: the rate γ̇ (flow along x, gradient along y), the image speed γ̇ Ly, the image offset δ at SHEAR_TIME (δ(t) = SHEAR_OFFSET + SHEAR_SPEED (t − SHEAR_TIME) until the next full rebuild), and the margin the lists keep for the offset's drift. */
export const SHEAR_RATE = 31;
export const SHEAR_SPEED = 32;
export const SHEAR_OFFSET = 33;
export const SHEAR_TIME = 34;
export const SHEAR_MARGIN = 35;
/** Σ m vx vy, the time it was last integrated to, and its integral since time 0. */
export const MOMENTUM_XY = 36;
export const MOMENTUM_XY_TIME = 37;
export const MOMENTUM_XY_INTEGRAL = 38;
/** Σ over y-wraps of the jump of m (y − Ly/2)² / 2 (the kinetic stress's correction; see engine.ts's sums()). */
export const WRAP_CORRECTION = 39;
/** The xy collision virial Σ r_x J_y since time 0 (r from i to j, J the impulse on j). */
export const VIRIAL_XY = 40;

// int32 registers (I)
/** Pending events (calendar slots with a finite time). */
export const PENDING = 128;
/** The first free calendar entry (−1: the pool is full). */
export const FREE_ENTRY = 129;
/** The calendar's current bucket. */
export const CURRENT_BUCKET = 130;
/** Entries in the overflow list (beyond this year's buckets). */
export const OVERFLOW_COUNT = 131;
/** Entries in the current bucket's heap. */
export const HEAP_SIZE = 132;
/** Entries poured from buckets into the heap this year. */
export const POURED = 133;
/** Buckets B (a power of two) and B − 1. */
export const BUCKETS = 134;
export const BUCKET_MASK = 135;
/** Calendar entries in the pool. */
export const POOL_ENTRIES = 136;
/** Calendar slots (bodies + 1: the last is the scheduled systems'). */
export const SLOTS = 137;
/** Entries each neighbour list has room for. */
export const LIST_CAP = 138;
/** 1 when every body has the same mass (COMMON_MASS). */
export const EQUAL_MASSES = 139;
/** The body of the event a run returned for (a shell exit TypeScript finishes). */
export const RETURNED_BODY = 140;
/** Events left before the next pace check. */
export const PACE_BUDGET = 141;
/** Bodies n. */
export const BODIES = 142;
/** 1: read neighbours' records ahead (the bodies outgrow the caches). */
export const PREFETCH = 143;
/** 1: call the imported `collided` after each collision. */
export const CALL_BACK = 144;
/** Cells of the list grid along x, y and z. */
export const CELLS_X = 145;
export const CELLS_Y = 146;
export const CELLS_Z = 147;
/** Slots per cell. */
export const CELL_CAP = 148;
/** The list rebuild's stamp (marks neighbours seen in this rebuild). */
export const STAMP = 149;
/** 1 when every body has the same ρ. */
export const EQUAL_RADII = 150;
/** Cells of the grid. */
export const CELL_COUNT = 151;
/** 2 or 3. */
export const DIMENSIONS = 152;
/** 1 with Lees–Edwards shear (the list scans and wraps then shift images across the y faces). */
export const SHEARED = 153;

// ---- the kinds of run loop: one specialised loop per combination ----

/** Collisions with restitution (granular gases). */
export const INELASTIC = 1;
/** Lees–Edwards shear. */
export const SHEAR = 2;

// ---- a body's state record: 8 float64s, x, y, z, t, vx, vy, vz, ρ (a body is at x + v (now − t)) ----

/** Bytes per state record (a body's record is at STATE + (i << STATE_SHIFT)). */
export const STATE_SHIFT = 6;
/** Float64s per state record. */
export const STATE_STRIDE = 8;
/** Byte offsets of the fields. */
export const X_AT = 0;
export const Y_AT = 8;
export const Z_AT = 16;
export const T_AT = 24;
export const VX_AT = 32;
export const VY_AT = 40;
export const VZ_AT = 48;
export const RHO_AT = 56;
/** The same as indices of a Float64Array view. */
export const X = 0;
export const Y = 1;
export const Z = 2;
export const T = 3;
export const VX = 4;
export const VY = 5;
export const VZ = 6;
export const RHO = 7;

// ---- a calendar slot's bookkeeping record: 64 bytes ----
// float64 0–2 the shell centre, 3 the second choice's time, 4 the event time (Infinity: none);
// int32 10 the event's partner (−1: shell exit), 11 the partner's counter when predicted,
// 12 the second choice's partner (−1: shell exit, −2: none), 13 its counter, 14 the list length.

/** Bytes per bookkeeping record (slot k's is at BOOK + (k << BOOK_SHIFT)). */
export const BOOK_SHIFT = 6;
/** Float64s and int32s per bookkeeping record. */
export const BOOK_STRIDE = 8;
export const BOOK_INT_STRIDE = 16;
/** Byte offsets of the fields. */
export const CENTRE_X_AT = 0;
export const CENTRE_Y_AT = 8;
export const CENTRE_Z_AT = 16;
export const SECOND_TIME_AT = 24;
export const EVENT_TIME_AT = 32;
export const PARTNER_AT = 40;
export const PARTNER_COUNTER_AT = 44;
export const SECOND_AT = 48;
export const SECOND_COUNTER_AT = 52;
export const LIST_LENGTH_AT = 56;
/** The float64 fields as indices of a Float64Array view. */
export const CENTRE_X = 0;
export const SECOND_TIME = 3;
export const EVENT_TIME = 4;
/** The int32 fields as indices of an Int32Array view. */
export const PARTNER = 10;
export const PARTNER_COUNTER = 11;
export const SECOND = 12;
export const SECOND_COUNTER = 13;
export const LIST_LENGTH = 14;
/** A partner that is no body: the shell exit, and (second choice) none. */
export const SHELL_EXIT = -1;
export const NO_EVENT = -2;

// ---- a calendar entry: 16 bytes, time (float64), slot and next entry (int32) ----

export const ENTRY_SHIFT = 4;
export const ENTRY_TIME_AT = 0;
export const ENTRY_SLOT_AT = 8;
export const ENTRY_NEXT_AT = 12;

// ---- a cell slot of the list grid: 16 bytes, the shell centre as three float32s and the body ----

export const CELL_SLOT_SHIFT = 4;
export const SLOT_X_AT = 0;
export const SLOT_Y_AT = 4;
export const SLOT_Z_AT = 8;
export const SLOT_BODY_AT = 12;

// ---- a neighbour-list entry: one int32, (body << ENTRY_BODY_SHIFT) | shift code ----

/** An entry's body is entry >> ENTRY_BODY_SHIFT; its code entry & CODE_MASK. */
export const ENTRY_BODY_SHIFT = 6;
export const CODE_MASK = 63;
/** The code of no shift on any axis (each axis' field is 1). */
export const NO_SHIFT = 21;
/** The code of the opposite shift is OPPOSITE − code. */
export const OPPOSITE = 42;

// ---- what run() returns ----

export const RUN_DONE = 0;
export const RUN_PACE = 1;
export const RUN_TIME = 2;
export const RUN_SYSTEM = 3;
export const RUN_SHELL = 5;
