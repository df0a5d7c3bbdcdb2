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

interface Entity {
  id: number;
  type: string;
  x: number;
  y: number;
  vx: number;
  vy: number;
  state: number;
}

/** Half-away rounding, as the referee rounds positions and speeds. */
const round = (v: number): number => (v < 0 ? -Math.round(-v) : Math.round(v)) + 0;

export class FbTracker {
  /** The tracked state (after the last `read`), in the referee's ids. */
  private current: FbState | null = null;
  /** The entities of the turn being read. */
  private reading: Map<number, Entity> | null = null;
  /** Opponent spells cast last turn (the kinds their cost allows), still guesses, to place again once they acted. */
  private guessed: { options: SpellName[]; cost: number }[] = [];

  /** `myTeam`: the game's first input line (0: you score on the right, wizards 0 and 1; 1: wizards 2 and 3). */
  constructor(readonly myTeam: 0 | 1) {
    if (myTeam !== 0 && myTeam !== 1) throw new RangeError(`myTeam must be 0 or 1, got ${String(myTeam)}`);
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
    const entities: Entity[] = [];
    for (let k = 0; k < count; k++) {
      const parts = String(lines[3 + k]).trim().split(/\s+/);
      if (parts.length !== 7) throw new RangeError(`lines[${3 + k}] must be "id type x y vx vy state", got ${JSON.stringify(lines[3 + k])}`);
      const [id, x, y, vx, vy, state] = [parts[0], ...parts.slice(2)].map((v) => integer(v, `lines[${3 + k}]`));
      entities.push({ id, type: parts[1], x, y, vx, vy, state });
    }
    const byId = new Map(entities.map((e) => [e.id, e]));
    this.reading = byId;
    const wizards = entities.filter((e) => e.type === "WIZARD" || e.type === "OPPONENT_WIZARD");
    const bludgers = entities.filter((e) => e.type === "BLUDGER");
    if (wizards.length !== 4 || bludgers.length !== 2) throw new RangeError(`a turn shows 4 wizards and 2 bludgers, got ${wizards.length} and ${bludgers.length}`);
    const firstBludger = Math.min(...bludgers.map((b) => b.id));
    const snaffleIds = Array.from({ length: firstBludger - 4 }, (_, k) => 4 + k);
    const players = this.myTeam === 0 ? [{ score: myScore, magic: myMagic }, { score: opScore, magic: opMagic }] : [{ score: opScore, magic: opMagic }, { score: myScore, magic: myMagic }];
    const prev = this.current;
    const state: FbState = {
      round: prev === null ? 0 : prev.round + 1,
      players,
      wizards: [0, 1, 2, 3].map((id) => this.wizard(id, byId, prev)),
      snaffles: snaffleIds.map((id) => this.snaffle(id, byId, prev)),
      bludgers: bludgers.sort((a, b) => a.id - b.id).map((b) => this.bludger(b, prev)),
    };
    // which snaffle each holding wizard holds: the one on its position (captured)
    for (const w of state.wizards) {
      if (byId.get(w.id)!.state !== 1) continue;
      const s = state.snaffles.find((sn) => sn.alive && sn.x === w.x && sn.y === w.y) ?? nearestSnaffle(state, w);
      if (s === undefined) continue;
      w.holding = s.id;
      s.captured = true;
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

  private wizard(id: number, byId: Map<number, Entity>, prev: FbState | null): FbWizard {
    const e = byId.get(id);
    if (e === undefined) throw new RangeError(`the turn shows no wizard ${id}`);
    const before = prev?.wizards[id];
    // held as it ordered last turn: 3, one less after that turn's update (and so on)
    const cooldown = before === undefined ? 0 : before.holding !== -1 ? 2 : Math.max(0, before.grabCooldown - 1);
    const spell = (name: SpellName): FbSpell => ({ ...(before?.spells[name] ?? { turns: 0, target: -1 }) });
    return { id, x: e.x, y: e.y, vx: e.vx, vy: e.vy, holding: -1, grabCooldown: cooldown, spells: { obliviate: spell("obliviate"), accio: spell("accio"), flipendo: spell("flipendo"), petrificus: spell("petrificus") } };
  }

  private snaffle(id: number, byId: Map<number, Entity>, prev: FbState | null): FbSnaffle {
    const e = byId.get(id);
    const before = prev?.snaffles.find((s) => s.id === id);
    if (e !== undefined) return { id, x: e.x, y: e.y, vx: e.vx, vy: e.vy, alive: true, captured: false, ignore: [] };
    // scored: not shown any more; its last state carried on (the referee moves it on, with friction)
    if (before === undefined) return { id, x: 0, y: 3750, vx: 0, vy: 0, alive: false, captured: false, ignore: [] };
    const vx = before.vx * 0.75, vy = before.vy * 0.75;
    return { id, x: round(before.x + before.vx), y: round(before.y + before.vy), vx: round(vx), vy: round(vy), alive: false, captured: false, ignore: [] };
  }

  /** Wizard id's entity in the turn being read. */
  private seenWizard(id: number): Entity | undefined {
    return this.reading?.get(id);
  }

  private bludger(e: Entity, prev: FbState | null): FbBludger {
    const before = prev?.bludgers.find((b) => b.id === e.id);
    let lastVictim = before?.lastVictim ?? -1;
    if (before !== undefined && prev !== null) {
      // The bludger's thrust over the turn (its speed now before friction, less its speed then):
      // 1000 × 1/8 towards the wizard it aimed at, when nothing hit it.
      const ax = e.vx / 0.9 - before.vx, ay = e.vy / 0.9 - before.vy;
      let aimed = -1, err = Infinity;
      for (const w of prev.wizards) {
        const d = Math.hypot(w.x - before.x, w.y - before.y);
        if (d === 0) continue;
        const ex = Math.hypot(ax - (125 * (w.x - before.x)) / d, ay - (125 * (w.y - before.y)) / d);
        if (ex < err) (err = ex), (aimed = w.id);
      }
      if (err < 2) {
        // Nothing hit it: it aimed past every nearer wizard, so the nearest one it passed over
        // (not obliviated from it) was its last victim, and still is.
        const da = Math.hypot(prev.wizards[aimed].x - before.x, prev.wizards[aimed].y - before.y);
        for (const w of prev.wizards) {
          if (w.id === aimed || obliviated(prev, e.id, w.id)) continue;
          if (Math.hypot(w.x - before.x, w.y - before.y) < da) lastVictim = w.id;
        }
      } else {
        // Something hit it: the wizard nearest it now, if they just met (600 apart at contact).
        let best = -1, bestD = 700;
        for (const w of prev.wizards) {
          const now = this.seenWizard(w.id);
          if (now === undefined) continue;
          const d = Math.hypot(now.x - e.x, now.y - e.y);
          if (d < bestD) (bestD = d), (best = w.id);
        }
        if (best !== -1) lastVictim = best;
      }
    }
    return { id: e.id, x: e.x, y: e.y, vx: e.vx, vy: e.vy, lastVictim };
  }

  /** The referee's ignore lists, on the positions seen: kept while within 300 (squared), then each snaffle released this turn (held when last seen) and every snaffle within 300 of it, in the referee's order. */
  private ignoreLists(prev: FbState, state: FbState): void {
    const pos = (s: FbSnaffle): [number, number] => [s.x, s.y];
    const before = new Map(prev.snaffles.map((s) => [s.id, s]));
    for (const s of state.snaffles) {
      const list = before.get(s.id)!.ignore;
      const [sx, sy] = pos(before.get(s.id)!);
      s.ignore = list.filter((o) => {
        const [ox, oy] = pos(before.get(o)!);
        return (sx - ox) ** 2 + (sy - oy) ** 2 <= 90000;
      });
    }
    const lists = new Map(state.snaffles.map((s) => [s.id, s.ignore]));
    // releases happen at the update, on the positions of last turn's input (a held snaffle on its wizard)
    for (const w of prev.wizards) {
      if (w.holding === -1) continue;
      const s = w.holding;
      for (const o of prev.snaffles) {
        if (o.id === s) continue;
        const at = before.get(o.id)!;
        if ((w.x - at.x) ** 2 + (w.y - at.y) ** 2 <= 90000) {
          lists.get(o.id)!.push(s);
          lists.get(s)!.push(o.id);
        }
      }
    }
  }

  /** This bot's spells: from its commands (cast when its magic covered them), with the referee's counting and endings. */
  private ownSpells(prev: FbState, state: FbState, mine: readonly (string | FbCommand)[] | undefined): void {
    const team = this.myTeam;
    this.countDown(prev, state, [2 * team, 2 * team + 1]);
    let magic = prev.players[team].magic;
    for (let k = 0; k < 2; k++) {
      const c = mine?.[k];
      const cast = c === undefined ? null : spellOf(c);
      if (cast === null || magic < COST[cast.spell]) continue;
      magic -= COST[cast.spell];
      state.wizards[2 * team + k].spells[cast.spell] = { turns: DURATION[cast.spell], target: cast.target };
    }
  }

  /** The referee's spell counting for the wizards `ids`: Accio ends when its caster held the target or the target scored; every counter down, a spent spell loses its target. */
  private countDown(prev: FbState, state: FbState, ids: number[]): void {
    for (const id of ids) {
      const w = state.wizards[id], before = prev.wizards[id];
      const accio = w.spells.accio;
      if (accio.turns > 0 && (accio.target === before.holding || (accio.target >= 4 && accio.target < 4 + prev.snaffles.length && !prev.snaffles[accio.target - 4].alive))) {
        w.spells.accio = { turns: 0, target: -1 };
      }
      for (const name of SPELLS) {
        const sp = w.spells[name];
        if (sp.turns > 0) sp.turns--;
        if (sp.turns === 0) sp.target = -1;
      }
    }
  }

  /**
   * The opponent's spells: counted down as the referee does; the ones it cast last turn (told
   * by the magic it spent) placed on their best guess, and last turn's guesses, which acted in
   * this turn, placed again on the caster, kind (Accio or Flipendo for 20) and target whose
   * effect explains the change of speeds best.
   */
  private opponentSpells(prev: FbState, state: FbState): void {
    const them = 1 - this.myTeam;
    const casters = [2 * them, 2 * them + 1];
    this.countDown(prev, state, casters);
    if (this.guessed.length > 0) this.revise(prev, state, casters);
    const before = prev.players[them].magic, after = state.players[them].magic;
    // magic M at the order, M − cost after it, + 1 at the update when below 100 (so 100 stays 100 with no spell)
    const spent = before === 100 && after === 100 ? 0 : before + 1 - after;
    const kinds = spellsCosting(spent);
    this.guessed = kinds.map((options) => ({ options, cost: COST[options[0]] }));
    // first guesses: the spell on the candidate nearest a caster (distinct casters for two)
    const used = new Set<number>();
    for (const g of this.guessed) {
      const spell = g.options[0];
      let bestC = casters[0], bestT = -1, bestD = Infinity;
      for (const c of casters) {
        if (used.has(c)) continue;
        const w = state.wizards[c];
        for (const id of candidates(state, c, spell)) {
          const b = body(state, id);
          const d = Math.hypot(b.x - w.x, b.y - w.y);
          if (d < bestD) (bestD = d), (bestC = c), (bestT = id);
        }
      }
      used.add(bestC);
      state.wizards[bestC].spells[spell] = { turns: DURATION[spell], target: bestT };
    }
  }

  /** Places last turn's guessed spells again, on the joint choice of (kind, caster, target) per spell that explains this turn's speeds best. */
  private revise(prev: FbState, state: FbState, casters: number[]): void {
    // undo the guesses (counted down once already)
    for (const g of this.guessed) {
      for (const c of casters) {
        for (const spell of g.options) {
          const sp = state.wizards[c].spells[spell];
          if (prev.wizards[c].spells[spell].turns === DURATION[spell]) state.wizards[c].spells[spell] = { turns: 0, target: -1 };
          else void sp;
        }
      }
    }
    type Choice = { spell: SpellName; caster: number; target: number; err: number };
    const choices = this.guessed.map((g) => {
      const out: Choice[] = [];
      for (const spell of g.options) for (const caster of casters) for (const target of candidates(prev, caster, spell)) out.push({ spell, caster, target, err: spellError(prev, state, caster, target, spell) });
      return out;
    });
    let best: Choice[] = [], bestErr = Infinity;
    if (choices.length === 1) {
      for (const c of choices[0]) if (c.err < bestErr) (bestErr = c.err), (best = [c]);
    } else if (choices.length === 2) {
      for (const a of choices[0]) for (const b of choices[1]) if (a.caster !== b.caster && a.err + b.err < bestErr) (bestErr = a.err + b.err), (best = [a, b]);
    }
    for (const c of best) {
      const left = DURATION[c.spell] - 1;
      state.wizards[c.caster].spells[c.spell] = { turns: left, target: left === 0 ? -1 : c.target };
    }
  }
}

/** The spell a command casts, or null. */
function spellOf(c: string | FbCommand): { spell: SpellName; target: number } | null {
  if (typeof c === "string") {
    const [word, id] = c.trim().split(/\s+/);
    const spell = word.toLowerCase() as SpellName;
    return SPELLS.includes(spell) ? { spell, target: Number(id) } : null;
  }
  if (c.kind === "MOVE" || c.kind === "THROW") return null;
  return { spell: c.kind.toLowerCase() as SpellName, target: (c as { target: number }).target };
}

/** The spells (each as the kinds its cost allows) whose costs add up to `spent` (two wizards cast at most two): [] when none fits. */
function spellsCosting(spent: number): SpellName[][] {
  const twenty: SpellName[] = ["accio", "flipendo"];
  switch (spent) {
    case 5: return [["obliviate"]];
    case 10: return [["petrificus"]];
    case 20: return [twenty];
    case 15: return [["obliviate"], ["petrificus"]];
    case 25: return [["obliviate"], twenty];
    case 30: return [["petrificus"], twenty];
    case 40: return [twenty, twenty];
    default: return spent === 10 ? [["obliviate"], ["obliviate"]] : [];
  }
}

/** The entities a spell may take from `caster`. */
function candidates(state: FbState, caster: number, spell: SpellName): number[] {
  const out: number[] = state.bludgers.map((b) => b.id);
  if (spell === "obliviate") return out;
  for (const s of state.snaffles) if (s.alive) out.push(s.id);
  if (spell !== "accio") for (const w of state.wizards) if (w.id >> 1 !== caster >> 1) out.push(w.id);
  return out;
}

function body(state: FbState, id: number): { x: number; y: number; vx: number; vy: number } {
  return id < 4 ? state.wizards[id] : id < 4 + state.snaffles.length ? state.snaffles[id - 4] : state.bludgers[id - 4 - state.snaffles.length];
}

/**
 * How well `spell` by `caster` explains the change of speed of `target` over the turn from
 * prev to state: the distance of the observed change (less a bludger's own thrust towards the
 * wizard it aims at) from the spell's push, less the distance without the spell (negative: the
 * spell explains more of it).
 */
function spellError(prev: FbState, state: FbState, caster: number, target: number, spell: SpellName): number {
  if (spell === "obliviate") return obliviateError(prev, state, caster, target) - 50;
  const b0 = body(prev, target), b1 = body(state, target), c = prev.wizards[caster];
  const bludger = target >= 4 + prev.snaffles.length;
  const keep = bludger ? 0.9 : 0.75;
  const inv = target < 4 ? 1 : bludger ? 0.125 : 2;
  let ax = b1.vx / keep - b0.vx, ay = b1.vy / keep - b0.vy;
  if (bludger) {
    const [tx, ty] = bludgerThrust(prev, target);
    ax -= tx;
    ay -= ty;
  }
  const without = Math.hypot(ax, ay);
  if (spell === "petrificus") return Math.hypot(b1.vx / keep, b1.vy / keep) - without;
  let dx = c.x - b0.x, dy = c.y - b0.y;
  if (spell === "flipendo") (dx = -dx), (dy = -dy);
  const d2 = dx * dx + dy * dy, d = Math.sqrt(d2);
  if (d === 0) return Infinity;
  const power = Math.min((spell === "accio" ? 3000 : 6000) * (1e6 / d2), 1000) * inv;
  return Math.hypot(ax - (dx / d) * power, ay - (dy / d) * power) - without;
}

/** A bludger's thrust in a turn from `state`: 1000 × 1/8 towards the nearest wizard that is not its last victim nor obliviated from it (0, 0 for none). */
function bludgerThrust(state: FbState, b: number): [number, number] {
  const bl = state.bludgers.find((x) => x.id === b)!;
  let best = -1, bestD = Infinity;
  for (const w of state.wizards) {
    if (w.id === bl.lastVictim || obliviated(state, b, w.id)) continue;
    const d = Math.hypot(w.x - bl.x, w.y - bl.y);
    if (d < bestD) (bestD = d), (best = w.id);
  }
  if (best === -1 || bestD === 0) return [0, 0];
  const w = state.wizards[best];
  return [(125 * (w.x - bl.x)) / bestD, (125 * (w.y - bl.y)) / bestD];
}

/**
 * How much better bludger b's thrust over the turn fits its aim with an Obliviate from the
 * caster's team than without (0: only the Obliviate explains it; the same score both ways when
 * the Obliviate changes nothing).
 */
function obliviateError(prev: FbState, state: FbState, caster: number, b: number): number {
  const b0 = body(prev, b), b1 = body(state, b), victim = prev.bludgers.find((x) => x.id === b)!.lastVictim;
  const ax = b1.vx / 0.9 - b0.vx, ay = b1.vy / 0.9 - b0.vy;
  const aimError = (skipTeam: number): number => {
    let best = -1, bestD = Infinity;
    for (const w of prev.wizards) {
      if (w.id === victim || w.id >> 1 === skipTeam) continue;
      const d = Math.hypot(w.x - b0.x, w.y - b0.y);
      if (d < bestD) (bestD = d), (best = w.id);
    }
    if (best === -1 || bestD === 0) return Math.hypot(ax, ay);
    const w = prev.wizards[best];
    return Math.hypot(ax - (125 * (w.x - b0.x)) / bestD, ay - (125 * (w.y - b0.y)) / bestD);
  };
  const withIt = aimError(caster >> 1), without = aimError(-1);
  return withIt < without ? 0 : withIt === without ? 50 : 100 + withIt;
}

/** The free snaffle in play nearest wizard w, within 400 (the one it holds, when none sits on its position). */
function nearestSnaffle(state: FbState, w: FbWizard): FbSnaffle | undefined {
  let best: FbSnaffle | undefined, bestD = 400;
  for (const s of state.snaffles) {
    if (!s.alive || s.captured) continue;
    const d = Math.hypot(s.x - w.x, s.y - w.y);
    if (d < bestD) (bestD = d), (best = s);
  }
  return best;
}

/** Whether bludger b ignores wizard w (an Obliviate of w's team on it runs). */
function obliviated(state: FbState, b: number, w: number): boolean {
  return state.wizards.some((c) => c.id >> 1 === w >> 1 && c.spells.obliviate.turns > 0 && c.spells.obliviate.target === b);
}

function integer(v: string, field: string): number {
  const n = Number(v);
  if (!Number.isInteger(n)) throw new RangeError(`${field}: ${JSON.stringify(v)} is not an integer`);
  return n;
}

function ints(line: unknown, count: number, field: string): number[] {
  const parts = String(line).trim().split(/\s+/);
  if (parts.length !== count) throw new RangeError(`${field} must hold ${count} integer${count > 1 ? "s" : ""}, got ${JSON.stringify(line)}`);
  return parts.map((p) => integer(p, field));
}
