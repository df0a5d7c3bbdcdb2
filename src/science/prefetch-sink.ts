/**
 * Where the science engine's prefetching loops leave their sums, so that the optimiser cannot
 * drop them: they only read memory ahead of use so that cache misses overlap (JavaScript has
 * no prefetch instruction).
 */
export const prefetchSink = { value: 0 };
