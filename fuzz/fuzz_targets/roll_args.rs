//! Fuzz target `roll_args`: see `fuzz/README.md` and `chartwright_cli::fuzzing::roll_args`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| chartwright_cli::fuzzing::roll_args(data));
