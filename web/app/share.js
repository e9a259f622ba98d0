// Sharing and printing: a link to the page that carries the rules (deflated
// into the URL's fragment, so no server keeps them), the variant, the
// chart, the arguments and the seed; opening such a link; and the
// printable sheet, printed from a hidden frame.
import { bundledSource } from "../pkg/chartwright_web.js";
import { forceLinting } from "@codemirror/lint";
import { $, state } from "./state.js";
import { chartChanged, setArgs } from "./form.js";
import { lintRules, openText, setVariant } from "./rules.js";

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
  const text = state.editor.state.doc.toString();
  params.set("g", name);
  if (bundledSource(name) !== text) params.set("t", await squeeze(text));
  if (state.variant.open) {
    params.set("vn", $("variant-name").value.trim());
    params.set("v", await squeeze(state.variantEditor.state.doc.toString()));
  }
  if ($("chart").value) params.set("c", $("chart").value);
  if ($("args").value) params.set("a", $("args").value);
  if ($("seed").value) params.set("s", $("seed").value);
  const url = new URL(location.href);
  url.hash = params.toString();
  return url.href;
}

/** Puts the share link in the address bar, the link box and the clipboard. */
export async function share() {
  const link = await shareLink();
  history.replaceState(null, "", link);
  $("share-link").value = link;
  $("share-box").hidden = false;
  $("share-link").select();
  navigator.clipboard?.writeText(link).catch(() => {});
}

/** Opens what the page's fragment holds; false when it holds no rules. */
export async function openFromLink() {
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
  forceLinting(state.editor);
  lintRules(state.editor);
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

/** Prints the rules' sheet (every chart) from a hidden frame. */
export function printSheet() {
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
