// The editors' hover and completion through the package, in Node: a
// chart's hover gives the odds `chartwright odds --json` gives in the
// situation it names (and hand-worked fractions on a small chart), a
// modifier's its value and label, a grid's its table as `chartwright show`
// prints it; completion after `owner.` lists the members the rules text
// declares there, a variant's bundled base's too.
//
//   node --test web/tests/        (after bash web/build.sh)
import { test } from "node:test";
import assert from "node:assert/strict";
import { cli, cliJson, loadPackage, missing, skipIf } from "./common.mjs";

const why = missing();
const cw = why ? null : await loadPackage();

const SMALL = `game "Small" version "1"
table hit "Hit" {
  roll d6
  modifiers { cover -1 "In cover" }
  rows { 2 or less => "Miss" 3-6 => "Hit" }
}
expect hit.co`;

/** The UTF-16 offset of the `n`th `word` in `text` (from 0), plus `into`. */
function at(text, word, into = 0, n = 0) {
  let i = -1;
  for (let k = 0; k <= n; k++) i = text.indexOf(word, i + 1);
  assert.ok(i >= 0, `${word} in the text`);
  return i + into;
}

test("a small chart's hover: d6 rows 2 or less / 3-6 give 1/3 and 2/3; its modifier, -1 and its label", (t) => {
  if (skipIf(t, why)) return;
  // Loaded without the last, unfinished line: the editor's last good text.
  const good = SMALL.slice(0, SMALL.lastIndexOf("\n"));
  const rules = cw.Ruleset.fromText("small", good);
  assert.deepEqual(rules.check().diagnostics, []);
  const h = rules.hover(SMALL, at(SMALL, "hit", 1));
  assert.equal(h.kind, "table");
  assert.equal(h.dice, "d6");
  assert.equal(h.situation, "");
  assert.deepEqual([h.from, h.to], [at(SMALL, "hit"), at(SMALL, "hit") + 3]);
  assert.deepEqual(
    h.odds.outcomes.map((o) => [o.outcome, o.probability]),
    [["Miss", "1/3"], ["Hit", "2/3"]],
  );
  const cover = rules.hover(SMALL, at(SMALL, "cover", 2));
  assert.deepEqual([cover.kind, cover.owner, cover.value, cover.label], ["modifier", "hit", "-1", "In cover"]);
  // No name under the cursor (a keyword, a string): nothing.
  assert.equal(rules.hover(SMALL, at(SMALL, "roll", 1)), null);
  assert.equal(rules.hover(SMALL, at(SMALL, "Miss", 1)), null);
});

test("a bundled chart's hover gives `chartwright odds --json`'s document in the situation it names", (t) => {
  if (skipIf(t, why)) return;
  const text = cw.bundledSource("first_echelon");
  const rules = cw.Ruleset.bundled("first_echelon");
  for (const chart of ["fire_combat", "bog_down"]) {
    const h = rules.hover(text, at(text, `table ${chart} `, 6 + 1));
    assert.equal(h.name, chart);
    const words = h.situation.split(" ").filter((w) => w !== "");
    assert.deepEqual(h.odds, cliJson(["odds", "first_echelon", chart, ...words]), chart);
  }
  // A grid: its table as `chartwright show` prints it.
  const grid = text.match(/^grid (\w+)/m)[1];
  const g = rules.hover(text, at(text, `grid ${grid}`, 5));
  assert.equal(g.kind, "grid");
  assert.equal(g.table.trimEnd(), cli(["show", "first_echelon", grid]).trimEnd());
});

test("completion after `change bog_down.` in a variant lists the base chart's modifiers", (t) => {
  if (skipIf(t, why)) return;
  const text = `variant "House rule" of first_echelon version "1"\nchange bog_down.`;
  const c = cw.complete(text, text.length);
  assert.deepEqual([c.from, c.to], [text.length, text.length]);
  // The modifiers of bog_down as rules/first_echelon.rules declares them.
  assert.deepEqual(
    c.options.map((o) => [o.label, o.kind]),
    [
      ["tracked", "modifier"],
      ["half_tracked", "modifier"],
      ["manhandled", "modifier"],
      ["bog_down_rating", "modifier"],
      ["currently_bogged", "modifier"],
    ],
  );
  assert.equal(c.options[0].detail, "modifier +2 Troops or tracked vehicle");
  // A prefix typed: what it replaces, and the names and keywords offered.
  const typed = `${SMALL.slice(0, SMALL.lastIndexOf("\n"))}\nexpect h`;
  const named = cw.complete(typed, typed.length);
  assert.deepEqual([named.from, named.to], [typed.length - 1, typed.length]);
  const labels = named.options.map((o) => o.label);
  assert.ok(labels.includes("hit") && labels.includes("roll"), labels.join(" "));
  assert.ok(!labels.includes("cover"), "a member only after its owner");
  // After `hit.co` on a line that does not parse yet: the chart's modifier.
  assert.deepEqual(cw.complete(SMALL, SMALL.length).options.map((o) => o.label), ["cover"]);
});
