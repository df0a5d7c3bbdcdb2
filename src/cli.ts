#!/usr/bin/env node
/**
 * The `carom` command line. Subcommands live in src/cli/; they use only the public API
 * (../index.js).
 *
 * Exit codes: 0 success; 2 invalid input (a bad option or scene; the message names the file
 * and the field); 1 internal error or a run that cannot be completed; 130 interrupted.
 * Output files are written under temporary names and renamed at the end, and removed on any
 * failure, so a failed or interrupted run leaves no partial file behind.
 */
import { SceneError, sceneSchema } from "./index.js";
import { parseArgs } from "./cli/args.js";
import { abortAllFiles, writeFileAtomic } from "./cli/atomic-file.js";
import { bench } from "./cli/bench.js";
import { CliError, inputError } from "./cli/cli-error.js";
import { COMMAND_HELP, USAGE } from "./cli/help.js";
import { render } from "./cli/render.js";
import { pool, POOL_HELP } from "./cli/pool.js";
import { run } from "./cli/run.js";
import { installInterrupt } from "./cli/simulate.js";
import { tour } from "./cli/tour.js";
import { validate } from "./cli/validate.js";
import { suggestKey } from "./index.js";

const out = (s: string): void => {
  process.stdout.write(s);
};
const err = (s: string): void => {
  process.stderr.write(s);
};

const COMMANDS = ["run", "pool", "validate", "render", "bench", "schema", "tour", "help"];
COMMAND_HELP.pool = POOL_HELP;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    const topic = command === "help" ? rest[0] : undefined;
    if (topic !== undefined && !(topic in COMMAND_HELP)) throw inputError(`carom help: no command "${topic}" (commands: ${COMMANDS.join(", ")})`);
    out(topic === undefined ? USAGE : COMMAND_HELP[topic]);
    return 0;
  }
  if (command === "--version" || command === "-v") {
    out("carom 0.1.0\n");
    return 0;
  }
  if (COMMANDS.includes(command) && (rest.includes("--help") || rest.includes("-h"))) {
    out(COMMAND_HELP[command]);
    return 0;
  }
  switch (command) {
    case "run":
      return run(rest, out);
    case "pool":
      return pool(rest, out);
    case "validate":
      return validate(rest, out, err);
    case "render":
      return render(rest, out);
    case "bench":
      return bench(rest, out);
    case "tour":
      parseArgs("tour", rest, {});
      tour((line) => out(line + "\n"));
      return 0;
    case "schema": {
      const { values } = parseArgs("schema", rest, { output: { kind: "string", short: "o" } });
      const text = JSON.stringify(sceneSchema, null, 2) + "\n";
      if (values.output === undefined) out(text);
      else writeFileAtomic(values.output as string, text);
      return 0;
    }
    default: {
      const guess = suggestKey(command, COMMANDS);
      throw inputError(`carom: unknown command "${command}"${guess === undefined ? "" : `, did you mean "${guess}"?`}\n${USAGE}`);
    }
  }
}

// A closed pipe (carom ... | head) is not an error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

// Ctrl-C: the run stops at its next chunk and cleans up; a second Ctrl-C stops at once.
installInterrupt(() => {
  abortAllFiles();
  process.stderr.write("\ncarom: interrupted; no output written\n");
  process.exit(130);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    abortAllFiles();
    if (e instanceof SceneError) {
      err(e.message + "\n");
      process.exitCode = 2;
    } else if (e instanceof CliError) {
      err(e.message + "\n");
      process.exitCode = e.exitCode;
    } else {
      const detail = e instanceof Error ? (process.env.CAROM_DEBUG ? (e.stack ?? e.message) : e.message) : String(e);
      err(`carom: internal error: ${detail}\n(set CAROM_DEBUG=1 for the stack trace; please report it)\n`);
      process.exitCode = 1;
    }
  },
);
