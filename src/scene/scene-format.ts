/**
 * Writes a scene as JSON text: top-level keys one per line, one body or wall per line, numbers
 * in their shortest round-trip form (`String(x)`, which `Number()` reads back to the same
 * double; -0 is written "-0", which JSON.stringify would lose).
 */
import { MAX_JSON_DEPTH } from "./json-parse.js";
import type { Scene } from "./scene-types.js";

/** A number as JSON text that reads back bit for bit (-0 included). Throws on NaN and infinities. */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`cannot write ${x} in a scene: numbers must be finite`);
  return Object.is(x, -0) ? "-0" : String(x);
}

/**
 * Compact JSON of a value with exact numbers (no spaces inside arrays of numbers except after
 * commas). `depth` is the number of arrays and objects around it: past MAX_JSON_DEPTH, which
 * the reader refuses, it is a RangeError (a cycle overflowed the stack).
 */
export function formatJsonValue(v: unknown, depth = 0): string {
  if (typeof v === "number") return formatNumber(v);
  if (v === null || typeof v === "boolean" || typeof v === "string") return JSON.stringify(v);
  if (typeof v === "object" && depth >= MAX_JSON_DEPTH) throw new RangeError(`cannot write a value nested deeper than ${MAX_JSON_DEPTH} arrays and objects in a scene (a cycle?)`);
  if (Array.isArray(v)) return `[${v.map((x) => formatJsonValue(x, depth + 1)).join(", ")}]`;
  if (typeof v === "object") {
    const parts = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${JSON.stringify(k)}: ${formatJsonValue(x, depth + 1)}`);
    return `{ ${parts.join(", ")} }`;
  }
  throw new TypeError(`cannot write a ${typeof v} in a scene`);
}

/** The scene as JSON text, ending with a newline. */
export function formatScene(scene: Scene): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(scene)) {
    if (value === undefined) continue;
    if ((key === "bodies" || key === "walls") && Array.isArray(value)) {
      if (value.length === 0) {
        lines.push(`  ${JSON.stringify(key)}: []`);
        continue;
      }
      const items = value.map((item) => `    ${formatJsonValue(item, 2)}`);
      lines.push(`  ${JSON.stringify(key)}: [\n${items.join(",\n")}\n  ]`);
      continue;
    }
    lines.push(`  ${JSON.stringify(key)}: ${formatJsonValue(value, 1)}`);
  }
  return `{\n${lines.join(",\n")}\n}\n`;
}
