/**
 * A progress bar on stderr, only when stderr is a terminal and --quiet is not given, and only
 * once a run has taken more than about a second (short runs print nothing). On a terminal that
 * says it understands no escape sequences (TERM=dumb: Emacs shells, some CI logs), the line is
 * redrawn with a carriage return and spaces only.
 */

const SHOW_AFTER_MS = 1000;
const REDRAW_MS = 100;

export class Progress {
  private readonly started = performance.now();
  private lastDraw = 0;
  private drawn = false;
  /** Characters on the line now (to blank them out where ESC[K is not understood). */
  private width = 0;
  private readonly dumb = process.env.TERM === "dumb";

  constructor(
    private readonly enabled: boolean,
    private readonly label: string,
  ) {}

  /** Whether a bar may be drawn at all (stderr is a TTY and not --quiet). */
  static wanted(quiet: boolean): boolean {
    return !quiet && process.stderr.isTTY === true;
  }

  update(fraction: number, detail: string): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.started < SHOW_AFTER_MS || now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    const f = Math.min(1, Math.max(0, fraction));
    const width = 24;
    const full = Math.round(f * width);
    const elapsed = ((now - this.started) / 1000).toFixed(1);
    const line = `${this.label} [${"#".repeat(full)}${".".repeat(width - full)}] ${(100 * f).toFixed(0).padStart(3)}% ${detail}, ${elapsed} s`;
    const columns = process.stderr.columns || 100; // 0 when the terminal has no size
    const shown = line.slice(0, Math.max(10, columns - 1));
    process.stderr.write(this.dumb ? `\r${shown.padEnd(this.width)}` : `\r\x1b[K${shown}`);
    this.width = Math.max(this.width, shown.length);
    this.drawn = true;
  }

  /** Clears the bar. */
  done(): void {
    if (this.drawn) process.stderr.write(this.dumb ? `\r${" ".repeat(this.width)}\r` : "\r\x1b[K");
    this.drawn = false;
    this.width = 0;
  }
}
