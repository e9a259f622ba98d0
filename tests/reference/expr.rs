//! Names, expressions, conditions, grids, modifiers and ladders for the
//! reference interpreter, read from the AST as docs/language.md describes
//! them ("Choices, flags and parameters", "Grids", "Modifiers", "Ladders",
//! "Expressions and conditions"). Nothing here comes from the checker or
//! the engine: names are found by walking the declarations again.

use super::{q, qn, Situation, Val, Why, World, Q};
use chartwright::ast::File;
use chartwright::ast::{
    BinOp, Cell, CellKind, Chart, ChartKind, ChoiceDecl, Clause, CmpOp, Cond, CondKind, Expr,
    ExprKind, FlagDecl, Grid, Ident, Item, ModEntry, ModValue, ModifierDecl, ParamDecl, ParamSign,
};
use num_traits::{One, Zero};

/// What a name declares, as the reference finds it.
#[derive(Clone)]
pub enum Decl<'a> {
    Choice(&'a ChoiceDecl),
    Flag(&'a FlagDecl),
    Param(&'a ParamDecl),
    Modifier(ModRef<'a>),
    Grid(&'a Grid),
    Ladder(&'a Chart),
}

/// A modifier with everything around it that decides whether it applies.
#[derive(Clone)]
pub struct ModRef<'a> {
    pub decl: &'a ModifierDecl,
    /// Conditions of its groups, sections and `use`s, and its own
    /// (`true` for `unless`).
    pub conds: Vec<(bool, &'a Cond)>,
    /// Counted against the roll (a `subtract` section).
    pub subtract: bool,
    /// Its `one of` group, numbered in walk order.
    pub group: Option<usize>,
    /// `for SIDE` (`Some("each")` for `for each`).
    pub side: Option<String>,
}

/// Every modifier of a block, walked through groups, sections, `use` and
/// sides.
pub fn modifiers<'a>(file: &'a File, entries: &'a [ModEntry]) -> Vec<ModRef<'a>> {
    let mut out = Vec::new();
    let mut groups = 0;
    walk(file, entries, &[], false, None, None, &mut groups, &mut out);
    out
}

#[allow(clippy::too_many_arguments)] // a plain recursive walk carries its context
fn walk<'a>(
    file: &'a File,
    entries: &'a [ModEntry],
    conds: &[(bool, &'a Cond)],
    subtract: bool,
    group: Option<usize>,
    side: Option<&str>,
    groups: &mut usize,
    out: &mut Vec<ModRef<'a>>,
) {
    for e in entries {
        match e {
            ModEntry::Modifier(d) => {
                let mut c = conds.to_vec();
                if let Some(a) = &d.applicability {
                    c.push((a.unless, &a.cond));
                }
                out.push(ModRef {
                    decl: d,
                    conds: c,
                    subtract,
                    group,
                    side: side.map(str::to_string),
                });
            }
            ModEntry::OneOf(g) | ModEntry::Section(g) => {
                let mut c = conds.to_vec();
                if let Some(a) = &g.applicability {
                    c.push((a.unless, &a.cond));
                }
                let (grp, sub) = if matches!(e, ModEntry::OneOf(_)) {
                    *groups += 1;
                    (Some(*groups), subtract)
                } else {
                    (group, subtract ^ g.subtract)
                };
                walk(file, &g.entries, &c, sub, grp, side, groups, out);
            }
            ModEntry::Use(u) => {
                let mut c = conds.to_vec();
                if let Some(cond) = &u.cond {
                    c.push((false, cond));
                }
                for item in &file.items {
                    if let Item::Modifiers(set) = item {
                        if set.name.name == u.set.name {
                            walk(file, &set.entries, &c, subtract, group, side, groups, out);
                        }
                    }
                }
            }
            ModEntry::ForSide(fs) => {
                let s = fs.side.as_ref().map_or("each", |i| i.name.as_str());
                walk(
                    file,
                    &fs.entries,
                    conds,
                    subtract,
                    group,
                    Some(s),
                    groups,
                    out,
                );
            }
        }
    }
}

/// The modifiers a chart declares (its `modifiers` clauses).
pub fn chart_modifiers<'a>(file: &'a File, chart: &'a Chart) -> Vec<ModRef<'a>> {
    let mut out = Vec::new();
    let mut groups = 0;
    for c in &chart.clauses {
        if let Clause::Modifiers(entries, _) = c {
            walk(file, entries, &[], false, None, None, &mut groups, &mut out);
        }
    }
    out
}

/// Where expressions are read: the game, the chart, the situation, and
/// the roll's values where they exist.
#[derive(Clone)]
pub struct Ctx<'a> {
    pub world: &'a World,
    pub game: &'a str,
    pub file: &'a File,
    pub chart: Option<&'a Chart>,
    pub sit: &'a Situation,
    /// The side whose modifiers are read (an opposed roll).
    pub side: Option<String>,
    /// `total` and `natural`, in `score`.
    pub total: Option<Q>,
    pub natural: Option<Q>,
    /// `modifiers`, in a check's target.
    pub net: Option<Q>,
    /// A modifier set rolled on its own: only what is named counts.
    pub named_only: bool,
    /// The faces of the roll's dice in written order, where the chart
    /// reads them one by one (`doubles`, `die N`).
    pub faces: Option<Vec<i64>>,
}

impl<'a> Ctx<'a> {
    pub fn new(
        world: &'a World,
        game: &'a str,
        file: &'a File,
        chart: Option<&'a Chart>,
        sit: &'a Situation,
    ) -> Self {
        Self {
            world,
            game,
            file,
            chart,
            sit,
            side: None,
            total: None,
            natural: None,
            net: None,
            named_only: false,
            faces: None,
        }
    }

    /// The same place, reading another chart of the game (a ladder).
    pub fn with_chart(&self, chart: &'a Chart) -> Self {
        Self {
            chart: Some(chart),
            side: None,
            total: None,
            natural: None,
            net: None,
            faces: None,
            ..self.clone()
        }
    }

    /// A declaration by name: the chart's own, then the file's, then an
    /// input of a ladder of the file (a chart reading a ladder takes its
    /// inputs).
    pub fn lookup(&self, name: &str) -> Option<Decl<'a>> {
        if let Some(chart) = self.chart {
            if let Some(d) = local(self.file, chart, name) {
                return Some(d);
            }
        }
        for item in &self.file.items {
            let d = match item {
                Item::Choice(c) if c.name.name == name => Decl::Choice(c),
                Item::Flag(f) if f.name.name == name => Decl::Flag(f),
                Item::Param(p) if p.name.name == name => Decl::Param(p),
                Item::Grid(g) if g.name.name == name => Decl::Grid(g),
                Item::Chart(c) if c.name.name == name && c.kind == ChartKind::Ladder => {
                    Decl::Ladder(c)
                }
                _ => continue,
            };
            return Some(d);
        }
        for item in &self.file.items {
            if let Item::Chart(c) = item {
                if c.kind == ChartKind::Ladder
                    && Some(c.name.name.as_str()) != self.chart.map(|c| c.name.name.as_str())
                {
                    if let Some(d) = local(self.file, c, name) {
                        return Some(d);
                    }
                }
            }
        }
        None
    }

    /// The situation's word for a name (a side's modifier under its prefix).
    pub fn given(&self, key: &str) -> Option<&'a Val> {
        self.sit.0.get(key)
    }

    /// The key a modifier is given under.
    pub fn mod_key(&self, m: &ModRef) -> String {
        match (&m.side, &self.side) {
            (Some(_), Some(side)) => format!("{side}.{}", m.decl.name.name),
            _ => m.decl.name.name.to_string(),
        }
    }

    /// The option of a choice: given, or its default.
    pub fn option(&self, c: &ChoiceDecl) -> Result<String, Why> {
        match self.given(&c.name.name) {
            Some(Val::Opt(o)) => Ok(o.clone()),
            Some(_) => Err(Why::Refused(format!("`{}` is a choice", c.name.name))),
            None => c
                .default
                .as_ref()
                .map(|d| d.name.to_string())
                .ok_or_else(|| Why::Refused(format!("needs `{}`", c.name.name))),
        }
    }

    fn choice_named(&self, name: &str) -> Result<&'a ChoiceDecl, Why> {
        match self.lookup(name) {
            Some(Decl::Choice(c)) => Ok(c),
            _ => Err(Why::Unsupported(format!("`{name}` is not a choice"))),
        }
    }

    /// The cell of a grid for the choices given (`None` row: not possible).
    pub fn cell(&self, g: &'a Grid) -> Result<&'a CellKind, Why> {
        self.cell_at(g, &[])
    }

    /// The option `at` (`from GRID at OPTION, ...`) names for choice `c`.
    fn fixed<'o>(c: &ChoiceDecl, at: &'o [Ident]) -> Option<&'o Ident> {
        at.iter()
            .find(|o| c.options.iter().any(|x| x.name.name == o.name))
    }

    /// The cell of a grid for the choices given, the keys `at` names an
    /// option of read at that option instead.
    pub fn cell_at(&self, g: &'a Grid, at: &[Ident]) -> Result<&'a CellKind, Why> {
        let mut opts = Vec::new();
        for k in &g.keys {
            let c = self.choice_named(&k.name)?;
            let option = match Self::fixed(c, at) {
                Some(o) => o.name.to_string(),
                None => self.option(c)?,
            };
            opts.push((c, option));
        }
        let (last, rest) = opts
            .split_last()
            .ok_or_else(|| Why::Unsupported("grid without keys".into()))?;
        let cell: Option<&Cell> = if rest.is_empty() {
            g.rows
                .iter()
                .find(|r| r.labels.len() == 1 && r.labels[0].name == last.1)
                .and_then(|r| r.cells.first())
        } else {
            let col = last.0.options.iter().position(|o| o.name.name == last.1);
            g.rows
                .iter()
                .find(|r| {
                    r.labels.len() == rest.len()
                        && r.labels.iter().zip(rest).all(|(l, (_, o))| l.name == *o)
                })
                .and_then(|r| col.and_then(|c| r.cells.get(c)))
        };
        Ok(cell.map_or(&CellKind::Impossible, |c| &c.kind))
    }

    /// A grid's number for the choices given.
    pub fn grid_number(&self, g: &'a Grid) -> Result<Q, Why> {
        self.grid_number_at(g, &[])
    }

    /// A grid's number for the choices given, at the options of `at`.
    pub fn grid_number_at(&self, g: &'a Grid, at: &[Ident]) -> Result<Q, Why> {
        match self.cell_at(g, at)? {
            CellKind::Number(n) => Ok(qn(*n)),
            CellKind::Impossible => Err(Why::NotPossible),
            _ => Err(Why::Refused(format!(
                "`{}` holds no number here",
                g.name.name
            ))),
        }
    }

    /// A whole number, or the roll is refused.
    #[allow(clippy::unused_self)] // called as a method beside `eval`
    pub fn whole(&self, v: &Q, what: &str) -> Result<i64, Why> {
        if !v.is_integer() {
            return Err(Why::Refused(format!("{what} must be whole, not {v}")));
        }
        i64::try_from(v.to_integer()).map_err(|_| Why::Unsupported("number too large".into()))
    }

    /// A name's value in an expression.
    pub fn read_name(&self, id: &Ident) -> Result<Q, Why> {
        let name = id.name.as_str();
        match self.lookup(name) {
            Some(Decl::Param(p)) => match self.given(name) {
                Some(Val::Num(n)) => {
                    if let Some(b) = &p.bounds {
                        if n < &qn(b.lo) || n > &qn(b.hi) {
                            return Err(Why::Refused(format!("`{name}` outside its bounds")));
                        }
                    }
                    if p.whole && !n.is_integer() {
                        return Err(Why::Refused(format!("`{name}` must be whole")));
                    }
                    Ok(n.clone())
                }
                Some(_) => Err(Why::Refused(format!("`{name}` takes a number"))),
                None => p
                    .default
                    .as_ref()
                    .map(|d| qn(d.node))
                    .ok_or_else(|| Why::Refused(format!("needs `{name}`"))),
            },
            Some(Decl::Modifier(m)) => {
                let key = self.mod_key(&m);
                match (&m.decl.value, self.given(&key)) {
                    (ModValue::Param { .. } | ModValue::Counted { .. }, Some(Val::Num(n))) => {
                        Ok(n.clone())
                    }
                    // A shift table nobody named does not apply.
                    (
                        ModValue::Param {
                            sign,
                            from: Some(_),
                            ..
                        },
                        None,
                    ) if sign.shifts() => Ok(q(0)),
                    (ModValue::Param { default, from, .. }, None) => {
                        // `±r from GRID`: the grid's cell where its keys are
                        // given and it applies; `default` is for where the
                        // keys are not (docs/language.md, Modifiers).
                        let ModValue::Param { at, .. } = &m.decl.value else {
                            return Ok(q(0));
                        };
                        let grid = match from.as_ref().map(|g| self.lookup(&g.name)) {
                            Some(Some(Decl::Grid(grid))) if self.keys_given(grid, at) => Some(grid),
                            _ => None,
                        };
                        match (grid, default) {
                            (Some(grid), _) => {
                                if !self.holds(&m)? {
                                    return Ok(q(0));
                                }
                                self.grid_number_at(grid, at).or(Ok(q(0)))
                            }
                            (None, Some(d)) => Ok(qn(d.node)),
                            (None, None) => Ok(q(0)),
                        }
                    }
                    (ModValue::Counted { .. }, None) => Ok(q(0)),
                    _ => Err(Why::Unsupported(format!(
                        "a fixed modifier (`{name}`) read as a number"
                    ))),
                }
            }
            Some(Decl::Grid(g)) => self.grid_number(g),
            Some(Decl::Ladder(l)) => Ok(ladder(&self.with_chart(l))?.1),
            Some(_) => Err(Why::Refused(format!("`{name}` is not a number"))),
            None => Err(Why::Unsupported(format!("unknown name `{name}`"))),
        }
    }

    /// An expression's exact value.
    pub fn eval(&self, e: &Expr) -> Result<Q, Why> {
        Ok(match &e.kind {
            ExprKind::Int(n) => q(*n),
            ExprKind::Number(n) => qn(*n),
            ExprKind::Call(f, args) => {
                let vs = args
                    .iter()
                    .map(|a| self.eval(a))
                    .collect::<Result<Vec<_>, _>>()?;
                call(&f.name, &vs)?
            }
            ExprKind::If(a, c, b) => {
                if self.cond(c)? {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            ExprKind::Name(id) => self.read_name(id)?,
            ExprKind::Total => self
                .total
                .clone()
                .ok_or_else(|| Why::Unsupported("`total` outside score".into()))?,
            ExprKind::Natural => self
                .natural
                .clone()
                .ok_or_else(|| Why::Unsupported("`natural` outside score".into()))?,
            ExprKind::Die(n) => self
                .faces
                .as_ref()
                .and_then(|f| f.get((*n as usize).checked_sub(1)?))
                .map(|&f| q(f))
                .ok_or_else(|| Why::Unsupported(format!("`die {n}` without the dice")))?,
            ExprKind::Dice(_) => {
                return Err(Why::Refused(
                    "dice outside the value of `columns by`".into(),
                ))
            }
            ExprKind::Modifiers => self
                .net
                .clone()
                .ok_or_else(|| Why::Unsupported("`modifiers` outside a check's target".into()))?,
            ExprKind::Neg(a) => -self.eval(a)?,
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                match op {
                    BinOp::Add => x + y,
                    BinOp::Sub => x - y,
                    BinOp::Mul => x * y,
                    BinOp::Div => {
                        if y.is_zero() {
                            return Err(Why::Refused("division by zero".into()));
                        }
                        x / y
                    }
                }
            }
        })
    }

    /// A condition's truth; `and`/`or` read their right side only when it
    /// decides ("only what the roll actually reads is needed").
    pub fn cond(&self, c: &Cond) -> Result<bool, Why> {
        Ok(match &c.kind {
            CondKind::Flag(id) => self.flag(id)?,
            CondKind::Cmp(op, l, r) => {
                if let (ExprKind::Name(a), ExprKind::Name(b)) = (&l.kind, &r.kind) {
                    if let Some(Decl::Choice(ch)) = self.lookup(&a.name) {
                        if ch.options.iter().any(|o| o.name.name == b.name) {
                            let is = self.option(ch)? == b.name.as_str();
                            return match op {
                                CmpOp::Eq => Ok(is),
                                CmpOp::Ne => Ok(!is),
                                _ => Err(Why::Unsupported("ordering of options".into())),
                            };
                        }
                    }
                }
                let (x, y) = (self.eval(l)?, self.eval(r)?);
                match op {
                    CmpOp::Eq => x == y,
                    CmpOp::Ne => x != y,
                    CmpOp::Lt => x < y,
                    CmpOp::Le => x <= y,
                    CmpOp::Gt => x > y,
                    CmpOp::Ge => x >= y,
                }
            }
            CondKind::In(ch, opts) => {
                let c = self.choice_named(&ch.name)?;
                let o = self.option(c)?;
                opts.iter().any(|x| x.name == o)
            }
            CondKind::Doubles => match self.faces.as_deref() {
                Some([first, rest @ ..]) if !rest.is_empty() => rest.iter().all(|f| f == first),
                _ => return Err(Why::Unsupported("`doubles` without two dice".into())),
            },
            CondKind::Not(a) => !self.cond(a)?,
            CondKind::And(a, b) => self.cond(a)? && self.cond(b)?,
            CondKind::Or(a, b) => self.cond(a)? || self.cond(b)?,
        })
    }

    /// A flag or fixed modifier named in a condition: on when given.
    fn flag(&self, id: &Ident) -> Result<bool, Why> {
        match self.lookup(&id.name) {
            Some(Decl::Flag(_)) => Ok(self.given(&id.name).is_some()),
            Some(Decl::Modifier(m)) => Ok(self.given(&self.mod_key(&m)).is_some()),
            Some(_) => Err(Why::Unsupported(format!("`{}` as a condition", id.name))),
            None => Err(Why::Unsupported(format!("unknown name `{}`", id.name))),
        }
    }

    /// Whether a modifier's conditions hold.
    pub fn holds(&self, m: &ModRef) -> Result<bool, Why> {
        for (unless, c) in &m.conds {
            if self.cond(c)? == *unless {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// What a modifier adds in this situation: `(to the roll, column
    /// shift)`, or `None` where it does not apply.
    #[allow(clippy::too_many_lines)] // one match over the value forms of the docs' table
    pub fn modifier(&self, m: &ModRef) -> Result<Option<(Q, i64)>, Why> {
        if let (Some(s), Some(me)) = (&m.side, &self.side) {
            if s != "each" && s != me {
                return Ok(None);
            }
        }
        if m.side.is_some() != self.side.is_some() {
            return Err(Why::Unsupported(
                "a modifier outside `for` in an opposed roll".into(),
            ));
        }
        let key = self.mod_key(m);
        let given = self.given(&key);
        let d = m.decl;
        let value: (Q, i64) = match &d.value {
            ModValue::Fixed(v) => {
                if given.is_none() && !d.always {
                    return Ok(None);
                }
                (qn(v.node), 0)
            }
            ModValue::Shift(n) => {
                if given.is_none() && !d.always {
                    return Ok(None);
                }
                (q(0), n.node)
            }
            ModValue::Param {
                sign,
                default,
                from,
                at,
                ..
            } => {
                let grid = match from {
                    Some(g) => match self.lookup(&g.name) {
                        Some(Decl::Grid(grid)) => Some(grid),
                        _ => return Err(Why::Unsupported("`from` a non-grid".into())),
                    },
                    None => None,
                };
                let keys_given = grid.is_some_and(|grid| self.keys_given(grid, at));
                let raw = match (given, grid) {
                    (Some(Val::Num(n)), _) => {
                        if let Some((lo, hi)) = self.mod_bounds(m) {
                            if n < &lo || n > &hi {
                                return Err(Why::Refused(format!("`{key}` outside its bounds")));
                            }
                        }
                        // A value given to a modifier moves the roll: whole,
                        // whether or not the modifier applies here.
                        self.whole(n, &format!("`{key}`"))?;
                        n.clone()
                    }
                    // A shift table applies where the player names it.
                    (Some(_), Some(grid)) if sign.shifts() => {
                        if !self.holds(m)? {
                            return Ok(None);
                        }
                        self.grid_number_at(grid, at)?
                    }
                    (Some(_), _) => return Err(Why::Refused(format!("`{key}` takes a number"))),
                    // `±r from GRID`: the grid's cell when its keys are given.
                    (None, Some(grid)) if !sign.shifts() && keys_given => {
                        if !self.holds(m)? {
                            return Ok(None);
                        }
                        self.grid_number_at(grid, at)?
                    }
                    // A shift table applies only where it is named, its
                    // `default` notwithstanding.
                    (None, Some(_)) if sign.shifts() => return Ok(None),
                    (None, _) => match default {
                        Some(dv) if dv.node == 0.into() => return Ok(None),
                        Some(dv) => qn(dv.node),
                        // A shift table (`rL from GRID`) applies where the
                        // player names it; a bare `rL` is needed "as for `±r`".
                        None if m.group.is_some()
                            || (sign.shifts() && from.is_some())
                            || self.named_only =>
                        {
                            return Ok(None)
                        }
                        None => {
                            if !self.holds(m)? {
                                return Ok(None);
                            }
                            return Err(Why::Refused(format!("needs `{key}`")));
                        }
                    },
                };
                match sign {
                    ParamSign::Either | ParamSign::Plus => (raw, 0),
                    ParamSign::Minus => (-raw, 0),
                    ParamSign::Left => (q(0), -self.whole(&raw, "a shift")?),
                    ParamSign::Right => (q(0), self.whole(&raw, "a shift")?),
                }
            }
            ModValue::Counted {
                per, max, shifts, ..
            } => {
                let Some(Val::Num(count)) = given else {
                    return Ok(None);
                };
                let mut v = q(per.node) * count;
                if let Some(mx) = max {
                    let cap = q(mx.node).abs();
                    if v.abs() > cap {
                        v = if v.is_negative() { -cap } else { cap };
                    }
                }
                if *shifts {
                    (q(0), self.whole(&v, "a shift")?)
                } else {
                    (v, 0)
                }
            }
        };
        if !self.holds(m)? {
            return Ok(None);
        }
        let (mut roll, shift) = value;
        if m.subtract {
            roll = -roll;
        }
        Ok(Some((roll, shift)))
    }

    /// Whether every key of `grid` that `at` leaves free has an option
    /// (given or its default).
    fn keys_given(&self, grid: &Grid, at: &[Ident]) -> bool {
        grid.keys.iter().all(|k| {
            matches!(self.lookup(&k.name), Some(Decl::Choice(c))
                if Self::fixed(c, at).is_some() || self.option(c).is_ok())
        })
    }

    /// The bounds of a parametric modifier's value: `in LO..HI`, or, for
    /// `from GRID` without them, the grid's numbers.
    pub fn mod_bounds(&self, m: &ModRef) -> Option<(Q, Q)> {
        let ModValue::Param {
            bounds, from, at, ..
        } = &m.decl.value
        else {
            return None;
        };
        if let Some(b) = bounds {
            return Some((qn(b.lo), qn(b.hi)));
        }
        let Some(Decl::Grid(g)) = self.lookup(&from.as_ref()?.name) else {
            return None;
        };
        // `at` narrows the cells to its row (and column): the option of
        // each key it fixes.
        let fixed: Vec<Option<String>> = g
            .keys
            .iter()
            .map(|k| match self.lookup(&k.name) {
                Some(Decl::Choice(c)) => Self::fixed(c, at).map(|o| o.name.to_string()),
                _ => None,
            })
            .collect();
        let (last, lead) = fixed.split_last()?;
        let column = match (last, self.lookup(&g.keys.last()?.name)) {
            (Some(o), Some(Decl::Choice(c))) if g.keys.len() > 1 => {
                c.options.iter().position(|x| x.name.name == *o)
            }
            _ => None,
        };
        let row_fits = |labels: &[Ident]| {
            let lead = if g.keys.len() > 1 { lead } else { &fixed[..] };
            labels
                .iter()
                .zip(lead)
                .all(|(l, f)| f.as_ref().map_or(true, |o| l.name == *o))
        };
        let nums: Vec<Q> = g
            .rows
            .iter()
            .filter(|r| row_fits(&r.labels))
            .flat_map(|r| {
                r.cells
                    .iter()
                    .enumerate()
                    .filter(move |(i, _)| column.map_or(true, |c| c == *i))
                    .map(|(_, c)| c)
            })
            .filter_map(|c| match &c.kind {
                CellKind::Number(n) => Some(qn(*n)),
                _ => None,
            })
            .collect();
        Some((nums.iter().min()?.clone(), nums.iter().max()?.clone()))
    }

    /// The net of a list of modifiers: `(to the roll, column shift)`; two
    /// members of one `one of` named is refused.
    pub fn net(&self, mods: &[ModRef]) -> Result<(Q, i64), Why> {
        let mut named_groups: Vec<usize> = Vec::new();
        for m in mods {
            if let Some(g) = m.group {
                if self.given(&self.mod_key(m)).is_some() {
                    if m.side
                        .as_deref()
                        .is_some_and(|s| s != "each" && Some(s) != self.side.as_deref())
                    {
                        continue;
                    }
                    if named_groups.contains(&g) {
                        return Err(Why::Refused("two members of one `one of`".into()));
                    }
                    named_groups.push(g);
                }
            }
        }
        let mut roll = Q::zero();
        let mut shift = 0;
        for m in mods {
            if let Some((r, s)) = self.modifier(m)? {
                roll += r;
                shift += s;
            }
        }
        if !roll.is_integer() {
            return Err(Why::Refused("a modifier must be whole".into()));
        }
        Ok((roll, shift))
    }
}

/// A declaration local to a chart: its inputs and modifiers.
fn local<'a>(file: &'a File, chart: &'a Chart, name: &str) -> Option<Decl<'a>> {
    for c in &chart.clauses {
        let d = match c {
            Clause::Choice(x) if x.name.name == name => Decl::Choice(x),
            Clause::Flag(x) if x.name.name == name => Decl::Flag(x),
            Clause::Param(x) if x.name.name == name => Decl::Param(x),
            _ => continue,
        };
        return Some(d);
    }
    chart_modifiers(file, chart)
        .into_iter()
        .find(|m| m.decl.name.name == name)
        .map(Decl::Modifier)
}

/// The functions of expressions.
fn call(f: &str, v: &[Q]) -> Result<Q, Why> {
    let half = Q::new(1.into(), 2.into());
    Ok(match (f, v) {
        ("floor", [x]) => x.floor(),
        ("ceil", [x]) => x.ceil(),
        ("round", [x]) => (x + half).floor(),
        ("min", [_, ..]) => v.iter().min().cloned().unwrap_or_default(),
        ("max", [_, ..]) => v.iter().max().cloned().unwrap_or_default(),
        ("clamp", [x, lo, hi]) => x.clone().max(lo.clone()).min(hi.clone()),
        _ => return Err(Why::Unsupported(format!("function `{f}`"))),
    })
}

/// A ladder moved in `ctx` (whose chart is the ladder): the index of the
/// step reached (in written order) and its value.
pub fn ladder(ctx: &Ctx) -> Result<(usize, Q), Why> {
    let chart = ctx.chart.ok_or_else(|| Why::Unsupported("ladder".into()))?;
    let mut steps = Vec::new();
    let mut start = None;
    for c in &chart.clauses {
        match c {
            Clause::Steps(s, _) => steps = s.iter().map(|s| qn(s.value.node)).collect(),
            Clause::Start(e) => start = Some(e),
            _ => {}
        }
    }
    if steps.is_empty() {
        return Err(Why::Unsupported("a ladder without steps".into()));
    }
    let start = ctx.eval(start.ok_or_else(|| Why::Unsupported("ladder start".into()))?)?;
    let mut at = snap(&steps, &start);
    let (net, _) = ctx.net(&chart_modifiers(ctx.file, chart))?;
    let net = ctx.whole(&net, "a net modifier")?;
    // +1 moves one step towards the first step written.
    let moved = (at as i64 - net).clamp(0, steps.len() as i64 - 1);
    at = moved as usize;
    for c in &chart.clauses {
        if let Clause::AtMost { value, cond, .. } = c {
            let holds = match cond {
                Some(c) => ctx.cond(c)?,
                None => true,
            };
            if holds {
                let cap = ctx.eval(value)?;
                if steps[at] > cap {
                    at = snap(&steps, &cap);
                }
            }
        }
    }
    Ok((at, steps[at].clone()))
}

/// The step at or below `v` nearest it, or the lowest step when none is.
fn snap(steps: &[Q], v: &Q) -> usize {
    let below = steps
        .iter()
        .enumerate()
        .filter(|(_, s)| *s <= v)
        .max_by(|a, b| a.1.cmp(b.1))
        .map(|(i, _)| i);
    below.unwrap_or_else(|| {
        steps
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.cmp(b.1))
            .map_or(0, |(i, _)| i)
    })
}

/// `1` as an exact number (for callers).
pub fn one() -> Q {
    Q::one()
}
