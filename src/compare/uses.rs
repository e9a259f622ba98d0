//! Where a compiled chart, and every chart it follows up or reads, reads
//! each input, by name: in a condition, an expression, a grid's keys, the
//! column choice, a dice count. (An input passed on is read, or not, by the
//! chart it is passed to.) The situation classes
//! are built on this: an input read nowhere but in its own modifier's value
//! only moves the net modifier, and a number read only as `±p + whole` can
//! only be told apart at whole and in-between values.

use crate::check::tree::{
    Body, Cond, CondOutcome, Dice, Expr, GridRef, ModValue, OffRule, Outcome, PoolDice, Program,
    ScaleValue, Slot, Target,
};
use crate::number::Num;
use crate::syntax::ast::{BinOp, CmpOp};
use std::collections::BTreeMap;

/// How an expression's value is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Context {
    /// Compared with whole numbers only: a dice total, a row, a whole key.
    Whole,
    /// Must be whole, or the roll is an error: a score, a ladder's start,
    /// a target's shift.
    MustBeWhole,
    /// Anything else: a ladder's start (snapped to its steps), a grid's
    /// number, a scale with decimal keys.
    Other,
}

/// An expression (or a comparison, as its left side minus its right) that
/// reads at least one input.
#[derive(Clone, Debug)]
pub(crate) struct Root {
    /// The inputs it reads, by name.
    pub names: Vec<String>,
    /// `Some` when it is `Σ cᵢ·inputᵢ + k` with whole `cᵢ` and `k`: each
    /// input's coefficient.
    pub affine: Option<BTreeMap<String, i64>>,
    pub context: Context,
}

/// What reads the inputs of a chart and the charts it follows up or reads.
#[derive(Clone, Debug, Default)]
pub(crate) struct Uses {
    /// Per name: how many places read it, besides its own modifier's value.
    pub reads: BTreeMap<String, usize>,
    /// The expressions that read inputs.
    pub roots: Vec<Root>,
    /// Names read only as a dice count (`(units)d6`): whole by the engine.
    pub counts: BTreeMap<String, usize>,
    /// Modifiers whose value, when not given, comes from a grid: each one's
    /// grid keys. (These reads are kept apart: giving the value directly
    /// reaches every cell.)
    pub fed: BTreeMap<String, Vec<String>>,
    /// The charts reached (follow-ups, ladders read), the chart itself not
    /// included. The names passed to them are not counted as reads: each
    /// chart's own reads are.
    pub reached: Vec<usize>,
    /// Some expression reads the net modifier itself (`modifiers`).
    pub reads_net: bool,
    /// The grids read, by id: looked up, feeding a modifier, in an
    /// expression, a target or a pool's dice.
    pub grids: std::collections::BTreeSet<usize>,
    /// Per name: its comparisons with a number (`attack >= 20`, `20 <=
    /// attack`), each written with the input on the left. Each is one of
    /// the name's reads.
    pub compared: BTreeMap<String, Vec<(CmpOp, Num)>>,
}

impl Uses {
    /// The uses in `chart` and every chart it reaches (follow-ups and
    /// ladders read), merged by name.
    pub fn of(program: &Program, chart: usize) -> Self {
        Self::walk(program, chart, true)
    }

    /// The uses in `chart` and the ladders it reads, its follow-ups left
    /// out (for a comparison of its own outcomes, follow-ups named).
    pub fn own(program: &Program, chart: usize) -> Self {
        Self::walk(program, chart, false)
    }

    fn walk(program: &Program, chart: usize, follow_ups: bool) -> Self {
        let mut uses = Uses::default();
        let mut seen = vec![chart];
        let mut at = 0;
        while let Some(&id) = seen.get(at) {
            at += 1;
            let next: Vec<usize> = program
                .follow_ups
                .iter()
                .filter(|f| follow_ups && f.caller == id)
                .map(|f| f.chart)
                .chain(
                    program
                        .ladder_reads
                        .iter()
                        .filter(|r| r.caller == id)
                        .map(|r| r.ladder),
                )
                .collect();
            for n in next {
                if !seen.contains(&n) {
                    seen.push(n);
                }
            }
            Walker {
                program,
                chart: id,
                uses: &mut uses,
            }
            .chart();
        }
        uses.reached = seen.split_off(1);
        uses
    }

    /// How many places read `name`, besides its own modifier's value.
    pub fn read_count(&self, name: &str) -> usize {
        self.reads.get(name).copied().unwrap_or(0)
    }
}

struct Walker<'a> {
    program: &'a Program,
    chart: usize,
    uses: &'a mut Uses,
}

impl Walker<'_> {
    fn name(&self, slot: Slot) -> String {
        self.program.charts[self.chart]
            .slots
            .get(slot)
            .map_or_else(String::new, |s| s.name.to_string())
    }

    fn read(&mut self, slot: Slot) {
        let name = self.name(slot);
        *self.uses.reads.entry(name).or_default() += 1;
    }

    fn chart(&mut self) {
        let program = self.program;
        let tree = &program.charts[self.chart];
        for m in &tree.modifiers {
            if let Some(c) = &m.applies {
                self.cond(c);
            }
            if let ModValue::Param { from: Some(g), .. } = &m.value {
                self.uses.grids.insert(g.grid);
                let keys = g.slots().map(|k| self.name(k)).collect();
                self.uses.fed.insert(self.name(m.slot), keys);
            }
            if m.always {
                self.read(m.slot);
            }
        }
        self.body(&tree.body);
    }

    #[allow(clippy::too_many_lines)] // one match arm per chart body kind
    fn body(&mut self, body: &Body) {
        match body {
            Body::Lookup(g) => self.grid(g),
            Body::Net | Body::Notes(_) => {}
            Body::Table {
                dice,
                score,
                columns,
                scale,
                rows,
                naturals,
                best,
                ..
            } => {
                self.dice(dice);
                if let Some(e) = score {
                    self.root(e, None, Context::MustBeWhole);
                }
                if let Some(slot) = columns {
                    self.read(*slot);
                }
                if let Some(scale) = scale {
                    let whole_keys = scale.heads.iter().all(|(_, t)| t.is_integer())
                        && scale.beyond.as_ref().map_or(true, |b| b.1.is_integer());
                    let context = if whole_keys {
                        Context::Whole
                    } else {
                        Context::Other
                    };
                    match &scale.value {
                        ScaleValue::Expr(e) => self.root(e, None, context),
                        ScaleValue::Ratio(a, b, _) => {
                            self.root(a, None, Context::Other);
                            self.root(b, None, Context::Other);
                        }
                    }
                    if let Some(d) = &scale.dice {
                        self.dice(d);
                    }
                    for rule in scale
                        .below
                        .iter()
                        .chain(scale.beyond.as_ref().map(|b| &b.2))
                    {
                        if let OffRule::Outcome(o) = rule {
                            self.outcome(o);
                        }
                    }
                }
                for row in rows {
                    self.outcome(&row.outcome);
                }
                self.naturals(naturals);
                if let Some((_, _, c)) = best {
                    self.cond(c);
                }
            }
            Body::Check {
                dice,
                target,
                success,
                failure,
                naturals,
                ..
            } => {
                self.dice(dice);
                self.target(target);
                self.outcome(success);
                self.outcome(failure);
                self.naturals(naturals);
            }
            Body::Opposed {
                dice, rows, rolls, ..
            } => {
                self.dice(dice);
                for row in rows {
                    self.outcome(&row.outcome);
                }
                if let Some(r) = rolls {
                    // Each side's inputs reach the rolled chart under
                    // other names (`gov.firepower` as `firepower`): read
                    // in a way no class splits exactly, so each is tried
                    // at chosen values rather than assumed to change
                    // nothing.
                    for &(here, _) in r.pass.iter().flatten() {
                        self.root(&Expr::Slot(here, r.span), None, Context::Other);
                    }
                }
            }
            Body::Pool { dice, stages } => {
                self.pool_dice(dice);
                for s in stages {
                    self.target(&s.target);
                    if let Some(per) = &s.per {
                        self.pool_dice(per);
                    }
                }
            }
            Body::Ladder { start, caps, .. } => {
                // A start between steps snaps to the step below it.
                self.root(start, None, Context::Other);
                for (e, c) in caps {
                    self.root(e, None, Context::Other);
                    if let Some(c) = c {
                        self.cond(c);
                    }
                }
            }
        }
    }

    fn naturals(&mut self, naturals: &[crate::check::tree::Natural]) {
        for n in naturals {
            if let Some(c) = &n.cond {
                self.cond(c);
            }
            if let crate::check::tree::NaturalOutcome::Other(o) = &n.outcome {
                self.outcome(o);
            }
        }
    }

    fn pool_dice(&mut self, dice: &PoolDice) {
        match dice {
            PoolDice::Dice(d) => self.dice(d),
            PoolDice::Grid(g) => self.grid(g),
        }
    }

    fn dice(&mut self, dice: &Dice) {
        for g in &dice.groups {
            if let Some(slot) = g.count_slot {
                self.read(slot);
                *self.uses.counts.entry(self.name(slot)).or_default() += 1;
            }
        }
    }

    fn grid(&mut self, g: &GridRef) {
        self.uses.grids.insert(g.grid);
        for k in g.slots() {
            self.read(k);
        }
    }

    fn target(&mut self, t: &Target) {
        match t {
            Target::Ranges(_) => {}
            Target::AtLeast(e) | Target::AtMost(e) | Target::MoreThan(e) | Target::LessThan(e) => {
                self.root(e, None, Context::Whole);
            }
            Target::Grid(g, e) => {
                self.grid(g);
                if let Some(e) = e {
                    self.root(e, None, Context::MustBeWhole);
                }
            }
        }
    }

    fn outcome(&mut self, o: &Outcome) {
        for field in &o.fields {
            for c in field {
                let mut c = c;
                while let CondOutcome::If(_, cond, rest) = c {
                    self.cond(cond);
                    c = rest;
                }
            }
        }
    }

    fn cond(&mut self, c: &Cond) {
        match c {
            Cond::Flag(s) | Cond::OptionIn(s, _) => self.read(*s),
            Cond::Cmp(op, a, b) => {
                self.root(a, Some(b), Context::Whole);
                self.compared(*op, a, b);
            }
            Cond::Doubles => {}
            Cond::Not(c) => self.cond(c),
            Cond::And(a, b) | Cond::Or(a, b) => {
                self.cond(a);
                self.cond(b);
            }
        }
    }

    /// Records `input OP number` (or `number OP input`, turned round).
    fn compared(&mut self, op: CmpOp, a: &Expr, b: &Expr) {
        let number = |e: &Expr| match e {
            Expr::Int(k) => Some(crate::number::whole(*k)),
            Expr::Num(n) => Some(*n),
            _ => None,
        };
        let (slot, at, op) = match (a, b) {
            (Expr::Slot(s, _), n) => (*s, number(n), op),
            (n, Expr::Slot(s, _)) => (*s, number(n), turned_round(op)),
            _ => return,
        };
        if let Some(at) = at {
            let name = self.name(slot);
            self.uses.compared.entry(name).or_default().push((op, at));
        }
    }

    /// Records an expression (`a - b` for a comparison) that reads inputs.
    fn root(&mut self, a: &Expr, b: Option<&Expr>, context: Context) {
        let mut names = Vec::new();
        self.names(a, &mut names);
        if let Some(b) = b {
            self.names(b, &mut names);
        }
        if names.is_empty() {
            return;
        }
        let affine = self.affine(a).and_then(|mut left| {
            if let Some(b) = b {
                for (n, c) in self.affine(b)? {
                    *left.entry(n).or_default() -= c;
                }
            }
            Some(left)
        });
        // A comparison of whole values stays whole only if both sides are.
        self.uses.roots.push(Root {
            names,
            affine,
            context,
        });
    }

    /// Every input an expression reads (marking each read), and the grids'
    /// keys and conditions inside it.
    fn names(&mut self, e: &Expr, out: &mut Vec<String>) {
        match e {
            Expr::Int(_)
            | Expr::Num(_)
            | Expr::Total
            | Expr::Natural
            | Expr::Die(..)
            | Expr::Ladder(_) => {}
            Expr::Net => self.uses.reads_net = true,
            Expr::Slot(s, _) => {
                self.read(*s);
                let n = self.name(*s);
                if !out.contains(&n) {
                    out.push(n);
                }
            }
            Expr::Grid(g) => self.grid(g),
            Expr::Call(_, args) => {
                for a in args {
                    self.names(a, out);
                }
            }
            Expr::If(c, a, b) => {
                self.cond(c);
                self.names(a, out);
                self.names(b, out);
            }
            Expr::Neg(a) => self.names(a, out),
            Expr::Bin(_, a, b) => {
                self.names(a, out);
                self.names(b, out);
            }
        }
    }

    /// `Σ cᵢ·inputᵢ + k` with whole coefficients and a whole `k` (the dice
    /// total, a natural roll, the net and a ladder's step are whole too),
    /// as each input's coefficient; `None` for anything else.
    fn affine(&self, e: &Expr) -> Option<BTreeMap<String, i64>> {
        Some(match e {
            Expr::Int(_)
            | Expr::Total
            | Expr::Natural
            | Expr::Die(..)
            | Expr::Net
            | Expr::Ladder(_) => BTreeMap::new(),
            Expr::Num(n) if n.is_integer() => BTreeMap::new(),
            Expr::Slot(s, _) => BTreeMap::from([(self.name(*s), 1)]),
            Expr::Neg(a) => self.affine(a)?.into_iter().map(|(n, c)| (n, -c)).collect(),
            Expr::Bin(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let mut left = self.affine(a)?;
                let sign = if *op == BinOp::Add { 1 } else { -1 };
                for (n, c) in self.affine(b)? {
                    let v = left.entry(n).or_default();
                    *v = v.checked_add(c.checked_mul(sign)?)?;
                }
                left
            }
            Expr::Bin(BinOp::Mul, a, b) => {
                let (k, other) = match (whole_constant(a), whole_constant(b)) {
                    (Some(k), _) => (k, b),
                    (_, Some(k)) => (k, a),
                    _ => return None,
                };
                self.affine(other)?
                    .into_iter()
                    .map(|(n, c)| Some((n, c.checked_mul(k)?)))
                    .collect::<Option<_>>()?
            }
            _ => return None,
        })
    }
}

/// `a OP b` as `b OP' a`.
fn turned_round(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        CmpOp::Eq | CmpOp::Ne => op,
    }
}

fn whole_constant(e: &Expr) -> Option<i64> {
    match e {
        Expr::Int(k) => Some(*k),
        Expr::Num(n) if n.is_integer() => Some(n.to_integer()),
        _ => None,
    }
}
