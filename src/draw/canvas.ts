/**
 * Debug drawing of a world on a CanvasRenderingContext2D (the `carom/2d/draw` entry): the
 * container, the walls, the bodies (sensors outlined), their velocities, and the contacts of
 * the last `advance` with their normals, from the same picture as the SVG renderer
 * (picture.ts). It reads only the world's public members and changes nothing in it.
 *
 * Bodies are filled in one path per colour, so thousands of them cost a few fills.
 */
import { checkKeys } from "../world/options.js";
import { worldPicture, type DrawableWorld, type PictureOptions, type WithThirdAxis } from "./picture.js";

/**
 * What drawWorld needs of a CanvasRenderingContext2D (a browser's or an OffscreenCanvas's
 * context has all of it), spelled out so that the typings need no DOM library.
 */
export interface DrawContext {
  /** The canvas (its size in pixels, for the "fit" transform). */
  readonly canvas: CanvasSize;
  /** Fill colour (drawWorld sets CSS colour strings). */
  fillStyle: unknown;
  /** Stroke colour. */
  strokeStyle: unknown;
  /** Line width. */
  lineWidth: number;
  /** Line caps. */
  lineCap: string;
  /** Font of the ids. */
  font: string;
  /** Horizontal text alignment. */
  textAlign: string;
  /** Vertical text alignment. */
  textBaseline: string;
  /** Opacity. */
  globalAlpha: number;
  /** Fills a rectangle. */
  fillRect(x: number, y: number, w: number, h: number): void;
  /** Outlines a rectangle. */
  strokeRect(x: number, y: number, w: number, h: number): void;
  /** Starts a path. */
  beginPath(): void;
  /** Moves the pen. */
  moveTo(x: number, y: number): void;
  /** Draws a line. */
  lineTo(x: number, y: number): void;
  /** Adds an arc. */
  arc(x: number, y: number, r: number, a0: number, a1: number): void;
  /** Adds a rectangle. */
  rect(x: number, y: number, w: number, h: number): void;
  /** Closes the path. */
  closePath(): void;
  /** Fills the path. */
  fill(): void;
  /** Strokes the path. */
  stroke(): void;
  /** Writes text. */
  fillText(text: string, x: number, y: number): void;
  /** Dashes. */
  setLineDash(segments: number[]): void;
  /** The current transform (for the pixel size under the "none" transform). */
  getTransform(): LinearPart;
  /** Saves the state. */
  save(): void;
  /** Restores the state. */
  restore(): void;
}

/** A canvas's size in pixels. */
export interface CanvasSize {
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
}

/** The linear part of a canvas transform (a DOMMatrix has it). */
export interface LinearPart {
  /** Horizontal scaling. */
  a: number;
  /** Vertical skewing. */
  b: number;
  /** Horizontal skewing. */
  c: number;
  /** Vertical scaling. */
  d: number;
}

/** Options of {@link drawWorld} (every key checked: an unknown one is a RangeError naming it). */
export interface DrawOptions extends PictureOptions {
  /**
   * "fit" (default): the region is fitted into the canvas (`ctx.canvas.width` x `height`) with y
   * up. "none": everything is drawn in world units under the context's current transform (set
   * your camera first; y is then as your transform makes it).
   */
  transform?: "fit" | "none";
  /** The world rectangle to fit, [minX, minY, maxX, maxY] in the view plane (default: the container, else the extent of the walls and bodies). */
  region?: readonly [number, number, number, number];
  /** Margin around the region, in pixels (default 10). */
  margin?: number;
  /** Fill of the whole canvas first (default "#ffffff"; null: draw over what is there). */
  background?: string | null;
  /** Outline of the container (default "#44624a"; null: not drawn). */
  boundsColor?: string | null;
  /** Draw the walls (default true); their colour is `wallColor(w)`, else "#555555". */
  walls?: boolean;
  /** Draw the bodies (default true); their colour is `bodyColor(i)`, else a hue per body, grey when fixed. */
  bodies?: boolean;
  /** Outline colour of every body (default null: none). */
  outline?: string | null;
  /** Draw sensor bodies, as dashed outlines over a light fill (default true). */
  sensors?: boolean;
  /** Velocity arrows showing this many time units of motion (default 0: none). */
  velocities?: number;
  /** Colour of the velocity arrows (default "#1f6feb"). */
  velocityColor?: string;
  /** The contacts of the last `advance` (world.events): a dot at each point and its normal (default true). */
  contacts?: boolean;
  /** Colour of the contacts (default "#d62828"). */
  contactColor?: string;
  /** Write each body's id next to it (default false). */
  ids?: boolean;
  /** Width of lines, in pixels (default 1.5). */
  lineWidth?: number;
}

/**
 * Where drawWorld put the world. With `yUp` (the "fit" transform) a point (x, y) of the view
 * plane is at canvas pixel (originX + x scale, originY - y scale), so a mouse at (px, py) is at
 * ((px - originX) / scale, (originY - py) / scale) in the world (for `queryPoint`).
 */
export interface DrawTransform {
  /** Canvas pixels per world unit (1 with the "none" transform). */
  scale: number;
  /** Canvas x of world x = 0. */
  originX: number;
  /** Canvas y of world y = 0. */
  originY: number;
  /** True when y points up on the canvas (the "fit" transform). */
  yUp: boolean;
}

const DRAW_KEYS = [
  "view", "tracks", "bodyColor", "wallColor", "transform", "region", "margin", "background", "boundsColor", "walls", "bodies", "outline",
  "sensors", "velocities", "velocityColor", "contacts", "contactColor", "ids", "lineWidth",
];

/**
 * Draws `world` at `world.now` on `ctx`; returns where it put it (see {@link DrawTransform}).
 * A World3D is drawn in projection (`view`, default "xy").
 *
 * @example
 * ```ts
 * world.advance(1 / 60);
 * const at = drawWorld(ctx, world, { velocities: 0.1 });
 * canvas.onclick = (e) => console.log(world.queryPoint((e.offsetX - at.originX) / at.scale, (at.originY - e.offsetY) / at.scale));
 * ```
 */
export function drawWorld(ctx: DrawContext, world: DrawableWorld, options: DrawOptions = {}): DrawTransform {
  checkKeys(options, DRAW_KEYS, "drawWorld options");
  const margin = options.margin ?? 10;
  if (!(margin >= 0 && margin < Infinity)) throw new RangeError(`drawWorld options: margin must be a finite number of pixels >= 0, got ${margin}`);
  const lineWidth = options.lineWidth ?? 1.5;
  if (!(lineWidth > 0 && lineWidth < Infinity)) throw new RangeError(`drawWorld options: lineWidth must be a finite number > 0, got ${lineWidth}`);
  const arrows = options.velocities ?? 0;
  if (!(arrows >= 0 && arrows < Infinity)) throw new RangeError(`drawWorld options: velocities must be a finite number >= 0 (time units of motion), got ${arrows}`);
  const pic = worldPicture(world, options);
  const { u, v } = pic;
  let u0 = pic.u0, v0 = pic.v0, u1 = pic.u1, v1 = pic.v1;
  if (options.region !== undefined) {
    const r = options.region;
    if (!(Array.isArray(r) && r.length === 4 && r.every((x) => Number.isFinite(x)) && r[0] < r[2] && r[1] < r[3])) {
      throw new RangeError(`drawWorld options: region must be [minX, minY, maxX, maxY] with min < max, got ${JSON.stringify(r)}`);
    }
    [u0, v0, u1, v1] = r;
  }
  const fit = (options.transform ?? "fit") === "fit";
  if (!fit && options.transform !== "none") throw new RangeError(`drawWorld options: transform must be "fit" or "none", got ${JSON.stringify(options.transform)}`);
  const W = ctx.canvas.width, H = ctx.canvas.height;
  let scale = 1, originX = 0, originY = 0, ySign = 1, px = 1;
  if (fit) {
    scale = Math.min((W - 2 * margin) / (u1 - u0), (H - 2 * margin) / (v1 - v0));
    if (!(scale > 0 && scale < Infinity)) scale = 1;
    originX = (W - scale * (u0 + u1)) / 2;
    originY = (H + scale * (v0 + v1)) / 2;
    ySign = -1;
  } else {
    const m = ctx.getTransform();
    const s = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    px = s > 0 && s < Infinity ? 1 / s : 1; // one canvas pixel in world units
  }
  const X = (a: number): number => originX + a * scale;
  const Y = (b: number): number => originY + ySign * b * scale;
  const len = (d: number): number => d * scale; // a world length on the canvas
  ctx.save();
  try {
    const background = options.background === undefined ? "#ffffff" : options.background;
    if (background !== null) {
      if (fit) {
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, W, H);
      } else {
        ctx.fillStyle = background;
        ctx.fillRect(u0, v0, u1 - u0, v1 - v0);
      }
    }
    const boundsColor = options.boundsColor === undefined ? "#44624a" : options.boundsColor;
    if (pic.bounds !== null && boundsColor !== null) {
      const b = pic.bounds;
      ctx.strokeStyle = boundsColor;
      ctx.lineWidth = 1.5 * lineWidth * px;
      ctx.strokeRect(X(b.u0), Math.min(Y(b.v0), Y(b.v1)), len(b.u1 - b.u0), len(b.v1 - b.v0));
    }
    if (options.walls !== false) {
      ctx.lineCap = "round";
      for (const s of pic.walls) {
        const color = s.color ?? "#555555";
        if (s.kind === "line") {
          ctx.strokeStyle = color;
          ctx.lineWidth = 2 * lineWidth * px;
          ctx.beginPath();
          ctx.moveTo(X(s.points[0]), Y(s.points[1]));
          ctx.lineTo(X(s.points[2]), Y(s.points[3]));
          ctx.stroke();
        } else if (s.kind === "rect") {
          ctx.fillStyle = color;
          // (at least a pixel wide and high, so that thin boxes show)
          ctx.fillRect(X(s.u0), Math.min(Y(s.v0), Y(s.v1)), Math.max(px, len(s.u1 - s.u0)), Math.max(px, len(s.v1 - s.v0)));
        } else {
          ctx.fillStyle = ctx.strokeStyle = color;
          ctx.lineWidth = lineWidth * px;
          ctx.beginPath();
          for (let k = 0; k < s.points.length; k += 2) ctx.lineTo(X(s.points[k]), Y(s.points[k + 1]));
          ctx.closePath();
          ctx.globalAlpha = 0.35;
          ctx.fill();
          ctx.globalAlpha = 1;
          ctx.stroke();
        }
      }
    }
    const w3 = world as WithThirdAxis;
    const pos = [world.x, world.y, w3.z], vel = [world.vx, world.vy, w3.vz];
    const n = world.n;
    const minR = 0.8 * px;
    const showSensors = options.sensors !== false;
    if (options.bodies !== false) {
      // one path per colour, nearer bodies last in a projection
      const order: number[] = [];
      for (let i = 0; i < n; i++) if ((world.flags[i] & 17) === 1) order.push(i);
      if (world.dim === 3) {
        const w = pos[3 - u - v];
        order.sort((a, b) => w[a] - w[b] || a - b);
      }
      const byColor = new Map<string, number[]>();
      for (const i of order) {
        const c = pic.colors[i];
        let list = byColor.get(c);
        if (list === undefined) byColor.set(c, (list = []));
        list.push(i);
      }
      for (const [color, list] of byColor) {
        ctx.fillStyle = color;
        ctx.beginPath();
        for (const i of list) {
          const x = X(pos[u][i]), y = Y(pos[v][i]), r = len(world.r[i]);
          if (r < minR) ctx.rect(x - minR, y - minR, 2 * minR, 2 * minR);
          else {
            ctx.moveTo(x + r, y);
            ctx.arc(x, y, r, 0, 2 * Math.PI);
          }
        }
        ctx.fill();
      }
      if (options.outline !== undefined && options.outline !== null) {
        ctx.strokeStyle = options.outline;
        ctx.lineWidth = 0.6 * lineWidth * px;
        ctx.beginPath();
        for (const i of order) {
          const x = X(pos[u][i]), y = Y(pos[v][i]), r = Math.max(len(world.r[i]), minR);
          ctx.moveTo(x + r, y);
          ctx.arc(x, y, r, 0, 2 * Math.PI);
        }
        ctx.stroke();
      }
    }
    if (showSensors) {
      ctx.lineWidth = lineWidth * px;
      ctx.setLineDash([4 * px, 3 * px]);
      for (let i = 0; i < n; i++) {
        if ((world.flags[i] & 17) !== 17) continue;
        const x = X(pos[u][i]), y = Y(pos[v][i]), r = Math.max(len(world.r[i]), minR);
        ctx.fillStyle = ctx.strokeStyle = pic.colors[i];
        ctx.beginPath();
        ctx.arc(x, y, r, 0, 2 * Math.PI);
        ctx.globalAlpha = 0.15;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.stroke();
      }
      ctx.setLineDash([]);
    }
    if (arrows > 0) {
      ctx.strokeStyle = options.velocityColor ?? "#1f6feb";
      ctx.lineWidth = lineWidth * px;
      ctx.beginPath();
      for (let i = 0; i < n; i++) {
        if ((world.flags[i] & 1) === 0) continue;
        const du = len(vel[u][i] * arrows), dv = ySign * len(vel[v][i] * arrows);
        if (du === 0 && dv === 0) continue;
        const x = X(pos[u][i]), y = Y(pos[v][i]);
        ctx.moveTo(x, y);
        ctx.lineTo(x + du, y + dv);
        // a head: two strokes back from the tip, a fifth of the arrow long (at most 8 pixels)
        const l = Math.hypot(du, dv), h = Math.min(0.2 * l, 8 * px);
        const ex = du / l, ey = dv / l;
        ctx.moveTo(x + du, y + dv);
        ctx.lineTo(x + du - h * (ex - 0.5 * ey), y + dv - h * (ey + 0.5 * ex));
        ctx.moveTo(x + du, y + dv);
        ctx.lineTo(x + du - h * (ex + 0.5 * ey), y + dv - h * (ey - 0.5 * ex));
      }
      ctx.stroke();
    }
    if (options.contacts !== false && world.events.count > 0) {
      const e = world.events;
      const color = options.contactColor ?? "#d62828";
      const p = [e.px, e.py, e.pz], nrm = [e.nx, e.ny, e.nz];
      const reach = 12 * px;
      ctx.strokeStyle = ctx.fillStyle = color;
      ctx.lineWidth = lineWidth * px;
      ctx.beginPath();
      for (let k = 0; k < e.count; k++) {
        const x = X(p[u][k]), y = Y(p[v][k]);
        ctx.moveTo(x + 2.5 * px, y);
        ctx.arc(x, y, 2.5 * px, 0, 2 * Math.PI);
      }
      ctx.fill();
      ctx.beginPath();
      for (let k = 0; k < e.count; k++) {
        const x = X(p[u][k]), y = Y(p[v][k]);
        ctx.moveTo(x, y);
        ctx.lineTo(x + reach * nrm[u][k], y + ySign * reach * nrm[v][k]);
      }
      ctx.stroke();
    }
    if (options.ids === true) {
      ctx.fillStyle = "#222222";
      ctx.font = `${11 * px}px sans-serif`;
      ctx.textAlign = "left";
      ctx.textBaseline = "bottom";
      for (let i = 0; i < n; i++) {
        if ((world.flags[i] & 1) === 0) continue;
        const r = Math.max(len(world.r[i]), minR);
        ctx.fillText(world.ids[i], X(pos[u][i]) + 0.7 * r, Y(pos[v][i]) + ySign * 0.7 * r);
      }
    }
  } finally {
    ctx.restore();
  }
  return { scale, originX, originY, yUp: fit };
}
