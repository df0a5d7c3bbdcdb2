/**
 * `carom render scene.json -o player.html`: a self-contained page that replays the run on a
 * canvas (play/pause, a time slider, speed), from the same keyframes as the SVG: positions at
 * the start, at every collision of each body, at frame samples where paths curve, and at the
 * end, interpolated linearly in between (exact for bodies without acceleration).
 */
import { worldPicture, type View } from "../index.js";
import type { Recording } from "./recording.js";
import type { AnyWorld } from "./simulate.js";

/** Escapes text for HTML content. */
function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string);
}

const PLAYER = String.raw`
const D = JSON.parse(document.getElementById("data").textContent);
const canvas = document.getElementById("view"), ctx = canvas.getContext("2d");
const slider = document.getElementById("time"), label = document.getElementById("label");
const play = document.getElementById("play"), speedBox = document.getElementById("speed");
let t = D.start, playing = true, last = null;
const cursor = D.tracks.map(() => 0);
function pos(i, time) {
  const tr = D.tracks[i], m = tr.length / 3;
  let k = Math.min(cursor[i], m - 1);
  while (k > 0 && tr[3 * k] > time) k--;
  while (k + 1 < m && tr[3 * (k + 1)] <= time) k++;
  cursor[i] = k;
  if (k + 1 >= m || tr[3 * (k + 1)] === tr[3 * k]) return [tr[3 * k + 1], tr[3 * k + 2]];
  const f = (time - tr[3 * k]) / (tr[3 * (k + 1)] - tr[3 * k]);
  return [tr[3 * k + 1] + f * (tr[3 * k + 4] - tr[3 * k + 1]), tr[3 * k + 2] + f * (tr[3 * k + 5] - tr[3 * k + 2])];
}
function draw() {
  const W = canvas.width, H = canvas.height, pad = 10;
  const s = Math.min((W - 2 * pad) / (D.u1 - D.u0), (H - 2 * pad) / (D.v1 - D.v0));
  const X = (u) => pad + (u - D.u0) * s, Y = (v) => H - pad - (v - D.v0) * s;
  ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, W, H);
  if (D.bounds) { const b = D.bounds; ctx.fillStyle = "#eef3ee"; ctx.strokeStyle = "#44624a"; ctx.lineWidth = 2;
    ctx.fillRect(X(b.u0), Y(b.v1), (b.u1 - b.u0) * s, (b.v1 - b.v0) * s); ctx.strokeRect(X(b.u0), Y(b.v1), (b.u1 - b.u0) * s, (b.v1 - b.v0) * s); }
  for (const w of D.walls) {
    ctx.fillStyle = ctx.strokeStyle = w.color || "#555"; ctx.lineWidth = 3;
    if (w.kind === "rect") ctx.fillRect(X(w.u0), Y(w.v1), (w.u1 - w.u0) * s, (w.v1 - w.v0) * s);
    else { ctx.beginPath(); for (let k = 0; k < w.points.length; k += 2) ctx.lineTo(X(w.points[k]), Y(w.points[k + 1]));
      if (w.kind === "polygon") { ctx.closePath(); ctx.globalAlpha = 0.35; ctx.fill(); ctx.globalAlpha = 1; } else ctx.stroke(); }
  }
  ctx.lineWidth = 0.6; ctx.strokeStyle = "#222";
  for (let i = 0; i < D.bodies.length; i++) {
    const [u, v] = pos(i, t), b = D.bodies[i];
    ctx.beginPath(); ctx.arc(X(u), Y(v), Math.max(b.r * s, 1.5), 0, 2 * Math.PI);
    ctx.fillStyle = b.color; ctx.fill(); ctx.stroke();
  }
  label.textContent = "t = " + t.toFixed(4) + " of " + D.end;
  slider.value = String((t - D.start) / Math.max(D.end - D.start, 1e-300));
}
function frame(now) {
  if (playing && last !== null) {
    t += ((now - last) / 1000) * Number(speedBox.value);
    if (t > D.end) t = D.start;
  }
  last = now; draw(); requestAnimationFrame(frame);
}
play.onclick = () => { playing = !playing; play.textContent = playing ? "pause" : "play"; };
slider.oninput = () => { t = D.start + Number(slider.value) * (D.end - D.start); draw(); };
function resize() { canvas.width = Math.min(window.innerWidth - 20, 1200); canvas.height = Math.round(canvas.width * (D.v1 - D.v0) / (D.u1 - D.u0)) + 20; }
window.onresize = resize; resize(); requestAnimationFrame(frame);
`;

export function renderHtml(rec: Recording, world: AnyWorld, options: { view: View; title: string; speed: number }): string {
  // the library's picture (carom/2d/draw), with the scene's colours and the recorded tracks
  const pic = worldPicture(world, {
    view: options.view,
    tracks: rec.tracks,
    bodyColor: (i) => rec.scene.bodies[i]?.color,
    wallColor: (w) => rec.scene.walls?.[w]?.color,
  });
  const { u, v } = pic;
  const round = (x: number): number => +x.toPrecision(7);
  const tracks = rec.tracks.map((tr) => {
    const out: number[] = [];
    for (let k = 0; k < tr.length; k += 4) out.push(round(tr[k]), round(tr[k + 1 + u]), round(tr[k + 1 + v]));
    return out;
  });
  const data = {
    start: rec.start,
    end: rec.end,
    u0: pic.u0, u1: pic.u1, v0: pic.v0, v1: pic.v1,
    bounds: pic.bounds,
    walls: pic.walls,
    bodies: rec.ids.map((id, i) => ({ id, r: rec.radius[i], color: pic.colors[i] })),
    tracks,
  };
  // "<" escaped so that no id can close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  const title = xmlEscape(options.title);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>body{font-family:sans-serif;margin:10px;color:#333}#controls{display:flex;gap:10px;align-items:center;margin:6px 0}#time{flex:1}</style>
</head>
<body>
<div><b>${title}</b>: ${rec.dim}D, ${rec.ids.length} bodies, ${rec.collisions} collisions${rec.dim === 3 ? `, projected on ${options.view}` : ""}</div>
<div id="controls"><button id="play">pause</button><input id="time" type="range" min="0" max="1" step="0.0001" value="0">
<label>speed <select id="speed"><option value="0.1">0.1x</option><option value="0.25">0.25x</option><option value="0.5">0.5x</option><option value="${options.speed}" selected>${options.speed}x</option><option value="2">2x</option><option value="5">5x</option></select></label><span id="label"></span></div>
<canvas id="view"></canvas>
<script id="data" type="application/json">${json}</script>
<script>${PLAYER}</script>
</body>
</html>
`;
}
