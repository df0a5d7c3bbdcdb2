/**
 * A hash of a world's event log that sees every bit of every field: time, the two parties, the
 * kind, contact point, normal, impulse and closing speed, each double fed in as its two 32-bit
 * halves (FNV-1a style mixing). The lab shows it for the running scene; the browser tests
 * compute it for the same scene in Node and in Chromium and require the same number, which
 * holds only if both engines produce the same doubles for every event.
 */
import type { EventLog } from "../../src/index.js";

/** The hash of an empty history. */
export const HASH_SEED = 0x811c9dc5;

const view = new DataView(new ArrayBuffer(8));

function mixDouble(h: number, x: number): number {
  view.setFloat64(0, x);
  h = Math.imul(h ^ view.getUint32(0), 0x01000193);
  return Math.imul(h ^ view.getUint32(4), 0x01000193);
}

function mixInt(h: number, k: number): number {
  return Math.imul(h ^ k, 0x01000193);
}

/** Continues hash h over the events in `log` (in order); returns an unsigned 32-bit value. */
export function hashEvents(log: EventLog, h: number = HASH_SEED): number {
  for (let k = 0; k < log.count; k++) {
    h = mixDouble(h, log.t[k]);
    h = mixInt(h, log.a[k]);
    h = mixInt(h, log.b[k]);
    h = mixInt(h, log.kind[k]);
    h = mixDouble(h, log.px[k]);
    h = mixDouble(h, log.py[k]);
    h = mixDouble(h, log.pz[k]);
    h = mixDouble(h, log.nx[k]);
    h = mixDouble(h, log.ny[k]);
    h = mixDouble(h, log.nz[k]);
    h = mixDouble(h, log.impulse[k]);
    h = mixDouble(h, log.speed[k]);
  }
  return h >>> 0;
}

/** Continues hash h over one collision of carom/science (bodies i < j, time, impulse). */
export function hashCollision(h: number, i: number, j: number, t: number, impulse: number): number {
  h = mixDouble(h, t);
  h = mixInt(h, i);
  h = mixInt(h, j);
  return mixDouble(h, impulse) >>> 0;
}

/** Eight hex digits. */
export function hashHex(h: number): string {
  return (h >>> 0).toString(16).padStart(8, "0");
}
