/**
 * Command-line options, parsed by Node's own `util.parseArgs` in strict mode: `--name value`,
 * `--name=value`, `-o value`, flags, positional arguments, `--` to end the options. Unknown
 * options get the closest known one suggested; every command also takes `-h, --help`.
 *
 * Numbers are decimal only (`12`, `-0.5`, `1e-3`): hexadecimal, binary and octal forms,
 * `Infinity`, and literals that overflow (`1e400`) or underflow to zero (`1e-400`) are
 * rejected with a message naming the option, where `Number()` would quietly accept them.
 */
import { parseArgs as parseNodeArgs } from "node:util";
import { suggestKey } from "../index.js";
import { inputError } from "./cli-error.js";

export interface OptionSpec {
  kind: "string" | "number" | "flag";
  /** One-letter alias (`-o`). */
  short?: string;
}

export interface ParsedArgs {
  positional: string[];
  /** Option values by long name (numbers already checked to be finite decimals). */
  values: Record<string, string | number | boolean>;
  /** How each given option was written (`{ output: "-o" }`), so that messages name the flag the user typed. */
  spelled: Record<string, string>;
}

/** The option `name` as the user wrote it (`-o` or `--output`), `--name` when it was not given. */
export function flagName(args: Pick<ParsedArgs, "spelled">, name: string): string {
  return args.spelled[name] ?? `--${name}`;
}

/** The option every command takes. */
export const HELP_OPTION: OptionSpec = { kind: "flag", short: "h" };

const DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/**
 * A decimal number literal as a finite double, or a reason why not: not decimal, out of range
 * (overflows to Infinity), or so small that it rounds to zero although it is not zero.
 */
export function decimalNumber(text: string): { value: number } | { error: string } {
  if (!DECIMAL.test(text)) {
    if (/^[+-]?0[xXbBoO]/.test(text)) return { error: "must be a decimal number (no hexadecimal, binary or octal)" };
    if (/^[+-]?(Infinity|inf)/i.test(text)) return { error: "must be a finite number" };
    return { error: "must be a decimal number" };
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return { error: "is out of range (larger than the largest double, 1.8e308)" };
  if (value === 0 && /[1-9]/.test(text.replace(/[eE].*$/, ""))) return { error: "underflows to 0 (smaller than the smallest double, 5e-324)" };
  return { value };
}

/** The option's name as the user wrote it, from Node's parse error ("Unknown option '--foo'"). */
function optionIn(message: string): string | undefined {
  return /'(-[^' <,]*)/.exec(message)?.[1];
}

export function parseArgs(command: string, argv: readonly string[], spec: Record<string, OptionSpec>): ParsedArgs {
  const all: Record<string, OptionSpec> = { help: HELP_OPTION, ...spec };
  const options: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  for (const [name, s] of Object.entries(all)) {
    options[name] = s.short === undefined ? { type: s.kind === "flag" ? "boolean" : "string" } : { type: s.kind === "flag" ? "boolean" : "string", short: s.short };
  }
  let parsed: { values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[]; tokens?: { kind: string; name?: string; rawName?: string }[] };
  try {
    parsed = parseNodeArgs({ args: [...argv], options, strict: true, allowPositionals: true, tokens: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const message = (e as Error).message;
    const seen = optionIn(message);
    const see = ` (see carom help ${command})`;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && seen !== undefined) {
      const guess = seen.startsWith("--") ? suggestKey(seen.slice(2).split("=")[0], Object.keys(all)) : undefined;
      throw inputError(`carom ${command}: unknown option ${seen}${guess === undefined ? "" : `, did you mean --${guess}?`}${see}`);
    }
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && seen !== undefined) {
      const name = seen.replace(/^-+/, "");
      const long = name.length === 1 ? Object.keys(all).find((k) => all[k].short === name) ?? name : name;
      // Node names the option by both its forms ("-o, --output"): the message names the one typed.
      const typed = typedFlag(argv, long, all[long]?.short);
      if (all[long]?.kind === "flag") throw inputError(`carom ${command}: ${typed} takes no value${see}`);
      if (/ambiguous/.test(message)) throw inputError(`carom ${command}: ${typed} needs a value; for one that starts with '-', write --${long}=VALUE${see}`);
      throw inputError(`carom ${command}: ${typed} needs a value${see}`);
    }
    throw inputError(`carom ${command}: ${message.split("\n")[0]}${see}`);
  }
  const spelled: Record<string, string> = {};
  for (const t of parsed.tokens ?? []) if (t.kind === "option" && t.name !== undefined && t.name !== "help" && t.rawName !== undefined) spelled[t.name] = t.rawName;
  const values: Record<string, string | number | boolean> = {};
  for (const [name, raw] of Object.entries(parsed.values)) {
    if (raw === undefined || name === "help") continue;
    const s = all[name];
    if (s.kind === "number") {
      const text = String(raw);
      const n = decimalNumber(text);
      if ("error" in n) throw inputError(`carom ${command}: ${spelled[name] ?? `--${name}`} ${n.error}, got ${JSON.stringify(text)}`);
      values[name] = n.value;
    } else values[name] = raw as string | boolean;
  }
  return { positional: parsed.positionals, values, spelled };
}

/** How option `long` (short form `short`) was written in argv: its last `--long`, `--long=…` or `-s` (grouped too). */
function typedFlag(argv: readonly string[], long: string, short: string | undefined): string {
  for (let k = argv.length - 1; k >= 0; k--) {
    const a = argv[k];
    if (a === `--${long}` || a.startsWith(`--${long}=`)) return `--${long}`;
    if (short !== undefined && /^-[^-]/.test(a) && a.includes(short)) return `-${short}`;
  }
  return `--${long}`;
}

/** True when the arguments ask for help (`-h` or `--help` before any `--`). */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const a of argv) {
    if (a === "--") return false;
    if (a === "--help" || a === "-h") return true;
  }
  return false;
}
