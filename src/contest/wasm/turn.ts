// One Fantastic Bits referee turn on the bound block (see docs/contest-rules.md): the commands the
// TypeScript side has read and checked (in the scratch), the update in the referee's order, the
// collision loop (loop.ts), friction and rounding, and the next round's preparation.
import {
  N, S, FB, CAP, CACHE, STATE_BYTES, LINK, ALIVE, XS, YS, VXS, VYS, COOLDOWN, SPELL_TURNS, SPELL_TARGET, GAME, IGNORE_COUNT, IGNORE,
  CMD_KIND, CMD_SPELL, CMD_A, CMD_B, CMD_C, ACC_X, ACC_Y, PENDING_SPELL, PENDING_TARGET, IGNORE_ADDS,
  OBLIVIATE, PETRIFICUS, ACCIO, FLIPENDO,
  bind, getX, getY, getVX, getVY, setX, setY, setVX, setVY, getLink, setLink, getAlive, spellTurns, spellTarget, setSpell,
} from "./layout";
import { runLoop, setHeldAtStart, heldAtStartBits } from "./loop";

/** What `turn` returns. */
export const TURN_DONE: i32 = 0;
/** An ignore list would outgrow its slots: nothing changed, give the block more and call again. */
export const TURN_IGNORE_FULL: i32 = 1;
/** More than the collision loop's steps: the state is left mid-turn. */
export const TURN_WEDGED: i32 = 2;
/** More than the collision loop's steps, from a state kept before the turn (see HUGE): the state is as it was. */
export const TURN_WEDGED_RESTORED: i32 = 3;

/**
 * A body with |x| + |y| + |vx| + |vy| from here (the boxes' limit, loop.ts) makes the turn keep
 * a copy of the state first: such speeds (far beyond any game's: a bludger at 2^31 a turn
 * crosses the field 140,000 times) may take the collision loop past its steps, and the state
 * is then put back, so that a turn that fails changes nothing.
 */
const HUGE: f64 = 1048576.0;

@inline function accX(i: i32): f64 { return load<f64>(ACC_X + (i << 3)); }
@inline function accY(i: i32): f64 { return load<f64>(ACC_Y + (i << 3)); }
@inline function setAcc(i: i32, x: f64, y: f64): void {
  store<f64>(ACC_X + (i << 3), x);
  store<f64>(ACC_Y + (i << 3), y);
}
@inline function magicAt(w: i32): i32 { return GAME + ((2 + 2 * (w >> 1)) << 2); }
@inline function ignoreCount(k: i32): i32 { return load<i32>(IGNORE_COUNT + (k << 2)); }

/**
 * Plays one turn of the block at `p` with the commands in the scratch; `root` is the block `p`
 * was copied from with no change since (its caches serve: see postUpdate and loop.ts), or −1.
 */
export function turn(p: i32, root: i32): i32 {
  bind(p);
  if (!ignoreRoom()) return TURN_IGNORE_FULL;
  // this block's state changes: its own caches no longer hold (the state after the update among them, whose room keeps the copy)
  store<i64>(CACHE, 0);
  const copy = CACHE + 8 + N * 40;
  let kept = false;
  for (let i: i32 = 0; i < N; i++) {
    if (!(Math.abs(getX(i)) + Math.abs(getY(i)) + Math.abs(getVX(i)) + Math.abs(getVY(i)) < HUGE)) kept = true;
  }
  if (kept) memory.copy(copy, p, STATE_BYTES);
  let held: i32 = 0;
  for (let w: i32 = 0; w < 4; w++) if (getLink(w) != -1) held |= 1 << getLink(w);
  setHeldAtStart(held);
  const cached = root >= 0 && root != p ? postUpdate(p, root) : -1;
  commands();
  if (cached >= 0) updateFrom(cached);
  else update();
  if (runLoop(p, root) != 0) {
    if (!kept) return TURN_WEDGED;
    memory.copy(p, copy, STATE_BYTES);
    return TURN_WEDGED_RESTORED;
  }
  endRound();
  prepare();
  return TURN_DONE;
}

/**
 * The root's state after the update with commands that change nothing (no thrust, no throw,
 * no spell), kept after its broadphase cache: what the update does is the same for every
 * command but for the thrust added to a wizard's speed and a throw to its snaffle's, which
 * come first, so those are added to it afterwards, to the same bits (updateFrom) — unless a
 * running spell acts on a wizard or on a held snaffle after them (the addition would then come
 * out of order): no cache for such a root. Its address, or −1. Computed at the first turn
 * from the root (`p` holds the root's state then), in place.
 */
function postUpdate(p: i32, root: i32): i32 {
  const flags = root + load<i32>(root, 12);
  const at = flags + 8 + N * 40;
  const known = load<i32>(flags, 4);
  if (known == 1) return at;
  if (known == 2) return -1;
  for (let w: i32 = 0; w < 4; w++) {
    for (let k: i32 = 0; k < 4; k++) {
      const target = spellTarget(w, k);
      if (target == -1 || spellTurns(w, k) <= 0) continue;
      if (target < 4 || (target < FB && ((heldAtStartBits() >> target) & 1) != 0)) {
        store<i32>(flags, 2, 4);
        return -1;
      }
    }
  }
  memory.copy(at, p, STATE_BYTES);
  bind(at);
  for (let i: i32 = 0; i < N; i++) setAcc(i, 0.0, 0.0);
  for (let w: i32 = 0; w < 4; w++) {
    const h = getLink(w);
    if (h == -1) continue;
    setX(h, getX(w));
    setY(h, getY(w));
    setVX(h, getVX(w));
    setVY(h, getVY(w));
    store<i32>(COOLDOWN + (w << 2), 3);
  }
  update();
  bind(p);
  store<i32>(flags, 1, 4);
  return at;
}

/**
 * The update from the root's cached one (postUpdate): that state, then this turn's thrusts and
 * throws added (the wizard's speed was v0 + 0 there, v0 + a here; the snaffle's v + 2 · 0, and
 * v + 2 · a), and the magic: this turn's spells cost what they cost, then +1 up to 100.
 */
function updateFrom(cached: i32): void {
  const magic0 = load<i32>(GAME, 8), magic1 = load<i32>(GAME, 16);
  memory.copy(XS - 16, cached, STATE_BYTES);
  store<i32>(GAME, magic0 < 100 ? magic0 + 1 : magic0, 8);
  store<i32>(GAME, magic1 < 100 ? magic1 + 1 : magic1, 16);
  for (let w: i32 = 0; w < 4; w++) {
    setVX(w, getVX(w) + accX(w));
    setVY(w, getVY(w) + accY(w));
  }
  for (let bits = heldAtStartBits(); bits != 0; bits &= bits - 1) {
    const s = ctz(bits);
    setVX(s, getVX(s) + accX(s) * 2.0);
    setVY(s, getVY(s) + accY(s) * 2.0);
  }
}

/** The last wizard (0..3) that holds snaffle s, or −1: where s will stand once the commands are read. */
function lastHolder(s: i32): i32 {
  let h: i32 = -1;
  for (let w: i32 = 0; w < 4; w++) if (getLink(w) == s) h = w;
  return h;
}

/**
 * Whether every ignore list has room for what this turn's releases add (each held snaffle and
 * every snaffle within 300 of where it is released add each other), counted before anything
 * changes (the refresh's removals, which come first, only make more room).
 */
function ignoreRoom(): bool {
  let any = false;
  for (let w: i32 = 0; w < 4; w++) if (getLink(w) != -1) any = true;
  if (!any) return true;
  for (let k: i32 = 0; k < S; k++) store<i32>(IGNORE_ADDS + (k << 2), 0);
  for (let w: i32 = 0; w < 4; w++) {
    const s = getLink(w);
    if (s == -1) continue;
    const hs = lastHolder(s);
    const sx = getX(hs), sy = getY(hs);
    for (let o: i32 = 4; o < FB; o++) {
      if (o == s) continue;
      const ho = getLink(o) == -1 ? o : lastHolder(o);
      const dx = getX(ho) - sx, dy = getY(ho) - sy;
      if (!(dx * dx + dy * dy <= 90000.0)) continue;
      store<i32>(IGNORE_ADDS + ((o - 4) << 2), load<i32>(IGNORE_ADDS + ((o - 4) << 2)) + 1);
      store<i32>(IGNORE_ADDS + ((s - 4) << 2), load<i32>(IGNORE_ADDS + ((s - 4) << 2)) + 1);
    }
  }
  for (let k: i32 = 0; k < S; k++) if (ignoreCount(k) + load<i32>(IGNORE_ADDS + (k << 2)) > CAP) return false;
  return true;
}

/**
 * The commands, wizard by wizard (player 0's, then player 1's): MOVE accelerates the wizard,
 * THROW the snaffle it holds (which takes its position), towards the target with the direction
 * normalised twice; a spell costs its magic now and starts at the next preparation; a wizard
 * that holds a snaffle hands it its speed (the one before this turn's acceleration) and
 * position, and may not grab again for 3 turns.
 */
function commands(): void {
  for (let i: i32 = 0; i < N; i++) setAcc(i, 0.0, 0.0);
  for (let w: i32 = 0; w < 4; w++) {
    store<i32>(PENDING_SPELL + (w << 2), -1);
    const held = getLink(w);
    const kind = load<i32>(CMD_KIND + (w << 2));
    if (kind < 2) {
      const e = kind == 0 ? w : held;
      const wx = getX(w), wy = getY(w);
      if (kind == 1) {
        setX(held, wx);
        setY(held, wy);
      }
      const tx = load<f64>(CMD_A + (w << 3)), ty = load<f64>(CMD_B + (w << 3)), power = load<f64>(CMD_C + (w << 3));
      if (tx != wx || ty != wy) {
        let dx = tx - wx, dy = ty - wy;
        let len = Math.sqrt(dx * dx + dy * dy);
        dx /= len;
        dy /= len;
        len = Math.sqrt(dx * dx + dy * dy);
        setAcc(e, (dx / len) * power, (dy / len) * power);
      } else {
        setAcc(e, 0.0, 0.0);
      }
    } else {
      const spell = load<i32>(CMD_SPELL + (w << 2));
      const cost: i32 = spell == OBLIVIATE ? 5 : spell == PETRIFICUS ? 10 : 20;
      const at = magicAt(w);
      if (load<i32>(at) >= cost) {
        store<i32>(at, load<i32>(at) - cost);
        store<i32>(PENDING_SPELL + (w << 2), spell);
        store<i32>(PENDING_TARGET + (w << 2), <i32>load<f64>(CMD_A + (w << 3)));
      }
    }
    if (held != -1) {
      setX(held, getX(w));
      setY(held, getY(w));
      setVX(held, getVX(w));
      setVY(held, getVY(w));
      store<i32>(COOLDOWN + (w << 2), 3);
    }
  }
}

function update(): void {
  refreshIgnores();
  for (let w: i32 = 0; w < 4; w++) {
    setVX(w, getVX(w) + accX(w));
    setVY(w, getVY(w) + accY(w));
    const s = getLink(w);
    if (s != -1) {
      if (spellTarget(w, ACCIO) == s) setSpell(w, ACCIO, 0, -1);
      ignoreOverlapping(s);
      setLink(s, -1);
      setLink(w, -1);
    }
    const accio = spellTarget(w, ACCIO);
    if (accio != -1 && getAlive(accio) != 1) setSpell(w, ACCIO, 0, -1);
    const cd = COOLDOWN + (w << 2);
    if (load<i32>(cd) > 0) store<i32>(cd, load<i32>(cd) - 1);
  }
  for (let s: i32 = 4; s < FB; s++) {
    setVX(s, getVX(s) + accX(s) * 2.0);
    setVY(s, getVY(s) + accY(s) * 2.0);
  }
  for (let b: i32 = FB; b < N; b++) aimBludger(b);
  applySpells();
  for (let team: i32 = 0; team < 2; team++) {
    const at = GAME + ((2 + 2 * team) << 2);
    if (load<i32>(at) < 100) store<i32>(at, load<i32>(at) + 1);
  }
}

/** Drops the ignore-list entries of snaffles that no longer overlap (squared distance above 300²). */
function refreshIgnores(): void {
  for (let k: i32 = 0; k < S; k++) {
    const count = ignoreCount(k);
    if (count == 0) continue;
    const s = k + 4, base = IGNORE + ((k * CAP) << 2);
    const sx = getX(s), sy = getY(s);
    let kept: i32 = 0;
    for (let m: i32 = 0; m < count; m++) {
      const o = load<i32>(base + (m << 2));
      const dx = sx - getX(o), dy = sy - getY(o);
      if (dx * dx + dy * dy <= 90000.0) {
        store<i32>(base + (kept << 2), o);
        kept++;
      }
    }
    store<i32>(IGNORE_COUNT + (k << 2), kept);
  }
}

/** Snaffle s (being released) and every other snaffle within 300 of it (scored and held ones too) add each other to their ignore lists, the other's first (ignoreRoom made room). */
function ignoreOverlapping(s: i32): void {
  const sx = getX(s), sy = getY(s);
  for (let o: i32 = 4; o < FB; o++) {
    if (o == s) continue;
    const dx = getX(o) - sx, dy = getY(o) - sy;
    if (!(dx * dx + dy * dy <= 90000.0)) continue;
    append(o - 4, s);
    append(s - 4, o);
  }
}

@inline function append(k: i32, id: i32): void {
  const c = ignoreCount(k);
  store<i32>(IGNORE + ((k * CAP + c) << 2), id);
  store<i32>(IGNORE_COUNT + (k << 2), c + 1);
}

/** A bludger accelerates (1000 × 1/8) towards the nearest wizard (by distance, the first of equals) that is neither its last victim nor obliviated from it by that wizard's team. */
function aimBludger(b: i32): void {
  const bx = getX(b), by = getY(b), victim = getLink(b);
  let best: i32 = -1, bestD: f64 = 0.0;
  for (let w: i32 = 0; w < 4; w++) {
    if (w == victim) continue;
    const c = (w >> 1) << 1;
    if ((spellTurns(c, OBLIVIATE) > 0 && spellTarget(c, OBLIVIATE) == b) || (spellTurns(c + 1, OBLIVIATE) > 0 && spellTarget(c + 1, OBLIVIATE) == b)) continue;
    const dx = getX(w) - bx, dy = getY(w) - by;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (best == -1 || d < bestD) {
      best = w;
      bestD = d;
    }
  }
  if (best == -1) return;
  let dx = getX(best) - bx, dy = getY(best) - by;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len == 0.0) return;
  dx /= len;
  dy /= len;
  setVX(b, getVX(b) + dx * 1000.0 * 0.125);
  setVY(b, getVY(b) + dy * 1000.0 * 0.125);
}

/** Petrificus (speed 0), then Accio (a pull of min(3000·(10^6/d²), 1000)), then Flipendo (a push of min(6000·(10^6/d²), 1000)), each wizard in turn. */
function applySpells(): void {
  for (let w: i32 = 0; w < 4; w++) {
    const e = spellTarget(w, PETRIFICUS);
    if (e != -1 && spellTurns(w, PETRIFICUS) > 0) {
      setVX(e, 0.0);
      setVY(e, 0.0);
    }
  }
  for (let spell: i32 = ACCIO; spell <= FLIPENDO; spell++) {
    for (let w: i32 = 0; w < 4; w++) {
      const e = spellTarget(w, spell);
      if (e == -1 || spellTurns(w, spell) <= 0) continue;
      // Accio: from the target to the wizard; Flipendo: from the wizard to the target (not on the same point).
      let dx: f64, dy: f64;
      if (spell == ACCIO) {
        dx = getX(w) - getX(e);
        dy = getY(w) - getY(e);
      } else {
        if (getX(e) == getX(w) && getY(e) == getY(w)) continue;
        dx = getX(e) - getX(w);
        dy = getY(e) - getY(w);
      }
      const power = Math.min((spell == ACCIO ? 3000.0 : 6000.0) * (1000000.0 / (dx * dx + dy * dy)), 1000.0);
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len != 0.0) {
        dx /= len;
        dy /= len;
      } else {
        dx = 0.0;
        dy = 0.0;
      }
      const inv: f64 = e < 4 ? 1.0 : e < FB ? 2.0 : 0.125;
      setVX(e, getVX(e) + dx * power * inv);
      setVY(e, getVY(e) + dy * power * inv);
    }
  }
}

/** Friction (1 − 0.25 for wizards and snaffles, 1 − 0.1 for bludgers), then positions and speeds rounded half away from zero to Java ints. */
function endRound(): void {
  // (the field addresses as locals: a global is read from memory again at each use)
  const xs = XS, ys = YS, vxs = VXS, vys = VYS, fb = FB, n = N;
  for (let o: i32 = 0, end = fb << 3; o < end; o += 8) {
    const vx = load<f64>(vxs + o) * 0.75, vy = load<f64>(vys + o) * 0.75;
    store<f64>(xs + o, symmetricRound(load<f64>(xs + o)));
    store<f64>(ys + o, symmetricRound(load<f64>(ys + o)));
    store<f64>(vxs + o, symmetricRound(vx));
    store<f64>(vys + o, symmetricRound(vy));
  }
  for (let o: i32 = fb << 3, end = n << 3; o < end; o += 8) {
    const vx = load<f64>(vxs + o) * 0.9, vy = load<f64>(vys + o) * 0.9;
    store<f64>(xs + o, symmetricRound(load<f64>(xs + o)));
    store<f64>(ys + o, symmetricRound(load<f64>(ys + o)));
    store<f64>(vxs + o, symmetricRound(vx));
    store<f64>(vys + o, symmetricRound(vy));
  }
}

/**
 * The referee's symmetric rounding `s · (int) Math.round(s · x)`, s the sign, with no branch on
 * the data: floor(|x| + 1/2) with x's sign, + 0 for a Java int has no −0. |x| + 1/2 is exact
 * below 2^52 but for |x| = 0.49999999999999994, where it rounds up to 1; that value, the results
 * beyond the int range and NaN go to wrappedRound.
 */
@inline function symmetricRound(x: f64): f64 {
  const y = Math.abs(x);
  if (!(y < 2147483647.5)) return wrappedRound(x);
  if (y == 0.49999999999999994) return 0.0;
  return copysign<f64>(Math.floor(y + 0.5), x) + 0.0;
}

/** symmetricRound exactly, for any x: y − floor(y) is exact; a saturating truncation gives Java's long (NaN 0, beyond 2^63 the largest, whose low 32 bits are −1). */
function wrappedRound(x: f64): f64 {
  const y = Math.abs(x);
  let r = Math.floor(y);
  if (y - r >= 0.5) r += 1.0;
  return <f64>((x < 0.0 ? -1 : 1) * <i32><i64>r);
}

/** Next round: spell counters down, the spells ordered this turn start with their full duration, spent ones lose their target. */
function prepare(): void {
  const turns = SPELL_TURNS, targets = SPELL_TARGET;
  for (let w: i32 = 0; w < 4; w++) {
    const spell = load<i32>(PENDING_SPELL + (w << 2));
    for (let k: i32 = 0; k < 4; k++) {
      const at = ((w << 2) + k) << 2;
      let left = load<i32>(turns + at);
      let target = load<i32>(targets + at);
      if (k == spell) {
        left = spell == OBLIVIATE ? 3 : spell == PETRIFICUS ? 1 : spell == ACCIO ? 6 : 3;
        target = load<i32>(PENDING_TARGET + (w << 2));
      } else if (left > 0) {
        left--;
        if (left == 0) target = -1;
      }
      store<i32>(turns + at, left);
      store<i32>(targets + at, target);
    }
  }
  store<i32>(GAME, load<i32>(GAME) + 1);
}
