// chartwright syntax highlighting for CodeMirror 6: a StreamLanguage whose
// keywords are the grammar's own (the lists below are written from
// grammar/chartwright.pest, and a test fails when they differ from it), so
// it cannot drift from the parser.
import { StreamLanguage, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags as t } from "@lezer/highlight";

// The grammar's keywords, written from grammar/chartwright.pest by
// scripts/keywords.sh: edit the grammar, not these lines.
const KEYWORDS = new Set([
  "variant", "change", "add", "remove", "row", "becomes", "after", "game",
  "version", "choice", "flag", "param", "in", "default", "grid", "by",
  "modifiers", "one", "of", "section", "subtract", "use", "for", "each", "from",
  "max", "min", "table", "check", "opposed", "pool", "ladder", "notes", "roll",
  "columns", "fields", "score", "rows", "natural", "also", "best", "if",
  "unless", "else", "succeed", "on", "success", "failure", "sides", "rolls",
  "count", "per", "report", "whole", "steps", "start", "at", "any", "most",
  "least", "more", "less", "than", "then", "again", "or", "and", "not", "total",
  "to", "ratio", "below", "beyond", "read", "with", "shifts", "past", "edges",
  "cap", "clamp", "results", "once", "expect", "error", "always", "doubles",
  "die",
]);
// What starts a file or a declaration: shown apart from the other keywords.
const DECLARATIONS = new Set([
  "game", "variant", "choice", "flag", "param", "grid", "modifiers", "table",
  "check", "opposed", "pool", "ladder", "notes", "expect",
]);
// End of the lines written from the grammar.

const chartwright = StreamLanguage.define({
  name: "chartwright",
  startState: () => ({ inText: false }),
  token(stream, state) {
    if (state.inText) {
      if (stream.skipTo('"""')) {
        stream.match('"""');
        state.inText = false;
      } else {
        stream.skipToEnd();
      }
      return "string";
    }
    if (stream.eatSpace()) return null;
    if (stream.match("#")) {
      stream.skipToEnd();
      return "comment";
    }
    if (stream.match('"""')) {
      state.inText = true;
      return "string";
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return "string";
    if (stream.match(/^\d*d\d+(?:k[hl]?\d+)?(?![A-Za-z0-9_])/)) return "atom";
    if (stream.match(/^[+\-±]?\d+(?:\.\d+)?(?:\/\d+)?/)) return "number";
    if (stream.match("=>") || stream.match("..") || stream.match("±")) return "operator";
    const word = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/);
    if (word) {
      const w = word[0];
      if (DECLARATIONS.has(w)) return "keyword";
      if (KEYWORDS.has(w)) return "controlKeyword";
      return "variableName";
    }
    if (stream.match(/^[{}()[\],:|]/)) return "punctuation";
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "#" } },
  tokenTable: { controlKeyword: t.controlKeyword },
});

const style = HighlightStyle.define([
  { tag: t.keyword, color: "#7a2e8e", fontWeight: "bold" },
  { tag: t.controlKeyword, color: "#1d5fa8" },
  { tag: t.string, color: "#2b7a2b" },
  { tag: t.comment, color: "#7b7b7b", fontStyle: "italic" },
  { tag: t.number, color: "#b05a00" },
  { tag: t.atom, color: "#b0003a", fontWeight: "bold" },
  { tag: t.operator, color: "#555" },
  { tag: t.variableName, color: "#1a1a1a" },
]);

export function chartwrightLanguage() {
  return [chartwright, syntaxHighlighting(style)];
}
