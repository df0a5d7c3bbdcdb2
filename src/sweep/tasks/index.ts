/** The adapter of each kind of sweep. */
import type { Sweep, SweepKind } from "../sweep-types.js";
import { hardSpheresTask } from "./hard-spheres-task.js";
import { loadModuleTask, moduleTask } from "./module-task.js";
import { poolTask } from "./pool-task.js";
import { sceneTask } from "./scene-task.js";
import type { SweepTask } from "./task.js";

const CHECK_ONLY_MODULE = moduleTask(null);

/** The adapter of a kind, for checking definitions and runs (a module's is not loaded: it cannot run). */
export function taskOf(kind: SweepKind): SweepTask<unknown> {
  switch (kind) {
    case "hardSpheres": return hardSpheresTask as SweepTask<unknown>;
    case "scene": return sceneTask as SweepTask<unknown>;
    case "pool": return poolTask as SweepTask<unknown>;
    case "module": return CHECK_ONLY_MODULE as SweepTask<unknown>;
  }
}

/** The adapter that runs a sweep (a module kind's module imported). */
export async function loadTask(sweep: Sweep): Promise<SweepTask<unknown>> {
  return sweep.kind === "module" ? ((await loadModuleTask(sweep)) as SweepTask<unknown>) : taskOf(sweep.kind);
}

export type { SweepTask } from "./task.js";
