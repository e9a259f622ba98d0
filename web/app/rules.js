// The rules and the variant as texts: opening a bundled game or an empty
// file, compiling each edit (the editors' lint sources: status line,
// diagnostics, chart list), and the variant pane beside the rules, which
// opens on a starter variant of the game in the editor.
import { Ruleset, bundledNames, bundledSource } from "../pkg/chartwright_web.js";
import { $, state } from "./state.js";
import { editorDiagnostics, renderDiagnostics } from "./editor.js";
import { refreshCharts } from "./form.js";
import { scheduleOdds } from "./odds.js";

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
  const c = compile(state, $("name").value.trim() || "my_game", text);
  state.checkTimes.push(c.ms);
  $("check-status").textContent = c.check.diagnostics.length
    ? `${c.check.diagnostics.length} error${c.check.diagnostics.length === 1 ? "" : "s"} · checked in ${c.ms.toFixed(1)} ms`
    : `ok · checked in ${c.ms.toFixed(1)} ms`;
  if (c.check.diagnostics.length === 0) {
    c.list = c.rules.list();
    refreshCharts();
  }
  renderDiagnostics();
  return editorDiagnostics(view.state.doc, c.check);
}

/** The variant editor's lint source: compile, report, and ask for the diff again. */
export function lintVariant(view) {
  const text = view.state.doc.toString();
  const c = compile(state.variant, $("variant-name").value.trim() || "house_rule", text);
  $("variant-status").textContent = c.check.diagnostics.length ? `${c.check.diagnostics.length} error(s)` : "ok";
  renderDiagnostics();
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
  openText(name || "my_game", name ? bundledSource(name) : EMPTY);
  lintRules(state.editor);
}

function starterVariant() {
  const base = $("name").value.trim();
  const known = bundledNames().includes(base) ? base : "first_echelon";
  return `variant "House rule" of ${known} version "1"\n\n# Change a chart of ${known} here, e.g.:\n# change table ...\n`;
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
    view.dispatch({ changes: { from: 0, insert: starterVariant() } });
  }
  if (open) lintVariant(view);
  renderDiagnostics();
  scheduleOdds();
}
