//! Expectations: what a chart author states their charts must give,
//! written next to the charts (`expect bog_down tracked => "Traverse" 7/10`),
//! and checked here through the public [`Ruleset`] API, so the CLI's
//! `chartwright test`, the REPL and a host all check them the same way.
//!
//! The forms:
//! - `expect CHART ARGS => "Outcome" N/D`: the exact odds of an outcome (as
//!   `odds` prints it, follow-ups joined by ` -> `);
//! - `expect CHART ARGS natural F, ... => "Outcome"`: the dice show these
//!   faces, in order (follow-ups included), and the roll gives this outcome;
//! - `expect CHART ARGS => "Outcome"`: the outcome is certain (a grid cell,
//!   a modifier sum, a ladder);
//! - any of these with a group of outcomes in place of one
//!   (`any of "3", "4" 7/12`, `at least 2 1/3`);
//! - `expect CHART ARGS => error CODE`: the roll fails with an error whose
//!   code ends with `CODE` (`missing_param`).

//!
//! The data type lives here, below the ruleset that holds a file's
//! expectations; `expect` checks them.

use crate::engine::odds::OutcomeGroup;
use crate::number::Number;
use crate::syntax::ast;
use crate::syntax::ast::CompactString;
use crate::syntax::span::Span;
use std::fmt;

/// One expectation of a rules file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Expectation {
    /// The game (the file) it was written in: charts are looked up there.
    pub game: CompactString,
    /// The chart, as written (`bog_down`, or qualified `game.chart`).
    pub chart: CompactString,
    /// The roll-time words, joined as a player types them.
    pub args: CompactString,
    /// The faces the dice show, in order; empty for odds and certainties.
    pub naturals: Vec<i64>,
    /// What must happen.
    pub want: Expected,
    /// The `expect` line.
    pub span: Span,
}

/// What an [`Expectation`] wants.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Expected {
    /// An outcome; with `odds`, its exact probability (numerator,
    /// denominator); without, the outcome of the naturals, or certain.
    Outcome {
        /// The outcome's text.
        text: CompactString,
        /// Its probability.
        odds: Option<(i64, i64)>,
    },
    /// A group of outcomes counted as one; with `odds`, its exact
    /// probability; without, the outcome of the naturals is in it, or it
    /// is certain.
    Group {
        /// The group.
        group: OutcomeGroup,
        /// Its probability.
        odds: Option<(i64, i64)>,
    },
    /// An error whose code ends with this (`missing_param`).
    Error(CompactString),
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.chart)?;
        if !self.args.is_empty() {
            write!(f, " {}", self.args)?;
        }
        if !self.naturals.is_empty() {
            let faces: Vec<String> = self.naturals.iter().map(ToString::to_string).collect();
            write!(f, " natural {}", faces.join(", "))?;
        }
        match &self.want {
            Expected::Outcome { text, odds } => {
                write!(f, " => {text:?}")?;
                if let Some((n, d)) = odds {
                    write!(f, " {n}/{d}")?;
                }
                Ok(())
            }
            Expected::Group { group, odds } => {
                write!(f, " => {group}")?;
                if let Some((n, d)) = odds {
                    write!(f, " {n}/{d}")?;
                }
                Ok(())
            }
            Expected::Error(code) => write!(f, " => error {code}"),
        }
    }
}

impl Expectation {
    /// The expectations of a parsed file written for `game`, taken out of
    /// it: the compiler skips them, and taking them moves their texts
    /// instead of copying them (a file of sheet tests can be two-thirds
    /// expectations).
    pub(crate) fn take_from(game: &str, file: &mut ast::File) -> Vec<Self> {
        let items = std::mem::take(&mut file.items);
        let mut taken = Vec::new();
        file.items.reserve(items.len());
        for item in items {
            match item {
                ast::Item::Expect(e) => taken.push(Self::from_ast(game, e)),
                other => file.items.push(other),
            }
        }
        taken
    }

    fn from_ast(game: &str, e: ast::Expect) -> Self {
        // `name=value` or `name`, space-separated, written into one string.
        let len = e
            .args
            .iter()
            .map(|a| a.name.name.len() + 2 + a.value.as_ref().map_or(0, CompactString::len));
        let mut args = CompactString::with_capacity(len.sum());
        for a in &e.args {
            if !args.is_empty() {
                args.push(' ');
            }
            args.push_str(&a.name.name);
            if let Some(v) = &a.value {
                args.push('=');
                args.push_str(v);
            }
        }
        Self {
            game: game.into(),
            chart: e.chart.name,
            args,
            naturals: e.naturals.iter().map(|n| n.node).collect(),
            want: match e.want {
                ast::ExpectWant::Outcome { text, odds } => Expected::Outcome {
                    text: text.text,
                    odds: odds.map(|o| o.node),
                },
                ast::ExpectWant::Group { group, odds } => Expected::Group {
                    group: match group {
                        ast::ExpectGroup::AnyOf(texts) => {
                            OutcomeGroup::AnyOf(texts.into_iter().map(|t| t.text).collect())
                        }
                        ast::ExpectGroup::AtLeast(n) => OutcomeGroup::AtLeast(Number::new(n.node)),
                        ast::ExpectGroup::AtMost(n) => OutcomeGroup::AtMost(Number::new(n.node)),
                    },
                    odds: odds.map(|o| o.node),
                },
                ast::ExpectWant::Error(code) => Expected::Error(code.name),
            },
            span: e.span,
        }
    }
}
