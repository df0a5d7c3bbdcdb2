/**
 * Any scene file dropped on the page (or opened), 2D or 3D, run as it is: one `advance` of the
 * frame time per frame, walls and bodies drawn in the scene's colours. This is the view the
 * browser tests use to compare the event-log hash with a run of the same file in Node.
 */
import { sceneDimensions, type Scene, type World2D, type World3D } from "../../src/index.js";
import { el, fitCanvas, type Demo, type DemoHost } from "../lab/demo.js";
import { Sim } from "../lab/sim.js";
import { sceneExtent2, scenePalette } from "../lab/view2d.js";
import { drawWorld } from "../../src/exports/2d/draw.js";
import { Camera3D, SphereRenderer, drawScene3Walls } from "../lab/view3d.js";

export function createSceneViewer(scene: Scene, file: string): Demo {
  const sim = new Sim(scene);
  const dim = sceneDimensions(scene);
  const canvas = el("canvas");
  canvas.id = "scene-canvas";
  let ctx: CanvasRenderingContext2D;
  const { palette, index } = scenePalette(scene, scene.bodies.length);
  const extent = dim === 2 ? sceneExtent2(scene) : [0, 0, 1, 1];
  const cam = new Camera3D();
  const renderer = new SphereRenderer();
  if (dim === 3) {
    if (scene.bounds !== undefined) cam.target(scene.bounds.min, scene.bounds.max);
    else {
      const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
      for (const b of scene.bodies) {
        for (let k = 0; k < 3; k++) {
          lo[k] = Math.min(lo[k], b.position[k] - b.radius);
          hi[k] = Math.max(hi[k], b.position[k] + b.radius);
        }
      }
      if (lo[0] <= hi[0]) cam.target(lo, hi);
    }
  }
  const aspect = dim === 2 ? Math.min(3, Math.max(0.5, (extent[2] - extent[0]) / (extent[3] - extent[1]))) : 4 / 3;

  return {
    title: `Scene: ${file}`,
    about: `${scene.description ?? "A scene file."} ${scene.bodies.length} bodies, ${(scene.walls ?? []).length} walls, ${dim}D. It runs as it is, one advance of 1/60 s per frame (times the speed).`,
    frameDt: 1 / 60,
    sim,
    mount(host: DemoHost): void {
      host.stage.append(canvas);
      ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      if (dim === 3) cam.attach(canvas, () => this.draw());
    },
    step(dt: number): void {
      sim.advance(dt);
    },
    draw(): void {
      const dpr = fitCanvas(canvas, aspect, 680);
      ctx.fillStyle = "#0f141b";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      if (dim === 2) {
        // carom/2d/draw, in the scene's colours
        const wallColors = (scene.walls ?? []).map((wall) => wall.color ?? "#8b98a8");
        drawWorld(ctx, sim.world as World2D, {
          region: [extent[0], extent[1], extent[2], extent[3]], margin: 4 * dpr, background: null, boundsColor: "#3a4656", lineWidth: dpr,
          wallColor: (k) => wallColors[k], bodyColor: (i) => palette[index[i]],
        });
      } else {
        cam.frame(canvas.width, canvas.height);
        drawScene3Walls(ctx, cam, scene);
        const w = sim.world as World3D;
        renderer.draw(ctx, cam, w, w.n, index, palette);
      }
    },
  };
}
