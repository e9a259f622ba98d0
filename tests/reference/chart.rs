//! Charts for the reference interpreter: tables (rows, `score`, `best`,
//! columns chosen by a choice or computed, shifts, caps, clamps, results
//! grids), checks, natural-roll rules, opposed rolls, pools, ladders,
//! grids and modifier sets read as charts, outcomes and follow-ups. Each
//! is read from the AST as docs/language.md says, every natural roll
//! enumerated; nothing is shared with the engine's bind or read.

use super::dice::{self, Dist};
use super::expr::{chart_modifiers, ladder, modifiers, Ctx, Decl};
use super::{fmt_q, q, qn, Distribution, Situation, Val, Why, World, Q};
use chartwright::ast::{
    ArgValue, CellKind, Chart, ChartKind, Clause, CondOutcome, DiceTerm, Expr, ExprKind, File,
    Item, OffRule, Outcome, RangeSet, ResultLine, Row, RowKey, ScaleValue, SimpleKind,
    SimpleOutcome, Target, TargetKind,
};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// Repeats of `then again` and follow-ups deep (`Limits` defaults).
const MAX_REPEATS: u32 = 4;
const MAX_DEPTH: u32 = 16;

/// Paths through follow-ups one outcome may lead to before the reference
/// gives up (their texts are kept whole, so memory grows with them).
const MAX_PATHS: usize = 20_000;

/// An outcome reached: its text and the follow-ups it rolls.
#[derive(Clone, Debug)]
struct Out {
    text: String,
    follow: Vec<Follow>,
}

#[derive(Clone, Debug)]
enum Follow {
    /// `then again [with ARGS]`: the same chart, the situation changed by
    /// the arguments.
    Again(Vec<(String, Option<Val>)>),
    Chart {
        name: String,
        args: Vec<(String, Option<Val>)>,
    },
}

thread_local! {
    /// When the chart being read must be given up (a campaign's time limit
    /// per chart; none by default).
    static DEADLINE: std::cell::Cell<Option<std::time::Instant>> = const { std::cell::Cell::new(None) };
}

/// From now on, each chart's reading on this thread stops at `limit` past
/// [`start_chart_clock`] (`None`: never).
pub fn set_chart_time(limit: Option<std::time::Duration>) {
    CHART_TIME.with(|t| t.set(limit));
}

thread_local! {
    static CHART_TIME: std::cell::Cell<Option<std::time::Duration>> = const { std::cell::Cell::new(None) };
}

/// Refused (unsupported) once the chart's time is up (see [`set_chart_time`]).
pub(super) fn past_deadline() -> Result<(), Why> {
    if DEADLINE
        .with(std::cell::Cell::get)
        .is_some_and(|d| std::time::Instant::now() > d)
    {
        return Err(Why::Unsupported(
            "past the campaign's time for one chart".into(),
        ));
    }
    Ok(())
}

/// Starts the clock of the chart about to be read (see [`set_chart_time`]).
pub fn start_chart_clock() {
    let limit = CHART_TIME.with(std::cell::Cell::get);
    DEADLINE.with(|d| d.set(limit.map(|l| std::time::Instant::now() + l)));
}

/// The distribution of a chart's outcomes, follow-ups included.
pub fn distribution(
    world: &World,
    game: &str,
    chart: &str,
    sit: &Situation,
    repeats: u32,
) -> Result<Distribution, Why> {
    follow_dist(world, game, chart, sit, repeats, 0)
}

fn follow_dist(
    world: &World,
    game: &str,
    name: &str,
    sit: &Situation,
    repeats: u32,
    depth: u32,
) -> Result<Distribution, Why> {
    if depth > MAX_DEPTH {
        return Err(Why::Unsupported("follow-ups deeper than the limit".into()));
    }
    past_deadline()?;
    let (game, name) = match name.split_once('.') {
        Some((g, c)) => (g, c),
        None => (game, name),
    };
    let game = world
        .games
        .iter()
        .find(|(n, _)| n == game)
        .map(|(n, _)| n.as_str())
        .ok_or_else(|| Why::Unsupported(format!("game `{game}` not loaded")))?;
    let file = world.game(game).expect("found");
    let item = file
        .items
        .iter()
        .find(|i| match i {
            Item::Chart(c) => c.name.name == name,
            Item::Grid(g) => g.name.name == name,
            Item::Modifiers(m) => m.name.name == name,
            Item::Notes(n) => n.name.name == name,
            _ => false,
        })
        .ok_or_else(|| Why::Unsupported(format!("no chart `{name}`")))?;
    let chart = match item {
        Item::Chart(c) => Some(c),
        _ => None,
    };
    let ctx = Ctx::new(world, game, file, chart, sit);
    let outs = match own_outcomes(&ctx, item) {
        Ok(o) => o,
        Err(Why::NotPossible) => vec![(plain("Not possible"), Q::one())],
        Err(Why::TextCell(t)) => vec![(plain(&t), Q::one())],
        Err(e) => return Err(e),
    };
    // Outcomes alike (text and follow-ups) are one outcome, and each
    // follow-up is rolled once: the situation is the same for all.
    let mut merged: BTreeMap<String, (Out, Q)> = BTreeMap::new();
    for (out, p) in outs {
        let key = format!("{}\u{0}{:?}", out.text, out.follow);
        merged.entry(key).or_insert_with(|| (out, Q::zero())).1 += p;
    }
    let mut rolled: BTreeMap<String, Distribution> = BTreeMap::new();
    let mut dist = Distribution::new();
    for (out, p) in merged.into_values() {
        if p.is_zero() {
            continue;
        }
        let mut paths = vec![(out.text.clone(), p)];
        for f in &out.follow {
            let key = format!("{f:?}");
            if !rolled.contains_key(&key) {
                let sub = match f {
                    Follow::Again(_) if repeats >= MAX_REPEATS => continue,
                    Follow::Again(args) => {
                        let again = again_situation(&ctx, chart, args)?;
                        follow_dist(world, game, name, &again, repeats + 1, depth + 1)?
                    }
                    Follow::Chart { name: target, args } => {
                        let (tg, tc) = target.split_once('.').unwrap_or((game, target));
                        let carried = carry(world, &ctx, tg, tc, args)?;
                        follow_dist(world, tg, tc, &carried, 0, depth + 1)?
                    }
                };
                rolled.insert(key.clone(), sub);
            }
            let sub = &rolled[&key];
            // Checked before the product is built: two follow-ups of one
            // outcome (`then again` in two fields) multiply their paths.
            if paths.len().saturating_mul(sub.len()) > MAX_PATHS {
                return Err(Why::Unsupported(format!(
                    "more than {MAX_PATHS} paths of follow-ups (too many to enumerate)"
                )));
            }
            let mut next = Vec::new();
            for (text, p) in &paths {
                for (t, r) in sub {
                    next.push((format!("{text} -> {t}"), p * r));
                }
            }
            paths = next;
            if paths.len() > MAX_PATHS {
                return Err(Why::Unsupported(format!(
                    "more than {MAX_PATHS} paths of follow-ups (too many to enumerate)"
                )));
            }
        }
        for (t, p) in paths {
            *dist.entry(t).or_insert_with(Q::zero) += p;
        }
        if dist.len() > MAX_PATHS {
            return Err(Why::Unsupported(format!(
                "more than {MAX_PATHS} paths of follow-ups (too many to enumerate)"
            )));
        }
    }
    Ok(dist)
}

/// The situation a follow-up is rolled in: every input of this roll the
/// follow-up declares under the same name and kind, then the arguments.
fn carry(
    world: &World,
    from: &Ctx,
    game: &str,
    chart: &str,
    args: &[(String, Option<Val>)],
) -> Result<Situation, Why> {
    let file = world
        .game(game)
        .ok_or_else(|| Why::Unsupported(format!("game `{game}` not loaded")))?;
    let target = file.items.iter().find_map(|i| match i {
        Item::Chart(c) if c.name.name == chart => Some(c),
        _ => None,
    });
    let empty = Situation::default();
    let to = Ctx::new(world, game, file, target, &empty);
    // Only what the follow-up takes: a game's flag it never reads is not
    // one of its inputs, so it is not carried on past it.
    let takes = super::situations::inputs(world, game, chart);
    let mut out = Situation::default();
    for (k, v) in &from.sit.0 {
        if !takes.contains(k) {
            continue;
        }
        let same = match (to.lookup(k), v) {
            (Some(Decl::Flag(_)), Val::On) | (Some(Decl::Param(_)), Val::Num(_)) => true,
            (Some(Decl::Modifier(m)), v) => {
                matches!(
                    (&m.decl.value, v),
                    (
                        chartwright::ast::ModValue::Fixed(_) | chartwright::ast::ModValue::Shift(_),
                        Val::On
                    ) | (
                        chartwright::ast::ModValue::Param { .. }
                            | chartwright::ast::ModValue::Counted { .. },
                        Val::Num(_)
                    )
                ) && m.side.is_none()
            }
            (Some(Decl::Choice(c)), Val::Opt(o)) => c.options.iter().any(|x| x.name.name == *o),
            _ => false,
        };
        if same {
            out.0.insert(k.clone(), v.clone());
        }
    }
    set_args(from, &to, &mut out, args)?;
    // A value passed on must fit the follow-up's declaration as a given one
    // must (docs/language.md, Follow-ups), read or not.
    for (k, v) in &out.0 {
        let Val::Num(n) = v else { continue };
        match to.lookup(k) {
            Some(Decl::Param(p)) => {
                if p.whole && !n.is_integer() {
                    return Err(Why::Refused(format!("`{k}` must be whole")));
                }
                if let Some(b) = &p.bounds {
                    if n < &super::qn(b.lo) || n > &super::qn(b.hi) {
                        return Err(Why::Refused(format!("`{k}` outside its bounds")));
                    }
                }
            }
            Some(Decl::Modifier(m)) => {
                if !n.is_integer() {
                    return Err(Why::Refused(format!("`{k}` must be whole")));
                }
                if let chartwright::ast::ModValue::Param {
                    bounds: Some(b), ..
                } = &m.decl.value
                {
                    if n < &super::qn(b.lo) || n > &super::qn(b.hi) {
                        return Err(Why::Refused(format!("`{k}` outside its bounds")));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The situation a chart is rolled again in: its own, changed by the
/// arguments after `with`; an argument naming a member of a `one of` group
/// takes the place of the member given before.
fn again_situation(
    ctx: &Ctx,
    chart: Option<&Chart>,
    args: &[(String, Option<Val>)],
) -> Result<Situation, Why> {
    let mut again = ctx.sit.clone();
    if let Some(chart) = chart {
        let mods = super::expr::chart_modifiers(ctx.file, chart);
        let group_of = |name: &str| {
            mods.iter()
                .find(|m| m.decl.name.name == name)
                .and_then(|m| m.group)
        };
        for (name, _) in args {
            if let Some(g) = group_of(name) {
                for m in mods.iter().filter(|m| m.group == Some(g)) {
                    again.0.remove(m.decl.name.name.as_str());
                }
            }
        }
    }
    set_args(ctx, ctx, &mut again, args)?;
    Ok(again)
}

/// A follow-up's arguments written into the situation `out` of the chart
/// `to` reads: a flag turned on, a number, an option, or (`name=param`) a
/// param of the caller `from`.
fn set_args(
    from: &Ctx,
    to: &Ctx,
    out: &mut Situation,
    args: &[(String, Option<Val>)],
) -> Result<(), Why> {
    for (k, v) in args {
        let v = match v {
            None => Val::On,
            Some(Val::Opt(name)) => match to.lookup(k) {
                Some(Decl::Choice(_)) => Val::Opt(name.clone()),
                _ => {
                    let id = chartwright::ast::Ident {
                        name: name.as_str().into(),
                        span: chartwright::Span::new(chartwright::SourceId::new(0), 0, 0),
                    };
                    Val::Num(from.read_name(&id)?)
                }
            },
            Some(v) => v.clone(),
        };
        out.0.insert(k.clone(), v);
    }
    Ok(())
}

fn plain(text: &str) -> Out {
    Out {
        text: text.to_string(),
        follow: Vec::new(),
    }
}

/// A chart's own outcomes (follow-ups not yet rolled).
fn own_outcomes(ctx: &Ctx, item: &Item) -> Result<Vec<(Out, Q)>, Why> {
    match item {
        Item::Chart(c) => match c.kind {
            ChartKind::Table => table(ctx, c),
            ChartKind::Check => check(ctx, c),
            ChartKind::Opposed => opposed(ctx, c),
            ChartKind::Pool => pool(ctx, c),
            ChartKind::Ladder => {
                let (at, v) = ladder(ctx)?;
                let label = c.clauses.iter().find_map(|cl| match cl {
                    Clause::Steps(s, _) => s.get(at).and_then(|s| s.label.as_ref()),
                    _ => None,
                });
                let text = label.map_or_else(|| fmt_q(&v), |l| l.text.to_string());
                Ok(vec![(plain(&text), Q::one())])
            }
        },
        Item::Grid(g) => {
            let text = match ctx.cell(g)? {
                CellKind::Number(n) => fmt_q(&qn(*n)),
                CellKind::Text(t) => t.to_string(),
                CellKind::Target(rs) => ranges_text(rs),
                CellKind::Dice(d) => ctx
                    .world
                    .text(ctx.game, d.span)
                    .map(|t| {
                        t.strip_prefix("1d")
                            .map_or_else(|| t.to_string(), |r| format!("d{r}"))
                    })
                    .ok_or_else(|| Why::Unsupported("a dice cell's text".into()))?,
                CellKind::Impossible => "Not possible".into(),
            };
            Ok(vec![(plain(&text), Q::one())])
        }
        Item::Modifiers(set) => {
            // A set rolled on its own sums only what is named.
            let mut ctx = ctx.clone();
            ctx.named_only = true;
            let (net, _) = ctx.net(&modifiers(ctx.file, &set.entries))?;
            Ok(vec![(plain(&signed(&net)), Q::one())])
        }
        Item::Notes(_) => Err(Why::Refused("reference text has no odds".into())),
        _ => Err(Why::Unsupported("not a chart".into())),
    }
}

/// A net modifier as printed: `+2`, `-1`, `+0`.
fn signed(n: &Q) -> String {
    if n >= &Q::zero() {
        format!("+{}", fmt_q(n))
    } else {
        fmt_q(n)
    }
}

/// Ranges as a target cell prints them.
fn ranges_text(rs: &RangeSet) -> String {
    rs.parts
        .iter()
        .map(|p| match (p.lo, p.hi) {
            (Some(a), Some(b)) if a == b => a.to_string(),
            (Some(a), Some(b)) => format!("{a}-{b}"),
            (Some(a), None) => format!("{a} or more"),
            (None, Some(b)) => format!("{b} or less"),
            (None, None) => "any".into(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether a whole value lies in the ranges.
fn contains(rs: &RangeSet, v: &Q) -> bool {
    rs.parts.iter().any(|p| {
        let (lo, hi) = match (p.lo, p.hi) {
            (Some(a), Some(b)) if a > b => (Some(b), Some(a)),
            x => x,
        };
        lo.map_or(true, |lo| v >= &q(lo)) && hi.map_or(true, |hi| v <= &q(hi))
    })
}

// ----------------------------------------------------------------------------
// Outcomes

/// Reads an outcome in `ctx`: each field's alternatives, conditions
/// decided, `success`/`failure` read as the check says.
fn outcome(ctx: &Ctx, chart: &Chart, o: &Outcome) -> Result<Out, Why> {
    let labels: Vec<String> = chart
        .clauses
        .iter()
        .find_map(|c| match c {
            Clause::Fields(f, _) => Some(f.iter().map(|x| x.label.text.to_string()).collect()),
            _ => None,
        })
        .unwrap_or_default();
    let mut parts = Vec::new();
    let mut follow = Vec::new();
    for (i, field) in o.fields.iter().enumerate() {
        let mut alts = Vec::new();
        for c in &field.choices {
            let s = decide(ctx, c)?;
            match &s.kind {
                SimpleKind::Text(t) => alts.push(t.to_string()),
                SimpleKind::Success | SimpleKind::Failure => {
                    if o.fields.len() != 1 || field.choices.len() != 1 {
                        return Err(Why::Unsupported("success/failure among fields".into()));
                    }
                    let mut inner =
                        check_outcome(ctx, chart, matches!(s.kind, SimpleKind::Success))?;
                    inner.follow.extend(follows(s));
                    return Ok(inner);
                }
            }
            follow.extend(follows(s));
        }
        let alts = if alts.is_empty() {
            "-".to_string()
        } else {
            alts.join(" OR ")
        };
        parts.push(match labels.get(i) {
            Some(l) => format!("{l} {alts}"),
            None => alts,
        });
    }
    Ok(Out {
        text: parts.join("; "),
        follow,
    })
}

fn decide<'o>(ctx: &Ctx, c: &'o CondOutcome) -> Result<&'o SimpleOutcome, Why> {
    match c {
        CondOutcome::Simple(s) => Ok(s),
        CondOutcome::If {
            then_,
            cond,
            otherwise,
            ..
        } => {
            if ctx.cond(cond)? {
                Ok(then_)
            } else {
                decide(ctx, otherwise)
            }
        }
    }
}

fn follows(s: &SimpleOutcome) -> Vec<Follow> {
    s.follow_ups
        .iter()
        .map(|f| {
            let args = f
                .args
                .iter()
                .map(|a| {
                    let v = a.value.as_ref().map(|v| match v {
                        ArgValue::Int(n) => Val::Num(q(*n)),
                        ArgValue::Number(n) => Val::Num(qn(*n)),
                        ArgValue::Name(id) => Val::Opt(id.name.to_string()),
                    });
                    (a.name.name.to_string(), v)
                })
                .collect();
            if f.again {
                Follow::Again(args)
            } else {
                Follow::Chart {
                    name: f.chart.name.to_string(),
                    args,
                }
            }
        })
        .collect()
}

/// A check's success (or failure) outcome; `Success`/`Failure` unless
/// written.
fn check_outcome(ctx: &Ctx, chart: &Chart, success: bool) -> Result<Out, Why> {
    for c in &chart.clauses {
        match c {
            Clause::Success(o) if success => return outcome(ctx, chart, o),
            Clause::Failure(o) if !success => return outcome(ctx, chart, o),
            _ => {}
        }
    }
    Ok(plain(if success { "Success" } else { "Failure" }))
}

/// Adds what natural-roll rules say to the outcome read: the first rule
/// without `also` that matches replaces it; every `also` that matches adds.
fn naturals(ctx: &Ctx, chart: &Chart, natural: &Q, read: Out) -> Result<Out, Why> {
    let mut replaced: Option<Out> = None;
    let mut also: Vec<Out> = Vec::new();
    for c in &chart.clauses {
        if let Clause::Natural(n) = c {
            if !contains(&n.ranges, natural) {
                continue;
            }
            if let Some(cond) = &n.cond {
                if !ctx.cond(cond)? {
                    continue;
                }
            }
            if n.also {
                also.push(outcome(ctx, chart, &n.outcome)?);
            } else if replaced.is_none() {
                replaced = Some(outcome(ctx, chart, &n.outcome)?);
            }
        }
    }
    let mut out = replaced.unwrap_or(read);
    for a in also {
        out.text = format!("{}; also {}", out.text, a.text);
        out.follow.extend(a.follow);
    }
    Ok(out)
}

// ----------------------------------------------------------------------------
// Tables

/// Where a table reads: a column (and a move of the roll), or an outcome
/// without a roll.
enum Pick<'a> {
    Column(usize, i64),
    Outcome(&'a Outcome),
}

/// The column a table reads, settled from the choices; `rolled`: the
/// value its column dice made, where they are rolled.
fn pick<'a>(ctx: &Ctx, chart: &'a Chart, shift: i64, rolled: Option<Q>) -> Result<Pick<'a>, Why> {
    for c in &chart.clauses {
        if let Clause::Columns(choice) = c {
            let Some(Decl::Choice(ch)) = ctx.lookup(&choice.name) else {
                return Err(Why::Unsupported("columns by a non-choice".into()));
            };
            let o = ctx.option(ch)?;
            let i = ch.options.iter().position(|x| x.name.name == o);
            return i
                .map(|i| Pick::Column(i, 0))
                .ok_or_else(|| Why::Refused("no such option".into()));
        }
    }
    let Some(scale) = chart.clauses.iter().find_map(|c| match c {
        Clause::ColumnScale(s) => Some(s),
        _ => None,
    }) else {
        return Ok(Pick::Column(0, 0));
    };
    let value = match (&scale.value, rolled) {
        (_, Some(v)) => v,
        (ScaleValue::Expr(e), None) => ctx.eval(e)?,
        (ScaleValue::Ratio(a, b), None) => {
            let (a, b) = (ctx.eval(a)?, ctx.eval(b)?);
            if b.is_zero() {
                return Err(Why::Refused("ratio by zero".into()));
            }
            a / b
        }
    };
    let mut below = None;
    let mut beyond = None;
    for c in &chart.clauses {
        if let Clause::OffTable(o) = c {
            match &o.beyond {
                None => below = Some(&o.rule),
                Some(h) => beyond = Some((qn(h.value), &o.rule)),
            }
        }
    }
    let past = chart
        .clauses
        .iter()
        .any(|c| matches!(c, Clause::ShiftsPastEdges(_)));
    let n = scale.heads.len() as i64;
    // Positions: -1 below the first key, 0..n the columns, n beyond.
    let mut pos = scale
        .heads
        .iter()
        .rposition(|h| qn(h.value) <= value)
        .map_or(-1, |i| i as i64);
    if let Some((key, _)) = &beyond {
        if &value >= key {
            pos = n;
        }
    }
    // A value off the scale reads its rule ("under the first key, this
    // outcome and no roll"); shifts move a column the value found, and,
    // with `shifts past edges`, a value past an edge that has a rule (the
    // rule stands one place past the edge, and a shift moves from there).
    let from_edge = past && ((pos < 0 && below.is_some()) || (pos >= n && beyond.is_some()));
    if shift != 0 && ((0..n).contains(&pos) || from_edge) {
        let lo = if past && below.is_some() { -1 } else { 0 };
        let hi = if past && beyond.is_some() { n } else { n - 1 };
        pos = (pos + shift).clamp(lo.min(pos), hi.max(pos));
    }
    let rule = if pos < 0 {
        Some(below.ok_or_else(|| Why::Refused("off the scale".into()))?)
    } else if pos >= n {
        Some(
            beyond
                .map(|b| b.1)
                .ok_or_else(|| Why::Unsupported("beyond without rule".into()))?,
        )
    } else {
        None
    };
    match rule {
        None => Ok(Pick::Column(pos as usize, 0)),
        Some(OffRule::Outcome(o)) => Ok(Pick::Outcome(o)),
        Some(OffRule::Read { head, by }) => {
            let i = scale
                .heads
                .iter()
                .position(|h| h.value == head.value)
                .ok_or_else(|| Why::Unsupported("read a column that is not a key".into()))?;
            Ok(Pick::Column(i, by.as_ref().map_or(0, |b| b.node)))
        }
    }
}

/// The ranges of a row in a column (`-`: none).
fn row_ranges(row: &Row, col: usize) -> Option<&RangeSet> {
    match &row.key {
        RowKey::Single(rs) => Some(rs),
        RowKey::Columns(v) => v.get(col),
    }
}

/// What a value reads in a table's rows or results grid, in a column.
fn read_rows(ctx: &Ctx, chart: &Chart, col: usize, v: &Q) -> Result<Out, Why> {
    for c in &chart.clauses {
        match c {
            Clause::Rows(rows, _) => {
                for r in rows {
                    if row_ranges(r, col).is_some_and(|rs| contains(rs, v)) {
                        return outcome(ctx, chart, &r.outcome);
                    }
                }
            }
            Clause::Results(lines, _) => return read_results(ctx, chart, lines, col, v),
            _ => {}
        }
    }
    Err(Why::Refused(format!("no row reads {v}")))
}

fn read_results(
    ctx: &Ctx,
    chart: &Chart,
    lines: &[ResultLine],
    col: usize,
    v: &Q,
) -> Result<Out, Why> {
    let line = lines
        .iter()
        .find(|l| contains(&l.rolls, v))
        .ok_or_else(|| Why::Refused(format!("no line reads {v}")))?;
    match &line.cells {
        chartwright::ast::LineCells::Every(o) => outcome(ctx, chart, o),
        chartwright::ast::LineCells::Each(cells) => {
            let cell = cells
                .get(col)
                .ok_or_else(|| Why::Refused("no cell".into()))?;
            match &cell.outcome {
                Some(co) => {
                    let s = decide(ctx, co)?;
                    match &s.kind {
                        SimpleKind::Text(t) => Ok(Out {
                            text: t.to_string(),
                            follow: follows(s),
                        }),
                        _ => Err(Why::Unsupported("success in a results cell".into())),
                    }
                }
                None => {
                    let dash = chart.clauses.iter().find_map(|c| match c {
                        Clause::Dash(o, _) => Some(o),
                        _ => None,
                    });
                    match dash {
                        Some(o) => outcome(ctx, chart, o),
                        None => Err(Why::Refused("a `-` cell read".into())),
                    }
                }
            }
        }
    }
}

/// The highest value of the row a `best` clause names, in a column.
fn best_row<'c>(chart: &'c Chart, label: &str, col: usize) -> Option<(i64, &'c Row)> {
    for c in &chart.clauses {
        if let Clause::Rows(rows, _) = c {
            for r in rows {
                let text = r
                    .outcome
                    .fields
                    .first()
                    .and_then(|f| f.choices.first())
                    .and_then(|c| match c {
                        CondOutcome::Simple(SimpleOutcome {
                            kind: SimpleKind::Text(t),
                            ..
                        }) => Some(t.as_str()),
                        _ => None,
                    });
                if text == Some(label) {
                    let rs = row_ranges(r, col)?;
                    let hi = rs
                        .parts
                        .iter()
                        .map(|p| p.hi.or(p.lo))
                        .collect::<Option<Vec<_>>>()?;
                    return hi.into_iter().max().map(|h| (h, r));
                }
            }
        }
    }
    None
}

/// The net modifier after `cap modifiers at N`.
fn capped(chart: &Chart, net: Q) -> Q {
    for c in &chart.clauses {
        if let Clause::Cap(n, _) = c {
            let cap = q(n.node.abs());
            return net.clamp(-cap.clone(), cap);
        }
    }
    net
}

fn clamped(chart: &Chart, total: Q) -> Q {
    for c in &chart.clauses {
        if let Clause::Clamp { lo, hi, .. } = c {
            return total.clamp(q(*lo), q(*hi));
        }
    }
    total
}

fn roll_clause(chart: &Chart) -> Result<&chartwright::ast::DiceExpr, Why> {
    chart
        .clauses
        .iter()
        .find_map(|c| match c {
            Clause::Roll(d) => Some(d),
            _ => None,
        })
        .ok_or_else(|| Why::Unsupported("a chart without `roll`".into()))
}

/// How a table or a check is read at one natural roll (or at every one).
type ReadAt = fn(&Ctx, &Chart, Option<i64>) -> Result<Vec<(Out, Q)>, Why>;

/// A table, or a check, that reads its dice one by one: read once per roll
/// of its dice, each face in `ctx`, each roll 1 / (the sides multiplied).
fn face_by_face(ctx: &Ctx, chart: &Chart, read: ReadAt) -> Result<Vec<(Out, Q)>, Why> {
    let dice = dice::plain_dice(roll_clause(chart)?)?;
    let rolls = dice.iter().map(|d| d.0).product::<i64>();
    let mut out = Vec::new();
    let mut faces = vec![1i64; dice.len()];
    for _ in 0..rolls {
        past_deadline()?;
        let natural = dice
            .iter()
            .zip(&faces)
            .map(|(d, f)| if d.1 { -f } else { *f })
            .sum::<i64>();
        let mut fctx = ctx.clone();
        fctx.faces = Some(faces.clone());
        // A `-` cell of a shift whose condition reads a die makes this
        // roll Not possible, not the others (docs/language.md: "where the
        // shift applies").
        let read = match read(&fctx, chart, Some(natural)) {
            Err(Why::NotPossible) => vec![(plain("Not possible"), Q::one())],
            r => r?,
        };
        for (o, p) in read {
            out.push((o, p / q(rolls)));
        }
        // The next roll: the last die turns fastest.
        for i in (0..faces.len()).rev() {
            if faces[i] < dice[i].0 {
                faces[i] += 1;
                break;
            }
            faces[i] = 1;
        }
    }
    Ok(out)
}

/// Whether a chart reads its dice one by one anywhere (`doubles`, `die N`).
fn reads_faces(chart: &Chart) -> bool {
    let written = format!("{chart:?}");
    written.contains("kind: Doubles") || written.contains("kind: Die(")
}

/// The natural rolls a table or check reads: the roll's distribution, or
/// the one natural its faces made.
fn naturals_of(ctx: &Ctx, chart: &Chart, only: Option<i64>) -> Result<dice::Rolled, Why> {
    let mut rolled = dice::roll(ctx, roll_clause(chart)?)?;
    if let Some(n) = only {
        rolled.natural = dice::point(n);
    }
    Ok(rolled)
}

fn table(ctx: &Ctx, chart: &Chart) -> Result<Vec<(Out, Q)>, Why> {
    if reads_faces(chart) {
        return face_by_face(ctx, chart, table_at);
    }
    table_at(ctx, chart, None)
}

fn table_at(ctx: &Ctx, chart: &Chart, only: Option<i64>) -> Result<Vec<(Out, Q)>, Why> {
    let (net, shift) = ctx.net(&chart_modifiers(ctx.file, chart))?;
    let net = capped(chart, net);
    // A value that rolls dice reads each column it can pick, weighted by
    // the chance of the value that picks it.
    let Some(value) = super::column_value::rolled_value(chart) else {
        return match pick(ctx, chart, shift, None)? {
            Pick::Outcome(o) => Ok(vec![(outcome(ctx, chart, o)?, Q::one())]),
            Pick::Column(c, a) => table_column(ctx, chart, &net, (c, a), only),
        };
    };
    let mut out = Vec::new();
    for (v, p) in super::column_value::value_dist(ctx, value)? {
        let read = match pick(ctx, chart, shift, Some(v))? {
            Pick::Outcome(o) => vec![(outcome(ctx, chart, o)?, Q::one())],
            Pick::Column(c, a) => table_column(ctx, chart, &net, (c, a), only)?,
        };
        out.extend(read.into_iter().map(|(o, r)| (o, r * &p)));
    }
    Ok(out)
}

/// What a table reads in one column (`adj`: the roll moved by an
/// off-scale rule), its net modifier settled.
fn table_column(
    ctx: &Ctx,
    chart: &Chart,
    net: &Q,
    (col, adj): (usize, i64),
    only: Option<i64>,
) -> Result<Vec<(Out, Q)>, Why> {
    let rolled = naturals_of(ctx, chart, only)?;
    let score = chart.clauses.iter().find_map(|c| match c {
        Clause::Score(e) => Some(e),
        _ => None,
    });
    let mut out = Vec::new();
    for (n, p) in &rolled.natural {
        let natural = q(*n);
        let total = clamped(chart, &natural + &rolled.constant + net + q(adj));
        let value = match score {
            Some(e) => {
                let mut sc = ctx.clone();
                sc.total = Some(total.clone());
                sc.natural = Some(natural.clone());
                let v = sc.eval(e)?;
                q(ctx.whole(&v, "a score")?)
            }
            None => total,
        };
        let mut read = None;
        for c in &chart.clauses {
            if let Clause::Best { row, cond, .. } = c {
                if let Some((hi, r)) = best_row(chart, &row.text, col) {
                    if value > q(hi) && ctx.cond(cond)? {
                        read = Some(outcome(ctx, chart, &r.outcome)?);
                    }
                }
            }
        }
        let read = match read {
            Some(r) => r,
            None => read_rows(ctx, chart, col, &value)?,
        };
        out.push((naturals(ctx, chart, &natural, read)?, p.clone()));
    }
    Ok(out)
}

// ----------------------------------------------------------------------------
// Checks

fn mentions_modifiers(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Modifiers => true,
        ExprKind::Call(_, args) => args.iter().any(mentions_modifiers),
        ExprKind::If(a, c, b) => {
            mentions_modifiers(a) || cond_mentions_modifiers(c) || mentions_modifiers(b)
        }
        ExprKind::Binary(_, a, b) => mentions_modifiers(a) || mentions_modifiers(b),
        ExprKind::Neg(a) => mentions_modifiers(a),
        _ => false,
    }
}

/// Whether a condition inside a target reads `modifiers`, as in
/// `3 if modifiers > 0 else 5`: the target still reads them, so they
/// move it.
fn cond_mentions_modifiers(c: &chartwright::ast::Cond) -> bool {
    use chartwright::ast::CondKind;
    match &c.kind {
        CondKind::Cmp(_, a, b) => mentions_modifiers(a) || mentions_modifiers(b),
        CondKind::Not(x) => cond_mentions_modifiers(x),
        CondKind::And(a, b) | CondKind::Or(a, b) => {
            cond_mentions_modifiers(a) || cond_mentions_modifiers(b)
        }
        CondKind::Flag(_) | CondKind::In(..) | CondKind::Doubles => false,
    }
}

/// Whether a target reads `modifiers` (then they move it, not the roll).
fn moves_target(t: &Target) -> bool {
    match &t.kind {
        TargetKind::AtLeast(e)
        | TargetKind::AtMost(e)
        | TargetKind::MoreThan(e)
        | TargetKind::LessThan(e) => mentions_modifiers(e),
        TargetKind::Grid { shift, .. } => shift.as_ref().is_some_and(mentions_modifiers),
        TargetKind::Range(_) => false,
    }
}

/// Whether `v` meets a target read in `ctx`.
fn meets(ctx: &Ctx, t: &Target, v: &Q) -> Result<bool, Why> {
    Ok(match &t.kind {
        TargetKind::Range(rs) => contains(rs, v),
        TargetKind::AtLeast(e) => v >= &ctx.eval(e)?,
        TargetKind::AtMost(e) => v <= &ctx.eval(e)?,
        TargetKind::MoreThan(e) => v > &ctx.eval(e)?,
        TargetKind::LessThan(e) => v < &ctx.eval(e)?,
        TargetKind::Grid { grid, shift } => {
            let Some(Decl::Grid(g)) = ctx.lookup(&grid.name) else {
                return Err(Why::Unsupported("a target naming no grid".into()));
            };
            let s = match shift {
                Some(e) => ctx.eval(e)?,
                None => q(0),
            };
            let shifted = v - s;
            match ctx.cell(g)? {
                CellKind::Target(rs) => contains(rs, &shifted),
                CellKind::Number(n) => shifted == qn(*n),
                CellKind::Text(t) => return Err(Why::TextCell(t.to_string())),
                CellKind::Impossible => return Err(Why::NotPossible),
                CellKind::Dice(_) => return Err(Why::Refused("dice as a target".into())),
            }
        }
    })
}

fn check(ctx: &Ctx, chart: &Chart) -> Result<Vec<(Out, Q)>, Why> {
    if reads_faces(chart) {
        return face_by_face(ctx, chart, check_at);
    }
    check_at(ctx, chart, None)
}

fn check_at(ctx: &Ctx, chart: &Chart, only: Option<i64>) -> Result<Vec<(Out, Q)>, Why> {
    let (net, _) = ctx.net(&chart_modifiers(ctx.file, chart))?;
    let net = capped(chart, net);
    let target = chart
        .clauses
        .iter()
        .find_map(|c| match c {
            Clause::Succeed(t) => Some(t),
            _ => None,
        })
        .ok_or_else(|| Why::Unsupported("a check without a target".into()))?;
    let moved = moves_target(target);
    let mut tctx = ctx.clone();
    tctx.net = Some(net.clone());
    // A text or `-` cell is the outcome before anything is rolled.
    meets(&tctx, target, &q(0))?;
    let rolled = naturals_of(ctx, chart, only)?;
    let mut out = Vec::new();
    for (n, p) in &rolled.natural {
        let natural = q(*n);
        let mut total = &natural + &rolled.constant;
        if !moved {
            total += &net;
        }
        let total = clamped(chart, total);
        let ok = meets(&tctx, target, &total)?;
        let read = check_outcome(ctx, chart, ok)?;
        out.push((naturals(ctx, chart, &natural, read)?, p.clone()));
    }
    Ok(out)
}

// ----------------------------------------------------------------------------
// Opposed rolls

fn opposed(ctx: &Ctx, chart: &Chart) -> Result<Vec<(Out, Q)>, Why> {
    let sides: Vec<String> = chart
        .clauses
        .iter()
        .find_map(|c| match c {
            Clause::Sides(s, _) => Some(s.iter().map(|o| o.name.name.to_string()).collect()),
            _ => None,
        })
        .ok_or_else(|| Why::Unsupported("opposed without sides".into()))?;
    if sides.len() != 2 {
        return Err(Why::Unsupported("opposed with other than two sides".into()));
    }
    if chart.clauses.iter().any(|c| {
        matches!(
            c,
            Clause::Score(_) | Clause::Cap(..) | Clause::Clamp { .. } | Clause::Natural(_)
        )
    }) {
        return Err(Why::Unsupported(
            "score, cap, clamp or natural in an opposed roll".into(),
        ));
    }
    if let Some(rolled) = chart.clauses.iter().find_map(|c| match c {
        Clause::EachRolls(name, _) => Some(name.name.as_str()),
        _ => None,
    }) {
        return sides_roll(ctx, chart, &sides, rolled);
    }
    let mods = chart_modifiers(ctx.file, chart);
    let mut nets = Vec::new();
    for s in &sides {
        let mut sc = ctx.clone();
        sc.side = Some(s.clone());
        nets.push(sc.net(&mods)?.0);
    }
    let rolled = dice::roll(ctx, roll_clause(chart)?)?;
    let mut diffs: Dist = Dist::new();
    for (a, p) in &rolled.natural {
        for (b, r) in &rolled.natural {
            let d = (q(*a) + &nets[0]) - (q(*b) + &nets[1]);
            dice::add(&mut diffs, ctx.whole(&d, "a difference")?, p * r);
        }
    }
    let mut out = Vec::new();
    for (d, p) in diffs {
        out.push((read_rows(ctx, chart, 0, &q(d))?, p));
    }
    Ok(out)
}

/// `each rolls CHART`: each side's inputs are the words with its prefix
/// (`gov.firepower=3` is `firepower=3`); the rolled chart's own outcomes,
/// each a whole number as written, are that side's results, and every
/// pair is read by its difference, first side minus second.
fn sides_roll(
    ctx: &Ctx,
    chart: &Chart,
    sides: &[String],
    rolled: &str,
) -> Result<Vec<(Out, Q)>, Why> {
    let item = ctx
        .file
        .items
        .iter()
        .find(|i| matches!(i, Item::Chart(c) if c.name.name == rolled))
        .ok_or_else(|| Why::Unsupported(format!("no chart `{rolled}`")))?;
    let Item::Chart(target) = item else {
        return Err(Why::Unsupported(format!("no chart `{rolled}`")));
    };
    let mut results: Vec<BTreeMap<i64, Q>> = Vec::new();
    for side in sides {
        let prefix = format!("{side}.");
        let sit = Situation(
            ctx.sit
                .0
                .iter()
                .filter_map(|(k, v)| Some((k.strip_prefix(&prefix)?.to_string(), v.clone())))
                .collect(),
        );
        let rctx = Ctx::new(ctx.world, ctx.game, ctx.file, Some(target), &sit);
        let outs = match own_outcomes(&rctx, item) {
            Ok(o) => o,
            Err(Why::NotPossible | Why::TextCell(_)) => {
                return Err(Why::Refused("a side's result that is not a number".into()))
            }
            Err(e) => return Err(e),
        };
        let mut dist: BTreeMap<i64, Q> = BTreeMap::new();
        for (out, p) in outs {
            let digits = out.text.strip_prefix(['+', '-']).unwrap_or(&out.text);
            let n: Option<i64> = (!digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && out.follow.is_empty())
            .then(|| out.text.parse().ok())
            .flatten();
            let n = n.ok_or_else(|| Why::Refused(format!("a side's result `{}`", out.text)))?;
            *dist.entry(n).or_insert_with(Q::zero) += p;
        }
        results.push(dist);
    }
    let [first, second] = results.as_slice() else {
        return Err(Why::Unsupported("opposed with other than two sides".into()));
    };
    let mut diffs: BTreeMap<i64, Q> = BTreeMap::new();
    for (a, p) in first {
        for (b, r) in second {
            *diffs.entry(a - b).or_insert_with(Q::zero) += p * r;
        }
    }
    let mut out = Vec::new();
    for (d, p) in diffs {
        out.push((read_rows(ctx, chart, 0, &q(d))?, p));
    }
    Ok(out)
}

// ----------------------------------------------------------------------------
// Pools

/// The groups of dice a pool clause rolls (a grid of dice read by name).
fn pool_groups(ctx: &Ctx, e: &chartwright::ast::DiceExpr) -> Result<Vec<dice::Group>, Why> {
    if let [(false, DiceTerm::Name(id))] = e.terms.as_slice() {
        if let Some(Decl::Grid(g)) = ctx.lookup(&id.name) {
            return match ctx.cell(g)? {
                CellKind::Dice(d) => pool_groups(ctx, d),
                CellKind::Impossible => Err(Why::NotPossible),
                _ => Err(Why::Refused("a grid without dice".into())),
            };
        }
    }
    let r = dice::roll(ctx, e)?;
    if !r.constant.is_zero() {
        return Err(Why::Refused("a constant in a pool".into()));
    }
    if r.groups.iter().any(|g| g.negative) || r.groups.is_empty() {
        return Err(Why::Unsupported("pool dice other than groups".into()));
    }
    Ok(r.groups)
}

/// The distribution of how many dice of the groups meet each test, dice
/// counted one by one (kept dice only).
fn count_dice(
    groups: &[dice::Group],
    test: &dyn Fn(i64) -> Result<Vec<bool>, Why>,
    width: usize,
) -> Result<BTreeMap<Vec<u64>, Q>, Why> {
    let mut states: BTreeMap<Vec<u64>, Q> = BTreeMap::new();
    states.insert(vec![0; width], Q::one());
    for g in groups {
        // Each kept multiset (or, without keep, each die in turn).
        let rolls: Vec<BTreeMap<Vec<i64>, Q>> = if g.keep.is_some() {
            vec![dice::kept(g)?]
        } else {
            let one: BTreeMap<Vec<i64>, Q> =
                g.die.iter().map(|(v, p)| (vec![*v], p.clone())).collect();
            vec![one; g.count as usize]
        };
        for r in rolls {
            past_deadline()?;
            let mut next = BTreeMap::new();
            for (s, p) in &states {
                for (dice, pr) in &r {
                    let mut t = s.clone();
                    for v in dice {
                        for (i, hit) in test(*v)?.into_iter().enumerate() {
                            t[i] += u64::from(hit);
                        }
                    }
                    *next.entry(t).or_insert_with(Q::zero) += p * pr;
                }
            }
            states = next;
        }
    }
    Ok(states)
}

fn pool(ctx: &Ctx, chart: &Chart) -> Result<Vec<(Out, Q)>, Why> {
    let (net, _) = ctx.net(&chart_modifiers(ctx.file, chart))?;
    let groups = pool_groups(ctx, roll_clause(chart)?)?;
    // Stages in written order: (name, label, of, dice, target, once).
    let mut names = Vec::new();
    let mut labels = Vec::new();
    let mut main = Vec::new();
    let mut pers = Vec::new();
    for c in &chart.clauses {
        match c {
            Clause::Count(s) => {
                main.push(&s.target);
                names.push(s.name.name.to_string());
                labels.push(s.label.text.to_string());
            }
            Clause::Per {
                of,
                roll,
                stage,
                once,
                ..
            } => {
                pers.push((names.len(), of.name.to_string(), roll, &stage.target, *once));
                names.push(stage.name.name.to_string());
                labels.push(stage.label.text.to_string());
            }
            _ => {}
        }
    }
    if pers.iter().any(|p| p.0 < main.len()) {
        return Err(Why::Unsupported("a count after a per stage".into()));
    }
    let test = |v: i64| -> Result<Vec<bool>, Why> {
        main.iter().map(|t| meets(ctx, t, &(q(v) + &net))).collect()
    };
    let mut states = count_dice(&groups, &test, main.len())?;
    for (_, of, roll, target, once) in &pers {
        let of_i = names
            .iter()
            .position(|n| n == of)
            .ok_or_else(|| Why::Unsupported("per of an unknown count".into()))?;
        // docs/language.md, Dice pools: a text target is the outcome, and
        // nothing is rolled, whatever the stage's dice;
        if let Err(Why::TextCell(t)) = meets(ctx, target, &q(0)) {
            return Err(Why::TextCell(t));
        }
        // a `-` cell in a `per` stage (its dice or its target) converts
        // nothing; the fire itself was possible.
        let g = match pool_groups(ctx, roll) {
            Err(Why::NotPossible) => Vec::new(),
            g => g?,
        };
        // A `-` target converts nothing either.
        let t = |v: i64| -> Result<Vec<bool>, Why> {
            match meets(ctx, target, &q(v)) {
                Err(Why::NotPossible) => Ok(vec![false]),
                m => Ok(vec![m?]),
            }
        };
        let per_roll = count_dice(&g, &t, 1)?;
        let mut one: Dist = Dist::new();
        for (c, p) in per_roll {
            let c = if *once { c[0].min(1) } else { c[0] };
            dice::add(&mut one, c as i64, p);
        }
        let mut next = BTreeMap::new();
        for (s, p) in &states {
            let mut d = dice::point(0);
            for _ in 0..s[of_i] {
                d = dice::sum(&d, &one);
            }
            for (c, r) in d {
                let mut t = s.clone();
                t.push(c as u64);
                *next.entry(t).or_insert_with(Q::zero) += p * &r;
            }
        }
        states = next;
    }
    let report: Option<Vec<String>> = chart.clauses.iter().find_map(|c| match c {
        Clause::Report(r, _) => Some(r.iter().map(|i| i.name.to_string()).collect()),
        _ => None,
    });
    let mut out = Vec::new();
    for (s, p) in states {
        let text = names
            .iter()
            .enumerate()
            .filter(|(_, n)| report.as_ref().map_or(true, |r| r.contains(n)))
            .map(|(i, _)| format!("{} {}", s[i], labels[i]))
            .collect::<Vec<_>>()
            .join(", ");
        out.push((plain(&text), p));
    }
    Ok(out)
}

/// The file a world's game holds (for callers outside).
pub fn file<'w>(world: &'w World, game: &str) -> Option<&'w File> {
    world.game(game)
}
