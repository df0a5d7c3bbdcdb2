/**
 * Pool break: carom's built-in break scene (a 9-foot table, WPA ball sizes, restitution 0.9),
 * with the cue ball at rest until you shoot. Drag back from the cue ball to aim; the aim line is
 * World2D.predictPath: the cue ball's path off the cushions to the first ball it hits, a ghost
 * ball at the contact and both balls' directions after it. Cloth friction is applied between
 * frames as a constant deceleration (the engine itself is frictionless); collisions inside a
 * frame are exact.
 */
import { POOL_BALL_RADIUS, POOL_TABLE_LENGTH, POOL_TABLE_WIDTH, poolBreakScene, type PathPrediction, type World2D } from "../../src/index.js";
import { button, el, fitCanvas, type Demo, type DemoHost } from "../lab/demo.js";
import { Sim } from "../lab/sim.js";
import { View2D } from "../lab/view2d.js";

/**
 * Deceleration of a ball on cloth, m/s^2: one number for the sliding and rolling phases, chosen
 * so that a 4 m/s shot runs about six table lengths.
 */
const ROLLING_DECELERATION = 0.6;
/** The fastest shot, m/s (a hard break is 8 to 11 m/s). */
const MAX_SHOT_SPEED = 10;
/** Shot speed per metre of drag. */
const SPEED_PER_METRE = 14;

export function createPool(): Demo {
  const scene = poolBreakScene();
  const breakVelocity = scene.bodies[0].velocity ?? [8, 0];
  scene.bodies[0].velocity = [0, 0];
  scene.description = "Pool break from the carom lab: cue ball at rest until shot. " + (scene.description ?? "");
  const sim = new Sim(scene);
  const world = (): World2D => sim.world as World2D;
  const n = scene.bodies.length;
  const numbers = scene.bodies.map((b) => (b.id === "cue" ? 0 : Number((b.id ?? "").replace("ball-", ""))));
  const colors = scene.bodies.map((b) => b.color ?? "#ffffff");
  const cue = 0;
  const view = new View2D();
  const canvas = el("canvas");
  canvas.id = "pool-canvas";
  let ctx: CanvasRenderingContext2D;
  let aiming = false;
  let aimX = 0, aimY = 0; // pointer, world coordinates
  let shotVx = 0, shotVy = 0;
  let prediction: PathPrediction | null = null;
  let shots = 0;
  const cushion = 0.07; // drawn rail width, metres

  const moving = (): number => {
    const w = world();
    let k = 0;
    for (let i = 0; i < n; i++) if (w.vx[i] !== 0 || w.vy[i] !== 0) k++;
    return k;
  };

  /** The shot for the pointer at (px, py): away from the pointer, through the cue ball. */
  const aimAt = (px: number, py: number): void => {
    const w = world();
    const dx = w.x[cue] - px, dy = w.y[cue] - py;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d < 1e-9) {
      shotVx = shotVy = 0;
      prediction = null;
      return;
    }
    const speed = Math.min(MAX_SHOT_SPEED, d * SPEED_PER_METRE);
    shotVx = (dx / d) * speed;
    shotVy = (dy / d) * speed;
    // The aim line: give the cue ball the shot velocity, ask for its path, take it back.
    w.setVelocity(cue, shotVx, shotVy);
    prediction = w.predictPath(cue, Infinity, 6);
    w.setVelocity(cue, 0, 0);
  };

  const shoot = (vx: number, vy: number): void => {
    world().setVelocity(cue, vx, vy);
    prediction = null;
    shots++;
  };

  const toWorld = (e: PointerEvent): [number, number] => {
    const rect = canvas.getBoundingClientRect();
    const sx = canvas.width / rect.width;
    return [view.wx((e.clientX - rect.left) * sx), view.wy((e.clientY - rect.top) * sx)];
  };

  canvas.addEventListener("pointerdown", (e) => {
    if (moving() > 0) return;
    aiming = true;
    canvas.setPointerCapture(e.pointerId);
    [aimX, aimY] = toWorld(e);
    aimAt(aimX, aimY);
  });
  canvas.addEventListener("pointermove", (e) => {
    if (!aiming) return;
    [aimX, aimY] = toWorld(e);
    aimAt(aimX, aimY);
  });
  canvas.addEventListener("pointerup", () => {
    if (!aiming) return;
    aiming = false;
    if (shotVx !== 0 || shotVy !== 0) shoot(shotVx, shotVy);
  });
  canvas.addEventListener("pointercancel", () => {
    aiming = false;
    prediction = null;
  });

  /** Cloth friction between frames: every moving ball loses ROLLING_DECELERATION * dt of speed. */
  const friction = (dt: number): void => {
    const w = world();
    const dv = ROLLING_DECELERATION * dt;
    for (let i = 0; i < n; i++) {
      const vx = w.vx[i], vy = w.vy[i];
      if (vx === 0 && vy === 0) continue;
      const s = Math.sqrt(vx * vx + vy * vy);
      if (s <= dv) w.setVelocity(i, 0, 0);
      else w.setVelocity(i, vx * (1 - dv / s), vy * (1 - dv / s));
    }
  };

  /** The aim line cut where friction would stop the ball (cushion losses ignored). */
  const drawPrediction = (p: PathPrediction): void => {
    const pts = p.points;
    const speed = Math.sqrt(shotVx * shotVx + shotVy * shotVy);
    let budget = (speed * speed) / (2 * ROLLING_DECELERATION);
    ctx.strokeStyle = "rgba(255, 255, 255, 0.85)";
    ctx.lineWidth = Math.max(1.5, canvas.width / 600);
    ctx.setLineDash([8, 6]);
    ctx.beginPath();
    ctx.moveTo(view.sx(pts[0]), view.sy(pts[1]));
    let endX = pts[0], endY = pts[1], reached = true;
    for (let k = 2; k < pts.length; k += 2) {
      const dx = pts[k] - endX, dy = pts[k + 1] - endY;
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len > budget) {
        endX += (dx * budget) / len;
        endY += (dy * budget) / len;
        ctx.lineTo(view.sx(endX), view.sy(endY));
        reached = false;
        break;
      }
      budget -= len;
      endX = pts[k];
      endY = pts[k + 1];
      ctx.lineTo(view.sx(endX), view.sy(endY));
    }
    ctx.stroke();
    ctx.setLineDash([]);
    const r = POOL_BALL_RADIUS * view.scale;
    if (p.hitBody >= 0 && reached) {
      // ghost ball where the cue ball touches the object ball, and where both go next
      ctx.strokeStyle = "rgba(255, 255, 255, 0.9)";
      ctx.beginPath();
      ctx.arc(view.sx(endX), view.sy(endY), r, 0, 2 * Math.PI);
      ctx.stroke();
      const w = world();
      const j = p.hitBody;
      const ray = (x: number, y: number, vx: number, vy: number, color: string): void => {
        const s = Math.sqrt(vx * vx + vy * vy);
        if (s === 0) return;
        const len = Math.min(0.5, (s * s) / (2 * ROLLING_DECELERATION));
        ctx.strokeStyle = color;
        ctx.beginPath();
        ctx.moveTo(view.sx(x), view.sy(y));
        ctx.lineTo(view.sx(x + (vx / s) * len), view.sy(y + (vy / s) * len));
        ctx.stroke();
      };
      ray(endX, endY, p.vx, p.vy, "rgba(255, 255, 255, 0.6)");
      ray(w.x[j], w.y[j], p.otherVx, p.otherVy, colors[j]);
    }
    canvas.dataset.aimPoints = String(pts.length / 2);
    canvas.dataset.aimHit = p.hitBody >= 0 ? (world().ids[p.hitBody] ?? "") : "";
  };

  const drawBall = (i: number, x: number, y: number): void => {
    const r = POOL_BALL_RADIUS * view.scale;
    const number = numbers[i];
    ctx.fillStyle = number > 8 ? "#f4f1e6" : colors[i];
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fill();
    if (number > 8) {
      ctx.save();
      ctx.clip();
      ctx.fillStyle = colors[i];
      ctx.fillRect(x - r, y - 0.55 * r, 2 * r, 1.1 * r);
      ctx.restore();
    }
    if (number > 0 && r > 6) {
      ctx.fillStyle = "#f4f1e6";
      ctx.beginPath();
      ctx.arc(x, y, 0.45 * r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.fillStyle = "#111";
      ctx.font = `${Math.round(0.62 * r)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(String(number), x, y + 0.5);
    }
  };

  return {
    title: "Pool break",
    about:
      "Drag back from the cue ball and let go to shoot (the farther, the harder). The dashed aim line is predictPath: the cue ball's exact path off the cushions to the first ball it meets, a ghost ball at the contact and where both balls go. Or press Break for the standard 8 m/s break.",
    frameDt: 1 / 60,
    sim,
    mount(host: DemoHost): void {
      host.stage.append(canvas);
      ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const row = el("div", "row");
      row.append(
        button("Break", () => {
          if (moving() === 0) shoot(breakVelocity[0], breakVelocity[1]);
        }, "pool-break"),
      );
      host.controls.append(row);
    },
    step(dt: number): void {
      sim.advance(dt);
      friction(dt);
    },
    draw(): void {
      const dpr = fitCanvas(canvas, (POOL_TABLE_LENGTH + 2 * cushion) / (POOL_TABLE_WIDTH + 2 * cushion), 640);
      view.fit(-cushion, -cushion, POOL_TABLE_LENGTH + cushion, POOL_TABLE_WIDTH + cushion, canvas.width, canvas.height, 4 * dpr);
      const w = world();
      ctx.fillStyle = "#0f141b";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = "#5a3a22";
      ctx.fillRect(view.sx(-cushion), view.sy(POOL_TABLE_WIDTH + cushion), (POOL_TABLE_LENGTH + 2 * cushion) * view.scale, (POOL_TABLE_WIDTH + 2 * cushion) * view.scale);
      ctx.fillStyle = "#13683f";
      ctx.fillRect(view.sx(0), view.sy(POOL_TABLE_WIDTH), POOL_TABLE_LENGTH * view.scale, POOL_TABLE_WIDTH * view.scale);
      // head string and foot spot
      ctx.strokeStyle = "rgba(255, 255, 255, 0.12)";
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(view.sx(0.25 * POOL_TABLE_LENGTH), view.sy(0));
      ctx.lineTo(view.sx(0.25 * POOL_TABLE_LENGTH), view.sy(POOL_TABLE_WIDTH));
      ctx.stroke();
      if (aiming) {
        // the cue stick, behind the ball on the pointer's side
        const cx = view.sx(w.x[cue]), cy = view.sy(w.y[cue]);
        const px = view.sx(aimX), py = view.sy(aimY);
        ctx.strokeStyle = "#d9b382";
        ctx.lineWidth = Math.max(3, 0.35 * POOL_BALL_RADIUS * view.scale);
        ctx.beginPath();
        const dx = px - cx, dy = py - cy, d = Math.hypot(dx, dy) || 1;
        ctx.moveTo(cx + (dx / d) * 1.3 * POOL_BALL_RADIUS * view.scale, cy + (dy / d) * 1.3 * POOL_BALL_RADIUS * view.scale);
        ctx.lineTo(px + (dx / d) * 0.6 * view.scale, py + (dy / d) * 0.6 * view.scale);
        ctx.stroke();
        ctx.fillStyle = "#ffffff";
        ctx.font = `${Math.round(13 * dpr)}px system-ui, sans-serif`;
        ctx.textAlign = "left";
        ctx.textBaseline = "bottom";
        ctx.fillText(`${Math.hypot(shotVx, shotVy).toFixed(2)} m/s`, px + 10 * dpr, py - 8 * dpr);
      }
      if (aiming && prediction !== null) drawPrediction(prediction);
      for (let i = 0; i < n; i++) drawBall(i, view.sx(w.x[i]), view.sy(w.y[i]));
      canvas.dataset.cue = `${(view.sx(w.x[cue]) / dpr).toFixed(1)},${(view.sy(w.y[cue]) / dpr).toFixed(1)}`;
      canvas.dataset.scale = String(view.scale / dpr);
      canvas.dataset.moving = String(moving());
    },
    stats(): [string, string][] {
      const w = world();
      const m = moving();
      return [
        ["shots", String(shots)],
        ["balls moving", String(m)],
        ["cue ball speed", `${Math.hypot(w.vx[cue], w.vy[cue]).toFixed(3)} m/s`],
        ["kinetic energy", `${w.kineticEnergy().toFixed(4)} J`],
      ];
    },
  };
}
