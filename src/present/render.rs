//! Rendering a chart for `show`: a plain-text table laid out as on the
//! sheet, then its modifiers and notes.

use super::layout::{fit, table, Table};
use crate::check::tree::{
    Body, Cell, ChartId, ChartTree, Cond, CondOutcome, GridRef, ModValue, NaturalOutcome, Outcome,
    PoolDice, Program, RowTree, Stage, Target,
};
use crate::ruleset::ChartRef;
use crate::syntax::ast::CompactString;
use std::fmt::Write;

pub(crate) fn outcome(
    program: &Program,
    chart: &ChartTree,
    o: &Outcome,
    fields: &[String],
) -> String {
    o.fields
        .iter()
        .enumerate()
        .map(|(i, alts)| {
            let text = alts
                .iter()
                .map(|c| cond_outcome(program, chart, c))
                .collect::<Vec<_>>()
                .join(" OR ");
            match fields.get(i) {
                Some(l) if o.fields.len() > 1 => format!("{l} {text}"),
                _ => text,
            }
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

pub(crate) fn cond_outcome(program: &Program, chart: &ChartTree, c: &CondOutcome) -> String {
    let simple = |s: &crate::check::tree::Simple| {
        let mut t = s.text.clone();
        for &f in &s.follow_ups {
            match program.follow_ups.get(f) {
                Some(f) if f.again => t.push_str(&again_text(f)),
                Some(f) => {
                    let _ = write!(t, " -> roll {}", program.charts[f.chart].title);
                }
                None => {}
            }
        }
        t
    };
    match c {
        CondOutcome::Simple(s) => simple(s).to_string(),
        CondOutcome::If(s, cond, otherwise) => {
            // `unless` reads badly before `else`: say `if not`.
            let when = format!(
                "if {}",
                crate::check::condition::Condition::from_tree(program, chart, cond)
            );
            let otherwise = cond_outcome(program, chart, otherwise);
            format!(
                "{} {when} else {}",
                simple(s),
                if otherwise.is_empty() {
                    "-"
                } else {
                    &otherwise
                }
            )
        }
    }
}

/// A condition as a rules author writes it (`unless helicopter and not
/// landed`), with the chart's names.
fn cond_text(program: &Program, c: &ChartTree, cond: &Cond) -> String {
    crate::check::condition::Condition::from_tree(program, c, cond).clause()
}

/// A grid cell; `signed` prints numbers as modifiers (`+1`, `0`, `-1`).
fn grid_cell(c: &Cell, signed: bool) -> String {
    match c {
        Cell::Number(n) if signed && *n > crate::number::whole(0) => {
            format!("+{}", crate::number::Show(*n))
        }
        other => cell(other),
    }
}

pub(crate) fn cell(c: &Cell) -> String {
    match c {
        Cell::Number(n) => crate::number::Show(*n).to_string(),
        Cell::Text(t) => t.to_string(),
        Cell::Target(r) => r.to_string(),
        Cell::Dice(d) => d.to_string(),
        Cell::Impossible => "-".into(),
    }
}

pub(crate) fn target(t: &Target) -> String {
    match t {
        Target::Ranges(r) => r.to_string(),
        Target::AtLeast(_) => "at least the value given".into(),
        Target::AtMost(_) => "at most the value given".into(),
        Target::MoreThan(_) => "more than the value given".into(),
        Target::LessThan(_) => "less than the value given".into(),
        Target::Grid(r, shift) => format!(
            "the `{}` cell{}",
            r.name,
            if shift.is_some() { ", shifted" } else { "" }
        ),
    }
}

/// A modifier's value as the sheet writes it: `+2`, `+r`, `±r`, `-r (from
/// Discipline Rating)`, `+1 each (max +4)`.
#[cfg(feature = "sheet")]
pub(crate) fn modifier_value(program: &Program, m: &crate::check::tree::Modifier) -> String {
    let (value, after) = modifier_parts(program, m);
    format!("{value}{after}")
}

/// A modifier's value in two parts: the value as written (`+r` stays `+r`;
/// in a `subtract` section the factor flips but the sign shown is the
/// written one), and what goes after the label (a grid source, a cap).
fn modifier_parts(program: &Program, m: &crate::check::tree::Modifier) -> (String, String) {
    match &m.value {
        ModValue::Fixed(v) if m.shifts => (crate::syntax::ast::shift_text(*v), String::new()),
        ModValue::Fixed(v) => (format!("{v:+}"), String::new()),
        ModValue::Param { factor, from } => {
            let base = match m.sign {
                Some(sign) => sign.text(),
                None if *factor < 0 => "-r",
                None => "±r",
            };
            let source = from.as_ref().map_or(String::new(), |r| {
                let title = program
                    .charts
                    .iter()
                    .find(|c| c.name == r.name)
                    .map_or(r.name.as_str(), |c| c.title.as_str());
                // The row `at` fixes, in the sheet's words.
                let at: Vec<&str> = r
                    .fixed_options(program)
                    .map(|(_, label)| label.as_str())
                    .collect();
                if at.is_empty() {
                    format!(" (from {title})")
                } else {
                    format!(" (from {title} at {})", at.join(", "))
                }
            });
            (base.to_string(), source)
        }
        ModValue::Counted { per, max } if m.shifts => (
            format!("{} each", crate::syntax::ast::shift_text(*per)),
            max.map_or(String::new(), |m| {
                format!(
                    " (max {})",
                    crate::syntax::ast::shift_text(m * per.signum())
                )
            }),
        ),
        ModValue::Counted { per, max } => (
            format!("{per:+} each"),
            max.map_or(String::new(), |m| format!(" (max {:+})", m * per.signum())),
        ),
    }
}

#[allow(clippy::too_many_lines)] // the modifiers as show lists them: widths, then groups and loose ones in order
fn modifiers(program: &Program, c: &ChartTree, out: &mut String) {
    if c.modifiers.is_empty() {
        return;
    }
    let _ = writeln!(out, "\nModifiers:");
    // (value as written, what follows the label): the value column stays
    // narrow and aligned; a grid source or a cap goes after the label.
    let value_of = |i: usize| modifier_parts(program, &c.modifiers[i]);
    let when_of = |i: usize| {
        c.modifiers[i]
            .applies
            .as_ref()
            .map_or(String::new(), |x| cond_text(program, c, x))
    };
    // One width for every value, so the labels line up.
    let width = (0..c.modifiers.len())
        .map(|i| value_of(i).0.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let line = |i: usize, indent: &str, shared: &str, out: &mut String| {
        let m = &c.modifiers[i];
        let (value, after) = value_of(i);
        let mut when = when_of(i);
        if when == shared {
            when.clear();
        }
        if !when.is_empty() {
            when.insert_str(0, "  ");
        }
        if m.always {
            when.push_str("  (always)");
        }
        let _ = writeln!(
            out,
            "{indent}{value:>width$}  {}{after}  [{}]{when}",
            c.slots[m.slot].label, c.slots[m.slot].name
        );
    };
    let mut done = vec![false; c.modifiers.len()];
    // An opposed roll's modifiers under their side's label, when the
    // chart has no sections of its own.
    let by_side: Vec<(CompactString, bool, Vec<usize>)> = match &c.body {
        Body::Opposed { labels, sides, .. } if c.sections.is_empty() => labels
            .iter()
            .zip(sides)
            .enumerate()
            .map(|(side, (label, name))| {
                let heading = if label.is_empty() { name } else { label };
                let members = (0..c.modifiers.len())
                    .filter(|&i| c.modifiers[i].side == side)
                    .collect();
                (heading.clone(), false, members)
            })
            .collect(),
        _ => Vec::new(),
    };
    // A `one of` group is said where its last member is listed.
    let mut said = vec![false; c.groups.len()];
    let mut group_after = |i: usize, indent: &str, done: &[bool], out: &mut String| {
        for (g, (heading, members)) in c.groups.iter().enumerate() {
            if said[g] || !members.contains(&i) || !members.iter().all(|&m| done[m]) {
                continue;
            }
            said[g] = true;
            let names: Vec<&str> = members
                .iter()
                .map(|&m| c.slots[c.modifiers[m].slot].name.as_str())
                .collect();
            let _ = writeln!(out, "{indent}only one of ({heading}): {}", names.join(", "));
        }
    };
    for (heading, subtract, members) in c.sections.iter().chain(&by_side) {
        if members.is_empty() {
            continue;
        }
        // A condition every member shares is said once, on the heading.
        let first = when_of(members[0]);
        let shared = if members.iter().all(|&i| when_of(i) == first) {
            first
        } else {
            String::new()
        };
        let suffix = if *subtract { " (counts against)" } else { "" };
        let on = if shared.is_empty() {
            String::new()
        } else {
            format!("  {shared}")
        };
        let _ = writeln!(out, "  {heading}{suffix}{on}");
        for &i in members {
            if !done[i] {
                done[i] = true;
                line(i, "    ", &shared, out);
                group_after(i, "    ", &done, out);
            }
        }
    }
    for i in 0..c.modifiers.len() {
        if !done[i] {
            done[i] = true;
            line(i, "  ", "", out);
            group_after(i, "  ", &done, out);
        }
    }
}

/// A table's results as the sheet lays them out: the headings, then one
/// line of cells per row. A grid typed `results { ... }` is laid out as
/// printed: the rolls down the side, one column per column heading (a
/// computed scale's keys, or the column choice's option labels), `-` for an
/// impossible cell. A table of `rows` lists each row's ranges (one per
/// column when column-keyed), then its outcome.
pub(crate) struct ResultsGrid {
    pub heads: Vec<String>,
    pub lines: Vec<Vec<String>>,
    /// How many leading cells of each line are rolls, not results (the
    /// sheet styles them apart; `show` prints every cell alike).
    #[cfg_attr(not(feature = "sheet"), allow(dead_code))]
    pub keys: usize,
    /// A printed grid's notes: each cell's note number (from 1), where the
    /// cell depends on the situation.
    pub marks: Vec<Vec<Option<usize>>>,
    /// The rows those notes say in full, note 1 first.
    pub notes: Vec<usize>,
    /// The row a `-` cell gives, where the chart says (`- => OUTCOME`).
    pub dash: Option<usize>,
    /// Per line: one outcome for every column (`12 => "DE"`), which `show`
    /// prints once, across them.
    #[cfg_attr(feature = "sheet", allow(dead_code))]
    pub spans: Vec<bool>,
}

/// See [`ResultsGrid`]. `show` and the sheet both lay a table out with it,
/// so they agree cell for cell.
#[allow(clippy::too_many_lines)] // the printed grid and the computed one, laid out alike
pub(crate) fn results_grid(
    program: &Program,
    c: &ChartTree,
    columns: Option<crate::check::tree::Slot>,
    scale: Option<&crate::check::tree::Scale>,
    rows: &[crate::check::tree::RowTree],
    printed: &[(
        crate::check::tree::Ranges,
        Vec<crate::check::tree::PrintedCell>,
    )],
) -> ResultsGrid {
    let mut columns_heads = Vec::new();
    if let Some(s) = scale {
        columns_heads.extend(s.heads.iter().map(|h| h.0.to_string()));
    } else if let Some(slot) = columns {
        if let crate::check::tree::SlotKind::Choice(ch) = c.slots[slot].kind {
            columns_heads.extend(program.choices[ch].options.iter().map(|o| o.1.to_string()));
        }
    }
    if !printed.is_empty() {
        let mut heads = vec!["Roll".to_owned()];
        heads.extend(columns_heads);
        // A row whose outcome depends on the situation gets a note.
        let conditional = |r: usize| {
            rows.get(r).is_some_and(|r| {
                r.outcome
                    .fields
                    .iter()
                    .flatten()
                    .any(|o| matches!(o, crate::check::tree::CondOutcome::If(..)))
            })
        };
        let (mut notes, mut dash) = (Vec::new(), None);
        let mut marks = Vec::new();
        let lines = printed
            .iter()
            .map(|(rolls, cells)| {
                let mut line = vec![rolls.to_string()];
                let mut mark = vec![None];
                for cell in cells {
                    line.push(cell.text.to_string());
                    mark.push(match cell.row {
                        Some(r) if cell.text == "-" => {
                            dash = Some(r);
                            None
                        }
                        Some(r) if conditional(r) => {
                            let n = notes.iter().position(|&x| x == r).unwrap_or_else(|| {
                                notes.push(r);
                                notes.len() - 1
                            });
                            Some(n + 1)
                        }
                        _ => None,
                    });
                }
                marks.push(mark);
                line
            })
            .collect();
        let spans = printed
            .iter()
            .map(|(_, cells)| cells.first().is_some_and(|c| c.spans))
            .collect();
        return ResultsGrid {
            heads,
            lines,
            keys: 1,
            marks,
            notes,
            dash,
            spans,
        };
    }
    let mut heads = columns_heads;
    if heads.is_empty() {
        heads.push("Roll".into());
    }
    let keys = heads.len();
    heads.push(if c.fields.is_empty() {
        "Result".into()
    } else {
        c.fields.join(" | ")
    });
    let lines = rows
        .iter()
        .map(|r| {
            let mut line: Vec<String> = r.written.iter().map(ToString::to_string).collect();
            line.push(outcome(program, c, &r.outcome, &[]));
            line
        })
        .collect();
    ResultsGrid {
        heads,
        lines,
        keys,
        marks: Vec::new(),
        notes: Vec::new(),
        dash: None,
        spans: Vec::new(),
    }
}

/// A note's number as a superscript, as `show` prints it after a cell.
fn superscript(n: usize) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .bytes()
        .map(|b| DIGITS[usize::from(b - b'0')])
        .collect()
}

/// The chart as text, its grids split into column groups to fit `width`
/// display columns where they are wider.
pub(crate) fn chart(program: &Program, id: ChartId, width: usize) -> String {
    let c = &program.charts[id];
    let mut out = String::new();
    let _ = writeln!(out, "{} [{}]", c.title, c.kind_name());
    match &c.body {
        Body::Notes(text) => {
            let _ = writeln!(out, "\n{}", text.trim_end());
        }
        Body::Net => {}
        Body::Lookup(r) => lookup_text(program, r, width, &mut out),
        Body::Table { .. } => table_text(program, c, width, &mut out),
        Body::Check {
            dice,
            target: t,
            net_in_target,
            success,
            failure,
            naturals,
        } => {
            let moved = if *net_in_target {
                " (the modifiers move the target)"
            } else {
                ""
            };
            let _ = writeln!(out, "Roll {dice}, succeed on {}{moved}", target(t));
            let _ = writeln!(out, "  success: {}", outcome(program, c, success, &[]));
            let _ = writeln!(out, "  failure: {}", outcome(program, c, failure, &[]));
            naturals_text(program, c, naturals, &mut out);
        }
        Body::Opposed {
            dice,
            sides,
            rows,
            rolls,
            ..
        } => {
            let rolled = match rolls {
                // Each side rolls a chart: its result, read as a number.
                Some(r) => format!(
                    "`{}` ({}), its result read as a number",
                    program.charts[r.chart].name, program.charts[r.chart].title
                ),
                None => dice.to_string(),
            };
            opposed_text(program, c, (&rolled, sides), rows, &mut out);
        }
        Body::Pool { dice, stages } => pool_text(dice, stages, &mut out),
        Body::Ladder { steps, labels, .. } => ladder_text(steps, labels, &mut out),
    }
    modifiers(program, c, &mut out);
    for n in &c.notes {
        let _ = writeln!(out, "\n{}", n.trim_end());
    }
    out
}

/// A grid as text: its row keys down the side, its last key's options across.
fn lookup_text(program: &Program, r: &GridRef, width: usize, out: &mut String) {
    let grid = &program.grids[r.grid];
    let keys: Vec<&crate::check::tree::ChoiceTree> =
        grid.keys.iter().map(|&k| &program.choices[k]).collect();
    let cols = if keys.len() == 1 {
        1
    } else {
        keys[keys.len() - 1].options.len()
    };
    let mut rows = Vec::new();
    let mut header: Vec<String> = keys[..keys.len().saturating_sub(1).max(1)]
        .iter()
        .map(|k| k.label.to_string())
        .collect();
    if keys.len() == 1 {
        header.push(String::new());
    } else {
        header.extend(keys[keys.len() - 1].options.iter().map(|o| o.1.to_string()));
    }
    rows.push(header);
    let lead = keys.len().saturating_sub(1).max(1);
    // A grid of modifiers (a `from` source, or one with negative
    // cells) prints its numbers with their signs, as the sheet does.
    let signed = grid
        .cells
        .iter()
        .any(|x| matches!(x, Cell::Number(n) if *n < crate::number::whole(0)))
        || program.charts.iter().any(|ch| {
            ch.modifiers.iter().any(
                |m| matches!(&m.value, ModValue::Param { from: Some(g), .. } if g.grid == r.grid),
            )
        });
    for (r, chunk) in grid.cells.chunks(cols.max(1)).enumerate() {
        if chunk.iter().all(|c| *c == Cell::Impossible) && keys.len() > 1 {
            continue;
        }
        let mut labels = Vec::new();
        let mut rest = r;
        for k in (0..lead).rev() {
            let n = keys[k].options.len();
            labels.push(keys[k].options[rest % n].1.to_string());
            rest /= n;
        }
        labels.reverse();
        labels.extend(chunk.iter().map(|x| grid_cell(x, signed)));
        rows.push(labels);
    }
    out.push('\n');
    let t = Table {
        rows: &rows,
        lead,
        spans: &[],
    };
    out.push_str(&fit(&t, width));
}

/// A table as text: its roll, how it finds its column, its results grid and
/// what bounds the roll.
fn table_text(program: &Program, c: &ChartTree, width: usize, out: &mut String) {
    let Body::Table {
        dice,
        columns,
        rows,
        naturals,
        score,
        best,
        scale,
        cap,
        clamp,
        printed,
        ..
    } = &c.body
    else {
        return;
    };
    let _ = writeln!(
        out,
        "Roll {dice}{}",
        if score.is_some() {
            " (rows read the score)"
        } else {
            ""
        }
    );
    if let Some(s) = scale {
        scale_text(program, c, s, out);
    }
    let g = results_grid(program, c, *columns, scale.as_deref(), rows, printed);
    let mut spans = vec![false];
    spans.extend(&g.spans);
    let mut grid = vec![g.heads];
    for (i, mut line) in g.lines.into_iter().enumerate() {
        for (cell, mark) in line.iter_mut().zip(g.marks.get(i).into_iter().flatten()) {
            if let Some(n) = mark {
                cell.push_str(&superscript(*n));
            }
        }
        grid.push(line);
    }
    out.push('\n');
    // A grid typed as printed splits by its columns, each group with the
    // roll; a table of rows keeps its outcome last, so it stays whole.
    let lead = if printed.is_empty() { 0 } else { g.keys };
    let width = if printed.is_empty() {
        usize::MAX
    } else {
        width
    };
    let t = Table {
        rows: &grid,
        lead,
        spans: &spans,
    };
    out.push_str(&fit(&t, width));
    for (n, r) in g.notes.iter().enumerate() {
        if let Some(r) = rows.get(*r) {
            let text = outcome(program, c, &r.outcome, &[]);
            let _ = writeln!(out, "  {} {text}", superscript(n + 1));
        }
    }
    if let Some(r) = g.dash.and_then(|r| rows.get(r)) {
        let _ = writeln!(out, "  - = {}", outcome(program, c, &r.outcome, &[]));
    }
    naturals_text(program, c, naturals, out);
    if let Some(cap) = cap {
        let _ = writeln!(out, "  The net modifier is capped at ±{cap}.");
    }
    if let Some((lo, hi)) = clamp {
        let _ = writeln!(
            out,
            "  A modified roll below {lo} reads as {lo}; above {hi}, as {hi}."
        );
    }
    if let Some((row, _, cond)) = best {
        let _ = writeln!(
            out,
            "  Best result {}: row {}",
            cond_text(program, c, cond),
            row + 1
        );
    }
}

/// An opposed roll as text: what each side rolls, and the differences' rows.
fn opposed_text(
    program: &Program,
    c: &ChartTree,
    (rolled, sides): (&str, &[CompactString]),
    rows: &[RowTree],
    out: &mut String,
) {
    let _ = writeln!(
        out,
        "Each side rolls {rolled}; rows read {} minus {}",
        sides.first().map_or("", CompactString::as_str),
        sides.get(1).map_or("", CompactString::as_str)
    );
    let mut grid = vec![vec![
        "Difference".to_string(),
        if c.fields.is_empty() {
            "Result".into()
        } else {
            c.fields.join(" | ")
        },
    ]];
    for r in rows {
        grid.push(vec![
            r.written
                .first()
                .map(ToString::to_string)
                .unwrap_or_default(),
            outcome(program, c, &r.outcome, &[]),
        ]);
    }
    out.push('\n');
    out.push_str(&table(&grid));
}

/// A pool as text: its dice, then each counting stage.
fn pool_text(dice: &PoolDice, stages: &[Stage], out: &mut String) {
    let d = match dice {
        PoolDice::Dice(d) => d.to_string(),
        PoolDice::Grid(r) => format!("dice from `{}`", r.name),
    };
    let _ = writeln!(out, "Roll {d}");
    for (i, s) in stages.iter().enumerate() {
        let per = match &s.per {
            Some(PoolDice::Dice(d)) => format!("per success roll {d}, "),
            Some(PoolDice::Grid(r)) => {
                format!("per success roll dice from `{}`, ", r.name)
            }
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "  {}. {per}count {} on {}",
            i + 1,
            s.label,
            target(&s.target)
        );
    }
    // `report`: the outcome names these counts alone.
    if stages.iter().any(|s| !s.reported) {
        let named: Vec<&str> = stages
            .iter()
            .filter(|s| s.reported)
            .map(|s| s.label.as_str())
            .collect();
        let _ = writeln!(out, "Reports {}", named.join(", "));
    }
}

/// A ladder as text: its steps in written order, and how a move goes.
fn ladder_text(steps: &[crate::number::Num], labels: &[Option<CompactString>], out: &mut String) {
    // In written order, the first step on top: `+1` moves up.
    let label = |i: usize| match labels.get(i) {
        Some(Some(l)) => l.to_string(),
        _ => steps
            .get(i)
            .map_or_else(String::new, |s| crate::number::Show(*s).to_string()),
    };
    out.push('\n');
    for i in 0..steps.len() {
        let _ = writeln!(out, "  {}", label(i));
    }
    if let (Some(_), Some(_)) = (steps.first(), steps.last()) {
        let _ = writeln!(
            out,
            "  (+1 moves one step up, towards {}; -1 one step down, towards {}; \
             a move stops at either end)",
            label(0),
            label(steps.len() - 1)
        );
    }
}

/// A table's rule off one edge: its outcome, or the column it reads
/// (`key` writes a column's heading as the page quotes it). `show` and
/// the sheet say it alike.
pub(crate) fn off_rule_text(
    s: &crate::check::tree::Scale,
    r: &crate::check::tree::OffRule,
    outcome: &dyn Fn(&crate::check::tree::Outcome) -> String,
    key: &dyn Fn(&str) -> String,
) -> String {
    match r {
        crate::check::tree::OffRule::Outcome(o) => outcome(o),
        crate::check::tree::OffRule::Read { column, by } => {
            let k = key(s.heads.get(*column).map_or("", |h| h.0.as_str()));
            if *by == 0 {
                format!("read on {k}")
            } else {
                format!("read on {k} with {by:+} to the roll")
            }
        }
    }
}

/// How far column shifts go: to the edges, or past one with a rule there.
/// Off the table, a shift moves the value only from an edge it may leave
/// by (one place past it); elsewhere the edge's rule stands.
pub(crate) fn shift_edges_text(s: &crate::check::tree::Scale) -> String {
    let (below, beyond) = (
        s.past_edges && s.below.is_some(),
        s.past_edges && s.beyond.is_some(),
    );
    let off = match (below || beyond, s.below.is_some() || s.beyond.is_some()) {
        (true, _) => "; a value past such an edge is shifted from one column beyond it",
        (false, true) => "; a value off the table reads its rule, unshifted",
        (false, false) => "",
    };
    let reach = match (below, beyond) {
        (true, true) => "may leave the table at either edge",
        (true, false) => "may leave the table below the first column; they stop at the last",
        (false, true) => "stop at the first column; they may leave the table past the last",
        (false, false) => "stop at the first and last columns",
    };
    format!("Column shifts {reach}{off}")
}

/// The dice a column value adds, as written after the rest of it
/// (` + (air_points)d6`).
fn column_dice_text(chart: &ChartTree, dice: &crate::check::tree::Dice) -> String {
    let mut text = String::new();
    for g in &dice.groups {
        text.push_str(if g.negative { " - " } else { " + " });
        match g.count_slot.and_then(|slot| chart.slots.get(slot)) {
            Some(slot) => {
                // The notation writes a count not known as `(N)`: the
                // param's name stands there.
                let written = g.notation.written(None, g.sides);
                let rest = written.strip_prefix("(N)").unwrap_or(&written);
                let _ = write!(text, "({}){rest}", slot.name);
            }
            None => text.push_str(&g.notation.written(Some(g.count), g.sides)),
        }
    }
    text
}

/// How a `columns by` table finds its column.
fn scale_text(
    program: &Program,
    chart: &ChartTree,
    s: &crate::check::tree::Scale,
    out: &mut String,
) {
    let text = |e| crate::check::condition::expr_text(program, chart, e, &mut Vec::new());
    let what = match &s.value {
        crate::check::tree::ScaleValue::Ratio(a, b, _) => format!(
            "the odds `{}` to `{}`, rounded in the defender's favour",
            text(a),
            text(b)
        ),
        crate::check::tree::ScaleValue::Expr(e) => match &s.dice {
            Some(d) => format!("`{}{}`", text(e), column_dice_text(chart, d)),
            None => format!("`{}`", text(e)),
        },
    };
    let _ = writeln!(out, "Column: the highest key not above {what}");
    let rule = |r: &crate::check::tree::OffRule| {
        off_rule_text(s, r, &|o| outcome(program, chart, o, &[]), &|k| {
            format!("`{k}`")
        })
    };
    if let Some(r) = &s.below {
        let first = s.heads.first().map_or("", |h| h.0.as_str());
        let _ = writeln!(out, "  Below `{first}`: {}", rule(r));
    }
    if let Some((key, _, r)) = &s.beyond {
        let _ = writeln!(out, "  At `{key}` or above: {}", rule(r));
    }
    // Said only where something shifts the column.
    if chart.modifiers.iter().any(|m| m.shifts) {
        let _ = writeln!(out, "  {}", shift_edges_text(s));
    }
}

fn naturals_text(
    program: &Program,
    c: &ChartTree,
    naturals: &[crate::check::tree::Natural],
    out: &mut String,
) {
    for n in naturals {
        let what = match &n.outcome {
            NaturalOutcome::Success => "success".to_string(),
            NaturalOutcome::Failure => "failure".to_string(),
            NaturalOutcome::Other(o) => outcome(program, c, o, &[]),
        };
        let cond = n
            .cond
            .as_ref()
            .map_or(String::new(), |x| format!(" {}", cond_text(program, c, x)));
        let also = if n.also { "also " } else { "" };
        let _ = writeln!(out, "  Natural {}{cond}: {also}{what}", n.ranges);
    }
}

impl ChartRef<'_> {
    /// The chart rendered as a readable table, as on the sheet.
    ///
    /// (A method of the ruleset's handle, written here with the rendering
    /// it calls: the ruleset stage sits below the present stage.)
    #[must_use]
    pub fn render(&self) -> String {
        let (program, id) = self.compiled();
        chart(program, id, usize::MAX)
    }

    /// [`ChartRef::render`] within `width` display columns where it can: a
    /// grid wider than that is printed in groups of columns, each repeating
    /// the roll (or the row labels), as `show` prints it on a terminal.
    /// Other lines are not wrapped.
    ///
    /// ```
    /// let rules = chartwright::Ruleset::from_file("ogre")?;
    /// let crt = rules.chart("crt")?;
    /// let narrow = crt.render_width(24);
    /// // The roll column, then as many odds columns as fit.
    /// assert!(narrow.contains("Roll  1-2  1-1  2-1\n"));
    /// assert!(narrow.contains("Roll  3-1  4-1\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn render_width(&self, width: usize) -> String {
        let (program, id) = self.compiled();
        chart(program, id, width)
    }
}

/// ` -> roll again`, with what the repeat changes: ` -> roll again with
/// disrupted`.
pub(crate) fn again_text(f: &crate::check::tree::FollowUp) -> String {
    if f.with.is_empty() {
        " -> roll again".to_owned()
    } else {
        format!(" -> roll again with {}", f.with)
    }
}
