//! The order charts are compiled in: every ladder first, each after the
//! ladders it names (in its start, its caps and its modifiers' conditions),
//! then the charts an opposed roll's sides roll (`each rolls crt`: their
//! inputs and results are read there), then every other chart in file
//! order. A chart may name the inputs of the
//! ladders it reads (`if flanking`), so those ladders must be compiled
//! before it, as their inputs' kinds are known only then. Chart ids stay in
//! file order; only the compiling is reordered.

use super::{Pending, Scope};
use crate::syntax::ast;

/// The indices of `pending`, in the order to compile them.
pub(super) fn order(scope: &Scope, pending: &[(usize, Pending)]) -> Vec<usize> {
    let ladder = |i: usize| match pending.get(i) {
        Some((_, Pending::Chart(c))) if c.kind == ast::ChartKind::Ladder => Some(*c),
        _ => None,
    };
    let mut order = Vec::with_capacity(pending.len());
    // 0 = not placed, 1 = being placed (a circle, reported later as a
    // ladder cycle: the ladder is placed where the circle closes), 2 =
    // placed.
    let mut state = vec![0u8; pending.len()];
    for start in 0..pending.len() {
        if ladder(start).is_none() || state[start] != 0 {
            continue;
        }
        // Depth first, without recursion: (ladder, the ladders it names, how
        // many of them are done).
        state[start] = 1;
        let mut stack = vec![(start, named_ladders(scope, pending, start), 0usize)];
        while let Some((at, names, next)) = stack.last_mut() {
            if let Some(&dep) = names.get(*next) {
                *next += 1;
                if ladder(dep).is_some() && state.get(dep) == Some(&0) {
                    state[dep] = 1;
                    let deps = named_ladders(scope, pending, dep);
                    stack.push((dep, deps, 0));
                }
                continue;
            }
            state[*at] = 2;
            order.push(*at);
            stack.pop();
        }
    }
    let rolled = rolled_by_sides(scope, pending);
    order.extend(rolled.iter().copied().filter(|&i| ladder(i).is_none()));
    order.extend((0..pending.len()).filter(|&i| ladder(i).is_none() && !rolled.contains(&i)));
    order
}

/// The pending indices of the charts some opposed roll's sides roll
/// (`each rolls crt`), in file order. Such a chart is a table or a check
/// (anything else is refused), so none of them rolls another this way.
fn rolled_by_sides(scope: &Scope, pending: &[(usize, Pending)]) -> Vec<usize> {
    let mut rolled: Vec<usize> = pending
        .iter()
        .filter_map(|(game, p)| match p {
            Pending::Chart(c) => Some((*game, c)),
            _ => None,
        })
        .flat_map(|(game, c)| {
            c.clauses.iter().filter_map(move |clause| match clause {
                ast::Clause::EachRolls(name, _) => scope
                    .games
                    .get(game)?
                    .charts
                    .get(name.name.as_str())
                    .copied(),
                _ => None,
            })
        })
        .collect();
    rolled.sort_unstable();
    rolled.dedup();
    rolled
}

/// The pending indices of the ladders of its game that ladder `i` names.
fn named_ladders(scope: &Scope, pending: &[(usize, Pending)], i: usize) -> Vec<usize> {
    let Some((game, Pending::Chart(c))) = pending.get(i) else {
        return Vec::new();
    };
    let Some(syms) = scope.games.get(*game) else {
        return Vec::new();
    };
    let mut names = Names {
        syms,
        found: Vec::new(),
        sets: Vec::new(),
    };
    for clause in &c.clauses {
        match clause {
            ast::Clause::Start(e) => names.expr(e),
            ast::Clause::AtMost { value, cond, .. } => {
                names.expr(value);
                if let Some(c) = cond {
                    names.cond(c);
                }
            }
            ast::Clause::Modifiers(entries, _) => names.entries(entries),
            _ => {}
        }
    }
    names.found
}

/// Collects the ladders an expression, a condition or modifiers name.
struct Names<'a, 's> {
    syms: &'s super::GameSyms<'a>,
    found: Vec<usize>,
    /// The modifier sets being read, so a set that uses itself ends.
    sets: Vec<&'a str>,
}

impl<'a> Names<'a, '_> {
    fn name(&mut self, ident: &ast::Ident) {
        if self.syms.ladders.contains_key(ident.name.as_str()) {
            if let Some(&id) = self.syms.charts.get(ident.name.as_str()) {
                if !self.found.contains(&id) {
                    self.found.push(id);
                }
            }
        }
    }

    fn expr(&mut self, e: &ast::Expr) {
        match &e.kind {
            ast::ExprKind::Name(i) => self.name(i),
            ast::ExprKind::Call(_, args) => args.iter().for_each(|a| self.expr(a)),
            ast::ExprKind::If(a, c, b) => {
                self.expr(a);
                self.cond(c);
                self.expr(b);
            }
            ast::ExprKind::Neg(x) => self.expr(x),
            ast::ExprKind::Dice(d) => {
                if let ast::DiceTerm::Dice { count: Some(c), .. } = &**d {
                    self.expr(c);
                }
            }
            ast::ExprKind::Binary(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ast::ExprKind::Int(_)
            | ast::ExprKind::Number(_)
            | ast::ExprKind::Total
            | ast::ExprKind::Natural
            | ast::ExprKind::Die(_)
            | ast::ExprKind::Modifiers => {}
        }
    }

    fn cond(&mut self, c: &ast::Cond) {
        match &c.kind {
            ast::CondKind::Cmp(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ast::CondKind::Not(x) => self.cond(x),
            ast::CondKind::And(a, b) | ast::CondKind::Or(a, b) => {
                self.cond(a);
                self.cond(b);
            }
            ast::CondKind::Flag(_) | ast::CondKind::In(..) | ast::CondKind::Doubles => {}
        }
    }

    fn applicability(&mut self, a: Option<&ast::Applicability>) {
        if let Some(a) = a {
            self.cond(&a.cond);
        }
    }

    fn entries(&mut self, entries: &'a [ast::ModEntry]) {
        for e in entries {
            match e {
                ast::ModEntry::Modifier(d) => self.applicability(d.applicability.as_ref()),
                ast::ModEntry::OneOf(g) | ast::ModEntry::Section(g) => {
                    self.applicability(g.applicability.as_ref());
                    self.entries(&g.entries);
                }
                ast::ModEntry::Use(u) => {
                    if let Some(c) = &u.cond {
                        self.cond(c);
                    }
                    let name = u.set.name.as_str();
                    if let Some(set) = self.syms.sets.get(name).copied() {
                        if !self.sets.contains(&name) {
                            self.sets.push(name);
                            self.entries(&set.entries);
                            self.sets.pop();
                        }
                    }
                }
                ast::ModEntry::ForSide(f) => self.entries(&f.entries),
            }
        }
    }
}
