/**
 * A progress bar on stderr, only when stderr is a terminal and --quiet is not given, and only
 * once a run has taken more than about a second (short runs print nothing).
 *
 * The bar is redrawn in place: after a carriage return, `ESC[K` clears the rest of the line on
 * a terminal that understands it; under `TERM=dumb` (Emacs shell buffers, some CI consoles),
 * which has no escape codes, the line is padded with spaces over the previous one instead.
 */

const SHOW_AFTER_MS = 1000;
const REDRAW_MS = 100;

/** Where the bar is drawn: process.stderr, or a stand-in in tests. */
export interface ProgressStream {
  isTTY?: boolean;
  /** Terminal width (0 or undefined when unknown). */
  columns?: number;
  write(text: string): unknown;
}

export interface ProgressSetup {
  stream?: ProgressStream;
  /** The environment (TERM). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Milliseconds, for the delay and the redraw rate. */
  now?: () => number;
}

export class Progress {
  private readonly stream: ProgressStream;
  private readonly now: () => number;
  /** True under TERM=dumb: no escape codes. */
  private readonly plain: boolean;
  private readonly enabled: boolean;
  private readonly started: number;
  private lastDraw = -Infinity;
  /** Characters of the line on screen (0: none). */
  private drawnLength = 0;

  constructor(
    enabled: boolean,
    private readonly label: string,
    setup: ProgressSetup = {},
  ) {
    this.stream = setup.stream ?? process.stderr;
    this.now = setup.now ?? (() => performance.now());
    this.plain = (setup.env ?? process.env).TERM === "dumb";
    // Never into a file or a pipe, whatever the caller asked.
    this.enabled = enabled && this.stream.isTTY === true;
    this.started = this.now();
  }

  /** Whether a bar may be drawn at all (stderr is a TTY and not --quiet). */
  static wanted(quiet: boolean, stream: ProgressStream = process.stderr): boolean {
    return !quiet && stream.isTTY === true;
  }

  update(fraction: number, detail: string): void {
    if (!this.enabled) return;
    const now = this.now();
    if (now - this.started < SHOW_AFTER_MS || now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    const f = Math.min(1, Math.max(0, fraction));
    const width = 24;
    const full = Math.round(f * width);
    const elapsed = ((now - this.started) / 1000).toFixed(1);
    const columns = this.stream.columns || 100; // 0 when the terminal has no size
    const line = `${this.label} [${"#".repeat(full)}${".".repeat(width - full)}] ${(100 * f).toFixed(0).padStart(3)}% ${detail}, ${elapsed} s`.slice(0, Math.max(10, columns - 1));
    this.stream.write(this.plain ? `\r${line.padEnd(this.drawnLength)}` : `\r\x1b[K${line}`);
    this.drawnLength = Math.max(this.drawnLength, line.length);
  }

  /** Clears the bar. */
  done(): void {
    if (this.drawnLength > 0) this.stream.write(this.plain ? `\r${" ".repeat(this.drawnLength)}\r` : "\r\x1b[K");
    this.drawnLength = 0;
  }
}
