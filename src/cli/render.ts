/**
 * `carom render [scene.json] -o picture.svg [--duration T] [--animate] [--trails all|none|N]
 *               [--view xy|xz|yz] [--width PX] [--speed S] [--quiet]`
 *
 * Runs the scene and draws it: an SVG picture (still, or animated with --animate), or an HTML
 * player when the output name ends in .html.
 */
import { DEFAULT_DURATION } from "../index.js";
import { sceneDimensions } from "../scene/scene-types.js";
import { flagName, parseArgs } from "./args.js";
import { AtomicFile } from "./atomic-file.js";
import { CliError, inputError } from "./cli-error.js";
import { checkOutputs } from "./output-check.js";
import { Progress } from "./progress.js";
import { Recording } from "./recording.js";
import { renderHtml } from "./render-html.js";
import { renderSvg } from "./render-svg.js";
import { isPoolShotFile, renderPoolShot } from "./pool.js";
import { durationOption, maxCollisionsOption } from "./run.js";
import { buildWorld, loadScene, scenePath } from "./scene-file.js";
import { interrupt, interruptExitCode, simulate } from "./simulate.js";
import { isStdio, messageStream } from "./stdio.js";

export const RENDER_OPTIONS = {
  output: { kind: "string", short: "o" },
  duration: { kind: "number" },
  animate: { kind: "flag" },
  trails: { kind: "string" },
  view: { kind: "string" },
  width: { kind: "number" },
  speed: { kind: "number" },
  quiet: { kind: "flag", short: "q" },
  "max-collisions": { kind: "number" },
} as const;

export async function render(argv: readonly string[], stdout: (s: string) => void): Promise<number> {
  const args = parseArgs("render", argv, RENDER_OPTIONS);
  const { positional, values } = args;
  if (positional.length > 1) throw inputError(`carom render: one scene at a time, got ${positional.join(" ")}`);
  const output = values.output as string | undefined;
  const o = flagName(args, "output");
  if (output === undefined) throw inputError("carom render: name the picture with -o FILE (.svg, .html for a player, or - for an SVG on standard output)");
  const html = /\.html?$/i.test(output);
  if (!html && !isStdio(output) && !/\.svg$/i.test(output)) throw inputError(`carom render: ${o} must end in .svg or .html (or be - for an SVG on standard output), got ${JSON.stringify(output)}`);
  // With the picture on standard output, the message goes to standard error.
  const say = messageStream(stdout, [output]);
  const view = (values.view as string | undefined) ?? "xy";
  if (view !== "xy" && view !== "xz" && view !== "yz") throw inputError(`carom render: --view must be xy, xz or yz, got ${JSON.stringify(view)}`);
  const width = (values.width as number | undefined) ?? 1000;
  if (!(width >= 50 && width <= 20000)) throw inputError(`carom render: --width must be between 50 and 20000 pixels, got ${width}`);
  const maxCollisions = maxCollisionsOption(values, "render");
  const speed = (values.speed as number | undefined) ?? 1;
  if (!(speed > 0)) throw inputError(`carom render: --speed must be > 0, got ${speed}`);
  checkOutputs("render", [{ flag: o, path: output }], positional.map(scenePath));
  if (positional[0] !== undefined && isPoolShotFile(positional[0])) return renderPoolShot(positional[0], output, o, width, values.quiet === true, say);
  const loaded = loadScene(positional[0]);
  const { scene } = loaded;
  if (view !== "xy" && sceneDimensions(scene) !== 3) throw inputError(`carom render: --view ${view} needs a 3D scene; ${loaded.label} is 2D (draw it with --view xy)`);
  const n = scene.bodies.length;
  const movers = scene.bodies.filter((b) => b.fixed !== true).length;
  const trailsText = (values.trails as string | undefined) ?? "auto";
  let trails: number;
  if (trailsText === "auto") trails = movers <= 64 ? n : 0;
  else if (trailsText === "all") trails = n;
  else if (trailsText === "none") trails = 0;
  else if (/^[0-9]+$/.test(trailsText)) trails = Number(trailsText);
  else throw inputError(`carom render: --trails must be all, none, auto or a number of bodies, got ${JSON.stringify(trailsText)}`);
  const duration = durationOption(values, "render", scene.duration ?? DEFAULT_DURATION);
  // The SVG clock value (dur="...s") takes plain decimals: the animation lasts 1 ms to 1e7 s.
  const lasts = duration * speed;
  if (values.animate === true && !html && duration > 0 && !(lasts >= 1e-3 && lasts <= 1e7)) {
    throw inputError(`carom render: --speed ${speed} makes the animation of ${duration} time units last ${lasts} s; take a --speed for which it lasts 0.001 s to 1e7 s`);
  }
  const world = buildWorld(scene, loaded.label);
  const rec = new Recording(scene, world);
  const curved = Recording.curved(world);
  const file = new AtomicFile(output);
  const progress = new Progress(Progress.wanted(values.quiet === true), "carom render");
  const result = await simulate(world, duration, {
    file: loaded.label,
    every: curved && duration > 0 ? duration / 400 : undefined,
    maxCollisions,
    onChunk: (w) => rec.addEvents(w),
    onFrame: (w, t, k) => {
      if (k > 0) rec.sampleAll(w, t);
    },
    onProgress: (f, c) => progress.update(f, `${c} collisions`),
  });
  progress.done();
  const interrupted = (): CliError => new CliError(`carom render: interrupted at t = ${result.reached}; no output written`, interruptExitCode());
  if (result.interrupted) throw interrupted();
  rec.finish(world);
  const title = loaded.name;
  file.write(html ? renderHtml(rec, world, { view, title, speed }) : renderSvg(rec, world, { view, animate: values.animate === true, trails, width, speed, title }));
  if (interrupt.requested) throw interrupted();
  file.commit();
  if (values.quiet !== true) say(`carom render: wrote ${isStdio(output) ? "standard output" : output} (${loaded.label}, t = ${result.start} to ${world.now}, ${rec.collisions} collisions)\n`);
  return 0;
}
