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

/// Merges `variant`'s changes onto `base` (a game, not itself a variant),
/// as loading a variant does, without the checks the compiler then runs:
/// the merged AST, or every error the merge found. For tools and tests that
/// read the AST (a reference interpreter reading a variant); not covered by
/// semver.
///
/// ```
/// use chartwright::{merge_variant, parser, SourceId};
/// let base = parser::parse(SourceId::new(0), "game \"G\" version \"1\"\nflag a \"A\"\n").unwrap();
/// let doc = parser::parse_document(SourceId::new(1), "variant \"V\" of \"g.rules\" version \"1\"\nflag b \"B\"\n").unwrap();
/// let chartwright::ast::Document::Variant(v) = doc else { panic!() };
/// let merged = merge_variant(&base, &v).unwrap();
/// assert_eq!(merged.items.len(), 2);
/// ```
#[cfg(feature = "internals")]
pub fn merge_variant(
    base: &crate::syntax::ast::File,
    variant: &crate::syntax::ast::VariantFile,
) -> Result<crate::syntax::ast::File, Vec<VariantError>> {
    let mut errors = Vec::new();
    let merged = merge::apply(base.clone(), variant, &mut errors);
    if errors.is_empty() {
        Ok(merged.file)
    } else {
        Err(errors)
    }
}
