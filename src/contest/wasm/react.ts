// How the Fantastic Bits referee resolves one candidate of its collision loop, operation for
// operation (see docs/contest-rules.md): walls, goal posts, bounces, grabs,
// goals, and the carrying of a held snaffle. Also the record of shared objects: the referee's
// grab makes the snaffle share the wizard's position and speed objects and carrying writes
// into the snaffle's objects in place, which shows when two wizards hold one snaffle (carrying
// it for the first writes into the second's objects while they are still shared: the speed
// until the second wizard's speed changes, the position until the next move or push).
import {
  FB, N, POS_SHARE, SPEED_SHARE, GAME, ALIVE,
  getX, getY, getVX, getVY, setX, setY, setVX, setVY, getLink, setLink, radius, mass,
} from "./layout";

export const K_WALL: i32 = 0;
export const K_POST: i32 = 1;
export const K_PAIR: i32 = 2;
export const K_GRAB: i32 = 3;
export const K_GOAL: i32 = 4;
export const SIDE_LEFT: i32 = 0;
export const SIDE_RIGHT: i32 = 1;
export const SIDE_TOP: i32 = 2;
export const SIDE_BOTTOM: i32 = 3;

/** Whether some snaffle shares a wizard's position object (a move then ends that sharing). */
let sharing: bool = false;
/** The bodies a reaction changed since the last clearDirty (bits): their boxes no longer hold. */
export let dirty: i32 = 0;

export function clearDirty(): void {
  dirty = 0;
}

@inline function posShare(s: i32): i32 { return load<i32>(POS_SHARE + (s << 2)); }
@inline function speedShare(s: i32): i32 { return load<i32>(SPEED_SHARE + (s << 2)); }
@inline function setPosShare(s: i32, w: i32): void { store<i32>(POS_SHARE + (s << 2), w); }
@inline function setSpeedShare(s: i32, w: i32): void { store<i32>(SPEED_SHARE + (s << 2), w); }

/** Before a turn's loop: nothing is shared (the end of the last turn made every object new). */
export function resetSharing(): void {
  for (let i: i32 = 0; i < N; i++) {
    setPosShare(i, -1);
    setSpeedShare(i, -1);
  }
  sharing = false;
}

/** Every body moved: positions are new objects. */
export function moved(): void {
  if (!sharing) return;
  for (let i: i32 = 0; i < N; i++) setPosShare(i, -1);
  sharing = false;
}

export function resolve(kind: i32, i: i32, j: i32): void {
  dirty |= 1 << i;
  if (kind == K_PAIR || kind == K_GRAB) dirty |= 1 << j;
  if (kind == K_WALL) {
    const done = wall(i, j);
    if (i < 4 && done != 0) {
      renewed(i, done == 2);
      carry(i);
    }
  } else if (kind == K_POST) {
    const pushed = post(i, j);
    if (i < 4) {
      renewed(i, pushed);
      carry(i);
    }
  } else if (kind == K_PAIR) {
    const pushed = bounce(i, j);
    // A bounce gives both bodies new speed objects (and new positions when pushed apart).
    if (i < 4) renewed(i, pushed);
    if (j < 4) renewed(j, pushed);
    else if (j < FB && getLink(j) != -1) {
      setSpeedShare(j, -1);
      if (pushed) setPosShare(j, -1);
    }
    if (i < 4) carry(i);
    if (j < 4) carry(j);
  } else if (kind == K_GRAB) {
    if (grab(i, j)) {
      setPosShare(j, i);
      setSpeedShare(j, i);
      sharing = true;
    }
  } else if (kind == K_GOAL) {
    store<i32>(ALIVE + (i << 2), 0);
    const at = GAME + ((1 + 2 * j) << 2);
    store<i32>(at, load<i32>(at) + 1);
  }
}

/** Wizard w got a new speed object (and a new position object when `moved`): a snaffle that shared them keeps the old ones. */
function renewed(w: i32, movedToo: bool): void {
  const s = getLink(w);
  if (s == -1) return;
  if (speedShare(s) == w) setSpeedShare(s, -1);
  if (movedToo && posShare(s) == w) setPosShare(s, -1);
}

/** A wizard that holds a snaffle carries it: the snaffle takes its position and speed, written into the snaffle's objects (and so into another wizard's where it shares them). */
function carry(w: i32): void {
  const s = getLink(w);
  if (s == -1) return;
  const x = getX(w), y = getY(w), vx = getVX(w), vy = getVY(w);
  setX(s, x);
  setY(s, y);
  setVX(s, vx);
  setVY(s, vy);
  dirty |= 1 << s;
  const p = posShare(s), v = speedShare(s);
  if (p != -1 && p != w) {
    setX(p, x);
    setY(p, y);
    dirty |= 1 << p;
  }
  if (v != -1 && v != w) {
    setVX(v, vx);
    setVY(v, vy);
    dirty |= 1 << v;
  }
}

/** A snaffle at (x, y) inside a goal mouth (it passes the wall there). */
@inline function snaffleInGoal(x: f64, y: f64): bool {
  return (x <= 150.0 || x >= 15850.0) && y >= 1750.0 && y <= 5750.0;
}

/**
 * Wall `side` for entity i: the speed across it reversed (v − 2v·m·(1/m), which is −v), then
 * mirrored back inside on every side it is beyond. 0 when nothing happened (a snaffle in a goal
 * mouth), 1 when only the speed changed, 2 when it was moved back inside.
 */
function wall(i: i32, side: i32): i32 {
  if (i >= 4 && i < FB && snaffleInGoal(getX(i), getY(i))) return 0;
  if (side == 2 || side == 3) setVY(i, -getVY(i));
  else setVX(i, -getVX(i));
  const r = radius(i);
  let x = getX(i), y = getY(i), done: i32 = 1;
  if (x > 16000.0 - r) {
    x = x + -2.0 * (x - (16000.0 - r));
    done = 2;
  }
  if (x < r) {
    x = x + -2.0 * (x - r);
    done = 2;
  }
  if (y > 7500.0 - r) {
    y = y + -2.0 * (y - (7500.0 - r));
    done = 2;
  }
  if (y < r) {
    y = y + -2.0 * (y - r);
    done = 2;
  }
  setX(i, x);
  setY(i, y);
  return done;
}

/** Entity i bounces off goal post p (still, infinite mass); whether it was pushed out. */
function post(i: i32, p: i32): bool {
  const r = radius(i), m = mass(i);
  let nx = (p < 2 ? 0.0 : 16000.0) - getX(i), ny = ((p & 1) == 0 ? 1750.0 : 5750.0) - getY(i);
  const dist = Math.sqrt(nx * nx + ny * ny);
  if (dist == 0.0) {
    nx = 1.0;
    ny = 0.0;
  } else {
    nx /= dist;
    ny /= dist;
  }
  const force = (nx * getVX(i) + ny * getVY(i)) * m;
  const total = force + Math.max(100.0, force);
  const jx = nx * (-1.0 * total), jy = ny * (-1.0 * total);
  setVX(i, getVX(i) + jx * (1.0 / m));
  setVY(i, getVY(i) + jy * (1.0 / m));
  const diff = dist - r - 300.0;
  if (diff <= 0.0) {
    const push = -(-diff / 2.0 + 0.00001);
    setX(i, getX(i) + nx * push);
    setY(i, getY(i) + ny * push);
    return true;
  }
  return false;
}

/** Entities i (first) and j bounce: elastic impulse plus the minimum impulse 100, pushed apart when they overlap (returns whether); a bludger remembers the wizard it hit. */
function bounce(i: i32, j: i32): bool {
  const ri = radius(i), rj = radius(j), mi = mass(i), mj = mass(j);
  let nx = getX(j) - getX(i), ny = getY(j) - getY(i);
  const dist = Math.sqrt(nx * nx + ny * ny);
  if (dist == 0.0) {
    nx = 1.0;
    ny = 0.0;
  } else {
    nx /= dist;
    ny /= dist;
  }
  const force = (nx * (getVX(i) - getVX(j)) + ny * (getVY(i) - getVY(j))) / (1.0 / mi + 1.0 / mj);
  const total = force + Math.max(100.0, force);
  const jx = nx * (-1.0 * total), jy = ny * (-1.0 * total);
  setVX(i, getVX(i) + jx * (1.0 / mi));
  setVY(i, getVY(i) + jy * (1.0 / mi));
  setVX(j, getVX(j) + jx * -1.0 * (1.0 / mj));
  setVY(j, getVY(j) + jy * -1.0 * (1.0 / mj));
  const diff = dist - ri - rj;
  if (i >= FB && j < 4) setLink(i, j);
  if (diff <= 0.0) {
    const push = -diff / 2.0 + 0.00001;
    setX(i, getX(i) + nx * -push);
    setY(i, getY(i) + ny * -push);
    setX(j, getX(j) + nx * push);
    setY(j, getY(j) + ny * push);
    return true;
  }
  return false;
}

/** Wizard w grabs snaffle s unless it holds one or another wizard with free hands is as close (to 1e-5 in squared distance); whether it did. */
function grab(w: i32, s: i32): bool {
  if (getLink(w) != -1) return false;
  const sx = getX(s), sy = getY(s);
  const wx = getX(w), wy = getY(w);
  const d2 = (wx - sx) * (wx - sx) + (wy - sy) * (wy - sy) + 0.00001;
  for (let o: i32 = 0; o < 4; o++) {
    if (o == w || getLink(o) != -1) continue;
    const ox = getX(o), oy = getY(o);
    if (d2 >= (ox - sx) * (ox - sx) + (oy - sy) * (oy - sy)) return false;
  }
  setLink(w, s);
  setLink(s, w);
  setX(s, wx);
  setY(s, wy);
  setVX(s, getVX(w));
  setVY(s, getVY(w));
  return true;
}
