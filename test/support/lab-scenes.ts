/**
 * Scene files for the lab's browser tests: three scenes that exercise different parts of the
 * engine (a 2D mixture with walls, fixed and kinematic bodies and mixed restitution; 3D spheres
 * among a box, a triangle and a plane; balls under gravity among pegs and segments, i.e. the
 * quartic contact times), and scene files that must be refused with given messages.
 */
import type { Scene, SceneBody } from "../../src/index.js";
import { galtonScene } from "../../web/demos/galton.js";
import { spheresScene } from "../../web/demos/spheres.js";
import { Random } from "./random.js";

/** 2D: 240 disks of three sizes and masses in a box with segments, boxes, a post and a kinematic paddle. */
export function mixtureScene2(): Scene {
  const rnd = new Random(99);
  const bodies: SceneBody[] = [
    { id: "post", position: [20, 20], radius: 2, fixed: true },
    { id: "paddle", position: [6, 34], velocity: [3, 0], radius: 1.5, fixed: true },
  ];
  for (let k = 0; bodies.length < 242; k++) {
    const x = 2 + (k % 24) * 1.5, y = 2 + Math.floor(k / 24) * 1.5;
    if ((x - 20) ** 2 + (y - 20) ** 2 < 16 || (x > 28 && x < 33 && y > 8 && y < 13)) continue;
    const kind = k % 3;
    bodies.push({
      id: `d${k}`,
      position: [x + rnd.range(-0.1, 0.1), y + rnd.range(-0.1, 0.1)],
      velocity: [rnd.range(-8, 8), rnd.range(-8, 8)],
      radius: [0.3, 0.45, 0.6][kind],
      mass: [0.5, 1, 2.25][kind],
      ...(kind === 2 ? { restitution: 0.9 } : {}),
    });
  }
  return {
    carom: 1,
    dimensions: 2,
    description: "Lab determinism test: 2D mixture with walls.",
    restitution: 0.98,
    bounds: { min: [0, 0], max: [40, 40] },
    bodies,
    walls: [
      { id: "slant", segment: [[4, 28], [16, 31]] },
      { id: "bar", segment: [[24, 30], [36, 30]] },
      { id: "block", box: { min: [29, 9], max: [32, 12] } },
    ],
  };
}

/** 3D: the lab's spheres scene (box and triangle walls) with a slanted plane across one corner. */
export function spheresScene3(): Scene {
  const scene = spheresScene(150, 5);
  // the plane x + y + z = 66 cuts the corner at (24, 24, 24); keep only the spheres well below it
  scene.bodies = scene.bodies.filter((b) => b.position[0] + b.position[1] + b.position[2] + 2 * b.radius * Math.sqrt(3) < 66);
  scene.walls = [...(scene.walls ?? []), { id: "corner", plane: { point: [22, 22, 22], normal: [-1, -1, -1] } }];
  scene.description = "Lab determinism test: 3D spheres with box, triangle and plane walls.";
  return scene;
}

/** 2D under gravity: the Galton board's pegs and bins with 40 balls above them. */
export function galtonScene2(): Scene {
  const scene = galtonScene();
  const top = Math.max(...scene.bodies.map((b) => b.position[1]));
  const width = scene.bounds?.max[0] ?? 42;
  const rnd = new Random(5);
  for (let k = 0; k < 40; k++) {
    scene.bodies.push({
      id: `ball-${k}`,
      position: [width / 2 + ((k % 8) - 3.5) * 1.5 + rnd.range(-0.05, 0.05), top + 2 + Math.floor(k / 8) * 1.5],
      radius: 0.6,
    });
  }
  scene.bounds = { min: [0, 0], max: [width, top + 10] };
  scene.description = "Lab determinism test: balls under gravity among pegs (quartic contact times).";
  return scene;
}
