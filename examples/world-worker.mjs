// A world in a worker thread, streaming its state to the main thread. Each frame the worker
// advances the world by 1/60 s and posts the positions as Float64Arrays whose buffers are
// transferred (moved to the main thread, not copied); the main thread reads them and posts the
// buffers back, so a steady stream makes no new ones. At the end the worker posts a whole
// snapshot (its typed arrays transferred too), and the main thread restores it into a world of
// its own, which goes on bit for bit as the worker's would. Run: node examples/world-worker.mjs
// (one file: the main thread starts it again as the worker). docs/worker.md: the same in a browser.
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { World2D } from "carom";

/** The same world on both sides: 50 balls on a lattice with seeded velocities in a 20 x 20 box. */
function makeWorld() {
  const world = new World2D({ bounds: { min: [0, 0], max: [20, 20] } });
  for (let k = 0; k < 50; k++) {
    world.addBody({ x: 2 + (k % 8) * 2.2, y: 2 + Math.floor(k / 8) * 2.2, vx: Math.sin(k) * 4, vy: Math.cos(3 * k) * 4, radius: 0.5 });
  }
  world.addSegment(3, 18, 17, 19);
  return world;
}

/** The buffers of a snapshot's typed arrays (what a transfer moves), each once. */
const buffersOf = (s) => [...new Set([...s.columns, ...s.extra].map((a) => a.buffer))];

if (isMainThread) {
  const frames = 120;
  const worker = new Worker(new URL(import.meta.url), { workerData: { frames } });
  let received = 0, collisions = 0, lastX = new Float64Array(0);
  // frames: { type: "frame", frame, t, collisions, x, y }; at the end { type: "done", snapshot, arrays }
  const done = await new Promise((resolve, reject) => {
    worker.on("error", reject);
    worker.on("message", (m) => {
      if (m.type === "done") return resolve(m);
      if (m.frame !== received) reject(new Error(`frame ${m.frame} came as number ${received}`));
      received++;
      collisions += m.collisions;
      lastX = m.x.slice(); // (keep what you need: the arrays go back to the worker now)
      worker.postMessage({ type: "recycle", x: m.x, y: m.y }, [m.x.buffer, m.y.buffer]);
    });
  });
  await worker.terminate();
  // The snapshot restores into a world built the same way, which holds the last frame exactly.
  const twin = makeWorld();
  twin.restore(done.snapshot);
  const same = lastX.every((x, i) => x === twin.x[i]);
  console.log(`${received} frames, ${collisions} collisions, t = ${twin.now.toFixed(4)}, ${done.arrays} position arrays made, restored state equals the last frame: ${same}`);
} else {
  const world = makeWorld();
  const n = world.n;
  const spare = []; // arrays the main thread sent back, ready for reuse
  parentPort.on("message", (m) => spare.push(m.x, m.y));
  let frame = 0, arrays = 0;
  const fresh = () => (arrays++, new Float64Array(n));
  const step = () => {
    const report = world.advance(1 / 60);
    const x = spare.pop() ?? fresh(), y = spare.pop() ?? fresh();
    x.set(world.x.subarray(0, n));
    y.set(world.y.subarray(0, n));
    parentPort.postMessage({ type: "frame", frame, t: world.now, collisions: report.collisions, x, y }, [x.buffer, y.buffer]);
    if (++frame < workerData.frames) setImmediate(step); // (in real time: setTimeout(step, 1000 / 60))
    else {
      const snapshot = world.snapshot();
      parentPort.postMessage({ type: "done", snapshot, arrays }, buffersOf(snapshot));
    }
  };
  step();
}
