/**
 * Builds a C or C++ peer of bench/peers/ with the machine's compiler into a temporary folder,
 * hands the executable to `run`, and removes the folder afterwards; prints a skip line instead
 * when the compiler is missing. `runPeer` runs a built contest peer in one of its modes.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

/** `file` is a name under bench/peers/; `args` the compiler's options besides -o and the source. */
export function withCompiledPeer(compiler: "gcc" | "g++", file: string, args: string[], run: (exe: string) => void): void {
  if (spawnSync(compiler, ["--version"]).status !== 0) {
    console.log(`${file}: skipped (no ${compiler} on this machine)`);
    return;
  }
  const source = fileURLToPath(new URL(`./${file}`, import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), "carom-peer-"));
  try {
    const exe = join(dir, basename(file).replace(/\.\w+$/, ""));
    const lm = compiler === "gcc" ? ["-lm"] : [];
    const c = spawnSync(compiler, [...args, "-o", exe, source, ...lm], { encoding: "utf8" });
    if (c.status !== 0) throw new Error(`${compiler} failed on ${file}: ${c.stderr}`);
    run(exe);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a contest peer (csb.cpp, fb.cpp) in `mode` ("verify" or "bench") on `input`; its output, trimmed. */
export function runPeer(exe: string, mode: string, input: string): string {
  const r = spawnSync(exe, [mode], { input, encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`C++ peer ${mode} failed: ${r.stderr}`);
  return r.stdout.trim();
}
