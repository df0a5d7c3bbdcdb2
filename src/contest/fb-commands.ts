/**
 * The commands of a Fantastic Bits turn, read without allocating: the strings a bot prints
 * (`MOVE x y thrust`, `THROW x y power`, `OBLIVIATE id`, `PETRIFICUS id`, `ACCIO id`,
 * `FLIPENDO id`) or the same commands as objects (`FbCommand`, what a bot's search builds).
 * Numbers are integers; a bad command is a RangeError naming the wizard.
 */
import { describe } from "./options.js";

export const CMD_MOVE = 0, CMD_THROW = 1, CMD_SPELL = 2;
export const FB_MAX_THRUST = 150;
export const FB_MAX_POWER = 500;

const KEYWORDS = ["MOVE", "THROW", "OBLIVIATE", "PETRIFICUS", "ACCIO", "FLIPENDO"] as const;
/** The largest magnitude of a number in a command (nine digits, as the strings take). */
const MAX_NUMBER = 999999999;

/**
 * A Fantastic Bits command as data, the same as the string a bot prints: `MOVE x y thrust`
 * (thrust 0..150), `THROW x y power` (power 0..500), or a spell on an entity id. Numbers are
 * integers of at most nine digits, as in the strings.
 */
export type FbCommand = FbMoveCommand | FbSpellCommand;

/** `MOVE x y thrust` or `THROW x y power` as data. */
export interface FbMoveCommand {
  /** MOVE (the wizard) or THROW (the snaffle it holds). */
  kind: "MOVE" | "THROW";
  /** Target x, map units (an integer). */
  x: number;
  /** Target y, map units (an integer). */
  y: number;
  /** Thrust 0..150 for MOVE, power 0..500 for THROW (an integer). */
  power: number;
}

/** A spell on an entity as data: `OBLIVIATE id`, `PETRIFICUS id`, `ACCIO id` or `FLIPENDO id`. */
export interface FbSpellCommand {
  /** The spell. */
  kind: "OBLIVIATE" | "PETRIFICUS" | "ACCIO" | "FLIPENDO";
  /** Id of the entity it acts on (an id that names no entity casts nothing and costs no magic, as in the string form). */
  target: number;
}

/** Parsed commands of the four wizards: kind, spell index, and up to three integers. */
export class FbCommands {
  readonly kind = new Int32Array(4);
  readonly spell = new Int32Array(4);
  readonly a = new Float64Array(4);
  readonly b = new Float64Array(4);
  readonly c = new Float64Array(4);
  private readonly numbers = new Float64Array(3);

  /** Reads the four commands (wizards 0..3); throws a RangeError naming the first bad one. */
  parse(commands: readonly (string | FbCommand)[]): void {
    if (!Array.isArray(commands) || commands.length !== 4) {
      throw new RangeError(`commands must be an array of 4 commands (wizards 0..3; strings or objects), got ${describe(commands)}`);
    }
    for (let w = 0; w < 4; w++) {
      const c = commands[w];
      if (typeof c === "string") this.parseOne(c, w);
      else this.readObject(c, w);
    }
  }

  /** Reads command object c of wizard w (the checks of parseOne on the same numbers). */
  private readObject(c: FbCommand, w: number): void {
    if (typeof c === "object" && c !== null) {
      const k = c.kind;
      const keyword = k === "MOVE" ? 0 : k === "THROW" ? 1 : k === "OBLIVIATE" ? 2 : k === "PETRIFICUS" ? 3 : k === "ACCIO" ? 4 : k === "FLIPENDO" ? 5 : -1;
      if (keyword === 0 || keyword === 1) {
        const o = c as FbMoveCommand;
        const x = o.x, y = o.y, p = o.power;
        if (isCommandInteger(x) && isCommandInteger(y) && typeof p === "number" && p >= 0 && p <= (keyword === 0 ? FB_MAX_THRUST : FB_MAX_POWER) && Math.floor(p) === p) {
          this.kind[w] = keyword === 0 ? CMD_MOVE : CMD_THROW;
          this.spell[w] = -1;
          // + 0: a −0 reads as the string "-0" does
          this.a[w] = x + 0;
          this.b[w] = y + 0;
          this.c[w] = p + 0;
          return;
        }
      } else if (keyword > 1) {
        const t = (c as FbSpellCommand).target;
        if (isCommandInteger(t)) {
          this.kind[w] = CMD_SPELL;
          this.spell[w] = keyword - 2;
          this.a[w] = t + 0;
          this.b[w] = 0;
          this.c[w] = 0;
          return;
        }
      }
    }
    objectError(c, w);
  }

  private parseOne(text: string, w: number): void {
    // The field name is built only for an error (a string per command would be allocated every turn).
    const field = w;
    if (typeof text !== "string") throw new RangeError(`commands[${field}] must be a command string, got ${describe(text)}`);
    let end = 0;
    while (end < text.length && text.charCodeAt(end) !== 32) end++;
    // The six keywords start with six different letters: one candidate, checked once.
    const first = end > 0 ? text.charCodeAt(0) : 0;
    const k: number = first === 77 ? 0 : first === 84 ? 1 : first === 79 ? 2 : first === 80 ? 3 : first === 65 ? 4 : first === 70 ? 5 : -1;
    const keyword = k >= 0 && KEYWORDS[k].length === end && text.startsWith(KEYWORDS[k]) ? k : -1;
    if (keyword < 0) {
      throw new RangeError(`commands[${field}] must start with MOVE, THROW, OBLIVIATE, PETRIFICUS, ACCIO or FLIPENDO, got ${describe(text)}`);
    }
    const count = this.readIntegers(text, end, field);
    const wanted = keyword < 2 ? 3 : 1;
    if (count !== wanted) throw new RangeError(`commands[${field}] (${KEYWORDS[keyword]}) must have ${wanted} integer argument${wanted > 1 ? "s" : ""}, got ${describe(text)}`);
    const n = this.numbers;
    if (keyword === 0 && !(n[2] >= 0 && n[2] <= FB_MAX_THRUST)) throw new RangeError(`commands[${field}] thrust must be in 0..${FB_MAX_THRUST}, got ${n[2]}`);
    if (keyword === 1 && !(n[2] >= 0 && n[2] <= FB_MAX_POWER)) throw new RangeError(`commands[${field}] power must be in 0..${FB_MAX_POWER}, got ${n[2]}`);
    this.kind[w] = keyword === 0 ? CMD_MOVE : keyword === 1 ? CMD_THROW : CMD_SPELL;
    // Spell order of FbArrays: OBLIVIATE 0, PETRIFICUS 1, ACCIO 2, FLIPENDO 3.
    this.spell[w] = keyword - 2;
    this.a[w] = n[0];
    this.b[w] = n[1];
    this.c[w] = n[2];
  }

  /** Reads space-separated integers from `from` to the end into `numbers`; returns how many (−1 on a bad token). */
  private readIntegers(text: string, from: number, field: number): number {
    let count = 0, i = from;
    const len = text.length;
    while (i < len) {
      while (i < len && text.charCodeAt(i) === 32) i++;
      if (i >= len) break;
      let sign = 1;
      if (text.charCodeAt(i) === 45) {
        sign = -1;
        i++;
      }
      let value = 0, digits = 0;
      while (i < len) {
        const ch = text.charCodeAt(i);
        if (ch < 48 || ch > 57) break;
        value = value * 10 + (ch - 48);
        digits++;
        i++;
      }
      if (digits === 0 || digits > 9 || (i < len && text.charCodeAt(i) !== 32) || count === 3) {
        throw new RangeError(`commands[${field}] must be a command with integer arguments, got ${describe(text)}`);
      }
      this.numbers[count++] = sign * value + 0;
    }
    return count;
  }
}

/** An integer of at most nine digits, as a command's numbers are. */
function isCommandInteger(v: unknown): v is number {
  return typeof v === "number" && v >= -MAX_NUMBER && v <= MAX_NUMBER && Math.floor(v) === v;
}

/** The RangeError naming the first bad field of command object c (wizard w). */
function objectError(c: unknown, w: number): never {
  if (typeof c !== "object" || c === null) throw new RangeError(`commands[${w}] must be a command string or object, got ${describe(c)}`);
  const o = c as Record<string, unknown>;
  const k = o.kind;
  if (typeof k !== "string" || !(KEYWORDS as readonly string[]).includes(k)) {
    throw new RangeError(`commands[${w}].kind must be MOVE, THROW, OBLIVIATE, PETRIFICUS, ACCIO or FLIPENDO, got ${describe(k)}`);
  }
  if (k === "MOVE" || k === "THROW") {
    for (const f of ["x", "y"]) if (!isCommandInteger(o[f])) throw new RangeError(`commands[${w}].${f} must be an integer of at most 9 digits, got ${describe(o[f])}`);
    const max = k === "MOVE" ? FB_MAX_THRUST : FB_MAX_POWER;
    throw new RangeError(`commands[${w}].power must be an integer 0..${max}, got ${describe(o.power)}`);
  }
  throw new RangeError(`commands[${w}].target must be an entity id (an integer), got ${describe(o.target)}`);
}
