//! Fuzz target `roll_args`: see `fuzz/README.md` and `harness::roll_args`.
#![no_main]

include!("shell.rs");

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::roll_args(data));
