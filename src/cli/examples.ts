/**
 * `carom examples [folder] [--force] [--quiet]`: copies the example scenes that ship with the
 * package into a folder (default `examples`; those too large to ship are written by their
 * builders), so that `carom run examples/gas.json` and editing
 * them work from a user's own project. Each file's `$schema` is pointed at the package's
 * schema as seen from the new folder. A file that exists with other content is left alone
 * (exit code 2, naming it) unless --force is given.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "./args.js";
import { writeFileAtomic } from "./atomic-file.js";
import { inputError } from "./cli-error.js";
import { checkOutputs } from "./output-check.js";
import { PACKAGED_EXAMPLES, packagedExampleText, packagedExamples } from "./scene-file.js";
import { stopIfInterrupted } from "./simulate.js";
import { isStdio } from "./stdio.js";

export const EXAMPLES_OPTIONS = {
  force: { kind: "flag" },
  quiet: { kind: "flag", short: "q" },
} as const;

/** The package's schema file (dist/scene.schema.json). */
const SCHEMA = fileURLToPath(new URL("../../dist/scene.schema.json", import.meta.url));

/** The example's text with its `$schema` pointing at the package's schema from `folder`. */
function withSchema(text: string, folder: string): string {
  const rel = relative(folder, SCHEMA).split("\\").join("/");
  return text.replace(/^(\s*"\$schema":\s*)"[^"\n]*"/m, (_, head: string) => `${head}${JSON.stringify(rel.startsWith(".") ? rel : `./${rel}`)}`);
}

export async function examples(argv: readonly string[], stdout: (s: string) => void): Promise<number> {
  const { positional, values } = parseArgs("examples", argv, EXAMPLES_OPTIONS);
  if (positional.length > 1) throw inputError(`carom examples: one folder at a time, got ${positional.join(" ")}`);
  const folder = positional[0] ?? "examples";
  if (isStdio(folder)) throw inputError(`carom examples: "-" would be standard output, but examples writes a folder of files; name the folder (./- for one called -)`);
  const names = packagedExamples();
  if (names.length === 0) throw inputError(`carom examples: no example scenes found in ${PACKAGED_EXAMPLES}`);
  const targets = names.map((name) => ({ name, path: join(folder, `${name}.json`) }));
  checkOutputs("examples", targets.map((t) => ({ flag: "", path: t.path })));
  const texts = targets.map((t) => withSchema(packagedExampleText(t.name), folder));
  const clashes = targets.filter((t, k) => existsSync(t.path) && readFileSync(t.path, "utf8") !== texts[k]);
  if (clashes.length > 0 && values.force !== true) {
    throw inputError(`carom examples: ${clashes.map((t) => t.path).join(", ")} already exist${clashes.length === 1 ? "s" : ""} with other content; nothing written (--force replaces them)`);
  }
  await stopIfInterrupted("examples");
  targets.forEach((t, k) => writeFileAtomic(t.path, texts[k]));
  if (values.quiet !== true) {
    stdout(`carom examples: wrote ${targets.length} scenes to ${folder}/: ${names.map((n) => `${n}.json`).join(", ")}\n`);
    const first = names.includes("gas") ? "gas" : names[0];
    stdout(`  try: carom run ${join(folder, `${first}.json`)} --events events.ndjson\n`);
  }
  return 0;
}
