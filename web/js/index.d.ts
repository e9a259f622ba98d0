export * from "./chartwright_web.js";
export { initSync } from "./chartwright_web.js";
export { ChartwrightError } from "./error.js";
import type { InitOutput } from "./chartwright_web.js";

/**
 * Loads the WebAssembly module once. With no argument: in Node (18 or
 * later) it reads chartwright_web_bg.wasm beside this file; in a browser it
 * fetches it from there. Or give the module's bytes, a URL, a Response or a
 * WebAssembly.Module.
 */
export declare function init(
  input?: BufferSource | WebAssembly.Module | URL | string | Response | Promise<Response>,
): Promise<InitOutput>;
export default init;
