//! Compiling the charts in runs, two side by side for a long file.
//!
//! Compiling a chart reads only what the declare pass made (the games'
//! names, their choices, the grids), so charts compile in any order. What a
//! chart adds to the program besides itself (the choices it declares, its
//! follow-ups and ladder reads) is numbered from the start of its run. The
//! runs are then appended in order, the later one renumbered by what the
//! earlier added, so the program, and every error in its order, is the one
//! a single run makes.

use super::chart::ChartCx;
use super::{Pending, Scope};
use crate::ast;
use crate::compile_error::CompileError;
use crate::limits::Limits;
use crate::tree::{
    Body, ChartTree, ChoiceId, ChoiceTree, Cond, CondOutcome, Expr, FollowUp, LadderRead, Modifier,
    Natural, NaturalOutcome, OffRule, Outcome, Program, RowTree, Scale, ScaleValue, Simple,
    SlotKind, Stage, Target,
};

/// How the charts are split between runs.
#[derive(Clone, Copy, Debug)]
pub(super) enum Split {
    /// In two halves of about equal text when there are enough charts to
    /// pay for a thread and two cores to run them.
    BySize,
    /// One run (for tests and fuzzing: what a split must match).
    #[cfg_attr(not(any(test, fuzzing)), allow(dead_code))]
    Never,
    /// The first `n` charts in one run, the rest in another (for tests).
    #[cfg_attr(not(test), allow(dead_code))]
    At(usize),
}

/// Charts whose text, in all, makes a second run worth its thread: a
/// chart compiles at about 30 instructions a byte, a thread starts in
/// about 50 µs.
const SIDE_BY_SIDE_BYTES: usize = if cfg!(fuzzing) { 0 } else { 16 << 10 };

/// What a run of charts adds to the program besides the charts.
#[derive(Default)]
pub(super) struct Added {
    /// Choices declared inside charts: ids follow the declared ones.
    pub choices: Vec<ChoiceTree>,
    pub follow_ups: Vec<FollowUp>,
    pub ladder_reads: Vec<LadderRead>,
    /// Each follow-up's arguments, resolved once every chart is compiled.
    pub follow_asts: Vec<(usize, Vec<ast::FollowArg>)>,
}

impl Added {
    /// A choice of the game (`declared`) or one declared in this run.
    pub fn choice<'x>(&'x self, declared: &'x Program, id: ChoiceId) -> &'x ChoiceTree {
        match id.checked_sub(declared.choices.len()) {
            Some(local) => &self.choices[local],
            None => &declared.choices[id],
        }
    }

    /// Adds a chart's own choice; returns its id.
    pub fn declare(&mut self, declared: &Program, choice: ChoiceTree) -> ChoiceId {
        self.choices.push(choice);
        declared.choices.len() + self.choices.len() - 1
    }
}

/// One run's charts, additions and errors.
struct Run {
    charts: Vec<ChartTree>,
    added: Added,
    errors: Vec<CompileError>,
}

/// Compiles every pending chart into `program` (whose charts, follow-ups
/// and ladder reads are still empty); returns the follow-ups' arguments.
pub(super) fn compile_charts(
    scope: &Scope,
    program: &mut Program,
    pending: &[(usize, Pending)],
    limits: &Limits,
    split: Split,
    errors: &mut Vec<CompileError>,
) -> Vec<(usize, Vec<ast::FollowArg>)> {
    let declared: &Program = program;
    let at = match split {
        Split::At(n) => Some(n.min(pending.len())),
        Split::BySize if crate::parser::cores() >= 2 => {
            half_by_size(&pending.iter().map(text_size).collect::<Vec<_>>())
        }
        Split::BySize | Split::Never => None,
    };
    let runs = match at {
        None => vec![run(scope, declared, pending, 0, limits)],
        Some(at) => {
            let (first, second) = pending.split_at(at);
            std::thread::scope(|threads| {
                let spawned = std::thread::Builder::new()
                    .stack_size(crate::parser::PARSE_STACK)
                    .spawn_scoped(threads, || run(scope, declared, second, at, limits));
                let first = run(scope, declared, first, 0, limits);
                let second = match spawned {
                    Ok(handle) => match handle.join() {
                        Ok(second) => second,
                        // A bug, not bad input: surface it as one run would.
                        Err(panic) => std::panic::resume_unwind(panic),
                    },
                    // No thread to be had: the second run goes here too.
                    Err(_) => run(scope, declared, second, at, limits),
                };
                vec![first, second]
            })
        }
    };
    let mut follow_asts = Vec::new();
    let declared_choices = program.choices.len();
    for run in runs {
        let shift = Shift {
            declared_choices,
            choices: program.choices.len() - declared_choices,
            follow_ups: program.follow_ups.len(),
            ladder_reads: program.ladder_reads.len(),
        };
        let Run {
            mut charts,
            added,
            errors: run_errors,
        } = run;
        if shift.choices + shift.follow_ups + shift.ladder_reads > 0 {
            for chart in &mut charts {
                shift.chart(chart);
            }
        }
        program.charts.extend(charts);
        program.choices.extend(added.choices);
        program.follow_ups.extend(added.follow_ups);
        program.ladder_reads.extend(added.ladder_reads);
        let asts = added.follow_asts.into_iter();
        follow_asts.extend(asts.map(|(i, args)| (i + shift.follow_ups, args)));
        errors.extend(run_errors);
    }
    for (id, (g, _)) in pending.iter().enumerate() {
        program.games[*g].charts.push(id);
    }
    follow_asts
}

/// The length of a chart's text, in bytes.
fn text_size((_, p): &(usize, Pending)) -> usize {
    let span = match p {
        Pending::Chart(c) => c.span,
        Pending::Grid(g, _) => g.span,
        Pending::Set(s) => s.span,
        Pending::Notes(n) => n.span,
    };
    (span.end as usize).saturating_sub(span.start as usize)
}

/// Where to split charts of these text sizes into two runs of about equal
/// text, if they are long enough to be worth it.
fn half_by_size(sizes: &[usize]) -> Option<usize> {
    let total: usize = sizes.iter().sum();
    if total < SIDE_BY_SIDE_BYTES || sizes.len() < 2 {
        return None;
    }
    let mut so_far = 0;
    let at = sizes.iter().position(|&size| {
        so_far += size;
        so_far * 2 >= total
    })?;
    // The chart that crosses the middle goes to the first run; the second
    // is never empty.
    Some((at + 1).min(sizes.len() - 1))
}

/// Compiles `pending`, whose first chart has the id `first_id`.
fn run(
    scope: &Scope,
    declared: &Program,
    pending: &[(usize, Pending)],
    first_id: usize,
    limits: &Limits,
) -> Run {
    let mut added = Added::default();
    let mut errors = Vec::new();
    let mut charts = Vec::with_capacity(pending.len());
    for (i, (g, p)) in pending.iter().enumerate() {
        let cx = ChartCx::new(
            scope,
            *g,
            declared,
            &mut added,
            &mut errors,
            limits,
            first_id + i,
        );
        charts.push(match p {
            Pending::Chart(c) => cx.chart(c),
            Pending::Grid(grid, gid) => cx.grid_chart(grid, *gid),
            Pending::Set(set) => cx.set_chart(set),
            Pending::Notes(n) => cx.notes_chart(n),
        });
    }
    Run {
        charts,
        added,
        errors,
    }
}

/// What the runs before a run added: its indices move up by as much.
/// Every node is taken apart whole (no `..`), so that a field added to
/// the tree must be looked at here.
struct Shift {
    /// Choices below this are the games' own and keep their ids.
    declared_choices: usize,
    choices: usize,
    follow_ups: usize,
    ladder_reads: usize,
}

impl Shift {
    fn chart(&self, chart: &mut ChartTree) {
        let ChartTree {
            game: _,
            name: _,
            title: _,
            slots,
            required: _,
            modifiers,
            groups: _,
            sections: _,
            body,
            notes: _,
            fields: _,
        } = chart;
        for slot in slots {
            if let SlotKind::Choice(id) = &mut slot.kind {
                if *id >= self.declared_choices {
                    *id += self.choices;
                }
            }
        }
        for m in modifiers {
            let Modifier {
                slot: _,
                // Fixed numbers, or a grid read with the chart's slots.
                value: _,
                applies,
                side: _,
                group: _,
                always: _,
                sign: _,
                span: _,
            } = m;
            self.opt_cond(applies.as_mut());
        }
        self.body(body);
    }

    fn body(&self, body: &mut Body) {
        match body {
            Body::Lookup(_) | Body::Net | Body::Notes(_) => {}
            Body::Table {
                dice: _,
                score,
                columns: _,
                scale,
                cap: _,
                clamp: _,
                lookups: _,
                rows,
                printed: _,
                naturals,
                best,
            } => {
                if let Some(e) = score {
                    self.expr(e);
                }
                if let Some(scale) = scale {
                    self.scale(scale);
                }
                self.rows(rows);
                self.naturals(naturals);
                if let Some((_, _, c)) = best {
                    self.cond(c);
                }
            }
            Body::Check {
                dice: _,
                target,
                net_in_target: _,
                success,
                failure,
                naturals,
            } => {
                self.target(target);
                self.outcome(success);
                self.outcome(failure);
                self.naturals(naturals);
            }
            Body::Opposed {
                dice: _,
                sides: _,
                lookup: _,
                rows,
            } => self.rows(rows),
            Body::Pool { dice: _, stages } => {
                for stage in stages {
                    let Stage {
                        label: _,
                        target,
                        // Dice or a grid read with the chart's slots.
                        per: _,
                        modified: _,
                        once: _,
                        reported: _,
                    } = stage;
                    self.target(target);
                }
            }
            Body::Ladder {
                steps: _,
                labels: _,
                start,
                caps,
            } => {
                self.expr(start);
                for (e, c) in caps {
                    self.expr(e);
                    self.opt_cond(c.as_mut());
                }
            }
        }
    }

    fn scale(&self, scale: &mut Scale) {
        let Scale {
            value,
            span: _,
            heads: _,
            below,
            beyond,
            past_edges: _,
        } = scale;
        match value {
            ScaleValue::Expr(e) => self.expr(e),
            ScaleValue::Ratio(a, b, _) => {
                self.expr(a);
                self.expr(b);
            }
        }
        let beyond = beyond.as_mut().map(|(_, _, rule)| rule);
        for rule in [below.as_mut(), beyond].into_iter().flatten() {
            match rule {
                OffRule::Outcome(o) => self.outcome(o),
                OffRule::Read { .. } => {}
            }
        }
    }

    fn rows(&self, rows: &mut [RowTree]) {
        for row in rows {
            let RowTree {
                written: _,
                outcome,
            } = row;
            self.outcome(outcome);
        }
    }

    fn naturals(&self, naturals: &mut [Natural]) {
        for n in naturals {
            let Natural {
                ranges: _,
                cond,
                also: _,
                outcome,
            } = n;
            self.opt_cond(cond.as_mut());
            match outcome {
                NaturalOutcome::Success | NaturalOutcome::Failure => {}
                NaturalOutcome::Other(o) => self.outcome(o),
            }
        }
    }

    fn outcome(&self, outcome: &mut Outcome) {
        for field in &mut outcome.fields {
            for c in field {
                self.cond_outcome(c);
            }
        }
    }

    /// An `if … else …` chain, walked as a loop: it may be long.
    fn cond_outcome(&self, mut c: &mut CondOutcome) {
        loop {
            match c {
                CondOutcome::Simple(s) => return self.simple(s),
                CondOutcome::If(s, cond, rest) => {
                    self.simple(s);
                    self.cond(cond);
                    c = &mut **rest;
                }
            }
        }
    }

    fn simple(&self, s: &mut Simple) {
        let Simple {
            text: _,
            follow_ups,
        } = s;
        for f in follow_ups {
            *f += self.follow_ups;
        }
    }

    fn target(&self, target: &mut Target) {
        match target {
            Target::Ranges(_) | Target::Grid(_, None) => {}
            Target::AtLeast(e)
            | Target::AtMost(e)
            | Target::MoreThan(e)
            | Target::LessThan(e)
            | Target::Grid(_, Some(e)) => self.expr(e),
        }
    }

    fn opt_cond(&self, c: Option<&mut Cond>) {
        if let Some(c) = c {
            self.cond(c);
        }
    }

    fn cond(&self, c: &mut Cond) {
        match c {
            Cond::Flag(_) | Cond::OptionIn(..) => {}
            Cond::Cmp(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            Cond::Not(x) => self.cond(x),
            Cond::And(a, b) | Cond::Or(a, b) => {
                self.cond(a);
                self.cond(b);
            }
        }
    }

    fn expr(&self, e: &mut Expr) {
        match e {
            Expr::Int(_)
            | Expr::Num(_)
            | Expr::Slot(..)
            | Expr::Grid(_)
            | Expr::Total
            | Expr::Natural
            | Expr::Net => {}
            Expr::Ladder(i) => *i += self.ladder_reads,
            Expr::Call(_, args) => {
                for a in args {
                    self.expr(a);
                }
            }
            Expr::If(c, a, b) => {
                self.cond(c);
                self.expr(a);
                self.expr(b);
            }
            Expr::Neg(x) => self.expr(x),
            Expr::Bin(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Split;
    use crate::compiler::{compile_split, Parsed};
    use crate::limits::Limits;
    use crate::span::SourceId;
    use crate::tree::SlotKind;
    use std::fmt::Write as _;

    /// How often the later run of a split had something of each kind to
    /// renumber: choices declared in charts, follow-ups, ladder reads.
    #[derive(Default, Debug)]
    struct Renumbered {
        choices: usize,
        follow_ups: usize,
        ladder_reads: usize,
    }

    /// Compiles `files` in one run and split at every chart; every split
    /// must make the same program and the same errors, in the same order.
    fn every_split_matches(files: &[Parsed], seen: &mut Renumbered) {
        let limits = Limits::default();
        let (one, one_errors) = compile_split(files, &limits, Split::Never);
        let want = format!("{one:?}\n{one_errors:?}");
        let declared: usize = files
            .iter()
            .map(|p| {
                let names = p.file.items.iter().filter_map(|i| match i {
                    crate::ast::Item::Choice(d) => Some(d.name.name.as_str()),
                    _ => None,
                });
                names.collect::<std::collections::HashSet<_>>().len()
            })
            .sum();
        for at in 0..=one.charts.len() {
            let (split, errors) = compile_split(files, &limits, Split::At(at));
            let got = format!("{split:?}\n{errors:?}");
            assert!(got == want, "split at chart {at} differs from one run");
            let before = |caller: usize| caller < at;
            let local_choices = |charts: &[crate::tree::ChartTree]| {
                charts.iter().any(|c| {
                    c.slots
                        .iter()
                        .any(|s| matches!(s.kind, SlotKind::Choice(id) if id >= declared))
                })
            };
            let (first, second) = one.charts.split_at(at);
            seen.choices += usize::from(local_choices(first) && local_choices(second));
            let follow = one.follow_ups.iter().map(|f| f.caller);
            let (b, a): (Vec<usize>, Vec<usize>) = follow.partition(|&c| before(c));
            seen.follow_ups += usize::from(!b.is_empty() && !a.is_empty());
            let reads = one.ladder_reads.iter().map(|r| r.caller);
            let (b, a): (Vec<usize>, Vec<usize>) = reads.partition(|&c| before(c));
            seen.ladder_reads += usize::from(!b.is_empty() && !a.is_empty());
        }
    }

    /// Charts that each declare a choice, read the game's choice and a
    /// ladder and follow up, so a split anywhere leaves some of each to the
    /// later run.
    fn every_kind_on_both_sides() -> Parsed {
        let mut text = String::from(
            r#"game "Runs" version "1"
choice weather "Weather" { clear "Clear", rain "Rain" }
ladder vis "Visibility" {
  steps 6, 4, 2, 1
  param base "base visibility" in 1..6
  start base
}
table shock "Shock" {
  roll d6
  rows { 1-3 => "Shaken"  4-6 => "Steady" }
}
"#,
        );
        for i in 0..6 {
            let _ = write!(
                text,
                r#"table t{i} "Assault {i}" {{
  roll d6
  choice posture "Posture" {{ open "Open", dug_in "Dug in" }}
  modifiers {{
    cover -2 "cover" if posture = dug_in and vis > 2
    wet -1 "rain" if weather = rain
  }}
  rows {{
    4 or more => "Taken" then shock if vis > 2 else "Held"
    3 or less => "Repulsed" then again
  }}
}}
"#
            );
        }
        let file = crate::parser::parse(SourceId(0), &text).unwrap_or_else(|e| panic!("{e:?}"));
        Parsed {
            game: "runs".into(),
            file,
        }
    }

    #[test]
    fn a_long_file_splits_where_half_its_chart_text_is_reached() {
        let big = super::SIDE_BY_SIDE_BYTES;
        // Too little text, or one chart: one run.
        assert_eq!(super::half_by_size(&[big / 4, big / 4]), None);
        assert_eq!(super::half_by_size(&[big * 2]), None);
        assert_eq!(super::half_by_size(&[]), None);
        // Even charts: half each; uneven: the chart that crosses the middle
        // stays in the first run.
        assert_eq!(super::half_by_size(&[big; 4]), Some(2));
        assert_eq!(super::half_by_size(&[big; 5]), Some(3));
        assert_eq!(super::half_by_size(&[big, big, big * 4]), Some(2));
        // Neither run is ever empty.
        assert_eq!(super::half_by_size(&[big * 8, 1, 1]), Some(1));
        assert_eq!(super::half_by_size(&[1, 1, big * 8]), Some(2));
    }

    #[test]
    fn charts_compiled_in_two_runs_make_what_one_run_makes_wherever_it_splits() {
        let mut found = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        crate::parser::tests::inputs_under(root, &mut found);
        found.sort();
        let mut seen = Renumbered::default();
        let synthetic = every_kind_on_both_sides();
        let (_, errors) = compile_split(
            std::slice::from_ref(&synthetic),
            &Limits::default(),
            Split::Never,
        );
        assert!(errors.is_empty(), "{errors:?}");
        every_split_matches(std::slice::from_ref(&synthetic), &mut seen);
        let mut games = Vec::new();
        for (source, path) in (0u32..).zip(&found) {
            let Ok(text) = std::fs::read_to_string(path) else {
                continue;
            };
            let Ok(crate::ast::Document::Game(file)) =
                crate::parser::parse_document(SourceId(source), &text)
            else {
                continue;
            };
            let game = path
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned());
            let parsed = Parsed { game, file };
            every_split_matches(std::slice::from_ref(&parsed), &mut seen);
            games.push(parsed);
        }
        assert!(games.len() > 80, "only {} games parsed", games.len());
        // Every game at once: a run may end in one game and start another.
        let bundled: Vec<Parsed> = games
            .into_iter()
            .filter(|p| {
                root.join("rules")
                    .join(format!("{}.rules", p.game))
                    .exists()
            })
            .collect();
        assert!(bundled.len() >= 6, "{} bundled games", bundled.len());
        every_split_matches(&bundled, &mut seen);
        assert!(
            seen.choices > 0 && seen.follow_ups > 0 && seen.ladder_reads > 0,
            "some kind was never renumbered: {seen:?}"
        );
    }
}
