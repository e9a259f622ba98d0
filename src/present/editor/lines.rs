//! What an editor says of a whole line: an `expect` line (whether it
//! holds, why not, and what the chart gives) and a variant's change (the
//! base's declaration of what it changes). Every front end words these
//! alike: the language server's hover, its code lens, the playground's
//! hover.

use super::{declaration_of, Word};
use crate::engine::choices::Choices;
use crate::ruleset::expect::{check_expectations, ExpectFailure};
use crate::ruleset::expectation::{Expectation, Expected};
use crate::ruleset::{ChartRef, InputKind, Ruleset};
use crate::syntax::outline::{Declaration, Outline};
use crate::syntax::parser::keywords;
use std::fmt::Write;

/// One `expect` line of a text that loaded, and whether it holds.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ExpectLine {
    /// The chart it reads, as its file names it (unqualified when it is
    /// the file's own).
    pub chart: String,
    /// The line as written, trimmed: how a line of the text now is matched
    /// to it while the text now does not load. Empty for a line of a base.
    pub line: String,
    /// Whether the line is in this text (not in a base it loads).
    pub own: bool,
    /// The expectation.
    pub expectation: Expectation,
    /// Why it fails; `None` when it holds.
    pub failure: Option<ExpectFailure>,
}

/// Every `expect` line of `ruleset`, loaded from `text` (with the bases it
/// names), checked as `chartwright test` checks them (one budget).
///
/// ```
/// use chartwright::{editor::expect_lines, Ruleset};
/// let text = "game \"G\" version \"1\"\ntable hit \"Hit\" {\n  roll d6\n  rows { 1-2 => \"Miss\" 3-6 => \"Hit\" }\n}\nexpect hit => \"Hit\" 1/2\n";
/// let rules = Ruleset::from_str("g", text).unwrap();
/// let lines = expect_lines(&rules, text);
/// assert_eq!(lines[0].line, "expect hit => \"Hit\" 1/2");
/// assert!(lines[0].failure.is_some()); // it is 2/3
/// ```
#[must_use]
pub fn expect_lines(ruleset: &Ruleset, text: &str) -> Vec<ExpectLine> {
    let report = check_expectations(ruleset);
    let here = ruleset.sources().find_text(text);
    ruleset
        .expectations()
        .iter()
        .map(|e| {
            let own_chart = e.chart.strip_prefix(e.game.as_str());
            let chart = own_chart
                .and_then(|c| c.strip_prefix('.'))
                .unwrap_or(&e.chart);
            let own = Some(e.span.source) == here;
            let span = e.span.start as usize..e.span.end as usize;
            let line = text.get(span).filter(|_| own).unwrap_or_default();
            ExpectLine {
                chart: chart.to_string(),
                line: line.trim().to_string(),
                own,
                expectation: e.clone(),
                failure: report.failures.iter().find(|f| f.span == e.span).cloned(),
            }
        })
        .collect()
}

/// The checked line written as `line` (a comment after it or not), if it
/// is an `expect` line of the text.
#[must_use]
pub fn expect_line_on<'l>(lines: &'l [ExpectLine], line: &str) -> Option<&'l ExpectLine> {
    let line = line.trim();
    if line.split_whitespace().next() != Some("expect") {
        return None;
    }
    lines.iter().find(|c| {
        let rest = line.strip_prefix(c.line.as_str());
        !c.line.is_empty() && rest.is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t', '#']))
    })
}

/// What a code lens over a chart says of its `expect` lines: "12
/// expectations hold", "1 of 12 fails".
#[must_use]
pub fn expect_summary(lines: &[&ExpectLine]) -> String {
    let failed = lines.iter().filter(|c| c.failure.is_some()).count();
    match (lines.len(), failed) {
        (1, 0) => "1 expectation holds".to_string(),
        (n, 0) => format!("{n} expectations hold"),
        (n, 1) => format!("1 of {n} fails"),
        (n, f) => format!("{f} of {n} fail"),
    }
}

impl ExpectLine {
    /// Whether it holds, as Markdown: "**This expectation holds.**", or
    /// "**This expectation fails:** expected …, got …." and the help.
    #[must_use]
    pub fn verdict(&self) -> String {
        match &self.failure {
            None => "**This expectation holds.**".to_string(),
            Some(f) => {
                let mut text = format!("**This expectation fails:** {f}.");
                if let Some(help) = &f.help {
                    let _ = write!(text, "\n\n{help}");
                }
                text
            }
        }
    }

    /// The probability the chart gives the outcome (or group) the line
    /// names, in the line's situation ("The chart gives `Miss` 1/3
    /// (33.33%)."); none for a line about the faces of one roll, or one
    /// that names no outcome.
    #[must_use]
    pub fn actual(&self, ruleset: &Ruleset) -> Option<String> {
        let e = &self.expectation;
        if !e.naturals.is_empty() {
            return None;
        }
        let name = if e.chart.contains('.') {
            e.chart.to_string()
        } else {
            format!("{}.{}", e.game, e.chart)
        };
        let chart = ruleset.chart(&name).ok()?;
        let choices = Choices::parse(&e.args).ok()?;
        let odds = chart.odds(&choices).ok()?;
        let (what, p) = match &e.want {
            Expected::Outcome { text, .. } => (format!("`{text}`"), odds.probability(text)),
            Expected::Group { group, .. } => (group.to_string(), odds.group_probability(group)),
            // An expected error names no outcome.
            _ => return None,
        };
        Some(format!(
            "The chart gives {what} {p} ({:.2}%).",
            p.to_f64() * 100.0
        ))
    }

    /// The hover on the line, as Markdown: [`verdict`](Self::verdict),
    /// then [`actual`](Self::actual).
    #[must_use]
    pub fn hover_text(&self, ruleset: &Ruleset) -> String {
        let mut out = self.verdict();
        if let Some(actual) = self.actual(ruleset) {
            let _ = write!(out, "\n\n{actual}");
        }
        out
    }
}

/// The target of the change written on `line` (`bog_down.tracked` of
/// `change bog_down.tracked +2`, or of `add`, `remove`, `replace`), if the
/// line is one; its offsets are in `line`.
///
/// ```
/// use chartwright::editor::change_target;
/// let t = change_target("change bog_down.tracked +2").unwrap();
/// assert_eq!((t.owner, t.name, t.start), (Some("bog_down"), "tracked", 16));
/// ```
#[must_use]
pub fn change_target(line: &str) -> Option<Word<'_>> {
    let mut words = line.split_whitespace();
    let keyword = words.next()?;
    if !keywords::CHANGES.contains(&keyword) {
        return None;
    }
    let path = words.next()?;
    let start = line.find(path)?;
    let (owner, name) = match path.split_once('.') {
        Some((owner, name)) => (Some(owner), name),
        None => (None, path),
    };
    let name_start = start + path.len() - name.len();
    Some(Word::new(name, name_start, owner))
}

/// The most lines of a base's declaration a hover shows.
const SHOWN_LINES: usize = 12;

/// The base's declaration that a change of `target` changes (a member the
/// variant adds is not in the base: its owner is), and its text as the
/// base writes it, cut after 12 lines.
#[must_use]
pub fn changed_declaration<'o>(
    base: &'o Outline,
    base_text: &str,
    target: &Word<'_>,
) -> Option<(&'o Declaration, String)> {
    let owner = target.owner.map(|name| Word::new(name, target.start, None));
    let declared = declaration_of(base, target)
        .filter(|d| d.name == target.name)
        .or_else(|| declaration_of(base, owner.as_ref()?))?;
    let written = base_text.get(declared.span.start as usize..declared.span.end as usize)?;
    let lines: Vec<&str> = written.lines().collect();
    let shown = if lines.len() <= SHOWN_LINES {
        written.to_string()
    } else {
        format!("{}\n…", lines[..SHOWN_LINES].join("\n"))
    };
    Some((declared, shown))
}

/// The situation a change of `target` is shown in: the chart's sheet
/// situation ([`ChartRef::example_choices`]), with the modifier the change
/// names given when it is a flag of the chart (its one-of partners taken
/// out), so that a changed modifier's value shows.
///
/// ```
/// use chartwright::{editor::{change_situation, change_target}, Ruleset};
/// let rules = Ruleset::from_file("first_echelon").unwrap();
/// let target = change_target("change bog_down.tracked +1").unwrap();
/// let situation = change_situation(&rules.chart("bog_down").unwrap(), &target);
/// assert_eq!(situation.text(), "tracked");
/// ```
#[must_use]
pub fn change_situation(chart: &ChartRef<'_>, target: &Word<'_>) -> Choices {
    let choices = chart.example_choices();
    let name = target.name;
    let is_flag = chart
        .inputs()
        .iter()
        .any(|i| i.name == name && matches!(i.kind, InputKind::Flag(_)));
    if target.owner.is_none() || !is_flag || choices.args().iter().any(|a| a.name == name) {
        return choices;
    }
    let partners: Vec<String> = chart
        .exclusive_groups()
        .into_iter()
        .filter(|g| g.iter().any(|m| m == name))
        .flatten()
        .collect();
    partners
        .iter()
        .fold(choices, |c, p| c.without(p))
        .with(name, None)
}
