//! Fuzz target `repl`: see `fuzz/README.md` and `chartwright_cli::fuzzing::repl_lines`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| chartwright_cli::fuzzing::repl_lines(data));
