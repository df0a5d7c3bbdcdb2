/**
 * The layout of a HardSpheres checkpoint (checkpoint.ts writes and reads it): plain JSON-safe
 * data, every double exact.
 */
import type { MeasurementSums, ThermostatState } from "./hard-spheres-options.js";

/** A number as JSON holds it: itself, or "-0", "Infinity", "-Infinity", "NaN". */
export type ExactNumber = number | "-0" | "Infinity" | "-Infinity" | "NaN";

/** The event engine's own state in a checkpoint (what the next events depend on besides the bodies' motion). */
export interface CheckpointEngineState {
  /** Raw state records, 8 per body: x, y, z, t, vx, vy, vz, ρ (x at the body's own time t, lazily moved on). */
  state: ExactNumber[];
  /** Image counters, 3 per body. */
  image: number[];
  /** Collision counters, one per body (a pending event is stale when its partner's has moved on). */
  counter: number[];
  /** Each body's last collision time (−Infinity: none; the TC model's). */
  lastCollision: ExactNumber[];
  /** Each body's x displacement from Lees–Edwards wraps. */
  shearShift: ExactNumber[];
  /** Each body's neighbour-shell centre, 3 per body. */
  centres: ExactNumber[];
  /** Each body's second choice's time. */
  secondTime: ExactNumber[];
  /** Each body's pending event time, and last the scheduled systems' (Infinity: none). */
  eventTime: ExactNumber[];
  /** Per body: the event's partner, its counter then, the second choice's partner, its counter (−1: shell exit, −2: none). */
  events: number[];
  /** The neighbour lists' capacity. */
  listCap: number;
  /** Each body's list length. */
  listLengths: number[];
  /** The lists' entries in order, (body << 6) | image code. */
  listEntries: number[];
  /** Slots per cell of the list grid. */
  cellCap: number;
  /** Bodies in each cell. */
  cellCounts: number[];
  /** Each cell's bodies in order. */
  cellBodies: number[];
  /** The kernel's registers that carry state, by name (kernel-layout.ts). */
  registers: Record<string, ExactNumber>;
  /** The skin in use, as a fraction of the largest diameter. */
  skinFraction: ExactNumber;
  /** The growth horizon (all lists rebuilt then; Infinity without growth). */
  growthHorizon: ExactNumber;
  /** The shear horizon (likewise, for the moving images). */
  shearHorizon: ExactNumber;
  /** Sheared engines: Σ m (y − Ly/2)² / 2 at time 0. */
  q0: ExactNumber;
  /** What the virial register held before the window zeroed it. */
  virialBefore: ExactNumber;
  /** What the kinetic-integral register held before the window zeroed it. */
  kineticBefore: ExactNumber;
  /** Full rebuilds so far. */
  fullRebuilds: number;
  /** Thermostat actions so far. */
  thermostatKicks: number;
  /** Roots recomputed by the exact kernel so far. */
  exactRoots: number;
}

/** A HardSpheres simulation's whole state (see {@link HardSpheres.checkpoint}). */
export interface HardSpheresCheckpoint {
  /** What the object is: "hard-spheres-checkpoint". */
  carom: "hard-spheres-checkpoint";
  /** The layout's version: 1. */
  version: 1;
  /** 2 or 3. */
  dimensions: 2 | 3;
  /** Number of bodies. */
  count: number;
  /** Box sides (2 or 3). */
  box: number[];
  /** The time. */
  time: ExactNumber;
  /** For readers: positions now, wrapped into the box (d per body). */
  positions: ExactNumber[];
  /** For readers: the velocities of those images (d per body). */
  velocities: ExactNumber[];
  /** Radii now. */
  radii: ExactNumber[];
  /** Masses. */
  masses: ExactNumber[];
  /** The growth rate (in the current parametrisation of the radii). */
  growthRate: ExactNumber;
  /** The normal restitution. */
  restitution: ExactNumber;
  /** McNamara–Falcon's speed u0 (0: none). */
  restitutionSpeed: ExactNumber;
  /** The TC model's collapse time. */
  collapseTime: ExactNumber;
  /** The Lees–Edwards shear rate. */
  shearRate: ExactNumber;
  /** The skin asked for, or null (chosen by the engine). */
  skin: ExactNumber | null;
  /** The thermostat's settings and state (its random generator's too), or null. */
  thermostat: ThermostatState | null;
  /** The measurement window's start (resetMeasurements). */
  window: Record<keyof MeasurementSums, ExactNumber>;
  /** The event engine's own state. */
  engine: CheckpointEngineState;
  /** A checksum of everything else (hex), so that an edited checkpoint is refused. */
  checksum: string;
}
