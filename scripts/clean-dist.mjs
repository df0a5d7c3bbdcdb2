// Empties dist/ before a build (npm run build), so that the package never ships a file whose
// source is gone (a renamed or moved module) or that the build no longer emits.
import { rmSync } from "node:fs";

rmSync(new URL("../dist/", import.meta.url), { recursive: true, force: true });
