/**
 * Parsing of the command strings a Fantastic Bits bot prints, without allocating:
 * `MOVE x y thrust`, `THROW x y power`, `OBLIVIATE id`, `PETRIFICUS id`, `ACCIO id`,
 * `FLIPENDO id`. Numbers are integers; a bad command is a RangeError naming the wizard.
 */
import { describe } from "./options.js";

export const CMD_MOVE = 0, CMD_THROW = 1, CMD_SPELL = 2;
export const FB_MAX_THRUST = 150;
export const FB_MAX_POWER = 500;

const KEYWORDS = ["MOVE", "THROW", "OBLIVIATE", "PETRIFICUS", "ACCIO", "FLIPENDO"] as const;

/** Parsed commands of the four wizards: kind, spell index, and up to three integers. */
export class FbCommands {
  readonly kind = new Int32Array(4);
  readonly spell = new Int32Array(4);
  readonly a = new Float64Array(4);
  readonly b = new Float64Array(4);
  readonly c = new Float64Array(4);
  private readonly numbers = new Float64Array(3);

  /** Parses the four commands (wizards 0..3); throws a RangeError naming the first bad one. */
  parse(commands: readonly string[]): void {
    if (!Array.isArray(commands) || commands.length !== 4) {
      throw new RangeError(`commands must be an array of 4 command strings (wizards 0..3), got ${describe(commands)}`);
    }
    for (let w = 0; w < 4; w++) this.parseOne(commands[w], w);
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
