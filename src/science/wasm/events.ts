// The science engine's event loop in AssemblyScript (compiled to WebAssembly by
// scripts/build-kernel.mjs), one specialised copy per kind of engine: the plain fluid (with or
// without growth), granular (inelastic), sheared (Lees–Edwards) and both. edmd-kernel.ts
// describes the calendar; ../kernel-layout.ts names the registers F(k) and I(k) and the records'
// fields. Every address is a byte offset into the memory the engine lays out (engine-memory.ts),
// a field's offset within its record given as the load's or store's immediate offset.
import { F, I, setF, setI, BOOK, COUNTER } from "./memory";
import { top, topTime, set } from "./calendar";
import { sync, wrap, wrapSheared } from "./bodies";
import { predictUnsheared, predictPlain, predictShearedOrExact } from "./predict";
import { respond, respondInelastic, respondSheared, respondShearedInelastic } from "./respond";
import { rebuildOne } from "./lists";
import {
  NOW, END_TIME, COLLISIONS, COLLISIONS_END, STALE_EVENTS, SECOND_CHOICES, SHELL_EXITS, RETURNED_BODY, PACE_BUDGET,
  BODIES, CALL_BACK, BOOK_SHIFT, SECOND_TIME_AT, PARTNER_AT, PARTNER_COUNTER_AT, SECOND_AT, SECOND_COUNTER_AT, NO_EVENT,
  RUN_DONE, RUN_PACE, RUN_TIME, RUN_SYSTEM, RUN_SHELL, INELASTIC, SHEAR,
} from "../kernel-layout";

@external("env", "collided") declare function collided(i: i32, j: i32, t: f64, impulse: f64): void;

/** Body i's next event in the loop of kind `mode` (granular engines have no growth). */
@inline function predictMode(i: i32, mode: i32): void {
  if (mode & SHEAR) predictShearedOrExact(i);
  else if (mode & INELASTIC) predictPlain(i);
  else predictUnsheared(i);
}

/**
 * Runs events until the collision count reaches COLLISIONS_END, the next event is after END_TIME, the
 * pace check is due, or an event only TypeScript handles (the scheduled systems, a shell
 * exit) is next: returns which (RUN_*), with the body in RETURNED_BODY. `mode` (0, INELASTIC,
 * SHEAR or both) is a constant in each exported copy below, so each is the loop of one kind of
 * engine with no test of the others.
 */
@inline function loop(mode: i32): i32 {
  let k: i32 = 0, t: f64 = 0.0, p: i32 = 0, q: i32 = 0, ev: i32 = 0, n: i32 = 0, budget: i32 = 0, impulse: f64 = 0.0;
  n = I(BODIES);
  budget = I(PACE_BUDGET);
  for (; ; ) {
    if (F(COLLISIONS) >= F(COLLISIONS_END)) {
      setI(PACE_BUDGET, budget);
      return RUN_DONE;
    }
    if (budget <= 0) {
      setI(PACE_BUDGET, 0);
      return RUN_PACE;
    }
    k = top();
    t = topTime();
    if (t > F(END_TIME) || t == Infinity) {
      setI(PACE_BUDGET, budget);
      return RUN_TIME;
    }
    setF(NOW, t);
    budget -= 1;
    if (k == n) {
      setI(PACE_BUDGET, budget);
      return RUN_SYSTEM;
    }
    ev = BOOK + (k << BOOK_SHIFT);
    p = load<i32>(ev, PARTNER_AT);
    if (p < 0) {
      // a shell exit: the body is wrapped into the box and its list rebuilt around it
      setF(SHELL_EXITS, F(SHELL_EXITS) + 1.0);
      sync(k);
      if (mode & SHEAR) wrapSheared(k);
      else wrap(k);
      if (rebuildOne(k) < 0) {
        // a list or a cell is full: TypeScript makes room, rebuilds and predicts
        setI(PACE_BUDGET, budget);
        setI(RETURNED_BODY, k);
        return RUN_SHELL;
      }
      predictMode(k, mode);
      continue;
    }
    if (load<i32>(COUNTER + (p << 2)) == load<i32>(ev, PARTNER_COUNTER_AT)) {
      if (mode == (SHEAR | INELASTIC)) impulse = respondShearedInelastic(k, p);
      else if (mode == SHEAR) impulse = respondSheared(k, p);
      else if (mode == INELASTIC) impulse = respondInelastic(k, p);
      else impulse = respond(k, p);
      if (I(CALL_BACK)) collided(k, p, F(NOW), impulse);
      predictMode(k, mode);
      predictMode(p, mode);
      continue;
    }
    setF(STALE_EVENTS, F(STALE_EVENTS) + 1.0);
    // k has not changed course since its prediction, so its second choice still holds when
    // that partner has not changed either: every pair with a body that changed course since
    // was tested again by that body
    q = load<i32>(ev, SECOND_AT);
    if (q >= 0) {
      if (load<i32>(COUNTER + (q << 2)) != load<i32>(ev, SECOND_COUNTER_AT)) q = NO_EVENT;
    }
    if (q >= -1) {
      setF(SECOND_CHOICES, F(SECOND_CHOICES) + 1.0);
      store<i32>(ev, q, PARTNER_AT);
      store<i32>(ev, load<i32>(ev, SECOND_COUNTER_AT), PARTNER_COUNTER_AT);
      store<i32>(ev, NO_EVENT, SECOND_AT);
      set(k, load<f64>(BOOK + (k << BOOK_SHIFT), SECOND_TIME_AT));
    } else predictMode(k, mode);
  }
  return 0;
}


/** The plain fluid's loop (elastic, unsheared, with or without growth). */
export function run(): i32 {
  return loop(0);
}

/** The granular gas's loop. */
export function runInelastic(): i32 {
  return loop(INELASTIC);
}

/** The sheared fluid's loop. */
export function runSheared(): i32 {
  return loop(SHEAR);
}

/** The sheared granular gas's loop. */
export function runShearedInelastic(): i32 {
  return loop(SHEAR | INELASTIC);
}
