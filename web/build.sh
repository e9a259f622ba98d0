#!/usr/bin/env bash
# Builds chartwright's web package (web/pkg: ESM JavaScript, the .wasm,
# TypeScript types, package.json) and the static playground (web/dist).
#
#   bash web/build.sh          # from anywhere; see web/README.md
#
# The WebAssembly target: rustup's wasm32-unknown-unknown where it is
# installed (`rustup target add wasm32-unknown-unknown`); otherwise
# Debian's rustc-web, building the standard library from its source:
#
#   apt-get update && apt-get install -y rustc-web rust-web-src lld
#
# wasm-bindgen-cli is installed into target/tools at the exact version of
# the wasm-bindgen crate in Cargo.lock; the playground's tools (esbuild,
# CodeMirror) come from web/package-lock.json (`npm ci`).
#
# Exits 3, saying SKIPPED and the install line, when no wasm toolchain is
# found (the tests say the same).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
say() { echo "web/build.sh: $*"; }

install_line='apt-get update && apt-get install -y rustc-web rust-web-src lld   (or: rustup target add wasm32-unknown-unknown)'

# --- the toolchain -----------------------------------------------------
target=wasm32-unknown-unknown
wasm_env=(CARGO_TARGET_DIR="$root/target/wasm")
build_std=()
if command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  say "rustup's $target standard library"
else
  debian_rustc=""
  if command -v dpkg >/dev/null && dpkg -s rustc-web >/dev/null 2>&1; then
    debian_rustc="$(dpkg -L rustc-web | grep -E '/bin/rustc$' | head -n1 || true)"
  fi
  sysroot="$([ -n "$debian_rustc" ] && "$debian_rustc" --print sysroot 2>/dev/null || true)"
  if [ -z "$debian_rustc" ] || [ ! -d "$sysroot/lib/rustlib/src/rust/library" ] || ! command -v wasm-ld >/dev/null; then
    echo "SKIPPED: no WebAssembly toolchain. Install it with:"
    echo "  $install_line"
    exit 3
  fi
  say "Debian's $("$debian_rustc" --version), building std from its source"
  wasm_env+=(RUSTC="$debian_rustc" RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld)
  build_std=(-Zbuild-std=std,panic_abort)
fi

# --- wasm-bindgen-cli, at the crate's exact version ----------------------
version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[ -n "$version" ] || { say "no wasm-bindgen in Cargo.lock"; exit 1; }
tools="$root/target/tools"
bindgen="$tools/bin/wasm-bindgen"
if ! "$bindgen" --version 2>/dev/null | grep -q " $version\$"; then
  say "installing wasm-bindgen-cli $version into target/tools"
  # --locked where the lock file's versions are all published; otherwise
  # the newest compatible ones.
  nice cargo install wasm-bindgen-cli --version "$version" --locked --root "$tools" --quiet \
    || nice cargo install wasm-bindgen-cli --version "$version" --root "$tools" --quiet
fi

# --- the .wasm ----------------------------------------------------------
say "building chartwright-web for $target"
# Release as the native library, without debug info (wasm-bindgen drops it
# anyway), aborting on panic (no unwinding in the browser), and with fat
# LTO in one codegen unit: a sixth smaller, for
# about two minutes more of building (docs/performance.md, "Web").
env "${wasm_env[@]}" \
  RUSTFLAGS='--cfg getrandom_backend="wasm_js"' \
  CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_PANIC=abort \
  CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
  nice cargo build --release --quiet -p chartwright-web --lib --target "$target" "${build_std[@]}"

# --- web/pkg ------------------------------------------------------------
pkg="$root/web/pkg"
rm -rf "$pkg"
# Without the function names' section (a fifth of the module; panics and
# errors still read as the library's own diagnostics).
"$bindgen" --target web --out-dir "$pkg" --out-name chartwright_web \
  --remove-name-section --remove-producers-section \
  "$root/target/wasm/$target/release/chartwright_web.wasm"
cp web/js/index.js web/js/index.d.ts web/js/error.js web/js/error.d.ts web/js/package.json "$pkg/"
cp web/README.md "$pkg/README.md"
say "web/pkg: $(du -k "$pkg/chartwright_web_bg.wasm" | cut -f1) KiB of WebAssembly"

# --- web/dist -----------------------------------------------------------
cd web
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
node build.mjs
