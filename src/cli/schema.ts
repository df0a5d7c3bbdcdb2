/**
 * `carom schema [-o FILE]`: prints the JSON Schema of the scene format, or writes it to a file
 * (checked first, written atomically).
 */
import { sceneSchema } from "../index.js";
import { parseArgs } from "./args.js";
import { writeFileAtomic } from "./atomic-file.js";
import { inputError } from "./cli-error.js";
import { checkOutputs } from "./output-check.js";

export const SCHEMA_OPTIONS = { output: { kind: "string", short: "o" } } as const;

export function schema(argv: readonly string[], stdout: (s: string) => void): number {
  const { positional, values } = parseArgs("schema", argv, SCHEMA_OPTIONS);
  if (positional.length > 0) throw inputError(`carom schema: no arguments besides -o FILE, got ${positional.join(" ")}`);
  const text = JSON.stringify(sceneSchema, null, 2) + "\n";
  const output = values.output as string | undefined;
  if (output === undefined) stdout(text);
  else {
    checkOutputs("schema", [{ flag: "-o", path: output }]);
    writeFileAtomic(output, text);
  }
  return 0;
}
