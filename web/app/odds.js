// Exact odds and the variant's diff: asked of the worker a moment after the
// situation last changed (so typing never waits for them), drawn as the
// sheet's picture and a table of fractions; the diff of the open variant
// against its base below them, with its ranking of every situation of the
// chart. An answer to a situation since replaced is dropped; what was shown
// of another chart or game is cleared.
import { $, state, currentChart } from "./state.js";
import { ask } from "./worker_client.js";
import { frameOf } from "./sheet_view.js";
import { firstProblem } from "./rules.js";

let oddsTimer = null;
let oddsSerial = 0;

/** Asks for the odds (and the diff) of the situation as it stands in a moment. */
export function scheduleOdds() {
  clearTimeout(oddsTimer);
  oddsTimer = setTimeout(computeOdds, 120);
}

/** An error answer's first diagnostic (message, help, code) in the box `id`. */
function showError(id, e, chart) {
  const el = $(id);
  el.dataset.chart = chart;
  const d = e.diagnostics?.diagnostics?.[0];
  el.textContent = d ? `${d.message}${d.help ? `\nhelp: ${d.help}` : ""}\n${d.code ?? ""}` : e.message;
  el.hidden = false;
}

function percent(p) {
  return `${p.toFixed(2)}%`;
}

/** Clears the odds, the diff, the trace and their errors: they belong to another chart or game. */
export function forgetResults() {
  oddsSerial++;
  $("odds-status").textContent = "";
  $("odds-error").hidden = true;
  $("odds-svg").replaceChildren();
  $("odds-table").tBodies[0].replaceChildren();
  delete $("odds-table").dataset.chart;
  delete $("odds-table").dataset.args;
  $("diff-error").hidden = true;
  $("diff-svg").replaceChildren();
  $("diff-table").tBodies[0].replaceChildren();
  $("diff-named").hidden = true;
  $("diff-status").textContent = "";
  $("trace").textContent = "";
  delete $("trace").dataset.chart;
  delete $("trace").dataset.seed;
  $("roll-result").textContent = "";
  $("roll-note").hidden = true;
}

/** Forgets what was shown of another chart than the one picked. */
function forgetOtherCharts(chart) {
  const shownChart = $("odds-table").dataset.chart ?? $("trace").dataset.chart;
  const traced = $("trace").dataset.chart;
  if ((shownChart && shownChart !== chart.qualified_name) || (traced && traced !== chart.qualified_name) ||
      (!$("odds-error").hidden && $("odds-error").dataset.chart !== chart.qualified_name)) {
    forgetResults();
  }
}

async function computeOdds() {
  const chart = currentChart();
  const c = state.compiled;
  if (!chart || !c.rules || c.check.diagnostics.length) return;
  forgetOtherCharts(chart);
  const serial = ++oddsSerial;
  const args = $("args").value;
  $("odds-status").textContent = "computing…";
  $("odds-error").hidden = true;
  try {
    const answer = await ask({ op: "odds", name: c.name, text: c.text, chart: chart.qualified_name, args });
    if (serial !== oddsSerial) return;
    $("odds-svg").innerHTML = answer.result.svg;
    const tbody = $("odds-table").tBodies[0];
    tbody.replaceChildren(...answer.result.odds.outcomes.map((o) => {
      const tr = document.createElement("tr");
      tr.dataset.outcome = o.outcome;
      tr.dataset.probability = o.probability;
      tr.innerHTML = "<td></td><td class=num></td><td class=num></td>";
      tr.cells[0].textContent = o.outcome;
      tr.cells[1].textContent = o.probability;
      tr.cells[2].textContent = percent(o.percent);
      return tr;
    }));
    $("odds-status").textContent = `${answer.result.odds.chart} ${args} · ${answer.ms.toFixed(1)} ms`;
    $("odds-table").dataset.args = args;
    $("odds-table").dataset.chart = answer.result.odds.chart;
  } catch (e) {
    if (serial !== oddsSerial) return;
    $("odds-status").textContent = "";
    $("odds-svg").replaceChildren();
    $("odds-table").tBodies[0].replaceChildren();
    showError("odds-error", e, chart.qualified_name);
  }
  await computeDiff(serial, chart, args);
}

async function computeDiff(serial, chart, args) {
  const box = $("diff-box");
  const v = state.variant.compiled;
  if (!state.variant.open || !v.rules) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  // A variant that does not compile: the last diff stays, greyed, with why.
  const broken = v.check.diagnostics.length > 0;
  box.classList.toggle("stale", broken);
  if (broken) {
    const p = firstProblem();
    $("diff-error").textContent = `Out of date: the variant has ${v.check.diagnostics.length} error${v.check.diagnostics.length === 1 ? "" : "s"}${p ? ` (first: ${p.text})` : ""}.`;
    $("diff-error").hidden = false;
    return;
  }
  $("diff-error").hidden = true;
  $("diff-status").textContent = "computing…";
  try {
    const answer = await ask({
      op: "diff", name: state.compiled.name, text: state.compiled.text,
      variantName: v.name, variantText: v.text, chart: chart.name, args,
    });
    if (serial !== oddsSerial) return;
    const d = answer.result.diff;
    $("diff-svg").innerHTML = answer.result.svg;
    $("diff-table").tBodies[0].replaceChildren(...d.outcomes.map((o) => {
      const tr = document.createElement("tr");
      tr.dataset.outcome = o.outcome;
      tr.innerHTML = "<td></td><td class=num></td><td class=num></td><td class=num></td>";
      tr.cells[0].textContent = o.outcome;
      tr.cells[1].textContent = o.base ?? "—";
      tr.cells[2].textContent = o.variant ?? "—";
      tr.cells[3].textContent = `${o.delta_percent >= 0 ? "+" : ""}${o.delta_percent.toFixed(2)} pp`;
      return tr;
    }));
    $("diff-status").textContent = `${d.base_chart} → ${d.chart}`;
    // Follow-ups past an engine limit are named, as `chartwright diff` names them.
    $("diff-named").hidden = !d.follow_ups_named;
    $("diff-named").textContent = d.follow_ups_named ? `Follow-ups are named, not rolled (${d.follow_ups_named}): both sides roll them alike.` : "";
    rankSituations(chart);
  } catch (e) {
    if (serial !== oddsSerial) return;
    $("diff-status").textContent = "";
    $("diff-svg").replaceChildren();
    $("diff-table").tBodies[0].replaceChildren();
    $("diff-named").hidden = true;
    showError("diff-error", e, chart.qualified_name);
  }
}

/** The variant's ranking of every situation of the chart: `diff --across --html`'s page, asked once per chart and texts. */
async function rankSituations(chart) {
  const v = state.variant.compiled;
  const key = `${state.compiled.text}\u0000${v.text}\u0000${chart.name}`;
  const frame = $("ranking-frame");
  if (frame.dataset.key === key) return;
  frame.dataset.key = key;
  $("ranking-status").textContent = "computing…";
  try {
    const answer = await ask({
      op: "diffPage", name: state.compiled.name, text: state.compiled.text,
      variantName: v.name, variantText: v.text, chart: chart.name,
    });
    if (frame.dataset.key !== key) return;
    frameOf(frame, answer.result.page);
    frame.dataset.chart = chart.qualified_name;
    $("ranking-status").textContent = `every situation of ${chart.title}, the largest change first`;
  } catch (e) {
    if (frame.dataset.key !== key) return;
    frame.srcdoc = "";
    $("ranking-status").textContent = e.diagnostics?.diagnostics?.[0]?.message ?? e.message;
  }
}
