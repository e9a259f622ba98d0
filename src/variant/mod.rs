//! House-rule variants: a file that names a base game and changes it.
//!
//! ```text
//! variant file ──parse──► VariantFile ─┐
//! base (bundled or path) ──► File ─────┴─► merge (AST level) ──► File ──► compiler
//! ```
//!
//! `load` follows the chain of bases, `merge` applies the changes to
//! the base's AST, and the result compiles with every usual check. The
//! effect of a variant is measured by [`diff`]: per outcome, the base's and
//! the variant's exact probabilities, over one situation or across all of a
//! chart's situations ([`across`]).

pub mod across;
pub mod diff;
mod error;
pub(crate) mod load;
pub(crate) mod merge;

pub use error::{VariantError, VariantErrorKind};
pub use merge::Mark;
