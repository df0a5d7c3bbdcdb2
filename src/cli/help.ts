/** The command's help texts (`carom help`, `carom help <command>`, `carom <command> --help`). */
import { LATTICE_HELP } from "./lattice.js";
import { PACK_HELP } from "./pack.js";
import { POOL_HELP } from "./pool.js";
import { SWEEP_HELP } from "./sweep.js";

/** The flags that print the version, and those that print the overview (carom --version, carom --help). */
export const VERSION_FLAGS: readonly string[] = ["--version", "-v", "-V"];
export const HELP_FLAGS: readonly string[] = ["--help", "-h"];

export const USAGE = `carom: exact continuous collision detection for moving circles and spheres

usage: carom <command> [options]
       carom --version         print the version (also -v, -V)
       carom --help            this text (also -h); carom <command> --help for a command's options

commands:
  run [scene.json]        simulate a scene (without one: a 9-ball break, as carom pool) and print a summary
  pool [shot.json]        play a pool shot with pooltool's model (without one: a 9-ball break)
  validate scene.json     check scene files without running them
  render [scene.json] -o picture.svg
                          draw a run: bounds, walls, bodies at start and end, their paths
                          (--animate for an animated SVG; -o player.html for a player)
  bench                   a quick benchmark of carom on this machine
  pack -o scene.json ...  a jammed periodic packing of disks or spheres (carom pack --help)
  lattice --dimensions 2|3 ... -o scene.json
                          a fluid start: a melted lattice at a packing fraction and kT (carom lattice --help)
  sweep sweep.json -o results.ndjson
                          many runs on all cores (or one --shard i/n of them per machine),
                          resumable; carom sweep merge|report for the results (carom sweep --help)
  schema [-o FILE]        print the JSON Schema of the scene format
  examples [folder]       write the example scenes, sweeps and pool shots into a folder
                          (default: examples)
  tour                    a short tour of the queries with real results
  help [command]          this text, or a command's options

A file argument of - is standard output for what carom writes (standard input for a scene
or a shot it reads); stdout then carries only that data and the summary goes to stderr.

exit codes: 0 success, 2 invalid input (the message names the file and the field),
            1 internal error, 129/130/143 stopped by SIGHUP/SIGINT (Ctrl-C)/SIGTERM

examples:
  carom run
  carom examples && carom run examples/gas.json --json
  carom run examples/cradle.json --duration 5 --events events.ndjson --final end.json
  carom run end.json --duration 5 --json
  carom render examples/break.json -o break.svg
`;

export const COMMAND_HELP: Record<string, string> = {
  run: `usage: carom run [scene.json] [options]

Simulates the scene and prints a summary: collisions by kind, simulated and wall time, energy
and momentum before and after. Without a scene it plays the built-in 9-ball break with
pooltool's model, as carom pool does (then only --events, --render FILE.svg, --json, --quiet).
examples/NAME.json names a packaged example when no such file exists here (see carom examples);
- reads the scene from standard input.

options:
  --duration T            simulate for T time units (default: the scene's "duration", else 10)
  --events FILE           write every collision as one JSON object per line (NDJSON), in time order:
                          {"t":..,"a":id,"b":id|wall id|"bounds","kind":"body"|"wall"|"bounds",
                           "face":"-x".."+z" (bounds only),"point":[..],"normal":[..],"impulse":J,"speed":u}
  --final FILE            write the state at the end as a scene file (numbers exact: runs chain)
  --trajectory FILE       write frames in the extended XYZ format (positions, masses, momenta,
                          velocities, radii, pbc; ASE, OVITO and VMD read it), or for a FILE
                          named *.lammpstrj or *.dump as a LAMMPS text dump
  --every DT              the frame interval for --trajectory (default: duration / 100)
  --max-frames N          refuse a --trajectory of more than N frames (default 1000000); a
                          trajectory larger than the free disk space is refused too
  --render FILE           also draw the run (.svg picture or .html player)
  --observe LIST          measure observables, comma-separated: pressure (collision-virial Z,
                          and the bounds' pressure apart), temperature (kT = 2 KE / (d N)),
                          rate (collisions per body per time), rdf (g(r)), msd (mean squared
                          displacement), sampled at about 10 times (or the --trajectory
                          frames); on the science engine every --sample-every, with errors,
                          and D from the MSD's slope; the summary prints mean ± error
  --observe-out FILE      where to write them, .json or .csv (default: observables.json, next
                          to the --events file when there is one)
  --rdf-bins N            g(r) bins (default 100)
  --rdf-max R             g(r) range (default 8 diameters of the largest body, at most half
                          the smallest side of the bounds)
  --json                  print the summary as one JSON object
  --max-collisions N      allow at most N collisions: the run stops with an error at the one
                          after them (default 100000000)
  --engine auto|world|science
                          which engine runs the scene (default auto: the science engine,
                          carom/science's HardSpheres, for a box periodic on every axis with
                          only free elastic bodies and no --render; the general world otherwise)
  --sample-every DT       science engine: the interval of the --observe samples (default:
                          duration / 1000); Z, kT, the rate and D come with errors from block
                          averaging over them
  --checkpoint FILE       science engine: write the whole run's state at its end (and when a
                          signal stops it), so that --resume goes on bit for bit
  --every-checkpoint T    also write it every T of simulated time
  --resume FILE           go on from a checkpoint to its run's end (or for --duration T more),
                          measuring what it measured; takes no scene
  -q, --quiet             no progress bar and no text summary
  -h, --help              this text

Any output FILE may be - for standard output (one of them; --render - writes an SVG): the
summary then goes to standard error. Numbers are decimal (0x10, Infinity and 1e-400 are refused). Outputs are checked before the
run: a folder, the same file for two options, or the scene itself is refused (exit code 2).
They are written under a temporary name and renamed at the end: a failed or interrupted run
leaves no partial file and earlier files as they were. SIGINT (Ctrl-C), SIGTERM and SIGHUP
stop the run within a second (exit codes 130, 143, 129).
`,
  validate: `usage: carom validate scene.json [more.json ...] [--json] [--quiet]
       (- reads a scene from standard input)

Checks scene files: JSON syntax (with line and column), every key and value (unknown keys get
the intended one suggested), dimensions, unique ids, and the start state (no body overlapping
another or a wall, every movable body inside the bounds, none held from opposite sides with
no room to move). Exit code 2 when any file is invalid.

options:
  --json                  print {"ok", "file", "errors": [{"path", "message", "value"}]} per
                          file ("path" a JSON Pointer such as "/bodies/3/radius"); an array
                          for several files
  -q, --quiet             say nothing about valid files
  -h, --help              this text
`,
  render: `usage: carom render [scene.json] -o picture.svg [options]

Runs the scene and draws it: the bounds, the walls, every body at the start (dashed) and at the
end (filled, its id as a tooltip), and their paths. A pool shot file (carom pool) is drawn too.
- as the scene reads standard input; -o - writes the SVG to standard output.

options:
  -o, --output FILE       .svg for a picture, .html for a self-contained player, - for an
                          SVG on standard output
  --duration T            how long to run (default: the scene's "duration", else 10)
  --animate               an animated SVG (the bodies move, in a loop)
  --trails all|none|auto|N
                          whose paths to draw (auto: all when at most 64 bodies move, else none)
  --view xy|xz|yz         the projection of a 3D scene (default xy)
  --width PX              picture width in pixels (default 1000)
  --speed S               seconds of animation per time unit (default 1)
  --max-collisions N      allow at most N collisions (default 100000000)
  -q, --quiet             no progress bar and no message
  -h, --help              this text
`,
  bench: `usage: carom bench [--quick] [--json]

Measures carom on this machine: the time-of-impact kernels on seeded inputs, and the example
scenes (break, breakout, cradle, gas, spheres) run to their end, building the world included.
Prints medians and spread (min-max) of several repetitions.

options:
  --quick                 fewer and shorter repetitions
  --json                  print the results as one JSON object
  -h, --help              this text
`,
  pack: PACK_HELP,
  lattice: LATTICE_HELP,
  sweep: SWEEP_HELP,
  pool: POOL_HELP,
  schema: `usage: carom schema [-o FILE]

Prints the JSON Schema (draft 2020-12) of the scene format; the package ships it as
dist/scene.schema.json.

options:
  -o, --output FILE       write it to FILE instead of printing it (- prints it)
  -h, --help              this text
`,
  examples: `usage: carom examples [folder] [options]

Writes the examples that ship with carom into a folder (default: examples), laid out as in
the package, so that they can be run and edited: the scenes (carom run examples/gas.json),
the sweeps (carom sweep examples/eos-sweep.json -o eos.ndjson) and the pool shots
(carom pool examples/pool/three-cushion.json), each "$schema" pointing at the package's
schema. Files that exist with other content are left alone (exit code 2). The largest scenes
(gas.json: 2,000 disks, spheres.json: 400 spheres) do not ship as files: they are written from
their builders, the same bytes.

options:
  --force                 replace files that exist with other content
  -q, --quiet             no message
  -h, --help              this text
`,
  tour: `usage: carom tour

A short tour of the queries with real results.

options:
  -h, --help              this text
`,
  help: `usage: carom help [command]

Prints the overview, or a command's options (the same as carom <command> --help).

options:
  -h, --help              this text
`,
};
