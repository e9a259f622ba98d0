//! The compiler and checker: parsed files → the evaluation tree
//! ([`crate::check::tree::Program`]).
//!
//! Three passes: declare every name (so charts may refer to charts declared
//! later, and duplicates are caught), compile each chart in its own scope,
//! then resolve follow-up arguments and reject follow-up cycles. Every error
//! is collected; a node in error compiles to a placeholder so checking goes on.

mod chart;
mod compile_order;
mod ladder_reads;
mod rows;

use crate::check::error::{CompileError, CompileErrorKind};
use crate::check::tree::{
    Cell, ChartId, ChartTree, ChoiceId, ChoiceTree, GameTree, GridId, GridTree, Program, SlotKind,
};
use crate::limits::Limits;
use crate::syntax::ast;
use crate::syntax::span::Span;
use chart::ChartCx;
use foldhash::HashMap;

/// What charts leave to be resolved once every chart is compiled.
#[derive(Default)]
struct Later {
    /// Each follow-up's arguments, by its index in `Program::follow_ups`.
    follow_asts: Vec<(usize, Vec<ast::FollowArg>)>,
    /// The inputs of ladders that charts name (`if flanking`): each chart
    /// must read the ladder.
    ladder_inputs: Vec<ladder_reads::NamedInput>,
}

/// A parsed file, ready to compile.
pub(crate) struct Parsed {
    /// The game's short name (the file stem).
    pub game: String,
    /// The AST.
    pub file: ast::File,
}

/// What a chart-namespace name stands for, waiting to be compiled.
enum Pending<'a> {
    Chart(&'a ast::Chart),
    Grid(&'a ast::Grid, GridId),
    Set(&'a ast::ModifierSet),
    Notes(&'a ast::Notes),
}

/// The names one game declares.
#[derive(Default)]
pub(crate) struct GameSyms<'a> {
    pub name: String,
    pub choices: HashMap<&'a str, ChoiceId>,
    pub flags: HashMap<&'a str, &'a ast::FlagDecl>,
    pub params: HashMap<&'a str, &'a ast::ParamDecl>,
    pub grids: HashMap<&'a str, GridId>,
    pub sets: HashMap<&'a str, &'a ast::ModifierSet>,
    pub charts: HashMap<&'a str, ChartId>,
    /// What each chart-namespace name is, in words ("a ladder").
    pub kinds: HashMap<&'a str, &'static str>,
    /// Each ladder's lowest and highest step, for the reach of an
    /// expression that reads it (the ladder may be compiled later).
    pub ladders: HashMap<&'a str, (i64, i64)>,
    /// Each ladder as written, to say which ladder's input a name is when
    /// another chart names it.
    pub ladder_decls: Vec<&'a ast::Chart>,
}

/// Every game's names.
pub(crate) struct Scope<'a> {
    pub games: Vec<GameSyms<'a>>,
}

impl Scope<'_> {
    /// Resolves a follow-up target, `chart` in this game or `game.chart`.
    pub fn chart(&self, game: usize, name: &str) -> Option<ChartId> {
        if let Some((g, c)) = name.split_once('.') {
            let game = self.games.iter().find(|s| s.name == g)?;
            return game.charts.get(c).copied();
        }
        self.games[game].charts.get(name).copied()
    }
}

/// Compiles parsed files into one program; returns every error found.
pub(crate) fn compile(files: &[Parsed], limits: &Limits) -> (Program, Vec<CompileError>) {
    let mut program = Program::default();
    let mut errors = Vec::new();
    let (scope, pending) = declare(files, &mut program, &mut errors);

    // Grids first: charts read their cells (kinds, reach).
    for (g, p) in &pending {
        if let Pending::Grid(grid, id) = p {
            compile_grid(
                &scope.games[*g],
                &mut program,
                grid,
                *id,
                limits,
                &mut errors,
            );
        }
    }

    // Pass 2: compile every chart in its own scope; a chart's id is its
    // place in the file, but ladders compile first (`compile_order`), so a
    // chart that reads one finds the ladder's inputs.
    let mut later = Later::default();
    program.charts = pending
        .iter()
        .map(|(g, _)| ChartTree::placeholder(*g))
        .collect();
    for id in compile_order::order(&scope, &pending) {
        let Some((g, p)) = pending.get(id) else {
            continue;
        };
        let cx = ChartCx::new(
            &scope,
            *g,
            &mut program,
            &mut later,
            &mut errors,
            limits,
            id,
        );
        let chart = match p {
            Pending::Chart(c) => cx.chart(c),
            Pending::Grid(grid, gid) => cx.grid_chart(grid, *gid),
            Pending::Set(set) => cx.set_chart(set),
            Pending::Notes(n) => cx.notes_chart(n),
        };
        program.charts[id] = chart;
    }
    for (id, (g, _)) in pending.iter().enumerate() {
        program.games[*g].charts.push(id);
    }

    // Pass 3: the inputs of ladders read by other charts (and the ladder
    // inputs charts name), follow-up arguments, then cycles.
    ladder_reads::resolve(&mut program, &later.ladder_inputs, &mut errors);
    for (index, arg_asts) in later.follow_asts {
        resolve_follow_args(&mut program, index, &arg_asts, &mut errors);
    }
    check_cycles(&program, &mut errors);
    errors.sort_by_key(|e| (e.span.source, e.span.start));
    (program, errors)
}

/// Pass 1: declares every name of every game, so charts may refer to charts
/// declared later; a name declared twice is reported (a duplicate chart's
/// body is still checked, under no name). Returns the names and what waits
/// to be compiled, in order.
fn declare<'a>(
    files: &'a [Parsed],
    program: &mut Program,
    errors: &mut Vec<CompileError>,
) -> (Scope<'a>, Vec<(usize, Pending<'a>)>) {
    let mut scope = Scope { games: Vec::new() };
    let mut pending: Vec<(usize, Pending)> = Vec::new();
    let mut first_seen: HashMap<(usize, &str, bool), Span> = HashMap::default();
    for (g, parsed) in files.iter().enumerate() {
        program.games.push(GameTree {
            name: parsed.game.clone().into(),
            title: parsed.file.header.title.text.clone(),
            version: parsed.file.header.version.text.clone(),
            charts: Vec::new(),
        });
        let mut syms = GameSyms {
            name: parsed.game.clone(),
            ..GameSyms::default()
        };
        for item in &parsed.file.items {
            // `true`: the chart namespace (rollable, showable); `false`: inputs.
            let (name, charty) = match item {
                // Expectations are checked by `chartwright test`, not compiled.
                ast::Item::Expect(_) => continue,
                ast::Item::Choice(d) => (&d.name, false),
                ast::Item::Flag(d) => (&d.name, false),
                ast::Item::Param(d) => (&d.name, false),
                ast::Item::Grid(d) => (&d.name, true),
                ast::Item::Modifiers(d) => (&d.name, true),
                ast::Item::Chart(d) => (&d.name, true),
                ast::Item::Notes(d) => (&d.name, true),
            };
            if let Some(first) = first_seen.get(&(g, name.name.as_str(), charty)) {
                errors.push(CompileError::new(
                    CompileErrorKind::Duplicate {
                        what: if charty { "chart" } else { "input" },
                        name: name.name.to_string(),
                        first: *first,
                    },
                    name.span,
                ));
                // Still check the duplicate chart's own body, under no name.
                if let ast::Item::Chart(d) = item {
                    pending.push((g, Pending::Chart(d)));
                }
                continue;
            }
            first_seen.insert((g, name.name.as_str(), charty), name.span);
            if let Some(kind) = item_kind(item) {
                syms.kinds.insert(&name.name, kind);
            }
            declare_item(item, g, &mut syms, program, &mut pending, errors);
        }
        scope.games.push(syms);
    }
    (scope, pending)
}

/// What a chart-namespace item is, in words ("a ladder"); `None` for inputs.
fn item_kind(item: &ast::Item) -> Option<&'static str> {
    match item {
        ast::Item::Grid(_) => Some("a grid"),
        ast::Item::Modifiers(_) => Some("a modifier set"),
        ast::Item::Notes(_) => Some("reference notes"),
        ast::Item::Chart(c) => Some(match c.kind {
            ast::ChartKind::Table => "a table",
            ast::ChartKind::Check => "a check",
            ast::ChartKind::Opposed => "an opposed roll",
            ast::ChartKind::Pool => "a pool",
            ast::ChartKind::Ladder => "a ladder",
        }),
        _ => None,
    }
}

/// Declares one item of game `g` under its name (first seen): an input in
/// `syms`, a chart-namespace item in `syms` with the chart id it will have
/// and in `pending`, to be compiled.
fn declare_item<'a>(
    item: &'a ast::Item,
    g: usize,
    syms: &mut GameSyms<'a>,
    program: &mut Program,
    pending: &mut Vec<(usize, Pending<'a>)>,
    errors: &mut Vec<CompileError>,
) {
    let chart_id = program.charts.len() + pending.len();
    match item {
        ast::Item::Choice(d) => {
            program.choices.push(declare_choice(d, errors));
            program.choice_spans.push(d.name.span);
            syms.choices.insert(&d.name.name, program.choices.len() - 1);
        }
        ast::Item::Flag(d) => {
            syms.flags.insert(&d.name.name, d);
        }
        ast::Item::Param(d) => {
            check_bounds(d.bounds.as_ref(), errors);
            syms.params.insert(&d.name.name, d);
        }
        ast::Item::Grid(d) => {
            let id = program.grids.len();
            program.grids.push(GridTree {
                keys: Vec::new(),
                cells: Vec::new(),
            });
            syms.grids.insert(&d.name.name, id);
            syms.charts.insert(&d.name.name, chart_id);
            pending.push((g, Pending::Grid(d, id)));
        }
        ast::Item::Modifiers(d) => {
            syms.sets.insert(&d.name.name, d);
            syms.charts.insert(&d.name.name, chart_id);
            pending.push((g, Pending::Set(d)));
        }
        ast::Item::Chart(d) => {
            syms.charts.insert(&d.name.name, chart_id);
            if d.kind == ast::ChartKind::Ladder {
                syms.ladders.insert(&d.name.name, ladder_reach(d));
                syms.ladder_decls.push(d);
            }
            pending.push((g, Pending::Chart(d)));
        }
        ast::Item::Notes(d) => {
            syms.charts.insert(&d.name.name, chart_id);
            pending.push((g, Pending::Notes(d)));
        }
        ast::Item::Expect(_) => {}
    }
}

/// A ladder's lowest and highest step, rounded outwards to whole numbers
/// ((0, 0) without steps), for the reach of an expression that reads it
/// before it is compiled.
fn ladder_reach(d: &ast::Chart) -> (i64, i64) {
    let steps = d.clauses.iter().find_map(|c| match c {
        ast::Clause::Steps(s, _) => Some(s),
        _ => None,
    });
    let values = steps.into_iter().flatten().map(|s| s.value.node);
    let reach = values.fold(None, |r: Option<(i64, i64)>, v| {
        let (l, h) = (crate::number::floor(v), crate::number::ceil(v));
        Some(r.map_or((l, h), |(lo, hi)| (lo.min(l), hi.max(h))))
    });
    reach.unwrap_or((0, 0))
}

fn declare_choice(d: &ast::ChoiceDecl, errors: &mut Vec<CompileError>) -> ChoiceTree {
    let mut seen: HashMap<&str, Span> =
        HashMap::with_capacity_and_hasher(d.options.len(), foldhash::fast::RandomState::default());
    let mut options = Vec::with_capacity(d.options.len());
    for o in &d.options {
        if let Some(first) = seen.get(o.name.name.as_str()) {
            errors.push(CompileError::new(
                CompileErrorKind::Duplicate {
                    what: "option",
                    name: o.name.name.to_string(),
                    first: *first,
                },
                o.name.span,
            ));
            continue;
        }
        seen.insert(&o.name.name, o.name.span);
        options.push((o.name.name.clone(), o.label.text.clone()));
    }
    if options.is_empty() {
        errors.push(CompileError::new(
            CompileErrorKind::Empty { what: "choice" },
            d.span,
        ));
    }
    let default = d.default.as_ref().and_then(|o| {
        let found = options.iter().position(|(n, _)| *n == o.name);
        if found.is_none() {
            errors.push(CompileError::new(
                CompileErrorKind::Unknown {
                    what: "option",
                    name: o.name.to_string(),
                    suggestion: crate::check::suggest::closest(
                        &o.name,
                        options.iter().map(|(n, _)| n.as_str()),
                    ),
                },
                o.span,
            ));
        }
        found
    });
    ChoiceTree {
        name: d.name.name.clone(),
        label: d.label.text.clone(),
        options,
        default,
    }
}

pub(crate) fn check_bounds(bounds: Option<&ast::Bounds>, errors: &mut Vec<CompileError>) {
    if let Some(b) = bounds {
        if b.lo > b.hi {
            errors.push(CompileError::new(
                CompileErrorKind::Invalid {
                    message: format!("bounds `{}..{}` are the wrong way round", b.lo, b.hi),
                    help: format!("write `in {}..{}`", b.hi, b.lo),
                },
                b.span,
            ));
        }
    }
}

/// Finds the option `name` of `choice`, or reports it with a suggestion.
pub(crate) fn option_index(
    choice: &ChoiceTree,
    name: &ast::Ident,
    errors: &mut Vec<CompileError>,
) -> Option<usize> {
    let options = &choice.options;
    if let Some(i) = options.iter().position(|(n, _)| *n == name.name) {
        return Some(i);
    }
    errors.push(CompileError::new(
        CompileErrorKind::Unknown {
            what: "option",
            name: name.name.to_string(),
            suggestion: crate::check::suggest::closest(
                &name.name,
                options.iter().map(|(n, _)| n.as_str()),
            ),
        },
        name.span,
    ));
    None
}

/// Compiles a grid's keys and cells into `program.grids[id]`: every row
/// labelled with an option of each key but the last, one cell per option of
/// the last, no row twice.
fn compile_grid(
    syms: &GameSyms,
    program: &mut Program,
    grid: &ast::Grid,
    id: GridId,
    limits: &Limits,
    errors: &mut Vec<CompileError>,
) {
    let Some(keys) = grid_keys(syms, grid, errors) else {
        return;
    };
    let sizes: Vec<usize> = keys
        .iter()
        .map(|&c| program.choices[c].options.len())
        .collect();
    let columns = if keys.len() == 1 {
        1
    } else {
        sizes[keys.len() - 1]
    };
    let row_keys = if keys.len() == 1 { 1 } else { keys.len() - 1 };
    let Some(total) = grid_total(&sizes, grid, limits, errors) else {
        return;
    };
    let mut cells = vec![Cell::Impossible; total];
    let mut filled = vec![None::<Span>; total / columns.max(1)];
    if grid.rows.is_empty() {
        errors.push(CompileError::new(
            CompileErrorKind::Empty { what: "grid" },
            grid.span,
        ));
    }
    for row in &grid.rows {
        if row.labels.len() != row_keys {
            errors.push(CompileError::new(
                CompileErrorKind::CellCount {
                    expected: row_keys,
                    found: row.labels.len(),
                    what: "row labels (one option per key but the last)",
                },
                row.span,
            ));
            continue;
        }
        if row.cells.len() != columns {
            errors.push(CompileError::new(
                CompileErrorKind::CellCount {
                    expected: columns,
                    found: row.cells.len(),
                    what: "cells",
                },
                row.span,
            ));
            continue;
        }
        let mut row_index = 0;
        let mut ok = true;
        for (k, label) in row.labels.iter().enumerate() {
            match option_index(&program.choices[keys[k]], label, errors) {
                Some(i) => row_index = row_index * sizes[k] + i,
                None => ok = false,
            }
        }
        if !ok {
            continue;
        }
        if let Some(first) = filled[row_index] {
            errors.push(CompileError::new(
                CompileErrorKind::Duplicate {
                    what: "grid row",
                    name: row
                        .labels
                        .iter()
                        .map(|l| l.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                    first,
                },
                row.span,
            ));
            continue;
        }
        filled[row_index] = Some(row.span);
        for (c, cell) in row.cells.iter().enumerate() {
            cells[row_index * columns + c] = compile_cell(cell, errors);
        }
    }
    program.grids[id] = GridTree { keys, cells };
}

/// The choices a grid's keys name; `None` when one names no choice
/// (reported) or there are none.
fn grid_keys(
    syms: &GameSyms,
    grid: &ast::Grid,
    errors: &mut Vec<CompileError>,
) -> Option<Vec<ChoiceId>> {
    let mut keys = Vec::new();
    for k in &grid.keys {
        match syms.choices.get(k.name.as_str()) {
            Some(&c) => keys.push(c),
            None => errors.push(CompileError::new(
                CompileErrorKind::Unknown {
                    what: "choice",
                    name: k.name.to_string(),
                    suggestion: crate::check::suggest::closest(
                        &k.name,
                        syms.choices.keys().copied(),
                    ),
                },
                k.span,
            )),
        }
    }
    (keys.len() == grid.keys.len() && !keys.is_empty()).then_some(keys)
}

/// How many cells a grid of keys with `sizes` options has; `None` (reported)
/// past `Limits::max_grid_cells`. Checked: option counts multiply fast, and
/// the cells are allocated.
fn grid_total(
    sizes: &[usize],
    grid: &ast::Grid,
    limits: &Limits,
    errors: &mut Vec<CompileError>,
) -> Option<usize> {
    let total = sizes.iter().try_fold(1usize, |t, &n| t.checked_mul(n));
    let total = total.filter(|&t| t <= limits.max_grid_cells);
    if total.is_none() {
        let cells = sizes
            .iter()
            .fold(num_bigint::BigUint::from(1u32), |t, &n| t * n);
        errors.push(CompileError::new(
            CompileErrorKind::GridTooLarge {
                cells: cells.to_string(),
                limit: limits.max_grid_cells,
            },
            match (grid.keys.first(), grid.keys.last()) {
                (Some(a), Some(b)) => a.span.to(b.span),
                _ => grid.span,
            },
        ));
    }
    total
}

fn compile_cell(cell: &ast::Cell, errors: &mut Vec<CompileError>) -> Cell {
    match &cell.kind {
        ast::CellKind::Number(n) => Cell::Number(*n),
        ast::CellKind::Text(t) => Cell::Text(t.clone()),
        ast::CellKind::Target(r) => Cell::Target(rows::ranges(r, errors)),
        ast::CellKind::Dice(d) => {
            Cell::Dice(chart::static_dice(d, &Limits::default(), errors).unwrap_or_default())
        }
        ast::CellKind::Impossible => Cell::Impossible,
    }
}

/// Resolves follow-up `index`'s arguments against the chart it rolls: the
/// values it gives, the caller's values passed along (named, or by a slot
/// of the same name and kind), and a report of any input left without one.
fn resolve_follow_args(
    program: &mut Program,
    index: usize,
    args: &[ast::FollowArg],
    errors: &mut Vec<CompileError>,
) {
    let (caller, callee) = {
        let f = &program.follow_ups[index];
        (f.caller, f.chart)
    };
    let Some(target) = program.charts.get(callee) else {
        return;
    };
    let mut resolved = Vec::new();
    let mut passed = Vec::new();
    for arg in args {
        match follow_arg(program, caller, target, arg, errors) {
            Some(FollowValue::Given(slot, v)) => resolved.push((slot, v)),
            Some(FollowValue::Passed(from, to)) => passed.push((from, to)),
            None => {}
        }
    }
    let set: Vec<usize> = resolved
        .iter()
        .map(|&(s, _)| s)
        .chain(passed.iter().map(|&(_, t)| t))
        .collect();
    let mut pass: Vec<(usize, usize)> = program.charts[caller]
        .slots
        .iter()
        .enumerate()
        .filter_map(|(from, s)| {
            let to = target
                .slots
                .iter()
                .position(|t| t.name == s.name && same_kind(&t.kind, &s.kind))?;
            (!set.contains(&to)).then_some((from, to))
        })
        .collect();
    if program.follow_ups[index].again {
        // `then again with` a member of a `one of` group replaces the
        // member given before: the others are not passed to the repeat.
        let slot_of = |m: &usize| target.modifiers.get(*m).map(|m| m.slot);
        let siblings: Vec<usize> = target
            .groups
            .iter()
            .filter(|(_, members)| members.iter().filter_map(slot_of).any(|s| set.contains(&s)))
            .flat_map(|(_, members)| members.iter().filter_map(slot_of))
            .collect();
        pass.retain(|&(_, to)| set.contains(&to) || !siblings.contains(&to));
    }
    pass.extend(passed);
    // Every input the follow-up cannot do without must come from somewhere.
    let covered: Vec<usize> = set
        .iter()
        .copied()
        .chain(pass.iter().map(|&(_, t)| t))
        .collect();
    for &need in &target.required {
        if !covered.contains(&need) {
            errors.push(CompileError::new(
                CompileErrorKind::FollowUpInput {
                    chart: target.name.to_string(),
                    input: target.slots[need].name.to_string(),
                },
                program.follow_ups[index].span,
            ));
        }
    }
    let f = &mut program.follow_ups[index];
    f.args = resolved;
    f.pass = pass;
}

/// Slots of the same kind, which a caller's value may pass between: two
/// params, two flags, or two slots of the same choice.
fn same_kind(a: &SlotKind, b: &SlotKind) -> bool {
    match (a, b) {
        (SlotKind::Param { .. }, SlotKind::Param { .. }) | (SlotKind::Flag, SlotKind::Flag) => true,
        (SlotKind::Choice(x), SlotKind::Choice(y)) => x == y,
        _ => false,
    }
}

/// Where one follow-up argument's value comes from.
enum FollowValue {
    /// The target's slot and the value written.
    Given(usize, crate::number::Num),
    /// The caller's slot whose value passes to the target's slot.
    Passed(usize, usize),
}

/// One follow-up argument against the chart it rolls (`target`); `None`
/// (reported) when it names no input of it or is of the wrong form.
fn follow_arg(
    program: &Program,
    caller: ChartId,
    target: &ChartTree,
    arg: &ast::FollowArg,
    errors: &mut Vec<CompileError>,
) -> Option<FollowValue> {
    let slot = target.slots.iter().position(|s| s.name == arg.name.name);
    let Some(slot) = slot else {
        errors.push(CompileError::new(
            CompileErrorKind::Unknown {
                what: "input of the follow-up chart",
                name: arg.name.name.to_string(),
                suggestion: crate::check::suggest::closest(
                    &arg.name.name,
                    target.slots.iter().map(|s| s.name.as_str()),
                ),
            },
            arg.name.span,
        ));
        return None;
    };
    let caller_slots = &program.charts[caller].slots;
    match (&target.slots[slot].kind, &arg.value) {
        (SlotKind::Flag, None) => Some(FollowValue::Given(slot, crate::number::whole(1))),
        (SlotKind::Param { .. }, Some(ast::ArgValue::Int(n))) => {
            Some(FollowValue::Given(slot, crate::number::whole(*n)))
        }
        (SlotKind::Param { .. }, Some(ast::ArgValue::Number(n))) => {
            Some(FollowValue::Given(slot, *n))
        }
        // `then chart(caliber=caliber)`: the caller's value passes along.
        (SlotKind::Param { .. }, Some(ast::ArgValue::Name(from))) => {
            match caller_slots.iter().position(|s| s.name == from.name) {
                Some(f) if matches!(caller_slots[f].kind, SlotKind::Param { .. }) => {
                    Some(FollowValue::Passed(f, slot))
                }
                _ => {
                    errors.push(CompileError::new(
                        CompileErrorKind::Unknown {
                            what: "param of this chart",
                            name: from.name.to_string(),
                            suggestion: crate::check::suggest::closest(
                                &from.name,
                                caller_slots.iter().map(|s| s.name.as_str()),
                            ),
                        },
                        from.span,
                    ));
                    None
                }
            }
        }
        (SlotKind::Choice(c), Some(ast::ArgValue::Name(o))) => {
            option_index(&program.choices[*c], o, errors)
                .map(|i| FollowValue::Given(slot, crate::number::whole(i as i64)))
        }
        (kind, _) => {
            errors.push(CompileError::new(
                CompileErrorKind::WrongKind {
                    expected: match kind {
                        SlotKind::Flag => "a bare flag name",
                        SlotKind::Param { .. } => "`name=number` or `name=param`",
                        SlotKind::Choice(_) => "`name=option`",
                    },
                    found: "another form".into(),
                },
                arg.span,
            ));
            None
        }
    }
}

/// Rejects follow-up chains that come back to a chart already in them.
fn check_cycles(program: &Program, errors: &mut Vec<CompileError>) {
    let n = program.charts.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, f) in program.follow_ups.iter().enumerate() {
        // `then again` comes back by design, bounded by `Limits::max_repeats`.
        if f.caller < n && f.chart < n && !f.again {
            edges[f.caller].push(i);
        }
    }
    // 0 = unvisited, 1 = on the stack, 2 = done.
    let mut state = vec![0u8; n];
    let mut reported = foldhash::HashSet::default();
    // Both empty again after each walk: one allocation each for all charts.
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let mut path: Vec<usize> = Vec::new();
    for start in 0..n {
        if state[start] != 0 {
            continue;
        }
        stack.push((start, 0));
        path.push(start);
        state[start] = 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if *next < edges[node].len() {
                let f = &program.follow_ups[edges[node][*next]];
                *next += 1;
                match state[f.chart] {
                    0 => {
                        state[f.chart] = 1;
                        stack.push((f.chart, 0));
                        path.push(f.chart);
                    }
                    1 => {
                        let from = path.iter().position(|&c| c == f.chart).unwrap_or(0);
                        let mut names: Vec<&str> = path[from..]
                            .iter()
                            .map(|&c| program.charts[c].name.as_str())
                            .collect();
                        names.push(&program.charts[f.chart].name);
                        if reported.insert(f.span) {
                            errors.push(CompileError::new(
                                CompileErrorKind::FollowUpCycle {
                                    chain: names.join(" -> "),
                                },
                                f.span,
                            ));
                        }
                    }
                    _ => {}
                }
            } else {
                state[node] = 2;
                stack.pop();
                path.pop();
            }
        }
    }
}

impl ChartTree {
    /// Stands for a chart of game `game` until it is compiled.
    fn placeholder(game: usize) -> Self {
        Self {
            game,
            name: ast::CompactString::default(),
            title: ast::CompactString::default(),
            slots: Vec::new(),
            required: Vec::new(),
            modifiers: Vec::new(),
            groups: Vec::new(),
            sections: Vec::new(),
            used: Vec::new(),
            body: crate::check::tree::Body::Notes(ast::CompactString::default()),
            notes: Vec::new(),
            fields: Vec::new(),
            ladder_modifiers: Vec::new(),
            dice_read: None,
        }
    }

    /// The chart's kind, as its keyword.
    pub(crate) fn kind_name(&self) -> &'static str {
        self.body.kind_name()
    }
}
