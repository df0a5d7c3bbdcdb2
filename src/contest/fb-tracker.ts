/**
 * A Fantastic Bits bot's view of the game, turned into the full state FantasticBitsSimulation
 * needs. The game's input shows, each turn, every wizard, snaffle in play and bludger (id,
 * position, speed, and for a wizard whether it holds a snaffle) and both players' score and
 * magic; `FbTracker` keeps the rest from turn to turn, as far as a bot can know it:
 *
 * - which snaffle a wizard holds (the one on its position) and so which are captured;
 * - grab cooldowns (3 when a wizard held a snaffle as it ordered, counted down each turn);
 * - its own spells, from the commands it printed and its magic (a spell it could not pay for
 *   is not cast), with the referee's rules (Accio ends when its caster holds the target or the
 *   target scores);
 * - the ignore lists of snaffles (the referee's rule run on the positions it saw: a released
 *   snaffle and every snaffle within 300 ignore each other until they part);
 * - scored snaffles, no longer shown: their last state, carried on with friction.
 *
 * The rest it estimates (documented, not exact): each bludger's last victim (a wizard the
 * bludger met in the turn, seen from how it bounced: its speed changed by far more than its
 * thrust can, near that wizard), and the opponent's spells: the kind from the magic it spent
 * (5 Obliviate, 10 Petrificus, 20 Accio or Flipendo), the caster and target first guessed (the
 * snaffle or bludger nearest one of its wizards), then, once the spell acted, the entity and
 * caster whose change of speed the spell explains best.
 */
import { FantasticBitsSimulation } from "./fb-simulation.js";
import type { FbBludger, FbSnaffle, FbState, FbWizard, FbSpell } from "./fb-state.js";
import type { FbCommand } from "./fb-commands.js";

type SpellName = "obliviate" | "petrificus" | "accio" | "flipendo";
const SPELLS: readonly SpellName[] = ["obliviate", "petrificus", "accio", "flipendo"];
const COST: Record<SpellName, number> = { obliviate: 5, petrificus: 10, accio: 20, flipendo: 20 };
const DURATION: Record<SpellName, number> = { obliviate: 3, petrificus: 1, accio: 6, flipendo: 3 };
/** The kinds of spell each cost buys (5, 10, 20). */
const KINDS: SpellName[][] = [["obliviate"], ["petrificus"], ["accio", "flipendo"]];

interface Entity {
  id: number;
  type: string;
  x: number;
  y: number;
  vx: number;
  vy: number;
  state: number;
}
type Body = { x: number; y: number; vx: number; vy: number };

/** Half-away rounding, as the referee rounds positions and speeds. */
const round = (v: number): number => (v < 0 ? -Math.round(-v) : Math.round(v)) + 0;
const none = (): FbSpell => ({ turns: 0, target: -1 });

/**
 * Reads a Fantastic Bits bot's input turn by turn (`read`) and keeps the full referee state it
 * implies (`state`, `simulation`): what the input shows, what the bot can know exactly from
 * its own commands and the referee's rules, and documented estimates for the rest (this file's
 * header, and docs/contest-rules.md).
 */
export class FbTracker {
  /** The bot's team: 0 scores on the right with wizards 0 and 1, 1 on the left with wizards 2 and 3. */
  declare readonly myTeam: 0 | 1;
  /** The tracked state (after the last `read`), in the referee's ids. */
  private current: FbState | null = null;
  /** Opponent spells cast last turn (the kinds their cost allows), still guesses, to place again once they acted. */
  private guessed: SpellName[][] = [];

  /** `myTeam`: the game's first input line (0: you score on the right, wizards 0 and 1; 1: wizards 2 and 3). */
  constructor(myTeam: 0 | 1) {
    if (myTeam !== 0 && myTeam !== 1) throw new RangeError(`myTeam must be 0 or 1, got ${String(myTeam)}`);
    this.myTeam = myTeam;
  }

  /**
   * Reads a turn's input lines (`myScore myMagic`, `opponentScore opponentMagic`, the entity
   * count, then `id type x y vx vy state` per entity) and returns the full state; `mine` are the
   * two commands this bot printed last turn (its wizards' ids in order), which tell its spells.
   */
  read(lines: readonly string[], mine?: readonly (string | FbCommand)[]): FbState {
    if (!Array.isArray(lines) || lines.length < 3) throw new RangeError(`lines must hold the scores, the magic, the entity count and the entities, got ${Array.isArray(lines) ? lines.length : typeof lines} lines`);
    const [myScore, myMagic] = ints(lines[0], 2, "lines[0] (my score and magic)");
    const [opScore, opMagic] = ints(lines[1], 2, "lines[1] (opponent's score and magic)");
    const [count] = ints(lines[2], 1, "lines[2] (entity count)");
    if (lines.length !== 3 + count) throw new RangeError(`lines must hold 3 + ${count} lines, got ${lines.length}`);
    const seen = new Map<number, Entity>();
    let firstBludger = Infinity;
    for (let k = 3; k < lines.length; k++) {
      const parts = String(lines[k]).trim().split(/\s+/), type = parts.splice(1, 1)[0];
      if (parts.length !== 6) throw new RangeError(`lines[${k}] must be "id type x y vx vy state", got ${JSON.stringify(lines[k])}`);
      const [id, x, y, vx, vy, state] = parts.map((v) => ints(v, 1, `lines[${k}]`)[0]);
      seen.set(id, { id, type, x, y, vx, vy, state });
      if (type === "BLUDGER") firstBludger = Math.min(firstBludger, id);
    }
    const bludgers = [firstBludger, firstBludger + 1].map((id) => seen.get(id));
    if (![0, 1, 2, 3].every((id) => seen.get(id)?.type.endsWith("WIZARD")) || bludgers.some((b) => b?.type !== "BLUDGER")) throw new RangeError("a turn shows wizards 0..3 and two bludgers (the last two ids)");
    const prev = this.current;
    const players = [{ score: myScore, magic: myMagic }, { score: opScore, magic: opMagic }];
    const state: FbState = {
      round: prev === null ? 0 : prev.round + 1,
      players: this.myTeam === 0 ? players : players.reverse(),
      wizards: [0, 1, 2, 3].map((id) => this.wizard(seen.get(id)!, prev)),
      snaffles: Array.from({ length: firstBludger - 4 }, (_, k) => this.snaffle(4 + k, seen.get(4 + k), prev)),
      bludgers: bludgers.map((b) => this.bludger(b!, prev, seen)),
    };
    // which snaffle each holding wizard holds: the one on its position (captured)
    for (const w of state.wizards) {
      if (seen.get(w.id)!.state !== 1) continue;
      const s = state.snaffles.find((sn) => sn.alive && sn.x === w.x && sn.y === w.y) ?? nearestSnaffle(state, w);
      if (s !== undefined) (w.holding = s.id), (s.captured = true);
    }
    if (prev !== null) {
      this.ignoreLists(prev, state);
      this.ownSpells(prev, state, mine);
      this.opponentSpells(prev, state);
    }
    this.current = state;
    return structuredClone(state);
  }

  /** The tracked state (a copy). */
  state(): FbState {
    if (this.current === null) throw new RangeError("FbTracker: no turn read yet");
    return structuredClone(this.current);
  }

  /** A simulation at the tracked state. */
  simulation(): FantasticBitsSimulation {
    return FantasticBitsSimulation.fromState(this.state());
  }

  private wizard(e: Entity, prev: FbState | null): FbWizard {
    const before = prev?.wizards[e.id];
    // held as it ordered last turn: 3, one less after that turn's update (and so on)
    const cooldown = before === undefined ? 0 : before.holding !== -1 ? 2 : Math.max(0, before.grabCooldown - 1);
    const spells = Object.fromEntries(SPELLS.map((name) => [name, { ...(before?.spells[name] ?? none()) }])) as FbWizard["spells"];
    return { id: e.id, x: e.x, y: e.y, vx: e.vx, vy: e.vy, holding: -1, grabCooldown: cooldown, spells };
  }

  private snaffle(id: number, e: Entity | undefined, prev: FbState | null): FbSnaffle {
    const s = { id, x: 0, y: 3750, vx: 0, vy: 0, alive: e !== undefined, captured: false, ignore: [] };
    const before = prev?.snaffles[id - 4];
    // scored: not shown any more; its last state carried on (the referee moves it on, with friction)
    if (e === undefined) return before === undefined ? s : { ...s, x: round(before.x + before.vx), y: round(before.y + before.vy), vx: round(before.vx * 0.75), vy: round(before.vy * 0.75) };
    return { ...s, x: e.x, y: e.y, vx: e.vx, vy: e.vy };
  }

  private bludger(e: Entity, prev: FbState | null, seen: Map<number, Entity>): FbBludger {
    const before = prev?.bludgers.find((b) => b.id === e.id);
    let lastVictim = before?.lastVictim ?? -1;
    if (before !== undefined && prev !== null) {
      // The bludger's thrust over the turn (its speed now before friction, less its speed then):
      // 1000 × 1/8 towards the wizard it aimed at, when nothing hit it.
      const ax = e.vx / 0.9 - before.vx, ay = e.vy / 0.9 - before.vy;
      let aimed = -1, err = Infinity;
      for (const w of prev.wizards) {
        const [tx, ty] = thrust(prev, before, (o) => o !== w);
        const ex = Math.hypot(ax - tx, ay - ty);
        if ((tx !== 0 || ty !== 0) && ex < err) (err = ex), (aimed = w.id);
      }
      if (err < 2) {
        // Nothing hit it: it aimed past every nearer wizard, so the nearest one it passed over
        // (not obliviated from it) was its last victim, and still is.
        const da = distance(prev.wizards[aimed], before);
        for (const w of prev.wizards) if (w.id !== aimed && !obliviated(prev, e.id, w.id) && distance(w, before) < da) lastVictim = w.id;
      } else {
        // Something hit it: the wizard nearest it now, if they just met (600 apart at contact).
        let bestD = 700;
        for (let w = 0; w < 4; w++) {
          const d = distance(seen.get(w)!, e);
          if (d < bestD) (bestD = d), (lastVictim = w);
        }
      }
    }
    return { id: e.id, x: e.x, y: e.y, vx: e.vx, vy: e.vy, lastVictim };
  }

  /** The referee's ignore lists, on the positions seen: kept while within 300 (squared), then each snaffle released this turn (held when last seen) and every snaffle within 300 of it, in the referee's order. */
  private ignoreLists(prev: FbState, state: FbState): void {
    const at = (id: number): FbSnaffle => prev.snaffles[id - 4];
    const near = (a: Body, b: Body): boolean => (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= 90000;
    for (const s of state.snaffles) s.ignore = at(s.id).ignore.filter((o) => near(at(s.id), at(o)));
    // releases happen at the update, on the positions of last turn's input (a held snaffle on its wizard)
    for (const w of prev.wizards) {
      if (w.holding === -1) continue;
      for (const o of prev.snaffles) {
        if (o.id !== w.holding && near(w, o)) state.snaffles[o.id - 4].ignore.push(w.holding), state.snaffles[w.holding - 4].ignore.push(o.id);
      }
    }
  }

  /** This bot's spells: from its commands (cast when its magic covered them), with the referee's counting and endings. */
  private ownSpells(prev: FbState, state: FbState, mine: readonly (string | FbCommand)[] | undefined): void {
    const team = this.myTeam;
    countDown(prev, state, team);
    let magic = prev.players[team].magic;
    for (let k = 0; k < 2; k++) {
      const c = mine?.[k];
      const [word, target] = typeof c === "string" ? c.trim().split(/\s+/) : c === undefined ? [] : [c.kind, (c as { target?: number }).target];
      const spell = String(word).toLowerCase() as SpellName;
      if (!SPELLS.includes(spell) || magic < COST[spell]) continue;
      magic -= COST[spell];
      state.wizards[2 * team + k].spells[spell] = { turns: DURATION[spell], target: Number(target) };
    }
  }

  /**
   * The opponent's spells: counted down as the referee does; the ones it cast last turn (told
   * by the magic it spent) placed on their best guess, and last turn's guesses, which acted in
   * this turn, placed again on the caster, kind (Accio or Flipendo for 20) and target whose
   * effect explains the change of speeds best.
   */
  private opponentSpells(prev: FbState, state: FbState): void {
    const them = 1 - this.myTeam, casters = [2 * them, 2 * them + 1];
    countDown(prev, state, them);
    if (this.guessed.length > 0) this.revise(prev, state, casters);
    const before = prev.players[them].magic, after = state.players[them].magic;
    // magic M at the order, M − cost after it, + 1 at the update when below 100 (so 100 stays 100 with no spell)
    this.guessed = spellsCosting(before === 100 && after === 100 ? 0 : before + 1 - after);
    // first guesses: the spell on the candidate nearest a caster (distinct casters for two)
    let used = -1;
    for (const [spell] of this.guessed) {
      let bestC = casters[0], bestT = -1, bestD = Infinity;
      for (const c of casters) {
        if (c === used) continue;
        for (const id of candidates(state, c, spell)) {
          const d = distance(body(state, id), state.wizards[c]);
          if (d < bestD) (bestD = d), (bestC = c), (bestT = id);
        }
      }
      used = bestC;
      state.wizards[bestC].spells[spell] = { turns: DURATION[spell], target: bestT };
    }
  }

  /** Places last turn's guessed spells again, on the joint choice of (kind, caster, target) per spell that explains this turn's speeds best. */
  private revise(prev: FbState, state: FbState, casters: number[]): void {
    // undo the guesses (counted down once already)
    for (const options of this.guessed) for (const c of casters) for (const spell of options) if (prev.wizards[c].spells[spell].turns === DURATION[spell]) state.wizards[c].spells[spell] = none();
    type Choice = { spell: SpellName; caster: number; target: number; err: number };
    const choices = this.guessed.map((options) => {
      const out: Choice[] = [];
      for (const spell of options) for (const caster of casters) for (const target of candidates(prev, caster, spell)) out.push({ spell, caster, target, err: spellError(prev, state, caster, target, spell) });
      return out;
    });
    let best: Choice[] = [], bestErr = Infinity;
    for (const a of choices[0]) {
      if (choices.length === 1 && a.err < bestErr) (bestErr = a.err), (best = [a]);
      else for (const b of choices[1] ?? []) if (a.caster !== b.caster && a.err + b.err < bestErr) (bestErr = a.err + b.err), (best = [a, b]);
    }
    for (const c of best) {
      const left = DURATION[c.spell] - 1;
      state.wizards[c.caster].spells[c.spell] = { turns: left, target: left === 0 ? -1 : c.target };
    }
  }
}

/** The referee's spell counting for team `team`'s wizards: Accio ends when its caster held the target or the target scored; every counter down, a spent spell loses its target. */
function countDown(prev: FbState, state: FbState, team: number): void {
  for (const id of [2 * team, 2 * team + 1]) {
    const w = state.wizards[id], accio = w.spells.accio, t = accio.target;
    if (accio.turns > 0 && (t === prev.wizards[id].holding || (t >= 4 && t < 4 + prev.snaffles.length && !prev.snaffles[t - 4].alive))) w.spells.accio = none();
    for (const name of SPELLS) {
      const sp = w.spells[name];
      if (sp.turns > 0) sp.turns--;
      if (sp.turns === 0) sp.target = -1;
    }
  }
}

/** The spells (each as the kinds its cost allows) whose costs add up to `spent`, one spell before two (two wizards cast at most two): [] when none fits. */
function spellsCosting(spent: number): SpellName[][] {
  const cost = [5, 10, 20];
  for (let a = 0; a < 3; a++) if (cost[a] === spent) return [KINDS[a]];
  for (let a = 0; a < 3; a++) for (let b = a; b < 3; b++) if (cost[a] + cost[b] === spent) return [KINDS[a], KINDS[b]];
  return [];
}

/** The entities a spell may take from `caster`. */
function candidates(state: FbState, caster: number, spell: SpellName): number[] {
  const out: number[] = state.bludgers.map((b) => b.id);
  if (spell === "obliviate") return out;
  for (const s of state.snaffles) if (s.alive) out.push(s.id);
  if (spell !== "accio") for (const w of state.wizards) if (w.id >> 1 !== caster >> 1) out.push(w.id);
  return out;
}

function body(state: FbState, id: number): Body {
  return id < 4 ? state.wizards[id] : id < 4 + state.snaffles.length ? state.snaffles[id - 4] : state.bludgers[id - 4 - state.snaffles.length];
}

const distance = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.hypot(a.x - b.x, a.y - b.y);

/** A bludger's thrust in a turn from `b`: 1000 × 1/8 towards the nearest wizard but the ones `skip` names ([0, 0] for none). */
function thrust(state: FbState, b: Body, skip: (w: FbWizard) => boolean): [number, number] {
  let best: FbWizard | undefined, bestD = Infinity;
  for (const w of state.wizards) {
    const d = distance(w, b);
    if (!skip(w) && d < bestD) (bestD = d), (best = w);
  }
  return best === undefined || bestD === 0 ? [0, 0] : [(125 * (best.x - b.x)) / bestD, (125 * (best.y - b.y)) / bestD];
}

/**
 * How well `spell` by `caster` explains the change of speed of `target` over the turn from
 * prev to state: the distance of the observed change (less a bludger's own thrust towards the
 * wizard it aims at) from the spell's push, less the distance without the spell (negative: the
 * spell explains more of it).
 */
function spellError(prev: FbState, state: FbState, caster: number, target: number, spell: SpellName): number {
  const b0 = body(prev, target), b1 = body(state, target), c = prev.wizards[caster];
  const bludger = target >= 4 + prev.snaffles.length, victim = bludger ? (b0 as FbBludger).lastVictim : -1;
  const keep = bludger ? 0.9 : 0.75;
  const ax = b1.vx / keep - b0.vx, ay = b1.vy / keep - b0.vy;
  if (spell === "obliviate") {
    // How much better the bludger's thrust fits its aim with an Obliviate from the caster's team
    // than without (the same score both ways when the Obliviate changes nothing).
    const aimError = (skipTeam: number): number => {
      const [tx, ty] = thrust(prev, b0, (w) => w.id === victim || w.id >> 1 === skipTeam);
      return Math.hypot(ax - tx, ay - ty);
    };
    const withIt = aimError(caster >> 1), without = aimError(-1);
    return (withIt < without ? 0 : withIt === without ? 50 : 100 + withIt) - 50;
  }
  const [tx, ty] = bludger ? thrust(prev, b0, (w) => w.id === victim || obliviated(prev, target, w.id)) : [0, 0];
  const without = Math.hypot(ax - tx, ay - ty);
  if (spell === "petrificus") return Math.hypot(b1.vx / keep, b1.vy / keep) - without;
  const sign = spell === "flipendo" ? -1 : 1, dx = sign * (c.x - b0.x), dy = sign * (c.y - b0.y);
  const d2 = dx * dx + dy * dy, d = Math.sqrt(d2);
  if (d === 0) return Infinity;
  const power = Math.min((spell === "accio" ? 3000 : 6000) * (1e6 / d2), 1000) * (target < 4 ? 1 : bludger ? 0.125 : 2);
  return Math.hypot(ax - tx - (dx / d) * power, ay - ty - (dy / d) * power) - without;
}

/** The free snaffle in play nearest wizard w, within 400 (the one it holds, when none sits on its position). */
function nearestSnaffle(state: FbState, w: FbWizard): FbSnaffle | undefined {
  let best: FbSnaffle | undefined, bestD = 400;
  for (const s of state.snaffles) {
    const d = distance(s, w);
    if (s.alive && !s.captured && d < bestD) (bestD = d), (best = s);
  }
  return best;
}

/** Whether bludger b ignores wizard w (an Obliviate of w's team on it runs). */
function obliviated(state: FbState, b: number, w: number): boolean {
  return state.wizards.some((c) => c.id >> 1 === w >> 1 && c.spells.obliviate.turns > 0 && c.spells.obliviate.target === b);
}

/** The `count` integers of `line`, or a RangeError naming `field`. */
function ints(line: unknown, count: number, field: string): number[] {
  const parts = String(line).trim().split(/\s+/), out = parts.map(Number);
  if (parts.length !== count || !parts.every((p) => /^-?\d{1,15}$/.test(p))) throw new RangeError(`${field} must hold ${count} integer${count > 1 ? "s" : ""}, got ${JSON.stringify(line)}`);
  return out;
}
