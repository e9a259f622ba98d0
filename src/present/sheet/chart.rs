//! One chart as HTML, laid out as on a printed reference sheet: the roll
//! line, the results table (or grid, ladder, pool stages), natural-roll
//! rules, the modifiers with their signs, groups and conditions, and notes.
//! Every string from a `.rules` file goes through maud, which escapes it.

use crate::check::tree::{
    Body, ChartTree, CondOutcome, GridRef, Natural, NaturalOutcome, Outcome, PoolDice, Program,
    RowTree, SlotKind,
};
use crate::present::render::{cell, modifier_value, results_grid, ResultsGrid};
use crate::syntax::ast::CompactString;
use maud::{html, Markup};

/// The chart's modifiers and notes, under its body.
/// Its modifiers and notes. A modifier set it uses that is drawn on the
/// same page (`on_page`, by name) is one line naming it.
pub(crate) fn extras(program: &Program, c: &ChartTree, on_page: &[&str]) -> Markup {
    html! {
        (modifiers(program, c, on_page))
        @for n in &c.notes {
            div.notes { (paragraphs(n)) }
        }
    }
}

/// The chart's body: its roll and results (table, grid, ladder, stages).
#[allow(clippy::too_many_lines)] // one template arm per chart body kind
pub(crate) fn body(program: &Program, c: &ChartTree) -> Markup {
    html! {
        @match &c.body {
            Body::Notes(text) => (paragraphs(text)),
            Body::Net => p.roll { "A set of modifiers: their sum is the net modifier." },
            Body::Lookup(r) => (grid(program, r)),
            Body::Table { dice, columns, rows, naturals, score, best, scale, printed, .. } => {
                p.roll {
                    "Roll " strong { (dice.to_string()) }
                    @if score.is_some() { ", rows read the score" } @else { " + modifiers" }
                }
                @if printed.is_empty() {
                    (results(program, c, rows, columns.map(|s| column_headings(program, c, s)).or_else(|| scale.as_ref().map(|s| scale_headings(s))).as_ref(), "Roll"))
                } @else {
                    (printed_grid(program, c, rows, &results_grid(program, c, *columns, scale.as_deref(), rows, printed)))
                }
                (super::edges::around(program, c, &|o| outcome(program, c, o)))
                (naturals_list(program, c, naturals))
                @if let Some((row, _, cond)) = best {
                    @if let Some(r) = rows.get(*row) {
                        p.note {
                            "Best result " (super::words::clause(program, c, cond)) ": "
                            (outcome(program, c, &r.outcome))
                        }
                    }
                }
            }
            Body::Check { dice, target: t, net_in_target, success, failure, naturals } => {
                p.roll {
                    "Roll " strong { (dice.to_string()) } @if !*net_in_target { " + modifiers" }
                    "; succeed on " strong { (super::words::target(program, c, t)) }
                    @if *net_in_target { " (the modifiers move the target)" }
                }
                table.results {
                    tbody {
                        tr { th scope="row" { "Success" } td { (outcome(program, c, success)) } }
                        tr { th scope="row" { "Failure" } td { (outcome(program, c, failure)) } }
                    }
                }
                (naturals_list(program, c, naturals))
            }
            Body::Opposed { sides, labels, rows, rolls: Some(r), .. } => {
                p.roll {
                    "Each side rolls " strong { (program.charts[r.chart].title.as_str()) }
                    " with its own inputs; read "
                    (side_label(sides, labels, 0)) "'s result minus "
                    (side_label(sides, labels, 1)) "'s"
                }
                (results(program, c, rows, None, "Difference"))
            }
            Body::Opposed { dice, sides, labels, rows, .. } => {
                p.roll {
                    "Each side rolls " strong { (dice.to_string()) } " + modifiers; read "
                    (side_label(sides, labels, 0)) " minus "
                    (side_label(sides, labels, 1))
                }
                (results(program, c, rows, None, "Difference"))
            }
            Body::Pool { dice, stages } => {
                p.roll {
                    "Roll " strong {
                        @match dice {
                            PoolDice::Dice(d) => (d.to_string()),
                            PoolDice::Grid(r) => { "dice from " (grid_title(program, r)) }
                        }
                    }
                }
                ol.stages {
                    @for s in stages {
                        li {
                            @match &s.per {
                                Some(PoolDice::Dice(d)) => { "For each success roll " (d.to_string()) "; " }
                                Some(PoolDice::Grid(r)) => { "For each success roll dice from " (grid_title(program, r)) "; " }
                                None => {}
                            }
                            "count " strong { (s.label) } " on " (super::words::target(program, c, &s.target))
                            @if s.modified { " (modifiers apply to each die)" }
                        }
                    }
                }
                @if stages.iter().any(|s| !s.reported) {
                    p.note {
                        "The result is the count of "
                        @for (i, s) in stages.iter().filter(|s| s.reported).enumerate() {
                            @if i > 0 { " and " }
                            strong { (s.label) }
                        }
                        " alone."
                    }
                }
            }
            Body::Ladder { steps, .. } => {
                div.wide { table.ladder {
                    tbody { tr { @for s in steps { td { (crate::number::Show(*s).to_string()) } } } }
                } }
                p.note { "+1 moves one step left, -1 one step right." }
            }
        }
    }
}

/// The label of the opposed side an input belongs to (`att.discipline`:
/// `Attacker`), which the name said in the code column a player no longer
/// reads.
pub(super) fn side_of<'a>(c: &'a ChartTree, name: &str) -> Option<&'a str> {
    let Body::Opposed { sides, labels, .. } = &c.body else {
        return None;
    };
    let (side, _) = name.split_once('.')?;
    let i = sides.iter().position(|s| s == side)?;
    Some(side_label(sides, labels, i))
}

/// An opposed side by its label (`Attacker`), else its name.
fn side_label<'a>(sides: &'a [CompactString], labels: &'a [CompactString], i: usize) -> &'a str {
    labels
        .get(i)
        .filter(|l| !l.is_empty())
        .or_else(|| sides.get(i))
        .map_or("", CompactString::as_str)
}

/// A results grid as printed: the rolls down the side, one column per
/// column heading, each cell as typed (the same cells as `show`), a cell
/// that depends on the situation with the number of its footnote, and what
/// a `-` gives where the chart says.
fn printed_grid(program: &Program, c: &ChartTree, rows: &[RowTree], g: &ResultsGrid) -> Markup {
    html! {
        div.wide { table.results.printed {
            thead {
                tr {
                    @for (i, h) in g.heads.iter().enumerate() {
                        @if i < g.keys { th.key scope="col" { (h) } } @else { th scope="col" { (h) } }
                    }
                }
            }
            tbody {
                @for (l, line) in g.lines.iter().enumerate() {
                    tr {
                        @for (i, cell) in line.iter().enumerate() {
                            @if i < g.keys { th.key scope="row" { (cell) } } @else {
                                td {
                                    (cell)
                                    @if let Some(n) = g.marks.get(l).and_then(|m| m.get(i)).copied().flatten() {
                                        sup.fn { (n) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        } }
        @if !g.notes.is_empty() {
            ol.footnotes {
                @for r in g.notes.iter().filter_map(|r| rows.get(*r)) {
                    li { (outcome_cases(program, c, &r.outcome)) }
                }
            }
        }
        @if let Some(r) = g.dash.and_then(|r| rows.get(r)) {
            p.note { "- = " (outcome(program, c, &r.outcome)) }
        }
    }
}

/// An outcome case by case, its fields joined by ` | `.
fn outcome_cases(program: &Program, c: &ChartTree, o: &Outcome) -> String {
    o.fields
        .iter()
        .map(|alts| {
            alts.iter()
                .map(|a| cases(program, c, a))
                .collect::<Vec<_>>()
                .join(" OR ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The headings of a table whose column is computed: each column's key
/// as written (`1-2`, `2-1`).
fn scale_headings(s: &crate::check::tree::Scale) -> (String, Vec<String>) {
    (
        String::new(),
        s.heads.iter().map(|h| h.0.to_string()).collect(),
    )
}

/// The headings of a column-keyed table: the choice's option labels.
fn column_headings(program: &Program, c: &ChartTree, slot: usize) -> (String, Vec<String>) {
    match c.slots.get(slot).map(|s| (&s.label, &s.kind)) {
        Some((label, SlotKind::Choice(ch))) => (
            label.to_string(),
            program
                .choices
                .get(*ch)
                .map(|ch| ch.options.iter().map(|o| o.1.to_string()).collect())
                .unwrap_or_default(),
        ),
        _ => (String::new(), Vec::new()),
    }
}

/// Rows of a table: the ranges (one column per option when column-keyed),
/// then the outcome, one column per field when the chart names fields.
fn results(
    program: &Program,
    c: &ChartTree,
    rows: &[RowTree],
    columns: Option<&(String, Vec<String>)>,
    key: &str,
) -> Markup {
    let fields: Vec<&str> = if c.fields.is_empty() {
        vec!["Result"]
    } else {
        c.fields.iter().map(CompactString::as_str).collect()
    };
    let (cells, notes) = cells_and_notes(program, c, rows, fields.len());
    html! {
        div.wide { table.results {
            thead {
                @if let Some((label, _)) = columns {
                    @if !label.is_empty() {
                        tr.group { th colspan=(columns.map_or(1, |c| c.1.len())) { (label) } th colspan=(fields.len()) {} }
                    }
                }
                tr {
                    @match columns {
                        Some((_, opts)) => { @for o in opts { th.key { (o) } } }
                        None => th.key { (key) },
                    }
                    @for f in &fields { th { (f) } }
                }
            }
            tbody {
                @for (r, cells) in rows.iter().zip(&cells) {
                    tr {
                        @for w in &r.written { td.key { (w.to_string()) } }
                        @for (text, note) in cells {
                            td {
                                (text)
                                @if let Some(n) = note { sup.fn { (n) } }
                            }
                        }
                    }
                }
            }
        } }
        @if !notes.is_empty() {
            ol.footnotes {
                @for n in &notes { li { (n) } }
            }
        }
    }
}

/// A results cell: its text, and the number of its footnote if it has one.
type Cell = (String, Option<usize>);

/// Each cell of each row: what happens when no condition holds (a cell
/// shows outcomes, never rules), with the number of its footnote when the
/// outcome depends on the situation; and the footnotes, which say how.
fn cells_and_notes(
    program: &Program,
    c: &ChartTree,
    rows: &[RowTree],
    fields: usize,
) -> (Vec<Vec<Cell>>, Vec<String>) {
    let mut notes: Vec<String> = Vec::new();
    let cells = rows
        .iter()
        .map(|r| {
            (0..fields)
                .map(|i| {
                    let alts: &[CondOutcome] = r.outcome.fields.get(i).map_or(&[], Vec::as_slice);
                    let text = alts
                        .iter()
                        .map(|a| simple(program, otherwise(a)))
                        .collect::<Vec<_>>()
                        .join(" OR ");
                    if !alts.iter().any(|a| matches!(a, CondOutcome::If(..))) {
                        return (text, None);
                    }
                    let note = alts
                        .iter()
                        .map(|a| cases(program, c, a))
                        .collect::<Vec<_>>()
                        .join(" OR ");
                    let n = notes.iter().position(|x| *x == note).unwrap_or_else(|| {
                        notes.push(note);
                        notes.len() - 1
                    });
                    (text, Some(n + 1))
                })
                .collect()
        })
        .collect();
    (cells, notes)
}

/// What an outcome gives when none of its conditions holds.
fn otherwise(o: &CondOutcome) -> &crate::check::tree::Simple {
    match o {
        CondOutcome::Simple(s) => s,
        CondOutcome::If(_, _, rest) => otherwise(rest),
    }
}

/// An outcome that depends on the situation, case by case: `Knocked out,
/// then Bail Out Table if mounted; otherwise Knocked out`.
fn cases(program: &Program, c: &ChartTree, o: &CondOutcome) -> String {
    match o {
        CondOutcome::Simple(s) => simple(program, s),
        CondOutcome::If(s, cond, rest) => {
            let first = format!(
                "{} {}",
                simple(program, s),
                super::words::clause(program, c, cond)
            );
            match rest.as_ref() {
                CondOutcome::Simple(last) => {
                    format!("{first}; otherwise {}", simple(program, last))
                }
                more @ CondOutcome::If(..) => format!("{first}; {}", cases(program, c, more)),
            }
        }
    }
}

/// One field of an outcome, its alternatives joined by OR.
fn field_text(program: &Program, c: &ChartTree, o: &Outcome, i: usize) -> String {
    o.fields.get(i).map_or_else(String::new, |alts| {
        alts.iter()
            .map(|a| cond_outcome(program, c, a))
            .collect::<Vec<_>>()
            .join(" OR ")
    })
}

/// An outcome as the sheet prints it: fields joined by ` | `, each field's
/// alternatives by OR, conditions written out (`Target Drop if
/// target_is_support else No Result`), follow-ups as `, then TITLE`.
fn outcome(program: &Program, c: &ChartTree, o: &Outcome) -> String {
    (0..o.fields.len())
        .map(|i| field_text(program, c, o, i))
        .collect::<Vec<_>>()
        .join(" | ")
}

fn cond_outcome(program: &Program, c: &ChartTree, o: &CondOutcome) -> String {
    match o {
        CondOutcome::Simple(s) => simple(program, s),
        CondOutcome::If(s, cond, otherwise) => format!(
            "{} {} else {}",
            simple(program, s),
            super::words::clause(program, c, cond),
            cond_outcome(program, c, otherwise)
        ),
    }
}

fn simple(program: &Program, s: &crate::check::tree::Simple) -> String {
    let mut text = s.text.clone();
    for f in &s.follow_ups {
        if let Some(again) = program.follow_ups.get(*f).filter(|f| f.again) {
            text.push_str(&crate::present::render::again_text(again));
            continue;
        }
        if let Some(chart) = program
            .follow_ups
            .get(*f)
            .and_then(|f| program.charts.get(f.chart))
        {
            text.push_str(", then ");
            text.push_str(&chart.title);
        }
    }
    text.to_string()
}

fn naturals_list(program: &Program, c: &ChartTree, naturals: &[Natural]) -> Markup {
    html! {
        @if !naturals.is_empty() {
            ul.naturals {
                @for n in naturals {
                    li {
                        strong { "Natural " (n.ranges.to_string()) }
                        @if let Some(cond) = &n.cond { " " (super::words::clause(program, c, cond)) }
                        ": " @if n.also { "also " }
                        @match &n.outcome {
                            NaturalOutcome::Success => "success",
                            NaturalOutcome::Failure => "failure",
                            NaturalOutcome::Other(o) => (outcome(program, c, o)),
                        }
                    }
                }
            }
        }
    }
}

fn grid_title<'p>(program: &'p Program, r: &'p GridRef) -> &'p str {
    program
        .charts
        .iter()
        .find(|c| c.name == r.name)
        .map_or(r.name.as_str(), |c| c.title.as_str())
}

/// A lookup grid: the last key across, the others down.
fn grid(program: &Program, r: &GridRef) -> Markup {
    let Some(grid) = program.grids.get(r.grid) else {
        return html! {};
    };
    let keys: Vec<&crate::check::tree::ChoiceTree> = grid
        .keys
        .iter()
        .filter_map(|&k| program.choices.get(k))
        .collect();
    let (down, across): (
        &[&crate::check::tree::ChoiceTree],
        Option<&crate::check::tree::ChoiceTree>,
    ) = match keys.split_last() {
        Some((last, rest)) if !rest.is_empty() => (rest, Some(*last)),
        _ => (&keys[..], None),
    };
    let width = across.map_or(1, |a| a.options.len().max(1));
    html! {
        div.wide { table.grid {
            thead {
                tr {
                    @for k in down { th.key { (k.label) } }
                    @match across {
                        Some(a) => { @for o in &a.options { th { (o.1) } } }
                        None => th {},
                    }
                }
            }
            tbody {
                @for (row, chunk) in grid.cells.chunks(width).enumerate() {
                    @if across.is_none() || !chunk.iter().all(|c| *c == crate::check::tree::Cell::Impossible) {
                        tr {
                            @for label in row_labels(down, row) { th.key scope="row" { (label) } }
                            @for c in chunk { td { (cell(c)) } }
                        }
                    }
                }
            }
        } }
    }
}

/// The option labels of the keys down the side for a row of the grid.
fn row_labels(down: &[&crate::check::tree::ChoiceTree], row: usize) -> Vec<String> {
    let mut labels = Vec::with_capacity(down.len());
    let mut rest = row;
    for k in down.iter().rev() {
        let n = k.options.len().max(1);
        labels.push(
            k.options
                .get(rest % n)
                .map(|o| o.1.clone())
                .unwrap_or_default()
                .to_string(),
        );
        rest /= n;
    }
    labels.reverse();
    labels
}

/// A section of the modifiers: its heading (and whether it counts against)
/// and the modifiers in it.
type Block<'a> = (Option<(&'a str, bool)>, Vec<usize>);

/// The modifiers by section, with signs, names, `one of` groups and
/// conditions.
fn modifiers(program: &Program, c: &ChartTree, on_page: &[&str]) -> Markup {
    if c.modifiers.is_empty() {
        return html! {};
    }
    // A modifier set the chart uses, drawn as a chart of its own, is one
    // line here: its modifiers are on its own table.
    let drawn: Vec<(&crate::check::tree::UsedSet, &ChartTree)> = c
        .used
        .iter()
        .filter(|u| on_page.contains(&u.set.as_str()))
        .filter_map(|u| {
            let set = program
                .charts
                .iter()
                .find(|t| t.name == u.set && t.game == c.game)?;
            Some((u, set))
        })
        .collect();
    // Sections in order, then the modifiers no section holds.
    let mut blocks: Vec<Block<'_>> = Vec::new();
    let mut shown = vec![false; c.modifiers.len()];
    for (u, _) in &drawn {
        for i in u.members.clone() {
            if let Some(s) = shown.get_mut(i) {
                *s = true;
            }
        }
    }
    for (heading, subtract, members) in &c.sections {
        let fresh: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&i| i < shown.len() && !shown[i])
            .collect();
        for &i in &fresh {
            shown[i] = true;
        }
        if !fresh.is_empty() {
            blocks.push((Some((heading.as_str(), *subtract)), fresh));
        }
    }
    let loose: Vec<usize> = (0..c.modifiers.len()).filter(|&i| !shown[i]).collect();
    if !loose.is_empty() {
        blocks.insert(0, (None, loose));
    }
    html! {
        table.modifiers {
            caption { "Modifiers" }
            @for (heading, members) in &blocks {
                tbody {
                    @if let Some((h, subtract)) = heading {
                        tr.section { th colspan="2" { (h) @if *subtract { " (counts against)" } } }
                    }
                    @for (k, &i) in members.iter().enumerate() {
                        (modifier_row(program, c, i, members.get(k.wrapping_sub(1)).copied()))
                    }
                }
            }
            @if !drawn.is_empty() {
                tbody.uses {
                    @for (u, set) in &drawn {
                        tr.use data-name=(set.name) {
                            td.value { "use" }
                            td.label {
                                (set.title)
                                @if let Some(cond) = &u.cond {
                                    " " span.cond { "(" (super::words::clause(program, c, cond)) ")" }
                                }
                                ": see its table on this sheet"
                            }
                        }
                    }
                }
            }
        }
    }
}

fn modifier_row(program: &Program, c: &ChartTree, i: usize, previous: Option<usize>) -> Markup {
    let Some(m) = c.modifiers.get(i) else {
        return html! {};
    };
    let name = c.slots.get(m.slot).map_or("", |s| s.name.as_str());
    let label = c.slots.get(m.slot).map_or("", |s| s.label.as_str());
    let group = m.group.and_then(|g| c.groups.get(g).map(|(h, _)| (g, h)));
    let starts_group = group.is_some()
        && previous.and_then(|p| c.modifiers.get(p)).map(|p| p.group) != Some(m.group);
    let negative = match &m.value {
        crate::check::tree::ModValue::Fixed(v) => *v < 0,
        crate::check::tree::ModValue::Counted { per, .. } => *per < 0,
        crate::check::tree::ModValue::Param { factor, .. } => *factor < 0,
    };
    html! {
        @if starts_group {
            @if let Some((_, heading)) = group {
                tr.group { th colspan="2" { "Use only one: " (heading) } }
            }
        }
        // The name a command line types is an attribute: the sheet is read.
        tr.modifier.grouped[group.is_some()] data-name=(name) {
            td.value.minus[negative] {
                @let value = modifier_value(program, m);
                @match value.split_once(" (") {
                    Some((sign, rest)) => { (sign) br; small { "(" (rest) } }
                    None => (value),
                }
            }
            td.label {
                @if let Some(side) = side_of(c, name) { (side) ": " }
                (label)
                @if let Some(cond) = &m.applies {
                    " " span.cond { "(" (super::words::clause(program, c, cond)) ")" }
                }
            }
        }
    }
}

/// Reference text: blank lines separate paragraphs; the lines of one are
/// joined, as the sheet's column reflows them, except where a line starts
/// an item of a list: it opens with a list marker (`1)`, `2.`, `-`, `*`),
/// or its indentation says so (a turn sequence's `Phase 2: Offensive Fire
/// Combat` back at the margin after its indented steps, or the first
/// indented line under such a heading). An indented item is drawn indented.
fn paragraphs(text: &str) -> Markup {
    let paras: Vec<Vec<(bool, String)>> = text
        .split("\n\n")
        .map(items)
        .filter(|p| !p.is_empty())
        .collect();
    html! {
        @for items in &paras {
            p {
                @for (i, (indented, item)) in items.iter().enumerate() {
                    @if i > 0 { br; }
                    @if *indented { span.sub { (item) } } @else { (item) }
                }
            }
        }
    }
}

/// A paragraph's items (see [`paragraphs`]), each with whether it is
/// indented past the paragraph's margin.
fn items(paragraph: &str) -> Vec<(bool, String)> {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let lines: Vec<&str> = paragraph.lines().filter(|l| !l.trim().is_empty()).collect();
    let margin = lines.iter().map(|l| indent(l)).min().unwrap_or(0);
    let mut items: Vec<(bool, String)> = Vec::new();
    // The previous line's indentation, and whether its item opened with a
    // marker (a marked item's wrapped lines are indented under its text).
    let mut previous: Option<(usize, bool)> = None;
    for line in lines {
        let (depth, text) = (indent(line), line.trim());
        let starts = match previous {
            None => true,
            Some((before, marked)) => {
                starts_item(text) || depth < before || (depth > before && !marked)
            }
        };
        match items.last_mut() {
            Some((_, last)) if !starts => {
                last.push(' ');
                last.push_str(text);
            }
            _ => {
                items.push((depth > margin, text.to_string()));
                previous = Some((depth, starts_item(text)));
                continue;
            }
        }
        previous = previous.map(|(_, marked)| (depth, marked));
    }
    items
}

/// A list marker: `1)`, `12.`, `a)`, `B)`, `-`, `*`, `•`.
fn starts_item(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    if matches!(word, "-" | "*" | "•") {
        return true;
    }
    let Some(stem) = word.strip_suffix(')').or_else(|| word.strip_suffix('.')) else {
        return false;
    };
    !stem.is_empty()
        && (stem.chars().all(|c| c.is_ascii_digit())
            || (stem.len() == 1 && stem.chars().all(|c| c.is_ascii_alphabetic())))
}
