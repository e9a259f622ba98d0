// The editors' hover and completion in a real browser: Debian's chromium,
// headless, driven by puppeteer-core, on web/dist/index.html from file://.
// The mouse rests on a chart's name and the tooltip shows its exact odds
// (hand-worked fractions); a prefix typed brings up the completion list,
// and a picked chart's `.` its modifiers.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, dist, missing, skipIf } from "./common.mjs";

const why = missing({ browser: true });
const PAGE = pathToFileURL(join(dist, "index.html")).href;
let browser;
let profile;
let page;
const errors = [];
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

const SKIRMISH = `game "Skirmish" version "1"

table morale "Morale Check" {
  roll 2d6
  modifiers {
    rallied +1 "rallied last turn"
  }
  rows {
    8 or more => "Steady"
    5-7 => "Shaken"
    4 or less => "Rout"
  }
}
`;

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
  page = await browser.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(PAGE);
  await page.waitForSelector("body[data-ready]", { timeout: 30000 });
  // The game as a user pastes it.
  await page.select("#open", "");
  await page.$eval("#name", (el) => { el.value = "skirmish"; });
  await page.evaluate(() => {
    const view = window.playground.editor;
    view.focus();
    view.dispatch({ selection: { anchor: 0, head: view.state.doc.length } });
  });
  await page.keyboard.sendCharacter(SKIRMISH);
  await page.waitForSelector("#diagnostics li.ok");
});

after(async () => {
  await browser?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The middle of the `n`th character of the first `word` in an editor (the rules editor unless named), on the screen. */
async function pointAt(word, n, editor = "editor") {
  return page.evaluate((word, n, editor) => {
    const view = window.playground[editor];
    const pos = view.state.doc.toString().indexOf(word) + n;
    view.dispatch({ selection: { anchor: 0 }, scrollIntoView: true });
    const c = view.coordsAtPos(pos);
    return { x: (c.left + c.right) / 2, y: (c.top + c.bottom) / 2 };
  }, word, n, editor);
}

/** Puts `text` in an editor, all of it at once. */
async function setText(editor, text) {
  await page.evaluate((editor, text) => {
    const view = window.playground[editor];
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  }, editor, text);
}

test("hovering a chart's name shows its exact odds; a modifier's, its value and label", async (t) => {
  if (skipIf(t, why)) return;
  const { x, y } = await pointAt("morale", 2);
  await page.mouse.move(x, y);
  await page.waitForSelector(".cm-tooltip-hover .chartwright-hover table", { timeout: 30000 });
  const rows = await page.$$eval(".cm-tooltip-hover .chartwright-hover tbody tr", (trs) =>
    trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  // 2d6: 8 or more in 15 of 36 ways, 5-7 in 4+5+6 = 15, 4 or less in 6.
  assert.deepEqual(rows, [
    ["Steady", "5/12", "41.67%"],
    ["Shaken", "5/12", "41.67%"],
    ["Rout", "1/6", "16.67%"],
  ]);
  const head = await page.$eval(".cm-tooltip-hover .chartwright-hover", (el) => el.textContent);
  assert.match(head, /table morale/);
  assert.match(head, /rolls 2d6/);
  // Away, then onto the modifier.
  await page.mouse.move(5, 5);
  await page.waitForSelector(".cm-tooltip-hover", { hidden: true });
  const m = await pointAt("rallied", 2);
  await page.mouse.move(m.x, m.y);
  await page.waitForSelector('.cm-tooltip-hover .chartwright-hover[data-kind="modifier"]', { timeout: 30000 });
  const text = await page.$eval(".cm-tooltip-hover .chartwright-hover", (el) => el.textContent);
  assert.match(text, /modifier rallied of morale: \+1/);
  assert.match(text, /rallied last turn/);
  assert.deepEqual(errors, []);
});

test("a typed prefix brings up the names; after a chart's `.`, its modifiers", async (t) => {
  if (skipIf(t, why)) return;
  await page.mouse.move(5, 5);
  await page.evaluate(() => {
    const view = window.playground.editor;
    view.focus();
    view.dispatch({ selection: { anchor: view.state.doc.length } });
  });
  await page.keyboard.type("expect mor");
  await page.waitForSelector(".cm-tooltip-autocomplete li", { timeout: 10000 });
  const offered = await page.$$eval(".cm-tooltip-autocomplete li", (lis) => lis.map((li) => li.textContent));
  assert.ok(offered.some((o) => o.startsWith("morale")), offered.join(" | "));
  await pause(200);
  await page.keyboard.press("Enter");
  const line = () => page.evaluate(() => {
    const doc = window.playground.editor.state.doc;
    return doc.line(doc.lines).text;
  });
  assert.equal(await line(), "expect morale");
  await page.keyboard.type(".");
  await page.waitForFunction(() => {
    const li = document.querySelector(".cm-tooltip-autocomplete li");
    return li && li.textContent.startsWith("rallied");
  }, { timeout: 10000 });
  // CodeMirror takes no Enter in the first moment a list is open.
  await pause(200);
  await page.keyboard.press("Enter");
  assert.equal(await line(), "expect morale.rallied");
  assert.deepEqual(errors, []);
});

test("hovering an `expect` line says whether it holds and what the chart gives; a variant's change, the base's line and the diff", async (t) => {
  if (skipIf(t, why)) return;
  await page.mouse.move(5, 5);
  // 2d6 gives Steady (8 or more) 15/36 = 5/12, not 1/2.
  await setText("editor", `${SKIRMISH}expect morale => "Steady" 1/2\n`);
  await page.waitForSelector("#diagnostics li.ok");
  const e = await pointAt('"Steady" 1/2', 10);
  await page.mouse.move(e.x, e.y);
  await page.waitForSelector('.cm-tooltip-hover .hover-line[data-line="expect"]', { timeout: 30000 });
  const expect = await page.$eval(".cm-tooltip-hover .hover-line", (el) => ({ holds: el.dataset.holds, text: el.textContent }));
  assert.equal(expect.holds, "false");
  assert.match(expect.text, /This expectation fails: expected Steady 1\/2, got Steady 5\/12\./);
  assert.match(expect.text, /The chart gives Steady 5\/12 \(41\.67%\)\./);
  await page.mouse.move(5, 5);
  await page.waitForSelector(".cm-tooltip-hover", { hidden: true });
  // A variant of First Echelon: tracked +1 where the base says +2.
  await page.click("#variant-toggle");
  await page.waitForSelector("#variant-editor .cm-content");
  await setText("variantEditor", 'variant "Mud" of first_echelon version "1"\nchange bog_down.tracked +1\n');
  await page.waitForFunction(() => document.querySelector("#variant-status").textContent === "ok", { timeout: 30000 });
  const c = await pointAt("change", 2, "variantEditor");
  await page.mouse.move(c.x, c.y);
  await page.waitForSelector('.cm-tooltip-hover .hover-line[data-line="change"] table', { timeout: 30000 });
  const change = await page.$eval(".cm-tooltip-hover .hover-line", (el) => ({
    text: el.textContent,
    base: el.querySelector("pre").textContent,
    rows: [...el.querySelectorAll("tbody tr")].map((tr) => [...tr.cells].map((td) => td.textContent)),
  }));
  assert.match(change.text, /In the base, modifier tracked:/);
  assert.match(change.base, /^tracked\s+\+2 "Troops or tracked vehicle"$/);
  assert.match(change.text, /The variant's odds of bog_down with tracked:/);
  // `chartwright diff first_echelon mud.rules bog_down tracked`.
  assert.deepEqual(change.rows, [
    ["Traverse", "7/10", "3/5", "-10.00 pp"],
    ["Bogged down OR Displace", "1/5", "1/5", "+0.00 pp"],
    ["Bogged down", "1/10", "1/5", "+10.00 pp"],
  ]);
  await page.click("#variant-toggle");
  assert.deepEqual(errors, []);
});
