//! Fuzz target `format`: see `fuzz/README.md` and `chartwright_cli::fuzzing::format`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| chartwright_cli::fuzzing::format(data));
