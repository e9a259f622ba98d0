//! The present stage: what a person reads.
//!
//! `render` writes a compiled chart back as text (`show`), `trace_lines`
//! a roll's trace as lines, and `sheet` (the `sheet` feature) printable
//! HTML sheets and SVG odds pictures.

pub(crate) mod render;
#[cfg(feature = "sheet")]
pub mod sheet;
pub(crate) mod trace_lines;
