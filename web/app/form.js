// The form for the table: the chart list of the compiled rules, and the
// picked chart's inputs laid out as a player reads the sheet. The inputs
// that set the situation (the column, the kind of attack: what the chart's
// conditions read) come first; then the modifiers under the headings the
// sheet prints them under, a `one of` group as radio buttons with "none";
// then each follow-up chart's inputs in a section of its own. Modifiers
// that cannot apply in the situation chosen are folded away behind a
// count. Hints are in the sheet's words, never the rules' names.
//
// The form and the arguments field say the same situation: the form writes
// the command line's argument text, and `setArgs` fills the form from one.
// Values are remembered by chart and input across edits of the rules.
import { $, state, currentChart } from "./state.js";
import { scheduleOdds } from "./odds.js";
import { sheetOfChart } from "./sheet_view.js";

/** Refills the chart list from the last compiled rules, keeping the chart picked. */
export function refreshCharts() {
  const games = state.compiled.list.games;
  const charts = games.flatMap((g) => g.charts.filter((c) => c.dice !== null));
  const select = $("chart");
  const previous = select.value;
  const same = charts.length === state.charts.length &&
    charts.every((c, i) => c.qualified_name === state.charts[i].qualified_name);
  state.charts = charts;
  if (!same) {
    select.replaceChildren(...charts.map((c) => new Option(c.title, c.qualified_name)));
    if (charts.some((c) => c.qualified_name === previous)) select.value = previous;
  }
  chartChanged(false);
}

/** A key for the form's remembered values. */
const keyOf = (chart, name) => `${chart.name}\u0000${name}`;

/** Rebuilds the form when the chart or its inputs changed (always when `userPicked`), and shows the chart. */
export function chartChanged(userPicked) {
  const chart = currentChart();
  const form = $("inputs");
  if (!chart) {
    form.replaceChildren();
    state.layout = null;
    sheetOfChart(null);
    return;
  }
  const signature = JSON.stringify(chart.inputs);
  let fresh = false;
  if (userPicked || form.dataset.chart !== chart.qualified_name || form.dataset.signature !== signature) {
    try {
      state.layout = state.compiled.rules.form(chart.qualified_name);
    } catch {
      state.layout = { inputs: chart.inputs.map((i) => ({ ...i, reads: 0 })) };
    }
    buildForm(chart, state.layout);
    fresh = form.dataset.chart !== chart.qualified_name;
    form.dataset.chart = chart.qualified_name;
    form.dataset.signature = signature;
  }
  // A chart seen for the first time starts in a situation where it rolls.
  if (fresh && !chart.inputs.some((i) => state.values.has(keyOf(chart, i.name)))) {
    try {
      setArgs(state.compiled.rules.exampleArgs(chart.qualified_name));
    } catch {
      // The form stays empty.
    }
  }
  sheetOfChart(chart);
  formChanged();
}

/** Where an input goes: "situation", a group's heading, or a follow-up's section. */
function sectionOf(chart, input) {
  if (input.follow_up) return { key: `then ${input.follow_up}`, title: `Then: ${input.follow_up}`, kind: "follow-up" };
  // Each side of an opposed roll apart, by the side's label (Attacker).
  const side = input.side ? `${input.side}: ` : "";
  if (setsSituation(input)) return { key: `${side}situation`, title: `${side}Situation`, kind: "situation" };
  const title = input.group ?? "Modifiers";
  return { key: `${side}${title}`, title: `${side}${title}`, kind: "modifiers" };
}

/** The form of `chart`'s inputs, from the values remembered for it. */
function buildForm(chart, layout) {
  const form = $("inputs");
  form.replaceChildren();
  const sections = new Map();
  const sectionFor = ({ key, title, kind }) => {
    if (!sections.has(key)) {
      const fs = document.createElement("fieldset");
      fs.className = `section ${kind}`;
      const legend = document.createElement("legend");
      legend.textContent = title;
      fs.append(legend);
      sections.set(key, { fs, kind, members: [] });
    }
    return sections.get(key);
  };
  // The situation first, with the column's input at its head.
  const inputs = [...layout.inputs].sort((a, b) => rank(a) - rank(b));
  const groups = new Map();
  for (const input of inputs) {
    const section = sectionFor(sectionOf(chart, input));
    section.members.push(input);
    let parent = section.fs;
    if (input.one_of) {
      const key = `${section.fs.firstChild.textContent}\u0000${input.one_of}`;
      if (!groups.has(key)) {
        // A radio group's name is its legend, made unique where two
        // sections hold groups of one heading (Cover, direct and indirect).
        const plain = `${input.one_of} (choose one)`;
        const taken = [...groups.values()].some((g) => g.dataset.oneOf === plain);
        const title = taken ? `${section.fs.firstChild.textContent}: ${plain}` : plain;
        const fs = document.createElement("fieldset");
        fs.className = "one-of";
        fs.dataset.oneOf = title;
        const legend = document.createElement("legend");
        legend.textContent = title;
        fs.append(legend, row(radio(title, "", "none", true)));
        section.fs.append(fs);
        groups.set(key, fs);
      }
      parent = groups.get(key);
    }
    parent.append(field(chart, input, parent.dataset.oneOf));
  }
  // A condition every modifier of a group shares is said once, under its heading.
  for (const { fs, members } of sections.values()) {
    const words = new Set(members.map((m) => m.applies_words ?? ""));
    if (members.length > 1 && words.size === 1 && [...words][0]) {
      const note = document.createElement("span");
      note.className = "when";
      note.textContent = ` (${[...words][0]})`;
      fs.querySelector("legend").append(note);
      for (const h of fs.querySelectorAll(".hint.when")) h.remove();
    }
  }
  const order = ["situation", "modifiers", "follow-up"];
  const sorted = [...sections.values()].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  // After the modifiers (whichever are folded away): a loose modifier the
  // rules do not name, and the count of those folded.
  const extra = row();
  extra.className = "input extra";
  extra.innerHTML = `<label>Any other net modifier <input type="number" step="1" data-extra value="0"></label>`;
  const folded = document.createElement("details");
  folded.id = "folded";
  folded.hidden = true;
  folded.innerHTML = "<summary></summary><p class=hint>These do not apply in the situation chosen above; change it to use them.</p>";
  const before = sorted.filter((s) => s.kind !== "follow-up").map((s) => s.fs);
  const after = sorted.filter((s) => s.kind === "follow-up").map((s) => s.fs);
  form.append(...before, extra, folded, ...after);
  form.oninput = formChanged;
}

/**
 * An input that sets the situation rather than adding to the roll: a
 * choice (the column, the kind of attack, a grid's key), or a flag or
 * number the chart's conditions or expressions read that is not itself a
 * modifier.
 */
function setsSituation(input) {
  if (input.follow_up || input.one_of) return false;
  if (input.kind === "choice") return true;
  const modifier = input.kind === "flag" ? input.value !== null : input.applies !== null || input.group !== null;
  return input.reads > 0 && !modifier;
}

/** Sorts the situation's inputs first: the column, then choices by how much reads them, then numbers, then flags. */
function rank(input) {
  if (input.follow_up) return 1e9;
  if (!setsSituation(input)) return 1e8;
  if (input.column) return 0;
  return (input.kind === "choice" ? 1e3 : input.kind === "param" ? 1e5 : 1e6) - input.reads;
}

/** A line of the form. */
function row(...children) {
  const div = document.createElement("div");
  div.className = "input";
  div.append(...children);
  return div;
}

/** A radio button of the `one of` group `group`; `name` "" is its "none". */
function radio(group, name, text, checked) {
  const label = document.createElement("label");
  label.className = "box";
  const input = document.createElement("input");
  input.type = "radio";
  input.name = group;
  input.value = name;
  input.checked = checked;
  input.dataset.input = name;
  label.append(input, ` ${text}`);
  return label;
}

/** A modifier's value as the sheet prints it: +1, −3. */
const signed = (v) => (v > 0 ? `+${v}` : `${v}`.replace("-", "−"));

/** One input's line: a checkbox (a radio button inside a `one of` group), a select or a number field. */
function field(chart, input, oneOf) {
  const remembered = state.values.get(keyOf(chart, input.name));
  const hints = [];
  if (input.applies_words) hints.push(["when", input.applies_words]);
  let line;
  if (input.kind === "flag") {
    const value = input.value === null ? "" : ` ${signed(input.value)}`;
    if (oneOf) {
      line = row(radio(oneOf, input.name, `${input.label}${value}`, remembered === true));
    } else {
      const label = document.createElement("label");
      label.className = "box";
      const box = document.createElement("input");
      box.type = "checkbox";
      box.dataset.input = input.name;
      box.checked = remembered === true;
      label.append(box, ` ${input.label}${value}`);
      line = row(label);
    }
  } else if (input.kind === "choice") {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.dataset.input = input.name;
    select.append(new Option("(not chosen)", ""), ...input.options.map((o) => new Option(o.label || o.name, o.name)));
    select.value = remembered ?? "";
    label.append(`${input.label} `, select);
    line = row(label);
  } else if (input.kind === "param") {
    const label = document.createElement("label");
    const number = document.createElement("input");
    number.type = "number";
    number.dataset.input = input.name;
    number.step = "any";
    number.inputMode = "decimal";
    if (input.bounds) {
      number.min = input.bounds[0];
      number.max = input.bounds[1];
      hints.unshift(["range", `from ${signedRange(input.bounds[0])} to ${signedRange(input.bounds[1])}`]);
    }
    number.placeholder = input.default === null ? "" : `${input.default}`;
    if (input.default !== null) hints.push(["default", `${input.default} when left empty`]);
    number.value = remembered ?? "";
    label.append(`${input.label} `, number);
    line = row(label);
  } else {
    line = row(document.createTextNode(input.label));
  }
  line.dataset.name = input.name;
  line.title = `typed as ${input.name}`;
  for (const [kind, text] of hints) {
    const hint = document.createElement("span");
    hint.className = `hint ${kind}`;
    hint.textContent = text;
    line.append(hint);
  }
  return line;
}

const signedRange = (v) => `${v}`.replace("-", "−");

/** The words the form's fields say, leaving out the inputs in `skip`. */
function wordsOf(skip) {
  const chart = currentChart();
  const words = [];
  for (const el of $("inputs").querySelectorAll("[data-input]")) {
    const name = el.dataset.input;
    if (skip.has(name)) continue;
    if (el.type === "radio") {
      if (el.checked && name) words.push(name);
    } else if (el.type === "checkbox") {
      if (el.checked) words.push(name);
    } else if (el.value !== "") {
      words.push(`${name}=${el.value}`);
    }
  }
  const extra = Number($("inputs").querySelector("[data-extra]")?.value || 0);
  if (Number.isInteger(extra) && extra !== 0) words.push(extra > 0 ? `+${extra}` : `${extra}`);
  return chart ? words : [];
}

/** Remembers the form's values for the chart. */
function remember(chart) {
  for (const el of $("inputs").querySelectorAll("[data-input]")) {
    const name = el.dataset.input;
    if (!name) continue;
    if (el.type === "radio" || el.type === "checkbox") state.values.set(keyOf(chart, name), el.checked);
    else if (el.value !== "") state.values.set(keyOf(chart, name), el.value);
    else state.values.delete(keyOf(chart, name));
  }
}

/** Folds away the modifiers that cannot apply with `words` named; the names folded. */
function fold(chart, words) {
  let folded = [];
  try {
    folded = state.compiled.rules.applicable(chart.qualified_name, words.join(" ")).folded;
  } catch {
    // Arguments the engine refuses: nothing is folded, the odds say why.
  }
  const set = new Set(folded);
  const form = $("inputs");
  for (const line of form.querySelectorAll(".input[data-name]")) {
    const off = set.has(line.dataset.name);
    line.classList.toggle("folded", off);
    for (const el of line.querySelectorAll("input, select")) el.disabled = off;
  }
  for (const fs of form.querySelectorAll("fieldset")) {
    const lines = fs.querySelectorAll(".input[data-name]");
    const allOff = lines.length > 0 && [...lines].every((l) => l.classList.contains("folded"));
    fs.classList.toggle("folded", allOff);
  }
  const box = $("folded");
  if (box) {
    box.hidden = set.size === 0;
    box.querySelector("summary").textContent = `${set.size} more that do not apply ${situationWords(chart, folded)}`;
    form.classList.toggle("show-folded", box.open);
    box.ontoggle = () => form.classList.toggle("show-folded", box.open);
  }
  return set;
}

/** The situation that folds them away, in words: "with Type of attack: Indirect fire". */
function situationWords(chart, folded) {
  const read = new Set(chart.inputs.filter((i) => folded.includes(i.name)).flatMap((i) => i.reads));
  const parts = [];
  for (const name of read) {
    const input = chart.inputs.find((i) => i.name === name);
    const el = $("inputs").querySelector(`[data-input="${CSS.escape(name)}"]`);
    if (!input || !el) continue;
    if (input.kind === "choice") {
      const o = input.options.find((x) => x.name === el.value);
      if (o) parts.push(`${input.label}: ${o.label || o.name}`);
    } else if (input.kind === "flag") {
      parts.push(el.checked ? input.label : `not ${input.label}`);
    }
  }
  return parts.length ? `with ${parts.join(", ")}` : "here";
}

/** The form as the command line's argument text, kept in the arguments field. */
function formChanged() {
  const chart = currentChart();
  if (!chart) return;
  remember(chart);
  const folded = fold(chart, wordsOf(new Set()));
  $("args").value = wordsOf(folded).join(" ");
  scheduleOdds();
}

/** Sets the arguments text, and the form where it names inputs. */
export function setArgs(args) {
  const words = args.split(/\s+/).filter(Boolean);
  const named = new Map(words.map((w) => w.split("=")).map(([n, v]) => [n, v ?? true]));
  let extra = 0;
  for (const w of words) if (/^[+-]\d+$/.test(w)) extra += Number(w);
  for (const el of $("inputs").querySelectorAll("[data-input]")) {
    const value = named.get(el.dataset.input);
    if (el.type === "radio") {
      const group = el.form.querySelectorAll(`input[type=radio][name="${CSS.escape(el.name)}"]`);
      el.checked = el.dataset.input
        ? value === true
        : ![...group].some((r) => r.dataset.input && named.get(r.dataset.input) === true);
    } else if (el.type === "checkbox") el.checked = value === true;
    else el.value = value === undefined || value === true ? "" : value;
  }
  const extraField = $("inputs").querySelector("[data-extra]");
  if (extraField) extraField.value = extra;
  formChanged();
  $("args").value = args;
  scheduleOdds();
}
