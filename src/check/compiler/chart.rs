//! Compiling one chart: its scope (the slots a player can name), its
//! modifiers, and its body. Names are looked up chart-first, then in the
//! game; a top-level input becomes a slot of the chart the first time the
//! chart mentions it.

use super::rows::{self, Reach};
use super::{check_bounds, Later, Scope};
use crate::check::error::{CompileError, CompileErrorKind};
use crate::check::tree::{
    Body, Cell, ChartId, ChartTree, ChoiceId, ChoiceTree, CondOutcome, Dice, Expr, GridId, GridRef,
    ModValue, Modifier, Outcome, PoolDice, Program, Ranges, Simple, Slot, SlotKind, SlotTree,
    Stage, Target,
};
use crate::limits::Limits;
use crate::syntax::ast::CompactString;
use crate::syntax::ast::{self, Clause};
use crate::syntax::span::Span;
use foldhash::HashMap;

/// Where an expression stands, which decides the special terms it may use.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum ExprContext {
    /// Anywhere else.
    Plain,
    /// A table's `score`: `total` and `natural` are known.
    Score,
    /// A check's target: `modifiers` may move it.
    Target,
}

/// How modifiers nested in groups, sections and sides inherit their context.
#[derive(Clone, Default)]
pub(super) struct ModCtx<'a> {
    /// The conditions of the enclosing groups, sections and `use`s, read
    /// once every modifier of the chart is declared (names are order-free).
    conds: Vec<Deferred<'a>>,
    negative: bool,
    side: Option<usize>,
    group: Option<usize>,
    section: Option<usize>,
}

/// A condition on modifiers as written, compiled after every modifier of
/// the chart is declared, so that it may name one declared below it.
#[derive(Clone, Copy)]
pub(super) enum Deferred<'a> {
    Applies(&'a ast::Applicability),
    Used(&'a ast::Cond),
}

/// What a deferred condition is for: a modifier (with its own `if`), or a
/// modifier set's `use`.
pub(super) enum Waiting<'a> {
    Modifier(usize, Option<&'a ast::Applicability>),
    Used(usize),
}

mod clauses;
mod column_dice;
mod columns;
mod dice;
mod exprs;
mod faces;
mod grid_ref;
mod ladder;
mod modifiers;
mod notation;
mod outcomes;
mod report;
mod sides;
mod table;

use clauses::{clause_span, kind_keyword, Clauses};
pub(in crate::check::compiler) use dice::static_dice;

pub(super) struct ChartCx<'a, 's> {
    sc: &'s Scope<'a>,
    game: usize,
    /// The program so far: the games' choices and grids, and what the
    /// charts before this one added (choices, follow-ups, ladder reads).
    program: &'s mut Program,
    /// What is resolved once every chart is compiled: follow-ups'
    /// arguments, the ladder inputs this chart names.
    later: &'s mut Later,
    errors: &'s mut Vec<CompileError>,
    limits: &'s Limits,
    id: ChartId,
    /// The chart's clauses by what they are (empty for a grid, a modifier
    /// set or notes).
    clauses: Clauses<'a>,
    local_choices: HashMap<&'a str, ChoiceId>,
    local_flags: HashMap<&'a str, &'a ast::FlagDecl>,
    local_params: HashMap<&'a str, &'a ast::ParamDecl>,
    slots: Vec<SlotTree>,
    /// Each slot by name, with where it was declared.
    by_name: HashMap<CompactString, (Slot, Span)>,
    modifiers: Vec<Modifier>,
    /// Reach of each modifier: (lowest, highest) contribution, 0 included.
    reaches: Vec<(Option<i64>, Option<i64>)>,
    groups: Vec<(CompactString, Vec<usize>)>,
    sections: Vec<(CompactString, bool, Vec<usize>)>,
    used: Vec<crate::check::tree::UsedSet>,
    /// Conditions on modifiers waiting for every modifier to be declared.
    waiting: Vec<(Waiting<'a>, Vec<Deferred<'a>>)>,
    sides: Vec<CompactString>,
    side_labels: Vec<CompactString>,
    using: Vec<CompactString>,
    context: ExprContext,
    /// Whether `modifiers` stood in a check's target.
    net_used: bool,
    /// The dice, or a results line, are in error: checking the coverage
    /// of the rows would only echo it.
    dice_failed: bool,
    /// Totals inside a table's reach its dice cannot show (`rows::dice_gaps`).
    gaps: Vec<(i64, i64)>,
    /// Slots a roll cannot do without (read by a condition, an expression,
    /// a grid lookup, the columns), for checking follow-ups can supply them.
    required: Vec<Slot>,
    /// Set while looking up a `±r from GRID`: its keys are optional.
    keys_optional: bool,
    /// Column-shift modifiers (name, span), checked against the columns.
    shifts: Vec<(CompactString, Span)>,
    /// A results grid's lines as printed, kept while its rows compile.
    printed: Vec<(
        crate::check::tree::Ranges,
        Vec<crate::check::tree::PrintedCell>,
    )>,
    /// Inputs of ladders named here that are `±r` or counted modifiers
    /// there ([`ChartTree::ladder_modifiers`]).
    ladder_modifiers: Vec<Slot>,
    /// What `doubles` and `die N` may read of the roll.
    roll_faces: faces::RollFaces,
    /// What they read ([`ChartTree::dice_read`]).
    dice_read: Option<crate::check::tree::DiceRead>,
}

impl<'a, 's> ChartCx<'a, 's> {
    pub(super) fn new(
        sc: &'s Scope<'a>,
        game: usize,
        program: &'s mut Program,
        later: &'s mut Later,
        errors: &'s mut Vec<CompileError>,
        limits: &'s Limits,
        id: ChartId,
    ) -> Self {
        Self {
            sc,
            game,
            program,
            later,
            errors,
            limits,
            id,
            clauses: Clauses::default(),
            local_choices: HashMap::default(),
            local_flags: HashMap::default(),
            local_params: HashMap::default(),
            slots: Vec::new(),
            by_name: HashMap::default(),
            modifiers: Vec::new(),
            reaches: Vec::new(),
            groups: Vec::new(),
            sections: Vec::new(),
            used: Vec::new(),
            waiting: Vec::new(),
            sides: Vec::new(),
            side_labels: Vec::new(),
            using: Vec::new(),
            context: ExprContext::Plain,
            net_used: false,
            dice_failed: false,
            gaps: Vec::new(),
            required: Vec::new(),
            keys_optional: false,
            shifts: Vec::new(),
            printed: Vec::new(),
            ladder_modifiers: Vec::new(),
            roll_faces: faces::RollFaces::default(),
            dice_read: None,
        }
    }

    fn error(&mut self, kind: CompileErrorKind, span: Span) {
        self.errors.push(CompileError::new(kind, span));
    }

    /// A choice of the game or of a chart compiled so far.
    fn choice(&self, id: ChoiceId) -> &ChoiceTree {
        &self.program.choices[id]
    }

    fn finish(
        self,
        name: &ast::Ident,
        label: &ast::Label,
        body: Body,
        notes: Vec<CompactString>,
        fields: Vec<CompactString>,
    ) -> ChartTree {
        let mut required: Vec<Slot> = self
            .required
            .iter()
            .copied()
            .filter(|&s| {
                let by_modifier = self.modifiers.iter().any(|m| m.slot == s);
                let defaulted = matches!(
                    self.slots[s].kind,
                    SlotKind::Param {
                        default: Some(_),
                        ..
                    }
                );
                !by_modifier && !defaulted && !self.ladder_modifiers.contains(&s)
            })
            .collect();
        required.sort_unstable();
        required.dedup();
        ChartTree {
            required,
            game: self.game,
            name: name.name.clone(),
            title: label.text.clone(),
            slots: self.slots,
            modifiers: self.modifiers,
            groups: self.groups,
            sections: self.sections,
            used: self.used,
            body,
            notes,
            fields,
            ladder_modifiers: self.ladder_modifiers,
            dice_read: self.dice_read,
        }
    }

    // ----- slots and names -------------------------------------------------

    fn add_slot(
        &mut self,
        what: &'static str,
        name: CompactString,
        label: CompactString,
        kind: SlotKind,
        span: Span,
    ) -> Slot {
        if let Some(&(slot, first)) = self.by_name.get(&name) {
            self.error(
                CompileErrorKind::Duplicate {
                    what,
                    name: name.to_string(),
                    first,
                },
                span,
            );
            return slot;
        }
        self.slots.push(SlotTree {
            name: name.clone(),
            label,
            kind,
        });
        let slot = self.slots.len() - 1;
        self.by_name.insert(name, (slot, span));
        slot
    }

    /// The slot a name stands for: already in the chart, declared in it,
    /// declared at the top level of the game, or an input of a ladder of
    /// the game (`span`: where it is named, should the chart not read that
    /// ladder).
    fn lookup_slot(&mut self, name: &str, span: Span) -> Option<Slot> {
        if let Some(&(s, _)) = self.by_name.get(name) {
            return Some(s);
        }
        let syms = &self.sc.games[self.game];
        let (label, kind, span) = if let Some(&c) = self.local_choices.get(name) {
            (
                self.choice(c).label.clone(),
                SlotKind::Choice(c),
                Span::default(),
            )
        } else if let Some(p) = self.local_params.get(name).or(syms.params.get(name)) {
            (
                p.label.text.clone(),
                SlotKind::Param {
                    bounds: p.bounds.map(|b| (b.lo, b.hi)),
                    default: p.default.as_ref().map(|d| d.node),
                    whole: p.whole,
                },
                p.name.span,
            )
        } else if let Some(f) = self.local_flags.get(name).or(syms.flags.get(name)) {
            (f.label.text.clone(), SlotKind::Flag, f.name.span)
        } else if let Some(&c) = syms.choices.get(name) {
            (
                self.choice(c).label.clone(),
                SlotKind::Choice(c),
                Span::default(),
            )
        } else {
            return self.ladder_input(name, span);
        };
        self.slots.push(SlotTree {
            name: name.into(),
            label,
            kind,
        });
        let slot = self.slots.len() - 1;
        self.by_name.insert(name.into(), (slot, span));
        Some(slot)
    }

    /// An input of a ladder of this game, named here (`if flanking`): it
    /// becomes this chart's, as every input of a ladder the chart reads
    /// does. Ladders compile before the charts that read them, so their
    /// inputs are known; that this chart reads the ladder is checked once
    /// every chart is compiled (`ladder_reads`).
    fn ladder_input(&mut self, name: &str, span: Span) -> Option<Slot> {
        let syms = &self.sc.games[self.game];
        let (ladder, slot) = syms.ladder_decls.iter().find_map(|d| {
            let &id = syms.charts.get(d.name.name.as_str())?;
            let tree = self.program.charts.get(id).filter(|_| id != self.id)?;
            Some((id, tree.slots.iter().position(|s| s.name == name)?))
        })?;
        let tree = &self.program.charts[ladder];
        let found = tree.slots[slot].clone();
        // A `±r` or counted modifier there reads as 0 where not given.
        let zero = tree.modifiers.iter().any(|m| {
            m.slot == slot && matches!(m.value, ModValue::Param { .. } | ModValue::Counted { .. })
        });
        self.slots.push(found);
        let here = self.slots.len() - 1;
        self.by_name.insert(name.into(), (here, span));
        if zero {
            self.ladder_modifiers.push(here);
        }
        self.later
            .ladder_inputs
            .push(super::ladder_reads::NamedInput {
                chart: self.id,
                name: name.into(),
                ladder,
                span,
            });
        Some(here)
    }

    fn unknown(&mut self, what: &'static str, ident: &ast::Ident) {
        let syms = &self.sc.games[self.game];
        let mut names: Vec<&str> = self.by_name.keys().map(CompactString::as_str).collect();
        names.extend(syms.params.keys().copied());
        names.extend(syms.flags.keys().copied());
        names.extend(syms.choices.keys().copied());
        names.extend(syms.grids.keys().copied());
        names.extend(syms.charts.keys().copied());
        names.extend(self.local_params.keys().copied());
        names.extend(self.local_flags.keys().copied());
        // A ladder's own input, named in a chart that reads the ladder.
        let ladder = syms.ladder_decls.iter().find(|l| {
            l.clauses.iter().any(|c| match c {
                Clause::Param(p) => p.name.name == ident.name,
                Clause::Flag(f) => f.name.name == ident.name,
                Clause::Choice(ch) => ch.name.name == ident.name,
                _ => false,
            })
        });
        if let Some(ladder) = ladder {
            self.error(
                CompileErrorKind::InsideLadder {
                    name: ident.name.to_string(),
                    ladder: ladder.name.name.to_string(),
                },
                ident.span,
            );
            return;
        }
        let suggestion = crate::check::suggest::closest(&ident.name, names);
        self.error(
            CompileErrorKind::Unknown {
                what,
                name: ident.name.to_string(),
                suggestion,
            },
            ident.span,
        );
    }

    fn declare_locals(&mut self, clauses: &'a [Clause]) {
        for clause in clauses {
            match clause {
                Clause::Choice(d) => {
                    let choice = super::declare_choice(d, self.errors);
                    let label = choice.label.clone();
                    self.program.choices.push(choice);
                    self.program.choice_spans.push(d.name.span);
                    let id = self.program.choices.len() - 1;
                    self.local_choices.insert(&d.name.name, id);
                    self.add_slot(
                        "choice",
                        d.name.name.clone(),
                        label.clone(),
                        SlotKind::Choice(id),
                        d.name.span,
                    );
                }
                Clause::Flag(d) => {
                    self.local_flags.insert(&d.name.name, d);
                    self.add_slot(
                        "flag",
                        d.name.name.clone(),
                        d.label.text.clone(),
                        SlotKind::Flag,
                        d.name.span,
                    );
                }
                Clause::Param(d) => {
                    check_bounds(d.bounds.as_ref(), self.errors);
                    self.local_params.insert(&d.name.name, d);
                    self.add_slot(
                        "param",
                        d.name.name.clone(),
                        d.label.text.clone(),
                        SlotKind::Param {
                            bounds: d.bounds.map(|b| (b.lo, b.hi)),
                            default: d.default.as_ref().map(|v| v.node),
                            whole: d.whole,
                        },
                        d.name.span,
                    );
                }
                _ => {}
            }
        }
    }

    // ----- grids ---------------------------------------------------------------

    /// Reports cells of a grid that are not of the wanted kinds.
    fn expect_cells(&mut self, r: &GridRef, ok: fn(&Cell) -> bool, expected: &'static str) {
        let bad = r
            .readable_cells(self.program)
            .find(|c| !ok(c))
            .map(Cell::kind_name);
        if let Some(found) = bad {
            self.error(
                CompileErrorKind::WrongKind {
                    expected,
                    found: format!("grid `{}` holding {found}", r.name),
                },
                r.span,
            );
        }
    }

    fn grid_number_reach(&self, r: &GridRef) -> (Option<i64>, Option<i64>) {
        let nums = r.readable_cells(self.program).filter_map(|c| match c {
            Cell::Number(n) => Some(*n),
            _ => None,
        });
        let nums = nums.flat_map(|n| [crate::number::floor(n), crate::number::ceil(n)]);
        let (lo, hi) = nums.fold((None, None), |(lo, hi): (Option<i64>, Option<i64>), n| {
            (
                Some(lo.map_or(n, |l| l.min(n))),
                Some(hi.map_or(n, |h| h.max(n))),
            )
        });
        (lo, hi)
    }

    // ----- charts ---------------------------------------------------------------

    pub(super) fn grid_chart(mut self, grid: &'a ast::Grid, _id: GridId) -> ChartTree {
        let r = self.grid_ref(&grid.name);
        let notes = grid.notes.iter().map(|n| n.text.clone()).collect();
        let body = r.map_or(Body::Notes(CompactString::default()), Body::Lookup);
        self.finish(&grid.name, &grid.label, body, notes, Vec::new())
    }

    pub(super) fn set_chart(mut self, set: &'a ast::ModifierSet) -> ChartTree {
        self.using.push(set.name.name.clone());
        self.entries(&set.entries, &ModCtx::default());
        self.settle_conditions();
        let notes = set.notes.iter().map(|n| n.text.clone()).collect();
        self.finish(&set.name, &set.label, Body::Net, notes, Vec::new())
    }

    pub(super) fn notes_chart(self, n: &'a ast::Notes) -> ChartTree {
        self.finish(
            &n.name,
            &n.label,
            Body::Notes(n.text.text.clone()),
            Vec::new(),
            Vec::new(),
        )
    }

    pub(super) fn chart(mut self, c: &'a ast::Chart) -> ChartTree {
        let columned = self.check_clauses(c);
        self.clauses = Clauses::of(c);
        if let Some((sides, _)) = self.clauses.sides {
            self.sides = sides.iter().map(|s| s.name.name.clone()).collect();
            self.side_labels = sides.iter().map(|s| s.label.text.clone()).collect();
        }
        self.declare_locals(&c.clauses);
        self.roll_faces = faces::RollFaces::of(c, self.clauses.roll);
        for clause in &c.clauses {
            if let Clause::Modifiers(entries, _) = clause {
                self.entries(entries, &ModCtx::default());
            }
        }
        self.settle_conditions();
        let mut notes = Vec::new();
        for clause in &c.clauses {
            if let Clause::Notes(l) = clause {
                notes.push(l.text.clone());
            }
        }
        let fields: Vec<CompactString> = self.clauses.fields.map_or_else(Vec::new, |f| {
            f.iter().map(|o| o.label.text.clone()).collect()
        });
        if !columned {
            self.check_rows_or_results(c);
        }
        let roll = self.clauses.roll;
        if roll.is_none() && c.kind != ast::ChartKind::Ladder && self.clauses.rolls.is_none() {
            self.missing_clause(c, "roll");
        }
        let body = match c.kind {
            ast::ChartKind::Table => {
                let dice = roll.map(|d| self.dice(d)).unwrap_or_default();
                self.table(c, dice, &fields)
            }
            ast::ChartKind::Check => self.check_body(c, roll),
            ast::ChartKind::Opposed => self.opposed_body(c, roll, &fields, columned),
            ast::ChartKind::Pool => self.pool_body(c, roll),
            ast::ChartKind::Ladder => self.ladder_body(c),
        };
        if !columned {
            self.check_shifts(&body);
        }
        self.finish(&c.name, &c.label, body, notes, fields)
    }

    /// A `check`'s body: its target (read in the target's context, where
    /// `net` may appear), its two outcomes, defaulting to the words
    /// `Success` and `Failure`, and its natural-roll rules.
    fn check_body(&mut self, c: &'a ast::Chart, roll: Option<&'a ast::DiceExpr>) -> Body {
        let dice = roll.map(|d| self.dice(d)).unwrap_or_default();
        self.context = ExprContext::Target;
        let target = match self.clauses.succeed {
            Some(t) => self.target(t),
            None => {
                self.missing_clause(c, "succeed on");
                Target::Ranges(Ranges::default())
            }
        };
        self.context = ExprContext::Plain;
        let net_in_target = self.net_used;
        // The roll's total (the natural roll, the constant and, unless they
        // move the target, the modifiers) must fit in `i64`, as a table's.
        let (lo, hi) = rows::dice_reach(&dice, &self.slots);
        let moved = if net_in_target {
            Reach::exactly(0)
        } else {
            self.modifier_reach(0)
        };
        self.total_reach(
            c,
            &[
                (Reach { lo, hi }, false),
                (moved, false),
                (Reach::exactly(dice.constant), false),
            ],
        );
        let named = |this: &mut Self, written: Option<&'a ast::Outcome>, default: &str| {
            written.map_or_else(
                || Outcome {
                    fields: vec![vec![CondOutcome::Simple(Simple {
                        text: default.into(),
                        follow_ups: Vec::new(),
                    })]],
                },
                |o| this.outcome(o),
            )
        };
        let success = named(self, self.clauses.success, "Success");
        let failure = named(self, self.clauses.failure, "Failure");
        let naturals = self.naturals(c, true);
        Body::Check {
            dice,
            target,
            net_in_target,
            success,
            failure,
            naturals,
        }
    }

    /// An `opposed` chart's body: exactly two sides, and rows that must
    /// cover every difference the two modified rolls can make (not read
    /// when the chart was written with columns, already reported).
    fn opposed_body(
        &mut self,
        c: &'a ast::Chart,
        roll: Option<&'a ast::DiceExpr>,
        fields: &[CompactString],
        columned: bool,
    ) -> Body {
        if self.sides.len() != 2 {
            match self.clauses.sides {
                Some((_, span)) => self.error(
                    CompileErrorKind::CellCount {
                        expected: 2,
                        found: self.sides.len(),
                        what: "sides",
                    },
                    span,
                ),
                None => self.missing_clause(c, "sides"),
            }
        }
        if let Some(rolls) = self.clauses.rolls {
            return self.sides_body(c, rolls, fields);
        }
        let dice = roll.map(|d| self.dice(d)).unwrap_or_default();
        let (lo, hi) = rows::dice_reach(&dice, &self.slots);
        let natural = Reach { lo, hi };
        let att = self.modifier_reach(0);
        let def = self.modifier_reach(1);
        let reach = self.total_reach(
            c,
            &[(natural, false), (att, false), (natural, true), (def, true)],
        );
        let why = format!("the difference of the two rolls with their modifiers runs from {reach}");
        let (lookups, rows) = if columned {
            (Vec::new(), Vec::new())
        } else {
            self.rows(c, None, reach, &why, fields)
        };
        Body::Opposed {
            dice,
            sides: self.sides.clone(),
            labels: self.side_labels.clone(),
            lookup: lookups.into_iter().next().unwrap_or_default(),
            rows,
            rolls: None,
        }
    }

    /// A `pool`'s body: the `count` stage on the rolled dice, then each
    /// `per` stage, which must name the count just before it, and what
    /// `report` says the outcome names.
    fn pool_body(&mut self, c: &'a ast::Chart, roll: Option<&'a ast::DiceExpr>) -> Body {
        let dice = roll.map_or(PoolDice::Dice(Dice::default()), |d| self.dice_source(d));
        let mut stages = Vec::new();
        let mut names = Vec::new();
        self.counts_named_once(&c.clauses);
        match self.clauses.count {
            Some(stage) => {
                names.push(stage.name.name.clone());
                stages.push(Stage {
                    label: stage.label.text.clone(),
                    target: self.target(&stage.target),
                    per: None,
                    modified: true,
                    once: false,
                    reported: true,
                });
            }
            None => self.missing_clause(c, "count"),
        }
        for clause in &c.clauses {
            if let Clause::Per {
                of,
                roll,
                stage,
                once,
                ..
            } = clause
            {
                self.per_stage(of, stage, &names);
                names.push(stage.name.name.clone());
                let per = self.dice_source(roll);
                stages.push(Stage {
                    label: stage.label.text.clone(),
                    target: self.target(&stage.target),
                    per: Some(per),
                    modified: false,
                    once: *once,
                    reported: true,
                });
            }
        }
        if let Some(reported) = self.clauses.report {
            self.report(reported, &names, &mut stages);
        }
        Body::Pool { dice, stages }
    }

    /// Checks a `per` stage against the counts before it (`names`): it
    /// counts per hit of the one just before, and a pool has at most
    /// `MAX_STAGES` counts.
    fn per_stage(&mut self, of: &ast::Ident, stage: &ast::CountStage, names: &[CompactString]) {
        if names.last() != Some(&of.name) {
            let suggestion =
                crate::check::suggest::closest(&of.name, names.iter().map(CompactString::as_str));
            self.error(
                CompileErrorKind::Unknown {
                    what: "count (the one just before)",
                    name: of.name.to_string(),
                    suggestion,
                },
                of.span,
            );
        }
        if names.len() >= crate::check::tree::MAX_STAGES {
            self.error(
                CompileErrorKind::Invalid {
                    message: format!(
                        "a pool counts at most {} times",
                        crate::check::tree::MAX_STAGES
                    ),
                    help: "split the later counts into a follow-up chart".into(),
                },
                stage.span,
            );
        }
    }

    /// A `ladder`'s body: its steps, where it starts and the caps
    /// (`at most`) that hold where their condition does.
    fn ladder_body(&mut self, c: &'a ast::Chart) -> Body {
        let (steps, labels) = match self.clauses.steps {
            Some((s, span)) => self.steps(s, span),
            None => {
                self.missing_clause(c, "steps");
                (Vec::new(), Vec::new())
            }
        };
        let start = match self.clauses.start {
            Some(e) => self.expr(e),
            None => {
                self.missing_clause(c, "start");
                Expr::Int(0)
            }
        };
        let mut caps = Vec::new();
        for clause in &c.clauses {
            if let Clause::AtMost { value, cond, .. } = clause {
                let v = self.expr(value);
                let cond = cond.as_ref().map(|c| self.cond(c));
                caps.push((v, cond));
            }
        }
        Body::Ladder {
            steps,
            labels,
            start,
            caps,
        }
    }
}
