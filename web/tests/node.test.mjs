// The package as a virtual tabletop's module uses it, in Node: every result
// is compared with the `chartwright` binary's JSON for the same request.
//
//   node --test web/tests/        (after bash web/build.sh)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, mkdtempSync, mkdirSync, symlinkSync, writeFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli, cliJson, loadPackage, missing, pkg, root, skipIf } from "./common.mjs";

const why = missing();
const cw = why ? null : await loadPackage();
const read = (path) => readFileSync(join(root, path), "utf8");

test("odds of ogre crt attack=7 defense=3 equal `chartwright odds --json`", (t) => {
  if (skipIf(t, why)) return;
  const ogre = cw.Ruleset.bundled("ogre");
  assert.deepEqual(
    ogre.odds("crt", "attack=7 defense=3"),
    cliJson(["odds", "ogre", "crt", "attack=7", "defense=3"]),
  );
});

test("oddsOf gives the groups `chartwright odds --outcome --json` gives", (t) => {
  if (skipIf(t, why)) return;
  const ogre = cw.Ruleset.bundled("ogre");
  const doc = ogre.oddsOf("crt", "attack=7 defense=3", ['any of "X", "D"', "NE"]);
  assert.deepEqual(
    doc,
    cliJson(["odds", "ogre", "crt", "attack=7", "defense=3", "--outcome", 'any of "X", "D"', "--outcome", "NE"]),
  );
  // NE 1/6, D 1/3, X 1/2: X or D is 5/6.
  assert.equal(doc.groups[0].probability, "5/6");
});

test("a game loaded from text rolls, with its trace, as `chartwright roll --seed`", (t) => {
  if (skipIf(t, why)) return;
  const house = cw.Ruleset.fromText("house", read("docs/house.rules"));
  assert.deepEqual(house.check(), { schema: 2, diagnostics: [] });
  for (const [chart, args, seed] of [
    ["morale", "morale=1 light_losses rallied", 4],
    ["fire", "cover=open", 1],
    ["morale", "+2", 11],
  ]) {
    const words = args.split(" ");
    const expected = cliJson(["roll", "docs/house.rules", chart, ...words, "--seed", `${seed}`]);
    // The document names the game by its file, as the binary does.
    assert.deepEqual(house.roll(chart, args, seed), expected, `${chart} ${args}`);
    // A seed as a BigInt or as text is the same seed.
    assert.deepEqual(house.roll(chart, args, BigInt(seed)), expected);
    assert.deepEqual(house.roll(chart, args, `${seed}`), expected);
    const text = cli(["roll", "docs/house.rules", chart, ...words, "--seed", `${seed}`]);
    assert.equal(house.rollText(chart, args, seed), text);
  }
});

test("odds, list and show of every bundled game equal the binary's", (t) => {
  if (skipIf(t, why)) return;
  let total = 0;
  for (const game of cw.bundledNames()) {
    const rules = cw.Ruleset.bundled(game);
    const list = rules.list();
    assert.deepEqual(list, cliJson(["list", game]), game);
    let compared = 0;
    for (const chart of list.games[0].charts) {
      if (chart.dice === null) continue;
      // A situation: the first option of every choice, each param in the
      // middle of its bounds (a param a grid gives may refuse it: skipped).
      const words = chart.inputs.flatMap((i) => {
        if (i.kind === "choice") return [`${i.name}=${i.options[0].name}`];
        if (i.kind === "param" && i.bounds && i.default === null) {
          return [`${i.name}=${Math.round((i.bounds[0] + i.bounds[1]) / 2)}`];
        }
        return [];
      });
      let odds;
      try {
        odds = rules.odds(chart.name, words.join(" "));
      } catch (e) {
        assert.ok(e instanceof cw.ChartwrightError, `${game}.${chart.name}: ${e}`);
        continue;
      }
      assert.deepEqual(odds, cliJson(["odds", game, chart.name, ...words]), `${game}.${chart.name} ${words.join(" ")}`);
      compared += 1;
    }
    total += compared;
  }
  assert.ok(total >= 20, `only ${total} charts compared`);
  const fe = cw.Ruleset.bundled("first_echelon");
  assert.equal(`${fe.show("bog_down")}`, cli(["show", "first_echelon", "bog_down"]));
});

test("situations with choices and loose modifiers equal the binary's", (t) => {
  if (skipIf(t, why)) return;
  const fe = cw.Ruleset.bundled("first_echelon");
  for (const [chart, args] of [
    ["bog_down", "tracked +2"],
    ["bog_down", "manhandled bog_down_rating=-1 currently_bogged -1"],
    ["fire_combat", "target_discipline=veteran attack=direct df_weapon=4 mounted"],
    ["close_combat", "att.discipline=1 att.close_combat_rating=2 def.discipline=-2 def.close_combat_rating=0 def.built_up"],
  ]) {
    assert.deepEqual(fe.odds(chart, args), cliJson(["odds", "first_echelon", chart, ...args.split(" ")]), `${chart} ${args}`);
  }
  const goa = cw.Ruleset.bundled("guns_of_august");
  const args = "attack=4.5 defense=1.5 entrenchment tanks_stosstruppen_air=2";
  assert.deepEqual(goa.roll("crt", args, 2), cliJson(["roll", "guns_of_august", "crt", ...args.split(" "), "--seed", "2"]));
});

test("a variant's diff equals `chartwright diff --json`", (t) => {
  if (skipIf(t, why)) return;
  const base = cw.Ruleset.bundled("first_echelon");
  const variant = cw.Ruleset.fromText("mud_season", read("docs/variants/mud_season.rules"));
  for (const args of ["tracked", "", "manhandled currently_bogged"]) {
    const words = args ? args.split(" ") : [];
    assert.deepEqual(
      cw.diff(base, variant, "bog_down", args),
      cliJson(["diff", "first_echelon", "docs/variants/mud_season.rules", "bog_down", ...words]),
      args,
    );
  }
  assert.match(cw.diffSvg(base, variant, "bog_down", "tracked"), /^<svg/);
  // Every situation ranked: the page `diff --across --html` writes.
  for (const chart of ["bog_down", "manoeuvre"]) {
    assert.equal(
      cw.diffPage(base, variant, chart),
      cli(["diff", "first_echelon", "docs/variants/mud_season.rules", chart, "--across", "--html", "-"]),
      chart,
    );
  }
});

// A pool whose `once` count over dice with notation is past the engine's
// limit, followed up by a table the house rule changes.
const LIMIT = `game "Limit" version "1"
pool q "Q" {
  roll 3d6
  count hits "hits" on 4+
  per hits roll 1d4ro=1 count converted "converted" on 3+ once
}
table t "T" {
  roll d6
  modifiers {
    m +1 "m"
  }
  rows {
    3 or less => "Hold" then q
    4+ => "No effect"
  }
}
`;

test("a follow-up past an engine limit is named in a diff, as `chartwright diff --json` names it", (t) => {
  if (skipIf(t, why)) return;
  const dir = mkdtempSync(join(tmpdir(), "chartwright-limit-"));
  try {
    const house = LIMIT.replace('m +1 "m"', 'm +2 "m"');
    writeFileSync(join(dir, "base.rules"), LIMIT);
    writeFileSync(join(dir, "house.rules"), house);
    const doc = cw.diff(cw.Ruleset.fromText("base", LIMIT), cw.Ruleset.fromText("house", house), "t", "m");
    assert.deepEqual(doc, cliJson(["diff", join(dir, "base.rules"), join(dir, "house.rules"), "t", "m"]));
    assert.match(doc.follow_ups_named, /`once` count over dice with notation/);
    // Hold on 1-2 with +1, on 1 with +2: 1/3 -> 1/6, Q named.
    assert.deepEqual(doc.outcomes[0], { outcome: "Hold -> roll Q", base: "1/3", variant: "1/6", delta_percent: doc.outcomes[0].delta_percent });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("errors are thrown as ChartwrightError with the diagnostics `check` gives", (t) => {
  if (skipIf(t, why)) return;
  const fe = cw.Ruleset.bundled("first_echelon");
  assert.throws(() => fe.odds("bog_down", "trackd"), (e) => {
    assert.ok(e instanceof cw.ChartwrightError && e instanceof Error);
    assert.equal(e.name, "ChartwrightError");
    assert.equal(e.code, "chartwright::roll::unknown_name");
    const d = e.diagnostics.diagnostics[0];
    assert.equal(d.help, "did you mean `tracked`?");
    assert.deepEqual([d.source, d.labels[0].start, d.labels[0].end], ["arguments", 0, 6]);
    return true;
  });
  assert.throws(() => cw.Ruleset.bundled("ogr"), (e) => e.code === "chartwright::load::not_found");
  assert.throws(() => fe.roll("bog_down", "", -1), (e) => e.code === "chartwright::web::bad_seed");

  // A broken file: `check` finds what `chartwright check` finds, at the same line and column.
  const broken = read("docs/house.rules").replace("8 or more", "9 or more");
  const rules = cw.Ruleset.fromText("house", broken);
  const check = rules.check();
  assert.equal(check.diagnostics.length, 1);
  const d = check.diagnostics[0];
  const dir = mkdtempSync(join(tmpdir(), "chartwright-web-"));
  try {
    writeFileSync(join(dir, "house.rules"), broken);
    const out = cli(["check", join(dir, "house.rules")], { allowFailure: true });
    assert.equal(out.status, 1);
    assert.ok(out.stderr.includes(d.code), out.stderr);
    assert.ok(out.stderr.includes(d.message), out.stderr);
    const label = d.labels[0];
    assert.ok(out.stderr.includes(`house.rules:${label.line}:${label.column}]`), out.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Every other call throws the same diagnostics.
  assert.throws(() => rules.list(), (e) => {
    assert.deepEqual(e.diagnostics, check);
    return true;
  });
});

test("a runaway chart ends in a diagnostic, not a hang", (t) => {
  if (skipIf(t, why)) return;
  // Ten levels of charts, each row of which rolls the next: 8^10 paths.
  let text = 'game "Fan" version "1"\n';
  for (let level = 0; level < 10; level++) {
    const rows = [1, 2, 3, 4, 5, 6, 7, 8]
      .map((r) => (level === 9 ? `    ${r} => "End ${r}"` : `    ${r} => "Row ${r}" then c${level + 1}`))
      .join("\n");
    text += `table c${level} "Level ${level}" {\n  roll d8\n  rows {\n${rows}\n  }\n}\n`;
  }
  const fan = cw.Ruleset.fromText("fan", text);
  const started = Date.now();
  assert.throws(() => fan.odds("c0", ""), (e) =>
    ["chartwright::roll::over_budget", "chartwright::roll::too_large"].includes(e.code));
  assert.ok(Date.now() - started < 20000);
});

test("the embedding guide's Node example runs and prints what the guide shows", (t) => {
  if (skipIf(t, why)) return;
  const guide = read("docs/embedding.md");
  const section = guide.slice(guide.indexOf("### A complete Node example"));
  const code = section.match(/```js\n([\s\S]*?)```/)[1];
  const shown = section.match(/```text\n([\s\S]*?)```/)[1];
  // A project folder where `chartwright` is the package (as `npm install` would leave it).
  const dir = mkdtempSync(join(tmpdir(), "chartwright-host-"));
  try {
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(pkg, join(dir, "node_modules", "chartwright"), "dir");
    writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
    writeFileSync(join(dir, "vtt.js"), code);
    const out = execFileSync(process.execPath, ["vtt.js"], { cwd: dir, encoding: "utf8" });
    assert.equal(out, shown);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
