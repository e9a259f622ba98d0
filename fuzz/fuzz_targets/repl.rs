//! Fuzz target `repl`: see `fuzz/README.md` and `harness::repl_lines`.
#![no_main]

include!("shell.rs");

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::repl_lines(data));
