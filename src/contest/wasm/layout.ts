// Where the Fantastic Bits kernel finds everything in its memory (fb-heap.ts lays out the
// same; docs/contest-rules.md describes the kernel). Byte addresses. The scratch of a turn
// sits at the start of the memory, shared by every simulation (turns do not interleave); each
// simulation's state is a block further on, which `bind` reads the layout of.

/** The most entities a state holds: 4 wizards, 20 snaffles, 2 bludgers. */
export const MAX_N: i32 = 26;

// ---- scratch ----
/** The four commands: kind (0 MOVE, 1 THROW, 2 a spell) and spell index as int32, then a, b, c as float64 (x, y, power; or the target id). */
export const CMD_KIND: i32 = 0;
export const CMD_SPELL: i32 = 16;
export const CMD_A: i32 = 32;
export const CMD_B: i32 = 64;
export const CMD_C: i32 = 96;
/** Accelerations ordered this turn, per entity (float64). */
export const ACC_X: i32 = 128;
export const ACC_Y: i32 = ACC_X + MAX_N * 8;
/** Spells ordered this turn (int32 per wizard: spell index or −1, target). */
export const PENDING_SPELL: i32 = ACC_Y + MAX_N * 8;
export const PENDING_TARGET: i32 = PENDING_SPELL + 16;
/** Every body's box for the rest of the turn (float64 per entity). */
export const BOX_XLO: i32 = PENDING_TARGET + 16;
export const BOX_XHI: i32 = BOX_XLO + MAX_N * 8;
export const BOX_YLO: i32 = BOX_XHI + MAX_N * 8;
export const BOX_YHI: i32 = BOX_YLO + MAX_N * 8;
/** Per snaffle: the wizard whose position, or speed, object it shares (int32, −1 none; see react.ts). */
export const POS_SHARE: i32 = BOX_YHI + MAX_N * 8;
export const SPEED_SHARE: i32 = POS_SHARE + MAX_N * 4;
/** Per snaffle: ignore-list entries this turn's releases will add (int32). */
export const IGNORE_ADDS: i32 = SPEED_SHARE + MAX_N * 4;
/** Per body: the bit set of bodies whose boxes overlap its own, and what else its box reaches (FEAT_* bits) (int32). */
export const NEAR: i32 = IGNORE_ADDS + MAX_N * 4;
export const FEAT: i32 = NEAR + MAX_N * 4;
/** The candidates of a step: time (float64), key, kind, first and second entity (int32). */
export const MAX_CANDIDATES: i32 = 4 * (9 + 20) + 20 * (5 + 20) + 2 * (10 + 20);
export const CAND_TIME: i32 = FEAT + MAX_N * 4;
export const CAND_KEY: i32 = CAND_TIME + MAX_CANDIDATES * 8;
export const CAND_KIND: i32 = CAND_KEY + MAX_CANDIDATES * 4;
export const CAND_A: i32 = CAND_KIND + MAX_CANDIDATES * 4;
export const CAND_B: i32 = CAND_A + MAX_CANDIDATES * 4;
/** Bytes of scratch; the first block starts at or after this. */
export const SCRATCH_BYTES: i32 = CAND_B + MAX_CANDIDATES * 4;

// ---- the bound block ----
/** Entities, snaffles, the first bludger's id, ignore-list slots per snaffle. */
export let N: i32 = 0;
export let S: i32 = 0;
export let FB: i32 = 0;
export let CAP: i32 = 0;
/**
 * Field addresses: float64 x, y, vx, vy per entity; int32 link, alive per entity, the bodies in
 * the order of their boxes' left edges at the last step (a permutation, kept from turn to turn
 * so that the sweep's sort starts nearly sorted), grab cooldown per wizard, spell turns and
 * targets (wizard·4 + spell), the game (round, score and magic of each player), ignore counts
 * per snaffle and the lists.
 */
export let XS: i32 = 0;
export let YS: i32 = 0;
export let VXS: i32 = 0;
export let VYS: i32 = 0;
export let LINK: i32 = 0;
export let ALIVE: i32 = 0;
export let ORDER: i32 = 0;
export let COOLDOWN: i32 = 0;
export let SPELL_TURNS: i32 = 0;
export let SPELL_TARGET: i32 = 0;
export let GAME: i32 = 0;
export let IGNORE_COUNT: i32 = 0;
export let IGNORE: i32 = 0;
/** Bytes of the state (what a copy copies), and the address of the block's broadphase cache, which follows it (see loop.ts). */
export let STATE_BYTES: i32 = 0;
export let CACHE: i32 = 0;

/**
 * Reads the layout of the block at `p`: a header of int32 n, snaffle count, ignore slots and
 * state bytes; then the fields in the order above; then (not part of the state) the cache.
 */
export function bind(p: i32): void {
  N = load<i32>(p);
  S = load<i32>(p, 4);
  CAP = load<i32>(p, 8);
  STATE_BYTES = load<i32>(p, 12);
  CACHE = p + STATE_BYTES;
  FB = 4 + S;
  XS = p + 16;
  YS = XS + N * 8;
  VXS = YS + N * 8;
  VYS = VXS + N * 8;
  LINK = VYS + N * 8;
  ALIVE = LINK + N * 4;
  ORDER = ALIVE + N * 4;
  COOLDOWN = ORDER + N * 4;
  SPELL_TURNS = COOLDOWN + 16;
  SPELL_TARGET = SPELL_TURNS + 64;
  GAME = SPELL_TARGET + 64;
  IGNORE_COUNT = GAME + 20;
  IGNORE = IGNORE_COUNT + S * 4;
}

// Spell indices (the order the referee applies their effects in).
export const OBLIVIATE: i32 = 0;
export const PETRIFICUS: i32 = 1;
export const ACCIO: i32 = 2;
export const FLIPENDO: i32 = 3;

@inline export function getX(i: i32): f64 { return load<f64>(XS + (i << 3)); }
@inline export function getY(i: i32): f64 { return load<f64>(YS + (i << 3)); }
@inline export function getVX(i: i32): f64 { return load<f64>(VXS + (i << 3)); }
@inline export function getVY(i: i32): f64 { return load<f64>(VYS + (i << 3)); }
@inline export function setX(i: i32, v: f64): void { store<f64>(XS + (i << 3), v); }
@inline export function setY(i: i32, v: f64): void { store<f64>(YS + (i << 3), v); }
@inline export function setVX(i: i32, v: f64): void { store<f64>(VXS + (i << 3), v); }
@inline export function setVY(i: i32, v: f64): void { store<f64>(VYS + (i << 3), v); }
@inline export function getLink(i: i32): i32 { return load<i32>(LINK + (i << 2)); }
@inline export function setLink(i: i32, v: i32): void { store<i32>(LINK + (i << 2), v); }
@inline export function getAlive(i: i32): i32 { return load<i32>(ALIVE + (i << 2)); }
@inline export function spellTurns(w: i32, k: i32): i32 { return load<i32>(SPELL_TURNS + (((w << 2) + k) << 2)); }
@inline export function spellTarget(w: i32, k: i32): i32 { return load<i32>(SPELL_TARGET + (((w << 2) + k) << 2)); }
@inline export function setSpell(w: i32, k: i32, turns: i32, target: i32): void {
  store<i32>(SPELL_TURNS + (((w << 2) + k) << 2), turns);
  store<i32>(SPELL_TARGET + (((w << 2) + k) << 2), target);
}
/** What else a body's box reaches (FEAT bits): a wall, a goal line, and goal post p's square (bit FEAT_POST << p). */
export const FEAT_WALL: i32 = 1;
export const FEAT_GOAL: i32 = 2;
export const FEAT_POST: i32 = 4;

/** Radius of entity i. */
@inline export function radius(i: i32): f64 { return i < 4 ? 400.0 : i < FB ? 150.0 : 200.0; }
/** Mass of entity i. */
@inline export function mass(i: i32): f64 { return i < 4 ? 1.0 : i < FB ? 0.5 : 8.0; }
