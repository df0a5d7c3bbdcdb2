/**
 * Which trigonometry gives the CSB referee's bits (fdlibm's sin, cos, atan2) fastest here.
 * Where the engine's `Math` is fdlibm (V8 up to Node 20, as the rules file records), the
 * simulator calls `Math` (`NATIVE_FDLIBM`); elsewhere (Chromium 156, for one) the ports in
 * fdlibm.ts. The choice is made once, at load, on probe inputs where Chromium's `Math` and
 * fdlibm differ and on seeded inputs: an engine with another algorithm disagrees with the
 * ports on some of them (test/contest-fdlibm.test.ts holds fdlibm's values at the probes and
 * checks the ports give them).
 */
import { fdlibmAtan2, fdlibmCos, fdlibmSin } from "./fdlibm.js";

/** Inputs x where Chromium 156's Math.sin or Math.cos differs from fdlibm (the first 8 found). */
export const SIN_COS_PROBES: readonly number[] = [
  10.098348408051926, 0.7851433031191792, 7.60217814687741, -0.7705040968817212,
  4.524034634476543, 1.4551205585967395, -1.8251929720049684, 0.7598463170043424,
];

/** Inputs y, x (pairs, flat) where Chromium 156's Math.atan2 differs from fdlibm (the first 8 found). */
export const ATAN2_PROBES: readonly number[] = [-18505, -6402, 19984, -7770, -17663, -17643, -2808, 8757, -8144, 4831, -19264, -5587, 14595, 12876, -17741, -5551];

/**
 * Whether Math gives the ports' bits on the probes and on 256 seeded inputs of the kinds a race
 * computes (atan2 of integer offsets within ±20000, sin and cos of angles within ±12): an
 * engine whose algorithm differs on a few percent of inputs fails that with near certainty.
 */
function mathIsFdlibm(): boolean {
  for (const x of SIN_COS_PROBES) if (!Object.is(Math.sin(x), fdlibmSin(x)) || !Object.is(Math.cos(x), fdlibmCos(x))) return false;
  for (let k = 0; k < ATAN2_PROBES.length; k += 2) if (!Object.is(Math.atan2(ATAN2_PROBES[k], ATAN2_PROBES[k + 1]), fdlibmAtan2(ATAN2_PROBES[k], ATAN2_PROBES[k + 1]))) return false;
  let seed = 1;
  const next = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) | 0) >>> 8) / 16777216;
  for (let k = 0; k < 256; k++) {
    const y = Math.round(next() * 40000 - 20000), x = Math.round(next() * 40000 - 20000), a = next() * 24 - 12;
    if (!Object.is(Math.atan2(y, x), fdlibmAtan2(y, x)) || !Object.is(Math.sin(a), fdlibmSin(a)) || !Object.is(Math.cos(a), fdlibmCos(a))) return false;
  }
  return true;
}

/** True when this engine's Math gives fdlibm's bits on every probe (and is used). */
export const NATIVE_FDLIBM = mathIsFdlibm();
