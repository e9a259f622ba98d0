// The rules and the variant as texts: opening a bundled game or an empty
// file, compiling each edit (the editors' lint sources: status line,
// diagnostics, chart list), and the variant pane beside the rules, which
// opens on a starter variant of the game in the editor (one real change to
// one of its modifiers). While the rules do not compile, what the page
// shows of them is greyed out and marked out of date.
import { Ruleset, bundledNames, bundledSource } from "../pkg/chartwright_web.js";
import { $, state } from "./state.js";
import { editorDiagnostics, renderDiagnostics } from "./editor.js";
import { helpNode } from "./docs.js";
import { refreshCharts } from "./form.js";
import { scheduleOdds, forgetResults } from "./odds.js";

/** What "(empty file)" opens. */
const EMPTY = `game "My Game" version "1"

table morale "Morale Check" {
  roll 2d6
  modifiers {
    rallied +1 "rallied last turn"
  }
  rows {
    8 or more => "Steady"
    5-7 => "Shaken"
    4 or less => "Rout"
  }
}
`;

/** The name the rules editor's text compiles as. */
export function rulesName() {
  return $("name").value.trim() || "my_game";
}

/** The name the variant editor's text compiles as. */
export function variantName() {
  return $("variant-name").value.trim() || "house_rule";
}

/** Compiles `text` as game `name` unless it is what was compiled last. */
function compile(slot, name, text) {
  const c = slot.compiled;
  if (c.name === name && c.text === text && c.rules) return c;
  const started = performance.now();
  const rules = Ruleset.fromText(name, text);
  const check = rules.check();
  const ms = performance.now() - started;
  c.rules?.free();
  Object.assign(c, { name, text, rules, check, ms });
  return c;
}

/** The rules editor's lint source: compile, report, and refresh the chart list. */
export function lintRules(view) {
  const text = view.state.doc.toString();
  const c = compile(state, rulesName(), text);
  state.checkTimes.push(c.ms);
  $("check-status").textContent = c.check.diagnostics.length
    ? `${c.check.diagnostics.length} error${c.check.diagnostics.length === 1 ? "" : "s"} · checked in ${c.ms.toFixed(1)} ms`
    : `ok · checked in ${c.ms.toFixed(1)} ms`;
  if (c.check.diagnostics.length === 0) {
    c.list = c.rules.list();
    refreshCharts();
  }
  renderDiagnostics();
  markStale();
  return editorDiagnostics(view.state.doc, c.check);
}

/** The variant editor's lint source: compile, report, and ask for the diff again. */
export function lintVariant(view) {
  const text = view.state.doc.toString();
  const c = compile(state.variant, variantName(), text);
  $("variant-status").textContent = c.check.diagnostics.length ? `${c.check.diagnostics.length} error(s)` : "ok";
  renderDiagnostics();
  markStale();
  scheduleOdds();
  return editorDiagnostics(view.state.doc, c.check);
}

/** Puts `text` in the rules editor as game `name`; the game list shows it if it is bundled as is. */
export function openText(name, text) {
  $("name").value = name;
  state.editor.dispatch({ changes: { from: 0, to: state.editor.state.doc.length, insert: text } });
  $("open").value = bundledSource(name) === text ? name : "";
}

/** Opens what the game list names: a bundled game, or "" for the empty file. */
export function openPicked(name) {
  forgetResults();
  openText(name || "my_game", name ? bundledSource(name) : EMPTY);
  lintRules(state.editor);
}

/** A modifier of `game`'s charts that a house rule can change: the first flag with a value, and where it is written. */
function firstModifier(rules) {
  for (const game of rules.list().games) {
    for (const chart of game.charts.filter((c) => c.dice !== null)) {
      const layout = rules.form(chart.qualified_name);
      const m = layout.inputs.find((i) => i.kind === "flag" && i.value !== null && !i.follow_up && !i.one_of);
      if (m) return { chart, modifier: m, owner: m.set ?? chart.name };
    }
  }
  return null;
}

/** A starter variant of the bundled game `base`, with one real change to try: a modifier's value changed, else a modifier or a column shift added (the first that compiles). */
export function starterVariant(base) {
  const known = bundledNames().includes(base) ? base : "first_echelon";
  const head = `variant "House rule" of ${known} version "1"\n`;
  const bare = `${head}\n# Change a chart of ${known} here: see the language reference, Variants.\n`;
  const candidates = [];
  let rules = null;
  try {
    rules = Ruleset.bundled(known);
    const found = firstModifier(rules);
    if (found) {
      const { chart, modifier, owner } = found;
      const value = modifier.value + 1 === 0 ? modifier.value + 2 : modifier.value + 1;
      const signed = value > 0 ? `+${value}` : `${value}`;
      const was = modifier.value > 0 ? `+${modifier.value}` : `${modifier.value}`;
      candidates.push(`${head}
# A house rule: "${modifier.label}" counts ${signed} on the
# ${chart.title} (the game says ${was}). Edit it or add your own (the
# language reference, Variants); the diff below shows what it changes.
change ${owner}.${modifier.name} ${signed}
`);
    }
    const first = rules.list().games[0]?.charts.find((c) => c.dice !== null);
    if (first) {
      candidates.push(`${head}
# A house rule: a new modifier on the ${first.title}, to tick on its form.
# Edit it or add your own (the language reference, Variants); the diff
# below shows what it changes.
add ${first.name}.house_rule +1 "house rule: one better"
`);
      // A chart whose every total must read a row (a CRT on one die) takes
      // a column shift where it cannot take a +1.
      candidates.push(`${head}
# A house rule: a column shift on the ${first.title}, to tick on its form.
# Edit it or add your own (the language reference, Variants); the diff
# below shows what it changes.
add ${first.name}.house_rule 1R "house rule: one column to the right"
`);
    }
  } catch {
    // The bare starter.
  } finally {
    rules?.free();
  }
  for (const text of candidates) {
    const trial = Ruleset.fromText("house_rule", text);
    const ok = trial.check().diagnostics.length === 0;
    trial.free();
    if (ok) return text;
  }
  return bare;
}

/** The first diagnostic of the rules, or of the open variant, with where it is. */
export function firstProblem() {
  const sides = [["rules", state.compiled]];
  if (state.variant.open) sides.push(["variant", state.variant.compiled]);
  for (const [which, c] of sides) {
    const d = c.check?.diagnostics?.[0];
    if (d) {
      const label = d.labels.find((l) => l.primary) ?? d.labels[0];
      const where = label ? `${which} line ${label.line}, column ${label.column}` : which;
      return { which, count: c.check.diagnostics.length, text: `${where}: ${d.message}`, help: d.help };
    }
  }
  return null;
}

/** Greys out the form, odds and trace, with the first diagnostic beside them, while the rules do not compile. */
function markStale() {
  const rulesBroken = (state.compiled.check?.diagnostics?.length ?? 0) > 0;
  const problem = rulesBroken ? firstProblem() : null;
  $("right").classList.toggle("stale", rulesBroken);
  const note = $("stale-note");
  note.hidden = !rulesBroken;
  if (problem) {
    note.replaceChildren(
      `Out of date: the rules have ${problem.count} error${problem.count === 1 ? "" : "s"}, so the form, odds and rolls below are of the last rules that compiled. First: ${problem.text}`,
    );
    if (problem.help) note.append(helpNode(problem.help));
  }
}

/** Opens or closes the variant pane; `text`, if given, replaces the variant. */
export function setVariant(open, text) {
  const view = state.variantEditor;
  state.variant.open = open;
  $("variant-pane").hidden = !open;
  $("variant-toggle").setAttribute("aria-pressed", String(open));
  if (open && text !== undefined) {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  } else if (open && view.state.doc.length === 0) {
    view.dispatch({ changes: { from: 0, insert: starterVariant($("name").value.trim()) } });
  }
  if (open) lintVariant(view);
  renderDiagnostics();
  scheduleOdds();
}
