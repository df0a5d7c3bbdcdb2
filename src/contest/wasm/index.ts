// The Fantastic Bits kernel's exports (src/contest/fb-heap.ts describes them; docs/contest-rules.md the kernel).
export { turn } from "./turn";
export { SCRATCH_BYTES } from "./layout";

/** Copies the state of block `src` onto block `dst` (same layout); `dst`'s caches no longer hold. */
export function copy(dst: i32, src: i32): void {
  const bytes = load<i32>(src, 12);
  memory.copy(dst, src, bytes);
  store<i64>(dst + bytes, 0);
}
