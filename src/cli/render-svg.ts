/**
 * `carom render scene.json -o picture.svg`: the bounds, the walls, every body at the start
 * (dashed outline) and at the end (filled, with its id as a tooltip), and the paths between.
 * With `--animate` the bodies move (SMIL animation, replayed in a loop); between keyframes the
 * motion is linear, which is the exact motion of bodies without acceleration.
 *
 * The y axis points up, as in the scene. A 3D scene is drawn in projection (`--view`).
 */
import type { Recording } from "./recording.js";
import { lineColor, makePicture, short, xmlEscape, type View } from "./render-geometry.js";

export interface SvgOptions {
  view: View;
  animate: boolean;
  /** Bodies whose paths are drawn: all, none, or the first N. */
  trails: number;
  /** Width of the picture in pixels. */
  width: number;
  /** Seconds of animation per unit of simulated time. */
  speed: number;
  title: string;
}

export function renderSvg(rec: Recording, options: SvgOptions): string {
  const pic = makePicture(rec.scene, rec, options.view);
  const { u, v } = pic;
  const spanU = pic.u1 - pic.u0, spanV = pic.v1 - pic.v0;
  const margin = 0.03 * Math.max(spanU, spanV);
  const vx0 = pic.u0 - margin, vw = spanU + 2 * margin;
  const vy0 = pic.v0 - margin, vh = spanV + 2 * margin;
  const px = vw / options.width; // scene units per pixel
  const band = 28 * px; // caption below the drawing
  const height = Math.round(options.width * ((vh + band) / vw));
  const flip = `matrix(1 0 0 -1 0 ${short(pic.v0 + pic.v1)})`;
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${options.width}" height="${height}" viewBox="${short(vx0)} ${short(vy0)} ${short(vw)} ${short(vh + band)}">`,
  );
  out.push(`<title>${xmlEscape(options.title)}</title>`);
  const n = rec.ids.length;
  out.push(
    `<desc>carom render: ${rec.dim}D, ${n} bodies, ${pic.walls.length} walls, t = ${short(rec.start)} to ${short(rec.end)}, ${rec.collisions} collisions${rec.dim === 3 ? `, projected on ${options.view}` : ""}</desc>`,
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
    const title = `<title>${xmlEscape(s.id)}</title>`;
    if (s.kind === "line") {
      const [a, b, c, d] = s.points;
      out.push(`<line x1="${short(a)}" y1="${short(b)}" x2="${short(c)}" y2="${short(d)}" stroke="${color}" stroke-width="${short(3 * px)}" stroke-linecap="round">${title}</line>`);
    } else if (s.kind === "rect") {
      out.push(`<rect x="${short(s.u0)}" y="${short(s.v0)}" width="${short(s.u1 - s.u0)}" height="${short(s.v1 - s.v0)}" fill="${color}" fill-opacity="0.8">${title}</rect>`);
    } else {
      const pts = [];
      for (let k = 0; k < s.points.length; k += 2) pts.push(`${short(s.points[k])},${short(s.points[k + 1])}`);
      out.push(`<polygon points="${pts.join(" ")}" fill="${color}" fill-opacity="0.35" stroke="${color}" stroke-width="${short(px)}">${title}</polygon>`);
    }
  }
  out.push("</g>");
  // Paths.
  const trails = Math.min(n, options.trails);
  out.push('<g class="trails" fill="none" stroke-linejoin="round">');
  for (let i = 0; i < trails; i++) {
    const tr = rec.tracks[i];
    if (tr.length <= 4 || rec.fixed[i]) continue;
    const pts: string[] = [];
    for (let k = 0; k < tr.length; k += 4) pts.push(`${short(tr[k + 1 + u])},${short(tr[k + 1 + v])}`);
    out.push(`<polyline data-id="${xmlEscape(rec.ids[i])}" points="${pts.join(" ")}" stroke="${lineColor(pic.colors[i])}" stroke-opacity="0.6" stroke-width="${short(1.2 * px)}"/>`);
  }
  out.push("</g>");
  const visible = (r: number): number => Math.max(r, 1.5 * px); // point particles get a dot
  // Start: dashed outlines of the bodies that moved.
  out.push('<g class="start" fill="none">');
  for (let i = 0; i < n; i++) {
    const tr = rec.tracks[i];
    const m = tr.length - 4;
    if (tr[1] === tr[m + 1] && tr[2] === tr[m + 2] && tr[3] === tr[m + 3]) continue;
    out.push(
      `<circle data-id="${xmlEscape(rec.ids[i])}" cx="${short(tr[1 + u])}" cy="${short(tr[1 + v])}" r="${short(visible(rec.radius[i]))}" stroke="${lineColor(pic.colors[i])}" stroke-width="${short(px)}" stroke-dasharray="${short(3 * px)} ${short(2 * px)}"/>`,
    );
  }
  out.push("</g>");
  // End (or animated) bodies, nearer ones last in a projection.
  const w = 3 - u - v;
  const order = Array.from({ length: n }, (_, i) => i);
  if (rec.dim === 3) order.sort((a, b) => lastCoord(rec.tracks[a], w) - lastCoord(rec.tracks[b], w) || a - b);
  out.push(`<g class="${options.animate ? "animated" : "end"}" stroke="#222222" stroke-width="${short(0.6 * px)}">`);
  const duration = rec.end - rec.start;
  for (const i of order) {
    const tr = rec.tracks[i];
    const m = tr.length - 4;
    const id = xmlEscape(rec.ids[i]);
    const r = short(visible(rec.radius[i]));
    const title = `<title>${id}</title>`;
    if (options.animate && duration > 0 && tr.length > 8) {
      const times: string[] = [], cx: string[] = [], cy: string[] = [];
      for (let k = 0; k < tr.length; k += 4) {
        times.push(String(+((tr[k] - rec.start) / duration).toFixed(6)));
        cx.push(short(tr[k + 1 + u]));
        cy.push(short(tr[k + 1 + v]));
      }
      times[0] = "0";
      times[times.length - 1] = "1";
      const dur = `${short(duration * options.speed)}s`;
      out.push(
        `<circle class="body" data-id="${id}" cx="${cx[0]}" cy="${cy[0]}" r="${r}" fill="${pic.colors[i]}">${title}` +
          `<animate attributeName="cx" dur="${dur}" repeatCount="indefinite" calcMode="linear" keyTimes="${times.join(";")}" values="${cx.join(";")}"/>` +
          `<animate attributeName="cy" dur="${dur}" repeatCount="indefinite" calcMode="linear" keyTimes="${times.join(";")}" values="${cy.join(";")}"/></circle>`,
      );
    } else {
      out.push(`<circle class="body" data-id="${id}" cx="${short(tr[m + 1 + u])}" cy="${short(tr[m + 1 + v])}" r="${r}" fill="${pic.colors[i]}">${title}</circle>`);
    }
  }
  out.push("</g>");
  out.push("</g>");
  const notes: string[] = [];
  if (rec.dim === 3) notes.push(`view ${options.view}`);
  if (pic.skippedPlanes > 0) notes.push(`${pic.skippedPlanes} plane${pic.skippedPlanes > 1 ? "s" : ""} not drawn`);
  if (rec.truncated) notes.push("paths cut short");
  if (trails < n && trails > 0) notes.push(`paths of the first ${trails} bodies`);
  const caption = `${options.title}: t = ${short(rec.start)} to ${short(rec.end)}, ${rec.collisions} collisions${notes.length > 0 ? ` (${notes.join(", ")})` : ""}`;
  out.push(
    `<text x="${short(vx0 + 8 * px)}" y="${short(vy0 + vh + 19 * px)}" font-family="sans-serif" font-size="${short(14 * px)}" fill="#333333">${xmlEscape(caption)}</text>`,
  );
  out.push("</svg>");
  return out.join("\n") + "\n";
}

function lastCoord(tr: number[], axis: number): number {
  return tr[tr.length - 4 + 1 + axis];
}
