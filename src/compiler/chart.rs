//! Compiling one chart: its scope (the slots a player can name), its
//! modifiers, and its body. Names are looked up chart-first, then in the
//! game; a top-level input becomes a slot of the chart the first time the
//! chart mentions it.

use super::rows::{self, Reach};
use super::{check_bounds, option_index, Scope};
use crate::ast::{self, Clause};
use crate::compile_error::{CompileError, CompileErrorKind};
use crate::limits::Limits;
use crate::span::Span;
use crate::tree::{
    Body, Cell, ChartId, ChartTree, ChoiceId, Cond, CondOutcome, Dice, DiceGroup, DiceSource, Expr,
    FollowUp, GridId, GridRef, ModValue, Modifier, Natural, NaturalOutcome, Outcome, Program,
    Ranges, RowTree, Simple, Slot, SlotKind, SlotTree, Stage, Target,
};
use std::collections::HashMap;

/// Where an expression stands, which decides the special terms it may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ExprContext {
    /// Anywhere else.
    Plain,
    /// A table's `score`: `total` and `natural` are known.
    Score,
    /// A check's target: `modifiers` may move it.
    Target,
}

/// How modifiers nested in groups, sections and sides inherit their context.
#[derive(Clone, Default)]
struct ModCtx {
    cond: Option<Cond>,
    negative: bool,
    side: Option<usize>,
    group: Option<usize>,
    section: Option<usize>,
}

pub(super) struct ChartCx<'a, 's> {
    sc: &'s Scope<'a>,
    game: usize,
    program: &'s mut Program,
    errors: &'s mut Vec<CompileError>,
    limits: &'s Limits,
    id: ChartId,
    local_choices: HashMap<&'a str, ChoiceId>,
    local_flags: HashMap<&'a str, &'a ast::FlagDecl>,
    local_params: HashMap<&'a str, &'a ast::ParamDecl>,
    slots: Vec<SlotTree>,
    by_name: HashMap<String, Slot>,
    slot_spans: HashMap<String, Span>,
    modifiers: Vec<Modifier>,
    /// Reach of each modifier: (lowest, highest) contribution, 0 included.
    reaches: Vec<(Option<i64>, Option<i64>)>,
    groups: Vec<(String, Vec<usize>)>,
    sections: Vec<(String, bool, Vec<usize>)>,
    sides: Vec<String>,
    using: Vec<String>,
    follow_asts: &'s mut Vec<(usize, Vec<ast::FollowArg>)>,
    context: ExprContext,
    /// Whether `modifiers` stood in a check's target.
    net_used: bool,
    dice_failed: bool,
    /// Slots a roll cannot do without (read by a condition, an expression,
    /// a grid lookup, the columns), for checking follow-ups can supply them.
    required: Vec<Slot>,
    /// Set while looking up a `±r from GRID`: its keys are optional.
    keys_optional: bool,
}

/// A clause's keyword, for diagnostics.
fn clause_name(c: &Clause) -> &'static str {
    match c {
        Clause::Roll(_) => "roll",
        Clause::Choice(_) => "choice",
        Clause::Flag(_) => "flag",
        Clause::Param(_) => "param",
        Clause::Modifiers(..) => "modifiers",
        Clause::Columns(_) => "columns",
        Clause::Fields(..) => "fields",
        Clause::Score(_) => "score",
        Clause::Rows(..) => "rows",
        Clause::Natural(_) => "natural",
        Clause::Best { .. } => "best",
        Clause::Succeed(_) => "succeed on",
        Clause::Success(_) => "success",
        Clause::Failure(_) => "failure",
        Clause::Sides(..) => "sides",
        Clause::Count(_) => "count",
        Clause::Per { .. } => "per",
        Clause::Steps(..) => "steps",
        Clause::Start(_) => "start",
        Clause::AtMost { .. } => "at most",
        Clause::Notes(_) => "notes",
    }
}

fn clause_span(c: &Clause) -> Span {
    match c {
        Clause::Roll(d) => d.span,
        Clause::Choice(d) => d.span,
        Clause::Flag(d) => d.span,
        Clause::Param(d) => d.span,
        Clause::Modifiers(_, s)
        | Clause::Fields(_, s)
        | Clause::Rows(_, s)
        | Clause::Sides(_, s)
        | Clause::Steps(_, s)
        | Clause::Best { span: s, .. }
        | Clause::Per { span: s, .. }
        | Clause::AtMost { span: s, .. } => *s,
        Clause::Columns(i) => i.span,
        Clause::Score(e) | Clause::Start(e) => e.span,
        Clause::Natural(n) => n.span,
        Clause::Succeed(t) => t.span,
        Clause::Success(o) | Clause::Failure(o) => o.span,
        Clause::Count(c) => c.span,
        Clause::Notes(l) => l.span,
    }
}

fn kind_keyword(k: ast::ChartKind) -> &'static str {
    match k {
        ast::ChartKind::Table => "table",
        ast::ChartKind::Check => "check",
        ast::ChartKind::Opposed => "opposed",
        ast::ChartKind::Pool => "pool",
        ast::ChartKind::Ladder => "ladder",
    }
}

/// The clauses each kind takes besides declarations, modifiers and notes.
fn allowed(kind: ast::ChartKind, clause: &Clause) -> bool {
    use ast::ChartKind as K;
    match clause {
        Clause::Choice(_)
        | Clause::Flag(_)
        | Clause::Param(_)
        | Clause::Modifiers(..)
        | Clause::Notes(_) => true,
        Clause::Roll(_) => kind != K::Ladder,
        Clause::Columns(_) | Clause::Score(_) | Clause::Best { .. } => kind == K::Table,
        Clause::Fields(..) | Clause::Rows(..) => matches!(kind, K::Table | K::Opposed),
        Clause::Natural(_) => matches!(kind, K::Table | K::Check),
        Clause::Succeed(_) | Clause::Success(_) | Clause::Failure(_) => kind == K::Check,
        Clause::Sides(..) => kind == K::Opposed,
        Clause::Count(_) | Clause::Per { .. } => kind == K::Pool,
        Clause::Steps(..) | Clause::Start(_) | Clause::AtMost { .. } => kind == K::Ladder,
    }
}

/// Clauses that may appear more than once.
fn repeatable(clause: &Clause) -> bool {
    matches!(
        clause,
        Clause::Choice(_)
            | Clause::Flag(_)
            | Clause::Param(_)
            | Clause::Modifiers(..)
            | Clause::Notes(_)
            | Clause::Natural(_)
            | Clause::Per { .. }
            | Clause::AtMost { .. }
    )
}

/// Dice with no names in them (grid cells): `None` after reporting an error.
pub(super) fn static_dice(
    d: &ast::DiceExpr,
    limits: &Limits,
    errors: &mut Vec<CompileError>,
) -> Option<Dice> {
    let mut dice = Dice {
        groups: Vec::new(),
        constant: 0,
    };
    let mut ok = true;
    for (negative, term) in &d.terms {
        match term {
            ast::DiceTerm::Dice {
                count,
                sides,
                unsupported,
                span,
            } => {
                let count = match count.as_deref() {
                    None => 1,
                    Some(ast::Expr {
                        kind: ast::ExprKind::Int(n),
                        ..
                    }) => *n,
                    Some(e) => {
                        errors.push(CompileError::new(
                            CompileErrorKind::WrongKind {
                                expected: "a number of dice",
                                found: "an expression".into(),
                            },
                            e.span,
                        ));
                        ok = false;
                        continue;
                    }
                };
                ok &= check_dice(count, *sides, unsupported.as_ref(), *span, limits, errors);
                dice.groups.push(DiceGroup {
                    count: count.clamp(0, i64::from(u32::MAX)) as u32,
                    count_slot: None,
                    sides: (*sides).min(u64::from(u32::MAX)) as u32,
                    negative: *negative,
                });
            }
            ast::DiceTerm::Number(n) => {
                dice.constant += if *negative { -n.node } else { n.node };
            }
            ast::DiceTerm::Name(i) => {
                errors.push(CompileError::new(
                    CompileErrorKind::WrongKind {
                        expected: "dice such as `2d10`",
                        found: format!("the name `{}`", i.name),
                    },
                    i.span,
                ));
                ok = false;
            }
        }
    }
    let total: u64 = dice.groups.iter().map(|g| u64::from(g.count)).sum();
    if ok && total > u64::from(limits.max_dice) {
        errors.push(CompileError::new(
            CompileErrorKind::DiceTooLarge {
                written: format!("{total} dice"),
                limit: format!("{} dice in one roll", limits.max_dice),
            },
            d.span,
        ));
        ok = false;
    }
    ok.then_some(dice)
}

fn check_dice(
    count: i64,
    sides: u64,
    unsupported: Option<&crate::span::Spanned<String>>,
    span: Span,
    limits: &Limits,
    errors: &mut Vec<CompileError>,
) -> bool {
    if let Some(u) = unsupported {
        let what = if u.node.starts_with("d66") {
            "`d66` (two d6 read as tens and units)".to_string()
        } else if u.node.starts_with('!') {
            format!("`{}` (exploding dice)", u.node)
        } else if u.node.starts_with("kh") || u.node.starts_with('k') {
            format!("`{}` (keep the highest dice)", u.node)
        } else if u.node.starts_with("kl") {
            format!("`{}` (keep the lowest dice)", u.node)
        } else {
            format!("`{}`", u.node)
        };
        errors.push(CompileError::new(
            CompileErrorKind::Unsupported { what },
            u.span,
        ));
        return false;
    }
    let problem = if count <= 0 {
        Some(CompileErrorKind::ImpossibleDice {
            reason: format!("a roll of {count} dice"),
        })
    } else if sides == 0 {
        Some(CompileErrorKind::ImpossibleDice {
            reason: "a die with no sides".into(),
        })
    } else if sides == 1 {
        Some(CompileErrorKind::ImpossibleDice {
            reason: "a die of one side always shows 1: write the number instead".into(),
        })
    } else if count > i64::from(limits.max_dice) || sides > u64::from(limits.max_sides) {
        Some(CompileErrorKind::DiceTooLarge {
            written: format!("{count}d{sides}"),
            limit: format!("{} dice of {} sides", limits.max_dice, limits.max_sides),
        })
    } else {
        None
    };
    match problem {
        Some(kind) => {
            errors.push(CompileError::new(kind, span));
            false
        }
        None => true,
    }
}

impl<'a, 's> ChartCx<'a, 's> {
    pub(super) fn new(
        sc: &'s Scope<'a>,
        game: usize,
        program: &'s mut Program,
        errors: &'s mut Vec<CompileError>,
        limits: &'s Limits,
        id: ChartId,
        follow_asts: &'s mut Vec<(usize, Vec<ast::FollowArg>)>,
    ) -> Self {
        Self {
            sc,
            game,
            program,
            errors,
            limits,
            id,
            local_choices: HashMap::new(),
            local_flags: HashMap::new(),
            local_params: HashMap::new(),
            slots: Vec::new(),
            by_name: HashMap::new(),
            slot_spans: HashMap::new(),
            modifiers: Vec::new(),
            reaches: Vec::new(),
            groups: Vec::new(),
            sections: Vec::new(),
            sides: Vec::new(),
            using: Vec::new(),
            follow_asts,
            context: ExprContext::Plain,
            net_used: false,
            dice_failed: false,
            required: Vec::new(),
            keys_optional: false,
        }
    }

    fn error(&mut self, kind: CompileErrorKind, span: Span) {
        self.errors.push(CompileError::new(kind, span));
    }

    fn finish(
        self,
        name: &ast::Ident,
        label: &ast::Label,
        body: Body,
        notes: Vec<String>,
        fields: Vec<String>,
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
                !by_modifier && !defaulted
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
            body,
            notes,
            fields,
        }
    }

    // ----- slots and names -------------------------------------------------

    fn add_slot(
        &mut self,
        what: &'static str,
        name: String,
        label: String,
        kind: SlotKind,
        span: Span,
    ) -> Slot {
        if let Some(&first) = self.slot_spans.get(&name) {
            self.error(
                CompileErrorKind::Duplicate {
                    what,
                    name: name.clone(),
                    first,
                },
                span,
            );
            return self.by_name[&name];
        }
        self.slots.push(SlotTree {
            name: name.clone(),
            label,
            kind,
        });
        let slot = self.slots.len() - 1;
        self.slot_spans.insert(name.clone(), span);
        self.by_name.insert(name, slot);
        slot
    }

    /// The slot a name stands for: already in the chart, declared in it, or
    /// declared at the top level of the game.
    fn lookup_slot(&mut self, name: &str) -> Option<Slot> {
        if let Some(&s) = self.by_name.get(name) {
            return Some(s);
        }
        let syms = &self.sc.games[self.game];
        let (label, kind, span) = if let Some(&c) = self.local_choices.get(name) {
            let ch = &self.program.choices[c];
            (ch.label.clone(), SlotKind::Choice(c), Span::default())
        } else if let Some(p) = self.local_params.get(name).or(syms.params.get(name)) {
            (
                p.label.text.clone(),
                SlotKind::Param {
                    bounds: p.bounds.map(|b| (b.lo, b.hi)),
                    default: p.default.as_ref().map(|d| d.node),
                },
                p.name.span,
            )
        } else if let Some(f) = self.local_flags.get(name).or(syms.flags.get(name)) {
            (f.label.text.clone(), SlotKind::Flag, f.name.span)
        } else if let Some(&c) = syms.choices.get(name) {
            let ch = &self.program.choices[c];
            (ch.label.clone(), SlotKind::Choice(c), Span::default())
        } else {
            return None;
        };
        self.slots.push(SlotTree {
            name: name.to_string(),
            label,
            kind,
        });
        let slot = self.slots.len() - 1;
        self.slot_spans.insert(name.to_string(), span);
        self.by_name.insert(name.to_string(), slot);
        Some(slot)
    }

    fn unknown(&mut self, what: &'static str, ident: &ast::Ident) {
        let syms = &self.sc.games[self.game];
        let mut names: Vec<&str> = self.by_name.keys().map(String::as_str).collect();
        names.extend(syms.params.keys().copied());
        names.extend(syms.flags.keys().copied());
        names.extend(syms.choices.keys().copied());
        names.extend(syms.grids.keys().copied());
        names.extend(syms.charts.keys().copied());
        names.extend(self.local_params.keys().copied());
        names.extend(self.local_flags.keys().copied());
        let suggestion = crate::suggest::closest(&ident.name, names);
        self.error(
            CompileErrorKind::Unknown {
                what,
                name: ident.name.clone(),
                suggestion,
            },
            ident.span,
        );
    }

    fn declare_locals(&mut self, clauses: &'a [Clause]) {
        for clause in clauses {
            match clause {
                Clause::Choice(d) => {
                    let id = super::declare_choice(self.program, d, self.errors);
                    self.local_choices.insert(&d.name.name, id);
                    let ch = &self.program.choices[id];
                    let label = ch.label.clone();
                    self.add_slot(
                        "choice",
                        d.name.name.clone(),
                        label,
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
                        },
                        d.name.span,
                    );
                }
                _ => {}
            }
        }
    }

    // ----- grids ---------------------------------------------------------------

    /// A grid looked up with this chart's slots for its keys.
    fn grid_ref(&mut self, ident: &ast::Ident) -> Option<GridRef> {
        let &grid = self.sc.games[self.game].grids.get(ident.name.as_str())?;
        let keys_ids = self.program.grids[grid].keys.clone();
        let mut keys = Vec::new();
        for c in keys_ids {
            let name = self.program.choices[c].name.clone();
            match self.lookup_slot(&name) {
                Some(s) if self.slots[s].kind == SlotKind::Choice(c) => keys.push(s),
                _ => {
                    self.error(
                        CompileErrorKind::Invalid {
                            message: format!(
                                "grid `{}` is keyed by the choice `{name}`, which this chart \
                                 declares as something else",
                                ident.name
                            ),
                            help: format!("rename the chart's own `{name}`"),
                        },
                        ident.span,
                    );
                    return None;
                }
            }
        }
        if !self.keys_optional {
            self.required.extend(&keys);
        }
        Some(GridRef {
            grid,
            keys,
            name: ident.name.clone(),
            span: ident.span,
        })
    }

    /// Reports cells of a grid that are not of the wanted kinds.
    fn expect_cells(&mut self, r: &GridRef, ok: fn(&Cell) -> bool, expected: &'static str) {
        let bad = self.program.grids[r.grid]
            .cells
            .iter()
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

    fn grid_number_reach(&self, grid: GridId) -> (Option<i64>, Option<i64>) {
        let nums = self.program.grids[grid]
            .cells
            .iter()
            .filter_map(|c| match c {
                Cell::Number(n) => Some(*n),
                _ => None,
            });
        let (lo, hi) = nums.fold((None, None), |(lo, hi): (Option<i64>, Option<i64>), n| {
            (
                Some(lo.map_or(n, |l| l.min(n))),
                Some(hi.map_or(n, |h| h.max(n))),
            )
        });
        (lo, hi)
    }

    // ----- expressions and conditions ---------------------------------------

    fn expr(&mut self, e: &ast::Expr) -> Expr {
        match &e.kind {
            ast::ExprKind::Int(n) => Expr::Int(*n),
            ast::ExprKind::Total | ast::ExprKind::Natural if self.context != ExprContext::Score => {
                self.error(
                    CompileErrorKind::Invalid {
                        message: "the roll is not known here".into(),
                        help: "`total` and `natural` may be used in `score` only".into(),
                    },
                    e.span,
                );
                Expr::Int(0)
            }
            ast::ExprKind::Total => Expr::Total,
            ast::ExprKind::Natural => Expr::Natural,
            ast::ExprKind::Modifiers if self.context == ExprContext::Target => {
                self.net_used = true;
                Expr::Net
            }
            ast::ExprKind::Modifiers => {
                self.error(
                    CompileErrorKind::Invalid {
                        message: "`modifiers` is not known here".into(),
                        help: "`modifiers` (the net modifier) may be used in a check's \
                               `succeed on` target, where it moves the target instead of the roll"
                            .into(),
                    },
                    e.span,
                );
                Expr::Int(0)
            }
            ast::ExprKind::Neg(x) => Expr::Neg(Box::new(self.expr(x))),
            ast::ExprKind::Binary(op, a, b) => {
                Expr::Bin(*op, Box::new(self.expr(a)), Box::new(self.expr(b)))
            }
            ast::ExprKind::Name(ident) => {
                if let Some(slot) = self.lookup_slot(&ident.name) {
                    if matches!(self.slots[slot].kind, SlotKind::Param { .. }) {
                        self.required.push(slot);
                        return Expr::Slot(slot, ident.span);
                    }
                    self.error(
                        CompileErrorKind::WrongKind {
                            expected: "a number (a param or a grid of numbers)",
                            found: format!("`{}`, which is not a number", ident.name),
                        },
                        ident.span,
                    );
                    return Expr::Int(0);
                }
                if let Some(r) = self.grid_ref(ident) {
                    self.expect_cells(
                        &r,
                        |c| matches!(c, Cell::Number(_) | Cell::Impossible),
                        "a grid of numbers",
                    );
                    return Expr::Grid(r);
                }
                self.unknown("name", ident);
                Expr::Int(0)
            }
        }
    }

    fn cond(&mut self, c: &ast::Cond) -> Cond {
        match &c.kind {
            ast::CondKind::Not(x) => Cond::Not(Box::new(self.cond(x))),
            ast::CondKind::And(a, b) => Cond::And(Box::new(self.cond(a)), Box::new(self.cond(b))),
            ast::CondKind::Or(a, b) => Cond::Or(Box::new(self.cond(a)), Box::new(self.cond(b))),
            ast::CondKind::Flag(ident) => match self.lookup_slot(&ident.name) {
                Some(s) => match self.slots[s].kind {
                    SlotKind::Flag => Cond::Flag(s),
                    SlotKind::Param { .. } => {
                        Cond::Cmp(ast::CmpOp::Ne, Expr::Slot(s, ident.span), Expr::Int(0))
                    }
                    SlotKind::Choice(_) => {
                        self.error(
                            CompileErrorKind::WrongKind {
                                expected: "a flag",
                                found: format!("the choice `{}`", ident.name),
                            },
                            ident.span,
                        );
                        Cond::Flag(s)
                    }
                },
                None => {
                    self.unknown("flag", ident);
                    Cond::Not(Box::new(Cond::OptionIn(0, Vec::new())))
                }
            },
            ast::CondKind::In(choice, options) => self.option_test(choice, options),
            ast::CondKind::Cmp(op, a, b) => {
                if let (
                    ast::CmpOp::Eq | ast::CmpOp::Ne,
                    ast::ExprKind::Name(l),
                    ast::ExprKind::Name(r),
                ) = (op, &a.kind, &b.kind)
                {
                    let is_choice = self
                        .lookup_slot(&l.name)
                        .is_some_and(|s| matches!(self.slots[s].kind, SlotKind::Choice(_)));
                    if is_choice {
                        let test = self.option_test(l, std::slice::from_ref(r));
                        return if *op == ast::CmpOp::Ne {
                            Cond::Not(Box::new(test))
                        } else {
                            test
                        };
                    }
                }
                Cond::Cmp(*op, self.expr(a), self.expr(b))
            }
        }
    }

    fn option_test(&mut self, choice: &ast::Ident, options: &[ast::Ident]) -> Cond {
        let Some(slot) = self.lookup_slot(&choice.name) else {
            self.unknown("choice", choice);
            return Cond::OptionIn(0, Vec::new());
        };
        let SlotKind::Choice(c) = self.slots[slot].kind else {
            self.error(
                CompileErrorKind::WrongKind {
                    expected: "a choice",
                    found: format!("`{}`, which is not a choice", choice.name),
                },
                choice.span,
            );
            return Cond::OptionIn(slot, Vec::new());
        };
        let indices = options
            .iter()
            .filter_map(|o| option_index(self.program, c, o, self.errors))
            .collect();
        self.required.push(slot);
        Cond::OptionIn(slot, indices)
    }

    fn applicability(&mut self, a: Option<&ast::Applicability>) -> Option<Cond> {
        a.map(|a| {
            let c = self.cond(&a.cond);
            if a.unless {
                Cond::Not(Box::new(c))
            } else {
                c
            }
        })
    }

    // ----- modifiers -------------------------------------------------------------

    fn entries(&mut self, entries: &'a [ast::ModEntry], cx: &ModCtx) {
        for e in entries {
            match e {
                ast::ModEntry::Modifier(d) => self.modifier(d, cx),
                ast::ModEntry::OneOf(g) => {
                    if cx.group.is_some() {
                        self.error(
                            CompileErrorKind::Invalid {
                                message: "`one of` inside `one of`".into(),
                                help: "list every exclusive modifier in one group".into(),
                            },
                            g.span,
                        );
                    }
                    let heading = g.heading.as_ref().map_or("use only one", |h| &h.text);
                    self.groups.push((heading.to_string(), Vec::new()));
                    let mut inner = cx.clone();
                    inner.group = Some(self.groups.len() - 1);
                    inner.cond = and(
                        cx.cond.clone(),
                        self.applicability(g.applicability.as_ref()),
                    );
                    self.entries(&g.entries, &inner);
                }
                ast::ModEntry::Section(g) => {
                    let heading = g.heading.as_ref().map_or("", |h| &h.text);
                    self.sections
                        .push((heading.to_string(), g.subtract, Vec::new()));
                    let mut inner = cx.clone();
                    inner.section = Some(self.sections.len() - 1);
                    inner.negative ^= g.subtract;
                    inner.cond = and(
                        cx.cond.clone(),
                        self.applicability(g.applicability.as_ref()),
                    );
                    self.entries(&g.entries, &inner);
                }
                ast::ModEntry::Use(u) => self.use_set(u, cx),
                ast::ModEntry::ForSide(f) => {
                    if self.sides.is_empty() {
                        self.error(
                            CompileErrorKind::MisplacedClause {
                                clause: "for",
                                kind: "chart without sides",
                                reason: "only opposed rolls have sides".into(),
                            },
                            f.span,
                        );
                        continue;
                    }
                    match &f.side {
                        None => {
                            for side in 0..self.sides.len() {
                                let mut inner = cx.clone();
                                inner.side = Some(side);
                                self.entries(&f.entries, &inner);
                            }
                        }
                        Some(name) => {
                            if let Some(side) = self.sides.iter().position(|s| *s == name.name) {
                                let mut inner = cx.clone();
                                inner.side = Some(side);
                                self.entries(&f.entries, &inner);
                            } else {
                                let suggestion = crate::suggest::closest(
                                    &name.name,
                                    self.sides.iter().map(String::as_str),
                                );
                                self.error(
                                    CompileErrorKind::Unknown {
                                        what: "side",
                                        name: name.name.clone(),
                                        suggestion,
                                    },
                                    name.span,
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    fn use_set(&mut self, u: &ast::UseDecl, cx: &ModCtx) {
        let Some(set) = self.sc.games[self.game]
            .sets
            .get(u.set.name.as_str())
            .copied()
        else {
            self.unknown("modifier set", &u.set);
            return;
        };
        if self.using.contains(&u.set.name) {
            self.error(
                CompileErrorKind::Invalid {
                    message: format!("modifier set `{}` uses itself", u.set.name),
                    help: "remove the `use` that closes the loop".into(),
                },
                u.span,
            );
            return;
        }
        let cond = u.cond.as_ref().map(|c| self.cond(c));
        let mut inner = cx.clone();
        inner.cond = and(cx.cond.clone(), cond);
        self.sections
            .push((set.label.text.clone(), false, Vec::new()));
        inner.section = Some(self.sections.len() - 1);
        self.using.push(u.set.name.clone());
        self.entries(&set.entries, &inner);
        self.using.pop();
    }

    fn modifier(&mut self, d: &'a ast::ModifierDecl, cx: &ModCtx) {
        let side = cx.side.unwrap_or(0);
        let name = match cx.side {
            Some(s) if !self.sides.is_empty() => format!("{}.{}", self.sides[s], d.name.name),
            _ => d.name.name.clone(),
        };
        let sign = if cx.negative { -1 } else { 1 };
        let (kind, value, reach) = match &d.value {
            ast::ModValue::Fixed(v) => {
                let v = v.node * sign;
                (
                    SlotKind::Flag,
                    ModValue::Fixed(v),
                    (Some(v.min(0)), Some(v.max(0))),
                )
            }
            ast::ModValue::Param {
                sign: psign,
                bounds,
                default,
                from,
                ..
            } => {
                check_bounds(bounds.as_ref(), self.errors);
                let from = from.as_ref().and_then(|g| {
                    self.keys_optional = true;
                    let r = self.grid_ref(g);
                    self.keys_optional = false;
                    if r.is_none() {
                        self.unknown("grid", g);
                    }
                    r
                });
                if let Some(r) = &from {
                    self.expect_cells(
                        r,
                        |c| matches!(c, Cell::Number(_) | Cell::Impossible),
                        "a grid of numbers",
                    );
                }
                let bounds = bounds.map(|b| (b.lo, b.hi)).or_else(|| {
                    let (lo, hi) = self.grid_number_reach(from.as_ref()?.grid);
                    Some((lo?, hi?))
                });
                let factor = if *psign == ast::ParamSign::Minus {
                    -sign
                } else {
                    sign
                };
                let reach = bounds.map_or((None, None), |(lo, hi)| {
                    let (a, b) = (lo * factor, hi * factor);
                    (Some(a.min(b).min(0)), Some(a.max(b).max(0)))
                });
                (
                    SlotKind::Param {
                        bounds,
                        default: default.as_ref().map(|v| v.node),
                    },
                    ModValue::Param { factor, from },
                    reach,
                )
            }
            ast::ModValue::Counted { per, max, .. } => {
                let per_v = per.node * sign;
                let cap = max.as_ref().map(|m| m.node.abs() * per_v.signum());
                let reach = match cap {
                    Some(c) => (Some(c.min(0)), Some(c.max(0))),
                    None if per_v < 0 => (None, Some(0)),
                    None => (Some(0), None),
                };
                (
                    SlotKind::Param {
                        bounds: Some((0, i64::from(u16::MAX))),
                        default: Some(0),
                    },
                    ModValue::Counted {
                        per: per_v,
                        max: max.as_ref().map(|m| m.node.abs()),
                    },
                    reach,
                )
            }
        };
        if d.always && !matches!(d.value, ast::ModValue::Fixed(_)) {
            self.error(
                CompileErrorKind::Invalid {
                    message: format!("`{}` is `always` but its value is not fixed", d.name.name),
                    help: "only a fixed modifier such as `+4` can apply always".into(),
                },
                d.span,
            );
        }
        let slot = self.add_slot("modifier", name, d.label.text.clone(), kind, d.name.span);
        let own = self.applicability(d.applicability.as_ref());
        let index = self.modifiers.len();
        self.modifiers.push(Modifier {
            slot,
            label: d.label.text.clone(),
            value,
            applies: and(cx.cond.clone(), own),
            side,
            group: cx.group,
            always: d.always,
            sign: match &d.value {
                ast::ModValue::Param { sign, .. } => Some(*sign),
                _ => None,
            },
            span: d.name.span,
        });
        self.reaches.push(reach);
        if let Some(g) = cx.group {
            self.groups[g].1.push(index);
        }
        if let Some(s) = cx.section {
            self.sections[s].2.push(index);
        }
    }

    /// The lowest and highest net modifier of one side.
    fn modifier_reach(&self, side: usize) -> Reach {
        let mut lo = Some(0i64);
        let mut hi = Some(0i64);
        let mut grouped: HashMap<usize, (Option<i64>, Option<i64>)> = HashMap::new();
        for (m, &(rlo, rhi)) in self.modifiers.iter().zip(&self.reaches) {
            if m.side != side {
                continue;
            }
            if let Some(g) = m.group {
                let e = grouped.entry(g).or_insert((Some(0), Some(0)));
                e.0 = e.0.zip(rlo).map(|(a, b)| a.min(b));
                e.1 = e.1.zip(rhi).map(|(a, b)| a.max(b));
            } else {
                lo = lo.zip(rlo).map(|(a, b)| a.saturating_add(b));
                hi = hi.zip(rhi).map(|(a, b)| a.saturating_add(b));
            }
        }
        for (_, (rlo, rhi)) in grouped {
            lo = lo.zip(rlo).map(|(a, b)| a.saturating_add(b));
            hi = hi.zip(rhi).map(|(a, b)| a.saturating_add(b));
        }
        Reach { lo, hi }
    }

    // ----- dice and targets -----------------------------------------------------

    fn dice(&mut self, d: &ast::DiceExpr) -> Dice {
        let before = self.errors.len();
        let mut named = Vec::new();
        let mut plain = d.clone();
        plain.terms.retain(|(neg, t)| match t {
            ast::DiceTerm::Dice { count: Some(c), .. }
                if !matches!(c.kind, ast::ExprKind::Int(_)) =>
            {
                named.push((*neg, t.clone()));
                false
            }
            _ => true,
        });
        let mut dice = static_dice(&plain, self.limits, self.errors).unwrap_or(Dice {
            groups: Vec::new(),
            constant: 0,
        });
        for (negative, term) in named {
            let ast::DiceTerm::Dice {
                count: Some(count),
                sides,
                unsupported,
                span,
            } = term
            else {
                continue;
            };
            let slot = match &count.kind {
                ast::ExprKind::Name(i) => match self.lookup_slot(&i.name) {
                    Some(s) if matches!(self.slots[s].kind, SlotKind::Param { .. }) => Some(s),
                    Some(_) => {
                        self.error(
                            CompileErrorKind::WrongKind {
                                expected: "a param for the number of dice",
                                found: format!("`{}`", i.name),
                            },
                            i.span,
                        );
                        None
                    }
                    None => {
                        self.unknown("param", i);
                        None
                    }
                },
                _ => {
                    self.error(
                        CompileErrorKind::Unsupported {
                            what: "an expression for the number of dice".into(),
                        },
                        count.span,
                    );
                    None
                }
            };
            if check_dice(
                1,
                sides,
                unsupported.as_ref(),
                span,
                self.limits,
                self.errors,
            ) {
                if let Some(slot) = slot {
                    dice.groups.push(DiceGroup {
                        count: 0,
                        count_slot: Some(slot),
                        sides: sides as u32,
                        negative,
                    });
                }
            }
        }
        if dice.groups.is_empty() && self.errors.len() == before {
            self.error(
                CompileErrorKind::ImpossibleDice {
                    reason: "a roll with no dice".into(),
                },
                d.span,
            );
        }
        // Bad dice have no reach: checking rows against it would only echo it.
        self.dice_failed |= self.errors.len() > before;
        dice
    }

    fn dice_source(&mut self, d: &ast::DiceExpr) -> DiceSource {
        if let [(false, ast::DiceTerm::Name(ident))] = d.terms.as_slice() {
            if let Some(r) = self.grid_ref(ident) {
                self.expect_cells(
                    &r,
                    |c| matches!(c, Cell::Dice(_) | Cell::Impossible | Cell::Text(_)),
                    "a grid of dice",
                );
                return DiceSource::Grid(r);
            }
            self.unknown("grid of dice", ident);
            return DiceSource::Dice(Dice {
                groups: Vec::new(),
                constant: 0,
            });
        }
        DiceSource::Dice(self.dice(d))
    }

    fn target(&mut self, t: &ast::Target) -> Target {
        match &t.kind {
            ast::TargetKind::Range(r) => Target::Ranges(rows::ranges(r, self.errors)),
            ast::TargetKind::AtLeast(e) => Target::AtLeast(self.expr(e)),
            ast::TargetKind::AtMost(e) => Target::AtMost(self.expr(e)),
            ast::TargetKind::MoreThan(e) => Target::MoreThan(self.expr(e)),
            ast::TargetKind::LessThan(e) => Target::LessThan(self.expr(e)),
            ast::TargetKind::Grid { grid, shift } => {
                let Some(r) = self.grid_ref(grid) else {
                    // A bare param reads as `at least`: `succeed on to_hit`.
                    if self.lookup_slot(&grid.name).is_some() && shift.is_none() {
                        let e = ast::Expr {
                            kind: ast::ExprKind::Name(grid.clone()),
                            span: grid.span,
                        };
                        return Target::AtLeast(self.expr(&e));
                    }
                    self.unknown("grid", grid);
                    return Target::Ranges(Ranges::default());
                };
                self.expect_cells(
                    &r,
                    |c| {
                        matches!(
                            c,
                            Cell::Target(_) | Cell::Number(_) | Cell::Text(_) | Cell::Impossible
                        )
                    },
                    "a grid of targets (`4+`, `1-3`)",
                );
                let shift = shift.as_ref().map(|e| self.expr(e));
                Target::Grid(r, shift)
            }
        }
    }

    // ----- outcomes -------------------------------------------------------------

    fn outcome(&mut self, o: &ast::Outcome) -> Outcome {
        Outcome {
            fields: o
                .fields
                .iter()
                .map(|f| f.choices.iter().map(|c| self.cond_outcome(c)).collect())
                .collect(),
        }
    }

    fn cond_outcome(&mut self, c: &ast::CondOutcome) -> CondOutcome {
        match c {
            ast::CondOutcome::Simple(s) => CondOutcome::Simple(self.simple(s)),
            ast::CondOutcome::If {
                then_,
                cond,
                otherwise,
                ..
            } => {
                let t = self.simple(then_);
                let c = self.cond(cond);
                CondOutcome::If(t, c, Box::new(self.cond_outcome(otherwise)))
            }
        }
    }

    fn simple(&mut self, s: &ast::SimpleOutcome) -> Simple {
        let text = match &s.kind {
            ast::SimpleKind::Text(t) => t.clone(),
            ast::SimpleKind::Success | ast::SimpleKind::Failure => {
                self.error(
                    CompileErrorKind::Invalid {
                        message: "`success` and `failure` stand alone".into(),
                        help: "use them alone after `=>` in a check's natural rule".into(),
                    },
                    s.span,
                );
                String::new()
            }
        };
        let mut follow_ups = Vec::new();
        for f in &s.follow_ups {
            let Some(chart) = self.sc.chart(self.game, &f.chart.name) else {
                self.unknown("chart", &f.chart);
                continue;
            };
            let index = self.program.follow_ups.len();
            self.program.follow_ups.push(FollowUp {
                caller: self.id,
                chart,
                args: Vec::new(),
                pass: Vec::new(),
                span: f.span,
            });
            self.follow_asts.push((index, f.args.clone()));
            follow_ups.push(index);
        }
        Simple { text, follow_ups }
    }

    fn natural(&mut self, n: &ast::NaturalRule, check: bool) -> Natural {
        let ranges = rows::ranges(&n.ranges, self.errors);
        let cond = n.cond.as_ref().map(|c| self.cond(c));
        let outcome = match n.outcome.fields.as_slice() {
            [f] if check => match f.choices.as_slice() {
                [ast::CondOutcome::Simple(s)] if s.follow_ups.is_empty() => match s.kind {
                    ast::SimpleKind::Success => Some(NaturalOutcome::Success),
                    ast::SimpleKind::Failure => Some(NaturalOutcome::Failure),
                    ast::SimpleKind::Text(_) => None,
                },
                _ => None,
            },
            _ => None,
        };
        let outcome = outcome.unwrap_or_else(|| NaturalOutcome::Other(self.outcome(&n.outcome)));
        Natural {
            ranges,
            cond,
            also: n.also,
            outcome,
        }
    }

    // ----- charts ---------------------------------------------------------------

    pub(super) fn grid_chart(mut self, grid: &'a ast::Grid, _id: GridId) -> ChartTree {
        let r = self.grid_ref(&grid.name);
        let notes = grid.notes.iter().map(|n| n.text.clone()).collect();
        let body = r.map_or(Body::Notes(String::new()), Body::Lookup);
        self.finish(&grid.name, &grid.label, body, notes, Vec::new())
    }

    pub(super) fn set_chart(mut self, set: &'a ast::ModifierSet) -> ChartTree {
        self.using.push(set.name.name.clone());
        self.entries(&set.entries, &ModCtx::default());
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
        let kind = kind_keyword(c.kind);
        // Which clause each keyword came from, to catch repeats.
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        for clause in &c.clauses {
            let name = clause_name(clause);
            let span = clause_span(clause);
            if !allowed(c.kind, clause) {
                use ast::ChartKind as K;
                let takers: Vec<&str> = [K::Table, K::Check, K::Opposed, K::Pool, K::Ladder]
                    .into_iter()
                    .filter(|k| allowed(*k, clause))
                    .map(kind_keyword)
                    .collect();
                self.error(
                    CompileErrorKind::MisplacedClause {
                        clause: name,
                        kind,
                        reason: format!("only a {} takes it", takers.join(" or a ")),
                    },
                    span,
                );
            } else if !repeatable(clause) {
                if let Some(first) = seen.insert(name, span) {
                    self.error(
                        CompileErrorKind::Duplicate {
                            what: "clause",
                            name: name.into(),
                            first,
                        },
                        span,
                    );
                }
            }
        }
        let find = |want: &str| {
            c.clauses
                .iter()
                .find(|cl| clause_name(cl) == want && allowed(c.kind, cl))
        };
        if let Some(Clause::Sides(sides, _)) = find("sides") {
            self.sides = sides.iter().map(|s| s.name.name.clone()).collect();
        }
        self.declare_locals(&c.clauses);
        for clause in &c.clauses {
            if let Clause::Modifiers(entries, _) = clause {
                self.entries(entries, &ModCtx::default());
            }
        }
        let mut notes = Vec::new();
        for clause in &c.clauses {
            if let Clause::Notes(l) = clause {
                notes.push(l.text.clone());
            }
        }
        let fields: Vec<String> = match find("fields") {
            Some(Clause::Fields(f, _)) => f.iter().map(|o| o.label.text.clone()).collect(),
            _ => Vec::new(),
        };
        let missing = |this: &mut Self, clause: &'static str| {
            this.error(
                CompileErrorKind::MissingClause { clause, kind },
                c.name.span,
            );
        };
        let roll = match find("roll") {
            Some(Clause::Roll(d)) => Some(d),
            _ => {
                if c.kind != ast::ChartKind::Ladder {
                    missing(&mut self, "roll");
                }
                None
            }
        };
        let body = match c.kind {
            ast::ChartKind::Table => {
                let dice = roll.map(|d| self.dice(d)).unwrap_or_default();
                self.table(c, dice, &fields)
            }
            ast::ChartKind::Check => {
                let dice = roll.map(|d| self.dice(d)).unwrap_or_default();
                self.context = ExprContext::Target;
                let target = match find("succeed on") {
                    Some(Clause::Succeed(t)) => self.target(t),
                    _ => {
                        missing(&mut self, "succeed on");
                        Target::Ranges(Ranges::default())
                    }
                };
                self.context = ExprContext::Plain;
                let net_in_target = self.net_used;
                let named = |this: &mut Self, which: &str, default: &str| match find(which) {
                    Some(Clause::Success(o) | Clause::Failure(o)) => this.outcome(o),
                    _ => Outcome {
                        fields: vec![vec![CondOutcome::Simple(Simple {
                            text: default.into(),
                            follow_ups: Vec::new(),
                        })]],
                    },
                };
                let success = named(&mut self, "success", "Success");
                let failure = named(&mut self, "failure", "Failure");
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
            ast::ChartKind::Opposed => {
                if self.sides.len() != 2 {
                    match find("sides") {
                        Some(s) => self.error(
                            CompileErrorKind::CellCount {
                                expected: 2,
                                found: self.sides.len(),
                                what: "sides",
                            },
                            clause_span(s),
                        ),
                        None => missing(&mut self, "sides"),
                    }
                }
                let dice = roll.map(|d| self.dice(d)).unwrap_or_default();
                let (lo, hi) = rows::dice_reach(&dice, &self.slots);
                let att = self.modifier_reach(0);
                let def = self.modifier_reach(1);
                let reach = Reach {
                    lo: lo
                        .zip(hi)
                        .zip(att.lo)
                        .zip(def.hi)
                        .map(|(((l, h), a), d)| l - h + a - d),
                    hi: hi
                        .zip(lo)
                        .zip(att.hi)
                        .zip(def.lo)
                        .map(|(((h, l), a), d)| h - l + a - d),
                };
                let why = format!(
                    "the difference of the two rolls with their modifiers runs from {reach}"
                );
                let (lookups, rows) = self.rows(c, None, reach, &why, &fields);
                Body::Opposed {
                    dice,
                    sides: self.sides.clone(),
                    lookup: lookups.into_iter().next().unwrap_or_default(),
                    rows,
                }
            }
            ast::ChartKind::Pool => {
                let dice = roll.map_or(DiceSource::Dice(Dice::default()), |d| self.dice_source(d));
                let mut stages = Vec::new();
                let mut names = Vec::new();
                match find("count") {
                    Some(Clause::Count(stage)) => {
                        names.push(stage.name.name.clone());
                        stages.push(Stage {
                            label: stage.label.text.clone(),
                            target: self.target(&stage.target),
                            per: None,
                            modified: true,
                            once: false,
                        });
                    }
                    _ => missing(&mut self, "count"),
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
                        if names.last() != Some(&of.name) {
                            let suggestion =
                                crate::suggest::closest(&of.name, names.iter().map(String::as_str));
                            self.error(
                                CompileErrorKind::Unknown {
                                    what: "count (the one just before)",
                                    name: of.name.clone(),
                                    suggestion,
                                },
                                of.span,
                            );
                        }
                        if names.len() >= crate::quick::MAX_STAGES {
                            self.error(
                                CompileErrorKind::Invalid {
                                    message: format!(
                                        "a pool counts at most {} times",
                                        crate::quick::MAX_STAGES
                                    ),
                                    help: "split the later counts into a follow-up chart".into(),
                                },
                                stage.span,
                            );
                        }
                        names.push(stage.name.name.clone());
                        let per = self.dice_source(roll);
                        stages.push(Stage {
                            label: stage.label.text.clone(),
                            target: self.target(&stage.target),
                            per: Some(per),
                            modified: false,
                            once: *once,
                        });
                    }
                }
                Body::Pool { dice, stages }
            }
            ast::ChartKind::Ladder => {
                let steps: Vec<i64> = match find("steps") {
                    Some(Clause::Steps(s, span)) => {
                        if s.is_empty() {
                            self.error(CompileErrorKind::Empty { what: "ladder" }, *span);
                        }
                        s.iter().map(|v| v.node).collect()
                    }
                    _ => {
                        missing(&mut self, "steps");
                        Vec::new()
                    }
                };
                let start = match find("start") {
                    Some(Clause::Start(e)) => self.expr(e),
                    _ => {
                        missing(&mut self, "start");
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
                Body::Ladder { steps, start, caps }
            }
        };
        self.finish(&c.name, &c.label, body, notes, fields)
    }

    /// Why totals reach where they do, in words, for the coverage check.
    fn reach_reason(&self, dice: Reach, mods: Reach, total: Reach) -> String {
        let unbounded: Vec<String> = self
            .modifiers
            .iter()
            .zip(&self.reaches)
            .filter(|(_, r)| r.0.is_none() || r.1.is_none())
            .map(|(m, _)| format!("`{}`", self.slots[m.slot].name))
            .collect();
        if !unbounded.is_empty() {
            return format!(
                "the dice give {dice}, and {} can take any value, so totals are unbounded",
                unbounded.join(", ")
            );
        }
        if mods
            == (Reach {
                lo: Some(0),
                hi: Some(0),
            })
        {
            return format!("the dice give {total}");
        }
        format!("the dice give {dice} and the modifiers {mods}, so totals run from {total}")
    }

    fn naturals(&mut self, c: &'a ast::Chart, check: bool) -> Vec<Natural> {
        let naturals: Vec<Natural> = c
            .clauses
            .iter()
            .filter_map(|cl| match cl {
                Clause::Natural(n) => Some(self.natural(n, check)),
                _ => None,
            })
            .collect();
        if naturals.len() > crate::read::MAX_EXTRAS as usize {
            self.error(
                CompileErrorKind::Invalid {
                    message: format!(
                        "{} natural-roll rules; a chart takes at most {}",
                        naturals.len(),
                        crate::read::MAX_EXTRAS
                    ),
                    help: "merge rules that share an outcome: `natural 1,2 => ...`".into(),
                },
                c.name.span,
            );
        }
        naturals
    }

    fn table(&mut self, c: &'a ast::Chart, dice: Dice, fields: &[String]) -> Body {
        let columns = c.clauses.iter().find_map(|cl| match cl {
            Clause::Columns(i) => Some(i),
            _ => None,
        });
        let columns = columns.and_then(|ident| match self.lookup_slot(&ident.name) {
            Some(s) => match self.slots[s].kind {
                SlotKind::Choice(choice) => {
                    self.required.push(s);
                    Some((s, self.program.choices[choice].options.len()))
                }
                _ => {
                    self.error(
                        CompileErrorKind::WrongKind {
                            expected: "a choice to pick the column",
                            found: format!("`{}`", ident.name),
                        },
                        ident.span,
                    );
                    None
                }
            },
            None => {
                self.unknown("choice", ident);
                None
            }
        });
        let (nlo, nhi) = rows::dice_reach(&dice, &self.slots);
        let m = self.modifier_reach(0);
        let total = Reach {
            lo: nlo.zip(m.lo).map(|(a, b)| a + b + dice.constant),
            hi: nhi.zip(m.hi).map(|(a, b)| a + b + dice.constant),
        };
        let score = c.clauses.iter().find_map(|cl| match cl {
            Clause::Score(e) => Some(e),
            _ => None,
        });
        let (score, reach, why) = match score {
            Some(e) => {
                self.context = ExprContext::Score;
                let s = self.expr(e);
                self.context = ExprContext::Plain;
                let reach = rows::expr_reach(
                    &s,
                    total,
                    Reach { lo: nlo, hi: nhi },
                    &self.slots,
                    self.program,
                );
                let why = format!("the score runs from {reach}");
                (Some(s), reach, why)
            }
            None => {
                let why = self.reach_reason(Reach { lo: nlo, hi: nhi }, m, total);
                (None, total, why)
            }
        };
        let (lookups, rows) = self.rows(c, columns, reach, &why, fields);
        let naturals = self.naturals(c, false);
        let best = c.clauses.iter().find_map(|cl| match cl {
            Clause::Best { row, cond, span } => Some((row, cond, *span)),
            _ => None,
        });
        let best = best.and_then(|(label, cond, span)| {
            let index = rows.iter().position(|r| {
                matches!(r.outcome.fields.first().and_then(|f| f.first()),
                    Some(CondOutcome::Simple(s)) if s.text == label.text)
            });
            let Some(index) = index else {
                self.error(
                    CompileErrorKind::Unknown {
                        what: "row",
                        name: label.text.clone(),
                        suggestion: None,
                    },
                    label.span,
                );
                return None;
            };
            let top = rows[index]
                .written
                .first()
                .and_then(|r| r.0.iter().map(|p| p.1).max());
            match top {
                Some(top) if top != i64::MAX => {
                    let cond = self.cond(cond);
                    Some((index, top, cond))
                }
                _ => {
                    self.error(
                        CompileErrorKind::Invalid {
                            message: "the best row is already the highest".into(),
                            help: "name a row below the top one".into(),
                        },
                        span,
                    );
                    None
                }
            }
        });
        Body::Table {
            dice,
            score,
            columns: columns.map(|(s, _)| s),
            lookups,
            rows,
            naturals,
            best,
        }
    }

    /// Compiles the `rows` clause: one lookup per column (one without
    /// columns), with overlaps and coverage checked against `reach`.
    fn rows(
        &mut self,
        c: &'a ast::Chart,
        columns: Option<(Slot, usize)>,
        reach: Reach,
        why: &str,
        fields: &[String],
    ) -> (Vec<crate::tree::Lookup>, Vec<RowTree>) {
        let Some((rows_ast, rows_span)) = c.clauses.iter().find_map(|cl| match cl {
            Clause::Rows(r, s) => Some((r, *s)),
            _ => None,
        }) else {
            self.error(
                CompileErrorKind::MissingClause {
                    clause: "rows",
                    kind: kind_keyword(c.kind),
                },
                c.name.span,
            );
            return (Vec::new(), Vec::new());
        };
        if rows_ast.is_empty() {
            self.error(CompileErrorKind::Empty { what: "table" }, rows_span);
            return (Vec::new(), Vec::new());
        }
        let ncols = columns.map_or(1, |(_, n)| n);
        let mut written: Vec<Vec<Ranges>> = Vec::new();
        let mut out = Vec::new();
        for row in rows_ast {
            let sets: Vec<Ranges> = match (&row.key, columns) {
                (ast::RowKey::Single(r), None) => vec![rows::ranges(r, self.errors)],
                (ast::RowKey::Columns(cells), Some(_)) => {
                    if cells.len() != ncols {
                        self.error(
                            CompileErrorKind::CellCount {
                                expected: ncols,
                                found: cells.len(),
                                what: "column cells",
                            },
                            row.span,
                        );
                    }
                    let mut v: Vec<Ranges> =
                        cells.iter().map(|r| rows::ranges(r, self.errors)).collect();
                    v.resize(ncols, Ranges::default());
                    v
                }
                (ast::RowKey::Single(r), Some(_)) => {
                    self.error(
                        CompileErrorKind::CellCount {
                            expected: ncols,
                            found: 1,
                            what: "column cells, as `[ a | b | ... ]`",
                        },
                        r.span,
                    );
                    vec![Ranges::default(); ncols]
                }
                (ast::RowKey::Columns(cells), None) => {
                    self.error(
                        CompileErrorKind::MisplacedClause {
                            clause: "[ ... | ... ]",
                            kind: "table without `columns`",
                            reason: "cells per column need `columns CHOICE`".into(),
                        },
                        cells.first().map_or(row.span, |r| r.span),
                    );
                    vec![Ranges::default()]
                }
            };
            let outcome = self.outcome(&row.outcome);
            let want = fields.len().max(1);
            if outcome.fields.len() != want {
                self.error(
                    CompileErrorKind::CellCount {
                        expected: want,
                        found: outcome.fields.len(),
                        what: "outcome fields (separated by `|`)",
                    },
                    row.outcome.span,
                );
            }
            written.push(sets.clone());
            out.push(RowTree {
                written: sets,
                outcome,
            });
        }
        let mut lookups = Vec::new();
        for col in 0..ncols {
            let column: Vec<(Ranges, Span)> = written
                .iter()
                .zip(rows_ast)
                .map(|(sets, row)| (sets[col].clone(), row.span))
                .collect();
            let label = columns.map(|(slot, _)| {
                let SlotKind::Choice(choice) = self.slots[slot].kind else {
                    return String::new();
                };
                self.program.choices[choice]
                    .options
                    .get(col)
                    .map(|o| o.1.clone())
                    .unwrap_or_default()
            });
            lookups.push(rows::lookup(
                &column,
                (!self.dice_failed).then_some(reach),
                rows_span,
                why,
                label.as_deref(),
                self.limits,
                self.errors,
            ));
        }
        (lookups, out)
    }
}

fn and(a: Option<Cond>, b: Option<Cond>) -> Option<Cond> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Cond::And(Box::new(a), Box::new(b))),
        (a, None) => a,
        (None, b) => b,
    }
}
