// Soak test of carom/pool: many seeded breaks (9-ball and 8-ball racks with random jitter,
// random cue ball placement, speed, aim error, tip offsets and elevation), each simulated to
// rest. After every event and at every sample time (default every 10 ms of simulated time) it
// checks that no two balls overlap (centre distance >= 2R − 1e-9 m), that no ball is outside
// the table (every ball on the table stays R − 1e-9 m inside the rails it faces and clear of the
// jaws; a ball leaves the cloth only into a pocket), and that the total energy never rises
// (except at the strike); at the end every ball is at rest or pocketed. Exits 1 on any failure.
//
// Usage (after npm run build): node --import tsx scripts/pool-soak.ts [--count 10000] [--seed 1] [--sample 0.01] [--no-guard]
// (--no-guard switches off pooltool's touching guard, the one part of the model that adds energy)
import { breakStrike, PoolSystem, pocketTable, rackBalls, type RackKind } from "carom/pool";
import { Random } from "../test/support/random.js";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? Number(args[k + 1]) : fallback;
};
const GUARD = !args.includes("--no-guard");
const COUNT = opt("count", 10000), SEED = opt("seed", 1), SAMPLE = opt("sample", 0.01), ONLY = opt("only", -1);
const table = pocketTable();
const R = 0.028575;
const TOL = 1e-9;
const rails = table.linear.filter((c) => ["3", "6", "15", "12", "18", "9"].includes(c.id));
const { w, l } = table.specs;

const counts = new Map<string, number>();
let worstOverlapSeen = 0;
let events = 0, pocketed = 0, failures = 0, worstRail = Infinity, worstRise = 0, rises = 0, maxEvents = 0;
const failure = (k: number, msg: string) => {
  failures++;
  if (failures <= 20) console.log(`break ${k}: ${msg}`);
};

/** Overlaps seen at the current time; they count only if time moves on with them in place. */
let pendingOverlaps: string[] = [];
let pendingTime = -1;

function check(k: number, system: PoolSystem, ids: readonly string[], lastEnergy: number, allowRise: boolean, what: string): number {
  if (system.t > pendingTime) for (const m of pendingOverlaps) failure(k, m);
  pendingOverlaps = [];
  pendingTime = system.t;
  const states = ids.map((id) => system.ball(id));
  for (let i = 0; i < states.length; i++) {
    const a = states[i];
    if (a.state === "pocketed") continue;
    const [x, y] = a.r;
    if (!(x > -0.1 && x < w + 0.1 && y > -0.1 && y < l + 0.1)) failure(k, `${a.id} off the table at (${x}, ${y}), t = ${system.t}`);
    for (const c of rails) {
      const ex = c.p2[0] - c.p1[0], ey = c.p2[1] - c.p1[1];
      const s = ((x - c.p1[0]) * ex + (y - c.p1[1]) * ey) / (ex * ex + ey * ey);
      if (s < 0 || s > 1) continue;
      // Playing side: towards the table's centre.
      const len = Math.hypot(ex, ey);
      let d = ((x - c.p1[0]) * -ey + (y - c.p1[1]) * ex) / len;
      const dc = ((w / 2 - c.p1[0]) * -ey + (l / 2 - c.p1[1]) * ex) / len;
      if (dc < 0) d = -d;
      worstRail = Math.min(worstRail, d - R);
      if (d < R - TOL) failure(k, `${a.id} ${(R - d).toExponential(2)} m into rail ${c.id} at t = ${system.t}`);
    }
    for (const j of table.circular) {
      const d = Math.hypot(x - j.center[0], y - j.center[1]);
      if (d < R + j.radius - TOL) failure(k, `${a.id} ${(R + j.radius - d).toExponential(2)} m into jaw ${j.id} at t = ${system.t}`);
    }
    for (let m = i + 1; m < states.length; m++) {
      const b = states[m];
      if (b.state === "pocketed") continue;
      const d = Math.hypot(b.r[0] - x, b.r[1] - y);
      if (d < 2 * R - TOL) {
        // Resolving one contact of a cluster can push a ball into a neighbour (pooltool's kiss
        // moves it back along its velocity); that contact is resolved at the same instant.
        // An overlap that is still there when time moves on is a failure.
        pendingOverlaps.push(`${a.id} and ${b.id} overlap by ${(2 * R - d).toExponential(2)} m at t = ${system.t}, and time moves on`);
        worstOverlapSeen = Math.max(worstOverlapSeen, 2 * R - d);
      }
    }
  }
  const e = system.energy();
  if (!allowRise && e > lastEnergy) {
    const rise = (e - lastEnergy) / lastEnergy;
    worstRise = Math.max(worstRise, rise);
    rises++;
    if (rise > 1e-12) failure(k, `energy rises by ${rise.toExponential(2)} relative at t = ${system.t} (${what})`);
  }
  return e;
}

const rnd = new Random(SEED);
const t0 = performance.now();
for (let k = 0; k < COUNT; k++) {
  const kind: RackKind = k % 2 === 0 ? "nine-ball" : "eight-ball";
  const balls = rackBalls(kind, { jitter: 2.5e-5, seed: SEED * 1_000_003 + k });
  const strike = breakStrike(balls, rnd.range(3, 10));
  strike.phi += rnd.range(-2, 2);
  let a: number, b: number;
  do { a = rnd.range(-0.5, 0.5); b = rnd.range(-0.5, 0.5); } while (a * a + b * b > 0.25);
  strike.a = a;
  strike.b = b;
  strike.theta = rnd.next() < 0.2 ? rnd.range(0, 15) : 0;
  if (ONLY >= 0 && k !== ONLY) continue;
  if (ONLY >= 0) console.log(JSON.stringify({ balls, strike }));
  try {
    const system = new PoolSystem({ balls, touchingGuard: GUARD });
    system.strike(strike);
    let energy = 0, T = SAMPLE, n = 0;
    pendingOverlaps = [];
    pendingTime = -1;
    for (;;) {
      const ev = system.simulate({ maxEvents: 1, tFinal: T });
      if (ev.length === 1) {
        n++;
        counts.set(ev[0].type, (counts.get(ev[0].type) ?? 0) + 1);
        energy = check(k, system, system.ids, energy, ev[0].type === "stick-ball", `${ev[0].type} ${ev[0].ids.join(" ")}`);
        if (n > 100000) { failure(k, "more than 100,000 events"); break; }
      } else if (system.t === T) {
        energy = check(k, system, system.ids, energy, false, "sample");
        T += SAMPLE;
      } else break;
    }
    check(k, system, system.ids, Infinity, true, "end");
    pendingTime = -1;
    events += n;
    maxEvents = Math.max(maxEvents, n);
    for (const id of system.ids) {
      const s = system.ball(id).state;
      if (s === "pocketed") pocketed++;
      else if (s !== "stationary") failure(k, `${id} ends ${s}`);
    }
  } catch (err) {
    failure(k, `exception: ${(err as Error).stack}`);
  }
  if ((k + 1) % 1000 === 0) console.log(`${k + 1} breaks, ${events} events, ${failures} failures, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
console.log(`\n${COUNT} breaks (seed ${SEED}, touching guard ${GUARD ? "on" : "off"}, checks every event and every ${SAMPLE} s): ${events} events (at most ${maxEvents} in one break), ${pocketed} balls pocketed`);
console.log(`events by type: ${[...counts].sort().map(([t, c]) => `${t} ${c}`).join(", ")}`);
console.log(`ball-ball overlaps: none that lasts; the deepest momentary one (inside a cluster resolved at one instant) ${worstOverlapSeen.toExponential(2)} m`);
console.log(`closest approach to a rail line: ${worstRail.toExponential(2)} m beyond R`);
console.log(`energy: ${rises} rises between checks, the largest ${worstRise.toExponential(2)} relative`);
console.log(`${failures} failures; ${((performance.now() - t0) / 1000).toFixed(1)} s`);
process.exit(failures > 0 ? 1 : 0);
