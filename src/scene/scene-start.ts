/**
 * The start state of a scene: bodies that overlap each other or a wall, or reach outside the
 * bounds, at the scene's time, and (when none does) bodies with no room to move
 * (scene-stuck.ts). These are the checks the world makes at its first `advance`
 * (WorldCore.checkStart), done here first so that the message can name the JSON paths, the ids
 * and the numbers involved, and list every problem instead of the first.
 *
 * The predicates are the world's, written the same way so the verdicts agree to the bit:
 * touching is accepted, and so is an overlap up to START_SLACK (1e-9) of a radius, the rounding
 * a simulation leaves at contacts, so that a final state always reloads. Overlap of two bodies
 * is the exact sign of |d|^2 - (ra k + rb k)^2 with k = 1 - START_SLACK (separationSign); a
 * body against a wall is tested at the wall's closest point with its radius shrunk the same
 * way; the bounds test is x - r < min - START_SLACK r (likewise at max). As in the world, only
 * movable bodies are held to the bounds and the walls, two fixed bodies may overlap, and bodies
 * whose collision groups and masks exclude each other may overlap.
 */
import { separationSign } from "../query/overlap.js";
import { START_SLACK } from "../world/world-core.js";

const SHRINK = 1 - START_SLACK;
import { closestPointOnTriangleRaw, closestTrianglePoint } from "../query/closest-point-triangle.js";
import { describeValue, issueAt, type SceneIssue } from "./scene-error.js";
import { throwIssues } from "./scene-validate.js";
import { stuckBodies } from "./scene-stuck.js";
import { closePairs } from "./close-pairs.js";
import { sceneBodyIds, sceneDimensions, sceneWallIds, type Scene, type SceneWall } from "./scene-types.js";

const AXES = ["x", "y", "z"];

/** `bodies[3] ("ball-3")` */
function name(kind: "bodies" | "walls", index: number, id: string): string {
  return `${kind}[${index}] (${JSON.stringify(id)})`;
}

/** True when the movable body at (x, y, z) with radius r strictly reaches into the wall. */
export function bodyOverlapsWall(wall: SceneWall, x: number, y: number, z: number, radius: number): boolean {
  const r = radius * SHRINK;
  if (wall.segment !== undefined) {
    const [[x0, y0], [x1, y1]] = wall.segment;
    const ex = x1 - x0, ey = y1 - y0;
    const L2 = ex * ex + ey * ey;
    const s = L2 > 0 ? Math.min(1, Math.max(0, ((x - x0) * ex + (y - y0) * ey) / L2)) : 0;
    return separationSign(x, y, 0, r, x0 + s * ex, y0 + s * ey, 0, 0) < 0;
  }
  if (wall.box !== undefined) {
    const { min, max } = wall.box;
    const qx = Math.min(Math.max(x, min[0]), max[0]);
    const qy = Math.min(Math.max(y, min[1]), max[1]);
    if (min.length === 2) return separationSign(x, y, 0, r, qx, qy, 0, 0) < 0;
    const qz = Math.min(Math.max(z, min[2]), max[2]);
    return separationSign(x, y, z, r, qx, qy, qz, 0) < 0;
  }
  if (wall.plane !== undefined) {
    const [px, py, pz] = wall.plane.point;
    const [nx, ny, nz] = wall.plane.normal;
    const dist = ((x - px) * nx + (y - py) * ny + (z - pz) * nz) / Math.sqrt(nx * nx + ny * ny + nz * nz);
    return dist < r;
  }
  const [a, b, c] = wall.triangle as number[][];
  closestPointOnTriangleRaw(x, y, z, a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]);
  return separationSign(x, y, z, r, closestTrianglePoint[0], closestTrianglePoint[1], closestTrianglePoint[2], 0) < 0;
}

/**
 * Throws a SceneError naming every body that overlaps another body or a wall, or reaches
 * outside the bounds, in a structurally valid scene.
 */
export function checkSceneStart(scene: Scene, file = "<scene>"): void {
  const issues: SceneIssue[] = [];
  const dim = sceneDimensions(scene);
  const bodies = scene.bodies;
  const ids = sceneBodyIds(scene);
  const n = bodies.length;
  const X = new Float64Array(n), Y = new Float64Array(n), Z = new Float64Array(n), R = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const p = bodies[i].position;
    X[i] = p[0];
    Y[i] = p[1];
    Z[i] = dim === 3 ? p[2] : 0;
    R[i] = bodies[i].radius;
  }
  const fixed = (i: number): boolean => bodies[i].fixed === true;
  const groupOf = (i: number): number => bodies[i].group ?? 1;
  const maskOf = (i: number): number => bodies[i].mask ?? -1;
  const interacts = (i: number, j: number): boolean =>
    !(fixed(i) && fixed(j)) && bodies[i].sensor !== true && bodies[j].sensor !== true && (groupOf(i) & maskOf(j)) !== 0 && (groupOf(j) & maskOf(i)) !== 0;

  // Bounds (movable bodies only, as in the world).
  const bounds = scene.bounds;
  if (bounds !== undefined) {
    const P = [X, Y, Z];
    for (let i = 0; i < n; i++) {
      if (fixed(i) || (maskOf(i) & 1) === 0) continue; // (a body that does not meet the container, group 1, may be anywhere)
      const r = R[i];
      for (let k = 0; k < dim; k++) {
        // (no faces on a periodic axis: the world wraps centres into the box)
        if (bounds.periodic === true || (Array.isArray(bounds.periodic) && bounds.periodic[k] === true)) continue;
        const c = P[k][i];
        const lo = c - r < bounds.min[k] - START_SLACK * r;
        const hi = c + r > bounds.max[k] + START_SLACK * r;
        if (!lo && !hi) continue;
        const reach = lo ? `${AXES[k]} = ${describeValue(c - r)} < bounds.min[${k}] = ${describeValue(bounds.min[k])}` : `${AXES[k]} = ${describeValue(c + r)} > bounds.max[${k}] = ${describeValue(bounds.max[k])}`;
        issues.push(issueAt(`bodies[${i}]`, ` (${JSON.stringify(ids[i])}) is not inside the bounds: position ${describeValue(bodies[i].position)} with radius ${describeValue(r)} reaches ${reach}`));
        break;
      }
    }
  }

  if (bounds?.periodic !== undefined && bounds.periodic !== false) periodicIssues(scene, ids, issues);

  // Pairs: candidates from a grid (close-pairs.ts), the exact test on each, reported in index order.
  const overlaps: [number, number][] = [];
  closePairs(X, Y, Z, R, dim, (a, b) => {
    if (overlaps.length > 100 || !interacts(a, b)) return;
    if (separationSign(X[a], Y[a], Z[a], R[a] * SHRINK, X[b], Y[b], Z[b], R[b] * SHRINK) < 0) overlaps.push([a, b]);
  });
  overlaps.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  for (const [a, b] of overlaps) {
    const exact = Math.hypot(X[b] - X[a], Y[b] - Y[a], Z[b] - Z[a]);
    const rounded = +exact.toPrecision(12);
    const d = rounded < R[a] + R[b] ? rounded : exact; // short, unless rounding would hide the overlap
    issues.push(
      issueAt(
        `bodies[${a}]`,
        ` (${JSON.stringify(ids[a])}) and ${name("bodies", b, ids[b])} overlap at the start: centres ${describeValue(d)} apart, radii add up to ${describeValue(R[a] + R[b])}`,
      ),
    );
  }
  if (issues.length > 100) throwIssues(file, issues);

  // Walls (movable bodies only).
  const walls = scene.walls ?? [];
  const wallIds = sceneWallIds(scene);
  for (let i = 0; i < n; i++) {
    if (fixed(i)) continue;
    for (let w = 0; w < walls.length; w++) {
      const wall = walls[w];
      // (a sensor wall, or one the body does not meet, may overlap it)
      if (wall.sensor === true || bodies[i].sensor === true || ((wall.group ?? 1) & maskOf(i)) === 0 || (groupOf(i) & (wall.mask ?? -1)) === 0) continue;
      if (bodyOverlapsWall(wall, X[i], Y[i], Z[i], R[i])) {
        issues.push(issueAt(`bodies[${i}]`, ` (${JSON.stringify(ids[i])}) overlaps ${name("walls", w, wallIds[w])} at the start`));
        if (issues.length > 100) throwIssues(file, issues);
      }
    }
  }
  // Bodies with no room to move (judged once nothing overlaps).
  if (issues.length === 0) issues.push(...stuckBodies(scene));
  if (issues.length > 0) {
    issues.sort((p, q) => firstIndex(p.path) - firstIndex(q.path));
    throwIssues(file, issues);
  }
}

function firstIndex(path: string): number {
  const m = /\[(\d+)\]/.exec(path);
  return m === null ? -1 : Number(m[1]);
}

/**
 * What a world with periodic bounds rejects (see World2DOptions.bounds), named by JSON path:
 * walls, fixed bodies, gravity or an acceleration along a periodic axis, and a body wider than
 * half the box length on a periodic axis. (Overlaps across the boundary are left to the world,
 * which checks them at the minimum image.)
 */
function periodicIssues(scene: Scene, ids: readonly string[], issues: SceneIssue[]): void {
  const b = scene.bounds;
  if (b === undefined) return;
  const dim = sceneDimensions(scene);
  const on = Array.from({ length: dim }, (_, k) => b.periodic === true || (Array.isArray(b.periodic) && b.periodic[k] === true));
  (scene.walls ?? []).forEach((_, w) => issues.push(issueAt(`walls[${w}]`, ": walls and periodic bounds don't mix (bounds.periodic is set)")));
  for (let k = 0; k < dim; k++) {
    if (on[k] && scene.gravity !== undefined && scene.gravity[k] !== 0) {
      issues.push(issueAt(`gravity[${k}]`, ` must be 0 along periodic axis ${AXES[k]}, got ${describeValue(scene.gravity[k])}`));
    }
  }
  scene.bodies.forEach((body, i) => {
    const who = ` (${JSON.stringify(ids[i])})`;
    if (body.fixed === true) issues.push(issueAt(`bodies[${i}].fixed`, `${who}: fixed bodies and periodic bounds don't mix`));
    for (let k = 0; k < dim; k++) {
      if (!on[k]) continue;
      const a = body.acceleration?.[k] ?? 0;
      if (a !== 0) issues.push(issueAt(`bodies[${i}].acceleration[${k}]`, `${who} must be 0 along periodic axis ${AXES[k]}, got ${describeValue(a)}`));
      const L = b.max[k] - b.min[k];
      if (2 * body.radius > L / 2) {
        issues.push(issueAt(`bodies[${i}].radius`, `${who}: diameter ${describeValue(2 * body.radius)} is more than half the periodic box length ${describeValue(L)} along ${AXES[k]}`));
        break;
      }
    }
  });
}
