//! The CLI's integration tests, one crate: the binary end to end (exit
//! codes, output, JSON, sheets in headless Chromium, the REPL on a pipe and
//! a terminal, resource limits) and the fuzz harness over its corpus.

mod common;

mod cli;
mod cli_surfaces;
mod edges;
mod fmt;
mod fuzz_corpus;
mod grammar_words;
mod groups;
mod json_doc;
mod ladders;
mod limits;
mod lsp;
mod lsp_base;
mod lsp_fixes;
mod lsp_format;
mod neovim;
mod repl_pty;
mod repl_script;
mod report;
mod sheet;
mod sheet_layout;
mod sheet_words;
mod variants;
