// Soak test of carom/pool: many seeded breaks (9-ball and 8-ball racks with random jitter,
// random cue ball placement, speed, aim error, tip offsets and elevation), each simulated to
// rest with the checks of test/support/pool-soak.ts after every event and every sample time: no
// two balls overlapping once time moves on, no ball into a rail or a jaw, no energy rise (except
// the strike and, with the touching guard on, its transfers at ball–ball impacts), every ball at
// rest or pocketed at the end. Exits 1 on any failure. npm test runs a short soak
// (test/pool-soak.test.ts); this script runs long ones.
//
// Usage: node --import tsx scripts/pool-soak.ts [--count 10000] [--seed 1] [--sample 0.01] [--no-guard] [--only K]
import { soakBreaks } from "../test/support/pool-soak.js";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? Number(args[k + 1]) : fallback;
};
const guard = !args.includes("--no-guard");
const count = opt("count", 10000), seed = opt("seed", 1), sample = opt("sample", 0.01), only = opt("only", -1);
const t0 = performance.now();
const r = soakBreaks({ count, seed, sample, guard, only, progress: (line) => console.log(`${line}, ${((performance.now() - t0) / 1000).toFixed(0)} s`) });
for (const f of r.failures.slice(0, 20)) console.log(f);
console.log(`\n${r.breaks} breaks (seed ${seed}, touching guard ${guard ? "on" : "off"}, checks every event and every ${sample} s): ${r.events} events (at most ${r.maxEvents} in one break), ${r.pocketed} balls pocketed`);
console.log(`events by type: ${[...r.counts].sort().map(([t, c]) => `${t} ${c}`).join(", ")}`);
console.log(`ball-ball overlaps: ${r.failures.some((f) => f.includes("overlap")) ? "SOME LAST" : "none that lasts"}; the deepest momentary one (inside a cluster resolved at one instant) ${r.worstOverlapSeen.toExponential(2)} m`);
console.log(`closest approach to a rail line: ${r.worstRail.toExponential(2)} m beyond R`);
console.log(`energy: ${r.rises} rises between checks outside the guard, the largest ${r.worstRise.toExponential(2)} relative; ${r.guardRises} rises at ball-ball impacts with the touching guard on`);
console.log(`${r.failures.length} failures; ${((performance.now() - t0) / 1000).toFixed(1)} s`);
process.exit(r.failures.length > 0 ? 1 : 0);
