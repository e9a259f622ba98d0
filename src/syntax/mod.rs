//! The syntax stage: `.rules` text → the owned, spanned AST.
//!
//! `span` places every node in its source, `parser` reads the text (pest
//! and the fast path made from the same grammar), `ast` is what it builds,
//! `error` is a [`ParseError`](error::ParseError), `outline` lists
//! what a source declares, for editors, and `format` lays a source out
//! in its canonical layout.

#[cfg(feature = "internals")]
pub mod ast;
#[cfg(not(feature = "internals"))]
pub(crate) mod ast;
pub(crate) mod error;
pub(crate) mod format;
pub(crate) mod outline;
#[cfg(feature = "internals")]
pub mod parser;
#[cfg(not(feature = "internals"))]
pub(crate) mod parser;
pub(crate) mod span;
