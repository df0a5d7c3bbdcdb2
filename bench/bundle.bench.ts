/**
 * Bundle sizes: what a program that imports one thing from one subpath costs after esbuild
 * (bundle, minify, tree-shaking; bundled from the sources, as a bundler sees the shipped
 * modules), minified and gzipped, beside the issue goals, with the largest modules of each.
 * Deterministic (no timing): sizes move only when code does.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));

interface Program {
  name: string;
  code: string;
  goal?: number;
}

/** An entry module by its subpath ("2d", "2d/gravity"): src/exports/<subpath>.ts, as the exports map names them. */
const from = (subpath: string): string => JSON.stringify(join(root, "src", "exports", `${subpath}.ts`));
const parts2d = (names: readonly string[]): string => names.map((p) => `import ${from(`2d/${p}`)};`).join(" ");
const world2d = `const w = new World2D({ gravity: [0, -9.81] }); w.addBody({ x: 0, y: 0, vx: 1, vy: 0, radius: 1 }); w.advance(1);`;
const everyPart = ["gravity", "periodic", "sensors", "paths", "snapshots", "moving-walls"];
const programs: Program[] = [
  { name: "World2D from carom/2d", code: `import { World2D } from ${from("2d")}; const w = new World2D({}); w.addBody({ x: 0, y: 0, vx: 1, vy: 0, radius: 1 }); w.advance(1); console.log(w.x[0]);`, goal: 80_000 },
  { name: "World2D + carom/2d/gravity", code: `import { World2D } from ${from("2d")}; ${parts2d(["gravity"])} ${world2d} console.log(w.x[0]);` },
  { name: "World2D + every 2D part but queries", code: `import { World2D } from ${from("2d")}; ${parts2d(everyPart)} ${world2d} console.log(w.x[0]);` },
  { name: "World2D + every 2D part", code: `import { World2D } from ${from("2d")}; ${parts2d([...everyPart, "queries"])} ${world2d} console.log(w.x[0], w.queryPoint(0, 0));` },
  { name: "World2D + queries + drawWorld", code: `import { World2D } from ${from("2d")}; import { drawWorld } from ${from("2d/draw")}; ${parts2d([...everyPart, "queries"])} ${world2d} drawWorld(globalThis.ctx, w); console.log(w.x[0], w.queryPoint(0, 0));` },
  { name: "World3D from carom/3d", code: `import { World3D } from ${from("3d")}; const w = new World3D({}); w.addBody({ x: 0, y: 0, z: 0, vx: 1, vy: 0, vz: 0, radius: 1 }); w.advance(1); console.log(w.x[0]);` },
  { name: "timeOfImpactCircles from carom/2d", code: `import { timeOfImpactCircles } from ${from("2d")}; console.log(timeOfImpactCircles({ x: 0, y: 0, vx: 1, vy: 0, r: 1 }, { x: 4, y: 0, vx: 0, vy: 0, r: 1 }));` },
  { name: "CsbSimulation from carom/contest", code: `import { CsbSimulation } from ${from("contest")}; console.log(new CsbSimulation({ checkpoints: [[0, 0], [5000, 0]] }).x(0));`, goal: 30_000 },
  { name: "HardSpheres from carom/science", code: `import { HardSpheres } from ${from("science")}; console.log(typeof HardSpheres);` },
  { name: "PoolSystem from carom/pool", code: `import { PoolSystem } from ${from("pool")}; console.log(typeof PoolSystem);` },
  // The 2D engines game developers use instead, one world with one ball, bundled the same way.
  { name: "peer: planck World", code: `import { World, Circle, Vec2 } from "planck"; const w = new World(Vec2(0, 0)); w.createDynamicBody(Vec2(0, 0)).createFixture(new Circle(1), 1); w.step(1 / 60); console.log(w.getBodyCount());` },
  { name: "peer: matter-js Engine", code: `import Matter from "matter-js"; const e = Matter.Engine.create(); Matter.Composite.add(e.world, Matter.Bodies.circle(0, 0, 1)); Matter.Engine.update(e, 16); console.log(e.world.bodies.length);` },
  { name: "peer: rapier2d-compat World (JS + wasm)", code: `import R from "@dimforge/rapier2d-compat"; await R.init(); const w = new R.World({ x: 0, y: 0 }); w.createCollider(R.ColliderDesc.ball(1), w.createRigidBody(R.RigidBodyDesc.dynamic())); w.step(); console.log(w.bodies.len());` },
];

const dir = mkdtempSync(join(tmpdir(), "carom-bundle-"));
try {
  console.log("\nBundle sizes (esbuild --bundle --minify, tree-shaken; gzip level 9)");
  console.log(`${"program".padEnd(40)} ${"minified".padStart(10)} ${"gzip".padStart(9)}  goal`);
  const details: string[] = [];
  for (const p of programs) {
    const entry = join(dir, "main.ts");
    writeFileSync(entry, p.code);
    const r = await build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform: "neutral", mainFields: ["module", "main"], write: false, metafile: true, logLevel: "silent", nodePaths: [join(root, "node_modules")] });
    const bytes = r.outputFiles[0].contents;
    const gz = gzipSync(bytes, { level: 9 }).length;
    const goal = p.goal === undefined ? "" : `< ${(p.goal / 1000).toFixed(0)} KB: ${bytes.length < p.goal ? "met" : `not met (${(bytes.length / p.goal).toFixed(2)}x)`}`;
    console.log(`${p.name.padEnd(40)} ${(bytes.length / 1000).toFixed(1).padStart(7)} KB ${(gz / 1000).toFixed(1).padStart(6)} KB  ${goal}`);
    const inputs = Object.values(r.metafile.outputs)[0].inputs;
    const top = Object.entries(inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 8);
    if (!p.name.startsWith("peer")) details.push(`${p.name}: ${top.map(([k, v]) => `${k.replace(/^.*src\//, "")} ${(v.bytesInOutput / 1000).toFixed(1)}`).join(", ")}`);
  }
  console.log("\nlargest modules (KB in the minified bundle):");
  for (const d of details) console.log(`  ${d}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
