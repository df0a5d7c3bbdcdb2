/**
 * `carom validate scene.json [more.json ...] [--json]`: checks scene files without running
 * them. Every problem is printed on stderr (file, JSON path, value); the exit code is 2 when
 * any file is invalid.
 */
import { SceneError, sceneDimensions } from "../index.js";
import { parseArgs } from "./args.js";
import { CliError, inputError } from "./cli-error.js";
import { loadScene } from "./scene-file.js";
import { worldFromScene } from "../index.js";

export async function validate(argv: readonly string[], stdout: (s: string) => void, stderr: (s: string) => void): Promise<number> {
  const { positional, values } = parseArgs("validate", argv, { json: { kind: "flag" }, quiet: { kind: "flag", short: "q" } });
  if (positional.length === 0) throw inputError("carom validate: name the scene file(s) to check, e.g. carom validate scene.json");
  let invalid = 0;
  const report: { file: string; valid: boolean; errors?: string[]; dimensions?: number; bodies?: number; walls?: number }[] = [];
  for (const file of positional) {
    try {
      const { scene } = loadScene(file);
      // The world's own start-state check.
      try {
        worldFromScene(scene, { maxEventsPerAdvance: 1 }).advance(0);
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        throw inputError(`${file}: ${e.message}`);
      }
      const dims = sceneDimensions(scene);
      const walls = (scene.walls ?? []).length;
      report.push({ file, valid: true, dimensions: dims, bodies: scene.bodies.length, walls });
      if (values.json !== true && values.quiet !== true) {
        stdout(`${file}: valid (${dims}D, ${scene.bodies.length} bodies, ${walls} walls)\n`);
      }
    } catch (e) {
      if (!(e instanceof SceneError) && !(e instanceof CliError && e.exitCode === 2)) throw e;
      invalid++;
      report.push({ file, valid: false, errors: e.message.split("\n") });
      if (values.json !== true) stderr(e.message + "\n");
    }
  }
  if (values.json === true) stdout(JSON.stringify(positional.length === 1 ? report[0] : report) + "\n");
  return invalid > 0 ? 2 : 0;
}
