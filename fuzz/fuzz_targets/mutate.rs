//! Fuzz target `mutate`: see `fuzz/README.md` and `harness::mutate`.
#![no_main]

include!("shell.rs");

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::mutate(data));
