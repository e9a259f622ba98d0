//! Fuzz target `command_line`: see `fuzz/README.md` and `chartwright_cli::fuzzing::command_line`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| chartwright_cli::fuzzing::command_line(data));
