/**
 * What `render` draws, collected while a run goes: for every body a track of keyframes
 * (t, x, y, z): its start, its centre at each of its collisions, frame samples where paths are
 * curved (gravity, own accelerations), and its end. Between collisions a body without
 * acceleration moves in a straight line, so for those scenes the track is the exact path and
 * linear interpolation between keyframes is the exact motion.
 */
import { HIT_BODY, sceneBodyIds, type Scene } from "../index.js";
import type { AnyWorld } from "./simulate.js";

/** Stop adding keyframes past this many numbers (the picture would be unreadable anyway). */
const MAX_NUMBERS = 8_000_000;

export class Recording {
  readonly ids: string[];
  readonly radius: number[];
  readonly fixed: boolean[];
  readonly tracks: number[][];
  readonly dim: 2 | 3;
  start: number;
  end: number;
  collisions = 0;
  truncated = false;
  private numbers = 0;

  constructor(
    readonly scene: Scene,
    world: AnyWorld,
  ) {
    this.dim = world.dim;
    this.ids = sceneBodyIds(scene);
    this.radius = scene.bodies.map((b) => b.radius);
    this.fixed = scene.bodies.map((b) => b.fixed === true);
    this.tracks = scene.bodies.map(() => []);
    this.start = world.now;
    this.end = world.now;
    this.sampleAll(world, world.now);
  }

  /** True when some body moves on a curve (the tracks then need frame samples). */
  static curved(world: AnyWorld): boolean {
    if (world.gravity.some((g) => g !== 0)) return true;
    for (let i = 0; i < world.n; i++) if (world.ax[i] !== 0 || world.ay[i] !== 0 || world.az[i] !== 0) return true;
    return false;
  }

  private push(i: number, t: number, x: number, y: number, z: number): void {
    if (this.numbers >= MAX_NUMBERS) {
      this.truncated = true;
      return;
    }
    this.tracks[i].push(t, x, y, z);
    this.numbers += 4;
  }

  /** Every body's position at time t (the world's state must be at t). */
  sampleAll(world: AnyWorld, t: number): void {
    for (let i = 0; i < this.tracks.length; i++) this.push(i, t, world.x[i], world.y[i], world.z[i]);
  }

  /** The centres of the bodies in this chunk's collisions. */
  addEvents(world: AnyWorld): void {
    const e = world.events;
    for (let k = 0; k < e.count; k++) {
      const a = e.a[k];
      const ra = world.r[a];
      const t = e.t[k];
      this.push(a, t, e.px[k] - ra * e.nx[k], e.py[k] - ra * e.ny[k], e.pz[k] - ra * e.nz[k]);
      if (e.kind[k] === HIT_BODY) {
        const b = e.b[k];
        const rb = world.r[b];
        this.push(b, t, e.px[k] + rb * e.nx[k], e.py[k] + rb * e.ny[k], e.pz[k] + rb * e.nz[k]);
      }
    }
    this.collisions += e.count;
  }

  /** Adds the end state and puts every track in time order. */
  finish(world: AnyWorld): void {
    this.end = world.now;
    // The end always goes in, past the cap.
    for (let i = 0; i < this.tracks.length; i++) this.tracks[i].push(world.now, world.x[i], world.y[i], world.z[i]);
    for (let i = 0; i < this.tracks.length; i++) {
      const tr = this.tracks[i];
      const m = tr.length / 4;
      const order = Array.from({ length: m }, (_, k) => k).sort((p, q) => tr[4 * p] - tr[4 * q] || p - q);
      if (order.every((k, j) => k === j)) continue;
      const sorted: number[] = [];
      for (const k of order) sorted.push(tr[4 * k], tr[4 * k + 1], tr[4 * k + 2], tr[4 * k + 3]);
      this.tracks[i] = sorted;
    }
  }
}
