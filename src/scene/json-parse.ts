/**
 * A strict JSON reader (RFC 8259) for scene files, written out instead of `JSON.parse` for the
 * messages: a syntax error gives the line, the column and the JSON path where it happened
 * (`scene.json:4:17: bodies[1]: expected ',' or '}' after a property value, got '"'`), with
 * a hint for the usual slips (trailing commas, comments, single quotes, NaN and Infinity);
 * a key that appears twice in one object is an error (JSON.parse keeps the last one
 * silently); a number too large for a double (1e400) is an error instead of Infinity, and so is
 * a nonzero literal too small for one (1e-400), which would silently become 0. Arrays and
 * objects nest at most MAX_JSON_DEPTH deep (a scene needs five), so that a hostile file can
 * neither overflow the stack of this recursive reader nor make it slow.
 *
 * Numbers are converted by `Number()` on the literal, which rounds correctly, so every double
 * written with its shortest round-trip form (`String(x)`) reads back bit for bit, "-0"
 * included.
 */
import { SceneError, childPath, issueAt } from "./scene-error.js";

/** A JSON value as read: objects are plain objects, arrays plain arrays. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** The deepest nesting of arrays and objects accepted. */
export const MAX_JSON_DEPTH = 64;

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

class Reader {
  pos = 0;
  /** Arrays and objects open at pos. */
  depth = 0;
  readonly path: (string | number)[] = [];

  constructor(
    readonly text: string,
    readonly file: string,
  ) {}

  /** Throws a syntax error ("invalid JSON: ...") at `at`. */
  fail(message: string, at = this.pos): never {
    return this.reject(`invalid JSON: ${message}`, at);
  }

  /** Throws any reading error at `at`, with the line, column and JSON path. */
  reject(message: string, at = this.pos, withPath = true): never {
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < at && k < this.text.length; k++) {
      if (this.text.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    let path = "";
    if (withPath) for (const p of this.path) path = childPath(path, p);
    throw new SceneError(this.file, [{ ...issueAt(path, `: ${message}`), line, column: at - lineStart + 1 }]);
  }

  /** The character at pos, described for a message. */
  seen(): string {
    if (this.pos >= this.text.length) return "the end of the file";
    const c = this.text[this.pos];
    if (c === "\n") return "a line break";
    return `'${c}'`;
  }

  skipSpace(): void {
    const s = this.text;
    for (;;) {
      const c = s.charCodeAt(this.pos);
      if (c === 32 || c === 10 || c === 13 || c === 9) {
        this.pos++;
        continue;
      }
      if (c === 47 && (s[this.pos + 1] === "/" || s[this.pos + 1] === "*")) this.fail("comments are not allowed in JSON");
      return;
    }
  }

  value(): JsonValue {
    this.skipSpace();
    const s = this.text;
    const c = s[this.pos];
    switch (c) {
      case "{":
        return this.object();
      case "[":
        return this.array();
      case '"':
        return this.string();
      case "t":
        return this.word("true", true);
      case "f":
        return this.word("false", false);
      case "n":
        return this.word("null", null);
      case "'":
        return this.fail("strings need double quotes (\"...\"), not single quotes");
      case undefined:
        return this.fail("unexpected end of the file, expected a value");
      default:
        if (c === "-" || (c >= "0" && c <= "9")) return this.number();
        if (s.startsWith("NaN", this.pos) || s.startsWith("Infinity", this.pos) || s.startsWith("-Infinity", this.pos)) {
          return this.fail("NaN and Infinity are not JSON numbers (scene numbers must be finite)");
        }
        return this.fail(`expected a value, got ${this.seen()}`);
    }
  }

  word<T>(w: string, v: T): T {
    if (!this.text.startsWith(w, this.pos)) this.fail(`expected a value, got ${this.seen()}`);
    this.pos += w.length;
    return v;
  }

  number(): number {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (m === null) {
      if (this.text.startsWith("-Infinity", this.pos)) this.fail("NaN and Infinity are not JSON numbers (scene numbers must be finite)");
      this.fail(`invalid number, got ${this.seen()}`);
    }
    const literal = m[0];
    const next = this.text[this.pos + literal.length];
    if (next !== undefined && /[xXbBoO]/.test(next) && /^-?0$/.test(literal)) this.fail(`numbers must be decimal: "${literal}${next}..." (hexadecimal, binary and octal are not JSON)`, this.pos);
    if (next !== undefined && /[0-9A-Za-z.+\-]/.test(next)) this.fail(`invalid number "${literal}${next}..."`, this.pos);
    const v = Number(literal);
    if (!Number.isFinite(v)) this.reject(`number ${literal} is out of range (scene numbers must be finite doubles)`);
    if (v === 0 && /[1-9]/.test(literal.replace(/[eE].*$/, ""))) this.reject(`number ${literal} underflows to 0 (the smallest double is 5e-324); write 0 if 0 is meant`);
    this.pos += literal.length;
    return v;
  }

  string(): string {
    const s = this.text;
    const start = ++this.pos;
    let out = "";
    let chunk = start;
    for (;;) {
      const c = s.charCodeAt(this.pos);
      if (this.pos >= s.length) this.fail("unterminated string (missing closing '\"')", start - 1);
      if (c === 34) break;
      if (c < 32) this.fail(c === 10 ? "unterminated string (a line break inside a string)" : "control character inside a string (escape it)");
      if (c === 92) {
        out += s.slice(chunk, this.pos);
        const e = s[this.pos + 1];
        const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
        if (e !== undefined && e in simple) {
          out += simple[e];
          this.pos += 2;
        } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(s.slice(this.pos + 2, this.pos + 6))) {
          out += String.fromCharCode(parseInt(s.slice(this.pos + 2, this.pos + 6), 16));
          this.pos += 6;
        } else {
          this.fail(`invalid escape sequence "\\${e ?? ""}" in a string`);
        }
        chunk = this.pos;
        continue;
      }
      this.pos++;
    }
    out += s.slice(chunk, this.pos);
    this.pos++;
    return out;
  }

  /** Enters an array or object (at pos), failing beyond MAX_JSON_DEPTH. */
  enter(): void {
    if (++this.depth > MAX_JSON_DEPTH) this.reject(`nested deeper than ${MAX_JSON_DEPTH} arrays and objects (a scene needs five)`, this.pos, false);
    this.pos++;
  }

  array(): JsonValue[] {
    this.enter();
    const out: JsonValue[] = [];
    this.skipSpace();
    if (this.text[this.pos] === "]") {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      this.path.push(out.length);
      out.push(this.value());
      this.path.pop();
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === ",") {
        this.pos++;
        this.skipSpace();
        if (this.text[this.pos] === "]") this.fail("trailing comma before ']'");
        continue;
      }
      if (c === "]") {
        this.pos++;
        this.depth--;
        return out;
      }
      this.fail(`expected ',' or ']' after an array item, got ${this.seen()}`);
    }
  }

  object(): { [key: string]: JsonValue } {
    this.enter();
    const out: { [key: string]: JsonValue } = {};
    this.skipSpace();
    if (this.text[this.pos] === "}") {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      this.skipSpace();
      const c = this.text[this.pos];
      if (c !== '"') {
        if (c === "}") this.fail("trailing comma before '}'");
        if (c === "'") this.fail("property names need double quotes (\"...\"), not single quotes");
        if (c !== undefined && /[A-Za-z_$]/.test(c)) this.fail("property names need double quotes (\"...\")");
        this.fail(`expected a property name in double quotes, got ${this.seen()}`);
      }
      const keyAt = this.pos;
      const key = this.string();
      if (Object.prototype.hasOwnProperty.call(out, key)) this.reject(`duplicate key ${JSON.stringify(key)} (JSON readers would keep only the last one)`, keyAt);
      this.skipSpace();
      if (this.text[this.pos] !== ":") this.fail(`expected ':' after the property name ${JSON.stringify(key)}, got ${this.seen()}`);
      this.pos++;
      this.path.push(key);
      const v = this.value();
      this.path.pop();
      // defineProperty: a key "__proto__" becomes an own property, as with JSON.parse.
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      const d = this.text[this.pos];
      if (d === ",") {
        this.pos++;
        continue;
      }
      if (d === "}") {
        this.pos++;
        this.depth--;
        return out;
      }
      this.fail(`expected ',' or '}' after a property value, got ${this.seen()}`);
    }
  }
}

/**
 * Parses JSON text strictly; throws a SceneError naming the file, line, column and JSON path of
 * the first syntax error. A UTF-8 byte order mark at the start is skipped.
 */
export function parseJson(text: string, file = "<scene>"): JsonValue {
  if (typeof text !== "string") {
    throw new TypeError(`${file}: expected the JSON text (a string), got ${text === null ? "null" : typeof text}${typeof text === "object" && text !== null ? " (for a value already parsed, use validateScene)" : ""}`);
  }
  const r = new Reader(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file);
  const v = r.value();
  r.skipSpace();
  if (r.pos < r.text.length) r.fail(`unexpected ${r.seen()} after the end of the JSON value`);
  return v;
}
