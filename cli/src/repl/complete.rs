//! Line editing help: Tab completion of commands, chart names, and the
//! modifiers, parameters and options of the chart being typed; greyed hints
//! for the rest of a unique completion; highlighting of the line.

use super::command::{self, Word};
use chartwright::{InputInfo, InputKind, Ruleset};
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hint, Hinter};
use rustyline::{Context, Helper, Validator};
use std::borrow::Cow;

/// What completion knows of one chart.
#[derive(Clone, Debug)]
struct ChartEntry {
    short: String,
    qualified: String,
    /// No other game has a chart of this short name.
    unique: bool,
    inputs: Vec<InputInfo>,
}

/// The names completion offers, taken from the rules loaded.
#[derive(Clone, Debug, Default)]
pub struct Index {
    charts: Vec<ChartEntry>,
    games: Vec<String>,
}

impl Index {
    /// Everything completion needs from the rules.
    pub fn new(ruleset: &Ruleset) -> Self {
        let mut charts: Vec<ChartEntry> = ruleset
            .charts()
            .map(|c| ChartEntry {
                short: c.name().to_string(),
                qualified: c.qualified_name(),
                unique: true,
                inputs: c.inputs(),
            })
            .collect();
        let shorts: Vec<String> = charts.iter().map(|c| c.short.clone()).collect();
        for c in &mut charts {
            c.unique = shorts.iter().filter(|s| **s == c.short).count() == 1;
        }
        Self {
            charts,
            games: ruleset.games().map(|g| g.name.to_string()).collect(),
        }
    }

    fn chart(&self, name: &str) -> Option<&ChartEntry> {
        self.charts
            .iter()
            .find(|c| c.qualified == name || (c.unique && c.short == name))
    }

    /// Loaded games' names that start with `partial` (for `list`, `diff`).
    fn game_names(&self, partial: &str) -> Vec<Pair> {
        self.games
            .iter()
            .filter(|g| g.starts_with(partial))
            .map(|g| pair(g, format!("{g} ")))
            .collect()
    }

    /// Chart names that start with `partial`: short names where unique,
    /// qualified otherwise (or when a qualified name is being typed).
    fn chart_names(&self, partial: &str) -> Vec<Pair> {
        let mut out = Vec::new();
        for c in &self.charts {
            let name = if c.unique && !partial.contains('.') {
                &c.short
            } else {
                &c.qualified
            };
            if name.starts_with(partial) {
                out.push(pair(name, format!("{name} ")));
            }
        }
        if !partial.is_empty() && !partial.contains('.') {
            for g in &self.games {
                if g.starts_with(partial) {
                    out.push(pair(&format!("{g}."), format!("{g}.")));
                }
            }
        }
        out
    }
}

fn pair(display: &str, replacement: String) -> Pair {
    Pair {
        display: display.to_string(),
        replacement,
    }
}

fn commands(partial: &str) -> Vec<Pair> {
    command::COMMANDS
        .iter()
        .filter(|s| s.name.starts_with(partial))
        .map(|s| pair(s.name, format!("{} ", s.name)))
        .collect()
}

/// Completions for an argument of `chart`: a name, or after `name=` a value.
fn inputs(chart: &ChartEntry, partial: &str, before: &[Word]) -> (usize, Vec<Pair>) {
    if let Some((name, value)) = partial.split_once('=') {
        let Some(input) = chart.inputs.iter().find(|i| i.name == name) else {
            return (0, Vec::new());
        };
        let at = name.len() + 1;
        let values: Vec<Pair> = match &input.kind {
            InputKind::Choice { options } => options
                .iter()
                .filter(|(o, _)| o.starts_with(value))
                .map(|(o, _)| pair(o, format!("{o} ")))
                .collect(),
            InputKind::Param {
                bounds: Some((lo, hi)),
                ..
            } if hi.floor().saturating_sub(lo.ceil()) <= 12 => (lo.ceil()..=hi.floor())
                .map(|n| n.to_string())
                .filter(|n| n.starts_with(value))
                .map(|n| pair(&n, format!("{n} ")))
                .collect(),
            _ => Vec::new(),
        };
        return (at, values);
    }
    let used: Vec<&str> = before
        .iter()
        .map(|w| w.text.split_once('=').map_or(w.text.as_str(), |(n, _)| n))
        .collect();
    let names = chart
        .inputs
        .iter()
        .filter(|i| i.name.starts_with(partial) && !used.contains(&i.name.as_str()))
        .map(|i| match i.kind {
            InputKind::Flag(_) => pair(&i.name, format!("{} ", i.name)),
            _ => pair(&format!("{}=", i.name), format!("{}=", i.name)),
        })
        .collect();
    (0, names)
}

/// The word being completed: its start and text (empty after a space).
fn current(line: &str, pos: usize) -> (Vec<Word>, usize, String) {
    let head = &line[..pos];
    let mut words = command::words(head);
    if head.chars().last().is_some_and(|c| !c.is_whitespace()) {
        if let Some(w) = words.pop() {
            return (words, w.start, w.text);
        }
    }
    (words, pos, String::new())
}

/// Completions at `pos`: where the replaced text starts, and the candidates.
pub fn complete(index: &Index, line: &str, pos: usize) -> (usize, Vec<Pair>) {
    if pos > line.len() || !line.is_char_boundary(pos) {
        return (pos, Vec::new());
    }
    let (before, start, partial) = current(line, pos);
    let mut found = match before.first().map(|w| w.text.as_str()) {
        None => {
            let mut c = commands(&partial);
            c.extend(index.chart_names(&partial));
            (start, c)
        }
        Some("help" | "?") if before.len() == 1 => (start, commands(&partial)),
        Some("roll" | "r" | "odds" | "show") if before.len() == 1 => {
            (start, index.chart_names(&partial))
        }
        Some(cmd @ ("roll" | "r" | "odds")) => match index.chart(&before[1].text) {
            Some(chart) => {
                let (at, mut c) = inputs(chart, &partial, &before[2..]);
                // One option a line: a sweep, or a group of outcomes.
                let optioned = before
                    .iter()
                    .any(|w| w.text.starts_with("--sweep") || w.text == "--outcome");
                if cmd == "odds" && at == 0 && partial.starts_with("--") && !optioned {
                    for option in ["--sweep", "--outcome"] {
                        if option.starts_with(&partial) {
                            c.push(pair(option, format!("{option} ")));
                        }
                    }
                }
                (start + at, c)
            }
            None => (start, Vec::new()),
        },
        Some("diff") if before.len() <= 2 => (start, index.game_names(&partial)),
        Some("diff") if before.len() == 3 && !partial.starts_with('-') => (
            start,
            index
                .chart_names(&partial)
                .into_iter()
                .filter(|p| !p.display.ends_with('.'))
                .collect(),
        ),
        Some("list" | "ls") if before.len() == 1 => {
            let mut c = index.game_names(&partial);
            c.extend(
                index
                    .chart_names(&partial)
                    .into_iter()
                    .filter(|p| !p.display.ends_with('.')),
            );
            (start, c)
        }
        Some("load") => {
            let mut c: Vec<Pair> = chartwright::bundled::names()
                .filter(|n| {
                    !partial.is_empty()
                        && n.starts_with(&partial)
                        && !index.games.iter().any(|g| g == n)
                })
                .map(|n| pair(n, format!("{n} ")))
                .collect();
            if let Ok((_, files)) = FilenameCompleter::new().complete_path(line, pos) {
                c.extend(files);
            }
            (start, c)
        }
        Some(first) if command::spec(first).is_none() => match index.chart(first) {
            Some(chart) => {
                let (at, c) = inputs(chart, &partial, &before[1..]);
                (start + at, c)
            }
            None => (start, Vec::new()),
        },
        Some(_) => (start, Vec::new()),
    };
    found.1.sort_by(|a, b| a.display.cmp(&b.display));
    found.1.dedup_by(|a, b| a.display == b.display);
    found
}

/// A greyed hint: the rest of a unique completion, or what a parameter takes.
pub struct ReplHint {
    display: String,
    completion: Option<String>,
}

impl Hint for ReplHint {
    fn display(&self) -> &str {
        &self.display
    }

    fn completion(&self) -> Option<&str> {
        self.completion.as_deref()
    }
}

/// The hint at `pos`, if the line is being typed at its end.
pub fn hint(index: &Index, line: &str, pos: usize) -> Option<ReplHint> {
    if pos != line.len() || line.trim().is_empty() {
        return None;
    }
    let (before, _, partial) = current(line, pos);
    // After `name=` of a parameter: say what it takes.
    if let Some(name) = partial.strip_suffix('=') {
        let chart = match before.first().map(|w| w.text.as_str()) {
            Some("roll" | "r" | "odds") => before.get(1).and_then(|w| index.chart(&w.text)),
            Some(first) => index.chart(first),
            None => None,
        }?;
        let input = chart.inputs.iter().find(|i| i.name == name)?;
        if let InputKind::Param { bounds, default } = &input.kind {
            let b = bounds.map_or_else(|| "a number".to_string(), |(l, h)| format!("{l}..{h}"));
            let d = default.map_or(String::new(), |d| format!(", default {d}"));
            return Some(ReplHint {
                display: format!("<{b}{d}>  {}", input.label),
                completion: None,
            });
        }
    }
    if partial.is_empty() {
        return None;
    }
    let (start, candidates) = complete(index, line, pos);
    let [only] = candidates.as_slice() else {
        return None;
    };
    let typed = line.get(start..pos)?;
    let rest = only.replacement.strip_prefix(typed)?.trim_end();
    (!rest.is_empty()).then(|| ReplHint {
        display: rest.to_string(),
        completion: Some(rest.to_string()),
    })
}

const COMMAND: &str = "\x1b[1;32m";
const CHART: &str = "\x1b[1;36m";
const NAME: &str = "\x1b[34m";
const VALUE: &str = "\x1b[33m";
const NUMBER: &str = "\x1b[35m";
const UNKNOWN: &str = "\x1b[31m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// The line with ANSI colours: commands, charts, names, values; unknown
/// words in red. Only escapes are added, so the width is unchanged.
pub fn highlight(index: &Index, line: &str) -> String {
    let words = command::words(line);
    let Some(first) = words.first() else {
        return line.to_string();
    };
    if first.text.starts_with('#') {
        return format!("{DIM}{line}{RESET}");
    }
    let is_command =
        command::spec(&first.text).is_some() || matches!(first.text.as_str(), "r" | "?" | "ls");
    let chart_word = if is_command {
        match first.text.as_str() {
            "roll" | "r" | "odds" | "show" => words.get(1),
            _ => None,
        }
    } else {
        Some(first)
    };
    let chart = chart_word.and_then(|w| index.chart(&w.text));
    let mut out = String::with_capacity(line.len() * 2);
    let mut at = 0;
    for (i, w) in words.iter().enumerate() {
        out.push_str(&line[at..w.start]);
        at = w.end;
        let colour = if i == 0 && is_command {
            Some(COMMAND)
        } else if chart_word.is_some_and(|c| c.start == w.start) {
            Some(if chart.is_some() { CHART } else { UNKNOWN })
        } else if let Some(chart) = chart {
            if w.text.starts_with(['+', '-']) {
                Some(NUMBER)
            } else {
                let (name, value) = match w.text.split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None => (w.text.as_str(), None),
                };
                if chart.inputs.iter().any(|i| i.name == name) {
                    if let Some(v) = value {
                        out.push_str(NAME);
                        out.push_str(name);
                        out.push_str(RESET);
                        out.push('=');
                        out.push_str(VALUE);
                        out.push_str(v);
                        out.push_str(RESET);
                        continue;
                    }
                    Some(NAME)
                } else {
                    Some(UNKNOWN)
                }
            }
        } else {
            None
        };
        match colour {
            Some(c) => {
                out.push_str(c);
                out.push_str(&w.text);
                out.push_str(RESET);
            }
            None => out.push_str(&w.text),
        }
    }
    out.push_str(&line[at..]);
    out
}

/// The editor's helper.
#[derive(Helper, Validator)]
pub struct ReplHelper {
    index: Index,
}

impl ReplHelper {
    /// A helper for the rules given.
    pub fn new(ruleset: &Ruleset) -> Self {
        Self {
            index: Index::new(ruleset),
        }
    }

    /// Takes the names from new rules (after `load` or `reload`).
    pub fn update(&mut self, ruleset: &Ruleset) {
        self.index = Index::new(ruleset);
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        Ok(complete(&self.index, line, pos))
    }
}

impl Hinter for ReplHelper {
    type Hint = ReplHint;

    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<ReplHint> {
        hint(&self.index, line, pos)
    }
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        Cow::Owned(highlight(&self.index, line))
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        Cow::Owned(format!("{DIM}{hint}{RESET}"))
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> Index {
        let r = Ruleset::from_file("first_echelon").unwrap_or_else(|_| Ruleset::empty());
        Index::new(&r)
    }

    fn names(line: &str) -> (usize, Vec<String>) {
        let (at, c) = complete(&index(), line, line.len());
        (at, c.into_iter().map(|p| p.replacement).collect())
    }

    #[test]
    fn completes_commands_and_charts() {
        let (at, c) = names("ro");
        assert_eq!(at, 0);
        assert_eq!(c, ["roll "]);
        let (_, c) = names("bog");
        assert_eq!(c, ["bog_down "]);
        let (at, c) = names("roll bog_d");
        assert_eq!((at, c), (5, vec!["bog_down ".to_string()]));
        let (_, c) = names("first_");
        assert_eq!(c, ["first_echelon."]);
        let (_, c) = names("roll first_echelon.bog");
        assert_eq!(c, ["first_echelon.bog_down "]);
        let (_, c) = names("help od");
        assert_eq!(c, ["odds "]);
    }

    #[test]
    fn completes_modifiers_params_and_options() {
        let (at, c) = names("roll bog_down tr");
        assert_eq!((at, c), (14, vec!["tracked ".to_string()]));
        let (_, c) = names("bog_down bog");
        assert_eq!(c, ["bog_down_rating="]);
        let (at, c) = names("roll manoeuvre unit_rating=ve");
        assert_eq!((at, c), (27, vec!["veteran ".to_string()]));
        let (_, c) = names("manoeuvre order_status=");
        assert_eq!(c.len(), 3);
        let (_, c) = names("roll bog_down tracked ");
        assert!(!c.contains(&"tracked ".to_string()));
        assert!(c.contains(&"half_tracked ".to_string()));
        let (_, c) = names("bog_down bog_down_rating=-");
        assert_eq!(c, ["-1 ", "-2 ", "-3 "]);
        let (_, c) = names("odds bog_down --sw");
        assert_eq!(c, ["--sweep "]);
        let (_, c) = names("odds bog_down tracked --");
        assert_eq!(c, ["--outcome ", "--sweep "]);
        assert!(names("odds bog_down --outcome at least 2 --").1.is_empty());
        assert!(names("odds bog_down --sweep -").1.is_empty());
        assert!(names("odds bog_down -").1.is_empty());
    }

    #[test]
    fn completes_game_names_after_diff() {
        let (at, c) = names("diff fir");
        assert_eq!((at, c), (5, vec!["first_echelon ".to_string()]));
        let (_, c) = names("diff first_echelon ");
        assert_eq!(c, ["first_echelon "]);
        let (_, c) = names("diff first_echelon first_echelon bog");
        assert_eq!(c, ["bog_down "]);
        assert!(names("diff first_echelon first_echelon bog_down --")
            .1
            .is_empty());
    }

    #[test]
    fn odd_positions_are_harmless() {
        let i = index();
        assert!(complete(&i, "é", 1).1.is_empty());
        assert!(complete(&i, "roll", 99).1.is_empty());
        assert!(complete(&i, "nosuch x", 8).1.is_empty());
        assert!(complete(&i, "roll nosuch x", 13).1.is_empty());
        assert!(complete(&i, "games x", 7).1.is_empty());
    }

    #[test]
    fn hints_the_rest_of_a_unique_completion() {
        let i = index();
        let h = hint(&i, "roll bog_down trac", 18).map(|h| h.display);
        assert_eq!(h.as_deref(), Some("ked"));
        assert!(hint(&i, "ro", 1).is_none());
        let h = hint(&i, "bog_down bog_down_rating=", 25).map(|h| h.display);
        assert!(h.is_some_and(|h| h.starts_with("<-3..3")));
    }

    #[test]
    fn highlighting_keeps_the_text() {
        let i = index();
        for line in [
            "roll bog_down tracked bog_down_rating=-1 +2 trackd",
            "nosuch a",
            "# c",
            "",
            "  list  x ",
        ] {
            let h = highlight(&i, line);
            let mut plain = String::new();
            let mut in_escape = false;
            for ch in h.chars() {
                match ch {
                    '\x1b' => in_escape = true,
                    'm' if in_escape => in_escape = false,
                    _ if in_escape => {}
                    _ => plain.push(ch),
                }
            }
            assert_eq!(plain, line);
        }
        assert!(highlight(&i, "roll bog_down trackd").contains(&format!("{UNKNOWN}trackd")));
    }
}
