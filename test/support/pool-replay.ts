/**
 * Replays a pooltool reference shot (the format of data/pool/*.json.gz) with carom/pool and
 * measures how far carom is from it: event sequence (type and ids; ball pairs unordered) over
 * the shot's stable prefix, event times (relative, with a 1e-9 s floor), and final positions
 * when the shot says they are checkable.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { PoolSystem, type PoolEvent } from "../../src/exports/pool.js";

export interface ShotFile {
  id?: string;
  balls: { id: string; xy: [number, number] }[];
  strike: { ball: string; V0: number; phi: number; theta: number; a: number; b: number };
  events: { t: number; type: string; ids: string[]; after?: Record<string, { s: string; rvw: number[][] }> }[];
  final: Record<string, { s: string; r: number[]; v: number[]; w: number[] }>;
  stable: { prefix: number; finalsCheckable: boolean };
  pooltoolWallSeconds?: number;
}

export interface ReplayReport {
  compared: number;
  /** Index of the first event whose type or ids differ (−1: none). */
  firstMismatch: number;
  mismatch?: string;
  /** Worst |Δt| / max(|t|, 1e-9 s) over the compared events. */
  maxTimeError: number;
  /** Worst final position difference (m), NaN when not checkable. */
  maxFinalError: number;
  /** Worst position difference (m) in the compared events' after-states. */
  maxAfterError: number;
  events: PoolEvent[];
}

export function readShot(path: string): ShotFile {
  const raw = readFileSync(path);
  const text = path.endsWith(".gz") ? gunzipSync(raw).toString("utf8") : raw.toString("utf8");
  return JSON.parse(text) as ShotFile;
}

function sameIds(type: string, a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  if (type === "ball-ball") return (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);
  return a.every((x, i) => x === b[i]);
}

export function replayShot(shot: ShotFile): ReplayReport {
  const system = new PoolSystem({ balls: shot.balls.map((b) => ({ id: b.id, x: b.xy[0], y: b.xy[1] })) });
  system.strike({ ...shot.strike });
  // Step one event at a time so that each event's after-state can be compared.
  const events: PoolEvent[] = [];
  const prefix = shot.stable.prefix;
  let maxAfterError = 0;
  for (let k = 0; k < shot.events.length + 5; k++) {
    const ev = system.simulate({ maxEvents: 1 });
    if (ev.length === 0) break;
    events.push(ev[0]);
    const ref = shot.events[k];
    if (k < prefix && ref?.after && ref.type === ev[0].type) {
      for (const [id, st] of Object.entries(ref.after)) {
        const mine = system.ball(id);
        for (let c = 0; c < 2; c++) maxAfterError = Math.max(maxAfterError, Math.abs(mine.r[c] - st.rvw[0][c]));
      }
    }
  }
  const compared = Math.min(prefix, shot.events.length);
  let firstMismatch = -1;
  let mismatch: string | undefined;
  let maxTimeError = 0;
  for (let k = 0; k < compared; k++) {
    const ref = shot.events[k], mine = events[k];
    if (!mine || mine.type !== ref.type || !sameIds(ref.type, mine.ids, ref.ids)) {
      firstMismatch = k;
      mismatch = `event ${k}: pooltool ${ref.type} [${ref.ids}] at ${ref.t}, carom ${mine ? `${mine.type} [${mine.ids}] at ${mine.t}` : "none"}`;
      break;
    }
    maxTimeError = Math.max(maxTimeError, Math.abs(mine.t - ref.t) / Math.max(Math.abs(ref.t), 1e-9));
  }
  let maxFinalError = NaN;
  if (shot.stable.finalsCheckable && firstMismatch < 0) {
    maxFinalError = 0;
    if (events.length !== shot.events.length) {
      firstMismatch = events.length;
      mismatch = `carom has ${events.length} events, pooltool ${shot.events.length}`;
    }
    for (const [id, f] of Object.entries(shot.final)) {
      const mine = system.ball(id);
      for (let c = 0; c < 3; c++) maxFinalError = Math.max(maxFinalError, Math.abs(mine.r[c] - f.r[c]));
    }
  }
  return { compared, firstMismatch, mismatch, maxTimeError, maxFinalError, maxAfterError, events };
}
