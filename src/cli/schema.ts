/**
 * `carom schema [-o FILE]`: prints the JSON Schema of the scene format, or writes it to a file
 * (checked first, written atomically; `-o -` prints it).
 */
import { sceneSchema } from "../index.js";
import { flagName, parseArgs } from "./args.js";
import { writeFileAtomic } from "./atomic-file.js";
import { inputError } from "./cli-error.js";
import { checkOutputs } from "./output-check.js";
import { isStdio } from "./stdio.js";

export const SCHEMA_OPTIONS = { output: { kind: "string", short: "o" } } as const;

export function schema(argv: readonly string[], stdout: (s: string) => void): number {
  const args = parseArgs("schema", argv, SCHEMA_OPTIONS);
  const { positional, values } = args;
  if (positional.length > 0) throw inputError(`carom schema: no arguments besides -o FILE, got ${positional.join(" ")}`);
  const text = JSON.stringify(sceneSchema, null, 2) + "\n";
  const output = values.output as string | undefined;
  if (output === undefined || isStdio(output)) stdout(text);
  else {
    checkOutputs("schema", [{ flag: flagName(args, "output"), path: output }]);
    writeFileAtomic(output, text);
  }
  return 0;
}
