//! Checking expectations ([`crate::Expectation`]) through the public
//! [`Ruleset`] API, so the CLI's `chartwright test`, the REPL and a host all
//! check them the same way.

use crate::engine::budget::Budget;
use crate::engine::choices::Choices;
use crate::engine::dice::DiceSource;
use crate::engine::odds::OutcomeGroup;
use crate::ruleset::Ruleset;
use crate::syntax::span::Span;
use miette::Diagnostic;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;

use crate::ruleset::expectation::{Expectation, Expected};

/// An expectation that did not hold: a diagnostic on its `expect` line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Diagnostic)]
#[error("expected {expected}, got {got}")]
#[diagnostic(code(chartwright::expect::failed))]
#[non_exhaustive]
pub struct ExpectFailure {
    /// What the expectation says.
    pub expected: String,
    /// What the engine gave.
    pub got: String,
    /// The `expect` line.
    #[label(primary, "this expectation")]
    pub span: Span,
    /// A hint: the outcomes there are, a closer name.
    #[help]
    pub help: Option<String>,
}

/// The result of checking every expectation of a ruleset.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct ExpectReport {
    /// How many expectations were checked.
    pub checked: usize,
    /// Those that failed, in file order.
    pub failures: Vec<ExpectFailure>,
}

impl ExpectReport {
    /// True when every expectation held.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Checks every expectation of the ruleset.
///
/// ```
/// let rules = chartwright::Ruleset::from_str("demo", r#"
///     game "Demo" version "1"
///     table bog_down "Bog Down" {
///       roll d10
///       modifiers { tracked +2 "tracked vehicle" }
///       rows { 6 or more => "Traverse"  5 or less => "Bogged down" }
///     }
///     expect bog_down tracked => "Traverse" 7/10
///     expect bog_down natural 5 => "Bogged down"
/// "#).unwrap();
/// let report = chartwright::check_expectations(&rules);
/// assert_eq!(report.checked, 2);
/// assert!(report.passed());
/// ```
///
/// Every expectation shares one [`Budget`]: a file of 20,000 expectations
/// ends within the limits as a whole, an expectation past them failing
/// with `over_budget`.
#[must_use]
pub fn check_expectations(rules: &Ruleset) -> ExpectReport {
    let mut report = ExpectReport::default();
    let mut budget = Budget::new(rules.limits());
    for e in rules.expectations() {
        report.checked += 1;
        if let Err(f) = check_in(rules, e, &mut budget) {
            report.failures.push(f);
        }
    }
    report
}

/// `text` as a `.rules` string literal: quoted, with `"`, `\\` and line
/// breaks escaped as the parser reads them back.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Checks one expectation.
pub fn check(rules: &Ruleset, e: &Expectation) -> Result<(), ExpectFailure> {
    check_in(rules, e, &mut Budget::new(rules.limits()))
}

/// Most outcomes a failure's help lists.
const LISTED_OUTCOMES: usize = 12;

/// Checks one expectation within `budget`.
#[allow(clippy::too_many_lines)] // one expectation end to end: its words, its chart read, each way it can fail
fn check_in(rules: &Ruleset, e: &Expectation, budget: &mut Budget) -> Result<(), ExpectFailure> {
    let fail = |expected: String, got: String, help: Option<String>| ExpectFailure {
        expected,
        got,
        span: e.span,
        help,
    };
    let name = if e.chart.contains('.') {
        e.chart.clone()
    } else {
        compact_str::format_compact!("{}.{}", e.game, e.chart)
    };
    let expected_text = match &e.want {
        Expected::Outcome {
            text,
            odds: Some((n, d)),
        } => format!("`{text}` {n}/{d}"),
        Expected::Outcome { text, odds: None } if e.naturals.is_empty() => {
            format!("always `{text}`")
        }
        Expected::Outcome { text, .. } => format!("`{text}`"),
        Expected::Group {
            group,
            odds: Some((n, d)),
        } => format!("{group} {n}/{d}"),
        Expected::Group { group, odds: None } if e.naturals.is_empty() => {
            format!("always {group}")
        }
        Expected::Group { group, .. } => group.to_string(),
        Expected::Error(code) => format!("error `{code}`"),
    };
    // Once the file's budget is spent, each further line fails at once,
    // without binding its chart.
    let outcome = budget
        .spend(0, || "checking the expectations before this one".into())
        .and_then(|()| rules.chart(&name))
        .and_then(|chart| Ok((chart, Choices::parse(&e.args)?)))
        .and_then(|(chart, choices)| {
            if e.naturals.is_empty() {
                chart.odds_in(&choices, budget).map(Got::Odds)
            } else {
                let mut faces = Faces::new(&e.naturals);
                let roll = chart.roll_in(&choices, &mut faces, budget)?;
                Ok(Got::Roll(roll.summary(), faces.problem()))
            }
        });
    match (&e.want, outcome) {
        (Expected::Error(code), Err(err)) => {
            let got = Diagnostic::code(&err)
                .map(|c| c.to_string())
                .unwrap_or_default();
            if got.rsplit("::").next() == Some(code.as_str()) {
                Ok(())
            } else {
                Err(fail(expected_text, format!("error `{got}`: {err}"), None))
            }
        }
        (Expected::Error(_), Ok(got)) => Err(fail(expected_text, got.describe(), None)),
        (Expected::Outcome { .. } | Expected::Group { .. }, Err(err)) => {
            Err(fail(expected_text, format!("an error: {err}"), None))
        }
        (Expected::Group { group, odds }, Ok(got)) => {
            check_group(group, *odds, &got).map_err(|(got, help)| fail(expected_text, got, help))
        }
        (Expected::Outcome { text, odds }, Ok(Got::Odds(o))) => {
            let want =
                wanted(*odds).map_err(|(got, help)| fail(expected_text.clone(), got, help))?;
            let p = o.probability(text);
            if p.to_big() == want {
                return Ok(());
            }
            let help = if p.is_zero() {
                // Each as an `expect` line writes it, to paste back; a
                // few, not a pool's thousands on every failing line.
                Some(format!(
                    "the outcomes are: {}",
                    listed(&o, |x| format!("{} {}", quoted(&x.outcome), x.probability))
                ))
            } else {
                None
            };
            Err(fail(expected_text, format!("`{text}` {p}"), help))
        }
        (Expected::Outcome { text, .. }, Ok(Got::Roll(summary, problem))) => {
            if let Some(problem) = problem {
                return Err(fail(
                    expected_text,
                    problem,
                    Some("give one face per die rolled, follow-ups included".into()),
                ));
            }
            if summary == *text {
                Ok(())
            } else {
                Err(fail(expected_text, format!("`{summary}`"), None))
            }
        }
    }
}

/// What a failing check gave, and a hint.
type Miss = (String, Option<String>);

/// The probability an expectation states: N/D, or 1 when it gives none.
fn wanted(odds: Option<(i64, i64)>) -> Result<BigRational, Miss> {
    match odds {
        Some((_, 0)) => Err((
            "a zero denominator".into(),
            Some("write a probability such as `7/10`".into()),
        )),
        Some((n, d)) => Ok(BigRational::new(BigInt::from(n), BigInt::from(d))),
        None => Ok(BigRational::one()),
    }
}

/// Checks a group expectation against what the chart gave: the exact odds
/// of the group, or the outcome of the faces given is in the group.
fn check_group(group: &OutcomeGroup, odds: Option<(i64, i64)>, got: &Got) -> Result<(), Miss> {
    match got {
        Got::Roll(_, Some(problem)) => Err((
            problem.clone(),
            Some("give one face per die rolled, follow-ups included".into()),
        )),
        Got::Roll(summary, None) if group.contains(summary) => Ok(()),
        Got::Roll(summary, None) => Err((format!("`{summary}`, not in the group"), None)),
        Got::Odds(o) => {
            let want = wanted(odds)?;
            let p = o.group_probability(group);
            if p.to_big() == want {
                return Ok(());
            }
            // The outcomes counted, so a wrong sum shows its terms; or,
            // when none is, every outcome there is.
            let counted: Vec<_> = o
                .outcomes
                .iter()
                .filter(|x| group.contains(&x.outcome))
                .collect();
            let help = if counted.is_empty() {
                format!(
                    "no outcome is in the group; the outcomes are: {}",
                    listed(o, |x| format!("{} {}", quoted(&x.outcome), x.probability))
                )
            } else {
                let terms: Vec<String> = counted
                    .iter()
                    .take(LISTED_OUTCOMES)
                    .map(|x| format!("{} {}", quoted(&x.outcome), x.probability))
                    .collect();
                let more = match counted.len().saturating_sub(LISTED_OUTCOMES) {
                    0 => String::new(),
                    more => format!(" and {more} more"),
                };
                format!("the group counts {}{more}", terms.join(" + "))
            };
            Err((format!("{group} {p}"), Some(help)))
        }
    }
}

/// The first [`LISTED_OUTCOMES`] outcomes of `odds`, each as `show`
/// writes it, joined; "and N more" for the rest.
fn listed(
    odds: &crate::engine::odds::Odds,
    show: impl Fn(&crate::engine::odds::OddsOutcome) -> String,
) -> String {
    let out = odds
        .outcomes
        .iter()
        .take(LISTED_OUTCOMES)
        .map(show)
        .collect::<Vec<_>>()
        .join(", ");
    match odds.outcomes.len().saturating_sub(LISTED_OUTCOMES) {
        0 => out,
        more => format!("{out} and {more} more (`odds` lists them all)"),
    }
}

/// What a chart gave an expectation.
enum Got {
    Odds(crate::engine::odds::Odds),
    /// The roll's summary, and a problem with the faces given, if any.
    Roll(String, Option<String>),
}

impl Got {
    fn describe(&self) -> String {
        match self {
            Got::Odds(o) => format!(
                "odds: {}",
                listed(o, |x| format!("`{}` {}", x.outcome, x.probability))
            ),
            Got::Roll(s, _) => format!("`{s}`"),
        }
    }
}

/// The faces an expectation gives, handed out in order; running out or a
/// face the die does not have is a problem, never a silent reuse.
struct Faces<'a> {
    given: &'a [i64],
    next: usize,
    problem: Option<String>,
}

impl<'a> Faces<'a> {
    fn new(faces: &'a [i64]) -> Self {
        Self {
            given: faces,
            next: 0,
            problem: None,
        }
    }

    fn problem(&self) -> Option<String> {
        if self.problem.is_none() && self.next < self.given.len() {
            return Some(format!(
                "{} faces given but only {} dice rolled",
                self.given.len(),
                self.next
            ));
        }
        self.problem.clone()
    }
}

impl DiceSource for Faces<'_> {
    fn die(&mut self, sides: u32) -> u32 {
        let face = self.given.get(self.next).copied();
        self.next += 1;
        match face {
            Some(f) if f >= 1 && f <= i64::from(sides) => f as u32,
            Some(f) => {
                self.problem
                    .get_or_insert_with(|| format!("face {f} on a d{sides}"));
                1
            }
            None => {
                self.problem.get_or_insert_with(|| {
                    format!("more dice rolled than the {} faces given", self.given.len())
                });
                1
            }
        }
    }
}
