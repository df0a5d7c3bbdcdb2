/** The command's help texts (`carom help`, `carom help <command>`, `carom <command> --help`). */

export const USAGE = `carom: exact continuous collision detection for moving circles and spheres

usage: carom <command> [options]

commands:
  run [scene.json]        simulate a scene (without one: a pool break) and print a summary
  pool [shot.json]        play a pool shot with pooltool's model (without one: a 9-ball break)
  validate scene.json     check scene files without running them
  render scene.json -o picture.svg
                          draw a run: bounds, walls, bodies at start and end, their paths
                          (--animate for an animated SVG; -o player.html for a player)
  bench                   a quick benchmark of carom on this machine
  schema [-o FILE]        print the JSON Schema of the scene format
  tour                    a short tour of the queries with real results
  help [command]          this text, or a command's options

exit codes: 0 success, 2 invalid input (the message names the file and the field),
            1 internal error or unfinished run, 130 interrupted (Ctrl-C)

examples:
  carom run
  carom run examples/cradle.json --duration 5 --events events.ndjson --final end.json
  carom run end.json --duration 5 --json
  carom render examples/break.json -o break.svg
`;

export const COMMAND_HELP: Record<string, string> = {
  run: `usage: carom run [scene.json] [options]

Simulates the scene (the built-in pool break when none is given) and prints a summary:
collisions by kind, simulated and wall time, energy and momentum before and after.

options:
  --duration T            simulate for T time units (default: the scene's "duration", else 10)
  --events FILE           write every collision as one JSON object per line (NDJSON), in time order:
                          {"t":..,"a":id,"b":id|wall id|"bounds","kind":"body"|"wall"|"bounds",
                           "face":"-x".."+z" (bounds only),"point":[..],"normal":[..],"impulse":J,"speed":u}
  --final FILE            write the state at the end as a scene file (numbers exact: runs chain)
  --trajectory FILE       write frames in the extended XYZ format (positions, velocities, radii;
                          ASE, OVITO and VMD read it)
  --every DT              the frame interval for --trajectory (default: duration / 100)
  --render FILE           also draw the run (.svg picture or .html player)
  --json                  print the summary as one JSON object
  --max-collisions N      stop with an error after N collisions (default 100000000)
  -q, --quiet             no progress bar and no text summary

Output files are written under a temporary name and renamed at the end: a failed or
interrupted run leaves no partial file. Ctrl-C stops the run cleanly.
`,
  validate: `usage: carom validate scene.json [more.json ...] [--json]

Checks scene files: JSON syntax (with line and column), every key and value (unknown keys get
the intended one suggested), dimensions, unique ids, and the start state (no body overlapping
another or a wall, every movable body inside the bounds). Exit code 2 when any file is invalid.
`,
  render: `usage: carom render [scene.json] -o picture.svg [options]

Runs the scene and draws it: the bounds, the walls, every body at the start (dashed) and at the
end (filled, its id as a tooltip), and their paths.

options:
  -o, --output FILE       .svg for a picture, .html for a self-contained player
  --duration T            how long to run (default: the scene's "duration", else 10)
  --animate               an animated SVG (the bodies move, in a loop)
  --trails all|none|auto|N
                          whose paths to draw (auto: all when at most 64 bodies move, else none)
  --view xy|xz|yz         the projection of a 3D scene (default xy)
  --width PX              picture width in pixels (default 1000)
  --speed S               seconds of animation per time unit (default 1)
  -q, --quiet             no progress bar and no message
`,
  bench: `usage: carom bench [--quick] [--json]

Measures carom on this machine: the time-of-impact kernels on seeded inputs, and the example
scenes (break, breakout, cradle, gas, spheres) run to their end, building the world included.
Prints medians and spread (min-max) of several repetitions; --quick runs fewer and shorter.
`,
  schema: `usage: carom schema [-o FILE]

Prints the JSON Schema (draft 2020-12) of the scene format; the package ships it as
dist/scene.schema.json.
`,
  tour: `usage: carom tour

A short tour of the queries with real results.
`,
  help: `usage: carom help [command]
`,
};
