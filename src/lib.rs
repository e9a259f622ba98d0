//! chartwright: a language and interpreter for the charts of tabletop
//! wargames.
//!
//! # Map
//!
//! ```text
//! grammar/chartwright.pest
//!     │ parser/ (pest; only the parser sees pest pairs)
//!     ▼
//! ast (owned, spanned) ──► compiler (checks, resolves names) ──► tree
//!                                                               │
//!                    choices ──► bind (settle choices once) ◄───┘
//!                                   │
//!                       read (natural dice → outcome)
//!                         ┌─────────┴─────────┐
//!                      sample               odds
//!                   (Roll trace)      (exact fractions)
//!
//! ast `expect` lines ──► expect (checks them through the public Ruleset API)
//! ```
//!
//! Beside the stages: `num` holds the exact numbers every stage
//! computes with (`Ratio<i64>`; the public face is [`Number`]); `column`
//! picks a `columns by` table's column at bind time (thresholds, odds,
//! differentials, shifts, off-scale rules); `ladder` moves a ladder's start
//! by the net modifier and caps it, at bind time too, whether the ladder is
//! rolled itself or read by another chart's expression.
//!
//! A variant file (`variant "Mud season" of first_echelon version "1"`) is
//! merged into its base's AST by `variant` before the compiler sees it, so
//! every check runs on the result; [`OddsDiff`] pairs a chart's odds in a
//! base and a variant.
//!
//! A host program uses [`Ruleset`] (load, compile) → [`Ruleset::chart`] →
//! [`ChartRef::roll`] / [`ChartRef::odds`]. Errors are concrete types that
//! implement [`miette::Diagnostic`]; rendering them is the application's job.
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

// The AST and the parser are internal; the `internals` feature opens them
// for tools that want the syntax tree (benchmarks of the parser alone). They
// are not covered by semver.
#[cfg(feature = "internals")]
pub mod ast;
#[cfg(not(feature = "internals"))]
mod ast;
mod bind;
mod budget;
pub mod bundled;
mod choices;
mod clip;
mod column;
mod compile_error;
mod compiler;
mod condition;
mod env;
mod expect;
mod expectation;
pub mod json;
mod ladder;
mod limits;
mod load_error;
mod num;
mod number;
mod odds;
mod origin;
mod parse_error;
#[cfg(feature = "internals")]
pub mod parser;
#[cfg(not(feature = "internals"))]
mod parser;
mod quick;
mod read;
mod render;
mod roll;
mod roll_error;
mod ruleset;
mod sample;
#[cfg(feature = "sheet")]
pub mod sheet;
mod span;
pub mod suggest;
mod trace_lines;
mod trace_text;
mod tree;
mod variant;

pub use choices::{Arg, Choices, INPUT_SOURCE};
pub use clip::Clipped;
/// Names and labels in [`Expectation`] (up to 24 bytes inline).
pub use compact_str::CompactString;
pub use compile_error::{CompileError, CompileErrorKind};
pub use condition::Condition;
pub use expect::{check as check_expectation, check_expectations, ExpectFailure, ExpectReport};
pub use expectation::{Expectation, Expected};
pub use limits::Limits;
pub use load_error::{LoadError, LoadErrors};
pub use number::{NotANumber, Number};
pub use odds::{Odds, OddsOutcome, OddsPath, OddsStep, Probability};
pub use origin::Origin;
pub use parse_error::{ParseError, ParseErrorKind};
pub use quick::{OutcomeId, QuickRoll};
pub use roll::{
    AppliedModifier, DiceRoll, DiceRolls, Faces, NaturalRule, OutcomeField, OutcomeText, Roll,
    Shared, SideRoll,
};
pub use roll_error::{RollError, RollErrorKind};
pub use ruleset::{BoundChart, ChartRef, InputInfo, InputKind, Ruleset, RulesetBuilder};
pub use sample::{DiceSource, Scripted};
pub use span::{SourceId, SourceMap, Span};
pub use trace_lines::TraceLine;
pub use variant::across::{across, Across};
pub use variant::diff::{OddsDiff, OutcomeDiff};
pub use variant::{Mark, VariantError, VariantErrorKind};

/// Every Rust example of docs/embedding.md, compiled and run by `cargo test
/// --doc`, so the guide cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../docs/embedding.md")]
pub struct EmbeddingGuide;
