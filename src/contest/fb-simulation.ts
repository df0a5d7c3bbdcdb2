/**
 * Fantastic Bits, one referee turn at a time (docs/contest-rules.md). The state lives in a block
 * of the shared WebAssembly memory (fb-heap.ts) and the turn runs in the kernel (src/contest/wasm/:
 * the commands, the update in the referee's order, the collision loop, friction and rounding,
 * the next round's preparation); this class reads and checks the commands, converts snapshots
 * and reads single fields without allocating.
 */
import { FbCommands, type FbCommand } from "./fb-commands.js";
import { CMD_A, CMD_B, CMD_C, CMD_KIND, CMD_SPELL, fbHeap, regrow, type FbBlock, type FbHeap } from "./fb-heap.js";
import { ACCIO, OBLIVIATE, type FbState } from "./fb-state.js";
import { readState, stateShape, writeState } from "./fb-state-block.js";

const SPELL_WORDS = ["OBLIVIATE", "PETRIFICUS", "ACCIO", "FLIPENDO"] as const;
/** What fromState passes the constructor, so that `new` from JavaScript is a clear error. */
const FROM_STATE = Symbol("fromState");

/** A Fantastic Bits game from a snapshot, advanced one referee turn per `turn`. */
export class FantasticBitsSimulation {
  private block: FbBlock;
  private readonly heap: FbHeap;
  private readonly commands = new FbCommands();
  /** The heap generation the commands' views are on (-1: not yet). */
  private commandsOn = -1;
  /** Counts the changes of this state (a root's cache is trusted only while it stands). */
  private version = 0;
  /** The simulation this one is an unchanged copy of (and its version then), or null: its block's cache serves the next turn. */
  private source: FantasticBitsSimulation | null = null;
  private sourceVersion = 0;

  private constructor(state: FbState, made: typeof FROM_STATE) {
    // (From JavaScript, `new FantasticBitsSimulation(...)` would skip fromState's contract.)
    if (made !== FROM_STATE) throw new RangeError("a FantasticBitsSimulation is made by FantasticBitsSimulation.fromState(state), not new");
    const [snaffles, capacity] = stateShape(state);
    this.heap = fbHeap();
    this.block = this.heap.allocate(this, snaffles, capacity);
    try {
      writeState(this.heap, this.block, state);
    } catch (e) {
      this.heap.discard(this, this.block);
      throw e;
    }
  }

  /** A simulation at the snapshot `state` (checked: a RangeError names a bad field). */
  static fromState(state: FbState): FantasticBitsSimulation {
    return new FantasticBitsSimulation(state, FROM_STATE);
  }

  /** The snapshot at the next command point (after the last update and the next round's preparation). */
  toState(): FbState {
    return readState(this.heap, this.block);
  }

  /** The round the next `turn` plays. */
  get round(): number {
    return this.heap.i32[this.block.game];
  }

  /** How many snaffles the game has (scored ones included); their ids are 4 .. 3 + snaffleCount, the bludgers' the next two. */
  get snaffleCount(): number {
    return this.block.snaffleCount;
  }

  /** Position x of entity `id` (these reads allocate nothing, for a bot's scoring function; the id is not checked). */
  x(id: number): number { return this.heap.f64[this.block.x + id]; }
  /** Position y of entity `id`. */
  y(id: number): number { return this.heap.f64[this.block.y + id]; }
  /** Velocity x of entity `id`, map units per turn. */
  vx(id: number): number { return this.heap.f64[this.block.vx + id]; }
  /** Velocity y of entity `id`. */
  vy(id: number): number { return this.heap.f64[this.block.vy + id]; }
  /** The snaffle wizard `w` holds, or −1. */
  holding(w: number): number { return this.heap.i32[this.block.link + w]; }
  /** Whether snaffle `id` is still in play (not scored). */
  alive(id: number): boolean { return this.heap.i32[this.block.alive + id] === 1; }
  /** Goals scored by player `p` (0 or 1). */
  score(p: number): number { return this.heap.i32[this.block.game + 1 + 2 * p]; }
  /** Magic of player `p` (0 or 1). */
  magic(p: number): number { return this.heap.i32[this.block.game + 2 + 2 * p]; }

  /** Makes this a copy of `other`; allocates nothing when both have the same snaffle count (and ignore-list room). */
  copyFrom(other: FantasticBitsSimulation): void {
    if (!(other instanceof FantasticBitsSimulation)) {
      throw new RangeError(`copyFrom takes a FantasticBitsSimulation, got ${other === null || typeof other !== "object" ? String(other) : ((other as object).constructor?.name ?? "an object")}`);
    }
    const h = this.heap, src = other.block;
    if (!this.block.sameLayout(src)) {
      h.discard(this, this.block);
      this.block = h.allocate(this, src.snaffleCount, src.ignoreCapacity);
    }
    h.kernel.copy(this.block.ptr, src.ptr);
    this.version++;
    if (other !== this) {
      this.source = other;
      this.sourceVersion = other.version;
    }
  }

  /**
   * Whether wizard `wizard` may cast `spell` on entity `target` now, as the referee checks a
   * spell command (it rejects the others, and the player loses): Obliviate on a bludger;
   * Accio on a snaffle in play or a bludger; Flipendo and Petrificus on a snaffle in play, a
   * bludger or a wizard of the other team. Magic is not checked (a spell without enough magic
   * is a valid command that casts nothing).
   */
  canCast(wizard: number, spell: "OBLIVIATE" | "PETRIFICUS" | "ACCIO" | "FLIPENDO", target: number): boolean {
    const k = SPELL_WORDS.indexOf(spell);
    return k >= 0 && wizard >= 0 && wizard < 4 && Number.isInteger(wizard) && this.castable(wizard, k, target);
  }

  /** The referee's check of a spell command (spell indices: 0 Obliviate, 1 Petrificus, 2 Accio, 3 Flipendo). */
  private castable(wizard: number, spell: number, target: number): boolean {
    const b = this.block;
    if (!(target >= 0 && target < b.n && Number.isInteger(target))) return false;
    if (target >= b.snaffleCount + 4) return true;
    if (spell === 0) return false;
    if (target >= 4) return this.heap.i32[b.alive + target] === 1;
    return spell !== 2 && target >> 1 !== wizard >> 1;
  }

  /**
   * Plays one turn: `commands[w]` is wizard w's command (wizards 0, 1 are player 0's), the
   * string a bot prints (`"MOVE 8000 3750 150"`, `"ACCIO 7"`) or the same as an object
   * (`{ kind: "MOVE", x: 8000, y: 3750, power: 150 }`, `{ kind: "ACCIO", target: 7 }`), which a
   * search reads faster. A command the referee rejects (a THROW without a snaffle, a spell on
   * an entity it may not take) is a RangeError and nothing changes.
   */
  turn(commands: readonly (string | FbCommand)[]): void {
    const cmd = this.commands, h = this.heap;
    if (this.commandsOn !== h.generation) {
      cmd.bind(h.memory.buffer, CMD_KIND, CMD_SPELL, CMD_A, CMD_B, CMD_C);
      this.commandsOn = h.generation;
    }
    cmd.parse(commands);
    let b = this.block;
    for (let w = 0; w < 4; w++) {
      const kind = cmd.kind[w];
      if (kind === 1 /* CMD_THROW */) {
        if (h.i32[b.link + w] === -1) throw new RangeError(`commands[${w}]: THROW by wizard ${w}, which holds no snaffle (the referee rejects it)`);
      } else if (kind !== 0 /* CMD_MOVE */) {
        const spell = cmd.spell[w], target = cmd.a[w];
        if (!this.castable(w, spell, target)) {
          throw new RangeError(`commands[${w}]: ${SPELL_WORDS[spell]} ${target} by wizard ${w}: the referee rejects it (${spellRule(spell)})`);
        }
      }
    }
    // A copy of a root with no change since: the root's broadphase cache serves (src/contest/wasm/loop.ts).
    const source = this.source;
    const root = source !== null && source.version === this.sourceVersion ? source.block.ptr : -1;
    this.source = null;
    this.version++;
    // (the kernel's answers as literals: FB_TURN_DONE 0, FB_TURN_IGNORE_FULL 1, FB_TURN_WEDGED 2, FB_TURN_WEDGED_RESTORED 3)
    let done = h.kernel.turn(b.ptr, root);
    while (done === 1) {
      // An ignore list would outgrow its room (nothing changed): twice the room, and again.
      b = this.block = regrow(h, this, b, 2 * b.ignoreCapacity);
      // (a grown memory keeps the commands in its scratch; only the views are new)
      done = h.kernel.turn(b.ptr, -1);
    }
    if (done !== 0) throw new RangeError(`turn: more than 1,000,000 collision steps (bodies wedged together, or speeds far beyond a game's?); the state is ${done === 3 ? "as before the turn" : "left mid-turn"}`);
  }
}

/** What each spell may take, for the error message. */
function spellRule(spell: number): string {
  return `${SPELL_WORDS[spell]} takes ${spell === OBLIVIATE ? "" : `a snaffle in play${spell === ACCIO ? " or " : ", "}`}a bludger${spell === ACCIO || spell === OBLIVIATE ? "" : " or a wizard of the other team"}`;
}

