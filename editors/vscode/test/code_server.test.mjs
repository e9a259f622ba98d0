// The extension in VS Code's own workbench: code-server (the same editor
// and extension host, served to a browser), driven in Debian's headless
// chromium. The .vsix `npm run package` builds is installed into a fresh
// profile, the server is `chartwright lsp`, and the test reads from the
// page what a user sees: a broken file's coded diagnostic in the Problems
// panel, and a chart's exact odds in the hover on its name.
//
// It runs where code-server is installed (scripts/code-server.sh) and
// CHARTWRIGHT_CODE_SERVER names its binary; otherwise it says why it skips.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const extension = join(here, "..");
const root = join(extension, "..", "..");
const codeServer = process.env.CHARTWRIGHT_CODE_SERVER;
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";

/** The `chartwright` binary: $CHARTWRIGHT_BIN, else target/debug's or target/release's, the newer. */
function binary() {
  if (process.env.CHARTWRIGHT_BIN) return process.env.CHARTWRIGHT_BIN;
  const built = ["debug", "release"].map((p) => join(root, "target", p, "chartwright")).filter(existsSync);
  return built.sort((a, b) => mtime(b) - mtime(a))[0];
}
const mtime = (path) => Number(execFileSync("stat", ["-c", "%Y", path], { encoding: "utf8" }));

function missing() {
  if (!codeServer) return "CHARTWRIGHT_CODE_SERVER is not set (bash editors/vscode/scripts/code-server.sh installs code-server)";
  if (!existsSync(codeServer)) return `no code-server at ${codeServer}`;
  if (!existsSync(chromium)) return `no chromium at ${chromium} (apt-get install -y chromium)`;
  if (!binary()) return "no chartwright binary (cargo build -p chartwright-cli)";
  return null;
}

const why = missing();
/** The small game the hover is asked of: 2d6, Steady on 8+ (15/36). */
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
let work;
let server;
let browser;
let page;

/** A port nothing listens on. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

before(async () => {
  if (why) return;
  work = mkdtempSync(join(tmpdir(), "chartwright-code-server-"));
  const [user, extensions, folder] = ["user", "extensions", "folder"].map((d) => join(work, d));
  for (const d of [join(user, "User"), extensions, folder]) mkdirSync(d, { recursive: true });
  // The extension as a user installs it: its .vsix.
  execFileSync("npm", ["run", "--silent", "package"], { cwd: extension, stdio: "ignore" });
  execFileSync(codeServer, ["--install-extension", join(extension, "chartwright.vsix"),
    "--extensions-dir", extensions, "--user-data-dir", user], { stdio: "ignore" });
  writeFileSync(join(user, "User", "settings.json"), JSON.stringify({
    "chartwright.path": binary(),
    "security.workspace.trust.enabled": false,
    "workbench.startupEditor": "none",
  }));
  // First Echelon with one name misspelt in a `use`.
  const game = readFileSync(join(root, "rules", "first_echelon.rules"), "utf8");
  const broken = game.replace("use distance_modifiers", "use distance_modifers");
  assert.notEqual(broken, game);
  writeFileSync(join(folder, "broken.rules"), broken);
  writeFileSync(join(folder, "skirmish.rules"), SKIRMISH);
  const port = await freePort();
  server = spawn(codeServer, ["--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--disable-telemetry",
    "--user-data-dir", user, "--extensions-dir", extensions, folder],
  { stdio: "ignore", env: { ...process.env, XDG_CONFIG_HOME: join(work, "config") } });
  const { default: puppeteer } = await import("puppeteer-core");
  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    userDataDir: join(work, "chromium"),
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=1400,900"],
    defaultViewport: { width: 1400, height: 900 },
  });
  page = await browser.newPage();
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`;
  for (let tries = 0; ; tries++) {
    try {
      await page.goto(url, { waitUntil: "domcontentloaded" });
      break;
    } catch (e) {
      if (tries > 60) throw e;
      await pause(500);
    }
  }
  await page.waitForSelector(".monaco-workbench .explorer-folders-view", { timeout: 120000 });
});

after(async () => {
  await browser?.close();
  server?.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function chord(...keys) {
  for (const k of keys) await page.keyboard.down(k);
  for (const k of keys.reverse()) await page.keyboard.up(k);
}

/** Opens a file of the folder with Quick Open. */
async function open(name) {
  await chord("Control", "KeyP");
  await page.waitForSelector(".quick-input-widget input", { visible: true });
  await page.keyboard.type(name);
  await page.waitForFunction((n) => [...document.querySelectorAll(".quick-input-list .monaco-list-row")]
    .some((r) => r.textContent.includes(n)), { timeout: 30000 }, name);
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => [...document.querySelectorAll(".tab.active")]
    .some((t) => t.textContent.includes(n)), { timeout: 30000 }, name);
}

test("a misspelt name is a coded diagnostic in the Problems panel", { timeout: 300000 }, async (t) => {
  if (why) return t.skip(why);
  await open("broken.rules");
  await chord("Control", "Shift", "KeyM");
  // The server starts with the first chartwright document, then publishes.
  await page.waitForSelector(".markers-panel .monaco-list-row", { timeout: 120000 });
  // The misspelt line, with its squiggle, in view.
  await chord("Control", "KeyG");
  await page.waitForSelector(".quick-input-widget input", { visible: true });
  const line = readFileSync(join(work, "folder", "broken.rules"), "utf8").split("\n").findIndex((l) => l.includes("distance_modifers")) + 1;
  await page.keyboard.type(String(line));
  await page.keyboard.press("Enter");
  await page.waitForSelector(".editor-instance .squiggly-error", { timeout: 30000 });
  const rows = await page.$$eval(".markers-panel .monaco-list-row", (rs) => rs.map((r) => r.innerText.replace(/\s+/g, " ").trim()));
  const problem = rows.find((r) => r.includes("distance_modifers"));
  assert.ok(problem, rows.join("\n"));
  assert.match(problem, /unknown modifier set `distance_modifers`/);
  assert.match(problem, /chartwright::compile::unknown_name/);
  assert.ok(rows.some((r) => r.includes("did you mean `distance_modifiers`?")), rows.join("\n"));
  if (process.env.CHARTWRIGHT_SHOTS) await page.screenshot({ path: join(process.env.CHARTWRIGHT_SHOTS, "vscode-diagnostic.png") });
});

test("the hover on a chart's name shows its exact odds", { timeout: 300000 }, async (t) => {
  if (why) return t.skip(why);
  await open("skirmish.rules");
  const at = async () => page.evaluate(() => {
    const line = [...document.querySelectorAll(".editor-instance .view-line")]
      .find((l) => l.textContent.replace(/\u00a0/g, " ").includes("table morale"));
    if (!line) return null;
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const i = n.textContent.indexOf("morale");
      if (i >= 0 && !n.textContent.includes('"')) {
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 6);
        const b = r.getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      }
    }
    return null;
  });
  await page.waitForFunction(() => document.querySelector(".editor-instance .view-line"), { timeout: 30000 });
  let text = null;
  // The server starts with the first chartwright document: hover until it answers.
  for (let tries = 0; tries < 20 && !text; tries++) {
    const p = await at();
    await page.mouse.move(5, 5);
    await pause(300);
    if (p) await page.mouse.move(p.x, p.y, { steps: 4 });
    try {
      await page.waitForFunction(() => /Steady/.test(document.querySelector(".monaco-hover:not(.hidden) .monaco-hover-content")?.innerText ?? ""),
        { timeout: 5000 });
      text = await page.$eval(".monaco-hover:not(.hidden) .monaco-hover-content", (h) => h.innerText);
    } catch {
      // not yet
    }
  }
  assert.ok(text, "no hover with odds");
  // 2d6: 8 or more in 15 of 36 ways, 5-7 in 15, 4 or less in 6.
  const rows = text.split("\n").map((l) => l.trim().split(/\s+/)).filter((w) => ["Steady", "Shaken", "Rout"].includes(w[0]));
  assert.deepEqual(rows, [["Steady", "5/12", "41.67%"], ["Shaken", "5/12", "41.67%"], ["Rout", "1/6", "16.67%"]]);
  assert.match(text, /table morale/);
  assert.match(text, /rolls 2d6/);
  if (process.env.CHARTWRIGHT_SHOTS) {
    await pause(600); // the hover fades in
    await page.screenshot({ path: join(process.env.CHARTWRIGHT_SHOTS, "vscode-hover.png") });
  }
});
