// Rolling: the picked chart in the form's situation with the typed seed (or
// a random one), its full trace as `chartwright roll` prints it (marked
// with the chart it came from), the outcome in the roll bar, and a log of
// the last twelve rolls. A roll that cannot run says why.
import { $, state, currentChart } from "./state.js";
import { firstProblem } from "./rules.js";

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

/** Why the picked chart cannot be rolled now, or null. */
export function whyNot(action) {
  const problem = firstProblem();
  const rulesBroken = (state.compiled.check?.diagnostics?.length ?? 0) > 0;
  if (!state.compiled.rules) return `Cannot ${action}: the rules are still loading.`;
  if (rulesBroken) {
    return `Cannot ${action}: the rules have ${problem.count} error${problem.count === 1 ? "" : "s"} (first: ${problem.text}). Fix them in the rules editor.`;
  }
  return null;
}

/** Says in the roll bar why a roll cannot run. */
function refuse(text) {
  $("roll-note").textContent = text;
  $("roll-note").hidden = false;
}

/** Rolls the picked chart once; an error shows where the trace would. */
export function roll() {
  const chart = currentChart();
  const rules = state.compiled.rules;
  $("roll-note").hidden = true;
  const why = whyNot("roll");
  if (why) return refuse(why);
  if (!chart) return refuse("Cannot roll: these rules have no chart that rolls dice.");
  const typed = $("seed").value.trim();
  const seed = typed === "" ? randomSeed() : typed;
  const args = $("args").value;
  $("trace").dataset.chart = chart.qualified_name;
  try {
    const text = rules.rollText(chart.qualified_name, args, seed);
    const doc = rules.roll(chart.qualified_name, args, seed);
    $("trace").textContent = text;
    $("trace").dataset.seed = seed;
    const outcome = doc.outcome.fields.map((f) => f.alternatives.join(" OR ")).join(" | ");
    $("roll-result").textContent = `${doc.total ?? doc.natural ?? ""} → ${outcome}`.replace(/^ → /, "");
    state.log.unshift({ seed: String(seed), chart: chart.title, args, outcome });
    state.log.length = Math.min(state.log.length, 12);
    $("log").replaceChildren(...state.log.map((r) => {
      const li = document.createElement("li");
      li.textContent = `${r.chart}: ${r.outcome} (seed ${r.seed}${r.args ? `; ${r.args}` : ""})`;
      return li;
    }));
  } catch (e) {
    delete $("trace").dataset.seed;
    $("roll-result").textContent = "";
    $("trace").textContent = `${e.message}${e.diagnostics?.diagnostics?.[0]?.help ? `\nhelp: ${e.diagnostics.diagnostics[0].help}` : ""}`;
  }
}
