// The web figures of docs/performance.md (a benchmark, not a test):
//  - checking First Echelon on a keystroke in the playground, in Chromium;
//  - one-shot exact odds of every bundled chart that rolls, in Chromium's
//    WebAssembly against the native library (web/examples/odds_native.rs);
//  - the playground's first load, compressed (web/dist/sizes.json).
//
//   bash web/build.sh && node web/bench.mjs
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import puppeteer from "puppeteer-core";
import { chromium, dist, root } from "./tests/common.mjs";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

const native = JSON.parse(execFileSync("cargo", ["run", "--release", "--quiet", "-p", "chartwright-web", "--example", "odds_native"], { cwd: root, encoding: "utf8" }));

const profile = mkdtempSync(join(tmpdir(), "chartwright-bench-"));
const browser = await puppeteer.launch({
  executablePath: chromium(), headless: true, userDataDir: profile,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  await page.goto(pathToFileURL(join(dist, "index.html")).href);
  await page.waitForSelector("body[data-ready]");
  await page.select("#open", "first_echelon");
  await page.waitForFunction(() => document.querySelector("#name").value === "first_echelon");
  const lines = await page.evaluate(() => window.playground.editor.state.doc.lines);

  // Keystrokes at the end of the file: each is checked (the lint's own
  // timing: compile and check of the whole text) before the next.
  await page.evaluate(() => {
    const v = window.playground.editor;
    v.focus();
    v.dispatch({ selection: { anchor: v.state.doc.length } });
    window.playground.checkTimes.length = 0;
  });
  for (let i = 0; i < 40; i++) {
    const before = await page.evaluate(() => window.playground.checkTimes.length);
    await page.keyboard.type(i % 10 === 9 ? "\n" : "#");
    await page.waitForFunction((n) => window.playground.checkTimes.length > n, {}, before);
  }
  const checks = await page.evaluate(() => window.playground.checkTimes.slice());

  // One-shot odds in the page: alternating two spellings of the same
  // arguments, so the package's one-situation cache never answers.
  const web = await page.evaluate(() => {
    const { Ruleset, bundledNames } = window.playground.chartwright;
    const out = {};
    for (const game of bundledNames()) {
      const rules = Ruleset.bundled(game);
      for (const chart of rules.list().games[0].charts.filter((c) => c.dice !== null)) {
        let args;
        try {
          args = rules.exampleArgs(chart.name);
          rules.odds(chart.name, args);
        } catch {
          continue;
        }
        // Batches of 100 (the page's clock ticks in 0.1 ms); the fastest of
        // 15 (the machine is shared: the least disturbed batch).
        const times = [];
        for (let batch = 0; batch < 15; batch++) {
          const started = performance.now();
          for (let i = 0; i < 100; i++) rules.odds(chart.name, i % 2 ? args : `${args} `);
          times.push(((performance.now() - started) * 1000) / 100);
        }
        times.sort((a, b) => a - b);
        out[chart.qualified_name] = times[0];
      }
      rules.free();
    }
    return out;
  });

  console.log(`checking first_echelon (${lines} lines) on a keystroke, Chromium: median ${median(checks).toFixed(2)} ms, p90 ${p90(checks).toFixed(2)} ms (${checks.length} keystrokes)`);
  console.log("\none-shot exact odds and their JSON, microseconds a call (the fastest of 15 batches of 100):");
  console.log("chart".padEnd(52), "native".padStart(9), "wasm".padStart(9), "ratio".padStart(7));
  let nativeSum = 0;
  let webSum = 0;
  let worst = 0;
  for (const [chart, n] of Object.entries(native)) {
    const w = web[chart];
    if (w === undefined) continue;
    nativeSum += n;
    webSum += w;
    worst = Math.max(worst, w / n);
    console.log(chart.padEnd(52), n.toFixed(1).padStart(9), w.toFixed(1).padStart(9), (w / n).toFixed(2).padStart(7));
  }
  console.log(`all ${Object.keys(web).length} charts: native ${(nativeSum / 1000).toFixed(2)} ms, wasm ${(webSum / 1000).toFixed(2)} ms, ratio ${(webSum / nativeSum).toFixed(2)}; worst chart ${worst.toFixed(2)}`);
  const sizes = JSON.parse(readFileSync(join(dist, "sizes.json"), "utf8"));
  console.log(`\nfirst load: ${(sizes.first_load_bytes / 1024).toFixed(0)} KiB, ${(sizes.first_load_gzip_bytes / 1024).toFixed(0)} KiB gzipped; the .wasm ${(sizes.wasm_bytes / 1024).toFixed(0)} KiB, ${(sizes.wasm_gzip_bytes / 1024).toFixed(0)} KiB gzipped`);
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
