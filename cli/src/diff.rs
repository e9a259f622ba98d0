//! `diff` (command line and REPL), `--sweep NAME=A..B` and `source`: what a
//! variant does to the odds, drawn from the library's [`OddsDiff`] and
//! [`Across`]. Uses only the library's public API.

use crate::output;
use chartwright::compare::{across_in, merged_order, Across, OutcomeDiff};
use chartwright::{ChartKind, ChartRef, Choices, Odds, OddsDiff, RollError, Ruleset};
use std::fmt::Write;

/// Most characters of an outcome shown in a table; longer ones end in `…`.
const LABEL_WIDTH: usize = 40;

/// Most situation classes ranked in `--across` output.
const TOP: usize = 10;

/// One side of a comparison: one game of a ruleset.
pub struct Side<'r> {
    /// The rules.
    pub rules: &'r Ruleset,
    /// The game's short name.
    pub game: String,
}

impl<'r> Side<'r> {
    /// The only game of `rules`, or an error naming them.
    pub fn only(rules: &'r Ruleset, what: &str) -> Result<Self, String> {
        let games: Vec<&str> = rules.games().map(|g| g.name).collect();
        match games.as_slice() {
            [one] => Ok(Self {
                rules,
                game: (*one).to_owned(),
            }),
            _ => Err(format!(
                "error: the {what} must be one game; these rules hold {}: {}\n",
                games.len(),
                games.join(", ")
            )),
        }
    }

    /// The game `game` of `rules`, or an error naming the loaded games.
    pub fn named(rules: &'r Ruleset, game: &str) -> Result<Self, String> {
        if rules.games().any(|g| g.name == game) {
            return Ok(Self {
                rules,
                game: game.to_owned(),
            });
        }
        let games: Vec<&str> = rules.games().map(|g| g.name).collect();
        let hint = chartwright::suggest::closest(game, games.iter().copied())
            .map_or(String::new(), |s| format!(" (did you mean `{s}`?)"));
        Err(format!(
            "error: no loaded game `{game}`{hint}; loaded: {}\n",
            games.join(", ")
        ))
    }

    /// Its chart named `name`, if it has one.
    pub fn chart(&self, name: &str) -> Option<ChartRef<'r>> {
        self.rules
            .charts()
            .find(|c| c.game() == self.game && c.name() == name)
    }

    /// Its grids: charts that roll nothing of their own but that other
    /// charts read.
    fn read_by_others(&self) -> Vec<ChartRef<'r>> {
        self.rules
            .charts()
            .filter(|c| c.game() == self.game && c.kind() == ChartKind::Grid)
            .collect()
    }

    /// Its charts that roll (not grids, modifier sets or notes).
    fn rolled(&self) -> Vec<ChartRef<'r>> {
        self.rules
            .charts()
            .filter(|c| c.game() == self.game && c.dice().is_some())
            .collect()
    }
}

/// What `diff` was asked for.
pub struct Request<'a> {
    /// The chart, if one.
    pub chart: Option<&'a str>,
    /// The choices, as typed.
    pub choices: &'a str,
    /// `--across`.
    pub across: bool,
    /// `--sweep NAME=A..B`.
    pub sweep: Option<(String, i64, i64)>,
    /// `--json`.
    pub json: bool,
}

/// Runs a `diff` request; the error is rendered and ready to print.
///
/// Every comparison it makes is within `budget`, shared with the rest of
/// the command (the page `--html` writes).
pub fn run(
    base: &Side<'_>,
    variant: &Side<'_>,
    req: &Request<'_>,
    budget: &mut chartwright::Budget,
) -> Result<String, String> {
    let fail = |e: &RollError| output::roll_error(e, variant.rules, req.choices, "arguments");
    let choices = Choices::parse(req.choices).map_err(|e| fail(&e))?;
    let Some(name) = req.chart else {
        if req.json {
            let (changes, compared, limit) = changes(base, variant, &choices, budget);
            return Ok(crate::json::text(crate::json::overview(
                &base.game,
                &variant.game,
                &changes,
                compared,
                limit,
            )));
        }
        return Ok(overview(base, variant, &choices, budget));
    };
    let (b_chart, v_chart) = pair(base, variant, name)?;
    if let Some((param, lo, hi)) = &req.sweep {
        let sweep = (param.as_str(), *lo, *hi);
        return diff_sweep(&b_chart, &v_chart, &choices, sweep, req.json, budget)
            .map_err(|e| e.unwrap_or_else(|e| fail(&e)));
    }
    if req.across {
        let limit = variant.rules.limits().max_situations;
        let a = across_in(&b_chart, &v_chart, &choices, limit, budget).map_err(|e| fail(&e))?;
        return Ok(if req.json {
            crate::json::text(crate::json::across(&a, &b_chart.qualified_name()))
        } else {
            render_across(&a, &b_chart.qualified_name(), limit)
        });
    }
    let d = OddsDiff::compare_in(&b_chart, &v_chart, &choices, budget).map_err(|e| fail(&e))?;
    Ok(if req.json {
        crate::json::text(crate::json::diff(&d, &b_chart.qualified_name()))
    } else {
        render(&d, &b_chart.qualified_name())
    })
}

/// `diff BASE VARIANT [CHART [CHOICES...]] --html FILE`: the comparison
/// page of one chart in the situation given, or (without a chart) of every
/// chart that differs, each in the situation of its largest change, with
/// the charts only one side has listed under them. The error is rendered
/// and ready to print.
pub fn page(
    base: &Side<'_>,
    variant: &Side<'_>,
    chart: Option<&str>,
    choices: &str,
    budget: &mut chartwright::Budget,
) -> Result<String, String> {
    let fail =
        |e: &chartwright::RollError| output::roll_error(e, variant.rules, choices, "arguments");
    let parsed = Choices::parse(choices).map_err(|e| fail(&e))?;
    let game_title = |side: &Side<'_>| {
        side.rules
            .games()
            .find(|g| g.name == side.game)
            .map_or_else(|| side.game.clone(), |g| g.title.to_owned())
    };
    let title = format!("{} against {}", game_title(variant), game_title(base));
    let names = (base.game.as_str(), variant.game.as_str());
    let mut charts: Vec<chartwright::sheet::Compared> = Vec::new();
    let mut notes = Vec::new();
    if let Some(name) = chart {
        let (b, v) = pair(base, variant, name)?;
        let d = OddsDiff::compare_in(&b, &v, &parsed, budget).map_err(|e| fail(&e))?;
        charts.push(chartwright::sheet::Compared::new(v.title(), d));
    } else {
        let (changes, compared, limit) = changes(base, variant, &parsed, budget);
        for c in changes {
            match c {
                Change::Changed {
                    chart,
                    top,
                    exhaustive,
                    ..
                } => {
                    let how = if exhaustive {
                        format!("{}, its largest change", top.class)
                    } else {
                        format!(
                            "{}, the largest change in the situations compared",
                            top.class
                        )
                    };
                    charts.push(
                        chartwright::sheet::Compared::new(chart.title(), top.diff).with_note(how),
                    );
                }
                Change::Unchanged(v, how) => {
                    notes.push(format!(
                        "{} ({}): no change found; {how}",
                        v.title(),
                        v.name()
                    ));
                }
                Change::New(v) => {
                    notes.push(format!("{} ({}): new in the variant", v.title(), v.name()));
                }
                Change::Removed(b) => {
                    notes.push(format!(
                        "{} ({}): removed by the variant",
                        b.title(),
                        b.name()
                    ));
                }
                Change::Failed(v, e, hint) => {
                    let give = hint
                        .as_ref()
                        .map_or(String::new(), |h| format!("; give {h} to cut the work"));
                    notes.push(format!(
                        "{} ({}): not compared: {e}{give}",
                        v.title(),
                        v.name()
                    ));
                }
                Change::Reference(v, cells) => {
                    let what = if cells.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", cells.join("; "))
                    };
                    notes.push(format!(
                        "{} ({}): {} changed by the variant{what}",
                        v.title(),
                        v.name(),
                        v.kind()
                    ));
                }
            }
        }
        notes.push(format!(
            "{compared} charts compared, every situation class of each up to {limit}; those not shown do not change in any class compared."
        ));
    }
    Ok(chartwright::sheet::comparison_page(
        &title, names, &charts, &notes,
    ))
}

/// The chart `name` of both sides, or the error to print when a side lacks
/// it.
pub fn pair<'r>(
    base: &Side<'r>,
    variant: &Side<'r>,
    name: &str,
) -> Result<(ChartRef<'r>, ChartRef<'r>), String> {
    let (b, v) = (base.chart(name), variant.chart(name));
    let Some(v_chart) = v.or(b) else {
        let names: Vec<&str> = variant.rolled().iter().map(ChartRef::name).collect();
        let hint = chartwright::suggest::closest(name, names.iter().copied())
            .map_or(String::new(), |s| format!(" (did you mean `{s}`?)"));
        return Err(format!(
            "error: neither `{}` nor `{}` has a chart `{name}`{hint}\n",
            base.game, variant.game
        ));
    };
    let Some(b_chart) = b else {
        return Err(format!(
            "error: `{name}` is new in `{}`: the base has no such chart to compare with\n",
            variant.game
        ));
    };
    let Some(v_chart) = v else {
        return Err(format!(
            "error: `{name}` is removed by `{}`: only the base has it\n",
            v_chart.game()
        ));
    };
    Ok((b_chart, v_chart))
}

/// An outcome's text cut to `width` display columns, ending in `…` if cut.
pub fn cut(text: &str, width: usize) -> String {
    if output::cols(text) <= width {
        return text.to_owned();
    }
    let mut s = String::new();
    for c in text.chars() {
        s.push(c);
        if output::cols(&s) > width.saturating_sub(1) {
            s.pop();
            break;
        }
    }
    s.push('…');
    s
}

fn fraction(p: Option<&chartwright::Probability>) -> String {
    p.map_or_else(|| "—".to_owned(), chartwright::Probability::fraction)
}

fn pct(p: Option<f64>) -> String {
    p.map_or_else(String::new, |p| format!("{p:.2}%"))
}

/// One chart's diff as a table: outcome, base, variant, change, bar.
pub fn render(d: &OddsDiff, base_name: &str) -> String {
    let mut out = String::new();
    let choices = if d.choices.is_empty() {
        String::new()
    } else {
        format!("  with {}", d.choices)
    };
    let _ = writeln!(out, "{base_name} → {}{choices}", d.chart);
    let w = d
        .outcomes
        .iter()
        .map(|o| output::cols(&o.outcome).min(LABEL_WIDTH))
        .max()
        .unwrap_or(0)
        .max("outcome".len());
    let bf: Vec<String> = d
        .outcomes
        .iter()
        .map(|o| fraction(o.base.as_ref()))
        .collect();
    let vf: Vec<String> = d
        .outcomes
        .iter()
        .map(|o| fraction(o.variant.as_ref()))
        .collect();
    let bw = bf
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let vw = vf
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let _ = writeln!(
        out,
        "  {:<w$}  {:<bw$} {:>7}   {:<vw$} {:>7}   {:>10}",
        "outcome", "base", "", "variant", "", "change"
    );
    for ((o, b), v) in d.outcomes.iter().zip(&bf).zip(&vf) {
        let side = match (&o.base, &o.variant) {
            (None, Some(_)) => "  (variant only)",
            (Some(_), None) => "  (base only)",
            _ => "",
        };
        let delta = o.delta_percent();
        let arrow = if delta > 0.0 {
            "▲"
        } else if delta < 0.0 {
            "▼"
        } else {
            " "
        };
        let _ = writeln!(
            out,
            "  {}  {b:<bw$} {:>7}   {v:<vw$} {:>7}   {:>+7.2} pp  {arrow}{}{side}",
            output::pad(&cut(&o.outcome, LABEL_WIDTH), w),
            pct(o.base_percent()),
            pct(o.variant_percent()),
            delta + 0.0,
            output::bar(delta.abs()),
        );
    }
    if d.is_unchanged() {
        out.push_str("  no change\n");
    }
    out
}

/// `OUTCOME: 1/3 → 1/2 (+16.67 pp)`: exact, then the change in points.
fn change_text(o: &OutcomeDiff) -> String {
    let side = |p: Option<&chartwright::Probability>| {
        p.map_or_else(|| "never".to_owned(), chartwright::Probability::fraction)
    };
    format!(
        "{}: {} → {} ({:+.2} pp)",
        cut(&o.outcome, LABEL_WIDTH),
        side(o.base.as_ref()),
        side(o.variant.as_ref()),
        o.delta_percent() + 0.0
    )
}

/// A class's situation as a player types it (`roll` takes it as is).
fn situation(choices: &str) -> String {
    if choices.is_empty() {
        "(no choices)".to_owned()
    } else {
        format!("({choices})")
    }
}

/// How much of a chart's situations `--across` covered, in words.
fn coverage(a: &Across, limit: usize) -> String {
    if a.same_rules {
        return "compiled alike, with every chart, grid and choice it reads: no situation can change"
            .to_owned();
    }
    let mut how = match (a.total, a.sampled) {
        (Some(total), true) => format!(
            "{total} situation classes, more than the limit of {limit}: a sample of {} compared",
            a.compared
        ),
        (None, _) => format!(
            "too many situation classes to count: a sample of {} compared",
            a.compared
        ),
        (Some(1), false) => "1 situation class, compared".to_owned(),
        (Some(total), false) => format!("{total} situation classes, every one compared"),
    };
    if !a.not_split.is_empty() {
        let _ = write!(how, "; not split into classes: {}", a.not_split.join(", "));
    }
    how
}

/// `--across`: the situation classes ranked by their largest change.
pub fn render_across(a: &Across, base_name: &str, limit: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{base_name} → {}: {}", a.chart, coverage(a, limit));
    if a.skipped > 0 {
        let _ = writeln!(
            out,
            "  ({} left out: situations a side cannot roll, such as a value its score cannot use)",
            a.skipped
        );
    }
    let changed: Vec<&chartwright::compare::ClassDiff> = a.changed().collect();
    if changed.is_empty() {
        out.push_str(if a.exhaustive() {
            "  no change in any situation\n"
        } else {
            "  no change in any situation compared\n"
        });
        return out;
    }
    let alike = |c: &&chartwright::compare::ClassDiff| c.alike + 1;
    let _ = writeln!(
        out,
        "  {} of {} classes compared change; the largest changes first:",
        changed.iter().map(alike).sum::<usize>(),
        a.compared - a.skipped
    );
    for (i, c) in changed.iter().take(TOP).enumerate() {
        if let Some(o) = c.diff.largest() {
            let more = match c.alike {
                0 => String::new(),
                1 => " (and 1 more class alike)".to_owned(),
                n => format!(" (and {n} more classes alike)"),
            };
            let _ = writeln!(
                out,
                "  {:>3}. {}: {}{more}\n       {}",
                i + 1,
                c.class,
                change_text(o),
                situation(&c.diff.choices)
            );
        }
    }
    if changed.len() > TOP {
        let _ = writeln!(out, "  ... and {} more", changed.len() - TOP);
    }
    out
}

/// What a variant does to one of its base's charts that roll.
pub enum Change<'r> {
    /// Its odds differ: the class of its largest change (as `--across`
    /// ranks them) and how much of its situations were compared.
    Changed {
        /// The variant's chart.
        chart: ChartRef<'r>,
        /// The class of the largest change, with its diff.
        top: chartwright::compare::ClassDiff,
        /// How much was compared, in words (as `--across` says it).
        coverage: String,
        /// True when every situation class was compared.
        exhaustive: bool,
    },
    /// No change in any class compared, but not every situation was
    /// covered: why, in words.
    Unchanged(ChartRef<'r>, String),
    /// Only the variant has it.
    New(ChartRef<'r>),
    /// Only the base has it.
    Removed(ChartRef<'r>),
    /// Its odds could not be compared, and (past the budget) the input
    /// whose value, given, would cut the work most.
    Failed(ChartRef<'r>, RollError, Option<String>),
    /// A grid the variant changed (it rolls nothing of its own; every
    /// chart that reads it is compared): its changed cells, each in words
    /// (`unit_rating=raw order_status=disordered: -5 → 1`).
    Reference(ChartRef<'r>, Vec<String>),
}

impl Change<'_> {
    /// True for a chart whose odds were compared and differ.
    pub fn differs(&self) -> bool {
        matches!(self, Change::Changed { .. })
    }
}

/// A grid's changed cell in words: `KEYS: BASE → VARIANT`.
fn cell_words(c: &chartwright::compare::CellChange) -> String {
    let side = |s: &Option<String>| s.clone().unwrap_or_else(|| "(none)".to_owned());
    format!("{}: {} → {}", c.keys, side(&c.base), side(&c.variant))
}

/// Without a chart: every chart that differs, with its largest change over
/// its situation classes (bounded, as `--across`), the largest change
/// first (ties in the variant's order), then the charts new in the variant,
/// those whose classes were not all compared, and the charts it removed. Also how many charts were compared, and the bound on classes
/// per chart.
pub fn changes<'r>(
    base: &Side<'r>,
    variant: &Side<'r>,
    choices: &Choices,
    budget: &mut chartwright::Budget,
) -> (Vec<Change<'r>>, usize, usize) {
    // Every chart's situations within the one budget: the whole diff ends
    // within the limits, a chart past them `not compared: ... over budget`.
    let limit = variant.rules.limits().max_situations;
    let mut out = Vec::new();
    let mut compared = 0;
    for v in variant.rolled() {
        let Some(b) = base.chart(v.name()) else {
            out.push(Change::New(v));
            continue;
        };
        compared += 1;
        match across_in(&b, &v, &choices_for(&b, &v, choices), limit, budget) {
            Ok(a) => {
                let how = coverage(&a, limit);
                let exhaustive = a.exhaustive();
                let top = a.changed().next().cloned();
                match top {
                    Some(top) => out.push(Change::Changed {
                        chart: v,
                        top,
                        coverage: how,
                        exhaustive,
                    }),
                    None if !exhaustive => out.push(Change::Unchanged(v, how)),
                    None => {}
                }
            }
            Err(e) => {
                let hint = matches!(e.kind, chartwright::RollErrorKind::OverBudget { .. })
                    .then(|| {
                        chartwright::compare::situation_classes(
                            &[&b, &v],
                            &choices_for(&b, &v, choices),
                            limit,
                        )
                        .widest_input()
                    })
                    .flatten();
                out.push(Change::Failed(v, e, hint));
            }
        }
    }
    // Grids roll nothing of their own: a change to one is
    // listed with its cells (the charts that read it were compared above).
    for v in variant.read_by_others() {
        let Some(b) = base.chart(v.name()) else {
            continue;
        };
        if let Some(cells) = chartwright::compare::grid_changes(&b, &v) {
            if !cells.is_empty() {
                out.push(Change::Reference(v, cells.iter().map(cell_words).collect()));
            }
        }
    }
    for b in base.rolled() {
        if variant.chart(b.name()).is_none() {
            out.push(Change::Removed(b));
        }
    }
    // Where the house rule matters most: the charts that change, largest
    // change first (ties in the sheet's order), then the rest as they came.
    // (Equal fractions give equal floats, so ties stay ties.)
    let size = |c: &Change<'_>| match c {
        Change::Changed { top, .. } => top.diff.largest().map_or(0.0, |o| o.delta_percent().abs()),
        _ => -1.0,
    };
    out.sort_by(|a, b| size(b).total_cmp(&size(a)));
    (out, compared, limit)
}

/// Without a chart: every chart that differs, with its largest change over
/// its situation classes (bounded, as `--across`).
fn overview(
    base: &Side<'_>,
    variant: &Side<'_>,
    choices: &Choices,
    budget: &mut chartwright::Budget,
) -> String {
    let (changes, compared, _) = changes(base, variant, choices, budget);
    let mut lines = Vec::new();
    let mut partial = Vec::new();
    for c in &changes {
        match c {
            Change::New(v) => lines.push(format!("  {:<28} new in the variant", v.name())),
            Change::Removed(b) => lines.push(format!("  {:<28} removed by the variant", b.name())),
            Change::Failed(v, e, hint) => {
                let give = hint
                    .as_ref()
                    .map_or(String::new(), |h| format!("; give {h} to cut the work"));
                lines.push(format!("  {:<28} not compared: {e}{give}", v.name()));
            }
            Change::Reference(v, cells) => lines.push(reference_line(v, cells)),
            Change::Unchanged(v, how) => partial.push(format!("  {:<28} {how}", v.name())),
            Change::Changed {
                chart,
                top,
                coverage,
                exhaustive,
            } => {
                let Some(o) = top.diff.largest() else {
                    continue;
                };
                lines.push(format!(
                    "  {:<28} {}: {}\n  {:<28} {}",
                    chart.name(),
                    top.class,
                    change_text(o),
                    "",
                    situation(&top.diff.choices)
                ));
                if !exhaustive {
                    partial.push(format!("  {:<28} {coverage}", chart.name()));
                }
            }
        }
    }
    let mut out = String::new();
    if lines.is_empty() {
        if partial.is_empty() {
            let _ = writeln!(
                out,
                "{} → {}: no change ({compared} charts compared, every situation class of each)",
                base.game, variant.game
            );
        } else {
            let _ = writeln!(
                out,
                "{} → {}: no change found ({compared} charts compared)",
                base.game, variant.game
            );
        }
    } else {
        // Only the charts compared whose odds differ are counted; a chart
        // not compared is said to be, never counted as differing.
        let differ = changes.iter().filter(|c| c.differs()).count();
        let failed = changes
            .iter()
            .filter(|c| matches!(c, Change::Failed(..)))
            .count();
        let not_compared = if failed == 0 {
            String::new()
        } else {
            format!("; {failed} not compared")
        };
        if differ == 0 {
            let _ = writeln!(
                out,
                "{} → {}: no chart's odds differ ({compared} charts compared{not_compared}); what changed:",
                base.game, variant.game
            );
        } else {
            let _ = writeln!(
                out,
                "{} → {}: {differ} of {compared} charts differ (the largest change of each, in the class it happens){not_compared}",
                base.game, variant.game
            );
        }
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
    }
    if !partial.is_empty() {
        let charts = if partial.len() == 1 {
            "chart"
        } else {
            "charts"
        };
        let _ = writeln!(
            out,
            "Not every situation was compared in {} {charts} (`diff --across` ranks what was):",
            partial.len()
        );
        for l in partial {
            let _ = writeln!(out, "{l}");
        }
    }
    out
}

/// A grid the variant changed, for the overview: its changed cells (the
/// first few), one a line.
fn reference_line(v: &ChartRef<'_>, cells: &[String]) -> String {
    let mut line = format!("  {:<28} {} changed", v.name(), v.kind());
    if cells.is_empty() {
        line.push_str(" (the charts that read it are compared above)");
        return line;
    }
    let _ = write!(
        line,
        ", {} {}:",
        cells.len(),
        if cells.len() == 1 { "cell" } else { "cells" }
    );
    for c in cells.iter().take(TOP) {
        let _ = write!(line, "\n  {:<28}   {c}", "");
    }
    if cells.len() > TOP {
        let _ = write!(line, "\n  {:<28}   ... and {} more", "", cells.len() - TOP);
    }
    line
}

/// The typed choices either chart takes.
fn choices_for(b: &ChartRef<'_>, v: &ChartRef<'_>, choices: &Choices) -> Choices {
    let mut out = Choices::none();
    for a in choices.args() {
        let takes = |c: &ChartRef<'_>| c.inputs().iter().any(|i| i.name == a.name);
        if takes(b) || takes(v) {
            out = out.with(&a.name, a.value.as_deref());
        }
    }
    out
}

// -- Sweeps -------------------------------------------------------------------

/// `NAME=A..B` (a named parameter) or `A..B` (a loose net modifier).
pub enum Sweep {
    /// A parameter by name, from A to B.
    Named(String, i64, i64),
    /// A loose net modifier from A to B.
    Loose(i64, i64),
    /// An input by name alone: each value at which the chart can change.
    Steps(String),
}

/// Parses `--sweep`'s value. How many values a sweep may take is the
/// library's `max_sweep_points` ([`ChartRef::check_sweep`]), not a
/// parser's.
pub fn parse_sweep(s: &str) -> Option<Sweep> {
    let s = s.trim();
    if !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
    {
        return Some(Sweep::Steps(s.to_owned()));
    }
    let (name, range) = match s.split_once('=') {
        Some((n, r)) => (Some(n.trim()), r),
        None => (None, s),
    };
    let (a, b) = range.split_once("..")?;
    let (a, b): (i64, i64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    if a > b {
        return None;
    }
    match name {
        Some(n) if !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
            Some(Sweep::Named(n.to_owned(), a, b))
        }
        Some(_) => None,
        None => Some(Sweep::Loose(a, b)),
    }
}

/// A table of outcomes (rows, in table order) by columns, each cell from
/// `cell(column, outcome)`.
fn grid<C>(
    corner: &str,
    columns: &[(String, C)],
    outcomes: &[&str],
    cell: impl Fn(&C, &str) -> String,
) -> String {
    // Labels are cut to LABEL_WIDTH unless two would then read the same
    // (twenty `then again` paths that differ past the cut): then whole.
    let width = {
        let cuts: std::collections::HashSet<String> =
            outcomes.iter().map(|o| cut(o, LABEL_WIDTH)).collect();
        if cuts.len() == outcomes.len() {
            LABEL_WIDTH
        } else {
            usize::MAX
        }
    };
    let w = outcomes
        .iter()
        .map(|o| output::cols(o).min(width))
        .max()
        .unwrap_or(0)
        .max(output::cols(corner));
    let cells: Vec<Vec<String>> = outcomes
        .iter()
        .map(|o| columns.iter().map(|(_, c)| cell(c, o)).collect())
        .collect();
    let cw = columns
        .iter()
        .map(|(h, _)| output::cols(h))
        .chain(cells.iter().flatten().map(|c| output::cols(c)))
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    let _ = write!(out, "{}", output::pad(corner, w));
    for (h, _) in columns {
        let _ = write!(out, "  {}", output::pad_left(h, cw));
    }
    out.push('\n');
    for (o, row) in outcomes.iter().zip(&cells) {
        let _ = write!(out, "{}", output::pad(&cut(o, width), w));
        for c in row {
            let _ = write!(out, "  {}", output::pad_left(c, cw));
        }
        out.push('\n');
    }
    out
}

/// Each outcome's percentage in `odds` (outcomes of one text summed).
fn percents(o: &Odds) -> std::collections::HashMap<&str, f64> {
    let mut by: std::collections::HashMap<&str, f64> = std::collections::HashMap::new();
    for x in &o.outcomes {
        *by.entry(x.outcome.as_str()).or_default() += x.percent();
    }
    by
}

/// Odds columns (loose net modifier or a parameter) as a table.
pub fn odds_table(corner: &str, columns: &[(String, Odds)]) -> String {
    let outcomes = merged_order(
        columns
            .iter()
            .map(|(_, o)| o.outcomes.iter().map(|x| x.outcome.as_str()).collect()),
    );
    let columns: Vec<(String, std::collections::HashMap<&str, f64>)> = columns
        .iter()
        .map(|(h, o)| (h.clone(), percents(o)))
        .collect();
    // `0.00%` where an outcome cannot happen.
    grid(corner, &columns, &outcomes, |by, o| {
        format!("{:.2}%", by.get(o).copied().unwrap_or(0.0) + 0.0)
    })
}

/// The error for a sweep over a name that is not a parameter of the chart.
fn not_a_param(chart: &ChartRef<'_>, name: &str) -> String {
    let params: Vec<String> = chart
        .inputs()
        .into_iter()
        .filter(|i| matches!(i.kind, chartwright::InputKind::Param { .. }))
        .map(|i| i.name)
        .collect();
    let hint = chartwright::suggest::closest(name, params.iter().map(String::as_str))
        .map_or(String::new(), |s| format!(" (did you mean `{s}`?)"));
    format!(
        "error: `{name}` is not a parameter of `{}`{hint}; its parameters: {}\n",
        chart.name(),
        if params.is_empty() {
            "none".to_owned()
        } else {
            params.join(", ")
        }
    )
}

fn takes_param(chart: &ChartRef<'_>, name: &str) -> bool {
    chart
        .inputs()
        .iter()
        .any(|i| i.name == name && matches!(i.kind, chartwright::InputKind::Param { .. }))
}

/// `odds CHART ... --sweep NAME=A..B`: one column per value of the parameter.
/// The error is `Err(Ok(text))` for a message, `Err(Err(e))` for a roll error.
pub fn odds_sweep(
    chart: &ChartRef<'_>,
    choices: &Choices,
    extra: i64,
    name: &str,
    lo: i64,
    hi: i64,
    as_json: bool,
) -> Result<String, Result<String, RollError>> {
    if !takes_param(chart, name) {
        return Err(Ok(not_a_param(chart, name)));
    }
    chart.check_sweep(&(lo..=hi)).map_err(Err)?;
    let (choices, replaced) = swept(choices, name, &format!("{name}={lo}..{hi}"));
    let mut budget = chartwright::Budget::new(chart.ruleset().limits());
    let mut columns = Vec::new();
    for v in lo..=hi {
        let c = choices.clone().with(name, Some(&v.to_string()));
        let o = chart
            .bind(&c)
            .and_then(|b| b.with_extra_modifier(extra)?.odds_in(&mut budget))
            .map_err(Err)?;
        budget.charge_answer(&o).map_err(Err)?;
        columns.push((v, o));
    }
    if as_json {
        return Ok(crate::json::text(crate::json::odds_sweep(
            &chart.qualified_name(),
            name,
            &columns,
        )));
    }
    let columns: Vec<(String, Odds)> = columns
        .into_iter()
        .map(|(v, o)| (v.to_string(), o))
        .collect();
    Ok(replaced + &odds_table(name, &columns))
}

/// `odds --sweep NAME`: the odds at each value of NAME at which the chart
/// can change (its situation classes along NAME), the other choices as
/// given; a note when the steps cannot cover every value.
pub fn odds_steps(
    chart: &ChartRef<'_>,
    choices: &Choices,
    extra: i64,
    name: &str,
    as_json: bool,
) -> Result<String, Result<String, RollError>> {
    let Some((steps, exhaustive)) = chartwright::compare::input_steps(chart, choices, name) else {
        return Err(Ok(not_a_param(chart, name)));
    };
    let (_, replaced) = swept(choices, name, name);
    let mut budget = chartwright::Budget::new(chart.ruleset().limits());
    let mut columns = Vec::new();
    for step in steps {
        let o = chart
            .bind(&step.choices)
            .and_then(|b| b.with_extra_modifier(extra)?.odds_in(&mut budget))
            .map_err(Err)?;
        budget.charge_answer(&o).map_err(Err)?;
        columns.push((step.name, step.choices.text().to_owned(), o));
    }
    if as_json {
        return Ok(crate::json::text(chartwright::json::odds_steps(
            &chart.qualified_name(),
            name,
            exhaustive,
            &columns,
        )));
    }
    let note = if exhaustive {
        String::new()
    } else {
        format!("({name} is tried at chosen values: the chart may change between them)\n")
    };
    // Neighbouring values with the same odds read as one column, `4 to 20`.
    let mut merged: Vec<(String, Odds)> = Vec::new();
    let mut last_label = String::new();
    for (label, _, o) in columns {
        match merged.last_mut() {
            Some((head, prev)) if *prev == o => {
                let first = head.split(" to ").next().unwrap_or(head).to_owned();
                *head = format!("{first} to {label}");
            }
            _ => merged.push((label.clone(), o)),
        }
        last_label = label;
    }
    let _ = last_label;
    Ok(replaced + &odds_table(name, &merged) + &note)
}

/// The choices without the swept parameter, and a line saying which value
/// the sweep replaced (empty when it was not given): `--sweep attack=1..10`
/// beside `attack=3` takes over rather than failing as given twice.
fn swept(choices: &Choices, name: &str, sweep: &str) -> (Choices, String) {
    let given: Vec<String> = choices
        .args()
        .iter()
        .filter(|a| a.name == name)
        .map(|a| {
            a.value
                .as_deref()
                .map_or_else(|| a.name.clone(), |v| format!("{}={v}", a.name))
        })
        .collect();
    let note = if given.is_empty() {
        String::new()
    } else {
        format!("(the sweep {sweep} replaces {})\n", given.join(" "))
    };
    (choices.clone().without(name), note)
}

/// `diff ... --sweep NAME=A..B`: the change in percentage points per value.
fn diff_sweep(
    base: &ChartRef<'_>,
    variant: &ChartRef<'_>,
    choices: &Choices,
    (name, lo, hi): (&str, i64, i64),
    as_json: bool,
    budget: &mut chartwright::Budget,
) -> Result<String, Result<String, RollError>> {
    if !takes_param(variant, name) && !takes_param(base, name) {
        return Err(Ok(not_a_param(variant, name)));
    }
    variant.check_sweep(&(lo..=hi)).map_err(Err)?;
    let (choices, replaced) = swept(choices, name, &format!("{name}={lo}..{hi}"));
    let mut columns = Vec::new();
    for v in lo..=hi {
        let c = choices.clone().with(name, Some(&v.to_string()));
        let d = OddsDiff::compare_in(base, variant, &c, budget).map_err(Err)?;
        columns.push((v, d));
    }
    if as_json {
        return Ok(crate::json::text(crate::json::diff_sweep(
            &variant.qualified_name(),
            &base.qualified_name(),
            name,
            &columns,
        )));
    }
    let columns: Vec<(String, OddsDiff)> = columns
        .into_iter()
        .map(|(v, d)| (v.to_string(), d))
        .collect();
    let outcomes = merged_order(
        columns
            .iter()
            .map(|(_, d)| d.outcomes.iter().map(|o| o.outcome.as_str()).collect()),
    );
    let mut out = format!(
        "{replaced}{} → {}: change in percentage points (variant - base) by {name}\n",
        base.qualified_name(),
        variant.qualified_name()
    );
    // Each column's changes by outcome, found in constant time per cell.
    let columns: Vec<(String, std::collections::HashMap<&str, f64>)> = columns
        .iter()
        .map(|(h, d)| {
            let by = d.outcomes.iter().rev();
            (
                h.clone(),
                by.map(|x| (x.outcome.as_str(), x.delta_percent()))
                    .collect(),
            )
        })
        .collect();
    out.push_str(&grid(name, &columns, &outcomes, |by, o| {
        by.get(o)
            .map_or_else(|| "+0.00".to_owned(), |p| format!("{:+.2}", p + 0.0))
    }));
    Ok(out)
}

// -- Source -------------------------------------------------------------------

/// `chartwright source GAME`: a bundled game's text, or an error.
pub fn source(game: &str) -> Result<&'static str, String> {
    chartwright::bundled::source(game).ok_or_else(|| {
        let names: Vec<&str> = chartwright::bundled::names().collect();
        let hint = chartwright::suggest::closest(game, names.iter().copied())
            .map_or(String::new(), |s| format!(" (did you mean `{s}`?)"));
        format!(
            "error: no bundled game `{game}`{hint}; the bundled games are: {}\n",
            names.join(", ")
        )
    })
}

/// `show`: the chart as on the sheet; for a chart of a variant, every line
/// the variant changed or added is marked in place (`*` changed, `+`
/// added), lines it removed are listed after it, and then what changed, in
/// words. The lines are compared with the same chart of the plain game the
/// variant starts from, rendered the same way, so a change that comes
/// through a modifier set the chart uses is marked too.
pub fn show(chart: &ChartRef<'_>) -> String {
    let text = chart.render();
    let Some(base) = chart.variant_base() else {
        return text + &marks(chart);
    };
    let Ok(base_chart) = base.chart(chart.name()) else {
        return text + &marks(chart);
    };
    let old_text = base_chart.render();
    let (old, new): (Vec<&str>, Vec<&str>) = (old_text.lines().collect(), text.lines().collect());
    // Compared with runs of spaces as one, so a column that widens does not
    // mark every line of its table.
    let squash = |lines: &[&str]| -> Vec<String> {
        lines
            .iter()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    let (old_sq, new_sq) = (squash(&old), squash(&new));
    let ops = similar::capture_diff_slices(similar::Algorithm::Myers, &old_sq, &new_sq);
    let mut gutter = vec![' '; new.len()];
    let mut removed: Vec<&str> = Vec::new();
    for op in ops {
        if let similar::DiffOp::Equal { .. } = op {
            continue;
        }
        // Within a hunk, a new line is a change of the most alike old line
        // (a row whose cell changed, a modifier whose value did), if any
        // is alike; otherwise it was added, and old lines left were removed.
        let mut left: Vec<usize> = op.old_range().collect();
        for i in op.new_range() {
            let (Some(g), Some(line)) = (gutter.get_mut(i), new_sq.get(i)) else {
                continue;
            };
            let best = left
                .iter()
                .enumerate()
                .filter_map(|(k, &o)| {
                    let ratio =
                        similar::TextDiff::from_chars(old_sq.get(o)?.as_str(), line.as_str())
                            .ratio();
                    (ratio >= 0.6).then_some((k, ratio))
                })
                .max_by(|a, b| a.1.total_cmp(&b.1));
            *g = match best {
                Some((k, _)) => {
                    left.remove(k);
                    '*'
                }
                None => '+',
            };
        }
        removed.extend(left.iter().filter_map(|&i| old.get(i)));
    }
    if gutter.iter().all(|g| *g == ' ') && removed.is_empty() {
        return text + &marks(chart);
    }
    let mut out = String::new();
    for (line, g) in new.iter().zip(&gutter) {
        let _ = writeln!(out, "{}", format!("{g} {line}").trim_end());
    }
    let _ = writeln!(
        out,
        "
(* changed, + added by the variant `{}`, against the plain game)",
        chart.game()
    );
    if !removed.is_empty() {
        let _ = writeln!(out, "Removed by the variant:");
        for line in removed {
            let _ = writeln!(out, "  - {}", line.trim());
        }
    }
    out + &marks(chart)
}

/// What a variant changed in a chart, for `show`; empty for a plain game's.
pub fn marks(chart: &ChartRef<'_>) -> String {
    let marks = chart.variant_marks();
    if marks.is_empty() {
        return String::new();
    }
    let mut out = format!("\nChanged by the variant ({}):\n", chart.game());
    for m in marks {
        let _ = writeln!(out, "  * {m}");
    }
    out
}
