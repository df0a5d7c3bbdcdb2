/**
 * A CSB turn's four commands, checked and read once into a small typed array of orders
 * (target x, y and thrust per pod): the turn then reads doubles by index, never the command
 * objects again. Bad input gets a RangeError naming the field.
 */
import { describe } from "./options.js";
import type { CsbCommand } from "./csb-simulation.js";

/** The largest thrust of a command. */
export const CSB_MAX_THRUST = 200;
/** The thrust codes of SHIELD and BOOST in the orders (a thrust is 0..200). */
export const ORDER_SHIELD = -1, ORDER_BOOST = -2;

/**
 * Checks command c of pod i (a RangeError naming the field when it is not valid) and writes
 * its target and thrust to orders[3i..3i + 2] (ORDER_SHIELD, ORDER_BOOST for those).
 */
export function readCommand(c: CsbCommand, i: number, orders: Float64Array): void {
  // The fast path is arithmetic (x − x is 0 exactly when x is finite; a thrust t in [0, 200]
  // is an integer exactly when (t | 0) === t); the messages are built by the slow path alone.
  // The thrust limit and codes as literals (CSB_MAX_THRUST, ORDER_SHIELD, ORDER_BOOST): V8
  // folds a function's own constants, a module-level const is a context load per use.
  const MAX_THRUST = 200, SHIELD = -1, BOOST = -2;
  if (typeof c === "object" && c !== null) {
    const x = c.x, y = c.y, t = c.thrust;
    if (typeof x === "number" && x - x === 0 && typeof y === "number" && y - y === 0) {
      let order = -3;
      if (typeof t === "number") {
        if (t >= 0 && t <= MAX_THRUST && (t | 0) === t) order = t;
      } else if (t === "SHIELD") {
        order = SHIELD;
      } else if (t === "BOOST") {
        order = BOOST;
      }
      if (order !== -3) {
        orders[3 * i] = x;
        orders[3 * i + 1] = y;
        orders[3 * i + 2] = order;
        return;
      }
    }
  }
  commandError(c, i);
}

/** Throws the RangeError naming the first bad field of command c (pod i). */
function commandError(c: CsbCommand, i: number): never {
  if (typeof c !== "object" || c === null) throw new RangeError(`commands[${i}] must be an object {x, y, thrust}, got ${describe(c)}`);
  if (typeof c.x !== "number" || !Number.isFinite(c.x)) throw new RangeError(`commands[${i}].x must be a finite number, got ${describe(c.x)}`);
  if (typeof c.y !== "number" || !Number.isFinite(c.y)) throw new RangeError(`commands[${i}].y must be a finite number, got ${describe(c.y)}`);
  throw new RangeError(`commands[${i}].thrust must be an integer 0..${CSB_MAX_THRUST}, "SHIELD" or "BOOST", got ${describe(c.thrust)}`);
}
