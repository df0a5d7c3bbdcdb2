/**
 * Fantastic Bits state: the snapshot shape a bot sees (`FbState`), the flat typed arrays the
 * simulator works on (`FbArrays`), and the conversions between them with RangeErrors that name
 * the field.
 */
import { arrayOf, coordinate, describe, integerIn, plainObject, rejectUnknownKeys } from "./options.js";

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
  /** Ids of the snaffles this one passes through until they separate, in the referee's order. */
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
 * The simulator's arrays. Entities are indexed by id: wizards 0..3, then the snaffles, then
 * the two bludgers. Every array is fixed in size for a game, so `copyArrays` is a few `set`s.
 */
export class FbArrays {
  readonly n: number;
  readonly snaffleCount: number;
  readonly firstBludger: number;
  /** Position and velocity of every entity. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  /** Snaffles: 1 while in play (not scored). */
  readonly alive: Uint8Array;
  /** Snaffles: the wizard carrying it, or −1. Wizards: the snaffle held, or −1. Bludgers: last victim. */
  readonly link: Int32Array;
  /** Wizards: grab cooldown. */
  readonly cooldown: Int32Array;
  /** Wizards: turns left and target of each spell (index wizard·4 + spell). */
  readonly spellTurns: Int32Array;
  readonly spellTarget: Int32Array;
  /** Snaffles: ignored snaffle ids, `snaffleCount` slots per snaffle, and how many are used. */
  readonly ignore: Int32Array;
  readonly ignoreCount: Int32Array;
  /** Round, then score and magic of player 0 and player 1. */
  readonly game: Int32Array;

  /** The doubles (x, y, vx, vy) and the integers, each in one buffer: a copy is three `set`s. */
  private readonly doubles: Float64Array;
  private readonly ints: Int32Array;

  constructor(snaffleCount: number) {
    this.snaffleCount = snaffleCount;
    this.firstBludger = 4 + snaffleCount;
    const n = (this.n = 6 + snaffleCount);
    const d = (this.doubles = new Float64Array(4 * n));
    this.x = d.subarray(0, n);
    this.y = d.subarray(n, 2 * n);
    this.vx = d.subarray(2 * n, 3 * n);
    this.vy = d.subarray(3 * n, 4 * n);
    this.alive = new Uint8Array(n);
    // link n, cooldown 4, spellTurns 16, spellTarget 16, ignore n·S, ignoreCount n, game 5
    const sizes = [n, 4, 16, 16, n * snaffleCount, n, 5];
    const ints = (this.ints = new Int32Array(sizes.reduce((u, v) => u + v, 0)));
    let at = 0;
    const take = (k: number): Int32Array => ints.subarray(at, (at += sizes[k]));
    this.link = take(0).fill(-1);
    this.cooldown = take(1);
    this.spellTurns = take(2);
    this.spellTarget = take(3).fill(-1);
    this.ignore = take(4);
    this.ignoreCount = take(5);
    this.game = take(6);
  }

  /** Copies every array of `o` (same snaffle count) into this. */
  copyArrays(o: FbArrays): void {
    this.doubles.set(o.doubles);
    this.alive.set(o.alive);
    this.ints.set(o.ints);
  }
}

const STATE_KEYS = ["round", "players", "wizards", "snaffles", "bludgers"];
const PLAYER_KEYS = ["score", "magic"];
const WIZARD_KEYS = ["id", "x", "y", "vx", "vy", "holding", "grabCooldown", "spells"];
const SPELLS_KEYS = ["obliviate", "accio", "flipendo", "petrificus"];
const SPELL_KEYS = ["turns", "target"];
const SNAFFLE_KEYS = ["id", "x", "y", "vx", "vy", "alive", "captured", "ignore"];
const BLUDGER_KEYS = ["id", "x", "y", "vx", "vy", "lastVictim"];

function loadBody(a: FbArrays, index: number, o: Record<string, unknown>, field: string): void {
  const id = integerIn(o.id, index, index, `${field}.id`);
  a.x[id] = coordinate(o.x, `${field}.x`);
  a.y[id] = coordinate(o.y, `${field}.y`);
  a.vx[id] = coordinate(o.vx, `${field}.vx`);
  a.vy[id] = coordinate(o.vy, `${field}.vy`);
}

/** Whether entity i takes part in collisions (captured and scored snaffles do not). */
export function isFree(a: FbArrays, i: number): boolean {
  return i < 4 || i >= a.firstBludger || (a.alive[i] === 1 && a.link[i] === -1);
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
  if (snaffles.length < 1 || snaffles.length > 20) throw new RangeError(`state.snaffles must hold 1..20 snaffles, got ${snaffles.length}`);
  const a = new FbArrays(snaffles.length);
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
    a.cooldown[i] = integerIn(o.grabCooldown, 0, 100, `${f}.grabCooldown`);
    const spells = plainObject(o.spells, `${f}.spells`);
    rejectUnknownKeys(spells, SPELLS_KEYS, `${f}.spells`);
    SPELL_NAMES.forEach((name, k) => {
      const sp = plainObject(spells[name], `${f}.spells.${name}`);
      rejectUnknownKeys(sp, SPELL_KEYS, `${f}.spells.${name}`);
      a.spellTurns[i * 4 + k] = integerIn(sp.turns, 0, 100, `${f}.spells.${name}.turns`);
      a.spellTarget[i * 4 + k] = integerIn(sp.target, -1, last, `${f}.spells.${name}.target`);
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
    const ignore = arrayOf(o.ignore, `${f}.ignore`);
    if (ignore.length > a.snaffleCount) throw new RangeError(`${f}.ignore lists more ids than there are snaffles`);
    ignore.forEach((v, m) => {
      a.ignore[id * a.snaffleCount + m] = integerIn(v, 4, a.firstBludger - 1, `${f}.ignore[${m}]`);
    });
    a.ignoreCount[id] = ignore.length;
    if (o.captured) {
      const carrier = [0, 1, 2, 3].find((w) => a.link[w] === id);
      if (carrier === undefined) throw new RangeError(`${f}.captured is true but no wizard holds snaffle ${id}`);
      a.link[id] = carrier;
    }
  });
  for (let w = 0; w < 4; w++) {
    const held = a.link[w];
    if (held !== -1 && (held < 4 || held >= a.firstBludger || a.link[held] !== w)) {
      throw new RangeError(`state.wizards[${w}].holding must be -1 or a captured snaffle's id, got ${held}`);
    }
  }
  bludgers.forEach((b, k) => {
    const f = `state.bludgers[${k}]`;
    const o = plainObject(b, f);
    rejectUnknownKeys(o, BLUDGER_KEYS, f);
    const id = a.firstBludger + k;
    loadBody(a, id, o, f);
    a.link[id] = integerIn(o.lastVictim, -1, 3, `${f}.lastVictim`);
  });
  rejectCoincident(a);
  return a;
}

/** The field of entity i in a snapshot. */
function entityField(a: FbArrays, i: number): string {
  return i < 4 ? `state.wizards[${i}]` : i < a.firstBludger ? `state.snaffles[${i - 4}]` : `state.bludgers[${i - a.firstBludger}]`;
}

/**
 * Two bodies that bounce off each other may not sit on the same point: the referee's bounce
 * has no direction there (its normal is 0/0), so they would touch again at every step of the
 * turn, forever. A wizard on a snaffle is fine (it grabs or carries it).
 */
function rejectCoincident(a: FbArrays): void {
  for (let i = 0; i < a.n; i++) {
    if (!isFree(a, i)) continue;
    for (let j = i + 1; j < a.n; j++) {
      if (!isFree(a, j) || (i < 4 && j >= 4 && j < a.firstBludger)) continue;
      if (a.x[i] === a.x[j] && a.y[i] === a.y[j]) {
        throw new RangeError(`${entityField(a, i)} and ${entityField(a, j)} are at the same point (${a.x[i]}, ${a.y[i]}): the referee's bounce has no direction there`);
      }
    }
  }
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
    const ignore: number[] = [];
    for (let m = 0; m < a.ignoreCount[id]; m++) ignore.push(a.ignore[id * a.snaffleCount + m]);
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
