/**
 * carom/science: event-driven molecular dynamics of hard disks and hard spheres in periodic
 * boxes (the HardSpheres engine), observables (pressure, temperature, collision rate, g(r),
 * mean squared displacement), the Andersen thermostat, Lubachevsky–Stillinger growth and
 * jammed packings, start states, and extended XYZ output.
 */
export { HardSpheres } from "../science/hard-spheres.js";
export type { AndersenOptions, HardSpheresOptions, HardSpheresStats } from "../science/hard-spheres.js";
export { radialDistribution, meanSquaredDisplacement } from "../science/observables.js";
export type { RadialDistribution } from "../science/observables.js";
export { latticeStart, maxwellVelocities, randomPositions, ballVolume, dimensionRoot } from "../science/start.js";
export type { LatticeStartOptions } from "../science/start.js";
export { packJammed, Packer, maxOverlap } from "../science/pack.js";
export type { PackOptions, PackProgress, PackResult } from "../science/pack.js";
export { extxyzFrame, formatExtxyz } from "../science/extxyz.js";
export type { ExtxyzData, ExtxyzOptions } from "../science/extxyz.js";
export { lammpsDumpFrame, formatLammpsDump } from "../science/lammps-dump.js";
export type { LammpsDumpOptions } from "../science/lammps-dump.js";
export { ScienceRandom, naturalLog } from "../science/random.js";
