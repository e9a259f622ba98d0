//! Rendering a chart for `show`: a plain-text table laid out as on the
//! sheet, then its modifiers and notes.

use crate::tree::{
    Body, Cell, ChartId, ChartTree, CondOutcome, DiceSource, ModValue, NaturalOutcome, Outcome,
    Program, Target,
};
use std::fmt::Write;

/// Lays out rows of cells in aligned columns.
fn table(rows: &[Vec<String>]) -> String {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; n];
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            widths[i] = widths[i].max(c.chars().count());
        }
    }
    let mut out = String::new();
    for (k, r) in rows.iter().enumerate() {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{c:<w$}", w = widths[i]))
            .collect();
        let _ = writeln!(out, "  {}", line.join("  ").trim_end());
        if k == 0 && rows.len() > 1 {
            let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
            let _ = writeln!(out, "  {}", rule.join("  "));
        }
    }
    out
}

pub(crate) fn outcome(program: &Program, o: &Outcome, fields: &[String]) -> String {
    o.fields
        .iter()
        .enumerate()
        .map(|(i, alts)| {
            let text = alts
                .iter()
                .map(|c| cond_outcome(program, c))
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

pub(crate) fn cond_outcome(program: &Program, c: &CondOutcome) -> String {
    let simple = |s: &crate::tree::Simple| {
        let mut t = s.text.clone();
        for &f in &s.follow_ups {
            match program.follow_ups.get(f) {
                Some(f) if f.again => t.push_str(" -> roll again"),
                Some(f) => {
                    let _ = write!(t, " -> roll {}", program.charts[f.chart].title);
                }
                None => {}
            }
        }
        t
    };
    match c {
        CondOutcome::Simple(s) => simple(s),
        CondOutcome::If(s, _, otherwise) => {
            format!(
                "{} (if ...) else {}",
                simple(s),
                cond_outcome(program, otherwise)
            )
        }
    }
}

pub(crate) fn cell(c: &Cell) -> String {
    match c {
        Cell::Number(n) => n.to_string(),
        Cell::Text(t) => t.clone(),
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

/// A modifier's value as the sheet writes it: `+2`, `±r`, `-r (from
/// Discipline Rating)`, `+1 each (max +4)`.
pub(crate) fn modifier_value(program: &Program, m: &crate::tree::Modifier) -> String {
    match &m.value {
        ModValue::Fixed(v) => format!("{v:+}"),
        ModValue::Shift(v) => crate::bind::shift_text(*v),
        ModValue::Param { factor, from } => {
            let base = if *factor < 0 { "-r" } else { "±r" };
            match from {
                Some(r) => format!(
                    "{base} (from {})",
                    program
                        .charts
                        .iter()
                        .find(|c| c.name == r.name)
                        .map_or(r.name.as_str(), |c| c.title.as_str())
                ),
                None => base.to_string(),
            }
        }
        ModValue::Counted { per, max } => match max {
            Some(m) => format!("{per:+} each (max {:+})", m * per.signum()),
            None => format!("{per:+} each"),
        },
    }
}

fn modifiers(program: &Program, c: &ChartTree, out: &mut String) {
    if c.modifiers.is_empty() {
        return;
    }
    let _ = writeln!(out, "\nModifiers:");
    let mut done = vec![false; c.modifiers.len()];
    let line = |i: usize, indent: &str, out: &mut String| {
        let m = &c.modifiers[i];
        let slot = &c.slots[m.slot];
        let value = modifier_value(program, m);
        let _ = writeln!(out, "{indent}{value:>6}  {}  [{}]", m.label, slot.name);
    };
    for (heading, subtract, members) in &c.sections {
        if members.is_empty() {
            continue;
        }
        let suffix = if *subtract { " (counts against)" } else { "" };
        let _ = writeln!(out, "  {heading}{suffix}");
        for &i in members {
            if !done[i] {
                done[i] = true;
                line(i, "    ", out);
            }
        }
    }
    for (i, shown) in done.iter().enumerate() {
        if !shown {
            line(i, "  ", out);
        }
    }
    for (heading, members) in &c.groups {
        let names: Vec<&str> = members
            .iter()
            .map(|&i| c.slots[c.modifiers[i].slot].name.as_str())
            .collect();
        let _ = writeln!(out, "  only one of ({heading}): {}", names.join(", "));
    }
}

/// The chart as text.
pub(crate) fn chart(program: &Program, id: ChartId) -> String {
    let c = &program.charts[id];
    let mut out = String::new();
    let _ = writeln!(out, "{} [{}]", c.title, c.kind_name());
    match &c.body {
        Body::Notes(text) => {
            let _ = writeln!(out, "\n{}", text.trim_end());
        }
        Body::Net => {}
        Body::Lookup(r) => {
            let grid = &program.grids[r.grid];
            let keys: Vec<&crate::tree::ChoiceTree> =
                grid.keys.iter().map(|&k| &program.choices[k]).collect();
            let cols = if keys.len() == 1 {
                1
            } else {
                keys[keys.len() - 1].options.len()
            };
            let mut rows = Vec::new();
            let mut header: Vec<String> = keys[..keys.len().saturating_sub(1).max(1)]
                .iter()
                .map(|k| k.label.clone())
                .collect();
            if keys.len() == 1 {
                header.push(String::new());
            } else {
                header.extend(keys[keys.len() - 1].options.iter().map(|o| o.1.clone()));
            }
            rows.push(header);
            let lead = keys.len().saturating_sub(1).max(1);
            for (r, chunk) in grid.cells.chunks(cols.max(1)).enumerate() {
                if chunk.iter().all(|c| *c == Cell::Impossible) && keys.len() > 1 {
                    continue;
                }
                let mut labels = Vec::new();
                let mut rest = r;
                for k in (0..lead).rev() {
                    let n = keys[k].options.len();
                    labels.push(keys[k].options[rest % n].1.clone());
                    rest /= n;
                }
                labels.reverse();
                labels.extend(chunk.iter().map(cell));
                rows.push(labels);
            }
            out.push('\n');
            out.push_str(&table(&rows));
        }
        Body::Table {
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
        } => {
            let _ = writeln!(
                out,
                "Roll {dice}{}",
                if score.is_some() {
                    " (rows read the score)"
                } else {
                    ""
                }
            );
            let mut grid = Vec::new();
            let mut header = Vec::new();
            if let Some(s) = scale {
                scale_text(program, c, s, &mut out);
                header.extend(s.heads.iter().map(|h| h.0.clone()));
            } else if let Some(slot) = columns {
                if let crate::tree::SlotKind::Choice(ch) = c.slots[*slot].kind {
                    header.extend(program.choices[ch].options.iter().map(|o| o.1.clone()));
                }
            } else {
                header.push("Roll".into());
            }
            header.push(if c.fields.is_empty() {
                "Result".into()
            } else {
                c.fields.join(" | ")
            });
            if printed.is_empty() {
                grid.push(header);
                for r in rows {
                    let mut line: Vec<String> = r.written.iter().map(ToString::to_string).collect();
                    line.push(outcome(program, &r.outcome, &[]));
                    grid.push(line);
                }
            } else {
                // As printed: one line per roll, one cell per column.
                header.pop();
                header.insert(0, "Roll".into());
                grid.push(header);
                for (rolls, cells) in printed {
                    let mut line = vec![rolls.to_string()];
                    line.extend(
                        cells
                            .iter()
                            .map(|c| c.clone().unwrap_or_else(|| "-".into())),
                    );
                    grid.push(line);
                }
            }
            out.push('\n');
            out.push_str(&table(&grid));
            naturals_text(program, naturals, &mut out);
            if let Some(cap) = cap {
                let _ = writeln!(out, "  The net modifier is capped at ±{cap}.");
            }
            if let Some((lo, hi)) = clamp {
                let _ = writeln!(
                    out,
                    "  A modified roll below {lo} reads as {lo}; above {hi}, as {hi}."
                );
            }
            if let Some((row, _, _)) = best {
                let _ = writeln!(out, "  Best result (when it applies): row {}", row + 1);
            }
        }
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
            let _ = writeln!(out, "  success: {}", outcome(program, success, &[]));
            let _ = writeln!(out, "  failure: {}", outcome(program, failure, &[]));
            naturals_text(program, naturals, &mut out);
        }
        Body::Opposed {
            dice, sides, rows, ..
        } => {
            let _ = writeln!(
                out,
                "Each side rolls {dice}; rows read {} minus {}",
                sides.first().map_or("", String::as_str),
                sides.get(1).map_or("", String::as_str)
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
                    outcome(program, &r.outcome, &[]),
                ]);
            }
            out.push('\n');
            out.push_str(&table(&grid));
        }
        Body::Pool { dice, stages } => {
            let d = match dice {
                DiceSource::Dice(d) => d.to_string(),
                DiceSource::Grid(r) => format!("dice from `{}`", r.name),
            };
            let _ = writeln!(out, "Roll {d}");
            for (i, s) in stages.iter().enumerate() {
                let per = match &s.per {
                    Some(DiceSource::Dice(d)) => format!("per success roll {d}, "),
                    Some(DiceSource::Grid(r)) => {
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
        }
        Body::Ladder { steps, labels, .. } => {
            // In written order, the first step on top: `+1` moves up.
            let label = |i: usize| match labels.get(i) {
                Some(Some(l)) => l.clone(),
                _ => steps.get(i).map_or_else(String::new, ToString::to_string),
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
    }
    modifiers(program, c, &mut out);
    for n in &c.notes {
        let _ = writeln!(out, "\n{}", n.trim_end());
    }
    out
}

/// How a `columns by` table finds its column.
fn scale_text(program: &Program, c: &ChartTree, s: &crate::tree::Scale, out: &mut String) {
    let text = |e| crate::condition::expr_text(program, c, e, &mut Vec::new());
    let what = match &s.value {
        crate::tree::ScaleValue::Ratio(a, b, _) => format!(
            "the odds `{}` to `{}`, rounded in the defender's favour",
            text(a),
            text(b)
        ),
        crate::tree::ScaleValue::Expr(e) => format!("`{}`", text(e)),
    };
    let _ = writeln!(out, "Column: the highest key not above {what}");
    let rule = |r: &crate::tree::OffRule| match r {
        crate::tree::OffRule::Outcome(o) => outcome(program, o, &[]),
        crate::tree::OffRule::Read { column, by } => {
            let key = s.heads.get(*column).map_or("", |h| h.0.as_str());
            if *by == 0 {
                format!("read on `{key}`")
            } else {
                format!("read on `{key}` with {by:+} to the roll")
            }
        }
    };
    if let Some(r) = &s.below {
        let first = s.heads.first().map_or("", |h| h.0.as_str());
        let _ = writeln!(out, "  Below `{first}`: {}", rule(r));
    }
    if let Some((key, _, r)) = &s.beyond {
        let _ = writeln!(out, "  At `{key}` or above: {}", rule(r));
    }
    let _ = writeln!(
        out,
        "  Column shifts {}",
        if s.past_edges {
            "may leave the table"
        } else {
            "stop at the first and last columns"
        }
    );
}

fn naturals_text(program: &Program, naturals: &[crate::tree::Natural], out: &mut String) {
    for n in naturals {
        let what = match &n.outcome {
            NaturalOutcome::Success => "success".to_string(),
            NaturalOutcome::Failure => "failure".to_string(),
            NaturalOutcome::Other(o) => outcome(program, o, &[]),
        };
        let cond = if n.cond.is_some() {
            " (when it applies)"
        } else {
            ""
        };
        let also = if n.also { "also " } else { "" };
        let _ = writeln!(out, "  Natural {}{cond}: {also}{what}", n.ranges);
    }
}
