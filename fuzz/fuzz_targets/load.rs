//! Fuzz target `load`: see `fuzz/README.md` and `harness::load`.
#![no_main]

include!("shell.rs");

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::load(data));
