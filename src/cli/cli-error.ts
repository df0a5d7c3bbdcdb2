/**
 * Errors the command reports without a stack trace, with their exit code: 2 for invalid input
 * (a bad option, a bad or missing scene file), 1 for a run that cannot be completed, 128 + the
 * signal's number for a run stopped by a signal (129 SIGHUP, 130 SIGINT, 143 SIGTERM).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** Invalid input (exit code 2). */
export function inputError(message: string): CliError {
  return new CliError(message, 2);
}
