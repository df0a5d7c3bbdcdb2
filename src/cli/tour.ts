/**
 * `carom tour`: a short tour of the queries with real results, for a first look.
 */
import {
  timeOfImpactCircles,
  sweepCircles,
  sweepSpheres,
  closestApproachCircles,
  shortenMovementCircle,
  overlapCircles,
  enclosingCircle,
  timeOfImpactCirclesBatch,
} from "../index.js";

export function tour(print: (line: string) => void): void {
  const cue = { x: 0.6, y: 0.635, vx: 2.5, vy: 0.05, r: 0.028575 };
  const ball = { x: 1.9, y: 0.66, vx: 0, vy: 0, r: 0.028575 };
  print("carom: exact continuous collision detection for moving circles and spheres\n");
  print("A cue ball rolling at 2.5 m/s towards a ball 1.3 m away:");
  print(`  timeOfImpactCircles(cue, ball, 0.25) = ${timeOfImpactCircles(cue, ball, 0.25)}  (no contact within a quarter second)`);
  const t = timeOfImpactCircles(cue, ball, 1);
  print(`  timeOfImpactCircles(cue, ball, 1)    = ${t} s`);
  const hit = sweepCircles(cue, ball, 2);
  if (hit) print(`  sweepCircles: contact at (${hit.px.toFixed(6)}, ${hit.py.toFixed(6)}), normal (${hit.nx.toFixed(6)}, ${hit.ny.toFixed(6)})`);
  const ca = closestApproachCircles(cue, { ...ball, y: 0.9 }, 2);
  print(`  closest approach to a ball 0.265 m off the line: t = ${ca.t.toFixed(6)} s, centre distance ${ca.distance.toFixed(6)} m`);
  print("\nTunneling: a 1 cm ball moving 1000 units in one frame through a 2 cm ball:");
  const bullet = { x: 0, y: 0, vx: 1000, vy: 0, r: 0.01 };
  const target = { x: 500, y: 0.015, r: 0.01 };
  print(`  overlap at the start or the end of the frame: ${overlapCircles(bullet, target)} / ${overlapCircles({ ...bullet, x: 1000 }, target)}`);
  const m = shortenMovementCircle(bullet, target);
  print(`  shortenMovementCircle: stop after ${m?.vx} units (fraction ${m?.t}) — no tunneling`);
  const s = sweepSpheres({ x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: -9, r: 1 }, { x: 0.6, y: 0, z: -5, vx: 0, vy: 0, vz: 0, r: 1 });
  print(`\nSpheres: a falling sphere meets one below at t = ${s?.t}, normal (${s?.nx.toFixed(4)}, ${s?.ny.toFixed(4)}, ${s?.nz.toFixed(4)})`);
  const c = enclosingCircle([0, 0, 4, 0, 2, 3, 1, 1]);
  print(`\nSmallest circle around 4 points: centre (${c.x.toFixed(4)}, ${c.y.toFixed(4)}), radius ${c.r.toFixed(4)}`);
  const n = 4;
  const f = (...v: number[]): Float64Array => Float64Array.from(v);
  const out = timeOfImpactCirclesBatch(
    new Float64Array(n),
    { x: f(0, 0, 0, 0), y: f(0, 0, 0, 0), vx: f(1, 2, -1, 4), vy: f(0, 0, 0, 0), r: f(1, 1, 1, 1) },
    { x: f(3, 3, 3, 1.5), y: f(0, 0, 0, 0), vx: f(0, 0, 0, 0), vy: f(0, 0, 0, 0), r: f(1, 1, 1, 1) },
  );
  print(`\nBulk: four pairs at once -> [${Array.from(out).join(", ")}]  (Infinity = no contact within tMax)`);
}
