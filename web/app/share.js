// Sharing and printing: a link to the page that carries the rules (deflated
// into the URL's fragment, so no server keeps them), the variant, the
// chart, the arguments and the seed (saying so when, made from a file, it
// opens only on this machine); opening such a link; and the printable
// sheet (the open variant's when there is one), printed from a hidden
// frame, or why it cannot be.
import { bundledSource } from "../pkg/chartwright_web.js";
import { forceLinting } from "@codemirror/lint";
import { $, state } from "./state.js";
import { chartChanged, setArgs } from "./form.js";
import { firstProblem, lintRules, openText, setVariant } from "./rules.js";
import { whyNot } from "./roll.js";

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
  // A page opened from a file: the link names this machine's file, which
  // no one else has.
  const local = location.protocol === "file:";
  $("share-note").hidden = !local;
  $("share-note").textContent = local
    ? "This link opens only on this machine: the playground is open from a file here. Put web/dist on a web host to share links that open anywhere."
    : "";
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

/** Shows `text` under the header (Print's refusals), until the next action. */
function notice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

/** Prints the sheet from a hidden frame: the open variant's (its title, its base named, its house-rule lines marked), else the rules'. */
export function printSheet() {
  notice("");
  const why = whyNot("print the sheet");
  if (why) return notice(why);
  let rules = state.compiled.rules;
  if (state.variant.open) {
    const v = state.variant.compiled;
    if (!v.rules || v.check.diagnostics.length) {
      const p = firstProblem();
      return notice(`Cannot print the variant's sheet: it has ${p?.count ?? "some"} error${p?.count === 1 ? "" : "s"} (first: ${p?.text ?? "see the list under the editors"}). Fix it, or close the variant to print the base game.`);
    }
    rules = v.rules;
  }
  let html;
  try {
    html = rules.sheet(undefined);
  } catch (e) {
    return notice(`Cannot print the sheet: ${e.message}`);
  }
  document.getElementById("sheet-frame")?.remove();
  const frame = document.createElement("iframe");
  frame.id = "sheet-frame";
  frame.title = "printable sheet";
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0";
  frame.srcdoc = html;
  frame.onload = () => frame.contentWindow.print();
  document.body.append(frame);
}
