// The playground in a real browser: Debian's chromium, headless, driven by
// puppeteer-core, on web/dist/index.html opened from file:// (no server).
// It types a broken chart and finds the diagnostic where `chartwright
// check` puts it, fixes it, picks inputs, rolls with a seed (the trace is
// `chartwright roll --seed`'s), reads the odds bars (`chartwright odds
// --json`'s), draws a follow-up's `one of` group as radio buttons (its
// odds and roll the binary's), compares a variant with its base
// (`chartwright diff --json`'s), round-trips a share link, prints the
// sheet, and takes a desktop and a phone-sized screenshot (to a scratch
// folder; table.test.mjs keeps docs/playground-*.png).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, cli, cliJson, dist, missing, root, skipIf } from "./common.mjs";

const why = missing({ browser: true });
const PAGE = pathToFileURL(join(dist, "index.html")).href;
let browser;
let profile;
let page;
/** Every URL the page asked for that is not its own file, data or blob. */
const outside = [];
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
  page = await open(PAGE);
});

after(async () => {
  await browser?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function open(url, viewport = { width: 1280, height: 900 }) {
  const p = await browser.newPage();
  p.on("request", (r) => {
    if (!/^(file|data|blob|about):/.test(r.url())) outside.push(r.url());
  });
  p.on("pageerror", (e) => errors.push(e.message));
  await p.setViewport(viewport);
  await p.goto(url);
  await p.waitForSelector("body[data-ready]", { timeout: 30000 });
  assert.equal(await p.$eval("body", (b) => b.dataset.ready), "true");
  return p;
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** Replaces an editor's text the way a paste does. */
async function replaceText(p, which, text) {
  await p.evaluate((which) => {
    const view = window.playground[which];
    view.focus();
    view.dispatch({ selection: { anchor: 0, head: view.state.doc.length } });
  }, which);
  await p.keyboard.sendCharacter(text);
}

async function pickGame(p, name) {
  await p.select("#open", name);
  await p.waitForFunction((n) => document.querySelector("#name").value === n, {}, name || "my_game");
}

async function pickChart(p, qualified) {
  await p.select("#chart", qualified);
}

/** Sets a form input (by its name) the way a player does. */
async function setInput(p, name, value) {
  const sel = `#inputs [data-input="${name}"]`;
  const type = await p.$eval(sel, (el) => el.type ?? el.tagName);
  if (type === "checkbox" || type === "radio") {
    const checked = await p.$eval(sel, (el) => el.checked);
    if (checked !== value) await p.click(sel);
  } else if (type === "select-one") {
    await p.select(sel, value);
  } else {
    await p.click(sel, { clickCount: 3 });
    await p.keyboard.press("Backspace");
    await p.type(sel, String(value));
  }
}

/** The odds table once it shows `chart` with `args`. */
async function oddsRows(p, chart, args) {
  await p.waitForFunction(
    (c, a) => {
      const t = document.querySelector("#odds-table");
      return t.dataset.chart === c && t.dataset.args === a && t.tBodies[0].rows.length > 0;
    },
    { timeout: 30000 },
    chart,
    args,
  );
  return p.$$eval("#odds-table tbody tr", (rows) =>
    rows.map((r) => ({ outcome: r.dataset.outcome, probability: r.dataset.probability, percent: r.cells[2].textContent })));
}

const BROKEN = `game "Skirmish" version "1"

table morale "Morale Check" {
  roll 2d6
  modifiers {
    rallied +1 "rallied last turn"
  }
  rows {
    8 or more => "Steady"
    5-7 => "Shaken"
    3 or less => "Rout"
  }
}
`;

test("a broken chart's diagnostic is where `chartwright check` puts it; fixed, it rolls", async (t) => {
  if (skipIf(t, why)) return;
  await pickGame(page, "");
  await page.$eval("#name", (el) => { el.value = "skirmish"; });
  await replaceText(page, "editor", BROKEN);
  await page.waitForSelector('#diagnostics li[data-code="chartwright::compile::uncovered_totals"]');
  const shown = await page.$eval("#diagnostics li[data-code]", (li) => ({
    line: Number(li.dataset.line), column: Number(li.dataset.column), text: li.textContent,
  }));
  // The binary on the same text.
  const dir = mkdtempSync(join(tmpdir(), "chartwright-web-"));
  try {
    writeFileSync(join(dir, "skirmish.rules"), BROKEN);
    const out = cli(["check", join(dir, "skirmish.rules")], { allowFailure: true });
    assert.equal(out.status, 1);
    assert.ok(out.stderr.includes(`skirmish.rules:${shown.line}:${shown.column}]`), `${JSON.stringify(shown)}\n${out.stderr}`);
    const message = out.stderr.split("\n").find((l) => l.includes("×")).replace(/^.*×\s*/, "");
    assert.ok(shown.text.includes(message), `${shown.text} / ${message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The editor underlines the span.
  await page.waitForSelector(".cm-lintRange-error");

  // Fix it as a player would: select the `3` and type a `4`.
  await page.evaluate(() => {
    const view = window.playground.editor;
    const at = view.state.doc.toString().indexOf("3 or less");
    view.focus();
    view.dispatch({ selection: { anchor: at, head: at + 1 } });
  });
  await page.keyboard.type("4");
  await page.waitForSelector("#diagnostics li.ok");
  assert.deepEqual(await page.$$eval("#chart option", (os) => os.map((o) => o.value)), ["skirmish.morale"]);
  await setInput(page, "rallied", true);
  assert.equal(await page.$eval("#args", (el) => el.value), "rallied");
  const rows = await oddsRows(page, "skirmish.morale", "rallied");
  assert.deepEqual(rows.map((r) => r.outcome), ["Steady", "Shaken", "Rout"]);
});

test("a share link brings back the text, the chart and the situation", async (t) => {
  if (skipIf(t, why)) return;
  const text = await page.evaluate(() => window.playground.editor.state.doc.toString());
  await page.click("#share");
  await page.waitForSelector("#share-box:not([hidden])");
  const link = await page.$eval("#share-link", (el) => el.value);
  assert.ok(link.startsWith(PAGE + "#"), link);
  assert.ok(!link.includes("Morale"), "the text is compressed, not spelled out");
  const again = await open(link);
  try {
    await again.waitForFunction(() => document.querySelector("#args").value === "rallied");
    assert.equal(await again.evaluate(() => window.playground.editor.state.doc.toString()), text);
    assert.equal(await again.$eval("#name", (el) => el.value), "skirmish");
    assert.equal(await again.$eval("#chart", (el) => el.value), "skirmish.morale");
    assert.equal(await again.$eval('#inputs [data-input="rallied"]', (el) => el.checked), true);
  } finally {
    await again.close();
  }
});

test("exact odds bars equal `chartwright odds --json`", async (t) => {
  if (skipIf(t, why)) return;
  await pickGame(page, "ogre");
  await pickChart(page, "ogre.crt");
  await setInput(page, "attack", 7);
  await setInput(page, "defense", 3);
  const rows = await oddsRows(page, "ogre.crt", "attack=7 defense=3");
  const expected = cliJson(["odds", "ogre", "crt", "attack=7", "defense=3"]);
  assert.deepEqual(rows, expected.outcomes.map((o) => ({
    outcome: o.outcome, probability: o.probability, percent: `${o.percent.toFixed(2)}%`,
  })));
  // The bars are the sheet's picture of the same odds.
  const bars = await page.$eval("#odds-svg svg", (svg) => svg.textContent);
  for (const o of expected.outcomes) assert.ok(bars.includes(o.outcome), bars);
});

test("a seeded roll's trace is `chartwright roll --seed`'s, and the log keeps it", async (t) => {
  if (skipIf(t, why)) return;
  await pickGame(page, "first_echelon");
  await pickChart(page, "first_echelon.fire_combat");
  for (const [name, value] of [["target_discipline", "veteran"], ["attack", "direct"], ["df_weapon", 4], ["mounted", true]]) {
    await setInput(page, name, value);
  }
  const args = await page.$eval("#args", (el) => el.value);
  for (const w of ["target_discipline=veteran", "attack=direct", "df_weapon=4", "mounted"]) {
    assert.ok(args.split(" ").includes(w), args);
  }
  await page.$eval("#seed", (el) => { el.value = ""; });
  await page.type("#seed", "1");
  await page.click("#roll");
  await page.waitForFunction(() => document.querySelector("#trace").dataset.seed === "1");
  const trace = await page.$eval("#trace", (el) => el.textContent);
  assert.equal(trace, cli(["roll", "first_echelon", "fire_combat", ...args.split(" "), "--seed", "1"]));
  const log = await page.$$eval("#log li", (lis) => lis.map((li) => li.textContent));
  assert.ok(log[0].includes("seed 1"), log[0]);
});

test("a follow-up's `one of` group is radio buttons at the chart that reaches it; its odds and roll are the binary's", async (t) => {
  if (skipIf(t, why)) return;
  // Fire Combat follows up Bail Out, whose vehicle states are a `one of` group.
  await pickGame(page, "first_echelon");
  await pickChart(page, "first_echelon.fire_combat");
  const states = ["from_suppressed", "from_disordered", "from_good_order"];
  const radios = await page.$$eval("#inputs input[type=radio]", (rs) =>
    rs.map((r) => ({ input: r.dataset.input, name: r.name, legend: r.closest("fieldset")?.querySelector("legend")?.textContent })));
  const group = radios.filter((r) => states.includes(r.input));
  assert.deepEqual(group.map((r) => r.input), states, JSON.stringify(radios));
  const name = group[0].name;
  assert.ok(name, JSON.stringify(group));
  // The three states and the group's "none" share one name, and nothing else does.
  assert.deepEqual(radios.filter((r) => r.name === name).map((r) => r.input), ["", ...states]);
  assert.ok(group.every((r) => r.legend === name), JSON.stringify(group));

  for (const [input, value] of [["target_discipline", "veteran"], ["attack", "direct"], ["df_weapon", 4], ["mounted", true]]) {
    await setInput(page, input, value);
  }
  // Choosing a second state unchooses the first: the page cannot ask for both.
  await setInput(page, "from_suppressed", true);
  await setInput(page, "from_disordered", true);
  const checked = await page.$$eval(`#inputs input[type=radio][name="${name}"]:checked`, (rs) => rs.map((r) => r.dataset.input));
  assert.deepEqual(checked, ["from_disordered"]);
  const folder = mkdtempSync(join(tmpdir(), "cw-form-"));
  const shot = join(folder, "fire-combat-form.png");
  await (await page.$("#inputs")).screenshot({ path: shot });
  t.diagnostic(`the form: ${shot}`);
  const args = await page.$eval("#args", (el) => el.value);
  const words = args.split(" ");
  assert.ok(words.includes("from_disordered") && !words.includes("from_suppressed"), args);
  for (const w of ["target_discipline=veteran", "attack=direct", "df_weapon=4", "mounted"]) assert.ok(words.includes(w), args);

  const rows = await oddsRows(page, "first_echelon.fire_combat", args);
  const expected = cliJson(["odds", "first_echelon", "fire_combat", ...words]);
  assert.deepEqual(rows, expected.outcomes.map((o) => ({
    outcome: o.outcome, probability: o.probability, percent: `${o.percent.toFixed(2)}%`,
  })));
  await page.$eval("#seed", (el) => { el.value = ""; });
  await page.type("#seed", "7");
  await page.click("#roll");
  await page.waitForFunction(() => document.querySelector("#trace").dataset.seed === "7");
  const trace = await page.$eval("#trace", (el) => el.textContent);
  assert.equal(trace, cli(["roll", "first_echelon", "fire_combat", ...words, "--seed", "7"]));
});

test("a variant beside its base shows `chartwright diff --json`", async (t) => {
  if (skipIf(t, why)) return;
  await pickGame(page, "first_echelon");
  await page.click("#variant-toggle");
  await page.$eval("#variant-name", (el) => { el.value = "mud_season"; });
  await replaceText(page, "variantEditor", readFileSync(join(root, "docs/variants/mud_season.rules"), "utf8"));
  await pickChart(page, "first_echelon.bog_down");
  await setInput(page, "tracked", true);
  const expected = cliJson(["diff", "first_echelon", "docs/variants/mud_season.rules", "bog_down", "tracked"]);
  await page.waitForFunction(
    (n) => document.querySelectorAll("#diff-table tbody tr").length === n &&
      document.querySelector("#diff-status").textContent.includes("mud_season"),
    { timeout: 30000 },
    expected.outcomes.length,
  );
  const rows = await page.$$eval("#diff-table tbody tr", (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.deepEqual(rows, expected.outcomes.map((o) => [
    o.outcome, o.base ?? "—", o.variant ?? "—", `${o.delta_percent >= 0 ? "+" : ""}${o.delta_percent.toFixed(2)} pp`,
  ]));
  await page.waitForSelector("#diff-svg svg");
});

test("a runaway chart ends in a diagnostic and the page keeps answering", async (t) => {
  if (skipIf(t, why)) return;
  // Ten levels of charts, each row of which rolls the next: 8^10 paths.
  let text = 'game "Fan" version "1"\n';
  for (let level = 0; level < 10; level++) {
    const rows = [1, 2, 3, 4, 5, 6, 7, 8]
      .map((r) => (level === 9 ? `    ${r} => "End ${r}"` : `    ${r} => "Row ${r}" then c${level + 1}`))
      .join("\n");
    text += `table c${level} "Level ${level}" {\n  roll d8\n  rows {\n${rows}\n  }\n}\n`;
  }
  const p = await open(PAGE);
  try {
    await pickGame(p, "");
    await p.$eval("#name", (el) => { el.value = "fan"; });
    await replaceText(p, "editor", text);
    await p.waitForSelector("#diagnostics li.ok");
    await pickChart(p, "fan.c0");
    await p.waitForFunction(() => !document.querySelector("#odds-error").hidden, { timeout: 30000 });
    const shown = await p.$eval("#odds-error", (el) => el.textContent);
    assert.match(shown, /chartwright::roll::(over_budget|too_large)/);
    // The page answers meanwhile: a roll of the same chart.
    await p.click("#roll");
    await p.waitForFunction(() => document.querySelector("#trace").textContent.includes("Level 0"));
  } finally {
    await p.close();
  }
});

// The screenshots go to a scratch folder: docs/'s are table.test.mjs's.
const shots = mkdtempSync(join(tmpdir(), "cw-shots-"));

test("screenshots: desktop and a 360-pixel phone", async (t) => {
  if (skipIf(t, why)) return;
  await page.$eval("#share-box", (el) => { el.hidden = true; });
  await pause(300);
  await page.screenshot({ path: join(shots, "playground-desktop.png"), fullPage: true });
  const phone = await open(PAGE, { width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    await pickChart(phone, "ogre.crt");
    // The form opens where a player stands: the CRT's middle column (2-1),
    // not the middle of the strengths' bounds.
    assert.equal(await phone.$eval("#args", (el) => el.value), "attack=2 defense=1");
    await oddsRows(phone, "ogre.crt", await phone.$eval("#args", (el) => el.value));
    // Nothing wider than the phone: no sideways scrolling.
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 360, `the page is ${wide} pixels wide`);
    await phone.evaluate(() => document.querySelector("#right").scrollIntoView());
    await phone.screenshot({ path: join(shots, "playground-phone.png") });
  } finally {
    await phone.close();
  }
  for (const f of ["playground-desktop.png", "playground-phone.png"]) {
    assert.ok(readFileSync(join(shots, f)).length > 20000, `${f} looks blank`);
  }
});

test("the sheet prints from the page; nothing came from the network", async (t) => {
  if (skipIf(t, why)) return;
  await pickGame(page, "ogre");
  // With a variant open, Print prints the variant's sheet: close it.
  if ((await page.$eval("#variant-toggle", (b) => b.getAttribute("aria-pressed"))) === "true") {
    await page.click("#variant-toggle");
  }
  await page.click("#print");
  await page.waitForSelector("#sheet-frame");
  const html = await page.$eval("#sheet-frame", (f) => f.srcdoc);
  assert.ok(html.startsWith("<!DOCTYPE html>") && html.includes("Combat Results Table"), html.slice(0, 200));
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});

// Every box of every chart on a sheet (title, roll line, tables, pictures,
// lists, notes; not a box inside another), as `chart: a / b` for each pair
// that intersects.
function overlapsOnSheet() {
  const kinds = "h2, h3, p, table, figure, ul, ol, dl, pre";
  const found = [];
  for (const chart of document.querySelectorAll("section.chart")) {
    const boxes = [...chart.querySelectorAll(kinds)];
    const outer = boxes.filter((e) => !boxes.some((o) => o !== e && o.contains(e)));
    const rects = outer.map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && r.height > 0);
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const [a, ra] = rects[i];
        const [b, rb] = rects[j];
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 0.5 && h > 0.5) found.push(`${chart.id}: ${a.tagName.toLowerCase()}.${a.className} / ${b.tagName.toLowerCase()}.${b.className}`);
      }
    }
  }
  return found;
}

test("every bundled sheet in Chromium's print media at A4 width: nothing overlaps; First Echelon prints on at most 6 pages", async (t) => {
  if (skipIf(t, why)) return;
  const dir = mkdtempSync(join(tmpdir(), "cw-print-"));
  const p = await browser.newPage();
  try {
    // A4 inside the sheet's 8 mm margins: 194 mm, 733 CSS pixels.
    await p.setViewport({ width: 733, height: 1100 });
    await p.emulateMediaType("print");
    const games = readdirSync(join(root, "rules")).filter((f) => f.endsWith(".rules")).map((f) => f.slice(0, -6));
    assert.ok(games.includes("first_echelon"), games.join(" "));
    for (const game of games) {
      const file = join(dir, `${game}.html`);
      writeFileSync(file, cli(["sheet", game]));
      await p.goto(pathToFileURL(file).href);
      assert.equal(await p.evaluate(() => matchMedia("print").matches), true);
      assert.deepEqual(await p.evaluate(overlapsOnSheet), [], `${game} as printed`);
      if (game === "first_echelon") {
        const pdf = Buffer.from(await p.pdf({ format: "A4" })).toString("latin1");
        const pages = (pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
        assert.ok(pages >= 1 && pages <= 6, `First Echelon prints on ${pages} pages`);
      }
    }
  } finally {
    await p.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
