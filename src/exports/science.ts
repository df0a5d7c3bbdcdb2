/**
 * carom/science: event-driven molecular dynamics of hard disks and hard spheres in periodic
 * boxes (the HardSpheres engine), with checkpoints that restart bit for bit; observables
 * (pressure, temperature, collision rate, g(r), mean squared displacement, diffusion,
 * viscosity) and their block-averaged errors; Andersen's and rescaling thermostats,
 * Lubachevsky–Stillinger growth and jammed packings, granular (inelastic) gases and Lees–Edwards
 * shear; start states; extended XYZ and LAMMPS dump output.
 *
 * @module carom/science
 */
export { HardSpheres } from "../science/hard-spheres.js";
export type { AndersenOptions, HardSpheresCheckpoint, HardSpheresOptions, HardSpheresStats, MeasurementSums, RescaleOptions, ShearStress } from "../science/hard-spheres.js";
export { radialDistribution, meanSquaredDisplacement } from "../science/observables.js";
export { Averages } from "../science/averages.js";
export type { AveragedDistribution, AveragesCheckpoint, AveragesOptions, AveragesTotals, MeanSquaredDisplacement, MsdState, RunningTotals } from "../science/averages.js";
export type { CheckpointEngineState, ExactNumber } from "../science/checkpoint-format.js";
export type { ThermostatState } from "../science/hard-spheres-options.js";
export { blockAverage } from "../science/blocking.js";
export type { BlockAnalysis, BlockingLevel, Estimate } from "../science/blocking.js";
export type { RadialDistribution } from "../science/observables.js";
export { latticeStart, maxwellVelocities, randomPositions, ballVolume, dimensionRoot } from "../science/start.js";
export type { LatticeStartOptions } from "../science/start.js";
export { fluidStart } from "../science/fluid-start.js";
export type { FluidStart, FluidStartOptions } from "../science/fluid-start.js";
export { packJammed, Packer, maxOverlap } from "../science/pack.js";
export type { PackOptions, PackProgress, PackResult } from "../science/pack.js";
export { extxyzFrame, formatExtxyz } from "../science/extxyz.js";
export type { ExtxyzData, ExtxyzOptions } from "../science/extxyz.js";
export { lammpsDumpFrame, formatLammpsDump } from "../science/lammps-dump.js";
export type { LammpsDumpOptions } from "../science/lammps-dump.js";
export { ScienceRandom, naturalLog } from "../science/random.js";
