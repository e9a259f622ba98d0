// The worker's client: starts the odds-and-diff worker (worker.js, bundled
// into WORKER_SOURCE by build.mjs) from a Blob URL, hands it the compiled
// WebAssembly module, and turns requests into promises. A worker that does
// not answer in time is restarted and every request waiting on it refused.

/* global WORKER_SOURCE */

/** How long the worker may take over one request before it is restarted. */
const WORKER_TIMEOUT_MS = 30000;

let worker = null;
let wasmModule = null;
let nextId = 1;
const pending = new Map();

/** Starts the worker on `module` (a `WebAssembly.Module`, kept for restarts). */
export function startWorker(module = wasmModule) {
  wasmModule = module;
  const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
  worker = new Worker(url);
  URL.revokeObjectURL(url);
  worker.onmessage = (event) => {
    const msg = event.data;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    clearTimeout(p.timer);
    if (msg.ok) p.resolve(msg); else p.reject(msg);
  };
  worker.postMessage({ op: "init", module: wasmModule });
}

/** Sends a request to the worker; a worker that does not answer in time is restarted. */
export function ask(request) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      worker.terminate();
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.reject({ message: "stopped: the worker was restarted", diagnostics: null });
      }
      pending.clear();
      startWorker();
      reject({ message: `stopped after ${WORKER_TIMEOUT_MS / 1000} s without an answer`, diagnostics: null });
    }, WORKER_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    worker.postMessage({ ...request, id });
  });
}
