//! Outcome groups: several outcomes counted as one, as players count them
//! ("any KIA", "2 or more hits"). A group is a predicate on an outcome's
//! text; its probability is the sum of the exact odds of the outcomes in it.

use super::{Odds, Probability};
use crate::number::Number;
use compact_str::CompactString;
use miette::Diagnostic;
use std::fmt;
use std::str::FromStr;

/// A group of outcomes: `any of "KIA", "K/1"`, `at least 2`, `at most 1`.
///
/// `at least` and `at most` read outcomes that are numbers as numbers: an
/// outcome whose text is a number (`"3"`, `"-1"`, `"1.5"`), or whose first
/// word is one (a pool's `2 hits`). Other outcomes are in neither.
///
/// ```
/// use chartwright::OutcomeGroup;
/// let group: OutcomeGroup = "at least 2".parse().unwrap();
/// assert!(group.contains("3") && group.contains("2 hits"));
/// assert!(!group.contains("1") && !group.contains("No effect"));
/// let any: OutcomeGroup = r#"any of "KIA", K/1"#.parse().unwrap();
/// assert!(any.contains("K/1") && !any.contains("1MC"));
/// assert_eq!(any.to_string(), r#"any of "KIA", "K/1""#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OutcomeGroup {
    /// Any of these outcomes, by their text as `odds` prints it.
    AnyOf(Vec<CompactString>),
    /// Every outcome that is a number at least this.
    AtLeast(Number),
    /// Every outcome that is a number at most this.
    AtMost(Number),
}

/// A group that does not read (`--outcome`, the REPL's `odds`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Diagnostic)]
#[error("`{text}` is not a group of outcomes: {why}")]
#[diagnostic(
    code(chartwright::odds::bad_group),
    help(
        "write `any of \"KIA\", \"K/1\"`, `at least 2`, `at most 1`, or one outcome such as `\"KIA\"`"
    )
)]
#[non_exhaustive]
pub struct GroupError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

impl OutcomeGroup {
    /// True when the outcome (its text, as `odds` prints it) is in the group.
    #[must_use]
    pub fn contains(&self, outcome: &str) -> bool {
        match self {
            OutcomeGroup::AnyOf(texts) => texts.iter().any(|t| t == outcome),
            OutcomeGroup::AtLeast(n) => number_of(outcome).is_some_and(|v| v >= *n),
            OutcomeGroup::AtMost(n) => number_of(outcome).is_some_and(|v| v <= *n),
        }
    }
}

/// The number an outcome reads as: its whole text, or its first word when
/// a space follows it (`2 hits`).
fn number_of(outcome: &str) -> Option<Number> {
    let word = outcome.split_once(' ').map_or(outcome, |(first, _)| first);
    word.parse().ok()
}

impl Odds {
    /// The exact probability of a group of outcomes: the sum of the
    /// outcomes in it (zero when none is).
    ///
    /// ```
    /// let rules = chartwright::Ruleset::from_str("demo", r#"
    ///     game "Demo" version "1"
    ///     table hits "Hits" { roll d6  rows { 1-2 => "0"  3-5 => "1"  6 => "2" } }
    /// "#).unwrap();
    /// let odds = rules.chart("hits").unwrap().odds(&Default::default()).unwrap();
    /// let group = "at least 1".parse().unwrap();
    /// assert_eq!(odds.group_probability(&group).fraction(), "2/3");
    /// ```
    #[must_use]
    pub fn group_probability(&self, group: &OutcomeGroup) -> Probability {
        let mut sum = Probability::zero();
        for o in self.outcomes.iter().filter(|o| group.contains(&o.outcome)) {
            sum += &o.probability;
        }
        sum
    }
}

impl fmt::Display for OutcomeGroup {
    /// As an `expect` line writes it: `any of "3", "4"`, `at least 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutcomeGroup::AnyOf(texts) => {
                f.write_str("any of ")?;
                for (i, t) in texts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str("\"")?;
                    for c in t.chars() {
                        if matches!(c, '"' | '\\') {
                            f.write_str("\\")?;
                        }
                        write!(f, "{c}")?;
                    }
                    f.write_str("\"")?;
                }
                Ok(())
            }
            OutcomeGroup::AtLeast(n) => write!(f, "at least {n}"),
            OutcomeGroup::AtMost(n) => write!(f, "at most {n}"),
        }
    }
}

impl FromStr for OutcomeGroup {
    type Err = GroupError;

    /// `any of A, B, ...` (each quoted, or bare up to the next comma),
    /// `at least N`, `at most N`, or one outcome (quoted or bare).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fail = |why: &str| GroupError {
            text: s.to_string(),
            why: why.to_string(),
        };
        let text = s.trim();
        let words: Vec<&str> = text.splitn(3, char::is_whitespace).collect();
        match words.as_slice() {
            ["at", "least" | "most", n] => {
                let n: Number = n
                    .trim()
                    .parse()
                    .map_err(|_| fail("the bound is no number"))?;
                Ok(if words[1] == "least" {
                    OutcomeGroup::AtLeast(n)
                } else {
                    OutcomeGroup::AtMost(n)
                })
            }
            ["any", "of", rest] => {
                let texts = listed(rest).ok_or_else(|| fail("an outcome is empty or unquoted"))?;
                Ok(OutcomeGroup::AnyOf(texts))
            }
            ["at", "least" | "most"] => Err(fail("the bound is missing")),
            ["any", "of"] => Err(fail("no outcome is named")),
            _ => match listed(text).as_deref() {
                Some([one]) => Ok(OutcomeGroup::AnyOf(vec![one.clone()])),
                _ => Err(fail("one outcome, or `any of` several")),
            },
        }
    }
}

/// Outcomes separated by commas, each `"quoted"` (with `\"` and `\\`) or
/// bare (trimmed); `None` when one is empty or a quote is left open.
fn listed(text: &str) -> Option<Vec<CompactString>> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    loop {
        let (item, after) = if let Some(quoted) = rest.strip_prefix('"') {
            let (item, after) = unquote(quoted)?;
            (item, after.trim_start())
        } else {
            let end = rest.find(',').unwrap_or(rest.len());
            (CompactString::from(rest[..end].trim()), &rest[end..])
        };
        if item.is_empty() {
            return None;
        }
        out.push(item);
        match after.strip_prefix(',') {
            Some(next) => rest = next.trim_start(),
            None if after.is_empty() => return Some(out),
            None => return None,
        }
    }
}

/// A quoted text up to its closing quote, and what follows it.
fn unquote(text: &str) -> Option<(CompactString, &str)> {
    let mut out = CompactString::default();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, &text[i + 1..])),
            '\\' => out.push(chars.next()?.1),
            c => out.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(text: &str) -> OutcomeGroup {
        text.parse()
            .unwrap_or_else(|e| panic!("`{text}` does not read: {e}"))
    }

    #[test]
    fn reads_each_form() {
        assert_eq!(
            group(r#"any of "3", "4",5"#),
            OutcomeGroup::AnyOf(vec!["3".into(), "4".into(), "5".into()])
        );
        assert_eq!(group("KIA"), OutcomeGroup::AnyOf(vec!["KIA".into()]));
        assert_eq!(group(r#""A, B""#), OutcomeGroup::AnyOf(vec!["A, B".into()]));
        assert_eq!(group("at least 2"), OutcomeGroup::AtLeast(Number::from(2)));
        assert_eq!(
            group(" at most -1 "),
            OutcomeGroup::AtMost(Number::from(-1))
        );
        for bad in [
            "at least",
            "at most two",
            "any of",
            "any of \"A",
            "A, B",
            "any of A,,B",
        ] {
            assert!(bad.parse::<OutcomeGroup>().is_err(), "`{bad}` reads");
        }
    }

    #[test]
    fn numbers_compare_as_numbers() {
        let g = group("at least 2");
        // "10" sorts before "2" as text; as a number it is at least 2.
        assert!(g.contains("10") && g.contains("2.5") && g.contains("2 hits"));
        assert!(!g.contains("1.5") && !g.contains("2hits") && !g.contains("K/2"));
        let g = group("at most 0");
        assert!(g.contains("-1") && g.contains("0") && !g.contains("+1"));
    }

    #[test]
    fn writes_back_what_it_reads() {
        for text in [r#"any of "KIA", "K \"2\"""#, "at least 1.5", "at most -2"] {
            assert_eq!(group(text).to_string(), text);
            assert_eq!(group(&group(text).to_string()), group(text));
        }
    }
}
