/**
 * Newton's cradle on a rail: five equal steel balls in a row, exactly touching, and k of them
 * sent in from the left. An event-driven world resolves the chain of contacts one pair at a
 * time in exact order (all at the same instant), so k balls in give k balls out at the same
 * speed, with momentum and energy passed through exactly. carom has no strings (no
 * constraints): the balls run on a straight frictionless rail between two end stops (the
 * container), which send them back like the swing of a real cradle.
 */
import type { Scene, SceneBody, World2D } from "../../src/index.js";
import { button, el, fitCanvas, slider, type Demo, type DemoHost } from "../lab/demo.js";
import { Sim } from "../lab/sim.js";
import { View2D } from "../lab/view2d.js";
import { sphereSprite } from "../lab/view3d.js";

const BALLS = 5;
const R = 1;
const SWING = 6;
const SPEED = 6;

export function cradleScene(incoming: number, restitution: number): Scene {
  const bodies: SceneBody[] = [];
  for (let i = 0; i < BALLS; i++) {
    const lifted = i < incoming;
    bodies.push({
      id: `ball-${i + 1}`,
      position: [2 * R * i - (lifted ? SWING : 0), 0],
      velocity: [lifted ? SPEED : 0, 0],
      radius: R,
      mass: 1,
      color: "#c9d3de",
    });
  }
  return {
    carom: 1,
    dimensions: 2,
    description: `Newton's cradle on a rail from the carom lab: ${BALLS} balls, ${incoming} sent in at speed ${SPEED}, restitution ${restitution}.`,
    restitution,
    bounds: { min: [-R - SWING, -2 * R], max: [2 * R * (BALLS - 1) + R + SWING, 2 * R] },
    bodies,
  };
}

export function createCradle(): Demo {
  let incoming = 1;
  let restitution = 1;
  const demo = {
    title: "Newton's cradle",
    about:
      "Five equal balls exactly touching; send 1, 2 or 3 in from the left. The contacts run through the row one pair at a time, all at the same instant, and as many balls leave on the right as came in, at the same speed. The balls run on a frictionless rail between end stops (carom has no strings). Lower the restitution to see why a real cradle ends up swinging together.",
    frameDt: 1 / 60,
    sim: new Sim(cradleScene(incoming, restitution)),
    mount(host: DemoHost): void {
      host.stage.append(canvas);
      ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const row = el("div", "row");
      for (const k of [1, 2, 3]) {
        row.append(button(`${k} in`, () => {
          incoming = k;
          restart();
        }, `cradle-${k}`));
      }
      host.controls.append(row, slider("restitution", 0.8, 1, 0.01, restitution, (v) => {
        restitution = v;
        restart();
      }, "cradle-restitution"));
      host.charts.append(el("div", "readout", "velocity of each ball"), bars, readout);
    },
    step(dt: number): void {
      demo.sim.advance(dt);
      if (demo.sim.lastCollisions > 0) {
        const ev = demo.sim.world.events;
        lastBurst = `${ev.count} contacts, first at t = ${ev.t[0].toFixed(6)}, last at t = ${ev.t[ev.count - 1].toFixed(6)}`;
      }
    },
    draw(): void {
      const w = demo.sim.world as World2D;
      const x0 = w.minX, x1 = w.maxX;
      const dpr = fitCanvas(canvas, (x1 - x0) / 7, 420);
      view.fit(x0, -3.5, x1, 3.5, canvas.width, canvas.height, 6 * dpr);
      ctx.fillStyle = "#0f141b";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      // rail and end stops
      ctx.fillStyle = "#3a4656";
      ctx.fillRect(view.sx(x0), view.sy(-R), (x1 - x0) * view.scale, Math.max(2, 0.12 * view.scale));
      ctx.fillStyle = "#8b98a8";
      ctx.fillRect(view.sx(x0) - 0.4 * view.scale, view.sy(1.6 * R), 0.4 * view.scale, 2.6 * R * view.scale);
      ctx.fillRect(view.sx(x1), view.sy(1.6 * R), 0.4 * view.scale, 2.6 * R * view.scale);
      // rest positions
      ctx.strokeStyle = "rgba(255, 255, 255, 0.1)";
      ctx.lineWidth = dpr;
      for (let i = 0; i < BALLS; i++) {
        ctx.beginPath();
        ctx.arc(view.sx(2 * R * i), view.sy(0), R * view.scale, 0, 2 * Math.PI);
        ctx.stroke();
      }
      const sprite = sphereSprite("#c9d3de");
      for (let i = 0; i < BALLS; i++) {
        const r = R * view.scale;
        ctx.drawImage(sprite, view.sx(w.x[i]) - r, view.sy(w.y[i]) - r, 2 * r, 2 * r);
      }
      drawVelocityBars(w);
      readout.textContent = lastBurst;
      canvas.dataset.velocities = Array.from(w.vx.subarray(0, BALLS)).join(",");
    },
    stats(): [string, string][] {
      const w = demo.sim.world as World2D;
      return [
        ["balls sent in", String(incoming)],
        ["momentum", w.momentum()[0].toFixed(12)],
        ["kinetic energy", w.kineticEnergy().toFixed(12)],
      ];
    },
  };
  const view = new View2D();
  const canvas = el("canvas");
  canvas.id = "cradle-canvas";
  let ctx: CanvasRenderingContext2D;
  const bars = el("canvas");
  bars.id = "cradle-velocities";
  const readout = el("div", "readout");
  let lastBurst = "";

  const restart = (): void => {
    demo.sim = new Sim(cradleScene(incoming, restitution));
    lastBurst = "";
  };

  const drawVelocityBars = (w: World2D): void => {
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const cw = Math.round(bars.clientWidth * dpr) || 300, ch = Math.round(bars.clientHeight * dpr) || 130;
    if (bars.width !== cw || bars.height !== ch) {
      bars.width = cw;
      bars.height = ch;
    }
    const g = bars.getContext("2d") as CanvasRenderingContext2D;
    g.fillStyle = "#0c1016";
    g.fillRect(0, 0, cw, ch);
    g.strokeStyle = "#27313d";
    g.beginPath();
    g.moveTo(0, ch / 2);
    g.lineTo(cw, ch / 2);
    g.stroke();
    const bw = cw / BALLS;
    for (let i = 0; i < BALLS; i++) {
      const v = w.vx[i] / SPEED;
      g.fillStyle = v >= 0 ? "#4cc9f0" : "#f72585";
      const h = (v * ch) / 2.2;
      g.fillRect(i * bw + bw * 0.2, ch / 2 - Math.max(0, h), bw * 0.6, Math.abs(h));
    }
  };

  return demo;
}
