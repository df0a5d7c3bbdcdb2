/**
 * 3D spheres in a box: a few hundred elastic spheres of two sizes among the container's six
 * faces, a solid box and a thin triangle, drawn with a perspective camera that you rotate by
 * dragging (wheel to zoom).
 */
import type { Scene, SceneBody, World3D } from "../../src/index.js";
import { button, el, fitCanvas, type Demo, type DemoHost } from "../lab/demo.js";
import { Random } from "../lab/random.js";
import { Sim } from "../lab/sim.js";
import { Camera3D, SphereRenderer, drawScene3Walls } from "../lab/view3d.js";

const L = 24;
const COLORS = ["#4cc9f0", "#f72585", "#ffd166", "#06d6a0", "#f3722c"];

export function spheresScene(n: number, seed: number): Scene {
  const rnd = new Random(seed);
  const bodies: SceneBody[] = [];
  const dir = [0, 0, 0];
  // a jittered lattice in the part of the box outside the obstacles (no overlaps at the start)
  // lattice pitch at least 1.9 (the big spheres are 1.8 across), which caps n near a thousand
  const side = Math.min(Math.ceil(Math.cbrt(n * 1.6)), Math.floor(L / 1.9));
  const pitch = L / side;
  for (let k = 0; bodies.length < n && k < side * side * side; k++) {
    const x = ((k % side) + 0.5) * pitch, y = ((Math.floor(k / side) % side) + 0.5) * pitch, z = (Math.floor(k / (side * side)) + 0.5) * pitch;
    if (Math.abs(x - L / 2) < 5 && Math.abs(y - L / 2) < 5 && Math.abs(z - L / 2) < 5) continue; // the central box
    if (y < 5) continue; // the triangle on the floor
    const big = bodies.length % 7 === 0;
    const r = big ? 0.9 : 0.45;
    const slack = (pitch - 2 * r) / 2;
    rnd.direction3(dir);
    const s = rnd.range(4, 10);
    bodies.push({
      position: [x + rnd.range(-slack, slack) * 0.99, y + rnd.range(-slack, slack) * 0.99, z + rnd.range(-slack, slack) * 0.99],
      velocity: [s * dir[0], s * dir[1], s * dir[2]],
      radius: r,
      mass: big ? 8 : 1,
      color: big ? "#f8f8f0" : COLORS[bodies.length % COLORS.length],
    });
  }
  return {
    carom: 1,
    dimensions: 3,
    description: `3D spheres from the carom lab: ${bodies.length} elastic spheres in a box of side ${L} with a solid box and a triangle.`,
    restitution: 1,
    bounds: { min: [0, 0, 0], max: [L, L, L] },
    bodies,
    walls: [
      { id: "block", box: { min: [L / 2 - 3, L / 2 - 3, L / 2 - 3], max: [L / 2 + 3, L / 2 + 3, L / 2 + 3] }, color: "#b9c4d2" },
      { id: "ramp", triangle: [[2, 1, 2], [L - 2, 1, 2], [L / 2, 4, L - 2]], color: "#ffd166" },
    ],
  };
}

export function createSpheres(): Demo {
  let count = 400;
  const cam = new Camera3D();
  cam.target([0, 0, 0], [L, L, L]);
  const canvas = el("canvas");
  canvas.id = "spheres-canvas";
  let ctx: CanvasRenderingContext2D;
  const renderer = new SphereRenderer();
  let palette: string[] = [];
  let colorIndex = new Uint8Array(0);

  const colours = (scene: Scene): void => {
    palette = [];
    colorIndex = new Uint8Array(scene.bodies.length);
    scene.bodies.forEach((b, i) => {
      const c = b.color ?? COLORS[0];
      let k = palette.indexOf(c);
      if (k < 0) {
        k = palette.length;
        palette.push(c);
      }
      colorIndex[i] = k;
    });
  };

  const demo = {
    title: "3D spheres in a box",
    about:
      "Elastic spheres of two sizes (the white ones eight times heavier) in a box with a solid block and a thin triangle. Drag to rotate, wheel to zoom. Every contact (sphere–sphere, sphere–face, sphere–edge, sphere–corner) is an exact time of impact.",
    frameDt: 1 / 60,
    sim: new Sim(spheresScene(count, 3)),
    mount(host: DemoHost): void {
      host.stage.append(canvas);
      ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      cam.attach(canvas, () => demo.draw());
      const row = el("div", "row");
      for (const k of [100, 400, 1000]) {
        row.append(button(`${k} spheres`, () => {
          count = k;
          demo.sim = new Sim(spheresScene(count, 3));
          colours(demo.sim.template);
        }, `spheres-${k}`));
      }
      host.controls.append(row);
      colours(demo.sim.template);
    },
    step(dt: number): void {
      demo.sim.advance(dt);
    },
    draw(): void {
      const w = demo.sim.world as World3D;
      fitCanvas(canvas, 4 / 3, 680);
      cam.frame(canvas.width, canvas.height);
      ctx.fillStyle = "#0f141b";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      drawScene3Walls(ctx, cam, demo.sim.template);
      renderer.draw(ctx, cam, w, w.n, colorIndex, palette);
      canvas.dataset.yaw = cam.yaw.toFixed(3);
    },
    stats(): [string, string][] {
      const w = demo.sim.world as World3D;
      return [
        ["spheres", String(w.bodyCount)],
        ["kinetic energy", w.kineticEnergy().toFixed(9)],
      ];
    },
  };
  return demo;
}
