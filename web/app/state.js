// What the playground's modules share: the page's state (the rules and the
// variant as last compiled, the charts that roll, the form's remembered
// values, check timings, the roll log, and the editors once made), the
// element lookup, and the chart picked. `window.playground` is this state,
// for the browser tests and the benchmark (web/bench.mjs).

export const $ = (id) => document.getElementById(id);

export const state = {
  name: "ogre",
  /** The text last compiled, and what it gave. */
  compiled: { name: null, text: null, rules: null, check: null, list: null },
  variant: { open: false, compiled: { name: null, text: null, rules: null, check: null } },
  charts: [],
  /** The picked chart's form layout (`rules.form()`), once built. */
  layout: null,
  /** Form values kept across edits, by chart and input name. */
  values: new Map(),
  checkTimes: [],
  log: [],
  /** The rules' and the variant's CodeMirror views (editor.js). */
  editor: null,
  variantEditor: null,
};
window.playground = state;

/** The chart picked in the chart list, as `list()` describes it, or null. */
export function currentChart() {
  return state.charts.find((c) => c.qualified_name === $("chart").value) ?? null;
}
