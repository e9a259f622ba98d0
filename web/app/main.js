// The chartwright playground: an editor with live diagnostics, a chart's
// inputs as a form, rolls with their trace, exact odds (computed in a
// worker), a variant beside its base, share links and the printable sheet.
// Everything runs in the page from files: the WebAssembly module and the
// worker are bundled into app.js (build.mjs), so it works from file:// or
// any static host, offline.
//
// This file loads the WebAssembly module and wires the page's controls to
// the modules that own each concern (on a phone, a Rules and a Play tab
// show the editors or the chart):
//   state.js          what the modules share (window.playground)
//   worker_client.js  the odds-and-diff worker, restarted when stuck
//   editor.js         CodeMirror views and the diagnostics list
//   rules.js          opening and compiling the rules and the variant
//   form.js           the chart list and the chosen chart's form for the table
//   roll.js           a seeded roll, its trace and the log
//   odds.js           exact odds and the variant's diff, from the worker
//   share.js          share links and the printable sheet
//   sheet_view.js     the chart as on the sheet, in a frame
//   docs.js           the language reference, read inside the page
import init, { Ruleset, bundledNames, bundledSource, version } from "../pkg/chartwright_web.js";
import wasmGz from "chartwright-wasm-gz";
import { $, state } from "./state.js";
import { startWorker } from "./worker_client.js";
import { makeEditor } from "./editor.js";
import { lintRules, lintVariant, openPicked, openText, rulesName, setVariant, variantName } from "./rules.js";
import { chartChanged } from "./form.js";
import { roll } from "./roll.js";
import { scheduleOdds } from "./odds.js";
import { openFromLink, printSheet, share } from "./share.js";
import { openDocs } from "./docs.js";

async function start() {
  const unzipped = new Blob([wasmGz]).stream().pipeThrough(new DecompressionStream("gzip"));
  const module = await WebAssembly.compile(await new Response(unzipped).arrayBuffer());
  await init({ module_or_path: module });
  startWorker(module);

  state.editor = makeEditor($("editor"), lintRules, rulesName);
  state.variantEditor = makeEditor($("variant-editor"), lintVariant, variantName);
  // For the browser tests and the benchmark (web/bench.mjs).
  state.chartwright = { Ruleset, bundledNames };
  const open = $("open");
  open.replaceChildren(
    // Each game by its title (its `game "..."` line), for a player.
    ...bundledNames().map((n) => new Option(/^game\s+"([^"]+)"/m.exec(bundledSource(n))?.[1] ?? n, n)),
    new Option("(empty file)", ""),
  );
  open.onchange = () => openPicked(open.value);
  $("name").onchange = () => lintRules(state.editor);
  $("variant-name").onchange = () => lintVariant(state.variantEditor);
  $("chart").onchange = () => chartChanged(true);
  $("args").oninput = scheduleOdds;
  $("roll").onclick = roll;
  $("print").onclick = printSheet;
  $("variant-toggle").onclick = () => setVariant(!state.variant.open);
  $("share").onclick = share;
  $("docs-open").onclick = () => openDocs();
  $("docs-close").onclick = () => $("docs").close();
  // The ranking page is as wide as a printed page: read it full width.
  $("ranking-wide").onclick = () => {
    $("ranking-wide-frame").srcdoc = $("ranking-frame").srcdoc;
    $("ranking-dialog").showModal();
  };
  $("ranking-close").onclick = () => $("ranking-dialog").close();
  for (const tab of $("tabs").querySelectorAll("button")) {
    tab.onclick = () => {
      document.body.dataset.tab = tab.dataset.tab;
      for (const t of $("tabs").querySelectorAll("button")) t.setAttribute("aria-pressed", String(t === tab));
      // The editors measure themselves when shown again.
      state.editor.requestMeasure();
      state.variantEditor.requestMeasure();
    };
  }

  if (!(await openFromLink())) {
    open.value = "ogre";
    openText("ogre", bundledSource("ogre"));
    lintRules(state.editor);
  }
  $("status").textContent = `${version()} · everything runs in this page, nothing is sent anywhere`;
  document.body.dataset.ready = "true";
}

start().catch((e) => {
  $("status").textContent = `could not start: ${e.message ?? e}`;
  document.body.dataset.ready = "error";
  throw e;
});
