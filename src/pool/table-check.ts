/**
 * Checks a table object given to PoolSystem. Tables built by pocketTable, snookerTable and
 * billiardTable pass as they are; any other object (a table of one's own, or one read from a
 * file) is checked field by field, with a RangeError naming the field (`opts.table.linear[0].p1
 * must be an array of 3 finite numbers`), and a frozen copy is used, so that changing the object
 * afterwards cannot change a running system.
 */
import { finiteNumber, requireObject } from "./options.js";
import {
  freezeItem, isBuiltTable, TABLE_SPEC_RANGES, type CircularCushion, type LinearCushion, type Pocket, type PoolTable, type TableKind,
} from "./table.js";

function point(value: unknown, name: string): [number, number, number] {
  if (!Array.isArray(value) || value.length !== 3) throw new RangeError(`${name} must be an array of 3 finite numbers [x, y, z], got ${JSON.stringify(value) ?? typeof value}`);
  return [finiteNumber(value[0], `${name}[0]`), finiteNumber(value[1], `${name}[1]`), finiteNumber(value[2], `${name}[2]`)];
}

function list(value: unknown, name: string): unknown[] {
  if (!Array.isArray(value)) throw new RangeError(`${name} must be an array, got ${value === null ? "null" : typeof value}`);
  return value;
}

function identifier(item: Record<string, unknown>, name: string, seen: Set<string>): string {
  if (typeof item.id !== "string" || item.id === "") throw new RangeError(`${name}.id must be a non-empty string, got ${JSON.stringify(item.id) ?? typeof item.id}`);
  if (seen.has(item.id)) throw new RangeError(`${name}.id "${item.id}" is used twice`);
  seen.add(item.id);
  return item.id;
}

const LIMIT = 1e3; // metres: no table coordinate is further from the origin

function bounded(x: number, name: string): number {
  if (!(Math.abs(x) <= LIMIT)) throw new RangeError(`${name} must be within ±${LIMIT} m, got ${x}`);
  return x;
}

/** The table to use for `table` (checked; a frozen copy unless it is one carom built). */
export function checkTable(table: unknown, name = "opts.table"): PoolTable {
  if (isBuiltTable(table)) return table as PoolTable;
  requireObject(table, name);
  for (const key of Object.keys(table)) {
    if (!["kind", "w", "l", "specs", "linear", "circular", "pockets"].includes(key)) throw new RangeError(`${name}: unknown key "${key}"; known keys: kind, w, l, specs, linear, circular, pockets`);
  }
  requireObject(table.specs, `${name}.specs`);
  const specs: Record<string, number> = {};
  for (const [key, value] of Object.entries(table.specs)) {
    const range = TABLE_SPEC_RANGES[key as keyof typeof TABLE_SPEC_RANGES];
    if (!range) throw new RangeError(`${name}.specs: unknown key "${key}"; known keys: ${Object.keys(TABLE_SPEC_RANGES).join(", ")}`);
    const x = finiteNumber(value, `${name}.specs.${key}`);
    if (!(x >= range[0] && x <= range[1])) throw new RangeError(`${name}.specs.${key} must be in [${range[0]}, ${range[1]}], got ${x}`);
    specs[key] = x;
  }
  for (const key of ["l", "w", "cushion_width", "cushion_height"]) {
    if (specs[key] === undefined) throw new RangeError(`${name}.specs.${key} is missing (build tables with pocketTable(), snookerTable() or billiardTable())`);
  }
  const kind = (table.kind ?? "pocket") as TableKind;
  if (!["pocket", "snooker", "billiard"].includes(kind)) throw new RangeError(`${name}.kind must be "pocket", "snooker" or "billiard", got ${JSON.stringify(table.kind)}`);
  for (const key of ["w", "l"] as const) {
    if (table[key] !== undefined && table[key] !== specs[key]) throw new RangeError(`${name}.${key} must equal ${name}.specs.${key} = ${specs[key]}, got ${JSON.stringify(table[key])}`);
  }
  const seen = new Set<string>();
  const linear = list(table.linear, `${name}.linear`).map((item, k): LinearCushion => {
    const at = `${name}.linear[${k}]`;
    requireObject(item, at);
    const id = identifier(item, at, seen);
    const p1 = point(item.p1, `${at}.p1`), p2 = point(item.p2, `${at}.p2`);
    for (const c of [0, 1]) { bounded(p1[c], `${at}.p1[${c}]`); bounded(p2[c], `${at}.p2[${c}]`); }
    if (p1[0] === p2[0] && p1[1] === p2[1]) throw new RangeError(`${at}: p1 and p2 are the same point (a segment needs a length)`);
    if (item.direction !== 0 && item.direction !== 1 && item.direction !== 2) throw new RangeError(`${at}.direction must be 0, 1 or 2 (the side the balls play on), got ${JSON.stringify(item.direction)}`);
    return freezeItem({ id, p1, p2, direction: item.direction });
  });
  seen.clear();
  const circular = list(table.circular, `${name}.circular`).map((item, k): CircularCushion => {
    const at = `${name}.circular[${k}]`;
    requireObject(item, at);
    const id = identifier(item, at, seen);
    const center = point(item.center, `${at}.center`);
    bounded(center[0], `${at}.center[0]`); bounded(center[1], `${at}.center[1]`);
    const radius = finiteNumber(item.radius, `${at}.radius`);
    if (!(radius > 0 && radius <= 1)) throw new RangeError(`${at}.radius must be in (0, 1] m, got ${radius}`);
    return freezeItem({ id, center, radius });
  });
  seen.clear();
  const pockets = list(table.pockets, `${name}.pockets`).map((item, k): Pocket => {
    const at = `${name}.pockets[${k}]`;
    requireObject(item, at);
    const id = identifier(item, at, seen);
    const center = point(item.center, `${at}.center`);
    bounded(center[0], `${at}.center[0]`); bounded(center[1], `${at}.center[1]`);
    const radius = finiteNumber(item.radius, `${at}.radius`);
    if (!(radius > 0 && radius <= 1)) throw new RangeError(`${at}.radius must be in (0, 1] m, got ${radius}`);
    const depth = finiteNumber(item.depth, `${at}.depth`);
    if (!(depth >= 0 && depth <= 1)) throw new RangeError(`${at}.depth must be in [0, 1] m, got ${depth}`);
    return freezeItem({ id, center, radius, depth });
  });
  return Object.freeze({
    kind,
    w: specs.w,
    l: specs.l,
    specs: Object.freeze(specs) as unknown as PoolTable["specs"],
    linear: Object.freeze(linear),
    circular: Object.freeze(circular),
    pockets: Object.freeze(pockets),
  });
}
