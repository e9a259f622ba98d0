// The package's entry: chartwright's WebAssembly bindings (chartwright_web.js,
// made by wasm-bindgen) and ChartwrightError, with an `init` that finds the
// .wasm beside this file in a browser (fetch) and in Node (the file system).
//
//   import { init, Ruleset } from "chartwright";
//   await init();
//   const ogre = Ruleset.bundled("ogre");
//   ogre.odds("crt", "attack=7 defense=3");
import initWasm, { initSync } from "./chartwright_web.js";

export * from "./chartwright_web.js";
export { ChartwrightError } from "./error.js";
export { initSync };

/**
 * Loads the WebAssembly module once. With no argument: in Node (18 or
 * later) it reads chartwright_web_bg.wasm beside this file; in a browser it
 * fetches it from there. Or give the module's bytes, a URL, a Response or a
 * WebAssembly.Module.
 */
export async function init(input) {
  if (input === undefined && typeof process !== "undefined" && process.versions?.node) {
    const { readFile } = await import(/* webpackIgnore: true */ "node:fs/promises");
    input = await readFile(new URL("./chartwright_web_bg.wasm", import.meta.url));
  }
  return initWasm(input === undefined ? undefined : { module_or_path: input });
}

export default init;
