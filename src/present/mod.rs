//! The present stage: what a person reads.
//!
//! `render` writes a compiled chart back as text (`show`), laid out by
//! `layout` (aligned columns, split to a width), `trace_lines`
//! a roll's trace as lines, `json` the documents the front ends print
//! with `--json`, and `sheet` (the `sheet` feature) printable HTML sheets
//! and SVG odds pictures. `editor` answers an editor's
//! hover and completion at a cursor (the language server's, the
//! playground's).

pub mod editor;
pub mod json;
pub(crate) mod layout;
pub(crate) mod render;
#[cfg(feature = "sheet")]
pub mod sheet;
pub(crate) mod trace_lines;
