/**
 * Hashes of a sweep: the identity of a sweep definition (so that a results file is never mixed
 * with another sweep's) and the seed of each run, derived from the sweep's seed and the run's id
 * alone, so that a run's result does not depend on which worker, shard or machine ran it, nor on
 * which other runs the sweep holds.
 *
 * Both come from 64-bit FNV-1a (Fowler, Noll, Vo) over UTF-8 bytes, computed in two 32-bit
 * halves with exact integer arithmetic in doubles (no BigInt, no platform hash), so that every
 * engine gives the same bits.
 */

const encoder = new TextEncoder();
let scratch = new Uint8Array(256);

/** FNV-1a 64 of the UTF-8 bytes of `text`, as [high 32 bits, low 32 bits]. */
function fnv1a64(text: string): [number, number] {
  if (scratch.length < 3 * text.length) scratch = new Uint8Array(3 * text.length); // (UTF-8 takes at most 3 bytes per UTF-16 unit)
  const { written } = encoder.encodeInto(text, scratch);
  // offset basis 0xcbf29ce484222325, prime 2^40 + 0x1b3
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let k = 0; k < written; k++) {
    const byte = scratch[k];
    lo = (lo ^ byte) >>> 0;
    // (hi 2^32 + lo) (2^40 + 0x1b3) mod 2^64: lo 0x1b3 < 2^41 and hi 0x1b3 < 2^41 are exact in doubles.
    const low = lo * 0x1b3;
    const carry = Math.floor(low / 0x100000000);
    hi = (hi * 0x1b3 + carry + ((lo << 8) >>> 0)) >>> 0;
    lo = low >>> 0;
  }
  return [hi, lo];
}

/** FNV-1a 64 of `text` as 16 hexadecimal digits. */
export function hashText(text: string): string {
  const [hi, lo] = fnv1a64(text);
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}

/**
 * JSON with the keys of every object sorted (arrays keep their order): the same text for the
 * same value whatever order its keys were written in. Numbers in their shortest round-trip form.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The seed of one run: a 32-bit unsigned integer from the sweep's seed and the run's id (and a
 * purpose, so that a run's seed and a draw's seed with the same id differ).
 */
export function deriveSeed(sweepSeed: number, id: string, purpose = "run"): number {
  const [hi, lo] = fnv1a64(`${purpose}\u0000${sweepSeed}\u0000${id}`);
  // FNV's last bytes reach few high bits: both halves through MurmurHash3's finaliser, so
  // that ids one character apart ("replica=1", "replica=2") get unrelated seeds.
  return fmix32(lo ^ fmix32(hi));
}

/** MurmurHash3's 32-bit finaliser (every input bit flips about half the output bits). */
function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
