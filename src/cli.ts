#!/usr/bin/env node
/**
 * The `carom` command line. Subcommands live in src/cli/; they use only the public API
 * (../index.js).
 *
 * Exit codes: 0 success; 2 invalid input (a bad option or scene; the message names the file
 * and the field); 1 internal error or a run that cannot be completed; 129, 130, 143 stopped by
 * SIGHUP, SIGINT (Ctrl-C), SIGTERM.
 * Output files are written under temporary names and renamed at the end, and removed on any
 * failure, so a failed or interrupted run leaves no partial file behind.
 */
import { SceneError } from "./index.js";
import { parseArgs, wantsHelp } from "./cli/args.js";
import { abortAllFiles } from "./cli/atomic-file.js";
import { bench } from "./cli/bench.js";
import { CliError, inputError } from "./cli/cli-error.js";
import { examples } from "./cli/examples.js";
import { COMMAND_HELP, HELP_FLAGS, USAGE, VERSION_FLAGS } from "./cli/help.js";
import { render } from "./cli/render.js";
import { schema } from "./cli/schema.js";
import { pool } from "./cli/pool.js";
import { run } from "./cli/run.js";
import { sweep } from "./cli/sweep.js";
import { pack } from "./cli/pack.js";
import { lattice } from "./cli/lattice.js";
import { installInterrupt, interrupt, interruptExitCode } from "./cli/simulate.js";
import { tour } from "./cli/tour.js";
import { validate } from "./cli/validate.js";
import { packageVersion } from "./cli/version.js";
import { suggestKey } from "./index.js";

const out = (s: string): void => {
  process.stdout.write(s);
};
const err = (s: string): void => {
  process.stderr.write(s);
};

const COMMANDS = ["run", "pool", "validate", "render", "bench", "pack", "lattice", "sweep", "schema", "examples", "tour", "help"];

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || HELP_FLAGS.includes(command)) {
    if (command !== "help" && rest.length > 0 && !wantsHelp(rest)) throw inputError(`carom ${command} takes no arguments, got ${rest.join(" ")} (carom help COMMAND for a command's options)`);
    // carom help --help is the help command's own help, as carom run --help is run's.
    const topic = command !== "help" ? undefined : wantsHelp(rest) ? "help" : rest[0];
    if (command === "help" && rest.length > 1 && topic !== "help") throw inputError(`carom help: one command at a time, got ${rest.join(" ")}`);
    if (topic !== undefined && !Object.hasOwn(COMMAND_HELP, topic)) throw inputError(`carom help: no command "${topic}" (commands: ${COMMANDS.join(", ")})`);
    out(topic === undefined ? USAGE : COMMAND_HELP[topic]);
    return 0;
  }
  if (VERSION_FLAGS.includes(command)) {
    if (rest.length > 0) throw inputError(`carom ${command} takes no arguments, got ${rest.join(" ")}`);
    out(`carom ${packageVersion()}\n`);
    return 0;
  }
  if (Object.hasOwn(COMMAND_HELP, command) && wantsHelp(rest)) {
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
    case "pack":
      return pack(rest, out);
    case "lattice":
      return lattice(rest, out);
    case "sweep":
      return sweep(rest, out, err);
    case "examples":
      return examples(rest, out);
    case "tour":
      if (parseArgs("tour", rest, {}).positional.length > 0) throw inputError(`carom tour: no arguments, got ${rest.join(" ")}`);
      tour((line) => out(line + "\n"));
      return 0;
    case "schema":
      return schema(rest, out);
    default: {
      const guess = suggestKey(command, COMMANDS);
      throw inputError(`carom: unknown command "${command}"${guess === undefined ? "" : `, did you mean "${guess}"?`}\n${USAGE}`);
    }
  }
}

// A closed pipe (carom ... | head) is not an error; the files still being written are removed.
// Any other failure to write standard output (a full disk, a device that refuses) ends the
// command with exit code 1 and says so on standard error, also removing those files.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  abortAllFiles();
  if (e.code === "EPIPE") process.exit(0);
  try {
    process.stderr.write(`carom: cannot write to standard output: ${e.message}; no output written\n`);
  } finally {
    process.exit(1);
  }
});

// SIGINT (Ctrl-C), SIGTERM, SIGHUP: a run stops at its next chunk (within milliseconds) and
// removes its temporary files; a second signal stops at once.
installInterrupt((exitCode) => {
  abortAllFiles();
  process.stderr.write("\ncarom: interrupted; no output written\n");
  process.exit(exitCode);
});

main(process.argv.slice(2)).then(
  async (code) => {
    // A signal that came while a short command worked (synchronously: its handler runs at the
    // next turn of the event loop) still ends it with the signal's code.
    await new Promise((resolve) => setImmediate(resolve));
    process.exitCode = interrupt.requested && code === 0 ? interruptExitCode() : code;
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
