/**
 * A Coders Strike Back race replayed by carom/contest: the recorded commands of a sample game
 * played through CsbSimulation, turn by turn, with the pods, their trails and headings, the
 * checkpoints, and a mark where two pods collided. The replay is checked against the referee's
 * recorded pods on load (every field, Object.is); a slider picks the turn.
 */
import { CsbSimulation, csbPodFromRecord, type CsbCommand, type CsbPod } from "../../src/exports/contest.js";
import type { Scene } from "../../src/index.js";
import { button, el, fitCanvas, type Demo, type DemoHost } from "../lab/demo.js";
import { Sim } from "../lab/sim.js";
import { csbRace } from "./csb-race.js";

const POD_COLORS = ["#f2c14e", "#f29e4c", "#4cc9f0", "#4895ef"];
const MAP_W = 16000, MAP_H = 9000, MARGIN = 800;
const FRAMES_PER_TURN = 8;

/** One turn of the replay: the pods after it and its collisions (time in the turn, pods a, b, where). */
interface Frame {
  pods: CsbPod[];
  collisions: { time: number; a: number; b: number; x: number; y: number }[];
}

/** Plays the recorded commands with CsbSimulation; counts the fields that differ from the record. */
function replay(): { frames: Frame[]; mismatches: number } {
  const sim = new CsbSimulation({ checkpoints: csbRace.checkpoints });
  csbRace.initial.forEach((p, i) => sim.setPod(i, csbPodFromRecord(p)));
  const frames: Frame[] = [{ pods: [0, 1, 2, 3].map((i) => sim.getPod(i)), collisions: [] }];
  let mismatches = 0;
  for (const turn of csbRace.turns) {
    const before = frames[frames.length - 1].pods;
    const commands: CsbCommand[] = turn.cmd.map(([x, y, thrust]) => ({ x, y, thrust }));
    sim.turn(commands);
    const pods = [0, 1, 2, 3].map((i) => sim.getPod(i));
    const collisions = sim.collisions.map((c) => {
      // Where: the midpoint of the two pods, interpolated along their moves of this turn.
      const at = (i: number, f: "x" | "y") => before[i][f] + (pods[i][f] - before[i][f]) * c.time;
      return { ...c, x: (at(c.a, "x") + at(c.b, "x")) / 2, y: (at(c.a, "y") + at(c.b, "y")) / 2 };
    });
    pods.forEach((p, i) => {
      const expected = csbPodFromRecord(turn.pods[i]);
      for (const k of Object.keys(expected) as (keyof CsbPod)[]) if (!Object.is(p[k], expected[k])) mismatches++;
    });
    frames.push({ pods, collisions });
  }
  return { frames, mismatches };
}

/** The start of the race as a scene (what the lab's status line and file name read). */
function raceScene(): Scene {
  return {
    carom: 1,
    dimensions: 2,
    description: `Coders Strike Back sample game ${csbRace.game} (seed ${csbRace.seed}) replayed by carom/contest.`,
    // At rest: the lab's clock runs this world (nothing moves in it); the race is the replay's.
    bodies: csbRace.initial.map((p, i) => ({ id: `pod-${i}`, position: [p[0], p[1]], velocity: [0, 0], radius: 400, mass: 1, color: POD_COLORS[i] })),
  };
}

/** The lab's Sim, whose export writes the replay's current turn (pods and checkpoints) as JSON. */
class CsbReplaySim extends Sim {
  constructor(private readonly current: () => { turn: number; pods: CsbPod[] }) {
    super(raceScene());
  }

  override exportText(): string {
    const { turn, pods } = this.current();
    return JSON.stringify({ game: csbRace.game, seed: csbRace.seed, turn, checkpoints: csbRace.checkpoints, pods }, null, 2) + "\n";
  }
}

export function createCsb(): Demo {
  const { frames, mismatches } = replay();
  // The view: the map, the checkpoints and everywhere a pod went (random commands leave the map).
  let minX = 0, minY = 0, maxX = MAP_W, maxY = MAP_H;
  for (const f of frames) {
    for (const p of f.pods) {
      minX = Math.min(minX, p.x - 400);
      minY = Math.min(minY, p.y - 400);
      maxX = Math.max(maxX, p.x + 400);
      maxY = Math.max(maxY, p.y + 400);
    }
  }
  minX -= MARGIN;
  minY -= MARGIN;
  maxX += MARGIN;
  maxY += MARGIN;
  const totalCollisions = frames.reduce((n, f) => n + f.collisions.length, 0);
  let turn = 0;
  let tick = 0;
  const canvas = el("canvas");
  canvas.id = "csb-canvas";
  let ctx: CanvasRenderingContext2D;
  const input = el("input");
  input.type = "range";
  input.id = "csb-turn";
  input.min = "0";
  input.max = String(frames.length - 1);
  input.step = "1";
  const label = el("output");
  const setTurn = (k: number): void => {
    turn = Math.max(0, Math.min(frames.length - 1, k));
    tick = 0;
    input.value = String(turn);
    label.textContent = `turn ${turn} / ${frames.length - 1}`;
  };
  input.addEventListener("input", () => setTurn(Number(input.value)));
  const replaySim = new CsbReplaySim(() => ({ turn, pods: frames[turn].pods }));

  const demo: Demo = {
    title: "Coders Strike Back replay",
    about:
      "A recorded Coders Strike Back race (4 pods, random commands with SHIELD and BOOST) replayed turn by turn by carom/contest's CsbSimulation from the commands alone, and checked against the referee's recorded pods on load: every field of every turn must match bit for bit. Rings are checkpoints (the next one of each pod is marked in its colour), red crosses are pod collisions (each resolved with the referee's minimum impulse of 120). Drag the slider to pick a turn.",
    frameDt: 1 / 60,
    sim: replaySim,
    mount(host: DemoHost): void {
      host.stage.append(canvas);
      ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const row = el("div", "row");
      row.append(button("first turn", () => setTurn(0), "csb-first"), button("next turn", () => setTurn(turn + 1), "csb-next"));
      const wrap = el("label", "slider");
      wrap.append(el("span", "", "turn"), input, label);
      host.controls.append(row, wrap);
      setTurn(turn);
    },
    step(dt: number): void {
      replaySim.advance(dt);
      if (turn < frames.length - 1 && ++tick >= FRAMES_PER_TURN) setTurn(turn + 1);
    },
    draw(): void {
      const dpr = fitCanvas(canvas, (maxX - minX) / (maxY - minY), 560);
      const scale = canvas.width / (maxX - minX);
      const sx = (x: number) => (x - minX) * scale, sy = (y: number) => (y - minY) * scale;
      ctx.fillStyle = "#0f141b";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.strokeStyle = "#27313d";
      ctx.lineWidth = dpr;
      ctx.strokeRect(sx(0), sy(0), MAP_W * scale, MAP_H * scale);
      const pods = frames[turn].pods;
      csbRace.checkpoints.forEach(([x, y], k) => {
        ctx.strokeStyle = "#8b98a8";
        ctx.lineWidth = 2 * dpr;
        ctx.beginPath();
        ctx.arc(sx(x), sy(y), 600 * scale, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.fillStyle = "#8b98a8";
        ctx.font = `${Math.round(12 * dpr)}px sans-serif`;
        ctx.fillText(String(k), sx(x) - 4 * dpr, sy(y) + 4 * dpr);
      });
      pods.forEach((p, i) => {
        // trail, line to the next checkpoint, body (ringed in its SHIELD turn), heading
        ctx.strokeStyle = POD_COLORS[i];
        ctx.globalAlpha = 0.35;
        ctx.lineWidth = dpr;
        ctx.beginPath();
        for (let k = Math.max(0, turn - 30); k <= turn; k++) {
          const q = frames[k].pods[i];
          if (k === Math.max(0, turn - 30)) ctx.moveTo(sx(q.x), sy(q.y));
          else ctx.lineTo(sx(q.x), sy(q.y));
        }
        ctx.stroke();
        const [cx, cy] = csbRace.checkpoints[p.passed % csbRace.checkpoints.length];
        ctx.setLineDash([4 * dpr, 6 * dpr]);
        ctx.beginPath();
        ctx.moveTo(sx(p.x), sy(p.y));
        ctx.lineTo(sx(cx), sy(cy));
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.globalAlpha = 1;
        ctx.fillStyle = POD_COLORS[i];
        ctx.beginPath();
        ctx.arc(sx(p.x), sy(p.y), 400 * scale, 0, 2 * Math.PI);
        ctx.fill();
        if (p.shieldRound === turn - 1) {
          ctx.strokeStyle = "#ffffff";
          ctx.lineWidth = 2 * dpr;
          ctx.stroke();
        }
        if (p.angle !== null) {
          ctx.strokeStyle = "#0f141b";
          ctx.lineWidth = 2 * dpr;
          ctx.beginPath();
          ctx.moveTo(sx(p.x), sy(p.y));
          ctx.lineTo(sx(p.x + 400 * Math.cos(p.angle)), sy(p.y + 400 * Math.sin(p.angle)));
          ctx.stroke();
        }
      });
      ctx.strokeStyle = "#ff4d4d";
      ctx.lineWidth = 2 * dpr;
      for (let k = Math.max(1, turn - 10); k <= turn; k++) {
        for (const c of frames[k].collisions) {
          const r = 250 * scale;
          ctx.globalAlpha = 1 - (turn - k) / 11;
          ctx.beginPath();
          ctx.moveTo(sx(c.x) - r, sy(c.y) - r);
          ctx.lineTo(sx(c.x) + r, sy(c.y) + r);
          ctx.moveTo(sx(c.x) + r, sy(c.y) - r);
          ctx.lineTo(sx(c.x) - r, sy(c.y) + r);
          ctx.stroke();
        }
      }
      ctx.globalAlpha = 1;
      canvas.dataset.turn = String(turn);
      canvas.dataset.mismatches = String(mismatches);
      canvas.dataset.pods = pods.map((p) => `${p.x},${p.y}`).join(";");
    },
    stats(): [string, string][] {
      const f = frames[turn];
      return [
        ["turn", `${turn} of ${frames.length - 1}`],
        ["replay vs referee", mismatches === 0 ? "exact (every field of every turn)" : `${mismatches} fields differ`],
        ["pod collisions", `${f.collisions.length} this turn, ${totalCollisions} in the race`],
        ["checkpoints passed", f.pods.map((p) => p.passed).join(", ")],
      ];
    },
  };
  return demo;
}
