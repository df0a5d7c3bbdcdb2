/**
 * A world as an SVG picture (what `carom render` writes): the container, the walls, every body
 * where it is (filled, with its id as a tooltip) and, given their tracks, where each started
 * (dashed outline) and the path between. With `animate` the bodies move along their tracks
 * (SMIL animation, replayed in a loop); between keyframes the motion is linear, which is the
 * exact motion of bodies without acceleration. The y axis points up, as in the world; a
 * World3D is drawn in projection (`view`).
 */
import { checkKeys } from "../world/options.js";
import { lineColor, worldPicture, type DrawableWorld, type PictureOptions, type WithThirdAxis } from "./picture.js";

/** Options of {@link worldSvg} (every key checked: an unknown one is a RangeError naming it). */
export interface SvgOptions extends PictureOptions {
  /** Width of the picture in pixels (default 1000; the height follows the extent). */
  width?: number;
  /** Title (the <title> and the caption; default "carom"). */
  title?: string;
  /** Move the bodies along their tracks (needs `tracks`; default false). */
  animate?: boolean;
  /** Draw the paths of the first N bodies that have tracks (default all). */
  trails?: number;
  /** Seconds of animation per unit of simulated time (default 1). */
  speed?: number;
  /** Simulated time the picture starts at, for the caption (default: the tracks' first time, else `world.now`). */
  start?: number;
  /** Collisions to name in the caption (default: the events of the last advance). */
  collisions?: number;
  /** Say in the caption that the tracks were cut short. */
  truncated?: boolean;
}

const SVG_KEYS = ["view", "tracks", "bodyColor", "wallColor", "width", "title", "animate", "trails", "speed", "start", "collisions", "truncated"];

/** A number for drawing: 7 significant digits. */
function short(x: number): string {
  return String(+x.toPrecision(7));
}

/** Escapes text for XML content and attribute values. */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string);
}

/**
 * The world at `world.now` as an SVG document (a string), with the paths and animation of the
 * given tracks. Removed bodies are left out.
 *
 * @example
 * ```ts
 * writeFileSync("world.svg", worldSvg(world, { title: "after 2 s", width: 600 }));
 * ```
 */
export function worldSvg(world: DrawableWorld, options: SvgOptions = {}): string {
  checkKeys(options, SVG_KEYS, "worldSvg options");
  const width = options.width ?? 1000;
  if (!(width >= 1 && width <= 1e6)) throw new RangeError(`worldSvg options: width must be a number of pixels from 1 to 1e6, got ${width}`);
  const speed = options.speed ?? 1;
  if (!(speed > 0 && speed < Infinity)) throw new RangeError(`worldSvg options: speed must be a finite number > 0, got ${speed}`);
  const view = options.view ?? "xy";
  const tracks = options.tracks;
  const title = options.title ?? "carom";
  const pic = worldPicture(world, options);
  const { u, v } = pic;
  const spanU = pic.u1 - pic.u0, spanV = pic.v1 - pic.v0;
  const margin = 0.03 * Math.max(spanU, spanV);
  const vx0 = pic.u0 - margin, vw = spanU + 2 * margin;
  const vy0 = pic.v0 - margin, vh = spanV + 2 * margin;
  const px = vw / width; // world units per pixel
  const band = 28 * px; // caption below the drawing
  const height = Math.round(width * ((vh + band) / vw));
  const flip = `matrix(1 0 0 -1 0 ${short(pic.v0 + pic.v1)})`;
  const n = world.n;
  const alive = (i: number): boolean => (world.flags[i] & 1) !== 0;
  const track = (i: number): readonly number[] | undefined => (tracks !== undefined && tracks[i] !== undefined && tracks[i].length >= 4 ? tracks[i] : undefined);
  let start = options.start ?? world.now;
  if (options.start === undefined && tracks !== undefined) for (let i = 0; i < n; i++) if (track(i) !== undefined) start = Math.min(start, (track(i) as readonly number[])[0]);
  const end = world.now;
  const collisions = options.collisions ?? world.events.count;
  const count = Array.from({ length: n }, (_, i) => i).filter(alive).length;
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${short(vx0)} ${short(vy0)} ${short(vw)} ${short(vh + band)}">`);
  out.push(`<title>${xmlEscape(title)}</title>`);
  out.push(
    `<desc>carom render: ${world.dim}D, ${count} bodies, ${pic.walls.length} walls, t = ${short(start)} to ${short(end)}, ${collisions} collisions${world.dim === 3 ? `, projected on ${view}` : ""}</desc>`,
  );
  out.push(`<rect x="${short(vx0)}" y="${short(vy0)}" width="${short(vw)}" height="${short(vh + band)}" fill="#ffffff"/>`);
  out.push(`<g transform="${flip}">`);
  if (pic.bounds !== null) {
    const b = pic.bounds;
    out.push(
      `<rect class="bounds" x="${short(b.u0)}" y="${short(b.v0)}" width="${short(b.u1 - b.u0)}" height="${short(b.v1 - b.v0)}" fill="#eef3ee" stroke="#44624a" stroke-width="${short(2 * px)}"/>`,
    );
  }
  out.push('<g class="walls">');
  for (const s of pic.walls) {
    const color = s.color ?? "#555555";
    const tip = `<title>${xmlEscape(s.id)}</title>`;
    if (s.kind === "line") {
      const [a, b, c, d] = s.points;
      out.push(`<line x1="${short(a)}" y1="${short(b)}" x2="${short(c)}" y2="${short(d)}" stroke="${color}" stroke-width="${short(3 * px)}" stroke-linecap="round">${tip}</line>`);
    } else if (s.kind === "rect") {
      out.push(`<rect x="${short(s.u0)}" y="${short(s.v0)}" width="${short(s.u1 - s.u0)}" height="${short(s.v1 - s.v0)}" fill="${color}" fill-opacity="0.8">${tip}</rect>`);
    } else {
      const pts = [];
      for (let k = 0; k < s.points.length; k += 2) pts.push(`${short(s.points[k])},${short(s.points[k + 1])}`);
      out.push(`<polygon points="${pts.join(" ")}" fill="${color}" fill-opacity="0.35" stroke="${color}" stroke-width="${short(px)}">${tip}</polygon>`);
    }
  }
  out.push("</g>");
  // Paths.
  const trails = Math.min(n, options.trails ?? n);
  out.push('<g class="trails" fill="none" stroke-linejoin="round">');
  for (let i = 0; i < trails; i++) {
    const tr = track(i);
    if (tr === undefined || tr.length <= 4 || (world.flags[i] & 2) !== 0 || !alive(i)) continue;
    const pts: string[] = [];
    for (let k = 0; k < tr.length; k += 4) pts.push(`${short(tr[k + 1 + u])},${short(tr[k + 1 + v])}`);
    out.push(`<polyline data-id="${xmlEscape(world.ids[i])}" points="${pts.join(" ")}" stroke="${lineColor(pic.colors[i])}" stroke-opacity="0.6" stroke-width="${short(1.2 * px)}"/>`);
  }
  out.push("</g>");
  const visible = (r: number): number => Math.max(r, 1.5 * px); // point particles get a dot
  // Start: dashed outlines of the bodies that moved.
  out.push('<g class="start" fill="none">');
  for (let i = 0; i < n; i++) {
    const tr = track(i);
    if (tr === undefined || !alive(i)) continue;
    const m = tr.length - 4;
    if (tr[1] === tr[m + 1] && tr[2] === tr[m + 2] && tr[3] === tr[m + 3]) continue;
    out.push(
      `<circle data-id="${xmlEscape(world.ids[i])}" cx="${short(tr[1 + u])}" cy="${short(tr[1 + v])}" r="${short(visible(world.r[i]))}" stroke="${lineColor(pic.colors[i])}" stroke-width="${short(px)}" stroke-dasharray="${short(3 * px)} ${short(2 * px)}"/>`,
    );
  }
  out.push("</g>");
  // The bodies now (or animated), nearer ones last in a projection.
  const pos = [world.x, world.y, (world as WithThirdAxis).z];
  const w = 3 - u - v;
  const order = Array.from({ length: n }, (_, i) => i).filter(alive);
  if (world.dim === 3) order.sort((a, b) => pos[w][a] - pos[w][b] || a - b);
  const animate = options.animate === true;
  out.push(`<g class="${animate ? "animated" : "end"}" stroke="#222222" stroke-width="${short(0.6 * px)}">`);
  const duration = end - start;
  for (const i of order) {
    const tr = track(i);
    const id = xmlEscape(world.ids[i]);
    const r = short(visible(world.r[i]));
    const tip = `<title>${id}</title>`;
    if (animate && duration > 0 && tr !== undefined && tr.length > 8) {
      const times: string[] = [], cx: string[] = [], cy: string[] = [];
      for (let k = 0; k < tr.length; k += 4) {
        times.push(String(+((tr[k] - start) / duration).toFixed(6)));
        cx.push(short(tr[k + 1 + u]));
        cy.push(short(tr[k + 1 + v]));
      }
      times[0] = "0";
      times[times.length - 1] = "1";
      const dur = `${short(duration * speed)}s`;
      out.push(
        `<circle class="body" data-id="${id}" cx="${cx[0]}" cy="${cy[0]}" r="${r}" fill="${pic.colors[i]}">${tip}` +
          `<animate attributeName="cx" dur="${dur}" repeatCount="indefinite" calcMode="linear" keyTimes="${times.join(";")}" values="${cx.join(";")}"/>` +
          `<animate attributeName="cy" dur="${dur}" repeatCount="indefinite" calcMode="linear" keyTimes="${times.join(";")}" values="${cy.join(";")}"/></circle>`,
      );
    } else {
      out.push(`<circle class="body" data-id="${id}" cx="${short(pos[u][i])}" cy="${short(pos[v][i])}" r="${r}" fill="${pic.colors[i]}">${tip}</circle>`);
    }
  }
  out.push("</g>");
  out.push("</g>");
  const notes: string[] = [];
  if (world.dim === 3) notes.push(`view ${view}`);
  if (pic.skippedPlanes > 0) notes.push(`${pic.skippedPlanes} plane${pic.skippedPlanes > 1 ? "s" : ""} not drawn`);
  if (options.truncated === true) notes.push("paths cut short");
  if (tracks !== undefined && trails < n && trails > 0) notes.push(`paths of the first ${trails} bodies`);
  const caption = `${title}: t = ${short(start)} to ${short(end)}, ${collisions} collisions${notes.length > 0 ? ` (${notes.join(", ")})` : ""}`;
  out.push(`<text x="${short(vx0 + 8 * px)}" y="${short(vy0 + vh + 19 * px)}" font-family="sans-serif" font-size="${short(14 * px)}" fill="#333333">${xmlEscape(caption)}</text>`);
  out.push("</svg>");
  return out.join("\n") + "\n";
}
