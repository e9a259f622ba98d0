// The chartwright playground: an editor with live diagnostics, a chart's
// inputs as a form, rolls with their trace, exact odds (computed in a
// worker), a variant beside its base, share links and the printable sheet.
// Everything runs in the page from files: the WebAssembly module and the
// worker are bundled into app.js (build.mjs), so it works from file:// or
// any static host, offline.
import { EditorView, basicSetup } from "codemirror";
import { EditorState } from "@codemirror/state";
import { linter, lintGutter, forceLinting } from "@codemirror/lint";
import init, { Ruleset, bundledNames, bundledSource, version } from "../pkg/chartwright_web.js";
import wasmGz from "chartwright-wasm-gz";
import { chartwrightLanguage } from "./lang.js";

/* global WORKER_SOURCE */

const $ = (id) => document.getElementById(id);
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
/** How long the worker may take over one request before it is restarted. */
const WORKER_TIMEOUT_MS = 30000;

const state = {
  name: "ogre",
  /** The text last compiled, and what it gave. */
  compiled: { name: null, text: null, rules: null, check: null, list: null },
  variant: { open: false, compiled: { name: null, text: null, rules: null, check: null } },
  charts: [],
  /** Form values kept across edits, by chart and input name. */
  values: new Map(),
  checkTimes: [],
  log: [],
};
window.playground = state;

// ---------------------------------------------------------------- worker
let worker = null;
let wasmModule = null;
let nextId = 1;
const pending = new Map();

function startWorker() {
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
function ask(request) {
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

// ---------------------------------------------------------------- compiling
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

/** A diagnostic label's line and column (from 1, columns in characters) as an editor position. */
function position(doc, line, column) {
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  let i = 0;
  for (let chars = 1; chars < column && i < l.text.length; chars++) {
    i += l.text.codePointAt(i) > 0xffff ? 2 : 1;
  }
  return l.from + i;
}

function editorDiagnostics(doc, check) {
  const out = [];
  for (const d of check.diagnostics) {
    const labels = d.labels.length ? d.labels : [null];
    labels.forEach((label, i) => {
      const from = label ? position(doc, label.line, label.column) : 0;
      const to = label ? Math.max(from, position(doc, label.end_line, label.end_column)) : 0;
      out.push({
        from,
        to,
        severity: d.severity === "advice" ? "info" : d.severity,
        source: d.code ?? undefined,
        message: i === 0 || !label?.label ? d.message : label.label,
        renderMessage: () => {
          const el = document.createElement("div");
          el.textContent = label && i > 0 ? label.label : d.message + (label?.label ? ` (${label.label})` : "");
          if (i === 0 && d.help) {
            const help = document.createElement("div");
            help.className = "help";
            help.textContent = `help: ${d.help}`;
            el.append(help);
          }
          return el;
        },
      });
    });
  }
  return out;
}

function renderDiagnostics() {
  const list = $("diagnostics");
  list.replaceChildren();
  const sides = [["rules", state.compiled]];
  if (state.variant.open) sides.push(["variant", state.variant.compiled]);
  let any = false;
  for (const [which, c] of sides) {
    for (const d of c.check?.diagnostics ?? []) {
      any = true;
      const li = document.createElement("li");
      const label = d.labels.find((l) => l.primary) ?? d.labels[0];
      li.dataset.side = which;
      li.dataset.code = d.code ?? "";
      if (label) {
        li.dataset.line = label.line;
        li.dataset.column = label.column;
      }
      const where = label ? `${which} line ${label.line}, column ${label.column}: ` : `${which}: `;
      li.append(where + d.message);
      if (d.help) {
        const h = document.createElement("div");
        h.className = "help";
        h.textContent = `help: ${d.help}`;
        li.append(h);
      }
      const code = document.createElement("div");
      code.className = "code";
      code.textContent = d.code ?? "";
      li.append(code);
      li.onclick = () => {
        if (!label) return;
        const view = which === "rules" ? editor : variantEditor;
        const pos = position(view.state.doc, label.line, label.column);
        view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
        view.focus();
      };
      list.append(li);
    }
  }
  if (!any) {
    const li = document.createElement("li");
    li.className = "ok";
    const charts = state.charts.length;
    li.textContent = `no errors: ${charts} chart${charts === 1 ? "" : "s"} to roll`;
    list.append(li);
  }
}

/** The rules editor's lint source: compile, report, and refresh the chart list. */
function lintRules(view) {
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

function lintVariant(view) {
  const text = view.state.doc.toString();
  const c = compile(state.variant, $("variant-name").value.trim() || "house_rule", text);
  $("variant-status").textContent = c.check.diagnostics.length ? `${c.check.diagnostics.length} error(s)` : "ok";
  renderDiagnostics();
  scheduleOdds();
  return editorDiagnostics(view.state.doc, c.check);
}

// ---------------------------------------------------------------- charts and the form
function refreshCharts() {
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

function currentChart() {
  return state.charts.find((c) => c.qualified_name === $("chart").value) ?? null;
}

/** A key for the form's remembered values. */
const keyOf = (chart, name) => `${chart.name}\u0000${name}`;

function chartChanged(userPicked) {
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

function row(...children) {
  const div = document.createElement("div");
  div.className = "input";
  div.append(...children);
  return div;
}

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

// ---------------------------------------------------------------- roll
function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

function roll() {
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

// ---------------------------------------------------------------- odds and diff
let oddsTimer = null;
let oddsSerial = 0;

function scheduleOdds() {
  clearTimeout(oddsTimer);
  oddsTimer = setTimeout(computeOdds, 120);
}

function showError(id, e) {
  const el = $(id);
  const d = e.diagnostics?.diagnostics?.[0];
  el.textContent = d ? `${d.message}${d.help ? `\nhelp: ${d.help}` : ""}\n${d.code ?? ""}` : e.message;
  el.hidden = false;
}

function percent(p) {
  return `${p.toFixed(2)}%`;
}

async function computeOdds() {
  const chart = currentChart();
  const c = state.compiled;
  if (!chart || !c.rules || c.check.diagnostics.length) return;
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
    showError("odds-error", e);
  }
  await computeDiff(serial, chart, args);
}

async function computeDiff(serial, chart, args) {
  const box = $("diff-box");
  const v = state.variant.compiled;
  if (!state.variant.open || !v.rules || v.check.diagnostics.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
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
  } catch (e) {
    if (serial !== oddsSerial) return;
    $("diff-status").textContent = "";
    $("diff-svg").replaceChildren();
    $("diff-table").tBodies[0].replaceChildren();
    showError("diff-error", e);
  }
}

// ---------------------------------------------------------------- share and print
const toBase64Url = (bytes) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const fromBase64Url = (text) => {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0));
};

async function squeeze(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

async function unsqueeze(data) {
  const stream = new Blob([fromBase64Url(data)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

/** The link to this page with the rules (compressed into the fragment), chart and arguments. */
async function shareLink() {
  const params = new URLSearchParams();
  const name = $("name").value.trim();
  const text = editor.state.doc.toString();
  params.set("g", name);
  if (bundledSource(name) !== text) params.set("t", await squeeze(text));
  if (state.variant.open) {
    params.set("vn", $("variant-name").value.trim());
    params.set("v", await squeeze(variantEditor.state.doc.toString()));
  }
  if ($("chart").value) params.set("c", $("chart").value);
  if ($("args").value) params.set("a", $("args").value);
  if ($("seed").value) params.set("s", $("seed").value);
  const url = new URL(location.href);
  url.hash = params.toString();
  return url.href;
}

async function openFromLink() {
  if (!location.hash || location.hash.length < 2) return false;
  const params = new URLSearchParams(location.hash.slice(1));
  const name = params.get("g") || "my_game";
  const text = params.has("t") ? await unsqueeze(params.get("t")) : bundledSource(name);
  if (text === undefined) return false;
  openText(name, text);
  if (params.has("v")) {
    $("variant-name").value = params.get("vn") || "house_rule";
    setVariant(true, await unsqueeze(params.get("v")));
  }
  forceLinting(editor);
  lintRules(editor);
  if (params.has("c")) {
    $("chart").value = params.get("c");
    chartChanged(true);
  }
  if (params.has("s")) $("seed").value = params.get("s");
  if (params.has("a")) {
    setArgs(params.get("a"));
  }
  return true;
}

/** Sets the arguments text, and the form where it names inputs. */
function setArgs(args) {
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

function printSheet() {
  const rules = state.compiled.rules;
  if (!rules || state.compiled.check.diagnostics.length) return;
  const html = rules.sheet(undefined);
  document.getElementById("sheet-frame")?.remove();
  const frame = document.createElement("iframe");
  frame.id = "sheet-frame";
  frame.title = "printable sheet";
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0";
  frame.srcdoc = html;
  frame.onload = () => frame.contentWindow.print();
  document.body.append(frame);
}

// ---------------------------------------------------------------- opening rules
function openText(name, text) {
  $("name").value = name;
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
  $("open").value = bundledSource(name) === text ? name : "";
}

function starterVariant() {
  const base = $("name").value.trim();
  const known = bundledNames().includes(base) ? base : "first_echelon";
  return `variant "House rule" of ${known} version "1"\n\n# Change a chart of ${known} here, e.g.:\n# change table ...\n`;
}

function setVariant(open, text) {
  state.variant.open = open;
  $("variant-pane").hidden = !open;
  $("variant-toggle").setAttribute("aria-pressed", String(open));
  if (open && text !== undefined) {
    variantEditor.dispatch({ changes: { from: 0, to: variantEditor.state.doc.length, insert: text } });
  } else if (open && variantEditor.state.doc.length === 0) {
    variantEditor.dispatch({ changes: { from: 0, insert: starterVariant() } });
  }
  if (open) lintVariant(variantEditor);
  renderDiagnostics();
  scheduleOdds();
}

// ---------------------------------------------------------------- start
let editor;
let variantEditor;

function makeEditor(parent, source) {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: "",
      extensions: [
        basicSetup,
        chartwrightLanguage(),
        lintGutter(),
        linter(source, { delay: 100 }),
        EditorView.lineWrapping,
      ],
    }),
  });
}

async function start() {
  const unzipped = new Blob([wasmGz]).stream().pipeThrough(new DecompressionStream("gzip"));
  const module = await WebAssembly.compile(await new Response(unzipped).arrayBuffer());
  wasmModule = module;
  await init({ module_or_path: module });
  startWorker();

  editor = makeEditor($("editor"), lintRules);
  variantEditor = makeEditor($("variant-editor"), lintVariant);
  // For the browser tests and the benchmark (web/bench.mjs).
  Object.assign(state, { editor, variantEditor, chartwright: { Ruleset, bundledNames } });
  const open = $("open");
  open.replaceChildren(
    ...bundledNames().map((n) => new Option(n, n)),
    new Option("(empty file)", ""),
  );
  open.onchange = () => {
    const name = open.value;
    openText(name || "my_game", name ? bundledSource(name) : EMPTY);
    lintRules(editor);
  };
  $("name").onchange = () => lintRules(editor);
  $("variant-name").onchange = () => lintVariant(variantEditor);
  $("chart").onchange = () => chartChanged(true);
  $("args").oninput = scheduleOdds;
  $("roll").onclick = roll;
  $("print").onclick = printSheet;
  $("variant-toggle").onclick = () => setVariant(!state.variant.open);
  $("share").onclick = async () => {
    const link = await shareLink();
    history.replaceState(null, "", link);
    $("share-link").value = link;
    $("share-box").hidden = false;
    $("share-link").select();
    navigator.clipboard?.writeText(link).catch(() => {});
  };

  if (!(await openFromLink())) {
    open.value = "ogre";
    openText("ogre", bundledSource("ogre"));
    lintRules(editor);
  }
  $("status").textContent = `${version()} · everything runs in this page, nothing is sent anywhere`;
  document.body.dataset.ready = "true";
}

start().catch((e) => {
  $("status").textContent = `could not start: ${e.message ?? e}`;
  document.body.dataset.ready = "error";
  throw e;
});
