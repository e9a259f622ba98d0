#!/usr/bin/env node
// Builds the TextMate grammar, syntaxes/chartwright.tmLanguage.json, from
// the grammar's keywords in syntaxes/keywords.json (which scripts/keywords.sh
// writes from grammar/chartwright.pest), so the extension highlights the
// words the parser reads and no list of them is written by hand here.
//
//   node scripts/grammar.js           writes the grammar
//   node scripts/grammar.js --check   fails if the written grammar is stale
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const syntaxes = path.join(__dirname, "..", "syntaxes");
const grammarFile = path.join(syntaxes, "chartwright.tmLanguage.json");

// A character that may continue a name: a dice, number or shift token
// ends where no such character follows, as the pest grammar's tokens do.
const NAME_CHAR = "[A-Za-z0-9_]";

/** The words as a regular expression: longest first, whole words only. */
function wordsPattern(words) {
  const sorted = [...words].sort((a, b) => b.length - a.length || a.localeCompare(b));
  return `(?<!${NAME_CHAR})(?:${sorted.join("|")})(?!${NAME_CHAR})`;
}

/** The TextMate grammar for these keywords. */
function build({ keywords, declarations }) {
  const declared = new Set(declarations);
  const others = keywords.filter((w) => !declared.has(w));
  return {
    $schema: "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
    name: "chartwright",
    scopeName: "source.chartwright",
    comment: "Built by scripts/grammar.js from syntaxes/keywords.json: edit those, not this file.",
    fileTypes: ["rules"],
    patterns: [
      { include: "#comment" },
      { include: "#text" },
      { include: "#string" },
      { include: "#declared" },
      { include: "#dice" },
      { include: "#shift" },
      { include: "#parameter" },
      { include: "#number" },
      { include: "#declaration" },
      { include: "#keyword" },
      { include: "#name" },
      { include: "#operator" },
      { include: "#punctuation" },
    ],
    repository: {
      comment: {
        name: "comment.line.number-sign.chartwright",
        match: "#.*$",
      },
      text: {
        name: "string.quoted.triple.chartwright",
        begin: '"""',
        end: '"""',
      },
      string: {
        name: "string.quoted.double.chartwright",
        begin: '"',
        end: '"|$',
        patterns: [{ name: "constant.character.escape.chartwright", match: "\\\\." }],
      },
      declared: {
        comment: "a declaration's word and the name it declares (`table d666` declares a name, not dice); `expect` names a chart declared elsewhere, and `cap modifiers at` declares nothing",
        match: `(${wordsPattern(declarations.filter((w) => w !== "expect"))})\\s+(?!${wordsPattern(keywords)})([A-Za-z_]${NAME_CHAR}*)`,
        captures: {
          1: { name: "storage.type.chartwright" },
          2: { name: "entity.name.chartwright" },
        },
      },
      dice: {
        comment: "2d6, d66, 4d6kh3, 2d6r1, d6!, )d6 of (EXPR)d6",
        name: "constant.other.dice.chartwright",
        match:
          `(?<!${NAME_CHAR})(?:\\d+(?:\\.\\d+)?)?d\\d+` +
          `(?:(?:kh|kl|k|dh|dl)\\d+|ro?(?:<=|>=|<|>|=)?\\d+|!!?\\d*(?:(?:<=|>=|<|>|=)?\\d+)?)*` +
          `(?!${NAME_CHAR})`,
      },
      shift: {
        comment: "1L, 2R: a column shift",
        name: "constant.numeric.shift.chartwright",
        match: `(?<!${NAME_CHAR})\\d+[LR](?!${NAME_CHAR})`,
      },
      parameter: {
        comment: "±r, +-r, +r, -r, rL, rR: a modifier whose value is chosen",
        name: "constant.language.parameter.chartwright",
        match: `(?:±r|\\+-r|\\+r|-r|(?<!${NAME_CHAR})r[LR])(?!${NAME_CHAR})`,
      },
      number: {
        comment: "6, +2, -1, 0.5, and each side of 1/6, 3-5 and 2-1",
        name: "constant.numeric.chartwright",
        match: `(?<!${NAME_CHAR})[+-]?\\d+(?:\\.\\d+)?(?!${NAME_CHAR})`,
      },
      declaration: {
        comment: "the words a file or a declaration starts with",
        name: "storage.type.chartwright",
        match: wordsPattern(declarations),
      },
      keyword: {
        name: "keyword.control.chartwright",
        match: wordsPattern(others),
      },
      name: {
        name: "variable.other.chartwright",
        match: `[A-Za-z_]${NAME_CHAR}*`,
      },
      operator: {
        name: "keyword.operator.chartwright",
        match: "=>|\\.\\.|<=|>=|!=|±|[-+*/<>=]",
      },
      punctuation: {
        patterns: [
          { name: "punctuation.section.braces.chartwright", match: "[{}]" },
          { name: "punctuation.section.brackets.chartwright", match: "[\\[\\]]" },
          { name: "punctuation.section.parens.chartwright", match: "[()]" },
          { name: "punctuation.separator.chartwright", match: "[,:.|]" },
        ],
      },
    },
  };
}

function main() {
  const words = JSON.parse(fs.readFileSync(path.join(syntaxes, "keywords.json"), "utf8"));
  const text = JSON.stringify(build(words), null, 2) + "\n";
  if (process.argv.includes("--check")) {
    const found = fs.existsSync(grammarFile) ? fs.readFileSync(grammarFile, "utf8") : "";
    if (found !== text) {
      console.error(`${grammarFile} is stale: run \`npm run grammar\` and commit it`);
      process.exit(1);
    }
    return;
  }
  fs.writeFileSync(grammarFile, text);
}

module.exports = { build };
if (require.main === module) main();
