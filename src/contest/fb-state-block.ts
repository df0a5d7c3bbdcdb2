/**
 * The conversions between a Fantastic Bits snapshot (`FbState`, fb-state.ts) and a simulation's
 * block of the kernel's memory (fb-heap.ts), with RangeErrors that name the field. Apart from
 * fb-state.ts so that the public types' declarations import nothing of the WebAssembly heap.
 */
import { writeHeader, type FbBlock, type FbHeap } from "./fb-heap.js";
import { arrayOf, describe, finiteNumber, integerIn, plainObject, rejectUnknownKeys } from "./options.js";
import { ACCIO, FLIPENDO, OBLIVIATE, PETRIFICUS, SPELL_NAMES, type FbSpell, type FbState } from "./fb-state.js";

/**
 * The largest magnitude of a coordinate or speed: the referee rounds every position and speed
 * to a Java int at the end of a turn, so every state a game (or this simulator) reaches lies
 * within ±2^31.
 */
const LIMIT = 2 ** 31;
/** The most snaffles a state may hold (the game deals 5 or 7). */
const MAX_SNAFFLES = 20;
/** Ignore-list slots per snaffle at first (the lists grow when a game needs more), and at most. */
const FIRST_IGNORE_CAPACITY = 4, MAX_IGNORE = 1024;

const STATE_KEYS = ["round", "players", "wizards", "snaffles", "bludgers"];
const PLAYER_KEYS = ["score", "magic"];
const WIZARD_KEYS = ["id", "x", "y", "vx", "vy", "holding", "grabCooldown", "spells"];
const SPELLS_KEYS = ["obliviate", "accio", "flipendo", "petrificus"];
const SPELL_KEYS = ["turns", "target"];
const SNAFFLE_KEYS = ["id", "x", "y", "vx", "vy", "alive", "captured", "ignore"];
const BLUDGER_KEYS = ["id", "x", "y", "vx", "vy", "lastVictim"];

/** `field` of `o`, an array of `count` (or, when count is −1, 1..20) entries. */
function list(o: Record<string, unknown>, key: string, count: number): readonly unknown[] {
  const a = arrayOf(o[key], `state.${key}`);
  if (count === -1 ? a.length < 1 || a.length > MAX_SNAFFLES : a.length !== count) {
    throw new RangeError(`state.${key} must hold ${count === -1 ? `1..${MAX_SNAFFLES}` : count} ${key}, got ${a.length}`);
  }
  return a;
}

/** The object `value` with only the keys `known`. */
function entry(value: unknown, known: readonly string[], field: string): Record<string, unknown> {
  const o = plainObject(value, field);
  rejectUnknownKeys(o, known, field);
  return o;
}

/**
 * Checks the shape of snapshot `state` (its lists and their lengths): its snaffle count and
 * the ignore slots a snaffle its longest list needs (a power of two, at least 4).
 */
export function stateShape(state: FbState): [snaffles: number, capacity: number] {
  const s = entry(state, STATE_KEYS, "state");
  list(s, "players", 2);
  list(s, "wizards", 4);
  list(s, "bludgers", 2);
  const snaffles = list(s, "snaffles", -1);
  let capacity = FIRST_IGNORE_CAPACITY;
  snaffles.forEach((sn, k) => {
    const length = arrayOf(plainObject(sn, `state.snaffles[${k}]`).ignore, `state.snaffles[${k}].ignore`).length;
    if (length > MAX_IGNORE) throw new RangeError(`state.snaffles[${k}].ignore holds ${length} ids (at most ${MAX_IGNORE})`);
    while (capacity < length) capacity *= 2;
  });
  return [snaffles.length, capacity];
}

/**
 * Checks snapshot `state` field by field (its shape as stateShape found it) and writes it into
 * `block` of `h`, a block of its snaffle count and ignore slots.
 */
export function writeState(h: FbHeap, block: FbBlock, state: FbState): void {
  writeHeader(h, block);
  const f = h.f64, k = h.i32, n = block.n, S = block.snaffleCount, first = 4 + S;
  const body = (value: unknown, id: number, keys: readonly string[], field: string): Record<string, unknown> => {
    const o = entry(value, keys, field);
    integerIn(o.id, id, id, `${field}.id`);
    ["x", "y", "vx", "vy"].forEach((key, m) => {
      const v = finiteNumber(o[key], `${field}.${key}`);
      if (!(Math.abs(v) <= LIMIT)) throw new RangeError(`${field}.${key} must be within ±2^31 (the referee's int range), got ${v}`);
      f[block.x + m * n + id] = v;
    });
    k[block.alive + id] = 1;
    return o;
  };
  k[block.game] = integerIn(state.round, 0, 2 ** 31 - 1, "state.round");
  state.players.forEach((p, j) => {
    const o = entry(p, PLAYER_KEYS, `state.players[${j}]`);
    k[block.game + 1 + 2 * j] = integerIn(o.score, 0, 1000, `state.players[${j}].score`);
    k[block.game + 2 + 2 * j] = integerIn(o.magic, 0, 100, `state.players[${j}].magic`);
  });
  state.wizards.forEach((w, i) => {
    const field = `state.wizards[${i}]`, o = body(w, i, WIZARD_KEYS, field);
    const holding = integerIn(o.holding, -1, first - 1, `${field}.holding`);
    if (holding >= 0 && holding < 4) throw new RangeError(`${field}.holding must be -1 or a snaffle's id (4..${first - 1}), got ${holding}`);
    k[block.link + i] = holding;
    k[block.cooldown + i] = integerIn(o.grabCooldown, 0, 100, `${field}.grabCooldown`);
    const spells = entry(o.spells, SPELLS_KEYS, `${field}.spells`);
    SPELL_NAMES.forEach((name, m) => {
      const at = `${field}.spells.${name}`, sp = entry(spells[name], SPELL_KEYS, at);
      const turns = integerIn(sp.turns, 0, 100, `${at}.turns`), target = integerIn(sp.target, -1, n - 1, `${at}.target`);
      if ((turns === 0) !== (target === -1)) throw new RangeError(`${at}: turns ${turns} with target ${target} (a running spell has a target, a spent one has -1)`);
      // A running spell's target must be one the referee lets that spell take; a snaffle may
      // have scored since the order (Accio then ends at the next turn, the other spells run on).
      if (target >= 0 && target < first && (m === OBLIVIATE || (target < 4 && (m === ACCIO || target >> 1 === i >> 1)))) {
        throw new RangeError(`${at}.target must be an entity ${name} can take, got ${target}`);
      }
      k[block.spellTurns + 4 * i + m] = turns;
      k[block.spellTarget + 4 * i + m] = target;
    });
  });
  state.snaffles.forEach((sn, j) => {
    const field = `state.snaffles[${j}]`, id = 4 + j, o = body(sn, id, SNAFFLE_KEYS, field);
    if (typeof o.alive !== "boolean") throw new RangeError(`${field}.alive must be a boolean, got ${describe(o.alive)}`);
    if (typeof o.captured !== "boolean") throw new RangeError(`${field}.captured must be a boolean, got ${describe(o.captured)}`);
    k[block.alive + id] = o.alive ? 1 : 0;
    const ids = o.ignore as unknown[];
    ids.forEach((v, m) => {
      const other = integerIn(v, 4, first - 1, `${field}.ignore[${m}]`);
      if (other === id) throw new RangeError(`${field}.ignore[${m}] must be another snaffle's id, got its own (${id})`);
      k[block.ignore + j * block.ignoreCapacity + m] = other;
    });
    k[block.ignoreCount + j] = ids.length;
    // The wizard that holds it (the last one, where two grabbed it in one instant, as the referee keeps it).
    let carrier = -1;
    for (let w = 0; w < 4; w++) if (k[block.link + w] === id) carrier = w;
    if (o.captured !== (carrier !== -1)) throw new RangeError(`${field}.captured is ${o.captured} but ${o.captured ? "no wizard" : `wizard ${carrier}`} holds snaffle ${id}`);
    k[block.link + id] = carrier;
  });
  state.bludgers.forEach((b, j) => {
    const field = `state.bludgers[${j}]`, id = first + j;
    k[block.link + id] = integerIn(body(b, id, BLUDGER_KEYS, field).lastVictim, -1, 3, `${field}.lastVictim`);
  });
  // the sweep's order, by the left edge of each body's disc: the kernel's first sort starts nearly sorted
  const left = (i: number): number => f[block.x + i] - (i < 4 ? 400 : i < first ? 150 : 200) + Math.min(0, f[block.vx + i]);
  const ids = Array.from({ length: n }, (_, i) => i).sort((p, q) => left(p) - left(q) || p - q);
  k.set(ids, block.order);
}

/** The snapshot in `block` of `h`. */
export function readState(h: FbHeap, block: FbBlock): FbState {
  const f = h.f64, k = h.i32, first = 4 + block.snaffleCount;
  const at = (id: number) => ({ id, x: f[block.x + id], y: f[block.y + id], vx: f[block.vx + id], vy: f[block.vy + id] });
  const spell = (w: number, m: number): FbSpell => ({ turns: k[block.spellTurns + 4 * w + m], target: k[block.spellTarget + 4 * w + m] });
  const state: FbState = { round: k[block.game], players: [0, 1].map((p) => ({ score: k[block.game + 1 + 2 * p], magic: k[block.game + 2 + 2 * p] })), wizards: [], snaffles: [], bludgers: [] };
  for (let w = 0; w < 4; w++) {
    state.wizards.push({ ...at(w), holding: k[block.link + w], grabCooldown: k[block.cooldown + w], spells: { obliviate: spell(w, OBLIVIATE), accio: spell(w, ACCIO), flipendo: spell(w, FLIPENDO), petrificus: spell(w, PETRIFICUS) } });
  }
  for (let id = 4; id < first; id++) {
    const list = block.ignore + (id - 4) * block.ignoreCapacity;
    state.snaffles.push({ ...at(id), alive: k[block.alive + id] === 1, captured: k[block.link + id] !== -1, ignore: Array.from(k.subarray(list, list + k[block.ignoreCount + id - 4])) });
  }
  for (let id = first; id < block.n; id++) state.bludgers.push({ ...at(id), lastVictim: k[block.link + id] });
  return state;
}
