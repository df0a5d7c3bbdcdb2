// The kernel module's exports (edmd-kernel.ts and list-kernel.ts describe them).
export { run, runInelastic, runSheared, runShearedInelastic } from "./events";
export { predictAny } from "./predict";
export { sync, wrap, wrapAny, shellExitTime, touch } from "./bodies";
export { top, set, calibrate } from "./calendar";
export { cellIndex, countCells, fileAll, fill, rebuildOne } from "./lists";
