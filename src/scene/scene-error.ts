/**
 * The error a scene file raises when it cannot be read, parsed or accepted: it names the file,
 * the JSON path of each problem and the offending value, one problem per line, e.g.
 *
 *     scene.json: bodies[3].radius must be >= 0, got -1
 *     scene.json: bodies[3].raduis: unknown key, did you mean "radius"?
 *     scene.json:4:17: invalid JSON: expected ',' or '}' after a property value, got '"'
 */

/** One problem found in a scene. */
export interface SceneIssue {
  /** JSON path of the offending value (`bodies[3].radius`), or "" for the whole file. */
  path: string;
  /** The problem as printed after the file name: `bodies[3].radius must be >= 0, got -1`. */
  text: string;
  /** 1-based line and column, for problems found while reading the JSON text. */
  line?: number;
  /** 1-based column, with `line`. */
  column?: number;
}

/** An issue whose text is `path` followed by `message` ("bodies[3].radius" + " must be >= 0, got -1"). */
export function issueAt(path: string, message: string): SceneIssue {
  return { path, text: path === "" ? message.replace(/^[:\s]+/, "") : path + message };
}

/** Invalid input: a scene that cannot be read, parsed or accepted. `issues` lists every problem found. */
export class SceneError extends Error {
  /** The file name used in the messages ("<scene>" when none was given). */
  readonly file: string;
  /** Every problem found, in the order found. */
  readonly issues: readonly SceneIssue[];

  /** An error whose message lists the issues, one `file: path message` line each. */
  constructor(file: string, issues: readonly SceneIssue[]) {
    super(issues.map((issue) => formatIssue(file, issue)).join("\n"));
    this.name = "SceneError";
    this.file = file;
    this.issues = issues;
  }
}

/** `file: text`, or `file:line:column: text` for problems found while reading the JSON. */
export function formatIssue(file: string, issue: SceneIssue): string {
  const where = issue.line === undefined ? file : `${file}:${issue.line}:${issue.column}`;
  return `${where}: ${issue.text}`;
}

/** A readable, bounded rendering of a JSON value for messages: -1, "abc", [1, 2, 3], an object. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? value.slice(0, 57) + "..." : value);
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    if (value.length > 6) return `an array of ${value.length} items`;
    const parts = value.map((v) => (typeof v === "object" && v !== null ? (Array.isArray(v) ? "[...]" : "{...}") : describeValue(v)));
    return `[${parts.join(", ")}]`;
  }
  if (typeof value === "object") {
    const keys = Object.keys(value as object);
    return keys.length === 0 ? "{}" : `an object with keys ${keys.slice(0, 5).map((k) => JSON.stringify(k)).join(", ")}${keys.length > 5 ? ", ..." : ""}`;
  }
  return String(value);
}

/** Appends `.key` or `[index]` to a JSON path (keys that are not identifiers are quoted). */
export function childPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  const plain = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key);
  if (!plain) return `${path}[${JSON.stringify(key)}]`;
  return path === "" ? key : `${path}.${key}`;
}

/**
 * The JSON Pointer (RFC 6901) of a JSON path as the messages write it:
 * `bodies[3].radius` → `/bodies/3/radius`, `walls[0]["a/b"]` → `/walls/0/a~1b`, "" → "".
 */
export function jsonPointer(path: string): string {
  let out = "";
  const token = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([A-Za-z_$][A-Za-z0-9_$]*)/y;
  let at = 0;
  while (at < path.length) {
    token.lastIndex = at;
    const m = token.exec(path);
    if (m === null) break; // not a path this module wrote: keep what was read
    const key = m[1] ?? (m[2] !== undefined ? (JSON.parse(m[2]) as string) : m[3]);
    out += "/" + key.replace(/~/g, "~0").replace(/\//g, "~1");
    at = token.lastIndex;
  }
  return out;
}

/** The value a JSON Pointer designates in `root`, or undefined when there is none. */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let v: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof v !== "object" || v === null || !Object.prototype.hasOwnProperty.call(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}
