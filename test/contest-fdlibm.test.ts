import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fdlibmAtan2, fdlibmCos, fdlibmSin, fdlibmSinCos } from "../src/contest/fdlibm.js";

const reference = JSON.parse(readFileSync(new URL("./fixtures/contest/fdlibm-reference.json", import.meta.url), "utf8")) as { rows: number[][] };

test("the fdlibm ports give fdlibm's bits (reference values recorded from V8's fdlibm Math in Node 20)", () => {
  assert.equal(reference.rows.length, 800);
  for (const [x, sin, cos, y, x2, atan2] of reference.rows) {
    assert.ok(Object.is(fdlibmSin(x), sin), `sin(${x})`);
    assert.ok(Object.is(fdlibmCos(x), cos), `cos(${x})`);
    assert.ok(Object.is(fdlibmAtan2(y, x2), atan2), `atan2(${y}, ${x2})`);
  }
});

test("the fdlibm ports keep the special cases: zeros with their signs, infinities, NaN, the axes", () => {
  assert.ok(Object.is(fdlibmSin(-0), -0));
  assert.equal(fdlibmCos(0), 1);
  assert.ok(Number.isNaN(fdlibmSin(Infinity)) && Number.isNaN(fdlibmCos(NaN)));
  assert.ok(Object.is(fdlibmAtan2(-0, 5), -0));
  assert.equal(fdlibmAtan2(0, -5), Math.PI);
  assert.equal(fdlibmAtan2(-0, -5), -Math.PI);
  assert.equal(fdlibmAtan2(7, 0), Math.PI / 2);
  assert.equal(fdlibmAtan2(-7, 0), -Math.PI / 2);
  assert.equal(fdlibmAtan2(Infinity, -Infinity), (3 * Math.PI) / 4);
  assert.equal(fdlibmAtan2(1, 1), Math.PI / 4);
  assert.ok(Number.isNaN(fdlibmAtan2(NaN, 1)));
});

test("in this Node the ports agree with Math on 100,000 seeded inputs when Math is fdlibm (Node 20's V8)", { skip: process.versions.v8.startsWith("11.") ? false : "Math is not fdlibm in this V8" }, () => {
  let s = 5;
  const rnd = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
  for (let k = 0; k < 100_000; k++) {
    const x = (rnd() - 0.5) * 60, y = (rnd() - 0.5) * 60;
    assert.ok(Object.is(fdlibmSin(x), Math.sin(x)) && Object.is(fdlibmCos(x), Math.cos(x)) && Object.is(fdlibmAtan2(y, x), Math.atan2(y, x)), `at ${x}, ${y}`);
  }
});

test("fdlibmSinCos gives the bits of fdlibmSin and fdlibmCos from one reduction", () => {
  const out = new Float64Array(2);
  for (const [x] of reference.rows) {
    fdlibmSinCos(out, x);
    assert.ok(Object.is(out[0], fdlibmSin(x)) && Object.is(out[1], fdlibmCos(x)), `at ${x}`);
  }
  for (const x of [0, -0, 1e-300, Math.PI / 4, -Math.PI / 2, 3 * Math.PI, 1e7, -1e7]) {
    fdlibmSinCos(out, x);
    assert.ok(Object.is(out[0], fdlibmSin(x)) && Object.is(out[1], fdlibmCos(x)), `at ${x}`);
  }
});

/** fdlibm's values at the probes of trig.ts (x, sin x, cos x; y, x, atan2(y, x)), where Chromium 156's Math differs. */
const PROBE_SIN_COS = [
  [10.098348408051926, -0.6237806168377859, -0.7815994767510219],
  [0.7851433031191792, 0.7069265447928568, 0.7072869716509933],
  [7.60217814687741, 0.9684646563790094, 0.24915097700929695],
  [-0.7705040968817212, -0.6964970466931979, 0.7175596588073032],
  [4.524034634476543, -0.9823137016697561, -0.18724260068654613],
  [1.4551205585967395, 0.9933170153341149, 0.11541796674576238],
  [-1.8251929720049684, -0.9678153130222611, -0.2516615184719803],
  [0.7598463170043424, 0.6888100420058658, 0.7249418776921894],
  [-3.585890736238049, 0.4298242162243175, -0.9029125888740013],
  [-2.6056361452702603, -0.5106636601753104, -0.859780568619898],
  [-8.537932375696457, -0.7750824580691986, -0.6318600978012531],
  [10.124902098497795, -0.6443126280454193, -0.7647622096712188],
  [-11.748321588965283, 0.7298134428396463, 0.6836463549603276],
  [5.787573312310304, -0.4755700986142497, 0.8796778281302949],
  [-11.496067039433898, 0.8773462175289873, 0.4798579108315073],
  [10.05671078993786, -0.5907054356352726, -0.8068872835228864],
  [1.4106285783511723, 0.9872005441044749, 0.15948381021228722],
  [-11.772087760163512, 0.7133612151269337, 0.7007965302087508],
  [4.197884108963368, -0.8705364836907209, -0.4921038818820627],
  [-8.341630695546804, -0.8834368317898253, -0.46855027930538673],
  [-5.454660725525888, 0.7369348442071009, 0.6759637826048492],
  [-2.076861291228264, -0.8746587405178631, -0.4847391954811426],
  [10.177584282205245, -0.6836894273844452, -0.7297730927368653],
  [-3.6471846213783987, 0.484325430622655, -0.8748879226804881],
];
const PROBE_ATAN2 = [
  [-18505, -6402, -1.9038680054577135],
  [19984, -7770, 1.9416199994164822],
  [-17663, -17643, -2.3556280142998425],
  [-2808, 8757, -0.31029949195314305],
  [-8144, 4831, -1.0353937188511044],
  [-19264, -5587, -1.8530748173051264],
  [14595, 12876, 0.8478917600812357],
  [-17741, -5551, -1.8740374085105562],
  [10021, -18124, 2.6365155233256354],
  [-6233, -1159, -1.7546424127000837],
  [4136, -1353, 1.8869514160077052],
  [14969, 16950, 0.7234143183135453],
  [11424, -454, 1.6105163215092386],
  [16576, -1113, 1.6378409612877678],
  [-15371, -17833, -2.4302067446873643],
  [8688, 12900, 0.5927104651919168],
  [5569, -3916, 2.1836522006007932],
  [9430, 16837, 0.5105461938569583],
  [-13775, -4530, -1.8885124466419498],
  [-17767, -9674, -2.0694013756651186],
  [-18775, 15770, -0.872167730798854],
  [-19258, 7715, -1.1897618437523936],
  [-15423, -15131, -2.3466379309626433],
  [-45, 2436, -0.0184708055516145],
];

test("the ports give fdlibm's values at the probes where Chromium's Math differs, and this Node's Math passes them only if it is fdlibm", async () => {
  const { SIN_COS_PROBES, ATAN2_PROBES, NATIVE_FDLIBM } = await import("../src/contest/trig.js");
  assert.deepEqual(SIN_COS_PROBES, PROBE_SIN_COS.slice(0, 8).map((r) => r[0]));
  assert.deepEqual(ATAN2_PROBES, PROBE_ATAN2.slice(0, 8).flatMap((r) => [r[0], r[1]]));
  for (const [x, s, c] of PROBE_SIN_COS) assert.ok(Object.is(fdlibmSin(x), s) && Object.is(fdlibmCos(x), c), `at ${x}`);
  for (const [y, x, a] of PROBE_ATAN2) assert.ok(Object.is(fdlibmAtan2(y, x), a), `at ${y}, ${x}`);
  if (process.versions.v8.startsWith("11.")) assert.equal(NATIVE_FDLIBM, true, "Node 20's V8 Math is fdlibm");
});
