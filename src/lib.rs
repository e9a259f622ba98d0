//! chartwright: a language and interpreter for the charts of tabletop
//! wargames.
//!
//! # Map
//!
//! `src/` has one folder per stage, lowest first; a stage imports only the
//! stages before it (and the shared modules), and no two files import each
//! other, directly or not (`tests/layout.rs` checks both).
//!
//! ```text
//! grammar/chartwright.pest
//!     │ syntax/    span, parser/ (pest; only the parser sees pest pairs), error,
//!     │            outline, format (the canonical layout, from the concrete tree)
//!     ▼
//! ast (owned, spanned) ──► check/ compiler (checks, resolves names) ──► tree
//!                                                                      │
//!              engine/ choices ──► bind (settle choices once) ◄────────┘
//!                                   │
//!                       read (natural dice → outcome)
//!                         ┌─────────┴─────────┐
//!                      sample               odds
//!                   (Roll trace)      (exact fractions)
//!
//! variant/  merge a house rule into its base's AST (before check)
//! ruleset/  load sources, bases and bundled games; the Ruleset, ChartRef
//!           and BoundChart handles
//! compare/  a base paired with its variant (Pairing); situation classes
//!           from the compiled trees; a chart's odds in a base and a variant
//!           (OddsDiff), across every class (across); public as
//!           `chartwright::compare`
//! present/  show text (render), trace lines, sheet (HTML, SVG)
//! expect    `expect` lines checked through the public Ruleset API
//! ```
//!
//! Shared by every stage: `number` holds the exact numbers every stage
//! computes with (`Num`, a fraction of two `i64`s; the public face is
//! [`Number`]), `limits`
//! the bounds on every stage's work ([`Limits`]), and `clip` makes a
//! diagnostic safe to render ([`Clipped`]). In the engine, `column` picks a
//! `columns by` table's column at bind time (thresholds, odds,
//! differentials, shifts, off-scale rules) and `ladder` moves a ladder's
//! start by the net modifier and caps it, at bind time too. What no
//! choice changes is made once when a ruleset loads and shared by every
//! binding: `prebound` (a chart's name, its rows' outcomes and their
//! texts) and `odds::Ready` (the distribution of dice no choice changes).
//!
//! A variant file (`variant "Mud season" of first_echelon version "1"`) is
//! merged into its base's AST by `variant` before the compiler sees it, so
//! every check runs on the result; [`OddsDiff`] pairs a chart's odds in a
//! base and a variant.
//!
//! A host program uses [`Ruleset`] (load, compile) → [`Ruleset::chart`] →
//! [`ChartRef::roll`] / [`ChartRef::odds`]. Errors are concrete types that
//! implement [`miette::Diagnostic`]; rendering them is the application's job.
//! Those names are at the root; the parts of a [`Roll`] are in [`trace`],
//! the comparison of a base and a variant in [`compare`]. Editors and tools
//! read a text without loading it through [`outline`] (what it declares)
//! and [`format()`] (the text in its canonical layout); [`editor`] answers
//! hover and completion at a cursor.
//!
//! ```
//! use chartwright::{Choices, Ruleset, Scripted};
//! let rules = Ruleset::from_file("first_echelon").unwrap(); // a bundled game
//! let bog_down = rules.chart("bog_down").unwrap();
//! let choices = Choices::parse("tracked bog_down_rating=-1").unwrap();
//! let roll = bog_down.roll(&choices, &mut Scripted::new([5])).unwrap();
//! assert_eq!(roll.total, Some(6));
//! assert_eq!(roll.outcome.to_string(), "Traverse");
//! ```

#![forbid(unsafe_code)]

// Stages, lowest first; a stage imports only the stages before it (and the
// shared modules), which `tests/layout.rs` checks. `compare` is public: its
// `mod.rs` is the face of the comparisons.
mod check;
pub mod compare;
mod engine;
mod present;
mod ruleset;
mod syntax;
mod variant;
// Shared by every stage: the exact numbers, the bounds, a diagnostic made
// safe to render.
mod clip;
mod limits;
mod number;
// Above every stage: expectations checked through the public API.

// The AST and the parser are internal; the `internals` feature opens them
// for tools that want the syntax tree (benchmarks of the parser alone). They
// are not covered by semver.
#[cfg(feature = "internals")]
pub use syntax::{ast, parser};
#[cfg(feature = "internals")]
pub use variant::merge_variant;

pub use check::suggest;
pub use present::editor;
pub use present::json;
#[cfg(feature = "sheet")]
pub use present::sheet;
pub use ruleset::bundled;
// The grammar's words, for the fuzz harness and the files written from
// them (`scripts/keywords.sh`); not covered by semver.
#[doc(hidden)]
pub use syntax::parser::keywords;

/// What a roll did, step by step: the [`Roll`] a chart gives
/// and its parts (the dice, each modifier applied, the ladders moved, the
/// outcome's fields), and the [`TraceLine`](trace::TraceLine)s it prints as.
pub mod trace {
    pub use crate::engine::trace::{
        AppliedModifier, DiceRoll, DiceRolls, DieRoll, Faces, LadderTrace, NaturalRule, Notated,
        OutcomeField, OutcomeText, Roll, Shared, SideRoll,
    };
    pub use crate::present::trace_lines::TraceLine;
}

// The facade: what a host loads, rolls, computes and reads, by name at the
// root; the parts of a trace and of a comparison in their modules.
pub use check::condition::Condition;
pub use check::error::{CompileError, CompileErrorKind};
pub use check::tree::ChartKind;
pub use clip::Clipped;
/// Names and labels in [`Expectation`] (up to 24 bytes inline).
pub use compact_str::CompactString;
pub use compare::OddsDiff;
pub use engine::budget::{Budget, MAX_BATCH_ROLLS};
pub use engine::choices::{Arg, Choices, INPUT_SOURCE, MAX_LOOSE_MODIFIER};
pub use engine::dice::{DiceSource, Scripted};
pub use engine::error::{ConflictVia, RollError, RollErrorKind};
pub use engine::odds::{
    GroupError, Odds, OddsOutcome, OddsPath, OddsStep, OutcomeGroup, Probability,
};
pub use engine::quick::{OutcomeId, QuickRoll};
pub use limits::Limits;
pub use number::{NotANumber, Number};
pub use ruleset::error::{LoadError, LoadErrors};
pub use ruleset::expect::{
    check as check_expectation, check_expectations, ExpectFailure, ExpectReport,
};
pub use ruleset::expectation::{Expectation, Expected};
pub use ruleset::origin::Origin;
pub use ruleset::{BoundChart, ChartRef, GameInfo, InputInfo, InputKind, Ruleset, RulesetBuilder};
pub use syntax::error::{ParseError, ParseErrorKind};
pub use syntax::format::format;
pub use syntax::outline::{outline, BaseName, Declaration, DeclarationKind, Outline};
pub use syntax::span::{Source, SourceId, SourceMap, Span};
pub use trace::{Roll, Shared};
pub use variant::{VariantError, VariantErrorKind};

/// Every Rust example of docs/embedding.md, compiled and run by `cargo test
/// --doc`, so the guide cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../docs/embedding.md")]
pub struct EmbeddingGuide;
