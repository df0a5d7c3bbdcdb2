/**
 * Fantastic Bits, one referee turn at a time: commands (MOVE, THROW, the four spells), the
 * update in the referee's order (releases, accelerations, bludgers, spells, magic, the
 * collision loop, friction and symmetric rounding) and the next round's preparation (spells
 * ordered this turn start). Rules: `data/contest/rules.md`. State in flat typed arrays.
 */
import { CMD_MOVE, CMD_THROW, FbCommands, type FbCommand } from "./fb-commands.js";
import { FbCollisionLoop, massOf, radiusOf } from "./fb-collision-loop.js";
import { ACCIO, FLIPENDO, FbArrays, OBLIVIATE, PETRIFICUS, arraysFromState, stateFromArrays, type FbState } from "./fb-state.js";
import { roundHalfAway } from "./referee-math.js";

const SPELL_COST = [5, 10, 20, 20];
const SPELL_DURATION = [3, 1, 6, 3];
const MAX_MAGIC = 100;
const BLUDGER_THRUST = 1000;
const FRICTION_WIZARD = 0.25, FRICTION_SNAFFLE = 0.25, FRICTION_BLUDGER = 0.1;

/** A Fantastic Bits game from a snapshot, advanced one referee turn per `turn`. */
export class FantasticBitsSimulation {
  private a: FbArrays;
  private loop: FbCollisionLoop;
  private readonly commands = new FbCommands();
  /** Accelerations ordered this turn. */
  private ax: Float64Array;
  private ay: Float64Array;
  /** Spells ordered this turn (start at the next preparation): spell index and target, −1 for none. */
  private readonly pendingSpell = new Int32Array(4);
  private readonly pendingTarget = new Int32Array(4);

  private constructor(a: FbArrays) {
    // (From JavaScript, `new FantasticBitsSimulation()` read a.n of undefined.)
    if (!(a instanceof FbArrays)) throw new RangeError("a FantasticBitsSimulation is made by FantasticBitsSimulation.fromState(state), not new");
    this.a = a;
    this.loop = new FbCollisionLoop(a.n);
    this.ax = new Float64Array(a.n);
    this.ay = new Float64Array(a.n);
  }

  /** A simulation at the snapshot `state` (checked: a RangeError names a bad field). */
  static fromState(state: FbState): FantasticBitsSimulation {
    return new FantasticBitsSimulation(arraysFromState(state));
  }

  /** The snapshot at the next command point (after the last update and the next round's preparation). */
  toState(): FbState {
    return stateFromArrays(this.a);
  }

  /** The round the next `turn` plays. */
  get round(): number {
    return this.a.game[0];
  }

  /** Makes this a copy of `other`; allocates nothing when both have the same snaffle count. */
  copyFrom(other: FantasticBitsSimulation): void {
    if (other.a.n !== this.a.n) {
      this.a = new FbArrays(other.a.snaffleCount);
      this.loop = new FbCollisionLoop(this.a.n);
      this.ax = new Float64Array(this.a.n);
      this.ay = new Float64Array(this.a.n);
    }
    this.a.copyArrays(other.a);
  }

  /**
   * Plays one turn: `commands[w]` is wizard w's command (wizards 0, 1 are player 0's), the
   * string a bot prints (`"MOVE 8000 3750 150"`, `"ACCIO 7"`) or the same as an object
   * (`{ kind: "MOVE", x: 8000, y: 3750, power: 150 }`, `{ kind: "ACCIO", target: 7 }`), which a
   * search reads faster.
   */
  turn(commands: readonly (string | FbCommand)[]): void {
    const cmd = this.commands;
    cmd.parse(commands);
    const a = this.a, ax = this.ax, ay = this.ay;
    for (let i = 0; i < a.n; i++) {
      ax[i] = 0;
      ay[i] = 0;
    }
    for (let w = 0; w < 4; w++) {
      this.pendingSpell[w] = -1;
      const held = a.link[w];
      const kind = cmd.kind[w];
      if (kind === CMD_MOVE) {
        const tx = cmd.a[w], ty = cmd.b[w];
        if (tx !== a.x[w] || ty !== a.y[w]) {
          let dx = tx - a.x[w], dy = ty - a.y[w];
          let len = Math.sqrt(dx * dx + dy * dy);
          dx /= len;
          dy /= len;
          len = Math.sqrt(dx * dx + dy * dy);
          ax[w] = (dx / len) * cmd.c[w];
          ay[w] = (dy / len) * cmd.c[w];
        }
      } else if (kind === CMD_THROW) {
        if (held !== -1) {
          const tx = cmd.a[w], ty = cmd.b[w];
          if (tx !== a.x[w] || ty !== a.y[w]) {
            const dx = tx - a.x[w], dy = ty - a.y[w];
            const len = Math.sqrt(dx * dx + dy * dy);
            ax[held] = (dx / len) * cmd.c[w];
            ay[held] = (dy / len) * cmd.c[w];
          }
        }
      } else {
        const spell = cmd.spell[w], target = cmd.a[w], team = w >> 1;
        const magic = 2 + 2 * team;
        if (a.game[magic] >= SPELL_COST[spell] && target >= 0 && target < a.n) {
          a.game[magic] -= SPELL_COST[spell];
          this.pendingSpell[w] = spell;
          this.pendingTarget[w] = target;
        }
      }
      if (held !== -1) a.cooldown[w] = 3;
    }
    this.update();
    this.prepare();
  }

  private update(): void {
    const a = this.a, ax = this.ax, ay = this.ay;
    this.refreshIgnores();
    for (let w = 0; w < 4; w++) {
      a.vx[w] += ax[w];
      a.vy[w] += ay[w];
      const s = a.link[w];
      if (s !== -1) {
        if (a.spellTurns[w * 4 + ACCIO] > 0 && a.spellTarget[w * 4 + ACCIO] === s) {
          a.spellTurns[w * 4 + ACCIO] = 0;
          a.spellTarget[w * 4 + ACCIO] = -1;
        }
        a.x[s] = a.x[w];
        a.y[s] = a.y[w];
        a.vx[s] = a.vx[w];
        a.vy[s] = a.vy[w];
        this.ignoreOverlapping(s);
        a.link[w] = -1;
        a.link[s] = -1;
      }
      if (a.cooldown[w] > 0) a.cooldown[w]--;
    }
    for (let s = 4; s < a.firstBludger; s++) {
      a.vx[s] += ax[s] * (1 / massOf(a, s));
      a.vy[s] += ay[s] * (1 / massOf(a, s));
    }
    for (let b = a.firstBludger; b < a.n; b++) this.aimBludger(b);
    this.applySpells(PETRIFICUS);
    this.applySpells(ACCIO);
    this.applySpells(FLIPENDO);
    this.tickSpells(OBLIVIATE);
    a.game[2] = Math.min(MAX_MAGIC, a.game[2] + 1);
    a.game[4] = Math.min(MAX_MAGIC, a.game[4] + 1);
    this.loop.run(a);
    for (let i = 0; i < a.n; i++) {
      if (i >= 4 && i < a.firstBludger && a.link[i] !== -1) continue;
      const keep = 1 - (i < 4 ? FRICTION_WIZARD : i < a.firstBludger ? FRICTION_SNAFFLE : FRICTION_BLUDGER);
      a.vx[i] *= keep;
      a.vy[i] *= keep;
      a.x[i] = roundHalfAway(a.x[i]);
      a.y[i] = roundHalfAway(a.y[i]);
      a.vx[i] = roundHalfAway(a.vx[i]);
      a.vy[i] = roundHalfAway(a.vy[i]);
    }
    for (let w = 0; w < 4; w++) {
      const s = a.link[w];
      if (s !== -1) {
        a.x[s] = a.x[w];
        a.y[s] = a.y[w];
        a.vx[s] = a.vx[w];
        a.vy[s] = a.vy[w];
      }
    }
  }

  /** Next round: spells ordered this turn start with their full duration. */
  private prepare(): void {
    const a = this.a;
    for (let w = 0; w < 4; w++) {
      const spell = this.pendingSpell[w];
      if (spell < 0) continue;
      a.spellTurns[w * 4 + spell] = SPELL_DURATION[spell];
      a.spellTarget[w * 4 + spell] = this.pendingTarget[w];
    }
    a.game[0] += 1;
  }

  /** Drops ignore pairs of snaffles that no longer overlap. */
  private refreshIgnores(): void {
    const a = this.a, S = a.snaffleCount;
    for (let s = 4; s < a.firstBludger; s++) {
      let kept = 0;
      for (let k = 0; k < a.ignoreCount[s]; k++) {
        const o = a.ignore[s * S + k];
        const dx = a.x[s] - a.x[o], dy = a.y[s] - a.y[o];
        if (Math.sqrt(dx * dx + dy * dy) <= 300) a.ignore[s * S + kept++] = o;
      }
      a.ignoreCount[s] = kept;
    }
  }

  /** Snaffle s (just released) and every other free snaffle it overlaps ignore each other. */
  private ignoreOverlapping(s: number): void {
    const a = this.a, S = a.snaffleCount;
    for (let o = 4; o < a.firstBludger; o++) {
      if (o === s || a.alive[o] !== 1) continue;
      const dx = a.x[s] - a.x[o], dy = a.y[s] - a.y[o];
      if (Math.sqrt(dx * dx + dy * dy) > 300) continue;
      addIgnore(a, s, o, S);
      addIgnore(a, o, s, S);
    }
  }

  /** A bludger accelerates towards the nearest wizard that is neither its last victim nor obliviated from it. */
  private aimBludger(b: number): void {
    const a = this.a;
    let best = -1, bestD = Infinity;
    for (let w = 0; w < 4; w++) {
      if (w === a.link[b]) continue;
      const team = w >> 1;
      let forgotten = false;
      for (let c = 2 * team; c < 2 * team + 2; c++) {
        if (a.spellTurns[c * 4 + OBLIVIATE] > 0 && a.spellTarget[c * 4 + OBLIVIATE] === b) forgotten = true;
      }
      if (forgotten) continue;
      const dx = a.x[w] - a.x[b], dy = a.y[w] - a.y[b];
      const d = dx * dx + dy * dy;
      if (d < bestD) {
        bestD = d;
        best = w;
      }
    }
    if (best < 0) return;
    let dx = a.x[best] - a.x[b], dy = a.y[best] - a.y[b];
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len === 0) return;
    dx /= len;
    dy /= len;
    a.vx[b] += dx * BLUDGER_THRUST * (1 / massOf(a, b));
    a.vy[b] += dy * BLUDGER_THRUST * (1 / massOf(a, b));
  }

  /** Applies every active spell of one kind (wizards 0..3), then counts its turn down. */
  private applySpells(spell: number): void {
    const a = this.a;
    for (let w = 0; w < 4; w++) {
      const k = w * 4 + spell;
      if (a.spellTurns[k] <= 0) continue;
      const e = a.spellTarget[k];
      // A scored snaffle still feels the spell (it keeps moving off the field).
      if (e >= 0) {
        if (spell === PETRIFICUS) {
          a.vx[e] = 0;
          a.vy[e] = 0;
        } else {
          const pull = spell === ACCIO;
          let dx = a.x[w] - a.x[e], dy = a.y[w] - a.y[e];
          const d = Math.sqrt(dx * dx + dy * dy);
          if (d > 0) {
            const dk = d / 1000;
            const power = Math.min((pull ? 3000 : 6000) / (dk * dk), 1000);
            dx /= d;
            dy /= d;
            const sign = pull ? 1 : -1;
            a.vx[e] += sign * dx * power * (1 / massOf(a, e));
            a.vy[e] += sign * dy * power * (1 / massOf(a, e));
          }
        }
      }
      this.tick(k);
    }
  }

  private tickSpells(spell: number): void {
    for (let w = 0; w < 4; w++) if (this.a.spellTurns[w * 4 + spell] > 0) this.tick(w * 4 + spell);
  }

  private tick(k: number): void {
    const a = this.a;
    a.spellTurns[k]--;
    if (a.spellTurns[k] === 0) a.spellTarget[k] = -1;
  }
}

function addIgnore(a: FbArrays, s: number, o: number, S: number): void {
  for (let k = 0; k < a.ignoreCount[s]; k++) if (a.ignore[s * S + k] === o) return;
  a.ignore[s * S + a.ignoreCount[s]++] = o;
}

export { radiusOf };
