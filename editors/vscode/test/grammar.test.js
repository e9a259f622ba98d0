// The TextMate grammar as VS Code runs it (vscode-textmate on
// vscode-oniguruma): every bundled game, and the fixtures with column
// shifts and d66, tokenized line by line. The scopes are checked against
// what the text is, read here another way: known tokens at known places,
// every keyword of the grammar outside strings and comments, and no text
// left without a scope.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");
const { build } = require("../scripts/grammar.js");

const root = path.join(__dirname, "..", "..", "..");
const syntaxes = path.join(__dirname, "..", "syntaxes");
const grammarPath = path.join(syntaxes, "chartwright.tmLanguage.json");
const words = JSON.parse(fs.readFileSync(path.join(syntaxes, "keywords.json"), "utf8"));
const KEYWORDS = new Set(words.keywords);

let loaded;
/** The grammar, loaded once. */
async function grammar() {
  if (!loaded) {
    const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new vsctm.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
        createOnigString: (s) => new oniguruma.OnigString(s),
      }),
      loadGrammar: async (scope) =>
        scope === "source.chartwright"
          ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, "utf8"), grammarPath)
          : null,
    });
    loaded = await registry.loadGrammar("source.chartwright");
  }
  return loaded;
}

/** Every token of a text: its line (0-based), column, text and scopes. */
async function tokenize(text) {
  const g = await grammar();
  const tokens = [];
  let state = vsctm.INITIAL;
  text.split("\n").forEach((line, number) => {
    const r = g.tokenizeLine(line, state);
    for (const t of r.tokens) {
      tokens.push({
        line: number,
        column: t.startIndex,
        text: line.slice(t.startIndex, t.endIndex),
        scopes: t.scopes,
      });
    }
    state = r.ruleStack;
  });
  return tokens;
}

/** The innermost scope of the token that holds `text` on the first line containing `lineHas`. */
function scopeOf(tokens, source, lineHas, text) {
  const lines = source.split("\n");
  const line = lines.findIndex((l) => l.includes(lineHas));
  assert.ok(line >= 0, `no line has ${JSON.stringify(lineHas)}`);
  const column = lines[line].indexOf(text, lines[line].indexOf(lineHas));
  assert.ok(column >= 0, `${JSON.stringify(text)} is not on line ${line + 1}`);
  const token = tokens.find((t) => t.line === line && t.column <= column && column < t.column + t.text.length);
  assert.ok(token, `no token at ${line + 1}:${column + 1}`);
  assert.equal(token.text.trim(), text, `the token at ${line + 1}:${column + 1}`);
  return token.scopes[token.scopes.length - 1];
}

function read(relative) {
  return fs.readFileSync(path.join(root, relative), "utf8");
}

const bundled = fs
  .readdirSync(path.join(root, "rules"))
  .filter((f) => f.endsWith(".rules"))
  .map((f) => path.join("rules", f));

test("the committed grammar is the one scripts/grammar.js builds from keywords.json", () => {
  const built = JSON.stringify(build(words), null, 2) + "\n";
  assert.equal(fs.readFileSync(grammarPath, "utf8"), built, "run `npm run grammar`");
});

test("known tokens of Ogre have their scopes", async () => {
  const text = read("rules/ogre.rules");
  const tokens = await tokenize(text);
  const at = (lineHas, token) => scopeOf(tokens, text, lineHas, token);
  assert.equal(at("# Ogre (Steve", "# Ogre (Steve Jackson Games) — Combat Results Table"), "comment.line.number-sign.chartwright");
  assert.equal(at('game "Ogre"', "game"), "storage.type.chartwright");
  assert.equal(at('game "Ogre"', "version"), "keyword.control.chartwright");
  assert.equal(at('game "Ogre"', '"'), "string.quoted.double.chartwright");
  assert.equal(at("table crt", "table"), "storage.type.chartwright");
  assert.equal(at("table crt", "crt"), "entity.name.chartwright");
  assert.equal(at("roll d6", "roll"), "keyword.control.chartwright");
  assert.equal(at("roll d6", "d6"), "constant.other.dice.chartwright");
  assert.equal(at("param attack", "1000"), "constant.numeric.chartwright");
  assert.equal(at("param attack", ".."), "keyword.operator.chartwright");
  assert.equal(at("columns by ratio", "ratio"), "keyword.control.chartwright");
  assert.equal(at("columns by ratio", "attack"), "variable.other.chartwright");
  assert.equal(at('=> "NE" 1/6', "=>"), "keyword.operator.chartwright");
  assert.equal(at('=> "NE" 1/6', "6"), "constant.numeric.chartwright");
  assert.equal(at("expect crt attack=7 =>", "expect"), "storage.type.chartwright");
  assert.equal(at("expect crt attack=7 =>", "error"), "keyword.control.chartwright");
  // Reference text spans lines: its middle is a string too.
  assert.equal(at("NE: No Effect.", "NE: No Effect. D: Disabled (an infantry unit is disabled; an armor unit stays"), "string.quoted.triple.chartwright");
});

test("dice, shifts and chosen values are scoped", async () => {
  const text = [
    "table t \"T\" {",
    "  roll 2d6 + d66 - 4d6kh3 + 2d6r1 + d6!",
    "  modifiers {",
    "    woods 1L \"woods\"",
    "    open 2R \"open\"",
    "    rating ±r in -3..3 \"rating\"",
    "    shift rL in 0..2 \"shift\"",
    "  }",
    "}",
    "table d666 \"Big\" { roll d666 }",
    "expect t x2d6=1 => \"A\"",
  ].join("\n");
  const tokens = await tokenize(text);
  const at = (lineHas, token) => scopeOf(tokens, text, lineHas, token);
  for (const dice of ["2d6", "d66", "4d6kh3", "2d6r1", "d6!"]) {
    assert.equal(at("roll 2d6", dice), "constant.other.dice.chartwright", dice);
  }
  assert.equal(at("woods 1L", "1L"), "constant.numeric.shift.chartwright");
  assert.equal(at("open 2R", "2R"), "constant.numeric.shift.chartwright");
  assert.equal(at("rating ±r", "±r"), "constant.language.parameter.chartwright");
  assert.equal(at("shift rL", "rL"), "constant.language.parameter.chartwright");
  assert.equal(at("rating ±r", "-3"), "constant.numeric.chartwright");
  // A chart named like dice is a name where it is declared, dice where rolled.
  assert.equal(at("table d666", "d666"), "entity.name.chartwright");
  assert.equal(at("{ roll d666", "d666"), "constant.other.dice.chartwright");
  // Dice inside a name are the name.
  assert.equal(at("expect t x2d6", "x2d6"), "variable.other.chartwright");
});

/** The scopes a token may carry when its text is a keyword of the grammar. */
function isKeywordScope(scope) {
  return scope === "keyword.control.chartwright" || scope === "storage.type.chartwright";
}

function inText(scopes) {
  return scopes.some((s) => s.startsWith("string.") || s.startsWith("comment."));
}

for (const file of [...bundled, "tests/charts/shift_table.rules", "tests/charts/notation.rules"]) {
  test(`${file}: every keyword is scoped and no text is left without a scope`, async () => {
    const text = read(file);
    const tokens = await tokenize(text);
    let keywords = 0;
    for (const t of tokens) {
      const where = `${file}:${t.line + 1}:${t.column + 1} ${JSON.stringify(t.text)}`;
      const inner = t.scopes[t.scopes.length - 1];
      // Only white space is left with the file's scope alone.
      if (t.scopes.length === 1) assert.match(t.text, /^\s*$/, `${where} has no scope`);
      if (inText(t.scopes)) continue;
      // A token is one thing: a word token is a whole word.
      if (KEYWORDS.has(t.text)) {
        assert.ok(isKeywordScope(inner), `${where} is a keyword scoped ${inner}`);
        keywords += 1;
      } else {
        assert.ok(!isKeywordScope(inner), `${where} is not a keyword but is scoped ${inner}`);
      }
    }
    assert.ok(keywords > 10, `${file}: only ${keywords} keywords seen`);
  });
}

test("the bundled games have shifts, dice, numbers, strings and comments to check", async () => {
  // Counted over every bundled game, so a scope that stops matching
  // anywhere shows here.
  const counts = {};
  for (const file of bundled) {
    for (const t of await tokenize(read(file))) {
      const inner = t.scopes[t.scopes.length - 1];
      counts[inner] = (counts[inner] || 0) + 1;
    }
  }
  for (const scope of [
    "comment.line.number-sign.chartwright",
    "string.quoted.double.chartwright",
    "string.quoted.triple.chartwright",
    "constant.other.dice.chartwright",
    "constant.numeric.chartwright",
    "constant.language.parameter.chartwright",
    "storage.type.chartwright",
    "keyword.control.chartwright",
    "entity.name.chartwright",
  ]) {
    assert.ok(counts[scope] > 0, `no ${scope} in the bundled games: ${JSON.stringify(counts)}`);
  }
});
