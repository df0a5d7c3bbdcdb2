// The kernel module's exports (edmd-kernel.ts and list-kernel.ts describe them).
export { run, predictAny, sync, wrap, shellExitTime, touch, top, set, calibrate } from "./events";
export { cellIndex, countCells, fileAll, fill, rebuildOne } from "./lists";
