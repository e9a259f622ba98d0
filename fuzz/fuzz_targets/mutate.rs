//! Fuzz target `mutate`: see `fuzz/README.md` and `chartwright_cli::fuzzing::mutate`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| chartwright_cli::fuzzing::mutate(data));
