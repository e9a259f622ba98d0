//! Random house rules over the bundled games: one to three changes, each
//! of a form of docs/language.md "Variants" ("Changes"), chosen from what
//! the base's AST holds so that it names something real. Written from the
//! AST and the base's text alone; the variant may still be refused by the
//! checker (a removed modifier a condition names, a gap), and the caller
//! counts those.
//!
//! Forms: a modifier's value (fixed or a column shift), a modifier's
//! condition, a new modifier (with or without a condition), a removed
//! modifier, a grid cell, a grid row, a results cell, a row's outcome, a
//! ladder's step (the ladder written again), a chart written again with one
//! outcome changed, and null rules (a cell or a modifier set to what it
//! already is, a chart written again as it was).

use chartwright::ast::{
    CellKind, Chart, ChartKind, Clause, File, Item, LineCells, ModEntry, ModValue, RowKey,
};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt::Write;

/// A generated house rule: its text and the forms it uses.
pub struct HouseRule {
    pub text: String,
    pub forms: Vec<&'static str>,
}

/// A change the base allows: what it touches (two changes must not touch
/// one thing), its form, and its line.
struct Candidate {
    target: String,
    form: &'static str,
    line: String,
}

/// The text of `span` in `text`.
fn at(text: &str, span: chartwright::Span) -> &str {
    text.get(span.start as usize..span.end as usize)
        .unwrap_or("")
}

/// The modifiers of a list of entries, with their owner path, that a
/// variant can name `OWNER.NAME` (sides' blocks are left out).
fn modifiers<'a>(entries: &'a [ModEntry], out: &mut Vec<&'a chartwright::ast::ModifierDecl>) {
    for e in entries {
        match e {
            ModEntry::Modifier(m) => out.push(m),
            ModEntry::OneOf(g) | ModEntry::Section(g) => modifiers(&g.entries, out),
            ModEntry::Use(_) | ModEntry::ForSide(_) => {}
        }
    }
}

fn chart_modifiers(c: &Chart) -> Vec<&chartwright::ast::ModifierDecl> {
    let mut out = Vec::new();
    for cl in &c.clauses {
        if let Clause::Modifiers(e, _) = cl {
            modifiers(e, &mut out);
        }
    }
    out
}

/// Every change the base allows, of every form.
#[allow(clippy::too_many_lines)] // one walk over the base's items, a form at a time
fn candidates(file: &File, text: &str, rng: &mut Xoshiro256PlusPlus) -> Vec<Candidate> {
    let mut out = Vec::new();
    let flags: Vec<String> = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Flag(f) => Some(f.name.name.to_string()),
            _ => None,
        })
        .collect();
    let choice = |name: &str| {
        file.items.iter().find_map(|i| match i {
            Item::Choice(c) if c.name.name == name => Some(c),
            _ => None,
        })
    };
    let mut owners: Vec<(String, Vec<&chartwright::ast::ModifierDecl>)> = Vec::new();
    for item in &file.items {
        match item {
            Item::Chart(c) => owners.push((c.name.name.to_string(), chart_modifiers(c))),
            Item::Modifiers(s) => {
                let mut v = Vec::new();
                modifiers(&s.entries, &mut v);
                owners.push((s.name.name.to_string(), v));
            }
            _ => {}
        }
    }
    for (owner, mods) in &owners {
        for m in mods {
            let target = format!("{owner}.{}", m.name.name);
            match &m.value {
                ModValue::Fixed(n) => {
                    let now = *n.node.numer();
                    let by: i64 = if rng.random_bool(0.5) { 1 } else { -1 };
                    out.push(Candidate {
                        target: target.clone(),
                        form: "modifier value",
                        line: format!("change {target} {:+}", now + by),
                    });
                    out.push(Candidate {
                        target: target.clone(),
                        form: "null: modifier value unchanged",
                        line: format!("change {target} {}", at(text, n.span)),
                    });
                }
                ModValue::Shift(n) => {
                    let now = n.node + if rng.random_bool(0.5) { 1 } else { -1 };
                    let shift = match now {
                        0 => "1R".to_string(),
                        k if k > 0 => format!("{k}R"),
                        k => format!("{}L", -k),
                    };
                    out.push(Candidate {
                        target: target.clone(),
                        form: "modifier shift",
                        line: format!("change {target} {shift}"),
                    });
                }
                _ => {}
            }
            if m.applicability.is_none() && !flags.is_empty() {
                let f = &flags[rng.random_range(0..flags.len())];
                let how = if rng.random_bool(0.5) { "if" } else { "unless" };
                out.push(Candidate {
                    target: target.clone(),
                    form: "modifier condition",
                    line: format!("change {target} {how} {f}"),
                });
            }
            out.push(Candidate {
                target: target.clone(),
                form: "remove modifier",
                line: format!("remove {target}"),
            });
        }
        if !mods.is_empty() {
            let value = ["+1", "-1", "+2", "-3"][rng.random_range(0..4)];
            let cond = if !flags.is_empty() && rng.random_bool(0.5) {
                format!(" if {}", flags[rng.random_range(0..flags.len())])
            } else {
                String::new()
            };
            out.push(Candidate {
                target: format!("{owner}.house_mod"),
                form: "add modifier",
                line: format!("add {owner}.house_mod {value} \"house modifier\"{cond}"),
            });
        }
    }
    for item in &file.items {
        match item {
            Item::Grid(g) => grid_candidates(g, text, &choice, rng, &mut out),
            Item::Chart(c) => chart_candidates(c, text, &choice, rng, &mut out),
            _ => {}
        }
    }
    out
}

/// A grid cell's text moved: a number by one, a target by one; anything
/// else left as it is (a null rule).
fn moved_cell(kind: &CellKind, written: &str, rng: &mut Xoshiro256PlusPlus) -> Option<String> {
    let by: i64 = if rng.random_bool(0.5) { 1 } else { -1 };
    match kind {
        CellKind::Number(n) if n.is_integer() => {
            let v = n.numer() + by;
            Some(if written.starts_with('+') || written.starts_with('-') {
                format!("{v:+}")
            } else {
                v.max(0).to_string()
            })
        }
        CellKind::Target(r) if r.parts.len() == 1 => {
            let p = r.parts[0];
            match (p.lo, p.hi) {
                (Some(lo), None) if written.ends_with('+') => Some(format!("{}+", lo + by)),
                _ => None,
            }
        }
        _ => None,
    }
}

fn grid_candidates<'a>(
    g: &chartwright::ast::Grid,
    text: &str,
    choice: &dyn Fn(&str) -> Option<&'a chartwright::ast::ChoiceDecl>,
    rng: &mut Xoshiro256PlusPlus,
    out: &mut Vec<Candidate>,
) {
    let Some(last) = g.keys.last() else { return };
    let columns: Vec<String> = if g.keys.len() >= 2 {
        match choice(&last.name) {
            Some(c) => c.options.iter().map(|o| o.name.name.to_string()).collect(),
            None => return,
        }
    } else {
        Vec::new()
    };
    for row in &g.rows {
        let labels: Vec<&str> = row.labels.iter().map(|l| l.name.as_str()).collect();
        let labels = labels.join(", ");
        let cells: Vec<&str> = row.cells.iter().map(|c| at(text, c.span)).collect();
        for (j, cell) in row.cells.iter().enumerate() {
            let written = cells[j];
            let (target, lead) = if columns.is_empty() {
                (format!("{}@{labels}", g.name.name), labels.clone())
            } else if let Some(col) = columns.get(j) {
                (
                    format!("{}@{labels}@{col}", g.name.name),
                    format!("{labels}, {col}"),
                )
            } else {
                continue;
            };
            if let Some(new) = moved_cell(&cell.kind, written, rng) {
                out.push(Candidate {
                    target: target.clone(),
                    form: "grid cell",
                    line: format!("change {} at {lead}: {new}", g.name.name),
                });
            }
            out.push(Candidate {
                target,
                form: "null: grid cell unchanged",
                line: format!("change {} at {lead}: {written}", g.name.name),
            });
        }
        // The whole row, one cell moved.
        if !columns.is_empty() && !cells.is_empty() {
            let j = rng.random_range(0..cells.len());
            if let Some(new) = moved_cell(&row.cells[j].kind, cells[j], rng) {
                let mut all: Vec<String> = cells.iter().map(|s| (*s).to_string()).collect();
                all[j] = new;
                out.push(Candidate {
                    target: format!("{}@{labels}", g.name.name),
                    form: "grid row",
                    line: format!("change {} at {labels}: {}", g.name.name, all.join(" ")),
                });
            }
        }
    }
}

/// A row's ranges as written (the text before its `=>`).
fn ranges_of(row_text: &str) -> Option<&str> {
    row_text.find("=>").map(|i| row_text[..i].trim())
}

#[allow(clippy::too_many_lines, clippy::many_single_char_names)] // rows, results cells, ladders and rewrites, one after another; short names as in the docs
fn chart_candidates<'a>(
    c: &Chart,
    text: &str,
    choice: &dyn Fn(&str) -> Option<&'a chartwright::ast::ChoiceDecl>,
    rng: &mut Xoshiro256PlusPlus,
    out: &mut Vec<Candidate>,
) {
    let name = c.name.name.as_str();
    let chart_text = at(text, c.span);
    // Rows: an outcome changed to another row's, or to a new text.
    for cl in &c.clauses {
        let Clause::Rows(rows, _) = cl else { continue };
        let outcomes: Vec<&str> = rows
            .iter()
            .filter_map(|r| {
                let t = at(text, r.span);
                t.find("=>").map(|i| t[i + 2..].trim())
            })
            .collect();
        for r in rows {
            let t = at(text, r.span);
            let Some(ranges) = ranges_of(t) else { continue };
            if ranges.contains('\n')
                || matches!(r.key, RowKey::Columns(_)) && !ranges.starts_with('[')
            {
                continue;
            }
            let new = if rng.random_bool(0.5) && outcomes.len() > 1 {
                outcomes[rng.random_range(0..outcomes.len())].to_string()
            } else {
                "\"House outcome\"".to_string()
            };
            out.push(Candidate {
                target: format!("{name}#rows"),
                form: "row outcome",
                line: format!("change {name} row {ranges} => {new}"),
            });
            // The chart written again with this row's outcome changed.
            if !chart_text.is_empty() && rng.random_bool(0.3) {
                let row_new = format!("{ranges} => \"Rewritten\"");
                let again = chart_text.replacen(t, &row_new, 1);
                out.push(Candidate {
                    target: name.to_string(),
                    form: "chart written again",
                    line: again,
                });
            }
        }
    }
    // Results cells: another cell of the grid, or its own (a null rule).
    let columns: Option<Vec<String>> = c.clauses.iter().find_map(|cl| match cl {
        Clause::Columns(ch) => {
            choice(&ch.name).map(|d| d.options.iter().map(|o| o.name.name.to_string()).collect())
        }
        Clause::ColumnScale(s) => Some(s.heads.iter().map(|h| h.text.to_string()).collect()),
        _ => None,
    });
    for cl in &c.clauses {
        let Clause::Results(lines, _) = cl else {
            continue;
        };
        let Some(columns) = &columns else { continue };
        let all: Vec<&str> = lines
            .iter()
            .filter_map(|l| match &l.cells {
                LineCells::Each(cells) => Some(cells.iter().map(|c| c.text.as_str())),
                LineCells::Every(..) => None,
            })
            .flatten()
            .collect();
        for l in lines {
            let LineCells::Each(cells) = &l.cells else {
                continue;
            };
            let rolls = at(text, l.rolls.span);
            for (j, cell) in cells.iter().enumerate() {
                let Some(col) = columns.get(j) else { continue };
                let col = if col.chars().all(|ch| ch.is_alphanumeric() || ch == '_')
                    && !col.starts_with(|ch: char| ch.is_ascii_digit())
                {
                    col.clone()
                } else if col.contains(['.', '+']) || col.starts_with('-') {
                    format!("\"{col}\"")
                } else {
                    col.clone()
                };
                let (form, new) = if rng.random_bool(0.2) {
                    ("null: results cell unchanged", cell.text.to_string())
                } else {
                    (
                        "results cell",
                        all[rng.random_range(0..all.len())].to_string(),
                    )
                };
                let new = if new.is_empty() { "-".to_string() } else { new };
                out.push(Candidate {
                    target: format!("{name}#results@{rolls}@{j}"),
                    form,
                    line: format!("change {name} row {rolls} at {col} => {new}"),
                });
            }
        }
    }
    // A ladder's step: the ladder written again with one step moved
    // between its neighbours.
    if c.kind == ChartKind::Ladder {
        for cl in &c.clauses {
            let Clause::Steps(steps, span) = cl else {
                continue;
            };
            let written = at(text, *span);
            let values: Vec<i64> = steps
                .iter()
                .filter(|s| s.value.node.is_integer())
                .map(|s| *s.value.node.numer())
                .collect();
            if values.len() != steps.len() || values.len() < 3 {
                continue;
            }
            let i = rng.random_range(1..values.len() - 1);
            let (a, b) = (values[i - 1], values[i + 1]);
            let new = if rng.random_bool(0.5) {
                (a + values[i]) / 2
            } else {
                (b + values[i]) / 2
            };
            if new == values[i] || new == a || new == b {
                continue;
            }
            let mut v: Vec<String> = values.iter().map(ToString::to_string).collect();
            v[i] = new.to_string();
            let again = chart_text.replacen(written, &format!("steps {}", v.join(", ")), 1);
            out.push(Candidate {
                target: name.to_string(),
                form: "ladder step",
                line: again,
            });
        }
    }
    if !chart_text.is_empty() && rng.random_bool(0.2) {
        out.push(Candidate {
            target: name.to_string(),
            form: "null: chart written again as it was",
            line: chart_text.to_string(),
        });
    }
}

/// A house rule over bundled game `game` (its AST and text), from `seed`:
/// one to three changes to different things.
pub fn house_rule(game: &str, file: &File, text: &str, seed: u64) -> HouseRule {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let cands = candidates(file, text, &mut rng);
    let mut v = String::new();
    writeln!(v, "variant \"House rule {seed}\" of {game} version \"1\"\n").unwrap();
    let mut forms = Vec::new();
    let mut touched: Vec<String> = Vec::new();
    let n = rng.random_range(1..=3);
    // Ladders are rare: a ladder step is picked more often than its share.
    let ladders: Vec<&Candidate> = cands.iter().filter(|c| c.form == "ladder step").collect();
    for k in 0..n {
        if cands.is_empty() {
            break;
        }
        let c = if k == 0 && !ladders.is_empty() && rng.random_bool(0.15) {
            ladders[rng.random_range(0..ladders.len())]
        } else {
            &cands[rng.random_range(0..cands.len())]
        };
        let chart_of = |t: &str| t.split(['.', '#', '@']).next().unwrap_or("").to_string();
        // Two changes must not touch one thing, nor one inside a chart the
        // other writes again.
        let clash = touched.iter().any(|t| {
            t == &c.target
                || (!t.contains(['.', '#', '@']) || !c.target.contains(['.', '#', '@']))
                    && chart_of(t) == chart_of(&c.target)
        });
        if clash {
            continue;
        }
        touched.push(c.target.clone());
        writeln!(v, "{}", c.line).unwrap();
        forms.push(c.form);
    }
    HouseRule { text: v, forms }
}
