// The language reference inside the playground: docs/language.md, bundled
// into app.js at build time (build.mjs), drawn from its Markdown by a small
// reader (headings, paragraphs, lists, tables, code blocks, inline code,
// emphasis and links as text), in a dialog with a search box that keeps
// the sections holding the phrase typed. A diagnostic's help that points to
// docs/language.md opens it here, for a browser user has no such file.
/* global LANGUAGE_MD */
import { $ } from "./state.js";

const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** Inline Markdown: `code`, **strong**, *emphasis*, [links](as text). */
function inline(text) {
  return escape(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, "$1");
}

/** A heading's anchor, as GitHub makes it. */
const slug = (text) => text.toLowerCase().replace(/[^a-z0-9 -]/g, "").trim().replace(/ /g, "-");

/** The reference as sections: each `##` heading with what follows it, as HTML. */
function sections(markdown) {
  const out = [];
  let current = { title: "", id: "top", html: [] };
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith("```")) {
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      current.html.push(`<pre>${escape(code.join("\n"))}</pre>`);
      continue;
    }
    const heading = /^(#{1,4}) (.*)$/.exec(line);
    if (heading) {
      if (heading[1].length <= 2) {
        out.push(current);
        current = { title: heading[2], id: slug(heading[2]), html: [] };
      }
      const level = Math.min(heading[1].length + 1, 5);
      current.html.push(`<h${level} id="doc-${slug(heading[2])}">${inline(heading[2])}</h${level}>`);
      continue;
    }
    if (/^\|/.test(line)) {
      const rows = [];
      for (; i < lines.length && /^\|/.test(lines[i]); i++) {
        if (/^\|[\s:|-]+\|$/.test(lines[i])) continue;
        rows.push(lines[i].replace(/^\||\|$/g, "").split("|").map((c) => `<td>${inline(c.trim())}</td>`).join(""));
      }
      i--;
      current.html.push(`<table>${rows.map((r) => `<tr>${r}</tr>`).join("")}</table>`);
      continue;
    }
    if (/^\s*([-*]|\d+\.) /.test(line)) {
      const items = [];
      for (; i < lines.length && /^\s*([-*]|\d+\.) |^\s{2,}\S/.test(lines[i]); i++) {
        if (/^\s*([-*]|\d+\.) /.test(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.) /, ""));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
      }
      i--;
      current.html.push(`<ul>${items.map((t) => `<li>${inline(t)}</li>`).join("")}</ul>`);
      continue;
    }
    if (line.trim() === "") continue;
    const para = [line];
    while (i + 1 < lines.length && lines[i + 1].trim() !== "" && !/^(#|```|\||\s*([-*]|\d+\.) )/.test(lines[i + 1])) para.push(lines[++i]);
    current.html.push(`<p>${inline(para.join(" "))}</p>`);
  }
  out.push(current);
  return out.filter((s) => s.html.length);
}

let built = null;

function build() {
  if (built) return built;
  built = sections(LANGUAGE_MD).map((s) => {
    const el = document.createElement("section");
    el.dataset.id = s.id;
    el.innerHTML = s.html.join("\n");
    el.dataset.text = el.textContent.toLowerCase();
    return el;
  });
  $("docs-body").replaceChildren(...built);
  const search = $("docs-search");
  search.oninput = () => filter(search.value);
  return built;
}

/** Keeps the sections that hold `query` (as a phrase, any case); says how many. */
function filter(query) {
  const phrase = query.toLowerCase().trim().replace(/\s+/g, " ");
  const words = phrase ? [phrase] : [];
  let kept = 0;
  for (const el of build()) {
    const hit = words.every((w) => el.dataset.text.replace(/\s+/g, " ").includes(w));
    el.hidden = !hit;
    if (hit) kept++;
  }
  $("docs-count").textContent = words.length ? `${kept} section${kept === 1 ? "" : "s"}` : "";
}

/** Opens the language reference, searching for `query` if given. */
export function openDocs(query = "") {
  build();
  $("docs-search").value = query;
  filter(query);
  const dialog = $("docs");
  if (!dialog.open) dialog.showModal();
  $("docs-body").scrollTop = 0;
}

/** `help` as text, with "docs/language.md" a button that opens the reference here. */
export function helpNode(help) {
  const el = document.createElement("div");
  el.className = "help";
  const parts = help.split("docs/language.md");
  el.append("help: ");
  parts.forEach((part, i) => {
    el.append(part);
    if (i < parts.length - 1) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "doc-link";
      b.textContent = "the language reference";
      b.onclick = (e) => {
        e.stopPropagation();
        openDocs();
      };
      el.append(b);
    }
  });
  return el;
}
