import { before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, carom, ensureBuilt, tempDir } from "./support/cli.js";

before(() => ensureBuilt());

interface SvgElement {
  tag: string;
  attrib: Record<string, string>;
  text: string;
  children: number;
}

/**
 * Parses an SVG with Python's expat-based ElementTree (a strict XML parser: any well-formedness
 * error fails) and returns every element with its attributes and text.
 */
function parseSvg(file: string): SvgElement[] {
  const script = [
    "import json, sys, xml.etree.ElementTree as ET",
    "root = ET.parse(sys.argv[1]).getroot()",
    "out = [{'tag': e.tag.split('}')[-1], 'attrib': e.attrib, 'text': e.text or '', 'children': len(list(e))} for e in root.iter()]",
    "print(json.dumps(out))",
  ].join("\n");
  const r = spawnSync("python3", ["-c", script, file], { encoding: "utf8", maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, `not well-formed XML: ${r.stderr}`);
  return JSON.parse(r.stdout) as SvgElement[];
}

const havePython = spawnSync("python3", ["--version"]).status === 0;
const skip = havePython ? false : "python3 (for its strict XML parser) is not installed";

/** The id in each body circle's <title>. */
function bodyTitles(svg: SvgElement[]): string[] {
  const out: string[] = [];
  svg.forEach((e, k) => {
    if (e.tag === "circle" && e.attrib.class === "body") {
      const title = svg[k + 1];
      assert.equal(title.tag, "title");
      assert.equal(title.text, e.attrib["data-id"]);
      out.push(title.text);
    }
  });
  return out;
}

test("the SVG of a run is well-formed XML and shows the table, every body at its end with its id, the start positions and the paths", { skip }, () => {
  const dir = tempDir();
  const file = join(dir, "break.svg");
  const r = carom(["render", join(ROOT, "examples", "break.json"), "-o", file]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /carom render: wrote .*break\.svg \(.*break\.json, t = 0 to 3, \d+ collisions\)/);
  const svg = parseSvg(file);
  assert.equal(svg[0].tag, "svg");
  assert.ok(Number(svg[0].attrib.width) === 1000 && Number(svg[0].attrib.height) > 400);
  const ids = ["cue", ...Array.from({ length: 15 }, (_, k) => `ball-${k + 1}`)];
  assert.deepEqual(bodyTitles(svg).sort(), ids.sort());
  const bounds = svg.filter((e) => e.tag === "rect" && e.attrib.class === "bounds");
  assert.equal(bounds.length, 1);
  assert.deepEqual([bounds[0].attrib.x, bounds[0].attrib.y, bounds[0].attrib.width, bounds[0].attrib.height].map(Number), [0, 0, 2.54, 1.27]);
  // Every ball moved in the break: each has a dashed start outline and a path.
  assert.equal(svg.filter((e) => e.tag === "circle" && e.attrib["stroke-dasharray"] !== undefined).length, 16);
  const paths = svg.filter((e) => e.tag === "polyline");
  assert.equal(paths.length, 16);
  // The cue ball's path starts at the head spot.
  const cue = paths.find((p) => p.attrib["data-id"] === "cue") as SvgElement;
  assert.equal(cue.attrib.points.split(" ")[0], "0.635,0.635");
  // The end position of a body in the picture is its position in the final state.
  const fin = join(dir, "final.json");
  assert.equal(carom(["run", join(ROOT, "examples", "break.json"), "--final", fin, "-q"]).code, 0);
  const final = JSON.parse(readFileSync(fin, "utf8")) as { bodies: { id: string; position: number[] }[] };
  const end = svg.find((e) => e.tag === "circle" && e.attrib.class === "body" && e.attrib["data-id"] === "ball-8") as SvgElement;
  const pos = final.bodies.find((b) => b.id === "ball-8")?.position as number[];
  assert.ok(Math.abs(Number(end.attrib.cx) - pos[0]) < 1e-6 && Math.abs(Number(end.attrib.cy) - pos[1]) < 1e-6);
});

test("3D scenes are drawn in projection with their walls, and every one of 400 spheres is shown", { skip }, () => {
  const dir = tempDir();
  const file = join(dir, "spheres.svg");
  assert.equal(carom(["render", join(ROOT, "examples", "spheres.json"), "-o", file, "--view", "xz", "--duration", "1"]).code, 0);
  const svg = parseSvg(file);
  assert.equal(bodyTitles(svg).length, 400);
  assert.equal(svg.filter((e) => e.tag === "polyline").length, 0, "no paths by default for 400 moving bodies");
  assert.equal(svg.filter((e) => e.tag === "polygon").length, 1, "the triangle");
  assert.ok(svg.some((e) => e.tag === "rect" && e.children === 1), "the block, with its id as a title");
  const caption = svg.find((e) => e.tag === "text") as SvgElement;
  assert.match(caption.text, /view xz, 1 plane not drawn/);
});

test("--animate gives an animated SVG: each moving body has cx and cy animations with increasing key times from 0 to 1", { skip }, () => {
  const dir = tempDir();
  const file = join(dir, "cradle.svg");
  assert.equal(carom(["render", join(ROOT, "examples", "cradle.json"), "-o", file, "--animate", "--speed", "0.5"]).code, 0);
  const svg = parseSvg(file);
  assert.equal(bodyTitles(svg).length, 6);
  const animations = svg.filter((e) => e.tag === "animate");
  assert.equal(animations.length, 12);
  for (const a of animations) {
    assert.ok(a.attrib.attributeName === "cx" || a.attrib.attributeName === "cy");
    assert.equal(a.attrib.dur, "10s");
    const keys = a.attrib.keyTimes.split(";").map(Number);
    const values = a.attrib.values.split(";").map(Number);
    assert.equal(keys.length, values.length);
    assert.equal(keys[0], 0);
    assert.equal(keys[keys.length - 1], 1);
    for (let k = 1; k < keys.length; k++) assert.ok(keys[k] >= keys[k - 1]);
  }
});

test("an HTML player is one self-contained page with the run's keyframes for every body", () => {
  const dir = tempDir();
  const file = join(dir, "player.html");
  assert.equal(carom(["render", join(ROOT, "examples", "break.json"), "-o", file]).code, 0);
  const html = readFileSync(file, "utf8");
  assert.match(html, /^<!DOCTYPE html>/);
  assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=/, "nothing loaded from elsewhere");
  const data = JSON.parse((/<script id="data" type="application\/json">(.*)<\/script>/.exec(html) as RegExpExecArray)[1]) as {
    start: number; end: number; bodies: { id: string }[]; tracks: number[][];
  };
  assert.deepEqual([data.start, data.end], [0, 3]);
  assert.equal(data.bodies.length, 16);
  for (const tr of data.tracks) {
    assert.ok(tr.length >= 6 && tr.length % 3 === 0);
    assert.equal(tr[0], 0);
    assert.equal(tr[tr.length - 3], 3);
  }
  // The same picture from `run --render`.
  assert.equal(carom(["run", join(ROOT, "examples", "break.json"), "--render", join(dir, "run.html"), "-q"]).code, 0);
  assert.ok(existsSync(join(dir, "run.html")));
});

test("ids with markup characters are escaped: the picture stays well-formed and shows them as text", { skip }, () => {
  const dir = tempDir();
  const scene = join(dir, "odd.json");
  const id = `a<b>&"c'</title><script>`;
  writeFileSync(scene, JSON.stringify({ carom: 1, bounds: { min: [0, 0], max: [4, 4] }, bodies: [{ id, position: [1, 1], velocity: [1, 0.5], radius: 0.2 }] }));
  const svgFile = join(dir, "odd.svg"), htmlFile = join(dir, "odd.html");
  assert.equal(carom(["render", scene, "-o", svgFile]).code, 0);
  assert.deepEqual(bodyTitles(parseSvg(svgFile)), [id]);
  assert.equal(carom(["render", scene, "-o", htmlFile]).code, 0);
  const html = readFileSync(htmlFile, "utf8");
  assert.equal(html.match(/<script/g)?.length, 2, "no script element injected");
});

test("a render that fails leaves no picture behind", () => {
  const dir = tempDir();
  const r = carom(["render", join(ROOT, "test", "fixtures", "bad-scenes", "overlap-bodies.json"), "-o", join(dir, "p.svg")]);
  assert.equal(r.code, 2);
  const s = carom(["render", join(ROOT, "examples", "gas.json"), "-o", join(dir, "q.svg"), "--max-collisions", "10"]);
  assert.equal(s.code, 2);
  assert.deepEqual(readdirSync(dir), []);
});
