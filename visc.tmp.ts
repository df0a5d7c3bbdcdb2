import { HardSpheres, latticeStart } from "./src/exports/science.js";
const n = Number(process.argv[2] ?? 2000), rate = Number(process.argv[3] ?? 0.01), T = Number(process.argv[4] ?? 1700), seed = Number(process.argv[5] ?? 1), phi = 0.01;
const o = latticeStart({ dimensions: 3, count: n, packingFraction: phi, seed });
const v = o.velocities as Float64Array, p = o.positions as Float64Array, Ly = o.box[1];
for (let i = 0; i < n; i++) v[3 * i] += rate * (p[3 * i + 1] - Ly / 2);
const sim = new HardSpheres({ ...o, shearRate: rate, thermostat: { temperature: 1, interval: 5 } });
const t0 = performance.now();
sim.advance(100);
sim.resetMeasurements();
let kT = 0, k = 0;
for (let t = 0; t < T; t += 1) { sim.advance(1); kT += sim.temperature(); k++; }
kT /= k;
const s = sim.shearStress();
const eta0 = 1.016 * (5 / 16) * Math.sqrt(kT / Math.PI);
const g = (1 - phi / 2) / (1 - phi) ** 3, b = 4 * phi;
const enskog = eta0 * (1 / g + 0.8 * b + 0.776 * b * b * g);
console.log(`N ${n} rate ${rate} T ${T}: eta ${s.viscosity.toFixed(5)} kinetic ${(-s.kinetic / rate).toFixed(5)} coll ${(-s.collisional / rate).toFixed(5)} kT ${kT.toFixed(4)} eta0 ${eta0.toFixed(5)} ratio ${(s.viscosity / eta0).toFixed(4)} enskog ratio ${(s.viscosity / enskog).toFixed(4)} collisions ${sim.stats.collisions} rebuilds ${sim.stats.fullRebuilds} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
