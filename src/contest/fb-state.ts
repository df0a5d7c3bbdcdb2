/**
 * Fantastic Bits state: the snapshot shape a bot sees (`FbState`), the flat typed arrays the
 * simulator works on (`FbArrays`), and the conversions between them with RangeErrors that name
 * the field.
 */
import { arrayOf, describe, finiteNumber, integerIn, plainObject, rejectUnknownKeys } from "./options.js";

/** A spell slot: turns left and target id (−1 for none). */
export interface FbSpell {
  /** Turns the spell's effect has left (0: inactive). */
  turns: number;
  /** Id of the entity it acts on, or −1. */
  target: number;
}

/** A wizard: ids 0 and 1 belong to player 0, 2 and 3 to player 1. */
export interface FbWizard {
  /** Entity id (0..3). */
  id: number;
  /** Position x, map units. */
  x: number;
  /** Position y, map units. */
  y: number;
  /** Velocity x, map units per turn. */
  vx: number;
  /** Velocity y, map units per turn. */
  vy: number;
  /** Id of the snaffle held, or −1. */
  holding: number;
  /** Turns before the wizard may grab a snaffle again (0: it may). */
  grabCooldown: number;
  /** The state of each spell this wizard cast. */
  spells: {
    /** Obliviate: the target bludger ignores the caster's team. */
    obliviate: FbSpell;
    /** Accio: pulls the target towards the wizard. */
    accio: FbSpell;
    /** Flipendo: pushes the target away from the wizard. */
    flipendo: FbSpell;
    /** Petrificus: stops the target. */
    petrificus: FbSpell;
  };
}

/** A snaffle (a ball to score). */
export interface FbSnaffle {
  /** Entity id (after the four wizards). */
  id: number;
  /** Position x, map units. */
  x: number;
  /** Position y, map units. */
  y: number;
  /** Velocity x, map units per turn. */
  vx: number;
  /** Velocity y, map units per turn. */
  vy: number;
  /** True while in play (not yet scored). */
  alive: boolean;
  /** True while a wizard holds it (see FbWizard.holding). */
  captured: boolean;
  /** Ids of the snaffles this one passes through until they separate, in the referee's order (an id may repeat, as in the referee's list). */
  ignore: number[];
}

/** A bludger (it chases wizards). */
export interface FbBludger {
  /** Entity id (the last two ids). */
  id: number;
  /** Position x, map units. */
  x: number;
  /** Position y, map units. */
  y: number;
  /** Velocity x, map units per turn. */
  vx: number;
  /** Velocity y, map units per turn. */
  vy: number;
  /** Id of the last wizard it hit, or −1. */
  lastVictim: number;
}

/** A Fantastic Bits snapshot where the referee waits for commands. */
export interface FbState {
  /** The round the next turn plays (0-based). */
  round: number;
  /** The two players, player 0 first. */
  players: {
    /** Goals scored. */
    score: number;
    /** Magic points available for spells. */
    magic: number;
  }[];
  /** The four wizards, by id. */
  wizards: FbWizard[];
  /** Every snaffle, scored ones included, by id. */
  snaffles: FbSnaffle[];
  /** The two bludgers, by id. */
  bludgers: FbBludger[];
}

/** Spell indices in the per-wizard arrays, in the order the referee applies their effects. */
export const OBLIVIATE = 0, PETRIFICUS = 1, ACCIO = 2, FLIPENDO = 3;
export const SPELL_NAMES = ["obliviate", "petrificus", "accio", "flipendo"] as const;

/**
 * The largest magnitude of a coordinate or speed: the referee rounds every position and speed
 * to a Java int at the end of a turn, so every state a game (or this simulator) reaches lies
 * within ±2^31.
 */
export const FB_COORDINATE_LIMIT = 2 ** 31;
/** The most snaffles a state may hold (the game deals 5 or 7). */
export const FB_MAX_SNAFFLES = 20;
/** Ignore-list slots per snaffle at first (the lists grow when a game needs more). */
const FIRST_IGNORE_CAPACITY = 4;

/**
 * The simulator's arrays. Entities are indexed by id: wizards 0..3, then the snaffles, then
 * the two bludgers. The doubles are one buffer and the integers another, so `copyArrays` is two
 * `set`s; the named arrays are views on them.
 */
export class FbArrays {
  readonly n: number;
  readonly snaffleCount: number;
  readonly firstBludger: number;
  /** Ignore-list slots per snaffle. */
  readonly ignoreCapacity: number;
  /** Position and velocity of every entity. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  /** Wizards: the snaffle held, or −1. Snaffles: the wizard that holds it (captured), or −1. Bludgers: last victim, or −1. */
  readonly link: Int32Array;
  /** Snaffles: 1 while in play (not scored); 1 for the other entities. */
  readonly alive: Int32Array;
  /** Wizards: grab cooldown. */
  readonly cooldown: Int32Array;
  /** Wizards: turns left and target of each spell (index wizard·4 + spell). */
  readonly spellTurns: Int32Array;
  readonly spellTarget: Int32Array;
  /** Round, then score and magic of player 0 and player 1. */
  readonly game: Int32Array;
  /** Snaffles (index id − 4): how many ids their ignore list holds, and the lists, `ignoreCapacity` slots each. */
  readonly ignoreCount: Int32Array;
  readonly ignore: Int32Array;

  readonly doubles: Float64Array;
  readonly ints: Int32Array;

  constructor(snaffleCount: number, ignoreCapacity = FIRST_IGNORE_CAPACITY) {
    this.snaffleCount = snaffleCount;
    this.ignoreCapacity = ignoreCapacity;
    this.firstBludger = 4 + snaffleCount;
    const n = (this.n = 6 + snaffleCount);
    const d = (this.doubles = new Float64Array(4 * n));
    this.x = d.subarray(0, n);
    this.y = d.subarray(n, 2 * n);
    this.vx = d.subarray(2 * n, 3 * n);
    this.vy = d.subarray(3 * n, 4 * n);
    const sizes = [n, n, 4, 16, 16, 5, snaffleCount, snaffleCount * ignoreCapacity];
    const ints = (this.ints = new Int32Array(sizes.reduce((u, v) => u + v, 0)));
    let at = 0;
    const take = (k: number): Int32Array => ints.subarray(at, (at += sizes[k]));
    this.link = take(0).fill(-1);
    this.alive = take(1).fill(1);
    this.cooldown = take(2);
    this.spellTurns = take(3);
    this.spellTarget = take(4).fill(-1);
    this.game = take(5);
    this.ignoreCount = take(6);
    this.ignore = take(7);
  }

  /** Copies every array of `o` (same snaffle count and ignore capacity) into this. */
  copyArrays(o: FbArrays): void {
    this.doubles.set(o.doubles);
    this.ints.set(o.ints);
  }

  /** A copy of these arrays with `capacity` ignore slots per snaffle. */
  withIgnoreCapacity(capacity: number): FbArrays {
    const b = new FbArrays(this.snaffleCount, capacity);
    b.doubles.set(this.doubles);
    const head = this.ints.length - this.snaffleCount * this.ignoreCapacity;
    b.ints.set(this.ints.subarray(0, head));
    for (let k = 0; k < this.snaffleCount; k++) {
      b.ignore.set(this.ignore.subarray(k * this.ignoreCapacity, k * this.ignoreCapacity + this.ignoreCount[k]), k * capacity);
    }
    return b;
  }
}

const STATE_KEYS = ["round", "players", "wizards", "snaffles", "bludgers"];
const PLAYER_KEYS = ["score", "magic"];
const WIZARD_KEYS = ["id", "x", "y", "vx", "vy", "holding", "grabCooldown", "spells"];
const SPELLS_KEYS = ["obliviate", "accio", "flipendo", "petrificus"];
const SPELL_KEYS = ["turns", "target"];
const SNAFFLE_KEYS = ["id", "x", "y", "vx", "vy", "alive", "captured", "ignore"];
const BLUDGER_KEYS = ["id", "x", "y", "vx", "vy", "lastVictim"];

/** A coordinate or speed: finite, within ±2^31. */
function fbCoordinate(value: unknown, field: string): number {
  const v = finiteNumber(value, field);
  if (!(Math.abs(v) <= FB_COORDINATE_LIMIT)) throw new RangeError(`${field} must be within ±2^31 (the referee's int range), got ${v}`);
  return v;
}

function loadBody(a: FbArrays, index: number, o: Record<string, unknown>, field: string): void {
  const id = integerIn(o.id, index, index, `${field}.id`);
  a.x[id] = fbCoordinate(o.x, `${field}.x`);
  a.y[id] = fbCoordinate(o.y, `${field}.y`);
  a.vx[id] = fbCoordinate(o.vx, `${field}.vx`);
  a.vy[id] = fbCoordinate(o.vy, `${field}.vy`);
}

/** Checks a snapshot and loads it into new arrays. */
export function arraysFromState(state: FbState): FbArrays {
  const s = plainObject(state, "state");
  rejectUnknownKeys(s, STATE_KEYS, "state");
  const players = arrayOf(s.players, "state.players");
  const wizards = arrayOf(s.wizards, "state.wizards");
  const snaffles = arrayOf(s.snaffles, "state.snaffles");
  const bludgers = arrayOf(s.bludgers, "state.bludgers");
  if (players.length !== 2) throw new RangeError(`state.players must hold 2 players, got ${players.length}`);
  if (wizards.length !== 4) throw new RangeError(`state.wizards must hold 4 wizards, got ${wizards.length}`);
  if (bludgers.length !== 2) throw new RangeError(`state.bludgers must hold 2 bludgers, got ${bludgers.length}`);
  if (snaffles.length < 1 || snaffles.length > FB_MAX_SNAFFLES) throw new RangeError(`state.snaffles must hold 1..${FB_MAX_SNAFFLES} snaffles, got ${snaffles.length}`);
  const S = snaffles.length;
  // Ignore lists first: their longest one sets the arrays' capacity.
  const lists = snaffles.map((sn, k) => arrayOf(plainObject(sn, `state.snaffles[${k}]`).ignore, `state.snaffles[${k}].ignore`));
  let capacity = FIRST_IGNORE_CAPACITY;
  for (const list of lists) while (capacity < list.length) capacity *= 2;
  if (capacity > 1024) throw new RangeError(`state.snaffles: an ignore list holds ${Math.max(...lists.map((l) => l.length))} ids (at most 1024)`);
  const a = new FbArrays(S, capacity);
  const last = a.n - 1;
  a.game[0] = integerIn(s.round, 0, 2 ** 31 - 1, "state.round");
  players.forEach((p, j) => {
    const o = plainObject(p, `state.players[${j}]`);
    rejectUnknownKeys(o, PLAYER_KEYS, `state.players[${j}]`);
    a.game[1 + 2 * j] = integerIn(o.score, 0, 1000, `state.players[${j}].score`);
    a.game[2 + 2 * j] = integerIn(o.magic, 0, 100, `state.players[${j}].magic`);
  });
  wizards.forEach((w, i) => {
    const f = `state.wizards[${i}]`;
    const o = plainObject(w, f);
    rejectUnknownKeys(o, WIZARD_KEYS, f);
    loadBody(a, i, o, f);
    a.link[i] = integerIn(o.holding, -1, last, `${f}.holding`);
    if (a.link[i] !== -1 && (a.link[i] < 4 || a.link[i] >= a.firstBludger)) throw new RangeError(`${f}.holding must be -1 or a snaffle's id (4..${a.firstBludger - 1}), got ${a.link[i]}`);
    a.cooldown[i] = integerIn(o.grabCooldown, 0, 100, `${f}.grabCooldown`);
    const spells = plainObject(o.spells, `${f}.spells`);
    rejectUnknownKeys(spells, SPELLS_KEYS, `${f}.spells`);
    SPELL_NAMES.forEach((name, k) => {
      const sp = plainObject(spells[name], `${f}.spells.${name}`);
      rejectUnknownKeys(sp, SPELL_KEYS, `${f}.spells.${name}`);
      const turns = integerIn(sp.turns, 0, 100, `${f}.spells.${name}.turns`);
      const target = integerIn(sp.target, -1, last, `${f}.spells.${name}.target`);
      if ((turns === 0) !== (target === -1)) throw new RangeError(`${f}.spells.${name}: turns ${turns} with target ${target} (a running spell has a target, a spent one has -1)`);
      a.spellTurns[i * 4 + k] = turns;
      a.spellTarget[i * 4 + k] = target;
    });
  });
  snaffles.forEach((sn, k) => {
    const f = `state.snaffles[${k}]`;
    const o = plainObject(sn, f);
    rejectUnknownKeys(o, SNAFFLE_KEYS, f);
    const id = 4 + k;
    loadBody(a, id, o, f);
    if (typeof o.alive !== "boolean") throw new RangeError(`${f}.alive must be a boolean, got ${describe(o.alive)}`);
    if (typeof o.captured !== "boolean") throw new RangeError(`${f}.captured must be a boolean, got ${describe(o.captured)}`);
    a.alive[id] = o.alive ? 1 : 0;
    lists[k].forEach((v, m) => {
      const other = integerIn(v, 4, a.firstBludger - 1, `${f}.ignore[${m}]`);
      if (other === id) throw new RangeError(`${f}.ignore[${m}] must be another snaffle's id, got its own (${id})`);
      a.ignore[k * capacity + m] = other;
    });
    a.ignoreCount[k] = lists[k].length;
    // The wizard that holds it (the last one, where two grabbed it in one instant, as the referee keeps it).
    let carrier = -1;
    for (let w = 0; w < 4; w++) if (a.link[w] === id) carrier = w;
    if (o.captured !== (carrier !== -1)) {
      throw new RangeError(o.captured ? `${f}.captured is true but no wizard holds snaffle ${id}` : `${f}.captured is false but wizard ${carrier} holds snaffle ${id}`);
    }
    a.link[id] = carrier;
  });
  bludgers.forEach((b, k) => {
    const f = `state.bludgers[${k}]`;
    const o = plainObject(b, f);
    rejectUnknownKeys(o, BLUDGER_KEYS, f);
    const id = a.firstBludger + k;
    loadBody(a, id, o, f);
    a.link[id] = integerIn(o.lastVictim, -1, 3, `${f}.lastVictim`);
  });
  // A running spell's target must be one the referee lets that spell take; a snaffle may have
  // scored since the order (Accio then ends at the next turn, the other spells run on).
  for (let w = 0; w < 4; w++) {
    for (let k = 0; k < 4; k++) {
      const target = a.spellTarget[w * 4 + k];
      if (target === -1 || target >= a.firstBludger || (target >= 4 && k !== OBLIVIATE)) continue;
      if (target < 4 && (k === FLIPENDO || k === PETRIFICUS) && target >> 1 !== w >> 1) continue;
      throw new RangeError(`state.wizards[${w}].spells.${SPELL_NAMES[k]}.target must be an entity ${SPELL_NAMES[k]} can take, got ${target}`);
    }
  }
  return a;
}

/** The arrays as a snapshot object. */
export function stateFromArrays(a: FbArrays): FbState {
  const spell = (w: number, k: number): FbSpell => ({ turns: a.spellTurns[w * 4 + k], target: a.spellTarget[w * 4 + k] });
  const wizards: FbWizard[] = [];
  for (let w = 0; w < 4; w++) {
    wizards.push({
      id: w, x: a.x[w], y: a.y[w], vx: a.vx[w], vy: a.vy[w], holding: a.link[w], grabCooldown: a.cooldown[w],
      spells: { obliviate: spell(w, OBLIVIATE), accio: spell(w, ACCIO), flipendo: spell(w, FLIPENDO), petrificus: spell(w, PETRIFICUS) },
    });
  }
  const snaffles: FbSnaffle[] = [];
  for (let id = 4; id < a.firstBludger; id++) {
    const k = id - 4, ignore: number[] = [];
    for (let m = 0; m < a.ignoreCount[k]; m++) ignore.push(a.ignore[k * a.ignoreCapacity + m]);
    snaffles.push({ id, x: a.x[id], y: a.y[id], vx: a.vx[id], vy: a.vy[id], alive: a.alive[id] === 1, captured: a.link[id] !== -1, ignore });
  }
  const bludgers: FbBludger[] = [];
  for (let id = a.firstBludger; id < a.n; id++) {
    bludgers.push({ id, x: a.x[id], y: a.y[id], vx: a.vx[id], vy: a.vy[id], lastVictim: a.link[id] });
  }
  return {
    round: a.game[0],
    players: [{ score: a.game[1], magic: a.game[2] }, { score: a.game[3], magic: a.game[4] }],
    wizards,
    snaffles,
    bludgers,
  };
}
