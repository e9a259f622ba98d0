// The editors and their diagnostics: a CodeMirror view with chartwright's
// highlighting, hover and completion (assist.js) and a linter, each diagnostic of `check()` as an underlined
// span (message, help and code), and the list under the editors, where a
// click moves the cursor to the diagnostic.
import { EditorView, basicSetup } from "codemirror";
import { EditorState } from "@codemirror/state";
import { linter, lintGutter } from "@codemirror/lint";
import { chartwrightLanguage } from "./lang.js";
import { $, state } from "./state.js";
import { helpNode } from "./docs.js";
import { assist } from "./assist.js";

/** An empty editor in `parent`, linted by `source(view)` as it is typed in; `game()` names the game its text compiles as. */
export function makeEditor(parent, source, game) {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: "",
      extensions: [
        basicSetup,
        chartwrightLanguage(),
        lintGutter(),
        linter(source, { delay: 100 }),
        assist(game),
        EditorView.lineWrapping,
      ],
    }),
  });
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

/** `check()`'s diagnostics as CodeMirror's: one per label, help under the first. */
export function editorDiagnostics(doc, check) {
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
          if (i === 0 && d.help) el.append(helpNode(d.help));
          return el;
        },
      });
    });
  }
  return out;
}

/** The list under the editors: every diagnostic of the rules and the open variant, or "no errors". */
export function renderDiagnostics() {
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
      if (d.help) li.append(helpNode(d.help));
      const code = document.createElement("div");
      code.className = "code";
      code.textContent = d.code ?? "";
      li.append(code);
      li.onclick = () => {
        if (!label) return;
        const view = which === "rules" ? state.editor : state.variantEditor;
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
