/**
 * A picture of a played shot as SVG: the table seen from above with its long side horizontal
 * (cloth, cushion lines, jaws, pockets; pool, snooker or carom billiards), every ball's path, the
 * balls where they stopped (pocketed ones faded in their pocket), and their ids. Pool balls are
 * coloured by number, snooker and carom balls by name ("red3", "pink", "white", "yellow").
 */
import type { PoolTable } from "./table.js";
import type { BallState } from "./system.js";

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

const COLORS: Record<string, string> = {
  cue: "#f4f1e6", "1": "#f2c100", "2": "#1f4fbf", "3": "#d22b2b", "4": "#6a2c91", "5": "#f07800", "6": "#137a3a", "7": "#7b1f1f", "8": "#111111",
};

const NAMED: Record<string, string> = {
  white: "#f4f1e6", yellow: "#f2c100", red: "#c81d25", green: "#137a3a", brown: "#7a4a21", blue: "#1f4fbf", pink: "#f29cb7", black: "#111111",
};

function color(id: string): string {
  const n = Number(id);
  if (Number.isInteger(n) && n > 8 && n <= 15) return COLORS[String(n - 8)];
  if (/^red\d+$/.test(id)) return NAMED.red;
  return COLORS[id] ?? NAMED[id] ?? "#9aa4ad";
}

/** Dark text on light balls. */
function light(id: string): boolean {
  return ["cue", "1", "9", "white", "yellow", "pink"].includes(id);
}

/** The label on a ball: pool numbers as they are, snooker reds by their number, colours by their initial. */
function label(id: string): string {
  if (/^\d+$/.test(id)) return id;
  const red = /^red(\d+)$/.exec(id);
  if (red) return red[1];
  return id.length <= 2 ? id : id[0].toUpperCase();
}

/** SVG text of the table, the balls' tracks (x, y pairs) and their final states. */
export function shotSvg(table: PoolTable, R: number, tracks: Map<string, number[]>, finals: BallState[], title = "carom pool shot", width = 1000): string {
  const { l, w, cushion_width: cw } = table.specs;
  const m = cw + 0.08; // margin around the cloth (m)
  // Table x (across) becomes the picture's vertical, table y (along) its horizontal.
  const X = (y: number) => (y + m).toFixed(5);
  const Y = (x: number) => (w + m - x).toFixed(5);
  const W = l + 2 * m, H = w + 2 * m;
  const px = width / W;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W.toFixed(5)} ${H.toFixed(5)}" width="${width}" height="${Math.round(H * px)}">`);
  out.push(`<title>${esc(title)}</title>`);
  out.push(`<rect x="0" y="0" width="${W.toFixed(5)}" height="${H.toFixed(5)}" fill="#5a3a1e"/>`);
  out.push(`<rect x="${X(-cw)}" y="${Y(w + cw)}" width="${(l + 2 * cw).toFixed(5)}" height="${(w + 2 * cw).toFixed(5)}" fill="#1e6b3a"/>`);
  for (const p of table.pockets) out.push(`<circle cx="${X(p.center[1])}" cy="${Y(p.center[0])}" r="${p.radius}" fill="#111"/>`);
  const line = 1.5 / px;
  for (const c of table.linear) {
    out.push(`<line x1="${X(c.p1[1])}" y1="${Y(c.p1[0])}" x2="${X(c.p2[1])}" y2="${Y(c.p2[0])}" stroke="#0c3d20" stroke-width="${line.toFixed(5)}"/>`);
  }
  for (const c of table.circular) out.push(`<circle cx="${X(c.center[1])}" cy="${Y(c.center[0])}" r="${c.radius}" fill="none" stroke="#0c3d20" stroke-width="${line.toFixed(5)}"/>`);
  for (const [id, t] of tracks) {
    if (t.length < 4) continue;
    const pts: string[] = [];
    for (let k = 0; k < t.length; k += 2) pts.push(`${X(t[k + 1])},${Y(t[k])}`);
    out.push(`<polyline points="${pts.join(" ")}" fill="none" stroke="${color(id)}" stroke-opacity="0.8" stroke-width="${line.toFixed(5)}"><title>${esc(id)}</title></polyline>`);
  }
  for (const [id, t] of tracks) {
    if (t.length >= 2) out.push(`<circle cx="${X(t[1])}" cy="${Y(t[0])}" r="${R}" fill="none" stroke="${color(id)}" stroke-dasharray="${(3 / px).toFixed(5)}" stroke-width="${line.toFixed(5)}"/>`);
  }
  for (const b of finals) {
    const pocketed = b.state === "pocketed";
    out.push(`<circle cx="${X(b.r[1])}" cy="${Y(b.r[0])}" r="${R}" fill="${color(b.id)}" fill-opacity="${pocketed ? 0.35 : 1}" stroke="#000" stroke-width="${(line / 2).toFixed(5)}"><title>${esc(b.id)}: ${b.state}</title></circle>`);
    out.push(`<text x="${X(b.r[1])}" y="${Y(b.r[0])}" font-size="${(R * 0.9).toFixed(5)}" text-anchor="middle" dominant-baseline="central" fill="${light(b.id) ? "#000" : "#fff"}" font-family="sans-serif">${esc(b.id === "cue" || b.id === "white" ? "" : label(b.id))}</text>`);
  }
  out.push("</svg>\n");
  return out.join("\n");
}
