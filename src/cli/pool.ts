/**
 * `carom pool [shot.json] [--events FILE] [--render FILE.svg] [--rules GAME] [--json] [--quiet]`
 *
 * Plays a pool shot with the carom/pool model (pooltool's physics: sliding, rolling and spinning
 * balls, cushions, jaws, pockets, the cue) on a pool, snooker or carom billiards table: without
 * a file, a 9-ball break. Prints what happened: events by type, balls pocketed and where,
 * simulated and wall time, and with --rules the shot judged by a game's rules. A name
 * `examples/pool/NAME.json` that is not in the current folder is read from the package, as
 * `carom run examples/NAME.json` does. Uses only the public API (../exports/pool.js).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import {
  GameState, nineBallBreakShot, playShot, POOL_SHOT_SCHEMA, readPoolShot, shotSvg, type GameKind, type PoolShot, type ShotOutcome,
} from "../exports/pool.js";
import { parseArgs } from "./args.js";
import { AtomicFile } from "./atomic-file.js";
import { parseJson } from "../scene/json-parse.js";
import { SceneError } from "../scene/scene-error.js";
import { inputError } from "./cli-error.js";
import { checkOutputs, type OutputPath } from "./output-check.js";
import { stopIfInterrupted } from "./simulate.js";
import { STDIN_LABEL, inputLabel, isStdio, messageStream, readStdin } from "./stdio.js";
import { PACKAGED_EXAMPLES } from "./scene-file.js";

/** The path to read for `file`: itself, or the packaged shot an absent `examples/pool/NAME.json` names. */
export function shotPath(file: string): string {
  const m = /^(?:\.[\\/])?examples[\\/]pool[\\/]([A-Za-z0-9_-]+)\.json$/.exec(file);
  if (m === null || existsSync(file)) return file;
  try {
    if (readdirSync(PACKAGED_EXAMPLES + "pool").includes(`${m[1]}.json`)) return `${PACKAGED_EXAMPLES}pool/${m[1]}.json`;
  } catch {
    // no packaged pool examples: read the name as given (and report it missing)
  }
  return file;
}

const GAMES: readonly GameKind[] = ["nine-ball", "eight-ball", "three-cushion"];

export const POOL_HELP = `usage: carom pool [shot.json] [options]

Plays a pool shot with carom/pool (pooltool's billiards model with exact event times): the
cue strike with spin and squirt, balls sliding, rolling and spinning on the cloth, cushions,
pocket jaws and pockets, on a pool, snooker or carom billiards table. Without a file: a 9-ball
break at 8 m/s on pooltool's 7-ft table. Prints the events by type, the balls pocketed and the
simulated and wall time. examples/pool/NAME.json is read from the package when the folder has
no such file (try examples/pool/nine-ball-break.json, three-cushion.json, snooker-break.json).
- as the shot reads standard input; --events - or --render - writes to standard output (the
summary then goes to standard error).

options:
  --events FILE           write every event as one JSON object per line (NDJSON), in time order:
                          {"t":..,"type":"ball-ball"|"ball-linear-cushion"|..,"ids":[..],
                           "after":{"<ball id>":{"state":..,"r":[..],"v":[..],"w":[..]},..}}
  --render FILE           draw the shot (.svg): the table, every ball's path, where they stopped
  --rules GAME            judge the shot as the first shot of a game: nine-ball, eight-ball or
                          three-cushion (fouls, who shoots next, ball in hand, points, winner)
  --json                  print the summary as one JSON object
  --schema                print the JSON Schema of the shot file and exit
  -q, --quiet             no text summary
  -h, --help              this text

shot file (JSON):
  {"pool": 1, "table": "default" | "snooker" | "billiard" | {"kind": .., specs},
   "balls": [{"id": "cue", "x": 0.5, "y": 0.4, "v": [vx, vy], "w": [wx, wy, wz]}, ...]
            | {"rack": "nine-ball"|"eight-ball"|"snooker"|"three-cushion", "jitter": 2e-5, "seed": 1},
   "strike": {"ball": "cue", "V0": 3, "phi": 90 | "aim": "1" | "aim": {"object": "1", "pocket": "rt"},
              "theta": 0, "a": 0, "b": 0},
   "params": {..}, "cue": {..}, "ballBallFriction": {..}, "tFinal": T, "maxEvents": N}
  metres, seconds; phi and theta in degrees; a, b: tip offsets as fractions of the radius.
`;

export const POOL_OPTIONS = {
  events: { kind: "string" },
  render: { kind: "string" },
  rules: { kind: "string" },
  json: { kind: "flag" },
  schema: { kind: "flag" },
  quiet: { kind: "flag", short: "q" },
} as const;

/** Whether `file` holds a pool shot (a JSON object with a "pool" key) rather than a scene. */
export function isPoolShotFile(file: string): boolean {
  try {
    const json = parseJson(isStdio(file) ? readStdin() : readFileSync(shotPath(file), "utf8"), inputLabel(file));
    return typeof json === "object" && json !== null && !Array.isArray(json) && "pool" in json && !("carom" in json);
  } catch {
    return false; // unreadable or not JSON: the scene reader reports it
  }
}

/** `carom render shot.json -o picture.svg` for a pool shot: the table and every ball's path. */
export async function renderPoolShot(file: string, output: string, flag: string, width: number, quiet: boolean, stdout: (s: string) => void): Promise<number> {
  if (!isStdio(output) && !/\.svg$/i.test(output)) throw inputError(`carom render: a pool shot is drawn as .svg, got ${flag} ${JSON.stringify(output)}`);
  const { shot, label } = loadShot(file);
  const played = playOrRefuse(shot, 1 / 240, label);
  const { system } = played;
  const picture = new AtomicFile(output);
  picture.write(shotSvg(system.table, system.params.R, played.tracks, system.ids.map((id) => system.ball(id)), shot.description ?? label, width));
  await stopIfInterrupted("render");
  picture.commit();
  if (!quiet) stdout(`carom render: wrote ${isStdio(output) ? "standard output" : output} (${label}, pool shot, t = 0 to ${system.t}, ${played.events.length} events)\n`);
  return 0;
}

/** playShot, its RangeError (a shot too long to record) as invalid input naming the file. */
function playOrRefuse(shot: PoolShot, every: number, label: string): ReturnType<typeof playShot> {
  try {
    return playShot(shot, every);
  } catch (e) {
    if (e instanceof RangeError) throw inputError(`${label}: ${e.message}`);
    throw e;
  }
}

function loadShot(file: string | undefined): { shot: PoolShot; label: string } {
  if (file === undefined) return { shot: nineBallBreakShot(), label: "built-in 9-ball break" };
  if (isStdio(file)) return shotFromText(readStdin(), STDIN_LABEL);
  let text: string;
  try {
    text = readFileSync(shotPath(file), "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw inputError(`${file}: cannot read the shot: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory, not a shot file" : (e as Error).message}`);
  }
  return shotFromText(text, file);
}

/** The shot a file's text holds (`file` names it in messages). */
function shotFromText(text: string, file: string): { shot: PoolShot; label: string } {
  let json: unknown;
  try {
    // The scene files' strict reader: a duplicate key, trailing text or a number out of range
    // is an error with its line and column (JSON.parse would keep the last duplicate).
    json = parseJson(text, file);
  } catch (e) {
    if (e instanceof SceneError) throw inputError(e.message);
    throw e;
  }
  try {
    return { shot: readPoolShot(json), label: file };
  } catch (e) {
    if (e instanceof RangeError) throw inputError(`${file}: ${e.message}`);
    throw e;
  }
}

/** `carom pool`; `command` names the command the user typed in messages (`run` plays the built-in break through here). */
export async function pool(argv: readonly string[], stdout: (s: string) => void, command = "pool"): Promise<number> {
  const { positional, values } = parseArgs(command, argv, POOL_OPTIONS);
  if (values.schema === true) {
    stdout(JSON.stringify(POOL_SHOT_SCHEMA, null, 2) + "\n");
    return 0;
  }
  // With an output on standard output ("-"), the summary goes to standard error.
  const say = messageStream(stdout, [values.events as string | undefined, values.render as string | undefined]);
  if (positional.length > 1) throw inputError(`carom ${command}: one shot at a time, got ${positional.length}: ${positional.join(" ")}`);
  const render = values.render as string | undefined;
  const rules = values.rules as GameKind | undefined;
  if (rules !== undefined && !GAMES.includes(rules)) throw inputError(`carom ${command}: --rules must be ${GAMES.join(", ")}, got ${JSON.stringify(rules)}`);
  if (render !== undefined && !isStdio(render) && !/\.svg$/i.test(render)) throw inputError(`carom ${command}: --render writes .svg${command === "run" ? " for the built-in pool break" : ""} (or - for standard output), got ${JSON.stringify(render)}`);
  const outputPaths: OutputPath[] = [];
  if (values.events !== undefined) outputPaths.push({ flag: "--events", path: values.events as string });
  if (render !== undefined) outputPaths.push({ flag: "--render", path: render });
  checkOutputs(command, outputPaths, positional);
  const { shot, label } = loadShot(positional[0]);
  const events = values.events === undefined ? null : new AtomicFile(values.events as string);
  const played = playOrRefuse(shot, render === undefined ? 0 : 1 / 240, label);
  const { system } = played;
  const byType: Record<string, number> = {};
  const pocketed: { id: string; pocket: string; t: number }[] = [];
  for (const e of played.events) {
    byType[e.type] = (byType[e.type] ?? 0) + 1;
    if (e.type === "ball-pocket") pocketed.push({ id: e.ids[0], pocket: e.ids[1], t: e.t });
    events?.write(JSON.stringify({ t: e.t, type: e.type, ids: e.ids, after: e.after }) + "\n");
  }
  const outputs: Record<string, string> = {};
  if (events !== null) outputs.events = events.path;
  let picture: AtomicFile | null = null;
  if (render !== undefined) {
    picture = new AtomicFile(render);
    const finals = system.ids.map((id) => system.ball(id));
    picture.write(shotSvg(system.table, system.params.R, played.tracks, finals, shot.description ?? label));
    outputs.render = picture.path;
  }
  // (the shot is played in one go, within about a second: a signal is seen here, before any output)
  await stopIfInterrupted(command);
  events?.commit();
  picture?.commit();
  let judged: ShotOutcome | undefined;
  if (rules !== undefined) {
    try {
      judged = new GameState(rules).take(system);
    } catch (e) {
      if (e instanceof RangeError) throw inputError(`carom ${command}: --rules ${rules}: ${e.message}`);
      throw e;
    }
  }
  const moving = system.ids.filter((id) => {
    const s = system.ball(id).state;
    return s !== "stationary" && s !== "pocketed";
  });
  const summary = {
    shot: label,
    balls: system.ids.length,
    events: { total: played.events.length, byType },
    pocketed,
    atRest: moving.length === 0,
    simulatedTime: system.t,
    wallTime: played.wallSeconds,
    outputs,
    ...(judged === undefined ? {} : { rules: { game: rules, ...judged } }),
  };
  if (values.json === true) {
    say(JSON.stringify(summary) + "\n");
    return 0;
  }
  if (values.quiet === true) return 0;
  const lines = [
    `carom pool: ${label} (${system.ids.length} balls on a ${system.table.kind === "billiard" ? "carom billiards" : system.table.kind} table, pooltool's model)`,
    `  simulated   t = 0 to ${+system.t.toPrecision(6)} s in ${played.wallSeconds.toFixed(3)} s of wall time${moving.length ? ` (still moving: ${moving.join(", ")})` : ", every ball at rest"}`,
    `  events      ${played.events.length}: ${Object.entries(byType).map(([t, n]) => `${n} ${t}`).join(", ")}`,
    `  pocketed    ${pocketed.length === 0 ? "none" : pocketed.map((p) => `${p.id} (${p.pocket}, t = ${+p.t.toPrecision(4)})`).join(", ")}`,
  ];
  if (judged !== undefined) {
    lines.push(`  ${rules!.padEnd(11)} ${judged.summary}${judged.fouls.length ? ` — ${judged.fouls.map((f) => f.detail).join("; ")}` : ""}`);
  }
  for (const path of Object.values(outputs)) lines.push(`  wrote       ${isStdio(path) ? "standard output" : path}`);
  say(lines.join("\n") + "\n");
  return 0;
}
