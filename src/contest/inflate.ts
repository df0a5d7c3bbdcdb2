/**
 * The Fantastic Bits kernel ships compressed, so a bot's bundle stays small: DEFLATE (a third of
 * the module's size), written as text 13 bits to two base-91 characters (an eighth shorter than
 * base64). This decodes it once, synchronously, in any JavaScript engine: the text, then a small
 * DEFLATE decoder (RFC 1951, as puff.c decodes it: canonical Huffman codes read bit by bit).
 * Not fast (tens of milliseconds, once) and not a general tool: the input is trusted (a test
 * checks that this gives back the module the sources compile to).
 */

/** The bytes of base-91 text (scripts/build-kernel.mjs writes it: "#" to "~" without "\\", two digits to 13 bits, low first). */
export function unbase91(text: string): Uint8Array {
  const out = new Uint8Array((text.length * 13) >> 4);
  let acc = 0, bits = 0, at = 0;
  const value = (k: number): number => text.charCodeAt(k) - (text.charCodeAt(k) > 92 ? 36 : 35);
  for (let k = 0; k + 1 < text.length; k += 2) {
    acc |= (value(k) + 91 * value(k + 1)) << bits;
    for (bits += 13; bits >= 8; bits -= 8, acc >>>= 8) out[at++] = acc;
  }
  return out;
}

/** The order in which a block gives the lengths of its code-length code. */
const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * The `size` bytes that the raw DEFLATE stream `data` holds. Only blocks with their own
 * (dynamic) Huffman codes are read: zlib makes no other kind from the kernel, and the test
 * that inflates it would fail if one came.
 */
export function inflate(data: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size), lengths = new Uint8Array(320);
  let bit = 0, at = 0;
  const bits = (n: number): number => {
    let v = 0;
    for (let i = 0; i < n; i++, bit++) v |= ((data[bit >> 3] >> (bit & 7)) & 1) << i;
    return v;
  };
  // A canonical Huffman code from code lengths [from, from + n): the count of codes of each length 0..15, then the symbols in code order.
  const code = (n: number, from = 0): Uint16Array[] => {
    const count = new Uint16Array(16), offset = new Uint16Array(16), symbols = new Uint16Array(n);
    for (let i = 0; i < n; i++) count[lengths[from + i]]++;
    for (let l = 1; l < 15; l++) offset[l + 1] = offset[l] + count[l];
    for (let i = 0; i < n; i++) if (lengths[from + i]) symbols[offset[lengths[from + i]]++] = i;
    count[0] = 0;
    return [count, symbols];
  };
  const decode = ([count, symbols]: Uint16Array[]): number => {
    for (let l = 1, value = 0, first = 0, index = 0; l < 16; l++, value <<= 1) {
      value |= bits(1);
      if (value - first < count[l]) return symbols[index + value - first];
      index += count[l];
      first = (first + count[l]) << 1;
    }
    throw new RangeError("inflate: a code that no table holds");
  };
  for (let last = 0; !last; ) {
    last = bits(1);
    if (bits(2) !== 2) throw new RangeError("inflate: a block without its own codes (the kernel has none)");
    const nlen = bits(5) + 257, ndist = bits(5) + 1, ncode = bits(4) + 4;
    lengths.fill(0);
    for (let i = 0; i < ncode; i++) lengths[ORDER[i]] = bits(3);
    const lengthCode = code(19);
    lengths.fill(0);
    for (let i = 0; i < nlen + ndist; ) {
      const sym = decode(lengthCode);
      if (sym < 16) lengths[i++] = sym;
      // 16: the previous length 3..6 times; 17: zero 3..10 times; 18: zero 11..138 times
      else {
        const repeat = sym === 16 ? 3 + bits(2) : sym === 17 ? 3 + bits(3) : 11 + bits(7);
        lengths.fill(sym === 16 ? lengths[i - 1] : 0, i, (i += repeat));
      }
    }
    const lit = code(nlen), dist = code(ndist, nlen);
    for (let sym = decode(lit); sym !== 256; sym = decode(lit)) {
      if (sym < 256) out[at++] = sym;
      else {
        // lengths 3..258 and distances 1..32768: each code's base and extra bits (RFC 1951 3.2.5) in closed form
        const s = sym - 257, e = s < 8 || s === 28 ? 0 : (s - 4) >> 2;
        const len = (s < 8 ? s + 3 : s === 28 ? 258 : ((4 + (s & 3)) << e) + 3) + bits(e);
        const d = decode(dist), f = d < 4 ? 0 : (d - 2) >> 1;
        const back = (d < 4 ? d + 1 : ((2 + (d & 1)) << f) + 1) + bits(f);
        for (let i = 0; i < len; i++, at++) out[at] = out[at - back];
      }
    }
  }
  if (at !== size) throw new RangeError(`inflate: ${at} bytes, expected ${size}`);
  return out;
}
