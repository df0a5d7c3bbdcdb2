/**
 * A worker thread of {@link runSweep}: loads the sweep's adapter once (a module kind imports
 * the user's module), says it is ready, then runs each run it is sent and posts the outcome.
 * Messages in: `{ run }`; out: `{ ready: true }`, `{ id, outcome }`, or `{ fatal }` when the
 * adapter cannot load.
 */
import { parentPort, workerData } from "node:worker_threads";
import { runOne, errorText } from "./run-one.js";
import type { Sweep, SweepRun } from "./sweep-types.js";
import { loadTask } from "./tasks/index.js";

/** What runSweep hands each worker. */
export interface SweepWorkerData {
  sweep: Sweep;
  record: readonly string[];
}

const port = parentPort;
if (port === null) throw new Error("sweep-worker runs as a worker thread of runSweep");
const { sweep, record } = workerData as SweepWorkerData;
try {
  const task = await loadTask(sweep);
  port.on("message", (message: { run: SweepRun }) => {
    void runOne(sweep, task, message.run, record).then((outcome) => port.postMessage({ id: message.run.id, outcome }));
  });
  port.postMessage({ ready: true });
} catch (e) {
  port.postMessage({ fatal: errorText(e) });
}
