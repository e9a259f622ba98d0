//! The REPL's state — the rules loaded, the dice, the history, the last
//! roll — and the execution of a typed line into text to print. Nothing
//! here prints or reads the terminal, so it can be driven by tests.

use super::command::{self, ChartArgs, Command, Word};
use super::line::{
    check_lengths, line_too_long, render_line_error, too_long, LineError, MAX_LINE, MAX_NAME,
};
use crate::commands::sweep::{parse_sweep, Sweep, SweepError};
use crate::commands::{diff, list, odds, roll, show, test};
use crate::render::diagnostic;
use crate::render::text::cols;
use chartwright::compare::Pairing;
use chartwright::{
    BoundChart, ChartRef, Choices, LoadErrors, Origin, RollError, RollErrorKind, Ruleset,
    RulesetBuilder, Span, INPUT_SOURCE,
};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// What a line produced.
#[derive(Debug, Default)]
pub struct Reply {
    /// For standard output.
    pub out: String,
    /// Diagnostics, for standard error.
    pub err: String,
    /// The line failed.
    pub failed: bool,
    /// The line asked to leave.
    pub quit: bool,
}

impl Reply {
    fn ok(out: String) -> Self {
        Self {
            out,
            ..Self::default()
        }
    }

    fn fail(err: String) -> Self {
        Self {
            err,
            failed: true,
            ..Self::default()
        }
    }
}

/// The last roll, to roll `again`.
#[derive(Clone, Debug)]
struct LastRoll {
    /// The chart's qualified name, so loading more games cannot make it ambiguous.
    chart: String,
    /// The line it was typed on, for diagnostics.
    line: String,
    /// Its arguments.
    args: ChartArgs,
}

/// A REPL state.
pub struct ReplState {
    ruleset: Ruleset,
    rng: Xoshiro256PlusPlus,
    seed: u64,
    history: Vec<String>,
    last_roll: Option<LastRoll>,
}

fn empty_ruleset() -> Ruleset {
    Ruleset::empty()
}

fn build(paths: &[PathBuf]) -> Result<Ruleset, LoadErrors> {
    let mut b = RulesetBuilder::new();
    for p in paths {
        b.add_path(p);
    }
    b.build()
}

/// The rules to start with: every path given (every bundled game if none).
/// When they do not all load, the diagnostics, and the rules from those
/// that load on their own (in order, each with those before it).
pub fn initial_rules(paths: &[PathBuf]) -> (Ruleset, Option<String>) {
    let paths: Vec<PathBuf> = if paths.is_empty() {
        chartwright::bundled::names().map(PathBuf::from).collect()
    } else {
        paths.to_vec()
    };
    match build(&paths) {
        Ok(r) => (r, None),
        Err(e) => {
            let mut report = diagnostic::load_errors(&e);
            let mut good: Vec<PathBuf> = Vec::new();
            let mut skipped: Vec<String> = Vec::new();
            for p in &paths {
                good.push(p.clone());
                if build(&good).is_err() {
                    good.pop();
                    skipped.push(p.display().to_string());
                }
            }
            let ruleset = build(&good).unwrap_or_else(|_| empty_ruleset());
            let _ = writeln!(
                report,
                "warning: not loaded: {}; starting with {} game(s)",
                skipped.join(", "),
                ruleset.games().count()
            );
            (ruleset, Some(report))
        }
    }
}

/// Finds a chart by the word typed; the error points at the word.
fn find_chart<'r>(
    ruleset: &'r Ruleset,
    line: &str,
    word: &Word,
    implicit: bool,
) -> Result<ChartRef<'r>, String> {
    if word.text.len() > MAX_NAME {
        return Err(too_long(word, line));
    }
    let known = |c: &ChartRef<'_>| c.name() == word.text || c.qualified_name() == word.text;
    let implicit_unknown = implicit && !ruleset.charts().any(|c| known(&c));
    let found = if implicit_unknown {
        Err(RollError::new(
            RollErrorKind::UnknownChart {
                name: word.text.clone(),
                suggestion: None,
            },
            None,
        ))
    } else {
        ruleset.chart(&word.text)
    };
    found.map_err(|mut e| {
        if implicit {
            if let RollErrorKind::UnknownChart { .. } = e.kind {
                let names: Vec<&str> = command::COMMANDS
                    .iter()
                    .map(|s| s.name)
                    .chain(ruleset.charts().map(|c| c.name()))
                    .collect();
                let help = chartwright::suggest::closest(&word.text, names).map_or_else(
                    || "`help` lists the commands, `list` the charts".to_string(),
                    |s| format!("did you mean `{s}`?"),
                );
                return render_line_error(
                    LineError {
                        message: format!("`{}` is neither a command nor a chart", word.text),
                        start: word.start,
                        end: word.end,
                        help: Some(help),
                        code: "chartwright::repl::unknown_command",
                    },
                    line,
                );
            }
        }
        e.span = Some(Span::new(INPUT_SOURCE, word.start, word.end));
        diagnostic::roll_error(&e, ruleset, line, "input")
    })
}

/// The line's choices, parsed from text aligned with the line so every
/// span points at the word typed.
fn choices(args: &ChartArgs) -> Result<Choices, RollError> {
    let aligned = format!("{}{}", " ".repeat(args.args_at), args.args);
    Choices::parse(&aligned)
}

/// Checks, parses and binds a typed line's choices (with its loose
/// modifiers): the common start of `roll` and `odds`.
fn bind_line<'r>(
    ruleset: &'r Ruleset,
    chart: ChartRef<'r>,
    line: &str,
    args: &ChartArgs,
) -> Result<BoundChart<'r>, Reply> {
    check_lengths(line, args).map_err(Reply::fail)?;
    let fail = |e: RollError| Reply::fail(diagnostic::roll_error(&e, ruleset, line, "input"));
    let choices = choices(args).map_err(fail)?;
    let bound = chart.bind(&choices).map_err(fail)?;
    bound.with_extra_modifier(args.extra).map_err(fail)
}

impl ReplState {
    /// A state with the rules given and dice seeded with `seed`.
    pub fn new(ruleset: Ruleset, seed: u64) -> Self {
        Self {
            ruleset,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            seed,
            history: Vec::new(),
            last_roll: None,
        }
    }

    /// The rules loaded.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// Runs a typed line.
    pub fn execute(&mut self, line: &str) -> Reply {
        if line.len() > MAX_LINE {
            return Reply::fail(line_too_long(Some(line.len())));
        }
        let cmd = match command::parse(line) {
            Ok(Command::Empty) => return Reply::default(),
            Ok(c) => c,
            Err(e) => {
                self.history.push(line.trim().to_string());
                return Reply::fail(render_line_error(e.into(), line));
            }
        };
        let reply = match cmd {
            Command::Empty => Reply::default(),
            Command::Help(topic) => help(topic.as_ref(), line),
            Command::Load(words) => self.load(&words),
            Command::Reload => self.reload(),
            Command::Test => match test::run(&self.ruleset) {
                Ok(report) => Reply::ok(report),
                Err(report) => Reply::fail(report),
            },
            Command::Games => Reply::ok(self.games()),
            Command::List(what) => self.list(what.as_ref(), line),
            Command::Show(word) => match find_chart(&self.ruleset, line, &word, false) {
                Ok(c) => Reply::ok(show::run(&c)),
                Err(e) => Reply::fail(e),
            },
            Command::Roll(args) => self.roll(line, &args, false),
            Command::Chart(args) => self.roll(line, &args, true),
            Command::Odds(args, sweep) => self.odds(line, &args, sweep, &[]),
            Command::OddsOf(args, group) => self.odds(line, &args, None, &[group]),
            Command::Diff(words) => self.diff(&words),
            Command::OddsSweep(args, name, a, b) => {
                self.odds_by_name(line, &args, &name, Some((a, b)))
            }
            Command::OddsSteps(args, name) => self.odds_by_name(line, &args, &name, None),
            Command::Seed(Some(n)) => {
                self.seed = n;
                self.rng = Xoshiro256PlusPlus::seed_from_u64(n);
                Reply::ok(format!("seed {n}\n"))
            }
            Command::Seed(None) => Reply::ok(format!("seed {}\n", self.seed)),
            Command::Again => self.again(line),
            Command::History => Reply::ok(self.history_text()),
            Command::Quit => Reply {
                quit: true,
                ..Reply::default()
            },
        };
        self.history.push(line.trim().to_string());
        reply
    }

    fn history_text(&self) -> String {
        let mut out = String::new();
        for (i, l) in self.history.iter().enumerate() {
            let _ = writeln!(out, "{:>4}  {l}", i + 1);
        }
        out
    }

    fn games(&self) -> String {
        let mut out = String::new();
        let mut any = false;
        for game in self.ruleset.games() {
            let (name, title, version) = (game.name, game.title, game.version);
            any = true;
            let n = self.ruleset.charts().filter(|c| c.game() == name).count();
            let charts = if n == 1 { "chart" } else { "charts" };
            let _ = writeln!(out, "{name:<28} {title} (version {version}), {n} {charts}");
        }
        if !any {
            out.push_str("no games loaded; `load RULES` loads some\n");
        }
        out
    }

    fn list(&self, what: Option<&Word>, line: &str) -> Reply {
        let known = what.map_or(true, |w| {
            self.ruleset.games().any(|g| g.name == w.text)
                || self
                    .ruleset
                    .charts()
                    .any(|c| c.name() == w.text || c.qualified_name() == w.text)
        });
        let all = if known {
            list::run(&self.ruleset, None, false)
        } else {
            String::new()
        };
        let Some(word) = what else {
            if all.is_empty() {
                return Reply::ok("no games loaded; `load RULES` loads some\n".into());
            }
            return Reply::ok(all);
        };
        // Split the listing into one block per game.
        let mut blocks: Vec<(String, String)> = Vec::new();
        for l in all.lines() {
            if !l.starts_with(' ') {
                let game = l
                    .rsplit_once('[')
                    .map_or("", |(_, g)| g.trim_end_matches(']'))
                    .to_string();
                blocks.push((game, String::new()));
            }
            if let Some((_, b)) = blocks.last_mut() {
                b.push_str(l);
                b.push('\n');
            }
        }
        if let Some((_, b)) = blocks.iter().find(|(g, _)| *g == word.text) {
            return Reply::ok(b.clone());
        }
        if word.text.len() > MAX_NAME {
            return Reply::fail(too_long(word, line));
        }
        if let Some(Ok(chart)) = known.then(|| self.ruleset.chart(&word.text)) {
            let Some((_, block)) = blocks.iter().find(|(g, _)| g == chart.game()) else {
                return Reply::ok(String::new());
            };
            let mut out = String::new();
            let mut inside = false;
            let head = format!("  {} ", chart.name());
            for l in block.lines() {
                if l.starts_with(&head) {
                    inside = true;
                } else if !l.starts_with("      ") {
                    inside = false;
                }
                if inside {
                    out.push_str(l);
                    out.push('\n');
                }
            }
            return Reply::ok(out);
        }
        let names: Vec<&str> = self
            .ruleset
            .games()
            .map(|g| g.name)
            .chain(self.ruleset.charts().map(|c| c.name()))
            .collect();
        let help = chartwright::suggest::closest(&word.text, names).map_or_else(
            || "`games` lists the games loaded".to_string(),
            |s| format!("did you mean `{s}`?"),
        );
        Reply::fail(render_line_error(
            LineError {
                message: format!("no game or chart named `{}`", word.text),
                start: word.start,
                end: word.end,
                help: Some(help),
                code: "chartwright::repl::unknown_game",
            },
            line,
        ))
    }

    /// A builder with every game loaded, from where it came.
    fn builder(&self) -> RulesetBuilder {
        let mut b = RulesetBuilder::new().limits(self.ruleset.limits().clone());
        for (origin, game) in self.ruleset.origins().iter().zip(self.ruleset.games()) {
            match origin {
                Origin::File(p) => b.add_file(p),
                Origin::Bundled(n) => b.add_path(n),
                Origin::Text(t) => b.add_str(game.name, t),
                // An origin this REPL predates: reloaded by the game's name.
                _ => b.add_path(game.name),
            };
        }
        b
    }

    fn load(&mut self, words: &[Word]) -> Reply {
        let mut b = self.builder();
        for w in words {
            b.add_path(Path::new(&w.text));
        }
        match b.build() {
            Ok(r) => {
                let before: Vec<String> =
                    self.ruleset.games().map(|g| g.name.to_string()).collect();
                let mut out = String::new();
                for game in r.games() {
                    let (name, title, version) = (game.name, game.title, game.version);
                    if !before.iter().any(|b| b == name) {
                        let n = r.charts().filter(|c| c.game() == name).count();
                        let charts = if n == 1 { "chart" } else { "charts" };
                        let _ = writeln!(
                            out,
                            "loaded {name}: {title} (version {version}), {n} {charts}"
                        );
                    }
                }
                self.ruleset = r;
                Reply::ok(out)
            }
            Err(e) => {
                let mut err = diagnostic::load_errors(&e);
                let _ = writeln!(
                    err,
                    "nothing loaded; the {} game(s) loaded before are still in use",
                    self.ruleset.games().count()
                );
                Reply::fail(err)
            }
        }
    }

    fn reload(&mut self) -> Reply {
        match self.ruleset.reload() {
            Ok(r) => {
                let out = format!(
                    "reloaded {} game(s), {} chart(s)\n",
                    r.games().count(),
                    r.charts().count()
                );
                self.ruleset = r;
                Reply::ok(out)
            }
            Err(e) => {
                let mut err = diagnostic::load_errors(&e);
                err.push_str("kept the last good rules\n");
                Reply::fail(err)
            }
        }
    }

    fn roll(&mut self, line: &str, args: &ChartArgs, implicit: bool) -> Reply {
        let chart = match find_chart(&self.ruleset, line, &args.chart, implicit) {
            Ok(c) => c,
            Err(e) => return Reply::fail(e),
        };
        let last = LastRoll {
            chart: chart.qualified_name(),
            line: line.to_string(),
            args: args.clone(),
        };
        let reply = Self::roll_chart(&self.ruleset, &mut self.rng, chart, line, args);
        if !reply.failed {
            self.last_roll = Some(last);
        }
        reply
    }

    fn roll_chart(
        ruleset: &Ruleset,
        rng: &mut Xoshiro256PlusPlus,
        chart: ChartRef<'_>,
        line: &str,
        args: &ChartArgs,
    ) -> Reply {
        if chart.is_notes() && args.args.trim().is_empty() && args.extra == 0 {
            return Reply::ok(chart.render());
        }
        let bound = match bind_line(ruleset, chart, line, args) {
            Ok(b) => b,
            Err(reply) => return reply,
        };
        match roll::run(&bound, rng, false) {
            Ok(trace) => Reply::ok(trace),
            Err(e) => Reply::fail(diagnostic::roll_error(&e, ruleset, line, "input")),
        }
    }

    fn again(&mut self, line: &str) -> Reply {
        let Some(last) = self.last_roll.clone() else {
            let end = line.trim_end().len();
            let start = line.len() - line.trim_start().len();
            return Reply::fail(render_line_error(
                LineError {
                    message: "nothing to roll again yet".into(),
                    start,
                    end,
                    help: Some("roll a chart first, such as `roll bog_down tracked`".into()),
                    code: "chartwright::repl::nothing_to_repeat",
                },
                line,
            ));
        };
        match self.ruleset.chart(&last.chart) {
            Ok(chart) => {
                Self::roll_chart(&self.ruleset, &mut self.rng, chart, &last.line, &last.args)
            }
            Err(e) => Reply::fail(diagnostic::plain_error(&e)),
        }
    }

    /// `odds ... --sweep NAME=A..B` (`range` given) or `--sweep NAME`.
    fn odds_by_name(
        &self,
        line: &str,
        args: &ChartArgs,
        name: &str,
        range: Option<(i64, i64)>,
    ) -> Reply {
        let chart = match find_chart(&self.ruleset, line, &args.chart, false) {
            Ok(c) => c,
            Err(e) => return Reply::fail(e),
        };
        if let Err(e) = check_lengths(line, args) {
            return Reply::fail(e);
        }
        let fail =
            |e: &RollError| Reply::fail(diagnostic::roll_error(e, &self.ruleset, line, "input"));
        let choices = match choices(args) {
            Ok(c) => c,
            Err(e) => return fail(&e),
        };
        let out = match range {
            Some(range) => odds::named_sweep(&chart, &choices, args.extra, name, range, false),
            None => odds::steps(&chart, &choices, args.extra, name, false),
        };
        match out {
            Ok(out) => Reply::ok(out),
            Err(SweepError::NotAParam(message)) => Reply::fail(message),
            Err(SweepError::Roll(e)) => fail(&e),
        }
    }

    fn diff(&self, words: &[Word]) -> Reply {
        let mut across = false;
        let mut json = false;
        let mut html = None;
        let mut sweep = None;
        let mut rest: Vec<&str> = Vec::new();
        let mut iter = words.iter();
        while let Some(w) = iter.next() {
            match w.text.as_str() {
                "--across" => across = true,
                "--json" => json = true,
                "--html" => match iter.next() {
                    Some(file) => html = Some(file.text.as_str()),
                    None => {
                        return Reply::fail(
                            "error: --html takes the file to write, such as `mud.html`\n".into(),
                        )
                    }
                },
                "--sweep" => match iter.next().map(|v| parse_sweep(&v.text)) {
                    Some(Some(Sweep::Named(n, a, b))) => sweep = Some((n, a, b)),
                    _ => {
                        return Reply::fail(
                            "error: --sweep takes NAME=A..B, such as `bog_down_rating=-3..3`\n"
                                .into(),
                        )
                    }
                },
                other => rest.push(other),
            }
        }
        let [base, variant, more @ ..] = rest.as_slice() else {
            let usage = command::spec("diff").map_or("", |s| s.usage);
            return Reply::fail(format!("usage: {usage}\n"));
        };
        let pair = match Pairing::named(&self.ruleset, base, variant) {
            Ok(pair) => pair,
            Err(e) => return Reply::fail(diagnostic::plain_error(&e)),
        };
        let choices = more.get(1..).unwrap_or(&[]).join(" ");
        let req = diff::Request {
            chart: more.first().copied(),
            choices: &choices,
            across,
            sweep,
            json,
            page: html.is_some(),
        };
        // One budget for the whole line: the diff and the page it writes.
        let mut budget = chartwright::Budget::new(self.ruleset.limits());
        let report = match diff::run(&pair, &req, &mut budget) {
            Ok(report) => report,
            Err(e) => return Reply::fail(e),
        };
        let mut out = report.text;
        if let (Some(file), Some(page)) = (html, report.page) {
            // The page goes to a file, never to the terminal: `-` is a file
            // name here, as the REPL has no standard output of its own.
            if let Err(e) = std::fs::write(file, &page) {
                return Reply::fail(format!("error: cannot write {file}: {e}\n"));
            }
            let _ = writeln!(out, "wrote {file} ({} bytes)", page.len());
        }
        Reply::ok(out)
    }

    fn odds(
        &mut self,
        line: &str,
        args: &ChartArgs,
        sweep: Option<(i64, i64)>,
        groups: &[chartwright::OutcomeGroup],
    ) -> Reply {
        let chart = match find_chart(&self.ruleset, line, &args.chart, false) {
            Ok(c) => c,
            Err(e) => return Reply::fail(e),
        };
        let bound = match bind_line(&self.ruleset, chart, line, args) {
            Ok(b) => b,
            Err(reply) => return reply,
        };
        let odds = match sweep {
            // The sweep's columns are headed by the net modifier in all,
            // the loose modifiers typed included.
            Some((a, b)) => odds::sweep(&chart, &bound, a..=b, args.extra, false),
            None => odds::run(&chart, &bound, groups, false),
        };
        match odds {
            Ok(text) => Reply::ok(text),
            Err(e) => Reply::fail(diagnostic::roll_error(&e, &self.ruleset, line, "input")),
        }
    }
}

fn help(topic: Option<&Word>, line: &str) -> Reply {
    let Some(word) = topic else {
        let mut out = String::from("Commands:\n");
        for s in command::COMMANDS {
            let _ = writeln!(out, "  {:<52} {}", s.usage, s.summary);
        }
        out.push_str(
            "\nType a chart's name alone to roll it: `bog_down tracked`. `help COMMAND` explains one.\n\
             Tab completes commands, charts, modifiers and options; Up/Down and Ctrl-R recall\n\
             earlier lines; Ctrl-C cancels the line; Ctrl-D or `quit` leaves.\n",
        );
        return Reply::ok(out);
    };
    if let Some(s) = command::spec(&word.text) {
        return Reply::ok(format!(
            "usage: {}\n\n{}\n\nexample:\n  chartwright> {}\n",
            s.usage,
            wrap(s.detail, 76),
            s.example
        ));
    }
    let help = chartwright::suggest::closest(&word.text, command::COMMANDS.iter().map(|s| s.name))
        .map_or_else(
            || "`help` lists the commands".to_string(),
            |s| format!("did you mean `{s}`?"),
        );
    Reply::fail(render_line_error(
        LineError {
            message: format!("no command named `{}`", word.text),
            start: word.start,
            end: word.end,
            help: Some(help),
            code: "chartwright::repl::unknown_command",
        },
        line,
    ))
}

/// Wraps text at spaces to lines of at most `width` display columns.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut col = 0;
    for word in text.split_whitespace() {
        let n = cols(word);
        if col > 0 && col + 1 + n > width {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(word);
        col += n;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, RngCore};

    fn repl() -> ReplState {
        let (r, _) = initial_rules(&[]);
        ReplState::new(r, 7)
    }

    fn first_echelon() -> ReplState {
        let (r, report) = initial_rules(&[PathBuf::from("first_echelon")]);
        assert!(report.is_none(), "{report:?}");
        ReplState::new(r, 7)
    }

    #[test]
    fn rolls_with_the_trace() {
        let mut s = first_echelon();
        let r = s.execute("roll bog_down tracked bog_down_rating=-1");
        assert!(!r.failed, "{}", r.err);
        assert!(r.out.contains("Bog Down Table"), "{}", r.out);
        assert!(r.out.contains("[tracked]"));
        assert!(r.out.contains("=> "));
    }

    #[test]
    fn same_seed_same_rolls() {
        let mut s = first_echelon();
        s.execute("seed 42");
        let a = s.execute("bog_down tracked").out;
        s.execute("seed 42");
        let b = s.execute("again").out;
        assert_eq!(a, b);
    }

    #[test]
    fn errors_point_into_the_line() {
        let mut s = first_echelon();
        let r = s.execute("roll bog_down trackd");
        assert!(r.failed);
        assert!(r.err.contains("did you mean `tracked`?"), "{}", r.err);
        assert!(r.err.contains("roll bog_down trackd"), "{}", r.err);
        let r = s.execute("rol bog_down");
        assert!(r.err.contains("did you mean `roll`?"), "{}", r.err);
        let r = s.execute("show bog_dwn");
        assert!(r.err.contains("did you mean `bog_down`?"), "{}", r.err);
    }

    #[test]
    fn extra_modifiers_show_in_the_trace() {
        let mut s = first_echelon();
        let r = s.execute("roll bog_down +2");
        assert!(
            r.out.contains("+2") && r.out.contains("extra modifier"),
            "{}",
            r.out
        );
    }

    #[test]
    fn history_numbers_previous_lines() {
        let mut s = first_echelon();
        s.execute("games");
        s.execute("");
        s.execute("seed 1");
        let r = s.execute("history");
        assert_eq!(r.out, "   1  games\n   2  seed 1\n");
    }

    #[test]
    fn list_a_game_or_a_chart() {
        let mut s = first_echelon();
        let r = s.execute("list first_echelon");
        assert!(r.out.starts_with("Battlefront"), "{}", r.out);
        let r = s.execute("list bog_down");
        assert!(r.out.starts_with("  bog_down"), "{}", r.out);
        assert!(r.out.contains("tracked"));
        assert!(!r.out.contains("manoeuvre"));
        assert!(s.execute("list nothing_like_it").failed);
    }

    #[test]
    fn wraps_help() {
        assert_eq!(wrap("a b c", 3), "a b\nc");
    }

    const WORDS: &[&str] = &[
        "roll",
        "odds",
        "show",
        "list",
        "games",
        "help",
        "seed",
        "again",
        "history",
        "reload",
        "quit",
        "exit",
        "r",
        "?",
        "=",
        "==",
        "=3",
        "--sweep",
        "--sweep=",
        "-3..3",
        "..",
        "1..",
        "+",
        "-",
        "+2",
        "-1",
        "--",
        "#",
        "0",
        "-0",
        "99999999999999999999",
        "-9223372036854775808",
        "18446744073709551615",
        "é",
        "日本語",
        "🎲",
        "\u{202e}",
        "\u{0}",
        "\t",
        "a.b.c",
        ".",
        "first_echelon.",
        ".bog_down",
        "veteran",
        "suppressed",
        "x=y=z",
        "tracked=",
        "=tracked",
    ];

    fn vocabulary(s: &ReplState) -> Vec<String> {
        let mut v: Vec<String> = WORDS.iter().map(|w| (*w).to_string()).collect();
        for c in s.ruleset().charts() {
            v.push(c.name().to_string());
            v.push(c.qualified_name());
            for i in c.inputs() {
                v.push(i.name.clone());
                match &i.kind {
                    chartwright::InputKind::Choice { options } => {
                        for (o, _) in options {
                            v.push(format!("{}={o}", i.name));
                        }
                    }
                    chartwright::InputKind::Param { bounds, .. } => {
                        let (lo, hi) = bounds.map_or((-3, 3), |(l, h)| (l.ceil(), h.floor()));
                        for n in [lo, hi, lo - 1, hi + 1, 0] {
                            v.push(format!("{}={n}", i.name));
                        }
                    }
                    _ => v.push(format!("{}=1", i.name)),
                }
            }
        }
        v
    }

    fn mutate(line: &str, rng: &mut Xoshiro256PlusPlus) -> String {
        let mut chars: Vec<char> = line.chars().collect();
        for _ in 0..rng.random_range(1..4) {
            let at = if chars.is_empty() {
                0
            } else {
                rng.random_range(0..=chars.len())
            };
            match rng.random_range(0..4) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 => chars.insert(
                    at,
                    char::from_u32(rng.random_range(0..0x3000)).unwrap_or('?'),
                ),
                2 => chars.insert(
                    at,
                    ['=', ' ', '.', '-', '+', '#', 'é'][rng.random_range(0..7)],
                ),
                _ if at < chars.len() => chars[at] = char::from(rng.random_range(b' '..b'~')),
                _ => {}
            }
        }
        chars.into_iter().collect()
    }

    /// Thousands of random and mutated lines: no panic, whatever is typed.
    #[test]
    fn fuzz_lines_never_panic() {
        let mut s = repl();
        let vocab = vocabulary(&s);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(20_240_601);
        let long = "x".repeat(5000);
        let started = std::time::Instant::now();
        let mut count = 0;
        for i in 0..2500 {
            let n = rng.random_range(0..7);
            let mut words: Vec<String> = (0..n)
                .map(|_| match rng.random_range(0..20) {
                    0 => long.clone(),
                    1 => rng.next_u64().to_string(),
                    2 => format!("{}", rng.random::<i64>()),
                    _ => vocab[rng.random_range(0..vocab.len())].clone(),
                })
                .collect();
            if rng.random_bool(0.3) && !words.is_empty() {
                words[0] =
                    ["roll", "odds", "show", "list", "help"][rng.random_range(0..5)].to_string();
            }
            let sep = if rng.random_bool(0.9) { " " } else { " \t  " };
            let mut line = words.join(sep);
            if i % 2 == 1 {
                line = mutate(&line, &mut rng);
            }
            // Loading random paths would read the disk; keep to rules-free commands.
            if line.trim_start().starts_with("load") || line.trim_start().starts_with("reload") {
                continue;
            }
            let reply = s.execute(&line);
            assert!(
                reply.failed || reply.err.is_empty(),
                "{line:?}: {}",
                reply.err
            );
            count += 1;
        }
        assert!(count > 2000);
        assert!(started.elapsed().as_secs() < 60);
        let _ = s.execute("reload");
        let _ = s.execute("load no/such/file.rules");
    }
}
