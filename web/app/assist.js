// Hover and completion in the editors, answered by the web package as the
// language server answers them (the library's `chartwright::editor`): on a
// chart's name its kind, dice and exact odds in the sheet picture's
// situation, as a small table; on a grid its table as `show` prints it; on
// a modifier its value and label; on an `expect` line whether it holds and
// what the chart gives; on a variant's change the base's declaration of
// what it changes and the chart's diff. The hover is asked of the worker (odds
// can take a while, and typing must not wait); completion reads only the
// text's outline, so it runs here.
import { hoverTooltip } from "@codemirror/view";
import { autocompletion } from "@codemirror/autocomplete";
import { complete } from "../pkg/chartwright_web.js";
import { ask } from "./worker_client.js";

/** CodeMirror's icon for each kind of name `complete` offers. */
const ICONS = {
  keyword: "keyword",
  choice: "enum",
  option: "enum",
  flag: "constant",
  param: "variable",
  modifier: "property",
  modifiers: "namespace",
  grid: "class",
  notes: "text",
};

/** Completions where a name is being typed, or after `owner.`, or when asked (Ctrl-Space). */
function completionSource(context) {
  const typed = context.matchBefore(/[A-Za-z0-9_]*/);
  const afterDot = context.state.sliceDoc(typed.from - 1, typed.from) === ".";
  if (!context.explicit && typed.from === typed.to && !afterDot) return null;
  const c = complete(context.state.doc.toString(), context.pos);
  if (c.options.length === 0) return null;
  return {
    from: c.from,
    to: c.to,
    options: c.options.map((o) => ({ label: o.label, type: ICONS[o.kind] ?? "function", detail: o.detail ?? undefined })),
    validFor: /^[A-Za-z0-9_]*$/,
  };
}

function element(tag, text, className) {
  const el = document.createElement(tag);
  if (text !== undefined) el.textContent = text;
  if (className) el.className = className;
  return el;
}

/** An odds document as a table: outcome, exact fraction, percentage. */
function oddsTable(odds) {
  const table = element("table");
  const head = table.createTHead().insertRow();
  for (const h of ["outcome", "odds", "%"]) head.append(element("th", h));
  const body = table.createTBody();
  for (const o of odds.outcomes) {
    const row = body.insertRow();
    row.dataset.outcome = o.outcome;
    row.append(element("td", o.outcome), element("td", o.probability), element("td", `${o.percent.toFixed(2)}%`));
  }
  return table;
}

/** `text` with its `backticked` parts as code. */
function withCode(tag, text, className) {
  const el = element(tag, undefined, className);
  text.split("`").forEach((part, i) => el.append(i % 2 ? element("code", part) : part));
  return el;
}

/** A diff document as a table: outcome, base, variant, change in points. */
function diffTable(diff) {
  const table = element("table", undefined, "hover-diff");
  const head = table.createTHead().insertRow();
  for (const h of ["outcome", "base", "variant", "change"]) head.append(element("th", h));
  const body = table.createTBody();
  for (const o of diff.outcomes) {
    const row = body.insertRow();
    row.dataset.outcome = o.outcome;
    const points = `${o.delta_percent >= 0 ? "+" : ""}${o.delta_percent.toFixed(2)} pp`;
    row.append(element("td", o.outcome), element("td", o.base ?? "never"), element("td", o.variant ?? "never"), element("td", points));
  }
  return table;
}

/** What a whole line says: an `expect` line checked, or a variant's change against its base. */
function lineNode(line) {
  const dom = element("div", undefined, "hover-line");
  dom.dataset.line = line.kind;
  if (line.kind === "expect") {
    dom.dataset.holds = String(line.holds);
    dom.append(withCode("div", line.verdict, line.holds ? "hover-holds" : "hover-fails"));
    if (line.help) dom.append(withCode("div", line.help, "hover-help"));
    if (line.actual) dom.append(withCode("div", line.actual));
  } else if (line.kind === "change") {
    const d = line.declared;
    dom.append(withCode("div", `In the base, ${d.kind} \`${d.name}\`:`), element("pre", d.text));
    if (line.diff) {
      const where = line.situation ? ` with ${line.situation}` : "";
      dom.append(element("div", `The variant's odds of ${line.chart}${where}:`, "hover-situation"), diffTable(line.diff));
    } else if (line.diff_error) {
      dom.append(element("div", `No odds to compare: ${line.diff_error}`));
    }
  }
  return dom;
}

/** A hover answer as the tooltip's content: the line's part, then the name's. */
export function hoverNode(h) {
  const dom = element("div", undefined, "chartwright-hover");
  if (h.line) dom.append(lineNode(h.line));
  if (!h.name) return dom;
  dom.dataset.name = h.name;
  dom.dataset.kind = h.kind;
  const head = element("div", undefined, "hover-head");
  head.append(element("strong", `${h.kind} `), element("code", h.name));
  if (h.owner) head.append(" of ", element("code", h.owner));
  if (h.value) head.append(": ", element("code", h.value));
  dom.append(head, element("div", h.title ?? h.label, "hover-label"));
  if (h.dice) dom.append(element("div", `rolls ${h.dice}`));
  if (h.odds) {
    if (h.situation) dom.append(element("div", `odds with ${h.situation}:`, "hover-situation"));
    dom.append(oddsTable(h.odds));
  } else if (h.odds_error) {
    dom.append(element("div", `No odds without more inputs: ${h.odds_error}`));
  } else if (h.table) {
    dom.append(element("pre", h.table));
  }
  return dom;
}

/** The editor's hover and completion; `game()` is the name its text compiles as. */
export function assist(game) {
  const hover = hoverTooltip(
    async (view, pos) => {
      let answer;
      try {
        answer = await ask({ op: "hover", name: game(), text: view.state.doc.toString(), at: pos });
      } catch {
        return null;
      }
      const h = answer.result.hover;
      if (!h) return null;
      return { pos: h.from, end: h.to, above: true, create: () => ({ dom: hoverNode(h) }) };
    },
    { hoverTime: 300 },
  );
  return [hover, autocompletion({ override: [completionSource] })];
}
