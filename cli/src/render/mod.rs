//! Rendering: what the command line and the REPL print, as text, tables,
//! JSON and HTML pages, from the library's answers. Nothing here prints,
//! reads the terminal's input or runs a command; every command renders
//! through these modules, which import no command.
//!
//! - `text`: widths, padding, wrapping, colour and bars, shared by all.
//! - `diagnostic`: errors rendered with their sources (miette).
//! - `trace`: a roll's trace.
//! - `table`: odds tables and tables by columns (sweeps).
//! - `listing`: `list`.
//! - `show`: `show`, with a variant's changes marked.
//! - `diff`: `diff`'s text (one chart, `--across`, the overview).
//! - `json`: the `--json` document built here (the overview).
//! - `page`: `diff --html`'s pages.

pub mod diagnostic;
pub mod diff;
pub mod json;
pub mod listing;
pub mod page;
pub mod show;
pub mod table;
pub mod text;
pub mod trace;
