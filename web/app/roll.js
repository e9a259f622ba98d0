// Rolling: the picked chart in the form's situation with the typed seed (or
// a random one), its full trace as `chartwright roll` prints it, and a log
// of the last twelve rolls.
import { $, state, currentChart } from "./state.js";

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

/** Rolls the picked chart once; an error shows where the trace would. */
export function roll() {
  const chart = currentChart();
  const rules = state.compiled.rules;
  if (!chart || !rules || state.compiled.check.diagnostics.length) return;
  const typed = $("seed").value.trim();
  const seed = typed === "" ? randomSeed() : typed;
  const args = $("args").value;
  try {
    const text = rules.rollText(chart.qualified_name, args, seed);
    const doc = rules.roll(chart.qualified_name, args, seed);
    $("trace").textContent = text;
    $("trace").dataset.seed = seed;
    const outcome = doc.outcome.fields.map((f) => f.alternatives.join(" OR ")).join(" | ");
    state.log.unshift({ seed: String(seed), chart: chart.name, args, outcome });
    state.log.length = Math.min(state.log.length, 12);
    $("log").replaceChildren(...state.log.map((r) => {
      const li = document.createElement("li");
      li.textContent = `${r.chart} ${r.args} (seed ${r.seed}) => ${r.outcome}`;
      return li;
    }));
  } catch (e) {
    $("trace").textContent = `${e.message}${e.diagnostics?.diagnostics?.[0]?.help ? `\nhelp: ${e.diagnostics.diagnostics[0].help}` : ""}`;
  }
}
