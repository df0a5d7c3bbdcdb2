/**
 * The packing of `carom pack`, in a worker thread: a Packer's constructor and each of its steps
 * run synchronously for seconds at large counts (100,000 spheres: half a minute to place them),
 * and a signal must end the command within a second whatever it is doing. The main thread
 * keeps its event loop free, shows the progress and, on a signal, terminates this worker.
 *
 * Messages to the main thread: `{ kind: "progress", pressure, packingFraction }` after each
 * step, then `{ kind: "done", result }` (a PackResult) or `{ kind: "error", message, range }`
 * (`range`: the Packer refused the options or could not jam, a RangeError).
 */
import { parentPort, workerData } from "node:worker_threads";
import { Packer, type PackOptions } from "../exports/science.js";

export type PackMessage =
  | { kind: "progress"; pressure: number; packingFraction: number }
  | { kind: "done"; result: ReturnType<Packer["result"]> }
  | { kind: "error"; message: string; range: boolean };

const port = parentPort;
if (port !== null) {
  try {
    const packer = new Packer(workerData as PackOptions);
    while (!packer.step()) port.postMessage({ kind: "progress", pressure: packer.pressure, packingFraction: packer.packingFraction() } satisfies PackMessage);
    port.postMessage({ kind: "done", result: packer.result() } satisfies PackMessage);
  } catch (e) {
    port.postMessage({ kind: "error", message: e instanceof Error ? e.message : String(e), range: e instanceof RangeError } satisfies PackMessage);
  }
}
