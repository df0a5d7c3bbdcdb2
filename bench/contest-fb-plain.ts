/**
 * A plain transcription of the Fantastic Bits referee's turn, written the way the referee is
 * written: every entity is an object, positions and speeds are small vector objects that each
 * operation replaces (and that a capture shares between a wizard and its snaffle, as the
 * referee's do), collisions are objects in a list sorted with a stable comparator, every
 * candidate is recomputed at every step. No tricks and no typed arrays.
 *
 * It is the benchmark's plain peer and the test suite's oracle for FantasticBitsSimulation on
 * turns no recorded game holds (test/contest-fb-plain.test.ts): it follows the referee's own
 * order of work (commands per wizard, release and ignore lists, spells, the collision loop's
 * enumeration order: wizards 3..0, snaffles last..first, bludgers 1..0), its arithmetic (squared
 * distances against squared radii, the quadratic's two roots, impulses as vectors times the
 * reciprocal mass, `t += step`) and its quirks (the snaffle keeps the wizard's speed from before
 * the wizard's acceleration, a grab is not re-checked against the snaffle's state, bludgers
 * hit captured and scored snaffles too, Accio ends on a scored target). The rules are written
 * out in docs/contest-rules.md.
 */
import type { FbStateRecord } from "../src/exports/contest.js";

class Vec {
  constructor(public x: number, public y: number) {}
}
const add = (a: Vec, b: Vec): Vec => new Vec(a.x + b.x, a.y + b.y);
const sub = (a: Vec, b: Vec): Vec => new Vec(a.x - b.x, a.y - b.y);
const mult = (a: Vec, f: number): Vec => new Vec(a.x * f, a.y * f);
const dot = (a: Vec, b: Vec): number => a.x * b.x + a.y * b.y;
const lengthSquared = (a: Vec): number => a.x * a.x + a.y * a.y;
/** Squared distance from a to b, in the referee's operand order ((b − a) each). */
const distance2 = (a: Vec, b: Vec): number => (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y);
const distance = (a: Vec, b: Vec): number => Math.sqrt(distance2(a, b));
function normalize(a: Vec): Vec {
  const length = Math.sqrt(a.x * a.x + a.y * a.y);
  return length === 0 ? new Vec(0, 0) : new Vec(a.x / length, a.y / length);
}

/** Java's `(int) Math.round(y)` for y >= 0 (NaN → 0, beyond 2^63 → −1, else the low 32 bits). */
function roundToInt(y: number): number {
  if (y !== y) return 0;
  if (y >= 9223372036854775807) return -1;
  return Math.round(y) | 0;
}
/** The referee's symmetric rounding: half away from zero, to a Java int. */
function symmetricRound(x: number): number {
  const s = x < 0 ? -1 : 1;
  return Math.imul(s, roundToInt(s * x));
}
const roundVec = (a: Vec): Vec => new Vec(symmetricRound(a.x), symmetricRound(a.y));

const WIDTH = 16000, HEIGHT = 7500, GOAL_LOW = 1750, GOAL_HIGH = 5750;
const EPSILON = 0.00001, MIN_IMPULSE = 100;

type Kind = "wizard" | "snaffle" | "bludger" | "post";

interface Entity {
  id: number;
  kind: Kind;
  radius: number;
  mass: number;
  friction: number;
  pos: Vec;
  speed: Vec;
  acc: Vec;
  alive: boolean;
  // wizard
  team: number;
  held: Entity | null;
  cooldown: number;
  spellTurns: number[];
  spellTarget: (Entity | null)[];
  pendingSpell: number;
  pendingTarget: Entity | null;
  // snaffle
  captured: boolean;
  ignore: Entity[];
  // bludger
  lastVictim: Entity | null;
}

/** Spell slots in the record's order. */
const OBLIVIATE = 0, ACCIO = 1, FLIPENDO = 2, PETRIFICUS = 3;
const SPELL_WORDS = ["OBLIVIATE", "ACCIO", "FLIPENDO", "PETRIFICUS"];
const SPELL_COST = [5, 20, 20, 10];
const SPELL_DURATION = [3, 6, 3, 1];

/** A game as the plain transcription holds it. */
export interface PlainFb {
  round: number;
  score: number[];
  magic: number[];
  wizards: Entity[];
  snaffles: Entity[];
  bludgers: Entity[];
  posts: Entity[];
}

function entity(id: number, kind: Kind, pos: Vec, speed: Vec): Entity {
  const radius = kind === "wizard" ? 400 : kind === "snaffle" ? 150 : kind === "bludger" ? 200 : 300;
  const mass = kind === "snaffle" ? 0.5 : kind === "bludger" ? 8 : 1;
  const friction = kind === "bludger" ? 0.1 : 0.25;
  return {
    id, kind, radius, mass, friction, pos, speed, acc: new Vec(0, 0), alive: true, team: id >> 1, held: null, cooldown: 0,
    spellTurns: [0, 0, 0, 0], spellTarget: [null, null, null, null], pendingSpell: -1, pendingTarget: null,
    captured: false, ignore: [], lastVictim: null,
  };
}

/** A game from a recorded state (the contest data's field order). */
export function plainFbFromRecord(r: FbStateRecord): PlainFb {
  const g: PlainFb = {
    round: r.round, score: r.players.map((p) => p[0]), magic: r.players.map((p) => p[1]),
    wizards: r.wizards.map((w) => entity(w[0], "wizard", new Vec(w[1], w[2]), new Vec(w[3], w[4]))),
    snaffles: r.snaffles.map((s) => entity(s[0], "snaffle", new Vec(s[1], s[2]), new Vec(s[3], s[4]))),
    bludgers: r.bludgers.map((b) => entity(b[0], "bludger", new Vec(b[1], b[2]), new Vec(b[3], b[4]))),
    posts: [[0, GOAL_LOW], [0, GOAL_HIGH], [WIDTH, GOAL_LOW], [WIDTH, GOAL_HIGH]].map(([x, y], k) => entity(-1 - k, "post", new Vec(x, y), new Vec(0, 0))),
  };
  const byId = (id: number): Entity | null => id < 0 ? null : [...g.wizards, ...g.snaffles, ...g.bludgers].find((e) => e.id === id) ?? null;
  r.wizards.forEach((w, k) => {
    const wiz = g.wizards[k];
    wiz.held = byId(w[5]);
    wiz.cooldown = w[6];
    for (let s = 0; s < 4; s++) {
      wiz.spellTurns[s] = w[7 + 2 * s];
      wiz.spellTarget[s] = byId(w[8 + 2 * s]);
    }
  });
  r.snaffles.forEach((s, k) => {
    const sn = g.snaffles[k];
    sn.alive = s[5] === 1;
    sn.captured = s[6] === 1;
    sn.ignore = s[7].map((id) => byId(id)!);
  });
  r.bludgers.forEach((b, k) => (g.bludgers[k].lastVictim = byId(b[5])));
  return g;
}

/** The game as a record. */
export function plainFbRecord(g: PlainFb): FbStateRecord {
  return {
    round: g.round,
    players: [[g.score[0], g.magic[0]], [g.score[1], g.magic[1]]],
    wizards: g.wizards.map((w) => [w.id, w.pos.x, w.pos.y, w.speed.x, w.speed.y, w.held ? w.held.id : -1, w.cooldown,
      ...[0, 1, 2, 3].flatMap((s) => [w.spellTurns[s], w.spellTarget[s] ? w.spellTarget[s]!.id : -1])]),
    snaffles: g.snaffles.map((s) => [s.id, s.pos.x, s.pos.y, s.speed.x, s.speed.y, s.alive ? 1 : 0, s.captured ? 1 : 0, s.ignore.map((o) => o.id)]),
    bludgers: g.bludgers.map((b) => [b.id, b.pos.x, b.pos.y, b.speed.x, b.speed.y, b.lastVictim ? b.lastVictim.id : -1]),
  };
}

/** A deep copy (the search's clone): shared vectors stay shared within the copy. */
export function clonePlainFb(g: PlainFb): PlainFb {
  return plainFbFromRecord(plainFbRecord(g));
}

const SPACE = "[ \\t\\n\\x0B\\f\\r]";
const MOVE = new RegExp(`^MOVE (-?[0-9]{1,8})${SPACE}+(-?[0-9]{1,8})${SPACE}+([0-9]{1,8})(?:${SPACE}+.+)?$`);
const THROW = new RegExp(`^THROW (-?[0-9]{1,8})${SPACE}+(-?[0-9]{1,8})${SPACE}+([0-9]{1,8})(?:${SPACE}+.+)?$`);
const SPELLS = SPELL_WORDS.map((w) => new RegExp(`^${w} (-?[0-9]{1,3})(?:${SPACE}+.+)?$`));

/** One wizard's command line (a RangeError where the referee rejects it and the player loses). */
function command(g: PlainFb, wiz: Entity, line: string): void {
  let m: RegExpExecArray | null;
  if ((m = MOVE.exec(line))) {
    const x = Number(m[1]), y = Number(m[2]), power = Number(m[3]);
    if (power > 150) throw new RangeError(`wizard ${wiz.id}: move power ${power}`);
    wiz.acc = wiz.pos.x === x && wiz.pos.y === y ? new Vec(0, 0) : mult(normalize(normalize(sub(new Vec(x, y), wiz.pos))), power);
  } else if ((m = THROW.exec(line))) {
    const x = Number(m[1]), y = Number(m[2]), power = Number(m[3]);
    if (power > 500) throw new RangeError(`wizard ${wiz.id}: throw power ${power}`);
    const s = wiz.held;
    if (s === null) throw new RangeError(`wizard ${wiz.id}: THROW without a snaffle`);
    s.pos = wiz.pos;
    s.acc = s.pos.x === x && s.pos.y === y ? new Vec(0, 0) : mult(normalize(normalize(sub(new Vec(x, y), s.pos))), power);
  } else {
    const k = SPELLS.findIndex((re) => re.test(line));
    if (k < 0) throw new RangeError(`wizard ${wiz.id}: bad command ${JSON.stringify(line)}`);
    const id = Number(SPELLS[k].exec(line)![1]);
    const target = [...g.snaffles.filter((s) => s.alive), ...g.bludgers, ...g.wizards].find((e) => e.id === id) ?? null;
    if (target === null) throw new RangeError(`wizard ${wiz.id}: ${SPELL_WORDS[k]} target ${id} not found`);
    if (k === OBLIVIATE && target.kind !== "bludger") throw new RangeError(`wizard ${wiz.id}: OBLIVIATE needs a bludger`);
    if (k === ACCIO && target.kind === "wizard") throw new RangeError(`wizard ${wiz.id}: ACCIO on a wizard`);
    if ((k === FLIPENDO || k === PETRIFICUS) && target.kind === "wizard" && target.team === wiz.team) throw new RangeError(`wizard ${wiz.id}: ${SPELL_WORDS[k]} on its own team`);
    if (g.magic[wiz.team] >= SPELL_COST[k]) {
      g.magic[wiz.team] -= SPELL_COST[k];
      wiz.pendingSpell = k;
      wiz.pendingTarget = target;
    }
  }
  if (wiz.held !== null) {
    wiz.held.speed = wiz.speed;
    wiz.held.pos = wiz.pos;
    wiz.cooldown = 3;
  }
}

const collides = (a: Entity, b: Entity): boolean => distance2(a.pos, b.pos) <= (a.radius + b.radius) * (a.radius + b.radius);

function applyForce(e: Entity, force: Vec): void {
  e.speed = add(e.speed, mult(force, 1 / e.mass));
}

/** The smaller root of |d + τ dv| = dmin, or Infinity. */
function contactTime(dv: Vec, d: Vec, dmin: number): number {
  const a = lengthSquared(dv), b = d.x * dv.x + d.y * dv.y, c = lengthSquared(d) - dmin * dmin;
  const delta = b * b - a * c;
  if (delta <= 0 || a === 0) return Infinity;
  const rd = Math.sqrt(delta);
  return Math.min((-b + rd) / a, (-b - rd) / a);
}

type Side = "LEFT" | "RIGHT" | "TOP" | "BOTTOM";
interface Collision {
  time: number;
  react: () => void;
}

/** Copies a wizard's position and speed into the snaffle it holds, in place (shared vectors included). */
function carry(wiz: Entity): void {
  if (wiz.kind !== "wizard" || wiz.held === null) return;
  const s = wiz.held;
  s.pos.x = wiz.pos.x;
  s.pos.y = wiz.pos.y;
  s.speed.x = wiz.speed.x;
  s.speed.y = wiz.speed.y;
}

function inGoal(s: Entity): boolean {
  return (s.pos.x <= s.radius || s.pos.x >= WIDTH - s.radius) && s.pos.y >= GOAL_LOW && s.pos.y <= GOAL_HIGH;
}

function wallReact(e: Entity, side: Side): void {
  if (e.kind === "snaffle" && inGoal(e)) return;
  const vertical = side === "TOP" || side === "BOTTOM";
  const normal = vertical ? new Vec(0, -1) : new Vec(-1, 0);
  const force = 2 * (vertical ? e.speed.y : e.speed.x) * e.mass;
  applyForce(e, mult(normal, force));
  const r = e.radius;
  if (e.pos.x > WIDTH - r) e.pos = add(e.pos, new Vec(-2 * (e.pos.x - (WIDTH - r)), 0));
  if (e.pos.x < r) e.pos = add(e.pos, new Vec(-2 * (e.pos.x - r), 0));
  if (e.pos.y > HEIGHT - r) e.pos = add(e.pos, new Vec(0, -2 * (e.pos.y - (HEIGHT - r))));
  if (e.pos.y < r) e.pos = add(e.pos, new Vec(0, -2 * (e.pos.y - r)));
  carry(e);
}

function wallCandidate(e: Entity, list: Collision[], begin: number, min: number): void {
  const r = e.radius, p = e.pos, v = e.speed;
  let side: Side | null = null, t = 0;
  if (p.x < r) side = "LEFT";
  else if (p.x > WIDTH - r) side = "RIGHT";
  else if (p.y < r) side = "TOP";
  else if (p.y > HEIGHT - r) side = "BOTTOM";
  else {
    const snaffle = e.kind === "snaffle";
    const outsideMouth = (tx: number): boolean => !snaffle || p.y + tx * v.y < GOAL_LOW || p.y + tx * v.y > GOAL_HIGH;
    let best: Side | null = null, bt = 0;
    if (v.x > 0) {
      const right = (WIDTH - r - p.x) / v.x;
      if (right >= 0 && outsideMouth(right)) (best = "RIGHT"), (bt = right);
    }
    if (v.x < 0) {
      const left = (r - p.x) / v.x;
      if (left >= 0 && outsideMouth(left) && (best === null || bt > left)) (best = "LEFT"), (bt = left);
    }
    if (v.y > 0) {
      const bottom = (HEIGHT - r - p.y) / v.y;
      if (bottom >= 0 && (best === null || bt > bottom)) (best = "BOTTOM"), (bt = bottom);
    }
    if (v.y < 0) {
      const top = (r - p.y) / v.y;
      if (top >= 0 && (best === null || bt > top)) (best = "TOP"), (bt = top);
    }
    if (best === null || !(bt <= min)) return;
    side = best;
    t = bt;
  }
  const s = side;
  list.push({ time: begin + t, react: () => wallReact(e, s) });
}

/** Bounce of e (moving) on f (moving, or a still goal post). */
function bounceReact(e: Entity, f: Entity): void {
  let normal = normalize(sub(f.pos, e.pos));
  if (normal.x === 0 && normal.y === 0) normal = new Vec(1, 0);
  let force: number;
  if (f.kind === "post") {
    force = dot(normal, e.speed) * e.mass;
  } else {
    force = dot(normal, sub(e.speed, f.speed)) / (1 / e.mass + 1 / f.mass);
  }
  const total = force + Math.max(MIN_IMPULSE, force);
  const impulse = mult(normal, -1 * total);
  applyForce(e, impulse);
  if (f.kind !== "post") applyForce(f, mult(impulse, -1));
  const diff = distance(e.pos, f.pos) - e.radius - f.radius;
  if (diff <= 0) {
    e.pos = add(e.pos, mult(normal, -(-diff / 2 + EPSILON)));
    if (f.kind !== "post") f.pos = add(f.pos, mult(normal, -diff / 2 + EPSILON));
  }
  if (e.kind === "bludger" && f.kind === "wizard") e.lastVictim = f;
  if (f.kind === "bludger" && e.kind === "wizard") f.lastVictim = e;
  carry(e);
  carry(f);
}

function pairCandidate(e: Entity, f: Entity, list: Collision[], begin: number, min: number): void {
  if (collides(e, f)) {
    list.push({ time: begin, react: () => bounceReact(e, f) });
    return;
  }
  const t = contactTime(f.kind === "post" ? e.speed : sub(e.speed, f.speed), sub(e.pos, f.pos), e.radius + f.radius);
  if (t <= min && t > 0) list.push({ time: begin + t, react: () => bounceReact(e, f) });
}

function grabReact(g: PlainFb, wiz: Entity, s: Entity): void {
  if (wiz.held !== null) return;
  const d2 = distance2(s.pos, wiz.pos) + EPSILON;
  for (const o of g.wizards) if (o !== wiz && o.held === null && d2 >= distance2(s.pos, o.pos)) return;
  wiz.held = s;
  s.captured = true;
  s.pos = wiz.pos;
  s.speed = wiz.speed;
}

function grabCandidates(g: PlainFb, wiz: Entity, list: Collision[], begin: number, min: number): void {
  if (wiz.held !== null) return;
  const capturable = (s: Entity): boolean => s.alive && wiz.cooldown <= 0 && !s.captured;
  let closest: Entity | null = null, best = 0;
  for (const s of g.snaffles) {
    if (!capturable(s)) continue;
    const d2 = distance2(wiz.pos, s.pos);
    if (d2 <= 399 * 399 && (closest === null || d2 < best)) (closest = s), (best = d2);
  }
  if (closest !== null) {
    const c = closest;
    list.push({ time: begin, react: () => grabReact(g, wiz, c) });
  }
  for (const s of g.snaffles) {
    if (s === closest || !capturable(s)) continue;
    const t = contactTime(sub(wiz.speed, s.speed), sub(wiz.pos, s.pos), wiz.radius - 1);
    if (t <= min && t > 0) list.push({ time: begin + t, react: () => grabReact(g, wiz, s) });
  }
}

function goalCandidate(g: PlainFb, s: Entity, list: Collision[], begin: number, min: number): void {
  const score = (team: number) => () => {
    s.alive = false;
    g.score[team] += 1;
  };
  if (s.pos.x >= WIDTH) list.push({ time: begin, react: score(0) });
  else if (s.pos.x <= 0) list.push({ time: begin, react: score(1) });
  else if (Math.abs(s.speed.x) > 0) {
    const right = (WIDTH - s.pos.x) / s.speed.x, left = -s.pos.x / s.speed.x;
    if (right <= min && right > 0) list.push({ time: begin + right, react: score(0) });
    else if (left <= min && left > 0) list.push({ time: begin + left, react: score(1) });
  }
}

function moveAll(g: PlainFb, dt: number): void {
  for (const e of [...g.wizards, ...g.snaffles, ...g.bludgers]) if (dt > 0) e.pos = add(e.pos, mult(e.speed, dt));
}

/** One step of the collision loop from `begin`; its length. */
function step(g: PlainFb, begin: number): number {
  const list: Collision[] = [];
  const min = 1 - begin;
  for (let i = 3; i >= 0; i--) {
    const w = g.wizards[i];
    wallCandidate(w, list, begin, min);
    for (const p of g.posts) pairCandidate(w, p, list, begin, min);
    for (let j = i - 1; j >= 0; j--) pairCandidate(w, g.wizards[j], list, begin, min);
    grabCandidates(g, w, list, begin, min);
  }
  for (let i = g.snaffles.length - 1; i >= 0; i--) {
    const s = g.snaffles[i];
    if (!s.alive || s.captured) continue;
    for (const p of g.posts) pairCandidate(s, p, list, begin, min);
    if (!inGoal(s)) wallCandidate(s, list, begin, min);
    for (let j = i - 1; j >= 0; j--) {
      const o = g.snaffles[j];
      if (!o.alive || o.captured || s.ignore.includes(o)) continue;
      pairCandidate(s, o, list, begin, min);
    }
    goalCandidate(g, s, list, begin, min);
  }
  for (let i = g.bludgers.length - 1; i >= 0; i--) {
    const b = g.bludgers[i];
    wallCandidate(b, list, begin, min);
    for (const p of g.posts) pairCandidate(b, p, list, begin, min);
    for (let j = i - 1; j >= 0; j--) pairCandidate(b, g.bludgers[j], list, begin, min);
    for (const w of g.wizards) pairCandidate(b, w, list, begin, min);
    for (const s of g.snaffles) pairCandidate(b, s, list, begin, min);
  }
  if (list.length === 0) {
    moveAll(g, 1 - begin);
    return 1 - begin;
  }
  list.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  const T = list[0].time;
  moveAll(g, T - begin);
  for (const c of list) {
    if (!(c.time <= T + EPSILON)) break;
    c.react();
  }
  return T - begin;
}

/** Plays one turn: the four wizards' command lines (wizards 0..3), as the referee reads them. */
export function plainFbTurn(g: PlainFb, commands: readonly string[]): void {
  for (const e of [...g.wizards, ...g.snaffles, ...g.bludgers]) e.acc = new Vec(0, 0);
  g.wizards.forEach((w, k) => command(g, w, commands[k]));
  // Ignore lists: a pair that no longer overlaps is dropped.
  for (const s of g.snaffles) s.ignore = s.ignore.filter((o) => collides(o, s));
  for (const w of g.wizards) {
    applyForce(w, w.acc);
    const s = w.held;
    if (s !== null) {
      if (w.spellTarget[ACCIO] === s) {
        w.spellTurns[ACCIO] = 0;
        w.spellTarget[ACCIO] = null;
      }
      for (const o of g.snaffles) {
        if (o !== s && collides(s, o)) {
          o.ignore.push(s);
          s.ignore.push(o);
        }
      }
      s.captured = false;
      w.held = null;
    }
    const accio = w.spellTarget[ACCIO];
    if (accio !== null && !accio.alive) {
      w.spellTurns[ACCIO] = 0;
      w.spellTarget[ACCIO] = null;
    }
    if (w.cooldown > 0) w.cooldown--;
  }
  for (const s of g.snaffles) applyForce(s, s.acc);
  for (const b of g.bludgers) {
    let target: Entity | null = null;
    for (const w of g.wizards) {
      const forgotten = g.wizards.some((o) => o.spellTurns[OBLIVIATE] > 0 && o.spellTarget[OBLIVIATE] === b && o.team === w.team);
      if (forgotten || w === b.lastVictim) continue;
      if (target === null || distance(b.pos, w.pos) < distance(b.pos, target.pos)) target = w;
    }
    if (target !== null) b.acc = mult(normalize(sub(target.pos, b.pos)), 1000);
    applyForce(b, b.acc);
  }
  for (const w of g.wizards) {
    const e = w.spellTarget[PETRIFICUS];
    if (e !== null) e.speed = new Vec(0, 0);
  }
  for (const w of g.wizards) {
    const e = w.spellTarget[ACCIO];
    if (e === null) continue;
    const d = sub(w.pos, e.pos);
    const power = Math.min(3000 * (1000000 / lengthSquared(d)), 1000);
    applyForce(e, mult(normalize(d), power));
  }
  for (const w of g.wizards) {
    const e = w.spellTarget[FLIPENDO];
    if (e === null || (e.pos.x === w.pos.x && e.pos.y === w.pos.y)) continue;
    const d = sub(e.pos, w.pos);
    const power = Math.min(6000 * (1000000 / lengthSquared(d)), 1000);
    applyForce(e, mult(normalize(d), power));
  }
  for (let p = 0; p < 2; p++) if (g.magic[p] < 100) g.magic[p]++;
  let steps = 0;
  for (let t = 0; t < 1; ) {
    if (++steps > 1_000_000) throw new RangeError("plain FB transcription: more than 1,000,000 collision steps");
    t += step(g, t);
  }
  for (const e of [...g.wizards, ...g.snaffles, ...g.bludgers]) {
    e.speed = mult(e.speed, 1 - e.friction);
    e.pos = roundVec(e.pos);
    e.speed = roundVec(e.speed);
  }
  // The next round's preparation: counters down, the spells ordered this turn start.
  for (const w of g.wizards) {
    for (let s = 0; s < 4; s++) if (w.spellTurns[s] > 0) w.spellTurns[s]--;
    if (w.pendingSpell >= 0) {
      w.spellTurns[w.pendingSpell] = SPELL_DURATION[w.pendingSpell];
      w.spellTarget[w.pendingSpell] = w.pendingTarget;
      w.pendingSpell = -1;
      w.pendingTarget = null;
    }
    for (let s = 0; s < 4; s++) if (w.spellTurns[s] === 0) w.spellTarget[s] = null;
  }
  g.round += 1;
}
