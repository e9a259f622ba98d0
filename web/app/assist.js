// Hover and completion in the editors, answered by the web package as the
// language server answers them (the library's `chartwright::editor`): on a
// chart's name its kind, dice and exact odds in the sheet picture's
// situation, as a small table; on a grid its table as `show` prints it; on
// a modifier its value and label. The hover is asked of the worker (odds
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

/** A hover answer as the tooltip's content. */
export function hoverNode(h) {
  const dom = element("div", undefined, "chartwright-hover");
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
