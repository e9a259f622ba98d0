//! Fuzz target `lsp_edits`: see `fuzz/README.md` and `chartwright_cli::fuzzing::lsp_edits`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| chartwright_cli::fuzzing::lsp_edits(data));
