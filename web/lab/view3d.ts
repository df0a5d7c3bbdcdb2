/**
 * A 3D view on a plain 2D canvas: an orbit camera (drag to rotate, wheel to zoom) with
 * perspective projection, spheres drawn far to near as pre-shaded sprites (one small canvas per
 * colour, scaled), and walls and the container as wireframes. Cheap enough for a few thousand
 * spheres per frame without WebGL.
 */
import type { Scene, World3D } from "../../src/index.js";

export class Camera3D {
  /** Rotation about the vertical (y) axis and tilt, in radians. */
  yaw = 0.6;
  pitch = 0.35;
  /** Distance from the target in units of the scene's size. */
  distance = 2.6;
  cx = 0;
  cy = 0;
  cz = 0;
  /** Size of the scene (the camera's unit). */
  size = 1;
  /** Focal length in canvas pixels, set by `frame`. */
  focal = 1;
  halfW = 0;
  halfH = 0;
  private m = new Float64Array(9);

  /** Looks at the box [min, max]. */
  target(min: readonly number[], max: readonly number[]): void {
    this.cx = (min[0] + max[0]) / 2;
    this.cy = (min[1] + max[1]) / 2;
    this.cz = (min[2] + max[2]) / 2;
    this.size = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2], 1e-9);
  }

  /** Prepares the rotation for a width x height canvas. */
  frame(width: number, height: number): void {
    const cy = Math.cos(this.yaw), sy = Math.sin(this.yaw), cp = Math.cos(this.pitch), sp = Math.sin(this.pitch);
    // rows of R = Rx(pitch) * Ry(yaw): camera axes right, up, forward (into the screen)
    const m = this.m;
    m[0] = cy; m[1] = 0; m[2] = -sy;
    m[3] = sy * sp; m[4] = cp; m[5] = cy * sp;
    m[6] = sy * cp; m[7] = -sp; m[8] = cy * cp;
    this.halfW = width / 2;
    this.halfH = height / 2;
    this.focal = 0.9 * Math.min(width, height) * this.distance / 1.25;
  }

  /** Projects a point: writes screen x, y, pixels per unit at that depth, and depth into out[0..3]; false when behind the camera. */
  project(x: number, y: number, z: number, out: Float64Array): boolean {
    const m = this.m;
    const dx = (x - this.cx) / this.size, dy = (y - this.cy) / this.size, dz = (z - this.cz) / this.size;
    const rx = m[0] * dx + m[1] * dy + m[2] * dz;
    const ry = m[3] * dx + m[4] * dy + m[5] * dz;
    const rz = m[6] * dx + m[7] * dy + m[8] * dz + this.distance;
    if (rz <= 0.05) return false;
    const k = this.focal / rz;
    out[0] = this.halfW + rx * k;
    out[1] = this.halfH - ry * k;
    out[2] = k / this.size;
    out[3] = rz;
    return true;
  }

  /** Drag to rotate, wheel to zoom. */
  attach(canvas: HTMLCanvasElement, onChange: () => void): void {
    let dragging = false, lastX = 0, lastY = 0;
    canvas.addEventListener("pointerdown", (e) => {
      dragging = true;
      lastX = e.clientX;
      lastY = e.clientY;
      canvas.setPointerCapture(e.pointerId);
    });
    canvas.addEventListener("pointermove", (e) => {
      if (!dragging) return;
      this.yaw += (e.clientX - lastX) * 0.01;
      this.pitch = Math.max(-1.5, Math.min(1.5, this.pitch + (e.clientY - lastY) * 0.01));
      lastX = e.clientX;
      lastY = e.clientY;
      onChange();
    });
    const stop = (): void => {
      dragging = false;
    };
    canvas.addEventListener("pointerup", stop);
    canvas.addEventListener("pointercancel", stop);
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.distance = Math.max(1.2, Math.min(8, this.distance * (e.deltaY > 0 ? 1.1 : 1 / 1.1)));
      onChange();
    }, { passive: false });
  }
}

const sprites = new Map<string, HTMLCanvasElement>();

/** A shaded sphere of the colour, lit from the upper left (cached). */
export function sphereSprite(color: string): HTMLCanvasElement {
  let s = sprites.get(color);
  if (s !== undefined) return s;
  s = document.createElement("canvas");
  s.width = s.height = 64;
  const g = s.getContext("2d") as CanvasRenderingContext2D;
  const grad = g.createRadialGradient(22, 20, 2, 32, 32, 32);
  grad.addColorStop(0, "#ffffff");
  grad.addColorStop(0.25, color);
  grad.addColorStop(1, "#05070a");
  g.fillStyle = grad;
  g.beginPath();
  g.arc(32, 32, 31.5, 0, 2 * Math.PI);
  g.fill();
  sprites.set(color, s);
  return s;
}

const P = new Float64Array(4);
const Q = new Float64Array(4);

function line(ctx: CanvasRenderingContext2D, cam: Camera3D, a: readonly number[], b: readonly number[]): void {
  if (!cam.project(a[0], a[1], a[2], P) || !cam.project(b[0], b[1], b[2], Q)) return;
  ctx.moveTo(P[0], P[1]);
  ctx.lineTo(Q[0], Q[1]);
}

/** The 12 edges of the box [min, max]. */
export function boxEdges(ctx: CanvasRenderingContext2D, cam: Camera3D, min: readonly number[], max: readonly number[]): void {
  const c = (i: number): number[] => [i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]];
  for (let i = 0; i < 8; i++) {
    for (const bit of [1, 2, 4]) if ((i & bit) === 0) line(ctx, cam, c(i), c(i | bit));
  }
}

/** Draws the container and the scene's walls (boxes, triangles, planes as square patches). */
export function drawScene3Walls(ctx: CanvasRenderingContext2D, cam: Camera3D, scene: Scene): void {
  ctx.lineWidth = Math.max(1, ctx.canvas.width / 700);
  if (scene.bounds !== undefined) {
    ctx.strokeStyle = "#4a5a6e";
    ctx.beginPath();
    boxEdges(ctx, cam, scene.bounds.min, scene.bounds.max);
    ctx.stroke();
  }
  for (const w of scene.walls ?? []) {
    ctx.strokeStyle = w.color ?? "#b9c4d2";
    ctx.fillStyle = "rgba(160, 180, 205, 0.16)";
    if (w.box !== undefined) {
      ctx.beginPath();
      boxEdges(ctx, cam, w.box.min, w.box.max);
      ctx.stroke();
    } else if (w.triangle !== undefined) {
      const pts = w.triangle;
      ctx.beginPath();
      let ok = true;
      pts.forEach((p, k) => {
        if (!cam.project(p[0], p[1], p[2], P)) ok = false;
        else if (k === 0) ctx.moveTo(P[0], P[1]);
        else ctx.lineTo(P[0], P[1]);
      });
      if (!ok) continue;
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
    } else if (w.plane !== undefined) {
      const [px, py, pz] = w.plane.point;
      let [nx, ny, nz] = w.plane.normal;
      const len = Math.hypot(nx, ny, nz);
      nx /= len;
      ny /= len;
      nz /= len;
      // two unit vectors u, v spanning the plane: u from the axis least aligned with n
      const ax = Math.abs(nx) < 0.6 ? 1 : 0, ay = ax === 0 && Math.abs(ny) < 0.6 ? 1 : 0, az = ax === 0 && ay === 0 ? 1 : 0;
      let ux = ay * nz - az * ny, uy = az * nx - ax * nz, uz = ax * ny - ay * nx;
      const ul = Math.hypot(ux, uy, uz);
      ux /= ul;
      uy /= ul;
      uz /= ul;
      const vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
      // centre: the camera target projected onto the plane
      const d = (cam.cx - px) * nx + (cam.cy - py) * ny + (cam.cz - pz) * nz;
      const ox = cam.cx - d * nx, oy = cam.cy - d * ny, oz = cam.cz - d * nz;
      const h = cam.size * 0.6;
      const corner = (s: number, t: number): number[] => [ox + h * (s * ux + t * vx), oy + h * (s * uy + t * vy), oz + h * (s * uz + t * vz)];
      const cs = [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)];
      ctx.beginPath();
      let ok = true;
      cs.forEach((p, k) => {
        if (!cam.project(p[0], p[1], p[2], P)) ok = false;
        else if (k === 0) ctx.moveTo(P[0], P[1]);
        else ctx.lineTo(P[0], P[1]);
      });
      if (!ok) continue;
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
    }
  }
}

/**
 * Draws spheres 0..n-1 of a World3D far to near; `colorIndex[i]` picks `palette[k]`. The
 * scratch arrays are reused between frames.
 */
export class SphereRenderer {
  private order = new Int32Array(0);
  private depth = new Float64Array(0);
  private sx = new Float64Array(0);
  private sy = new Float64Array(0);
  private sr = new Float64Array(0);

  draw(ctx: CanvasRenderingContext2D, cam: Camera3D, world: World3D, n: number, colorIndex: Uint8Array, palette: readonly string[]): void {
    if (this.order.length < n) {
      this.order = new Int32Array(n);
      this.depth = new Float64Array(n);
      this.sx = new Float64Array(n);
      this.sy = new Float64Array(n);
      this.sr = new Float64Array(n);
    }
    let m = 0;
    for (let i = 0; i < n; i++) {
      if (!cam.project(world.x[i], world.y[i], world.z[i], P)) continue;
      this.sx[i] = P[0];
      this.sy[i] = P[1];
      this.sr[i] = Math.max(0.8, world.r[i] * P[2]);
      this.depth[i] = P[3];
      this.order[m++] = i;
    }
    const depth = this.depth;
    const order = this.order.subarray(0, m).sort((a, b) => depth[b] - depth[a]);
    const images = palette.map(sphereSprite);
    for (let k = 0; k < m; k++) {
      const i = order[k];
      const r = this.sr[i];
      ctx.drawImage(images[colorIndex[i]], this.sx[i] - r, this.sy[i] - r, 2 * r, 2 * r);
    }
  }
}
