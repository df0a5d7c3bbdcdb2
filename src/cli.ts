#!/usr/bin/env node
/**
 * The `carom` command line. Subcommands live in src/cli/; they use only the public API.
 */
import { tour } from "./cli/tour.js";

const USAGE = `usage: carom <command>

commands:
  tour                     a short tour of the queries with real results
`;

function main(argv: string[]): number {
  const [command] = argv;
  if (command === undefined || command === "tour") {
    tour((line) => process.stdout.write(line + "\n"));
    return 0;
  }
  if (command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(USAGE);
    return 0;
  }
  process.stderr.write(`carom: unknown command "${command}"\n${USAGE}`);
  return 2;
}

// A closed pipe (carom ... | head) is not an error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

process.exitCode = main(process.argv.slice(2));
