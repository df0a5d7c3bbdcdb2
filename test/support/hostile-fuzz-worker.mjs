// Worker entry for test/queries-hostile-fuzz.test.ts: registers tsx in this thread (module
// hooks of the main thread do not reach workers), then runs the TypeScript worker body.
import { register } from "tsx/esm/api";

register();
await import("./hostile-fuzz-run.ts");
