//! What a variant changed in a grid, which rolls nothing of its own: its
//! changed cells, by the options that key them. (The charts that read it
//! are compared in exact odds, as every chart is.)

use crate::check::tree::{Body, Cell};
use crate::number::Show;
use crate::ruleset::ChartRef;

/// One cell of a grid that a variant changed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CellChange {
    /// The options that key it, as typed (`unit_rating=raw
    /// order_status=disordered`).
    pub keys: String,
    /// The base's cell (`-5`, `-` for not possible), `None` where the
    /// base has no such cell (an option the variant added).
    pub base: Option<String>,
    /// The variant's cell, `None` where it has no such cell.
    pub variant: Option<String>,
}

/// The cells a variant changed in a grid (`base` and `variant` the same
/// grid of both), in the variant's order; empty when none changed. `None`
/// when either is not a grid.
///
/// ```
/// use chartwright::compare::grid_changes;
/// use chartwright::Ruleset;
/// let base = Ruleset::from_file("first_echelon").unwrap();
/// let raw = Ruleset::from_str("raw", "variant \"Raw\" of first_echelon version \"1\"\n\
///     change discipline_rating at raw, disordered: +1\n").unwrap();
/// let cells = grid_changes(&base.chart("discipline_rating").unwrap(),
///                          &raw.chart("discipline_rating").unwrap()).unwrap();
/// assert_eq!(cells.len(), 1);
/// assert_eq!(cells[0].keys, "unit_rating=raw order_status=disordered");
/// assert_eq!((cells[0].base.as_deref(), cells[0].variant.as_deref()), (Some("-5"), Some("1")));
/// ```
#[must_use]
pub fn grid_changes(base: &ChartRef<'_>, variant: &ChartRef<'_>) -> Option<Vec<CellChange>> {
    let (b, v) = (cells(base)?, cells(variant)?);
    let mut out = Vec::new();
    for (keys, cell) in &v {
        let old = b.iter().find(|(k, _)| k == keys).map(|(_, c)| c.clone());
        if old.as_ref() != Some(cell) {
            out.push(CellChange {
                keys: keys.clone(),
                base: old,
                variant: Some(cell.clone()),
            });
        }
    }
    for (keys, cell) in &b {
        if !v.iter().any(|(k, _)| k == keys) {
            out.push(CellChange {
                keys: keys.clone(),
                base: Some(cell.clone()),
                variant: None,
            });
        }
    }
    Some(out)
}

/// Every cell of a grid chart, keyed by its options as typed.
fn cells(chart: &ChartRef<'_>) -> Option<Vec<(String, String)>> {
    let (program, id) = chart.compiled();
    let Body::Lookup(g) = &program.charts.get(id)?.body else {
        return None;
    };
    let grid = program.grids.get(g.grid)?;
    let choices: Vec<_> = grid
        .keys
        .iter()
        .map(|&c| program.choices.get(c))
        .collect::<Option<_>>()?;
    let total = choices
        .iter()
        .try_fold(1usize, |n, c| n.checked_mul(c.options.len()))?;
    let mut out = Vec::with_capacity(total);
    for index in 0..total {
        let mut rest = index;
        let mut keys = vec![String::new(); choices.len()];
        for (i, c) in choices.iter().enumerate().rev() {
            let n = c.options.len().max(1);
            keys[i] = format!("{}={}", c.name, c.options.get(rest % n)?.0);
            rest /= n;
        }
        let cell = grid.cells.get(index).unwrap_or(&Cell::Impossible);
        out.push((keys.join(" "), text(cell)));
    }
    Some(out)
}

fn text(c: &Cell) -> String {
    match c {
        Cell::Number(n) => Show(*n).to_string(),
        Cell::Text(t) => format!("\"{t}\""),
        Cell::Target(r) => r.to_string(),
        Cell::Dice(d) => d.to_string(),
        Cell::Impossible => "-".into(),
    }
}
