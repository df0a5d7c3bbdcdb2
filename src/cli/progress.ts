/**
 * A progress bar on stderr, only when stderr is a terminal and --quiet is not given, and only
 * once a run has taken more than about a second (short runs print nothing).
 */

const SHOW_AFTER_MS = 1000;
const REDRAW_MS = 100;

export class Progress {
  private readonly started = performance.now();
  private lastDraw = 0;
  private drawn = false;

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
    process.stderr.write(`\r\x1b[K${line.slice(0, Math.max(10, columns - 1))}`);
    this.drawn = true;
  }

  /** Clears the bar. */
  done(): void {
    if (this.drawn) process.stderr.write("\r\x1b[K");
    this.drawn = false;
  }
}
