// The inputs form: the chart list of the compiled rules, and the picked
// chart's inputs as a form (choices as selects, flags as checkboxes, a
// `one of` group, a follow-up's too, as radio buttons with "none", params
// as number fields within their bounds, each side of an opposed roll in its
// own group, an extra net modifier). The form and the arguments field say
// the same situation: the form writes the command line's argument text,
// and `setArgs` fills the form from one. Values are remembered by chart and
// input across edits of the rules.
import { $, state, currentChart } from "./state.js";
import { scheduleOdds } from "./odds.js";

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
    select.replaceChildren(...charts.map((c) => {
      const o = document.createElement("option");
      o.value = c.qualified_name;
      o.textContent = `${c.title} (${c.name})`;
      return o;
    }));
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
    $("show").textContent = "";
    return;
  }
  const signature = JSON.stringify(chart.inputs);
  let fresh = false;
  if (userPicked || form.dataset.chart !== chart.qualified_name || form.dataset.signature !== signature) {
    buildForm(chart);
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
  try {
    $("show").textContent = state.compiled.rules.show(chart.qualified_name);
  } catch (e) {
    $("show").textContent = e.message;
  }
  formChanged();
}

/** The form of `chart`'s inputs, from the values remembered for it. */
function buildForm(chart) {
  const form = $("inputs");
  form.replaceChildren();
  // Sides of an opposed roll (`att.discipline`) each get a fieldset; so
  // does each `one of` group (radio buttons: at most one is named).
  const groups = new Map();
  const groupFor = (title) => {
    if (!groups.has(title)) {
      const fs = document.createElement("fieldset");
      const legend = document.createElement("legend");
      legend.textContent = title;
      fs.append(legend);
      groups.set(title, fs);
      form.append(fs);
    }
    return groups.get(title);
  };
  const general = groupFor(chart.kind === "opposed" ? "Both sides" : "Inputs");
  for (const input of chart.inputs) {
    const dot = chart.kind === "opposed" ? input.name.indexOf(".") : -1;
    let parent = dot > 0 ? groupFor(`Side ${input.name.slice(0, dot)}`) : general;
    if (input.one_of) {
      const title = `${dot > 0 ? input.name.slice(0, dot) + ": " : ""}${input.one_of} (one of)`;
      const fresh = !groups.has(title);
      parent = groupFor(title);
      if (fresh) {
        parent.dataset.oneOf = title;
        parent.append(row(radio(title, "", "none", true)));
      }
    }
    parent.append(field(chart, input, parent.dataset.oneOf));
  }
  const extra = document.createElement("div");
  extra.className = "input";
  extra.innerHTML = `<label>extra net modifier <input type="number" step="1" data-extra value="0"></label>`;
  general.append(extra);
  if (general.children.length === 1) general.remove();
  for (const fs of groups.values()) if (fs.children.length === 1) fs.remove();
  form.oninput = formChanged;
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
  const input = document.createElement("input");
  input.type = "radio";
  input.name = group;
  input.value = name;
  input.checked = checked;
  input.dataset.input = name;
  label.append(input, ` ${text}`);
  return label;
}

/** One input's line: a checkbox (a radio button inside a `one of` group), a select or a number field. */
function field(chart, input, oneOf) {
  const remembered = state.values.get(keyOf(chart, input.name));
  const hint = document.createElement("span");
  hint.className = "hint";
  hint.textContent = [input.name, input.applies ? `(${input.applies})` : ""].filter(Boolean).join(" ");
  const label = document.createElement("label");
  if (input.kind === "flag") {
    const value = input.value === null ? "" : ` ${input.value > 0 ? "+" : ""}${input.value}`;
    if (oneOf) {
      const r = radio(oneOf, input.name, `${input.label}${value}`, remembered === true);
      return row(r, hint);
    }
    const box = document.createElement("input");
    box.type = "checkbox";
    box.dataset.input = input.name;
    box.checked = remembered === true;
    label.append(box, ` ${input.label}${value}`);
    return row(label, hint);
  }
  if (input.kind === "choice") {
    const select = document.createElement("select");
    select.dataset.input = input.name;
    const none = document.createElement("option");
    none.value = "";
    none.textContent = "(not named)";
    select.append(none, ...input.options.map((o) => {
      const opt = document.createElement("option");
      opt.value = o.name;
      opt.textContent = o.label;
      return opt;
    }));
    select.value = remembered ?? "";
    label.append(`${input.label} `, select);
    return row(label, hint);
  }
  if (input.kind === "param") {
    const number = document.createElement("input");
    number.type = "number";
    number.dataset.input = input.name;
    number.step = "any";
    if (input.bounds) {
      number.min = input.bounds[0];
      number.max = input.bounds[1];
    }
    number.placeholder = input.default === null ? "" : `${input.default}`;
    number.value = remembered ?? "";
    label.append(`${input.label} `, number);
    const bounds = input.bounds ? ` ${input.bounds[0]}..${input.bounds[1]}` : "";
    hint.textContent += bounds;
    return row(label, hint);
  }
  label.textContent = `${input.label} (${input.name})`;
  return row(label);
}

/** The form as the command line's argument text, kept in the arguments field. */
function formChanged() {
  const chart = currentChart();
  if (!chart) return;
  const words = [];
  for (const el of $("inputs").querySelectorAll("[data-input]")) {
    const name = el.dataset.input;
    if (el.type === "radio") {
      if (el.checked && name) {
        words.push(name);
        state.values.set(keyOf(chart, name), true);
      } else if (name) {
        state.values.set(keyOf(chart, name), false);
      }
    } else if (el.type === "checkbox") {
      state.values.set(keyOf(chart, name), el.checked);
      if (el.checked) words.push(name);
    } else if (el.value !== "") {
      state.values.set(keyOf(chart, name), el.value);
      words.push(`${name}=${el.value}`);
    } else {
      state.values.delete(keyOf(chart, name));
    }
  }
  const extra = Number($("inputs").querySelector("[data-extra]")?.value || 0);
  if (Number.isInteger(extra) && extra !== 0) words.push(extra > 0 ? `+${extra}` : `${extra}`);
  $("args").value = words.join(" ");
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
