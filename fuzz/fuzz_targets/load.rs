//! Fuzz target `load`: see `fuzz/README.md` and `chartwright_cli::fuzzing::load`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| chartwright_cli::fuzzing::load(data));
