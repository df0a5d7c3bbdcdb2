import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { checkSceneStart, SceneError, validateSceneStructure, type Scene } from "../src/index.js";
import { pinningContacts, stuckBodies } from "../src/scene/scene-stuck.js";

const S3 = Math.sqrt(3);

function stuck(raw: object): string[] {
  return stuckBodies(validateSceneStructure({ carom: 1, ...raw }, "s.json")).map((i) => i.text);
}

const ball = (x: number, y: number, r = 1, extra: object = {}): object => ({ position: [x, y], velocity: [1, 0.5], radius: r, ...extra });
const peg = (x: number, y: number, r = 1, extra: object = {}): object => ({ position: [x, y], radius: r, fixed: true, ...extra });

test("a disk as wide as its box is stuck (touching within 1e-9 of its radius counts); with a visible gap it is not", () => {
  assert.deepEqual(stuck({ bounds: { min: [0, 0], max: [2, 5] }, bodies: [ball(1, 2.5)] }), [
    'bodies[0] ("0") has no room to move: it touches the bounds at -x and the bounds at +x, which hold it from opposite sides (any motion would be an endless cascade of collisions at one instant); leave a gap or make it smaller',
  ]);
  assert.equal(stuck({ bounds: { min: [0, 0], max: [2, 5] }, bodies: [ball(1, 2.5, 1 - 1e-12)] }).length, 1);
  assert.deepEqual(stuck({ bounds: { min: [0, 0], max: [2, 5] }, bodies: [ball(1, 2.5, 1 - 1e-6)] }), []);
});

test("one contact, a corner, a floor, a V-groove, or pegs on one side leave room to move", () => {
  assert.deepEqual(stuck({ bounds: { min: [0, 0], max: [10, 10] }, bodies: [ball(1, 1)] }), [], "corner");
  assert.deepEqual(stuck({ gravity: [0, -9.8], bounds: { min: [0, 0], max: [10, 10] }, bodies: [ball(5, 1)] }), [], "floor");
  const h = 1 / Math.SQRT2;
  assert.deepEqual(stuck({ bodies: [ball(0, 0)], walls: [{ segment: [[-h - 3, h + 3], [-h, -h]] }, { segment: [[h, -h], [h + 3, h + 3]] }] }).length, 0, "V-groove");
  assert.deepEqual(stuck({ bodies: [ball(0, 0), peg(2, 0), peg(1, S3), peg(-1, S3)] }), [], "three pegs within half a turn");
});

test("pinned from opposite sides or all around: two walls, three or four pegs, a plane and a box in 3D", () => {
  assert.match(stuck({ bodies: [ball(5, 5, 0.5)], walls: [{ id: "floor", box: { min: [0, 3], max: [10, 4.5] } }, { id: "roof", segment: [[0, 5.5], [10, 5.5]] }] })[0], /touches walls\[0\] \("floor"\) and walls\[1\] \("roof"\)/);
  assert.match(stuck({ bodies: [ball(0, 0, 1, { id: "b" }), peg(2, 0, 1, { id: "p1" }), peg(-1, S3, 1, { id: "p2" }), peg(-1, -S3, 1, { id: "p3" })] })[0], /^bodies\[0\] \("b"\) has no room to move: it touches bodies\[\d\] \("p\d"\), bodies\[\d\] \("p\d"\) and bodies\[\d\] \("p\d"\)/);
  const d = Math.SQRT2;
  assert.equal(stuck({ bodies: [ball(0, 0), peg(d, d), peg(-d, d), peg(d, -d), peg(-d, -d)] }).length, 1, "square hole");
  assert.equal(stuck({ bounds: { min: [-5, -1], max: [5, 5] }, bodies: [ball(0, 0)], walls: [{ box: { min: [-1, 1], max: [1, 2] } }] }).length, 1, "floor below, box above");
  const three = { dimensions: 3, bodies: [{ position: [0, 0, 0], velocity: [0, 0, 1], radius: 1 }], walls: [{ plane: { point: [0, 0, -1], normal: [0, 0, 1] } }, { box: { min: [-2, -2, 1], max: [2, 2, 3] } }] };
  assert.match(stuck(three)[0], /touches walls\[0\] \("wall-0"\) and walls\[1\] \("wall-1"\)/);
  const tetra = [[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]].map((v) => ({ position: v.map((c) => (2 * c) / S3), radius: 1, fixed: true }));
  assert.equal(stuck({ dimensions: 3, bodies: [{ position: [0, 0, 0], radius: 1 }, ...tetra] }).length, 1, "tetrahedral hole");
  assert.equal(stuck({ dimensions: 3, bodies: [{ position: [0, 0, 0], radius: 1 }, ...tetra.slice(0, 3)] }).length, 0, "three of the four: room to leave by the fourth");
});

test("only what cannot give way holds a body: movable neighbours, and fixed ones its group and mask let through, do not", () => {
  assert.deepEqual(stuck({ bodies: [ball(0, 0), ball(2, 0), ball(-2, 0)] }), [], "a row of movable balls");
  assert.deepEqual(stuck({ bodies: [ball(0, 0, 1, { group: 2, mask: 2 }), peg(2, 0), peg(-2, 0)] }), [], "pegs it passes through");
  assert.equal(stuck({ bodies: [ball(0, 0, 1, { group: 2, mask: 3 }), peg(2, 0), peg(-2, 0)] }).length, 1, "pegs it meets");
});

test("the start check reports a stuck body as a scene error naming it, only once nothing overlaps", () => {
  const scene = { carom: 1, bounds: { min: [0, 0], max: [2, 5] }, bodies: [ball(1, 2.5), ball(1, 2.5)] } as Scene;
  assert.throws(() => checkSceneStart(scene, "s.json"), (e: unknown) => e instanceof SceneError && e.issues.length === 1 && /overlap at the start/.test(e.message));
  scene.bodies.pop();
  assert.throws(() => checkSceneStart(scene, "s.json"), (e: unknown) => e instanceof SceneError && e.issues[0].path === "bodies[0]" && /has no room to move/.test(e.message));
});

/** max over unit directions d of min_i (-d . n_i), by sampling directions densely (the brute-force twin). */
function escapeMargin(normals: number[][], dim: 2 | 3): number {
  let best = -Infinity;
  const tryDir = (dx: number, dy: number, dz: number): void => {
    let worst = Infinity;
    for (const n of normals) worst = Math.min(worst, -(dx * n[0] + dy * n[1] + dz * n[2]));
    best = Math.max(best, worst);
  };
  if (dim === 2) {
    const k = 20_000;
    for (let i = 0; i < k; i++) tryDir(Math.cos((2 * Math.PI * i) / k), Math.sin((2 * Math.PI * i) / k), 0);
  } else {
    const k = 20_000; // Fibonacci sphere
    for (let i = 0; i < k; i++) {
      const z = 1 - (2 * i + 1) / k, rho = Math.sqrt(1 - z * z), phi = i * Math.PI * (3 - Math.sqrt(5));
      tryDir(rho * Math.cos(phi), rho * Math.sin(phi), z);
    }
  }
  return best;
}

test("the hull test agrees with a brute-force search for an escape direction on random contact sets", () => {
  let pinned = 0, free = 0;
  for (const dim of [2, 3] as const) {
    const unit = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
      .map(([x, y, z]) => (dim === 2 ? [x, y, 0] : [x, y, z]))
      .filter((v) => Math.hypot(v[0], v[1], v[2]) > 0.1)
      .map((v) => v.map((c) => c / Math.hypot(v[0], v[1], v[2])));
    fc.assert(
      fc.property(fc.array(unit, { minLength: 2, maxLength: 8 }), fc.boolean(), (normals, opposite) => {
        const set = opposite ? [...normals, normals[0].map((c) => -c)] : normals;
        const pin = pinningContacts(set.map(([nx, ny, nz], k) => ({ nx, ny, nz, what: String(k) })), dim);
        if (opposite) {
          assert.notEqual(pin, null, "two opposite contacts pin the body");
          return;
        }
        const margin = escapeMargin(set, dim);
        if (Math.abs(margin) < (dim === 2 ? 1e-3 : 0.05)) return; // too close to call by sampling
        assert.equal(pin !== null, margin < 0, `${JSON.stringify(set)}: margin ${margin}`);
        if (pin !== null) pinned++;
        else free++;
      }),
      { seed: 7, numRuns: 200 },
    );
  }
  assert.ok(pinned > 20 && free > 20, `${pinned} pinned, ${free} free`);
});
