/** Temporary seam until the quartic kernels land: accelerated contacts other than the container. */
export function accelerationUnsupported(what: string): never {
  throw new RangeError(`contact of ${what} is not supported yet`);
}
