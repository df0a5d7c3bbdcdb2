/**
 * One-dimensional motion under constant acceleration: when does a coordinate reach a level?
 * Used for cell crossings and for the container's axis-aligned walls, where the distance to
 * the wall along one axis is gap + v t + a t^2 / 2.
 *
 * Roots use the stable forms (no subtraction of nearly equal numbers): for gap > 0 the first
 * downward crossing of gap + v t + a t^2/2 = 0 is t = 2 gap / (-v + sqrt(v^2 - 2 a gap)).
 */

/**
 * Earliest t >= 0 at which gap(t) = gap + v t + a t^2 / 2 reaches 0 while decreasing, i.e. a
 * body approaching a wall at distance `gap` (negative = already past it) with normal velocity
 * v and acceleration a (negative = towards the wall):
 *
 * - gap <= 0 and moving in (v < 0, or v = 0 and a < 0): 0.
 * - gap <= 0 and moving out: the time it comes back, if it does.
 * - never reaches it, or only touches it tangentially: Infinity.
 */
export function firstContact1D(gap: number, v: number, a: number): number {
  if (gap <= 0) {
    if (v < 0 || (v === 0 && a < 0)) return 0;
    if (!(a < 0)) return Infinity;
    // Moving out now, pulled back: the later root of gap + v t + a t^2/2, where it decreases.
    const s = Math.sqrt(v * v - 2 * a * gap);
    return (v + s) / -a;
  }
  if (a === 0) return v < 0 ? gap / -v : Infinity;
  const disc = v * v - 2 * a * gap;
  if (!(disc > 0)) return Infinity; // never reaches (or grazes) the wall
  const s = Math.sqrt(disc);
  // Decreasing root: a t + v = -s  =>  t = (-v - s) / a = 2 gap / (-v + s).
  const den = s - v;
  if (!(den > 0)) return Infinity; // a > 0, moving away: it never comes back
  return (2 * gap) / den;
}
