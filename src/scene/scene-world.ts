/**
 * From a scene to a world and back. `worldFromScene` builds a World2D or World3D whose clock
 * starts at the scene's `time`; `sceneFromWorld` writes the world's current state as a scene
 * whose numbers, written by formatScene, read back to the same doubles, so that loading it
 * gives the same positions, velocities, radii, inverse masses and time bit for bit, and runs
 * chain.
 */
import "../exports/2d/gravity.js";
import "../exports/3d/gravity.js";
import "../exports/2d/periodic.js";
import "../exports/3d/periodic.js";
import "../exports/2d/sensors.js";
import "../exports/3d/sensors.js";
import "../exports/2d/snapshots.js";
import "../exports/3d/snapshots.js";
import "../exports/2d/moving-walls.js";
import "../exports/3d/moving-walls.js";
import { World2D } from "../world/world-2d.js";
import { World3D } from "../world/world-3d.js";
import { FLAG_ALIVE, FLAG_FIXED, FLAG_SENSOR } from "../world/body-store.js";
import type { WallOptions } from "../world/walls.js";
import type { WorldOptions } from "../world/event-loop.js";
import { WALL_BOX2, WALL_BOX3, WALL_PLANE, WALL_SEGMENT, WALL_STRIDE } from "../world/world-core.js";
import { sceneBodyIds, sceneDimensions, sceneWallIds, type Scene, type SceneBody, type SceneWall } from "./scene-types.js";

/**
 * A world built from a scene, as code that treats both dimensions alike reads it: a World3D,
 * or a World2D whose third-axis columns (z, vz, az: zeros) and container sides (minZ, maxZ:
 * infinite) are there too.
 */
export type SceneWorld = World3D | (World2D & Pick<World3D, "z" | "vz" | "az" | "minZ" | "maxZ">);

/** Options passed through to the world (collision callbacks, rules, budgets); the scene sets gravity, bounds and restitution. */
export type SceneWorldOptions = Omit<WorldOptions, "restitution">;

/** The scene's periodic axes as the world takes them (false when none). */
function periodicOf(scene: Scene): boolean | boolean[] {
  const p = scene.bounds?.periodic;
  return p === undefined ? false : Array.isArray(p) ? p.slice() : p;
}

/**
 * Builds the world a validated scene describes: bodies in file order (body i of the scene is
 * body index i of the world), then walls in file order (wall index w). The world's time starts
 * at `scene.time` (default 0). The start state is checked by the world at its first `advance`;
 * call checkSceneStart first for messages that name the JSON paths.
 */
export function worldFromScene(scene: Scene, options: SceneWorldOptions = {}): SceneWorld {
  const dim = sceneDimensions(scene);
  const restitution = scene.restitution ?? 1;
  const ids = sceneBodyIds(scene);
  const wallIds = sceneWallIds(scene);
  const walls = scene.walls ?? [];
  if (dim === 2) {
    const w = new World2D({
      ...options,
      restitution,
      gravity: scene.gravity === undefined ? undefined : [scene.gravity[0], scene.gravity[1]],
      bounds: scene.bounds === undefined
        ? undefined
        : { min: [scene.bounds.min[0], scene.bounds.min[1]], max: [scene.bounds.max[0], scene.bounds.max[1]], periodic: periodicOf(scene) as boolean | [boolean, boolean] },
    });
    w.now = scene.time ?? 0;
    scene.bodies.forEach((b, i) => {
      const v = b.velocity ?? [0, 0];
      const a = b.acceleration ?? [0, 0];
      w.addBody({
        id: ids[i], x: b.position[0], y: b.position[1], vx: v[0], vy: v[1], ax: a[0], ay: a[1],
        radius: b.radius, mass: b.mass, fixed: b.fixed, restitution: b.restitution, group: b.group, mask: b.mask, sensor: b.sensor,
      });
    });
    walls.forEach((wall, k) => {
      if (wall.segment !== undefined) {
        const [[x0, y0], [x1, y1]] = wall.segment;
        w.addSegment(x0, y0, x1, y1, wallOptions(wall, wallIds[k]));
      } else if (wall.box !== undefined) {
        w.addBox(wall.box.min[0], wall.box.min[1], wall.box.max[0], wall.box.max[1], wallOptions(wall, wallIds[k]));
      }
    });
    return w as SceneWorld;
  }
  const w = new World3D({
    ...options,
    restitution,
    gravity: scene.gravity === undefined ? undefined : [scene.gravity[0], scene.gravity[1], scene.gravity[2]],
    bounds: scene.bounds === undefined
      ? undefined
      : {
        min: [scene.bounds.min[0], scene.bounds.min[1], scene.bounds.min[2]], max: [scene.bounds.max[0], scene.bounds.max[1], scene.bounds.max[2]],
        periodic: periodicOf(scene) as boolean | [boolean, boolean, boolean],
      },
  });
  w.now = scene.time ?? 0;
  scene.bodies.forEach((b, i) => {
    const v = b.velocity ?? [0, 0, 0];
    const a = b.acceleration ?? [0, 0, 0];
    w.addBody({
      id: ids[i], x: b.position[0], y: b.position[1], z: b.position[2], vx: v[0], vy: v[1], vz: v[2], ax: a[0], ay: a[1], az: a[2],
      radius: b.radius, mass: b.mass, fixed: b.fixed, restitution: b.restitution, group: b.group, mask: b.mask, sensor: b.sensor,
    });
  });
  walls.forEach((wall, k) => {
    const o = wallOptions(wall, wallIds[k]);
    if (wall.box !== undefined) {
      const { min, max } = wall.box;
      w.addBox(min[0], min[1], min[2], max[0], max[1], max[2], o);
    } else if (wall.plane !== undefined) {
      const { point: p, normal: q } = wall.plane;
      w.addPlane(p[0], p[1], p[2], q[0], q[1], q[2], o);
    } else if (wall.triangle !== undefined) {
      const [a, b, c] = wall.triangle;
      w.addTriangle(a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], o);
    }
  });
  return w;
}

/** A scene wall's options as the world takes them. */
function wallOptions(wall: SceneWall, id: string): WallOptions {
  const o: WallOptions = { id };
  if (wall.restitution !== undefined) o.restitution = wall.restitution;
  if (wall.group !== undefined) o.group = wall.group;
  if (wall.mask !== undefined) o.mask = wall.mask;
  if (wall.sensor === true) o.sensor = true;
  return o;
}

const bits = new DataView(new ArrayBuffer(8));

/** The next double after x towards +Infinity (dir 1) or -Infinity (dir -1); x finite and nonzero. */
function nextDouble(x: number, dir: 1 | -1): number {
  bits.setFloat64(0, x);
  const away = (x > 0) === (dir > 0);
  bits.setBigUint64(0, bits.getBigUint64(0) + (away ? 1n : -1n));
  return bits.getFloat64(0);
}

/**
 * A mass m with 1 / m === invMass exactly, so the world rebuilt from it has the same inverse
 * mass bit for bit: the preferred value when it qualifies (the mass the scene was written with),
 * else 1 / invMass, else its neighbours one and two ulps away.
 */
export function massForInverse(invMass: number, preferred?: number): number {
  if (preferred !== undefined && 1 / preferred === invMass) return preferred;
  let m = 1 / invMass;
  if (1 / m === invMass) return m;
  for (const dir of [1, -1] as const) {
    let c = m;
    for (let k = 0; k < 2; k++) {
      c = nextDouble(c, dir);
      if (1 / c === invMass) return c;
    }
  }
  return m;
}

/**
 * The world's current state (time `world.now`) as a scene. Non-physical fields (colours,
 * `description`, `duration`) and the masses the scene was written with are taken from
 * `template`, matched by id. Removed bodies are left out.
 */
export function sceneFromWorld(w: World2D | World3D, template?: Scene): Scene {
  const world = w as SceneWorld;
  const dim = world.dim;
  const pick = (x: number, y: number, z: number): number[] => (dim === 3 ? [x, y, z] : [x, y]);
  const byId = new Map<string, SceneBody>();
  const wallById = new Map<string, SceneWall>();
  if (template !== undefined) {
    const ids = sceneBodyIds(template);
    template.bodies.forEach((b, i) => byId.set(ids[i], b));
    const wids = sceneWallIds(template);
    (template.walls ?? []).forEach((w, i) => wallById.set(wids[i], w));
  }
  // $schema is not carried over: a relative path in it would not hold where the new file goes.
  const scene = {} as Scene;
  scene.carom = 1;
  scene.dimensions = dim;
  if (template?.description !== undefined) scene.description = template.description;
  scene.time = world.now;
  if (template?.duration !== undefined) scene.duration = template.duration;
  const g = world.gravity;
  if (g.some((v) => v !== 0) || template?.gravity !== undefined) scene.gravity = g.slice();
  scene.restitution = world.defaultRestitution;
  if (world.minX > -Infinity) {
    scene.bounds = { min: pick(world.minX, world.minY, world.minZ), max: pick(world.maxX, world.maxY, world.maxZ) };
    const axes = world.periodic.axes;
    if (axes.some((p) => p)) scene.bounds.periodic = axes.every((p) => p) ? true : axes.slice();
  }
  scene.bodies = [];
  for (let i = 0; i < world.n; i++) {
    const flags = world.flags[i];
    if ((flags & FLAG_ALIVE) === 0) continue;
    const id = world.ids[i];
    const old = byId.get(id);
    const b: SceneBody = { id, position: pick(world.x[i], world.y[i], world.z[i]), radius: world.r[i] };
    if (world.vx[i] !== 0 || world.vy[i] !== 0 || world.vz[i] !== 0 || Object.is(world.vx[i], -0) || Object.is(world.vy[i], -0) || Object.is(world.vz[i], -0)) {
      b.velocity = pick(world.vx[i], world.vy[i], world.vz[i]);
    }
    // Reorder: id, position, velocity, acceleration, radius, ...
    const out: SceneBody = { id: b.id, position: b.position } as SceneBody;
    if (b.velocity !== undefined) out.velocity = b.velocity;
    if (world.ax[i] !== 0 || world.ay[i] !== 0 || world.az[i] !== 0) out.acceleration = pick(world.ax[i], world.ay[i], world.az[i]);
    out.radius = b.radius;
    if ((flags & FLAG_FIXED) !== 0) out.fixed = true;
    else if (world.invMass[i] !== 1) out.mass = massForInverse(world.invMass[i], old?.mass);
    const e = world.restitution[i];
    if (e === e) out.restitution = e;
    if (world.group[i] !== 1) out.group = world.group[i];
    if (world.mask[i] !== -1) out.mask = world.mask[i];
    if ((flags & FLAG_SENSOR) !== 0) out.sensor = true;
    if (old?.color !== undefined) out.color = old.color;
    scene.bodies.push(out);
  }
  const walls: SceneWall[] = [];
  const d = world.wallData;
  for (let w = 0; w < world.walls; w++) {
    const o = WALL_STRIDE * w;
    const id = world.wallIds[w];
    const wall: SceneWall = { id };
    if (world.wallKind[w] === 0) continue; // removed
    switch (world.wallKind[w]) {
      case WALL_SEGMENT:
        wall.segment = [[d[o], d[o + 1]], [d[o + 2], d[o + 3]]];
        break;
      case WALL_BOX2:
        wall.box = { min: [d[o], d[o + 1]], max: [d[o + 2], d[o + 3]] };
        break;
      case WALL_BOX3:
        wall.box = { min: [d[o], d[o + 1], d[o + 2]], max: [d[o + 3], d[o + 4], d[o + 5]] };
        break;
      case WALL_PLANE:
        wall.plane = { point: [d[o], d[o + 1], d[o + 2]], normal: [d[o + 3], d[o + 4], d[o + 5]] };
        break;
      default:
        wall.triangle = [[d[o], d[o + 1], d[o + 2]], [d[o + 3], d[o + 4], d[o + 5]], [d[o + 6], d[o + 7], d[o + 8]]];
    }
    const info = world.wall(w);
    if (info.restitution !== undefined) wall.restitution = info.restitution;
    if (info.group !== 1) wall.group = info.group;
    if (info.mask !== -1) wall.mask = info.mask;
    if (info.sensor) wall.sensor = true;
    const color = wallById.get(id)?.color;
    if (color !== undefined) wall.color = color;
    walls.push(wall);
  }
  if (walls.length > 0) scene.walls = walls;
  return scene;
}
