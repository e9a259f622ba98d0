//! House-rule variants: a file that names a base game and changes it,
//! merged into its base's AST before the compiler sees it.
//!
//! ```text
//! variant file ──parse──► VariantFile ─┐
//! base (bundled or path) ──► File ─────┴─► merge (AST level) ──► File ──► compiler
//! ```
//!
//! `merge` applies the changes to the base's AST, and the result compiles
//! with every usual check; `error` says what a variant got wrong. Finding
//! the chain of bases on disk is the ruleset's (`ruleset::chain`), and
//! measuring a variant's effect is `compare`'s.

pub(crate) mod error;
pub(crate) mod merge;

pub use error::{VariantError, VariantErrorKind};
pub use merge::Mark;
