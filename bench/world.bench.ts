/**
 * Whole simulations, carom against the engines people use, in one process:
 *
 * 1. Frame stepping, 2D: N balls (radius 0.5, 30% area fraction, velocity components uniform in
 *    [-10, 10], restitution 1, no friction) in a closed square box, dt = 1/60, 600 steps.
 *    For each engine: median ms per step, the kinetic energy ratio after 600 steps, and the
 *    pairs that overlap at the end (with the deepest overlap as a fraction of the radius).
 *    Peers: planck (Box2D port, balls as bullets), Rapier 2D with CCD on, matter-js.
 *
 * (Molecular dynamics and the million disks are in md.bench.ts, in a process of their own.)
 *
 * Run: npm run bench -- world   (BENCH_QUICK=1 for shorter runs)
 */
import RAPIER from "@dimforge/rapier2d-compat";
import * as planck from "planck";
import Matter from "matter-js";
import os from "node:os";
import { World2D } from "carom";
import { Random } from "../test/support/random.js";
import { median } from "./harness.js";

const QUICK = process.env.BENCH_QUICK === "1";
const STEPS = QUICK ? 120 : 600;
const DT = 1 / 60;

interface Ball {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

/** The shared start state: a jittered lattice (no overlaps), seeded velocities. */
function scene(n: number, seed: number): { L: number; balls: Ball[] } {
  const rnd = new Random(seed);
  const r = 0.5;
  const L = Math.sqrt((n * Math.PI * r * r) / 0.3);
  const side = Math.ceil(Math.sqrt(n));
  const pitch = L / side;
  const slack = (pitch - 2 * r) / 2;
  const balls: Ball[] = [];
  for (let k = 0; k < n; k++) {
    balls.push({
      x: ((k % side) + 0.5) * pitch + rnd.range(-slack, slack) * 0.99,
      y: (Math.floor(k / side) + 0.5) * pitch + rnd.range(-slack, slack) * 0.99,
      vx: rnd.range(-10, 10),
      vy: rnd.range(-10, 10),
    });
  }
  return { L, balls };
}

function energy(vs: Ball[]): number {
  let e = 0;
  for (const b of vs) e += 0.5 * (b.vx * b.vx + b.vy * b.vy);
  return e;
}

/** Overlapping pairs (distance < 2r minus 1e-9 r) and the deepest overlap in radii, by a sweep on x. */
function overlaps(ps: Ball[], r: number): { pairs: number; deepest: number } {
  const order = ps.map((_, i) => i).sort((a, b) => ps[a].x - ps[b].x);
  let pairs = 0;
  let deepest = 0;
  for (let p = 0; p < order.length; p++) {
    const a = ps[order[p]];
    for (let q = p + 1; q < order.length && ps[order[q]].x - a.x < 2 * r; q++) {
      const b = ps[order[q]];
      const d = Math.hypot(b.x - a.x, b.y - a.y);
      if (d < 2 * r * (1 - 1e-9)) {
        pairs++;
        deepest = Math.max(deepest, (2 * r - d) / r);
      }
    }
  }
  return { pairs, deepest };
}

interface Row {
  engine: string;
  msPerStep: number;
  energyRatio: number;
  pairs: number;
  deepest: number;
}

/** Runs an engine for STEPS steps: step() advances one frame, state() reads positions and velocities. */
function runEngine(engine: string, step: () => void, state: () => Ball[], e0: number): Row {
  const times: number[] = [];
  for (let s = 0; s < STEPS; s++) {
    const t0 = process.hrtime.bigint();
    step();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const st = state();
  const o = overlaps(st, 0.5);
  return { engine, msPerStep: median(times.slice(10)), energyRatio: energy(st) / e0, pairs: o.pairs, deepest: o.deepest };
}

function carom2(L: number, balls: Ball[]): Row {
  const w = new World2D({ bounds: { min: [0, 0], max: [L, L] }, recordEvents: false });
  for (const b of balls) w.addBody({ x: b.x, y: b.y, vx: b.vx, vy: b.vy, radius: 0.5 });
  w.advance(0);
  const state = (): Ball[] => balls.map((_, i) => ({ x: w.x[i], y: w.y[i], vx: w.vx[i], vy: w.vy[i] }));
  return runEngine("carom (exact, event-driven)", () => w.advance(DT), state, energy(balls));
}

function planck2(L: number, balls: Ball[]): Row {
  const world = new planck.World({ gravity: planck.Vec2(0, 0) });
  const walls = world.createBody();
  const corners = [planck.Vec2(0, 0), planck.Vec2(L, 0), planck.Vec2(L, L), planck.Vec2(0, L)];
  for (let k = 0; k < 4; k++) walls.createFixture(new planck.Edge(corners[k], corners[(k + 1) % 4]), { friction: 0, restitution: 1 });
  const bodies = balls.map((b) => {
    const body = world.createBody({ type: "dynamic", position: planck.Vec2(b.x, b.y), bullet: true, linearDamping: 0, angularDamping: 0, fixedRotation: true });
    body.createFixture(new planck.Circle(0.5), { density: 1, friction: 0, restitution: 1 });
    body.setLinearVelocity(planck.Vec2(b.vx, b.vy));
    return body;
  });
  const state = (): Ball[] => bodies.map((body) => {
    const p = body.getPosition();
    const v = body.getLinearVelocity();
    return { x: p.x, y: p.y, vx: v.x, vy: v.y };
  });
  const e0 = energy(state());
  return runEngine("planck (Box2D port, bullets)", () => world.step(DT, 8, 3), state, e0);
}

function rapier2(L: number, balls: Ball[]): Row {
  const world = new RAPIER.World({ x: 0, y: 0 });
  world.timestep = DT;
  const ground = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  const t = 1;
  for (const [x, y, hx, hy] of [[L / 2, -t, L / 2 + t, t], [L / 2, L + t, L / 2 + t, t], [-t, L / 2, t, L / 2 + t], [L + t, L / 2, t, L / 2 + t]]) {
    world.createCollider(RAPIER.ColliderDesc.cuboid(hx, hy).setTranslation(x, y).setRestitution(1).setFriction(0), ground);
  }
  const bodies = balls.map((b) => {
    const body = world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic().setTranslation(b.x, b.y).setLinvel(b.vx, b.vy).setCcdEnabled(true).setLinearDamping(0).lockRotations(),
    );
    world.createCollider(
      RAPIER.ColliderDesc.ball(0.5).setRestitution(1).setFriction(0).setRestitutionCombineRule(RAPIER.CoefficientCombineRule.Max).setDensity(1),
      body,
    );
    return body;
  });
  const state = (): Ball[] => bodies.map((body) => {
    const p = body.translation();
    const v = body.linvel();
    return { x: p.x, y: p.y, vx: v.x, vy: v.y };
  });
  const e0 = energy(state());
  return runEngine("Rapier 2D (CCD on)", () => world.step(), state, e0);
}

function matter2(L: number, balls: Ball[]): Row {
  const engine = Matter.Engine.create({ gravity: { x: 0, y: 0, scale: 0 } });
  const t = 2;
  const wallOpts = { isStatic: true, restitution: 1, friction: 0, frictionStatic: 0 };
  Matter.Composite.add(engine.world, [
    Matter.Bodies.rectangle(L / 2, -t / 2, L + 2 * t, t, wallOpts),
    Matter.Bodies.rectangle(L / 2, L + t / 2, L + 2 * t, t, wallOpts),
    Matter.Bodies.rectangle(-t / 2, L / 2, t, L + 2 * t, wallOpts),
    Matter.Bodies.rectangle(L + t / 2, L / 2, t, L + 2 * t, wallOpts),
  ]);
  const bodies = balls.map((b) => {
    const body = Matter.Bodies.circle(b.x, b.y, 0.5, { restitution: 1, friction: 0, frictionAir: 0, frictionStatic: 0, inertia: Infinity, slop: 0 });
    Matter.Body.setVelocity(body, { x: b.vx * DT, y: b.vy * DT });
    return body;
  });
  Matter.Composite.add(engine.world, bodies);
  const state = (): Ball[] => bodies.map((body) => {
    const v = Matter.Body.getVelocity(body);
    return { x: body.position.x, y: body.position.y, vx: v.x / DT, vy: v.y / DT };
  });
  const e0 = energy(state());
  return runEngine("matter-js", () => Matter.Engine.update(engine, 1000 * DT), state, e0);
}

function printRows(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} x${os.cpus().length}, node ${process.version}; ${STEPS} steps of 1/60`);
  const base = rows[0];
  console.log(`${"engine".padEnd(30)} ${"ms/step".padStart(9)} ${"x carom".padStart(8)} ${"energy ratio".padStart(14)} ${"overlaps".padStart(9)} ${"deepest".padStart(9)}`);
  for (const r of rows) {
    console.log(
      `${r.engine.padEnd(30)} ${r.msPerStep.toFixed(3).padStart(9)} ${(r.msPerStep / base.msPerStep).toFixed(1).padStart(8)} ${r.energyRatio.toPrecision(12).padStart(14)} ${String(r.pairs).padStart(9)} ${(r.deepest * 100).toFixed(1).padStart(8)}%`,
    );
  }
}

async function main(): Promise<void> {
  await RAPIER.init();
  for (const n of [1000, 10000]) {
    const { L, balls } = scene(n, 42);
    // (planck and matter-js take minutes at 10,000 balls: they run at 1,000 only)
    const rows = n <= 1000 ? [carom2(L, balls), rapier2(L, balls), planck2(L, balls), matter2(L, balls)] : [carom2(L, balls), rapier2(L, balls)];
    printRows(`frame stepping, 2D, ${n} balls, 30% area fraction, restitution 1`, rows);
    const rapier = rows.find((r) => r.engine.startsWith("Rapier"))!;
    console.log(`carom time per step / Rapier's: ${(rows[0].msPerStep / rapier.msPerStep).toFixed(3)} (target <= 0.2), carom ${(rapier.msPerStep / rows[0].msPerStep).toFixed(1)}x faster`);
    console.log(`carom: energy drift |E/E0 - 1| = ${Math.abs(rows[0].energyRatio - 1).toExponential(1)} (target <= 1e-12), ${rows[0].pairs} overlapping pairs`);
  }
}

await main();
