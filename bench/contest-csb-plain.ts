/**
 * A plain transcription of the Coders Strike Back referee turn (data/contest/rules.md), written
 * the way a bot writer would first write it: a pod is an object, a state is an array of pods,
 * a copy clones them, collisions are objects in an array sorted with a comparator. No tricks.
 * It is the benchmark's peer, and a second, independent reading of the rules: the benchmark
 * checks that it replays the sample like CsbSimulation does.
 */

export interface PlainPod {
  x: number; y: number; vx: number; vy: number;
  angle: number | null; passed: number; shieldRound: number | null; boostUsed: boolean;
  mass: number; sx: number; sy: number; path: { t: number; x: number; y: number }[];
}

export interface PlainState {
  checkpoints: [number, number][];
  round: number;
  pods: PlainPod[];
}

export type PlainCommand = { x: number; y: number; thrust: number | "SHIELD" | "BOOST" };

export function clonePlain(s: PlainState): PlainState {
  return { checkpoints: s.checkpoints, round: s.round, pods: s.pods.map((p) => ({ ...p, path: [] })) };
}

function shortAngleDist(a: number, b: number): number {
  const da = (b - a) % (2 * Math.PI);
  return ((2 * da) % (2 * Math.PI)) - da;
}

function ptSegDist(x1: number, y1: number, x2: number, y2: number, px: number, py: number): number {
  x2 -= x1; y2 -= y1; px -= x1; py -= y1;
  let dot = px * x2 + py * y2;
  let proj: number;
  if (dot <= 0) proj = 0;
  else {
    px = x2 - px; py = y2 - py;
    dot = px * x2 + py * y2;
    proj = dot <= 0 ? 0 : (dot * dot) / (x2 * x2 + y2 * y2);
  }
  let len = px * px + py * py - proj;
  if (len < 0) len = 0;
  return Math.sqrt(len);
}

export function plainTurn(s: PlainState, commands: PlainCommand[]): void {
  const r = s.round;
  s.pods.forEach((pod, i) => {
    const c = commands[i];
    let thrust = 0;
    if (c.thrust === "SHIELD") pod.shieldRound = r;
    else if (c.thrust === "BOOST") { thrust = 650; pod.boostUsed = true; }
    else thrust = c.thrust;
    if (pod.shieldRound !== null && r <= pod.shieldRound + 3) thrust = 0;
    pod.mass = pod.shieldRound === r ? 10 : 1;
    let ax = 0, ay = 0;
    if (c.x !== pod.x || c.y !== pod.y) {
      let a = Math.atan2(c.y - pod.y, c.x - pod.x);
      if (pod.angle !== null) {
        const d = shortAngleDist(pod.angle, a);
        if (Math.abs(d) >= Math.PI / 10) a = pod.angle + (Math.PI / 10) * Math.sign(d);
      }
      pod.angle = a;
      const ux = Math.cos(a), uy = Math.sin(a), l = Math.sqrt(ux * ux + uy * uy);
      ax = (ux / l) * thrust; ay = (uy / l) * thrust;
    }
    pod.sx = pod.x; pod.sy = pod.y; pod.path = [];
    pod.vx += ax * (1 / pod.mass); pod.vy += ay * (1 / pod.mass);
  });
  let t = 0;
  while (t < 1) {
    const cands: { t: number; a: PlainPod; b: PlainPod }[] = [];
    for (let i = 3; i >= 0; i--) {
      for (let j = i - 1; j >= 0; j--) {
        const A = s.pods[i], B = s.pods[j];
        const dx = A.x - B.x, dy = A.y - B.y;
        if (Math.sqrt(dx * dx + dy * dy) <= 800) { cands.push({ t, a: A, b: B }); continue; }
        const dvx = A.vx - B.vx, dvy = A.vy - B.vy;
        const a = dvx * dvx + dvy * dvy, b = dx * dvx + dy * dvy, cc = dx * dx + dy * dy - 640000;
        const delta = b * b - a * cc;
        if (delta <= 0 || a === 0) continue;
        const tau = Math.min((-b + Math.sqrt(delta)) / a, (-b - Math.sqrt(delta)) / a);
        if (tau > 0 && tau <= 1 - t) cands.push({ t: t + tau, a: A, b: B });
      }
    }
    if (cands.length === 0) {
      for (const p of s.pods) { p.x += p.vx * (1 - t); p.y += p.vy * (1 - t); }
      break;
    }
    cands.sort((u, v) => u.t - v.t);
    const T = cands[0].t;
    if (T - t > 0) for (const p of s.pods) { p.x += p.vx * (T - t); p.y += p.vy * (T - t); }
    for (const c of cands) {
      if (c.t > T + 1e-5) break;
      const A = c.a, B = c.b;
      let nx = B.x - A.x, ny = B.y - A.y;
      const dist = Math.sqrt(nx * nx + ny * ny);
      if (dist !== 0) { nx /= dist; ny /= dist; }
      const f = (nx * (A.vx - B.vx) + ny * (A.vy - B.vy)) / (1 / A.mass + 1 / B.mass);
      const J = f + Math.max(120, f);
      A.vx += -J * nx * (1 / A.mass); A.vy += -J * ny * (1 / A.mass);
      B.vx += J * nx * (1 / B.mass); B.vy += J * ny * (1 / B.mass);
      const diff = dist - 800;
      if (diff <= 0) {
        const push = -diff / 2 + 1e-5;
        A.x -= nx * push; A.y -= ny * push; B.x += nx * push; B.y += ny * push;
      }
      for (const p of [A, B]) {
        const last = p.path[p.path.length - 1];
        if (last && last.t === c.t) p.path.pop();
        p.path.push({ t: c.t, x: p.x, y: p.y });
      }
    }
    t = T;
  }
  for (const p of s.pods) {
    p.vx *= 1 - 0.15; p.vy *= 1 - 0.15;
    p.x = javaRound(p.x); p.y = javaRound(p.y);
    p.vx = javaTrunc(p.vx); p.vy = javaTrunc(p.vy);
    const points = [{ x: p.sx, y: p.sy }, ...p.path, { x: p.x, y: p.y }];
    for (let n = 0; n < s.checkpoints.length; n++) {
      const [cx, cy] = s.checkpoints[p.passed % s.checkpoints.length];
      let hit = false;
      for (let k = 0; k + 1 < points.length && !hit; k++) hit = ptSegDist(points[k].x, points[k].y, points[k + 1].x, points[k + 1].y, cx, cy) <= 600;
      if (!hit) break;
      p.passed++;
    }
  }
  s.round++;
}

/** Java's `(int) Math.round(x)`: the long Math.round gives (saturated at ±2^63, NaN 0), cut to its low 32 bits. */
function javaRound(x: number): number {
  const r = Math.round(x) + 0;
  if (Math.abs(r) < 2 ** 31) return r;
  const long = Number.isNaN(r) ? 0n : r >= 2 ** 63 ? 2n ** 63n - 1n : r <= -(2 ** 63) ? -(2n ** 63n) : BigInt(r);
  return Number(BigInt.asIntN(32, long));
}

/** Java's `(int)` cast of a double: toward zero, saturated at the int range, NaN 0. */
function javaTrunc(x: number): number {
  return Number.isNaN(x) ? 0 : Math.min(Math.max(Math.trunc(x), -(2 ** 31)), 2 ** 31 - 1) + 0;
}
