//! The check stage: the AST → the evaluation tree, every rule checked and
//! every name resolved.
//!
//! `compiler` checks and lowers a file, `tree` is what it builds (and
//! `condition` a tree's condition as a host sees it), `suggest` finds the
//! "did you mean" of a misspelt name, and `error` is a
//! [`CompileError`](error::CompileError).

pub(crate) mod compiler;
pub(crate) mod condition;
pub(crate) mod error;
pub(crate) mod notation;
pub mod suggest;
pub(crate) mod tree;
