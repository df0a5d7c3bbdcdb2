/**
 * Command-line options: `--name value`, `--name=value`, `-o value`, flags, and positional
 * arguments; `--` ends the options. Unknown options get the closest known one suggested.
 */
import { suggestKey } from "../index.js";
import { inputError } from "./cli-error.js";

export interface OptionSpec {
  kind: "string" | "number" | "flag";
  /** One-letter alias (`-o`). */
  short?: string;
}

export interface ParsedArgs {
  positional: string[];
  /** Option values by long name (numbers already checked to be finite). */
  values: Record<string, string | number | boolean>;
}

export function parseArgs(command: string, argv: readonly string[], spec: Record<string, OptionSpec>): ParsedArgs {
  const positional: string[] = [];
  const values: Record<string, string | number | boolean> = {};
  const names = Object.keys(spec);
  const byShort = new Map(names.filter((n) => spec[n].short !== undefined).map((n) => [spec[n].short as string, n]));
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k];
    if (arg === "--") {
      positional.push(...argv.slice(k + 1));
      break;
    }
    let name: string | undefined;
    let inline: string | undefined;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq < 0 ? undefined : arg.slice(eq + 1);
      if (!(name in spec)) {
        const guess = suggestKey(name, names);
        throw inputError(`carom ${command}: unknown option --${name}${guess === undefined ? "" : `, did you mean --${guess}?`} (see carom help ${command})`);
      }
    } else if (arg.startsWith("-") && arg.length > 1 && !/^-[0-9.]/.test(arg)) {
      name = byShort.get(arg.slice(1));
      if (name === undefined) throw inputError(`carom ${command}: unknown option ${arg} (see carom help ${command})`);
    } else {
      positional.push(arg);
      continue;
    }
    const s = spec[name];
    if (s.kind === "flag") {
      if (inline !== undefined) throw inputError(`carom ${command}: --${name} takes no value`);
      values[name] = true;
      continue;
    }
    const raw = inline ?? argv[++k];
    if (raw === undefined) throw inputError(`carom ${command}: --${name} needs a value`);
    if (s.kind === "number") {
      const v = raw.trim() === "" ? NaN : Number(raw);
      if (!Number.isFinite(v)) throw inputError(`carom ${command}: --${name} must be a finite number, got ${JSON.stringify(raw)}`);
      values[name] = v;
    } else values[name] = raw;
  }
  return { positional, values };
}
