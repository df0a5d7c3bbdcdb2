/**
 * Writes the example scenes (examples/<name>.json) from their builders in
 * src/scene/example-scenes.ts. Run: node --import tsx examples/generate.ts
 * (test/scene-examples.test.ts checks that the files match the builders).
 */
import { writeFileSync } from "node:fs";
import { EXAMPLE_SCENES, formatScene, validateScene } from "../src/index.js";

for (const [name, build] of Object.entries(EXAMPLE_SCENES)) {
  const scene = { $schema: "../dist/scene.schema.json", ...build() };
  validateScene(scene, `${name}.json`);
  writeFileSync(new URL(`./${name}.json`, import.meta.url), formatScene(scene));
  console.log(`examples/${name}.json: ${scene.bodies.length} bodies, ${(scene.walls ?? []).length} walls`);
}
