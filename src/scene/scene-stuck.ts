/**
 * Bodies stuck at the start: a movable body held from opposite sides by things that cannot
 * give way (the faces of the bounds, walls, fixed bodies), such as a disk exactly as wide as
 * its box or a ball sitting in a hole of a fixed lattice. Such a body has no room to move along
 * some line, and any motion along it is an endless cascade of collisions at one instant (a
 * Zeno state), so the scene is refused with the body named.
 *
 * The test: collect the unit normals n_i from the body towards everything immovable it
 * touches (a gap within TOUCH_SLACK of its radius, or a few ulps of the coordinates). By
 * Gordan's theorem, the body can move off all of them at once (some direction d with
 * d . n_i < 0 for every i) exactly when the origin lies outside the convex hull of the n_i;
 * and the largest escape margin max_d min_i (-d . n_i) over unit d is the distance from the
 * origin to that hull. The body is stuck when the distance is below HULL_SLACK: two opposite
 * contacts (the origin on the segment between their normals), three around it in 2D (the
 * origin inside a triangle), four around it in 3D (inside a tetrahedron). By Caratheodory's
 * theorem, segments, triangles and (in 3D) tetrahedra of the normals are the only cases to
 * try. Chains of touching movable bodies wedged between walls are not detected here (the
 * world reports them when it runs).
 */
import { closestPointOnTriangleRaw, closestTrianglePoint } from "../query/closest-point-triangle.js";
import { closePairs } from "./close-pairs.js";
import { issueAt, type SceneIssue } from "./scene-error.js";
import { sceneBodyIds, sceneDimensions, sceneWallIds, type Scene, type SceneWall } from "./scene-types.js";

/** Contacts closer than this fraction of the radius count as touching. */
export const TOUCH_SLACK = 1e-9;

/** Normal sets whose hull passes closer than this to the origin leave no room to move. */
export const HULL_SLACK = 1e-9;

/** A body's contact with something immovable: the unit normal towards it, and its name. */
interface Contact {
  nx: number;
  ny: number;
  nz: number;
  what: string;
}

const FACES = ["-x", "+x", "-y", "+y", "-z", "+z"];

/** The contact normal from p to q when |q - p| is within r + tol, else null. */
function touch(px: number, py: number, pz: number, qx: number, qy: number, qz: number, r: number, what: string): Contact | null {
  const dx = qx - px, dy = qy - py, dz = qz - pz;
  const m = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
  if (m === 0) return null; // a point body on a wall has no normal
  const sx = dx / m, sy = dy / m, sz = dz / m;
  const d = m * Math.sqrt(sx * sx + sy * sy + sz * sz);
  const scale = Math.max(Math.abs(px), Math.abs(py), Math.abs(pz), Math.abs(qx), Math.abs(qy), Math.abs(qz), r);
  if (d - r > TOUCH_SLACK * r + 8 * Number.EPSILON * scale) return null;
  const len = Math.sqrt(sx * sx + sy * sy + sz * sz);
  return { nx: sx / len, ny: sy / len, nz: sz / len, what };
}

/** The contact of the body at p (radius r) with a wall, or null. */
function wallContact(wall: SceneWall, px: number, py: number, pz: number, r: number, what: string): Contact | null {
  if (wall.segment !== undefined) {
    const [[x0, y0], [x1, y1]] = wall.segment;
    const ex = x1 - x0, ey = y1 - y0;
    const L2 = ex * ex + ey * ey;
    const s = L2 > 0 ? Math.min(1, Math.max(0, ((px - x0) * ex + (py - y0) * ey) / L2)) : 0;
    return touch(px, py, 0, x0 + s * ex, y0 + s * ey, 0, r, what);
  }
  if (wall.box !== undefined) {
    const { min, max } = wall.box;
    const qx = Math.min(Math.max(px, min[0]), max[0]);
    const qy = Math.min(Math.max(py, min[1]), max[1]);
    const qz = min.length === 3 ? Math.min(Math.max(pz, min[2]), max[2]) : 0;
    return touch(px, py, pz, qx, qy, qz, r, what);
  }
  if (wall.plane !== undefined) {
    const [ox, oy, oz] = wall.plane.point;
    const [nx, ny, nz] = wall.plane.normal;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    const dist = ((px - ox) * nx + (py - oy) * ny + (pz - oz) * nz) / len;
    const scale = Math.max(Math.abs(px), Math.abs(py), Math.abs(pz), Math.abs(ox), Math.abs(oy), Math.abs(oz), r);
    if (dist - r > TOUCH_SLACK * r + 8 * Number.EPSILON * scale) return null;
    return { nx: -nx / len, ny: -ny / len, nz: -nz / len, what };
  }
  const [a, b, c] = wall.triangle as number[][];
  closestPointOnTriangleRaw(px, py, pz, a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]);
  return touch(px, py, pz, closestTrianglePoint[0], closestTrianglePoint[1], closestTrianglePoint[2], r, what);
}

/** Distance from the origin to the segment between unit vectors u and v. */
function segmentDistance(u: Contact, v: Contact): number {
  const ex = v.nx - u.nx, ey = v.ny - u.ny, ez = v.nz - u.nz;
  const e2 = ex * ex + ey * ey + ez * ez;
  const s = e2 > 0 ? Math.min(1, Math.max(0, -(u.nx * ex + u.ny * ey + u.nz * ez) / e2)) : 0;
  const x = u.nx + s * ex, y = u.ny + s * ey, z = u.nz + s * ez;
  return Math.sqrt(x * x + y * y + z * z);
}

/** Twice the signed area of (b - a) x (c - a) seen from the origin's side, 2D. */
function cross2(a: Contact, b: Contact, c: Contact): number {
  return (b.nx - a.nx) * (c.ny - a.ny) - (b.ny - a.ny) * (c.nx - a.nx);
}

/** det(b - a, c - a, o - a) for the origin o: the side of plane abc the origin is on. */
function side3(a: Contact, b: Contact, c: Contact): number {
  const bx = b.nx - a.nx, by = b.ny - a.ny, bz = b.nz - a.nz;
  const cx = c.nx - a.nx, cy = c.ny - a.ny, cz = c.nz - a.nz;
  return -a.nx * (by * cz - bz * cy) - a.ny * (bz * cx - bx * cz) - a.nz * (bx * cy - by * cx);
}

/**
 * The contacts that pin the body (a smallest set whose normals surround the origin), or null
 * when the body can move off all its contacts at once.
 */
export function pinningContacts(contacts: readonly Contact[], dim: 2 | 3): Contact[] | null {
  const n = contacts.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) if (segmentDistance(contacts[i], contacts[j]) <= HULL_SLACK) return [contacts[i], contacts[j]];
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let k = j + 1; k < n; k++) {
        const [a, b, c] = [contacts[i], contacts[j], contacts[k]];
        if (dim === 2) {
          // The origin inside triangle abc: the three edges see it on the same side.
          const s0 = (b.nx - a.nx) * -a.ny - (b.ny - a.ny) * -a.nx;
          const s1 = (c.nx - b.nx) * -b.ny - (c.ny - b.ny) * -b.nx;
          const s2 = (a.nx - c.nx) * -c.ny - (a.ny - c.ny) * -c.nx;
          if (cross2(a, b, c) !== 0 && ((s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0))) return [a, b, c];
          continue;
        }
        closestPointOnTriangleRaw(0, 0, 0, a.nx, a.ny, a.nz, b.nx, b.ny, b.nz, c.nx, c.ny, c.nz);
        const [x, y, z] = closestTrianglePoint;
        if (Math.sqrt(x * x + y * y + z * z) <= HULL_SLACK) return [a, b, c];
        for (let l = k + 1; l < n; l++) {
          const d = contacts[l];
          // The origin inside tetrahedron abcd: on the same side of each face as the fourth vertex.
          const inside =
            sameSide(side3(b, c, d), orient(b, c, d, a)) && sameSide(side3(a, c, d), orient(a, c, d, b)) &&
            sameSide(side3(a, b, d), orient(a, b, d, c)) && sameSide(side3(a, b, c), orient(a, b, c, d));
          if (inside) return [a, b, c, d];
        }
      }
    }
  }
  return null;
}

/** True when s and the nonzero t have the same sign. */
function sameSide(s: number, t: number): boolean {
  return t !== 0 && (s > 0) === (t > 0) && s !== 0;
}

/** det(b - a, c - a, p - a): the side of plane abc that p is on. */
function orient(a: Contact, b: Contact, c: Contact, p: Contact): number {
  const bx = b.nx - a.nx, by = b.ny - a.ny, bz = b.nz - a.nz;
  const cx = c.nx - a.nx, cy = c.ny - a.ny, cz = c.nz - a.nz;
  const qx = p.nx - a.nx, qy = p.ny - a.ny, qz = p.nz - a.nz;
  return qx * (by * cz - bz * cy) + qy * (bz * cx - bx * cz) + qz * (bx * cy - by * cx);
}

/**
 * The issues of every movable body that has no room to move at the start (see above), each
 * naming the body and what holds it. The scene is structurally valid and without overlaps.
 */
export function stuckBodies(scene: Scene): SceneIssue[] {
  const dim = sceneDimensions(scene);
  const bodies = scene.bodies;
  const n = bodies.length;
  const ids = sceneBodyIds(scene);
  const walls = scene.walls ?? [];
  const wallIds = sceneWallIds(scene);
  const pos = (i: number): [number, number, number] => {
    const p = bodies[i].position;
    return [p[0], p[1], dim === 3 ? p[2] : 0];
  };
  // Each body's contacts, made only for bodies that touch something (most touch nothing).
  const contacts = new Map<number, Contact[]>();
  const add = (i: number, c: Contact): void => {
    const list = contacts.get(i);
    if (list === undefined) contacts.set(i, [c]);
    else list.push(c);
  };
  const movable = (i: number): boolean => bodies[i].fixed !== true;

  const bounds = scene.bounds;
  for (let i = 0; i < n; i++) {
    if (!movable(i)) continue;
    const p = pos(i);
    const r = bodies[i].radius;
    if (bounds !== undefined) {
      for (let k = 0; k < dim; k++) {
        if (bounds.periodic === true || (Array.isArray(bounds.periodic) && bounds.periodic[k] === true)) continue; // no faces on a periodic axis
        const tol = TOUCH_SLACK * r + 8 * Number.EPSILON * Math.max(Math.abs(p[k]), Math.abs(bounds.min[k]), Math.abs(bounds.max[k]), r);
        const unit = (s: number): [number, number, number] => [k === 0 ? s : 0, k === 1 ? s : 0, k === 2 ? s : 0];
        if (p[k] - r - bounds.min[k] <= tol) {
          const [nx, ny, nz] = unit(-1);
          add(i, { nx, ny, nz, what: `the bounds at ${FACES[2 * k]}` });
        }
        if (bounds.max[k] - (p[k] + r) <= tol) {
          const [nx, ny, nz] = unit(1);
          add(i, { nx, ny, nz, what: `the bounds at ${FACES[2 * k + 1]}` });
        }
      }
    }
    walls.forEach((w, k) => {
      if (w.sensor === true || bodies[i].sensor === true || ((w.group ?? 1) & (bodies[i].mask ?? -1)) === 0 || ((bodies[i].group ?? 1) & (w.mask ?? -1)) === 0) return;
      const c = wallContact(w, p[0], p[1], p[2], r, `walls[${k}] (${JSON.stringify(wallIds[k])})`);
      if (c !== null) add(i, c);
    });
  }

  // Movable bodies touching fixed ones (skipped when nothing is fixed, as in most scenes).
  const groupOf = (i: number): number => bodies[i].group ?? 1;
  const maskOf = (i: number): number => bodies[i].mask ?? -1;
  if (bodies.some((b) => b.fixed === true)) {
    // Candidates from the start check's grid, with radii grown by the touching slack.
    const X = new Float64Array(n), Y = new Float64Array(n), Z = new Float64Array(n), R = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      [X[i], Y[i], Z[i]] = pos(i);
      const scale = Math.max(Math.abs(X[i]), Math.abs(Y[i]), Math.abs(Z[i]));
      R[i] = bodies[i].radius * (1 + 2 * TOUCH_SLACK) + 16 * Number.EPSILON * scale;
    }
    closePairs(X, Y, Z, R, dim, (i, j) => {
      if (movable(i) === movable(j) || bodies[i].sensor === true || bodies[j].sensor === true) return;
      if ((groupOf(i) & maskOf(j)) === 0 || (groupOf(j) & maskOf(i)) === 0) return;
      const [m, f] = movable(i) ? [i, j] : [j, i];
      const c = touch(X[m], Y[m], Z[m], X[f], Y[f], Z[f], bodies[m].radius + bodies[f].radius, `bodies[${f}] (${JSON.stringify(ids[f])})`);
      if (c !== null) add(m, c);
    });
  }

  const issues: SceneIssue[] = [];
  for (const [i, touching] of [...contacts].sort((p, q) => p[0] - q[0])) {
    if (touching.length < 2) continue;
    const pin = pinningContacts(touching, dim);
    if (pin === null) continue;
    const held = pin.map((c) => c.what);
    const list = held.length === 2 ? held.join(" and ") : `${held.slice(0, -1).join(", ")} and ${held[held.length - 1]}`;
    issues.push(
      issueAt(
        `bodies[${i}]`,
        ` (${JSON.stringify(ids[i])}) has no room to move: it touches ${list}, which hold it from opposite sides ` +
          "(any motion would be an endless cascade of collisions at one instant); leave a gap or make it smaller",
      ),
    );
  }
  return issues;
}
