// The playground at the table, in headless Chromium (puppeteer-core, as
// browser.test.mjs): on a 360 × 740 phone with touch and on a 1280 × 800
// desktop. Fire Combat's form shows the inputs that set the situation
// first, folds away the modifiers of the other kinds of attack, and keeps
// Roll within the first screen; no visible control is under 44 CSS pixels
// on the phone; a variant prints its own sheet (its title, its base named)
// and ranks where it matters; broken rules grey out the panels with the
// diagnostic beside them, and Roll and Print say why they cannot run; an
// error's help opens the language reference in the page; a trace does not
// survive a switch to another chart or game; the chart is shown as the
// sheet draws it. It keeps the screenshots in docs/ with UPDATE_DOCS=1.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, cliJson, dist, missing, root, skipIf } from "./common.mjs";

const why = missing({ browser: true });
const PAGE = pathToFileURL(join(dist, "index.html")).href;
const PHONE = { width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 800 };
const shots = process.env.UPDATE_DOCS ? join(root, "docs") : mkdtempSync(join(tmpdir(), "cw-shots-"));
let browser;
let profile;
const errors = [];

before(async () => {
  if (why) return;
  const { default: puppeteer } = await import("puppeteer-core");
  profile = mkdtempSync(join(tmpdir(), "chartwright-chromium-"));
  browser = await puppeteer.launch({
    executablePath: chromium(),
    headless: true,
    userDataDir: profile,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function open(viewport) {
  const p = await browser.newPage();
  p.on("pageerror", (e) => errors.push(e.message));
  await p.setViewport(viewport);
  await p.goto(PAGE);
  await p.waitForSelector("body[data-ready]", { timeout: 30000 });
  assert.equal(await p.$eval("body", (b) => b.dataset.ready), "true");
  return p;
}

async function pickGame(p, name) {
  await p.select("#open", name);
  await p.waitForFunction((n) => document.querySelector("#name").value === n, {}, name || "my_game");
}

/** Replaces an editor's text the way a paste does. */
async function replaceText(p, which, text) {
  await p.evaluate((which) => {
    const view = window.playground[which];
    view.focus();
    view.dispatch({ selection: { anchor: 0, head: view.state.doc.length } });
  }, which);
  await p.keyboard.sendCharacter(text);
}

/** Shows the phone's Rules or Play tab (no tabs on a desktop). */
async function tab(p, which) {
  if (await p.$eval("#tabs", (t) => getComputedStyle(t).display !== "none")) {
    await p.click(`#tabs [data-tab="${which}"]`);
  }
}

/** The inputs of the form in the order a player meets them, with their section. */
function formOrder(p) {
  return p.$$eval("#inputs .input[data-name]", (lines) => lines.map((l) => ({
    name: l.dataset.name,
    section: l.closest("fieldset.section")?.className.replace("section ", ""),
    visible: l.getClientRects().length > 0,
  })));
}

/** Every visible control narrower or shorter than 44 CSS pixels (a checkbox or radio button measured by its label). */
function smallControls(p) {
  return p.evaluate(() => {
    const small = [];
    const controls = document.querySelectorAll("button, select, input, summary, a[href], textarea");
    for (const el of controls) {
      if (el.closest(".cm-editor")) continue;
      const target = el.type === "checkbox" || el.type === "radio" ? el.closest("label") ?? el : el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (getComputedStyle(target).visibility === "hidden") continue;
      if (r.width < 43.5 || r.height < 43.5) {
        small.push(`${el.tagName.toLowerCase()}#${el.id || el.dataset.input || el.textContent.trim().slice(0, 20)} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
      }
    }
    return small;
  });
}

/** Roll's box within the viewport, as the page stands. */
function rollOnScreen(p) {
  return p.evaluate(() => {
    const r = document.querySelector("#roll").getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: innerHeight, inside: r.top >= 0 && r.bottom <= innerHeight };
  });
}

for (const [device, viewport] of [["phone", PHONE], ["desktop", DESKTOP]]) {
  test(`Fire Combat on a ${device}: the situation first, the other attacks' modifiers folded, Roll in the first screen`, async (t) => {
    if (skipIf(t, why)) return;
    const p = await open(viewport);
    try {
      await pickGame(p, "first_echelon");
      await p.select("#chart", "first_echelon.fire_combat");
      const order = await formOrder(p);
      // The column (target discipline) and the type of attack come first,
      // in the situation's section; every modifier after them.
      assert.deepEqual(order.slice(0, 2).map((i) => i.name), ["target_discipline", "attack"], JSON.stringify(order.slice(0, 4)));
      assert.ok(order.slice(0, 2).every((i) => i.section === "situation"), JSON.stringify(order.slice(0, 2)));
      // The rest of the situation are choices and conditions (mounted,
      // firer is an ATGM), never a modifier that adds to the roll.
      const kinds = await p.evaluate(() => Object.fromEntries(window.playground.layout.inputs.map((i) => [i.name, i])));
      const situation = order.filter((i) => i.section === "situation").map((i) => kinds[i.name]);
      assert.ok(situation.every((i) => i.kind === "choice" || (i.kind === "flag" && i.value === null)), JSON.stringify(situation));
      assert.ok(situation.some((i) => i.name === "mounted"));
      assert.equal(order.findIndex((i) => i.section !== "situation"), situation.length, "the situation is one block, first");
      // Bail Out's inputs in a section of their own.
      assert.equal(order.find((i) => i.name === "from_good_order").section, "follow-up");
      await p.select('#inputs [data-input="target_discipline"]', "veteran");
      await p.select('#inputs [data-input="attack"]', "indirect");
      const after = await formOrder(p);
      const shown = new Set(after.filter((i) => i.visible).map((i) => i.name));
      assert.ok(shown.has("if_weapon") && shown.has("if_cover"), [...shown].join(" "));
      for (const other of ["df_weapon", "df_cover", "ag_weapon", "ch_nbc3"]) assert.ok(!shown.has(other), other);
      // Folded behind a count, in the situation's words.
      const folded = after.filter((i) => i.name.match(/^(df|ag|ch)_/)).length;
      const summary = await p.$eval("#folded summary", (s) => s.textContent);
      assert.equal(summary, `${folded} more that do not apply with Type of attack: Indirect fire`);
      // No hint in rules syntax: no input's name, no `name in [...]`.
      const hints = await p.$$eval("#inputs .hint, #inputs legend", (hs) => hs.map((h) => h.textContent).join(" | "));
      assert.ok(!/[a-z]+_[a-z]+|\bin \[|\.\./.test(hints), hints);
      // After choosing the situation, Roll is within the first screen.
      await p.evaluate(() => document.querySelector("#inputs").scrollIntoView());
      const roll = await rollOnScreen(p);
      assert.ok(roll.inside, JSON.stringify(roll));
      await p.evaluate(() => scrollTo(0, 0));
      assert.ok((await rollOnScreen(p)).inside, "at the top of the page");
      await p.$eval('#inputs [data-input="if_weapon"]', (el) => { el.value = ""; });
      await p.type('#inputs [data-input="if_weapon"]', "3");
      await p.waitForFunction(() => document.querySelector("#args").value.includes("if_weapon=3"));
      const args = await p.$eval("#args", (el) => el.value);
      assert.ok(!args.includes("df_"), args);
      await p.$eval("#seed", (el) => { el.value = "5"; });
      await p.click("#roll");
      await p.waitForFunction(() => document.querySelector("#roll-result").textContent.includes("→"));
      assert.ok((await rollOnScreen(p)).inside, "after rolling");
      if (device === "phone") {
        assert.deepEqual(await smallControls(p), [], "the Play tab");
        await tab(p, "rules");
        assert.deepEqual(await smallControls(p), [], "the Rules tab");
        await tab(p, "play");
      }
      await p.evaluate(() => scrollTo(0, 0));
      await p.screenshot({ path: join(shots, `playground-${device}.png`) });
      // The chart as the sheet draws it: the library's sheet of Fire
      // Combat with the modifier sets it uses, not the terminal's text.
      await p.click("#show-box summary");
      await p.waitForFunction(() => document.querySelector("#show-frame").contentDocument?.querySelector("section.chart"), { timeout: 30000 });
      const drawn = await p.$eval("#show-frame", (f) => [...f.contentDocument.querySelectorAll("section.chart")].map((c) => c.id));
      assert.deepEqual(drawn, [
        "first_echelon.fire_combat", "first_echelon.direct_fire_modifiers", "first_echelon.indirect_fire_modifiers",
        "first_echelon.air_to_ground_modifiers", "first_echelon.chemical_attack_modifiers",
      ]);
      if (device === "phone") {
        await p.evaluate(() => document.querySelector("#show-box").scrollIntoView());
        await p.screenshot({ path: join(shots, "playground-phone-sheet.png") });
      }
    } finally {
      await p.close();
    }
    assert.ok(readFileSync(join(shots, `playground-${device}.png`)).length > 20000, "the screenshot looks blank");
  });
}

test("a trace and an error belong to their chart: switching chart or game clears them", async (t) => {
  if (skipIf(t, why)) return;
  const p = await open(DESKTOP);
  try {
    await pickGame(p, "first_echelon");
    await p.select("#chart", "first_echelon.fire_combat");
    await p.$eval("#seed", (el) => { el.value = "1"; });
    await p.click("#roll");
    await p.waitForFunction(() => document.querySelector("#trace").dataset.seed === "1");
    assert.ok((await p.$eval("#trace", (el) => el.textContent)).includes("Fire Combat"));
    await p.select("#chart", "first_echelon.bog_down");
    await p.waitForFunction(() => document.querySelector("#odds-table").dataset.chart === "first_echelon.bog_down", { timeout: 30000 });
    assert.equal(await p.$eval("#trace", (el) => el.textContent), "");
    assert.equal(await p.$eval("#roll-result", (el) => el.textContent), "");
    await p.click("#roll");
    await p.waitForFunction(() => document.querySelector("#trace").textContent.includes("Bog Down"));
    await pickGame(p, "ogre");
    await p.waitForFunction(() => document.querySelector("#trace").textContent === "");
  } finally {
    await p.close();
  }
});

test("broken rules grey out the panels with the first diagnostic; Roll and Print say why; the help opens the language reference", async (t) => {
  if (skipIf(t, why)) return;
  const p = await open(DESKTOP);
  try {
    await pickGame(p, "first_echelon");
    await p.select("#chart", "first_echelon.bog_down");
    await p.waitForFunction(() => document.querySelector("#odds-table").dataset.chart === "first_echelon.bog_down", { timeout: 30000 });
    assert.equal(await p.$eval("#right", (el) => el.classList.contains("stale")), false);
    // A stray word at the end of the file: a syntax error whose help points to the reference.
    await p.evaluate(() => {
      const view = window.playground.editor;
      view.dispatch({ changes: { from: view.state.doc.length, insert: "\ntable oops {\n" } });
    });
    await p.waitForSelector("#right.stale");
    const first = await p.evaluate(() => window.playground.compiled.check.diagnostics[0]);
    const note = await p.$eval("#stale-note", (el) => (el.hidden ? "" : el.textContent));
    assert.ok(note.includes("Out of date") && note.includes(first.message), note);
    for (const panel of ["#inputs", "#odds-box", "#trace"]) {
      const opacity = await p.$eval(panel, (el) => Number(getComputedStyle(el).opacity));
      assert.ok(opacity < 0.6, `${panel} at opacity ${opacity}`);
    }
    await p.click("#roll");
    const rollNote = await p.$eval("#roll-note", (el) => (el.hidden ? "" : el.textContent));
    assert.ok(rollNote.startsWith("Cannot roll") && rollNote.includes(first.message), rollNote);
    await p.click("#print");
    const printNote = await p.$eval("#notice", (el) => (el.hidden ? "" : el.textContent));
    assert.ok(printNote.startsWith("Cannot print") && printNote.includes(first.message), printNote);
    assert.equal(await p.$("#sheet-frame"), null);
    await p.screenshot({ path: join(shots, "playground-stale.png") });
    // The help's pointer to docs/language.md opens the reference here, searchable.
    assert.match(first.help, /docs\/language\.md/);
    await p.click("#diagnostics .doc-link");
    await p.waitForSelector("#docs[open]");
    await p.type("#docs-search", "then again with");
    const found = await p.$$eval("#docs-body section:not([hidden])", (ss) => ss.map((s) => s.querySelector("h2, h3")?.textContent));
    assert.ok(found.includes("Outcomes"), found.join(" / "));
    assert.ok(!found.includes("Limits"), found.join(" / "));
    await p.click("#docs-close");
    // Fixed, the panels are live again.
    await p.evaluate(() => {
      const view = window.playground.editor;
      const text = view.state.doc.toString();
      view.dispatch({ changes: { from: text.lastIndexOf("\ntable oops {\n"), to: text.length } });
    });
    await p.waitForSelector("#right:not(.stale)");
    assert.equal(await p.$eval("#stale-note", (el) => el.hidden), true);
  } finally {
    await p.close();
  }
});

test("a variant prints its own sheet, ranks where it matters; the starter variant changes something; a file:// link says where it opens", async (t) => {
  if (skipIf(t, why)) return;
  const p = await open(DESKTOP);
  try {
    await pickGame(p, "first_echelon");
    await p.select("#chart", "first_echelon.bog_down");
    // The starter variant compiles and changes a chart of the game.
    await p.click("#variant-toggle");
    await p.waitForFunction(() => document.querySelector("#variant-status").textContent === "ok");
    const starter = await p.evaluate(() => window.playground.variantEditor.state.doc.toString());
    assert.match(starter, /^(change|add) \S+/m, starter);
    const changed = starter.match(/^(?:change|add) ([a-z_]+)\./m)[1];
    // Mud season, the tutorial's variant.
    await p.$eval("#variant-name", (el) => { el.value = "mud_season"; });
    await replaceText(p, "variantEditor", readFileSync(join(root, "docs/variants/mud_season.rules"), "utf8"));
    await p.waitForFunction(() => document.querySelector("#diff-status").textContent.includes("mud_season"), { timeout: 30000 });
    // Where the rule matters most: the diff --across page, in the class's words.
    await p.waitForFunction(() => {
      const f = document.querySelector("#ranking-frame");
      return f.dataset.chart === "first_echelon.bog_down" && f.contentDocument?.title.startsWith("Mud season against") &&
        f.contentDocument.querySelector("tr[data-rank]");
    }, { timeout: 60000 });
    const ranked = await p.$eval("#ranking-frame", (f) => [...f.contentDocument.querySelectorAll("tr[data-rank]")].map((tr) => tr.textContent));
    // Tracked in deep mud first: +1 not +2, -2 for the mud, and 7 to get
    // through, the net +2 -> -1 taking Traverse from 7/10 to 3/10.
    assert.ok(ranked.length >= 2, ranked.join("\n"));
    assert.ok(ranked[0].includes("Troops or tracked vehicle; deep mud") && ranked[0].includes("7/10") && ranked[0].includes("3/10"), ranked[0]);
    await p.evaluate(() => document.querySelector("#diff-box").scrollIntoView());
    await p.screenshot({ path: join(shots, "playground-variant.png") });
    // Full width, the page's table fits.
    await p.click("#ranking-wide");
    await p.waitForFunction(() => document.querySelector("#ranking-wide-frame").contentDocument?.querySelector("tr[data-rank]"));
    const fits = await p.$eval("#ranking-wide-frame", (f) => {
      const doc = f.contentDocument.documentElement;
      return doc.scrollWidth <= doc.clientWidth + 1;
    });
    assert.ok(fits, "the ranking page is wider than its frame at full width");
    await p.screenshot({ path: join(shots, "playground-ranking.png") });
    await p.click("#ranking-close");
    await p.click("#print");
    await p.waitForSelector("#sheet-frame");
    const html = await p.$eval("#sheet-frame", (f) => f.srcdoc);
    assert.match(html, /<h1>Mud season<\/h1>/);
    assert.ok(html.includes("A variant of Battlefront: First Echelon (version 1.3)"), html.slice(0, 2000));
    assert.ok(html.includes('class="house-rule'), "the house-rule lines are marked");
    assert.ok(html.includes("Changed by the variant Mud season"), "named by its title");
    // The starter's change, checked on its own.
    await replaceText(p, "variantEditor", starter);
    await p.waitForFunction(() => document.querySelector("#variant-status").textContent === "ok");
    const chartOfChange = await p.evaluate((name) => {
      const list = window.playground.compiled.list.games[0].charts;
      return list.find((c) => c.name === name)?.qualified_name ?? null;
    }, changed);
    // (A change to a modifier set is seen on the charts that use it.)
    if (chartOfChange && (await p.$$eval("#chart option", (os, c) => os.some((o) => o.value === c), chartOfChange))) {
      await p.select("#chart", chartOfChange);
      await p.waitForFunction((c) => {
        const f = document.querySelector("#ranking-frame");
        return f.dataset.chart === c && f.contentDocument?.title.startsWith("House rule against") &&
          f.contentDocument.querySelector("tr[data-rank]");
      }, { timeout: 60000 }, chartOfChange);
      const notes = await p.$eval("#ranking-frame", (f) => f.contentDocument.body.textContent);
      assert.ok(!notes.includes("No change in any situation"), notes.slice(0, 400));
    }
    // A broken variant: its diff greyed with why, and no sheet printed.
    await replaceText(p, "variantEditor", `${starter}\nchange nowhere.at_all +1\n`);
    await p.waitForSelector("#diff-box.stale");
    assert.match(await p.$eval("#diff-error", (el) => el.textContent), /^Out of date: the variant has 1 error \(first: variant line \d+/);
    await p.evaluate(() => document.querySelector("#sheet-frame")?.remove());
    await p.click("#print");
    assert.match(await p.$eval("#notice", (el) => el.textContent), /^Cannot print the variant's sheet: it has 1 error/);
    assert.equal(await p.$("#sheet-frame"), null);
    // Made from a file, the link says it opens only here.
    await p.click("#share");
    await p.waitForSelector("#share-note:not([hidden])");
    assert.match(await p.$eval("#share-note", (el) => el.textContent), /only on this machine/);
  } finally {
    await p.close();
  }
  assert.deepEqual(errors, []);
});

test("every bundled game's starter variant compiles and changes a chart (`chartwright diff` says which)", async (t) => {
  if (skipIf(t, why)) return;
  const p = await open(DESKTOP);
  const dir = mkdtempSync(join(tmpdir(), "cw-starter-"));
  try {
    const games = (await p.$$eval("#open option", (os) => os.map((o) => o.value))).filter(Boolean);
    assert.ok(games.length >= 6, games.join(" "));
    for (const game of games) {
      // A fresh starter: the variant closed and emptied, then opened on the game.
      await p.evaluate(() => {
        const view = window.playground.variantEditor;
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: "" } });
      });
      if ((await p.$eval("#variant-toggle", (b) => b.getAttribute("aria-pressed"))) === "true") await p.click("#variant-toggle");
      await pickGame(p, game);
      await p.click("#variant-toggle");
      await p.waitForFunction(() => document.querySelector("#variant-status").textContent === "ok", { timeout: 30000 });
      const starter = await p.evaluate(() => window.playground.variantEditor.state.doc.toString());
      assert.match(starter, new RegExp(`^variant "House rule" of ${game} `), starter);
      const file = join(dir, "house_rule.rules");
      writeFileSync(file, starter);
      const changed = cliJson(["diff", game, file]).charts.filter((c) => c.change === "changed");
      assert.ok(changed.length > 0, `${game}: the starter changes nothing\n${starter}`);
    }
  } finally {
    await p.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
