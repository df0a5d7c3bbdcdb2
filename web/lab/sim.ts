/**
 * One running simulation as the lab sees it: a world built from a scene, the scene it came from
 * (for colours and for export), and running totals: simulated time, collisions, the event-log
 * hash of everything since the start.
 */
import { formatScene, sceneFromWorld, worldFromScene, type Scene, type SceneWorldOptions, type World2D, type World3D } from "../../src/index.js";
import type { LabRun } from "./demo.js";
import { HASH_SEED, hashEvents } from "./event-hash.js";

export type World = World2D | World3D;

export class Sim implements LabRun {
  world: World;
  /** The scene the world was built from (colours, description, ids). */
  template: Scene;
  /** Hash of every event since the start (see event-hash.ts). */
  hash = HASH_SEED;
  /** Collisions since the start, and in the last advance. */
  collisions = 0;
  lastCollisions = 0;
  /** Queue events processed by the last advance (collisions, cell crossings, recomputations). */
  lastWork = 0;
  /** Number of `advance` calls. */
  advances = 0;
  /** False when the last advance ran out of its event budget before reaching its target time. */
  complete = true;

  private readonly options: SceneWorldOptions;

  constructor(scene: Scene, options: SceneWorldOptions = {}) {
    this.template = scene;
    this.options = options;
    this.world = worldFromScene(scene, options);
  }

  get now(): number {
    return this.world.now;
  }

  get bodyCount(): number {
    return this.world.bodyCount;
  }

  /** Advances the world by dt and folds its events into the totals. */
  advance(dt: number): void {
    const rep = this.world.advance(dt);
    this.hash = hashEvents(this.world.events, this.hash);
    this.lastCollisions = rep.collisions;
    this.lastWork = rep.work;
    this.collisions += rep.collisions;
    this.complete = rep.complete;
    this.advances++;
  }

  /** Replaces the world (same history: the totals and hash carry on), e.g. after removing walls. */
  replace(scene: Scene): void {
    this.template = scene;
    this.world = worldFromScene(scene, this.options);
  }

  /** The current state as a scene (colours and description kept from the template). */
  scene(): Scene {
    return sceneFromWorld(this.world, this.template);
  }

  /** The current state as scene-file text, ready to save. */
  exportText(): string {
    return formatScene(this.scene());
  }
}
