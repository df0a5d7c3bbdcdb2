/**
 * Soak of carom/pool on seeded breaks (9-ball and 8-ball racks with random jitter, cue ball
 * placement, speed, aim error, tip offsets and elevation), each simulated to rest one event at a
 * time. After every event and at every sample time it checks that no two balls overlap once time
 * moves on (centre distance >= 2R − 1e-9 m: resolving one contact of a cluster may push a ball
 * into a neighbour by pooltool's kiss, and that contact is then resolved at the same instant),
 * that every ball on the table stays R − 1e-9 m inside the rails it faces and clear of the jaws,
 * and that the total energy never rises, except at the strike and, with pooltool's touching guard
 * on, at ball–ball impacts (the guard's 10 % transfer can add a little energy, by design); at the
 * end every ball is at rest or pocketed. Shared by test/pool-soak.test.ts (a short run) and
 * scripts/pool-soak.ts (long runs).
 */
import { breakStrike, PoolSystem, pocketTable, rackBalls, type RackKind } from "../../src/exports/pool.js";
import { Random } from "./random.js";

export interface SoakOptions {
  count: number;
  seed: number;
  /** Sample period of the checks between events, seconds. */
  sample?: number;
  guard?: boolean;
  /** Only this break (its index), printing its set-up. */
  only?: number;
  /** Called with a progress line every 1000 breaks. */
  progress?: (line: string) => void;
}

export interface SoakReport {
  breaks: number;
  events: number;
  maxEvents: number;
  pocketed: number;
  counts: Map<string, number>;
  failures: string[];
  worstOverlapSeen: number;
  worstRail: number;
  rises: number;
  worstRise: number;
  guardRises: number;
}

const TOL = 1e-9;

export function soakBreaks(o: SoakOptions): SoakReport {
  const table = pocketTable();
  const R = 0.028575;
  const rails = table.linear.filter((c) => ["3", "6", "15", "12", "18", "9"].includes(c.id));
  const { w, l } = table;
  const guard = o.guard ?? true, sample = o.sample ?? 0.01;
  const report: SoakReport = {
    breaks: 0, events: 0, maxEvents: 0, pocketed: 0, counts: new Map(), failures: [], worstOverlapSeen: 0, worstRail: Infinity, rises: 0, worstRise: 0, guardRises: 0,
  };
  let pendingOverlaps: string[] = [];
  let pendingTime = -1;
  const fail = (k: number, msg: string) => report.failures.push(`break ${k}: ${msg}`);

  const check = (k: number, system: PoolSystem, lastEnergy: number, what: string, allowRise: boolean): number => {
    if (system.t > pendingTime) for (const m of pendingOverlaps) fail(k, m);
    pendingOverlaps = [];
    pendingTime = system.t;
    const states = system.balls();
    for (let i = 0; i < states.length; i++) {
      const a = states[i];
      if (a.state === "pocketed") continue;
      const [x, y] = a.r;
      if (!(x > -0.1 && x < w + 0.1 && y > -0.1 && y < l + 0.1)) fail(k, `${a.id} off the table at (${x}, ${y}), t = ${system.t}`);
      for (const c of rails) {
        const ex = c.p2[0] - c.p1[0], ey = c.p2[1] - c.p1[1];
        const s = ((x - c.p1[0]) * ex + (y - c.p1[1]) * ey) / (ex * ex + ey * ey);
        if (s < 0 || s > 1) continue;
        const len = Math.hypot(ex, ey);
        let d = ((x - c.p1[0]) * -ey + (y - c.p1[1]) * ex) / len;
        if (((w / 2 - c.p1[0]) * -ey + (l / 2 - c.p1[1]) * ex) / len < 0) d = -d;
        report.worstRail = Math.min(report.worstRail, d - R);
        if (d < R - TOL) fail(k, `${a.id} ${(R - d).toExponential(2)} m into rail ${c.id} at t = ${system.t}`);
      }
      for (const j of table.circular) {
        const d = Math.hypot(x - j.center[0], y - j.center[1]);
        if (d < R + j.radius - TOL) fail(k, `${a.id} ${(R + j.radius - d).toExponential(2)} m into jaw ${j.id} at t = ${system.t}`);
      }
      for (let m = i + 1; m < states.length; m++) {
        const b = states[m];
        if (b.state === "pocketed") continue;
        const d = Math.hypot(b.r[0] - x, b.r[1] - y);
        if (d < 2 * R - TOL) {
          pendingOverlaps.push(`${a.id} and ${b.id} overlap by ${(2 * R - d).toExponential(2)} m at t = ${system.t}, and time moves on`);
          report.worstOverlapSeen = Math.max(report.worstOverlapSeen, 2 * R - d);
        }
      }
    }
    const e = system.energy();
    if (e > lastEnergy && what !== "stick-ball") {
      const rise = (e - lastEnergy) / lastEnergy;
      if (allowRise) report.guardRises++;
      else {
        report.worstRise = Math.max(report.worstRise, rise);
        report.rises++;
        if (rise > 1e-12) fail(k, `energy rises by ${rise.toExponential(2)} relative at t = ${system.t} (${what})`);
      }
    }
    return e;
  };

  const rnd = new Random(o.seed);
  for (let k = 0; k < o.count; k++) {
    const kind: RackKind = k % 2 === 0 ? "nine-ball" : "eight-ball";
    const balls = rackBalls(kind, { jitter: 2.5e-5, seed: o.seed * 1_000_003 + k });
    const strike = breakStrike(balls, rnd.range(3, 10));
    strike.phi = (strike.phi as number) + rnd.range(-2, 2);
    let a: number, b: number;
    do { a = rnd.range(-0.5, 0.5); b = rnd.range(-0.5, 0.5); } while (a * a + b * b > 0.25);
    strike.a = a;
    strike.b = b;
    strike.theta = rnd.next() < 0.2 ? rnd.range(0, 15) : 0;
    if (o.only !== undefined && o.only >= 0 && k !== o.only) continue;
    if (o.only !== undefined && o.only >= 0) o.progress?.(JSON.stringify({ balls, strike }));
    report.breaks++;
    try {
      const system = new PoolSystem({ balls, touchingGuard: guard });
      system.strike(strike);
      let energy = 0, T = sample, n = 0;
      pendingOverlaps = [];
      pendingTime = -1;
      for (;;) {
        const ev = system.simulate({ maxEvents: 1, tFinal: T });
        if (ev.length === 1) {
          n++;
          report.counts.set(ev[0].type, (report.counts.get(ev[0].type) ?? 0) + 1);
          energy = check(k, system, energy, ev[0].type, guard && ev[0].type === "ball-ball");
          if (n > 100000) { fail(k, "more than 100,000 events"); break; }
        } else if (system.t === T) {
          energy = check(k, system, energy, "sample", false);
          T += sample;
        } else break;
      }
      check(k, system, Infinity, "end", true);
      pendingTime = -1;
      report.events += n;
      report.maxEvents = Math.max(report.maxEvents, n);
      for (const ball of system.balls()) {
        if (ball.state === "pocketed") report.pocketed++;
        else if (ball.state !== "stationary") fail(k, `${ball.id} ends ${ball.state}`);
      }
    } catch (err) {
      fail(k, `exception: ${(err as Error).stack}`);
    }
    if ((k + 1) % 1000 === 0) o.progress?.(`${k + 1} breaks, ${report.events} events, ${report.failures.length} failures`);
  }
  return report;
}
