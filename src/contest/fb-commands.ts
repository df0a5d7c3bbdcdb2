/**
 * The commands of a Fantastic Bits turn, read without allocating: the strings a bot prints,
 * in the referee's grammar (`MOVE x y thrust`, `THROW x y power` with numbers of at most eight
 * digits, `OBLIVIATE id`, `PETRIFICUS id`, `ACCIO id`, `FLIPENDO id` with ids of at most three,
 * each optionally followed by a message after white space), or the same commands as objects
 * (`FbCommand`, what a bot's search builds). A command the referee would reject is a
 * RangeError naming the wizard.
 */
import { describe } from "./options.js";

export const CMD_MOVE = 0, CMD_THROW = 1, CMD_SPELL = 2;
export const FB_MAX_THRUST = 150;
export const FB_MAX_POWER = 500;

const KEYWORDS = ["MOVE", "THROW", "OBLIVIATE", "PETRIFICUS", "ACCIO", "FLIPENDO"] as const;
/** The largest magnitude of a coordinate, thrust or power in a command (eight digits, as the referee reads them). */
const MAX_NUMBER = 99999999;
/** The largest magnitude of a spell's target id (three digits). */
const MAX_ID = 999;

/**
 * A Fantastic Bits command as data, the same as the string a bot prints: `MOVE x y thrust`
 * (thrust 0..150), `THROW x y power` (power 0..500), or a spell on an entity id. Numbers are
 * integers of at most eight digits (ids: three), as in the strings.
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
  /** Id of the entity it acts on: the referee rejects (and the player loses on) an id that names no entity the spell may take (see `FantasticBitsSimulation.canCast`). */
  target: number;
}

/**
 * Parsed commands of the four wizards: kind, spell index, and up to three integers, written
 * where the turn kernel reads them (the scratch at the start of its memory: `bind` points the
 * views there, again whenever the memory grew).
 */
export class FbCommands {
  kind = new Int32Array(4);
  spell = new Int32Array(4);
  a = new Float64Array(4);
  b = new Float64Array(4);
  c = new Float64Array(4);
  private readonly numbers = new Float64Array(3);

  /** Puts the five arrays at these byte offsets of `buffer` (int32 kind and spell, float64 a, b, c; 4 entries each). */
  bind(buffer: ArrayBuffer, kind: number, spell: number, a: number, b: number, c: number): void {
    this.kind = new Int32Array(buffer, kind, 4);
    this.spell = new Int32Array(buffer, spell, 4);
    this.a = new Float64Array(buffer, a, 4);
    this.b = new Float64Array(buffer, b, 4);
    this.c = new Float64Array(buffer, c, 4);
  }

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
        if (isCommandInteger(x) && isCommandInteger(y) && (p | 0) === p && p >= 0 && p <= (keyword === 0 ? FB_MAX_THRUST : FB_MAX_POWER)) {
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
        if (isCommandInteger(t) && Math.abs(t) <= MAX_ID) {
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
    let end = 0;
    while (end < text.length && text.charCodeAt(end) !== 32) end++;
    // The six keywords start with six different letters: one candidate, checked once.
    const first = end > 0 ? text.charCodeAt(0) : 0;
    const k: number = first === 77 ? 0 : first === 84 ? 1 : first === 79 ? 2 : first === 80 ? 3 : first === 65 ? 4 : first === 70 ? 5 : -1;
    const keyword = k >= 0 && KEYWORDS[k].length === end && text.startsWith(KEYWORDS[k]) ? k : -1;
    if (keyword < 0) {
      throw new RangeError(`commands[${w}] must start with MOVE, THROW, OBLIVIATE, PETRIFICUS, ACCIO or FLIPENDO and a space, got ${describe(text)}`);
    }
    const wanted = keyword < 2 ? 3 : 1;
    if (!this.readIntegers(text, end + 1, wanted, keyword < 2 ? 8 : 3)) {
      const form = keyword < 2 ? "x y and a thrust or power (integers of at most 8 digits, the last one not negative)" : "an entity id (an integer of at most 3 digits)";
      throw new RangeError(`commands[${w}] (${KEYWORDS[keyword]}) must have ${form}, separated by white space, then optionally a message, got ${describe(text)}`);
    }
    const n = this.numbers;
    if (keyword === 0 && !(n[2] <= FB_MAX_THRUST)) throw new RangeError(`commands[${w}] thrust must be in 0..${FB_MAX_THRUST}, got ${n[2]}`);
    if (keyword === 1 && !(n[2] <= FB_MAX_POWER)) throw new RangeError(`commands[${w}] power must be in 0..${FB_MAX_POWER}, got ${n[2]}`);
    this.kind[w] = keyword === 0 ? CMD_MOVE : keyword === 1 ? CMD_THROW : CMD_SPELL;
    // Spell order of FbArrays: OBLIVIATE 0, PETRIFICUS 1, ACCIO 2, FLIPENDO 3.
    this.spell[w] = keyword - 2;
    this.a[w] = n[0];
    this.b[w] = n[1];
    this.c[w] = n[2];
  }

  /**
   * Reads `count` integers from `from` as the referee's pattern does: the first right at
   * `from`, the others after white space (space, tab, line feed, vertical tab, form feed,
   * carriage return); at most `digits` digits, a minus sign allowed but on the last of three;
   * then the end of the text or a message (white space and at least one more character, no
   * line break in it). False when the text does not match.
   */
  private readIntegers(text: string, from: number, count: number, digits: number): boolean {
    let i = from;
    const len = text.length;
    for (let m = 0; m < count; m++) {
      if (m > 0) {
        const start = i;
        while (i < len && isSpace(text.charCodeAt(i))) i++;
        if (i === start) return false;
      }
      let sign = 1;
      if (i < len && text.charCodeAt(i) === 45 && !(count === 3 && m === 2)) {
        sign = -1;
        i++;
      }
      let value = 0, read = 0;
      while (i < len) {
        const ch = text.charCodeAt(i);
        if (ch < 48 || ch > 57) break;
        value = value * 10 + (ch - 48);
        read++;
        i++;
      }
      if (read === 0 || read > digits) return false;
      // + 0: "-0" reads as 0, as Java's parseInt gives
      this.numbers[m] = sign * value + 0;
    }
    return i === len || isMessage(text, i);
  }
}

/** Java's `\s`: space, tab, line feed, vertical tab, form feed, carriage return. */
function isSpace(ch: number): boolean {
  return ch === 32 || (ch >= 9 && ch <= 13);
}

/** Java's line terminators, which `.` does not match. */
function isLineBreak(ch: number): boolean {
  return ch === 10 || ch === 13 || ch === 0x85 || ch === 0x2028 || ch === 0x2029;
}

/** Whether text[from..] matches the referee's optional message `\s+.+`. */
function isMessage(text: string, from: number): boolean {
  if (!isSpace(text.charCodeAt(from))) return false;
  // The white space must take every line break; the message is the rest, at least one character.
  let lastBreak = -1;
  for (let i = from; i < text.length; i++) if (isLineBreak(text.charCodeAt(i))) lastBreak = i;
  for (let i = from; i <= lastBreak; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return Math.max(from + 1, lastBreak + 1) < text.length;
}

/** An integer of at most eight digits, as a command's numbers are (below 2^31: `| 0` keeps it, and rejects a non-number). */
function isCommandInteger(v: unknown): v is number {
  return ((v as number) | 0) === v && (v as number) >= -MAX_NUMBER && (v as number) <= MAX_NUMBER;
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
    for (const f of ["x", "y"]) if (!isCommandInteger(o[f])) throw new RangeError(`commands[${w}].${f} must be an integer of at most 8 digits, got ${describe(o[f])}`);
    const max = k === "MOVE" ? FB_MAX_THRUST : FB_MAX_POWER;
    throw new RangeError(`commands[${w}].power must be an integer 0..${max}, got ${describe(o.power)}`);
  }
  throw new RangeError(`commands[${w}].target must be an entity id (an integer of at most 3 digits), got ${describe(o.target)}`);
}
