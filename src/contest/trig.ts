/**
 * The trigonometry of the CSB referee (fdlibm's sin, cos, atan2), as fast as this engine allows.
 * Where the engine's `Math` is fdlibm (V8 up to Node 20, as the rules file records), `Math` is
 * used; elsewhere (Chromium 156, for one) the ports in fdlibm.ts. The choice is made once, at
 * load, on probe inputs where Chromium's `Math` and fdlibm differ: an engine with another
 * algorithm disagrees with fdlibm on some of them (each probe row is x, sin x, cos x or y, x,
 * atan2(y, x) as fdlibm gives them; the ports are checked against them in the tests too).
 */
import { fdlibmAtan2, fdlibmSinCos } from "./fdlibm.js";

/** Inputs where Chromium 156's Math.sin or Math.cos differs from fdlibm, with fdlibm's values. */
export const SIN_COS_PROBES: readonly (readonly number[])[] = [
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

/** Inputs where Chromium 156's Math.atan2 differs from fdlibm, with fdlibm's values. */
export const ATAN2_PROBES: readonly (readonly number[])[] = [
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

function mathIsFdlibm(): boolean {
  for (const [x, s, c] of SIN_COS_PROBES) if (!Object.is(Math.sin(x), s) || !Object.is(Math.cos(x), c)) return false;
  for (const [y, x, a] of ATAN2_PROBES) if (!Object.is(Math.atan2(y, x), a)) return false;
  return true;
}

/** True when this engine's Math gives fdlibm's bits on every probe (and is used). */
export const NATIVE_FDLIBM = mathIsFdlibm();

/** out[0] = sin x, out[1] = cos x, with fdlibm's bits. */
export function sinCos(out: Float64Array, x: number): void {
  if (NATIVE_FDLIBM) {
    out[0] = Math.sin(x);
    out[1] = Math.cos(x);
  } else {
    fdlibmSinCos(out, x);
  }
}

/** atan2(y, x) with fdlibm's bits. */
export function atan2(y: number, x: number): number {
  return NATIVE_FDLIBM ? Math.atan2(y, x) : fdlibmAtan2(y, x);
}
