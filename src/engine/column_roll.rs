//! Rolling the dice a table's column value adds (`columns by firepower +
//! (air_points)d6`), before the chart's own roll, and the trace's account
//! of them (`column dice 2d6: 3 4`).

use crate::engine::bind::BoundDice;
use crate::engine::dice::{kept_values, DiceSource};
use smallvec::SmallVec;

/// Rolls the column dice: their signed total, and what the trace says of
/// them.
pub(crate) fn roll_column_dice<D: DiceSource + ?Sized>(
    dice: &BoundDice,
    source: &mut D,
) -> (i64, String) {
    let mut total = 0i64;
    let mut written = Vec::new();
    let mut shown = Vec::new();
    for g in &dice.groups {
        let mut values: SmallVec<[i64; 8]> = SmallVec::new();
        kept_values(g, source, &mut values);
        let sum: i64 = values.iter().sum();
        total = if g.negative {
            total.saturating_sub(sum)
        } else {
            total.saturating_add(sum)
        };
        // The count always shown (`1d6`): "1d6 for each air point".
        let mut notation = g.notation.written(Some(g.count), g.sides);
        if notation.starts_with('d') {
            notation.insert(0, '1');
        }
        written.push(if g.negative {
            format!("- {notation}")
        } else {
            notation
        });
        shown.extend(values.iter().map(i64::to_string));
    }
    let written = written.join(" + ").replace("+ - ", "- ");
    (total, format!("column dice {written}: {}", shown.join(" ")))
}
