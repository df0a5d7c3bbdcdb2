/**
 * Scratch slots of the circle and sphere time-of-impact kernels (inputs, intermediate values and
 * results pass through them instead of arguments: a call that TurboFan does not inline would box
 * every double argument and result). Each module that reads or writes them keeps a local const
 * alias, so that optimised code embeds the array and drops the bounds checks.
 *
 * Circles: ax, ay, avx, avy, ar, bx, by, bvx, bvy, br, tMax in 0..10, the result in 11; the quick
 * root's start (t0, h, ed, aU) in 11..14. Spheres: the 15 inputs in 0..14, the result in 15, the
 * quick root's start in 15..18.
 */
export const circlesScratch = new Float64Array(16);

/** See {@link circlesScratch}. */
export const spheresScratch = new Float64Array(20);
