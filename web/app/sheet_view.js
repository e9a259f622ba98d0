// "The chart as on the sheet": the picked chart drawn by the library's
// sheet renderer (the modifier sets it uses beside it), in a frame that
// grows to its page's height. Drawn when the box is opened, and again when
// the chart or the rules change while it is open.
import { $, state } from "./state.js";

let shown = null;

/** A frame showing `html`, as tall as its page. */
export function frameOf(frame, html) {
  frame.onload = () => {
    const doc = frame.contentDocument;
    if (doc) frame.style.height = `${doc.documentElement.scrollHeight + 4}px`;
  };
  frame.srcdoc = html;
}

function draw() {
  const box = $("show-box");
  const chart = shown;
  if (!box.open || !chart) return;
  const key = `${state.compiled.text}\u0000${chart.qualified_name}`;
  if (box.dataset.drawn === key) return;
  box.dataset.drawn = key;
  const game = chart.qualified_name.slice(0, chart.qualified_name.indexOf("."));
  const sets = [...new Set((state.layout?.inputs ?? []).map((i) => i.set).filter(Boolean))];
  try {
    frameOf($("show-frame"), state.compiled.rules.sheet([chart.qualified_name, ...sets.map((s) => `${game}.${s}`)]));
  } catch (e) {
    frameOf($("show-frame"), `<p>${String(e.message).replace(/[<&]/g, (c) => (c === "<" ? "&lt;" : "&amp;"))}</p>`);
  }
}

/** Shows `chart` (or nothing) in the box, drawn now if it is open. */
export function sheetOfChart(chart) {
  shown = chart;
  const box = $("show-box");
  box.ontoggle = draw;
  if (!chart) {
    $("show-frame").srcdoc = "";
    delete box.dataset.drawn;
    return;
  }
  draw();
}
