// The playground's worker: exact odds, diffs, the variant's ranking of
// every situation (`diff --across --html`'s page) and the editors' hovers
// (a chart's odds among them), off the page's thread, so typing never
// waits for them. The page sends the compiled WebAssembly
// module once, then requests; each answer carries its request's id.
// The library's limits and work budgets bound every request (a runaway
// chart ends in a `too_large` or `over_budget` diagnostic); the page also
// restarts a worker that does not answer in time.
import { initSync, Ruleset, diff, diffPage, diffSvg } from "../pkg/chartwright_web.js";

// The last rules compiled, by name and text: a new situation of the same
// rules does not compile them again.
const cache = new Map();
function rules(name, text) {
  const key = name + "\u0000" + text;
  let r = cache.get(key);
  if (!r) {
    if (cache.size >= 4) {
      const [oldest] = cache.keys();
      cache.get(oldest).free();
      cache.delete(oldest);
    }
    r = Ruleset.fromText(name, text);
    cache.set(key, r);
  }
  return r;
}

// Each editor's last text that loaded, by game name: a hover while the
// text is broken reads its charts there, as the language server does.
const lastGood = new Map();
function hoverRules(name, text) {
  const now = rules(name, text);
  if (now.check().diagnostics.length === 0) {
    lastGood.set(name, text);
    return now;
  }
  const good = lastGood.get(name);
  return good === undefined ? now : rules(name, good);
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.op === "init") {
    initSync({ module: msg.module });
    self.postMessage({ op: "ready" });
    return;
  }
  const started = performance.now();
  try {
    let result;
    if (msg.op === "odds") {
      const r = rules(msg.name, msg.text);
      result = { odds: r.odds(msg.chart, msg.args), svg: r.oddsSvg(msg.chart, msg.args) };
    } else if (msg.op === "diff") {
      const base = rules(msg.name, msg.text);
      const variant = rules(msg.variantName, msg.variantText);
      result = {
        diff: diff(base, variant, msg.chart, msg.args),
        svg: diffSvg(base, variant, msg.chart, msg.args),
      };
    } else if (msg.op === "hover") {
      result = { hover: hoverRules(msg.name, msg.text).hover(msg.text, msg.at) };
    } else if (msg.op === "diffPage") {
      const base = rules(msg.name, msg.text);
      const variant = rules(msg.variantName, msg.variantText);
      result = { page: diffPage(base, variant, msg.chart) };
    } else {
      throw new Error(`unknown request ${msg.op}`);
    }
    self.postMessage({ id: msg.id, ok: true, result, ms: performance.now() - started });
  } catch (e) {
    self.postMessage({
      id: msg.id,
      ok: false,
      message: String(e.message ?? e),
      diagnostics: e.diagnostics ?? null,
    });
  }
};
