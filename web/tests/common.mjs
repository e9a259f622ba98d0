// What the web tests share: where things are, whether the package is built
// (without it every test says SKIPPED with the install line), and the
// `chartwright` binary whose JSON the package's results must equal.
import { existsSync, statSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";

export const web = dirname(dirname(fileURLToPath(import.meta.url)));
export const root = dirname(web);
export const pkg = join(web, "pkg");
export const dist = join(web, "dist");

export const INSTALL =
  "apt-get update && apt-get install -y rustc-web rust-web-src lld (or rustup target add wasm32-unknown-unknown), then bash web/build.sh";

/** Why the tests cannot run here, or null. */
export function missing({ browser = false } = {}) {
  if (!existsSync(join(pkg, "chartwright_web_bg.wasm"))) {
    return `web/pkg is not built (no WebAssembly toolchain?): ${INSTALL}`;
  }
  if (browser && !existsSync(join(dist, "index.html"))) return `web/dist is not built: ${INSTALL}`;
  if (browser && !existsSync(chromium())) return "no chromium: apt-get install -y chromium";
  return null;
}

/** Says SKIPPED (to the test runner and on standard output) when `why` is set. */
export function skipIf(t, why) {
  if (!why) return false;
  console.log(`SKIPPED: ${why}`);
  t.skip(`SKIPPED: ${why}`);
  return true;
}

export function chromium() {
  return process.env.CHROMIUM ?? "/usr/bin/chromium";
}

/** The package, initialised (Node reads the .wasm beside index.js). */
export async function loadPackage() {
  const cw = await import(pathToFileURL(join(pkg, "index.js")).href);
  await cw.init();
  return cw;
}

/**
 * The `chartwright` binary: $CHARTWRIGHT_BIN, else target/release's or
 * target/debug's, the newer (CI's README tests built the latter), else target/release's
 * built now. Its output does not depend on the profile.
 */
export function cliPath() {
  if (process.env.CHARTWRIGHT_BIN) return process.env.CHARTWRIGHT_BIN;
  const built = ["release", "debug"]
    .map((profile) => join(root, "target", profile, "chartwright"))
    .filter((exe) => existsSync(exe))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (built.length) return built[0];
  execFileSync("cargo", ["build", "--release", "--quiet", "-p", "chartwright-cli"], {
    cwd: root,
    stdio: "inherit",
  });
  return join(root, "target", "release", "chartwright");
}

/** Runs the binary from the repository's root; its standard output (and status). */
export function cli(args, { allowFailure = false } = {}) {
  try {
    return execFileSync(cliPath(), args, {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", COLUMNS: "1000" },
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (e) {
    if (allowFailure) return { status: e.status, stdout: e.stdout, stderr: e.stderr };
    throw e;
  }
}

/** `chartwright ... --json`, parsed. */
export function cliJson(args) {
  return JSON.parse(cli([...args, "--json"]));
}
