// Bundles the playground into web/dist: index.html, app.css and app.js (a
// classic script, so the page works from file:// too). app.js holds the
// WebAssembly module (web/pkg/chartwright_web_bg.wasm, inlined), the
// worker's source (started from a Blob URL) and the language reference
// (docs/language.md, as text): nothing is fetched at run time. Run by
// web/build.sh after wasm-bindgen has written web/pkg.
import * as esbuild from "esbuild";
import { readFileSync, writeFileSync, mkdirSync, copyFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "dist");

const common = {
  bundle: true,
  minify: true,
  legalComments: "none",
  target: ["chrome100", "firefox100", "safari15"],
  // The generated glue's default init reads import.meta.url; the playground
  // always passes the compiled module instead.
  define: { "import.meta.url": '"about:blank"' },
  logLevel: "warning",
};

const worker = await esbuild.build({
  ...common,
  entryPoints: [join(here, "app", "worker.js")],
  format: "iife",
  write: false,
});
const workerSource = worker.outputFiles[0].text;

// The module, gzipped, as `import wasmGz from "chartwright-wasm-gz"`: base64
// text of compressed bytes adds almost nothing when the page is served
// compressed, where base64 of the raw module would add half again.
const wasm = readFileSync(join(here, "pkg", "chartwright_web_bg.wasm"));
const wasmGz = gzipSync(wasm, { level: 9 });
const wasmPlugin = {
  name: "chartwright-wasm-gz",
  setup(b) {
    b.onResolve({ filter: /^chartwright-wasm-gz$/ }, (a) => ({ path: a.path, namespace: "wasm-gz" }));
    b.onLoad({ filter: /.*/, namespace: "wasm-gz" }, () => ({ contents: wasmGz, loader: "binary" }));
  },
};

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await esbuild.build({
  ...common,
  entryPoints: [join(here, "app", "main.js")],
  format: "iife",
  outfile: join(dist, "app.js"),
  plugins: [wasmPlugin],
  define: {
    ...common.define,
    WORKER_SOURCE: JSON.stringify(workerSource),
    // The language reference, read inside the page (app/docs.js).
    LANGUAGE_MD: JSON.stringify(readFileSync(join(here, "..", "docs", "language.md"), "utf8")),
  },
});
copyFileSync(join(here, "app", "index.html"), join(dist, "index.html"));
copyFileSync(join(here, "app", "style.css"), join(dist, "app.css"));

let raw = 0;
let gz = 0;
for (const f of ["index.html", "app.css", "app.js"]) {
  const bytes = readFileSync(join(dist, f));
  raw += bytes.length;
  gz += gzipSync(bytes, { level: 9 }).length;
}
const sizes = {
  wasm_bytes: wasm.length,
  wasm_gzip_bytes: wasmGz.length,
  first_load_bytes: raw,
  first_load_gzip_bytes: gz,
};
writeFileSync(join(dist, "sizes.json"), JSON.stringify(sizes, null, 2) + "\n");
console.log(`web/dist: first load ${(raw / 1024).toFixed(0)} KiB, ${(gz / 1024).toFixed(0)} KiB gzipped; wasm ${(sizes.wasm_bytes / 1024).toFixed(0)} KiB, ${(sizes.wasm_gzip_bytes / 1024).toFixed(0)} KiB gzipped`);
