/**
 * Vite configuration of the browser lab: the page in web/ is the root, the library source in
 * ../src is bundled from its TypeScript (imports spelled with ".js" resolve to the ".ts" files),
 * and `vite build` writes a static folder, dist-lab/, that runs from any path (relative base).
 */
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: here,
  base: "./",
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL("../dist-lab", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
  },
  server: {
    fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] },
  },
});
