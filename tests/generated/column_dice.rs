//! Dice in the value of a generated `columns by` (`fp + (p3)d6`): the
//! column is picked once they are rolled.

use super::gen::{Gen, Operand, Scope};

impl Gen {
    /// Dice a column value adds or subtracts: `+ d6`, `- d4`, `+ 2d6`, or a
    /// count from a small param, `+ (p3)d6`.
    pub(super) fn column_dice(&mut self, sc: &mut Scope) -> String {
        let counts: Vec<Operand> = sc
            .operands
            .iter()
            .filter(|o| {
                o.whole
                    && o.name.starts_with('p')
                    && o.bounds.is_some_and(|(lo, hi)| lo >= 0 && hi <= 3)
            })
            .cloned()
            .collect();
        let sign = if self.chance(0.8) { "+" } else { "-" };
        let sides = self.pick(&[4, 6]);
        if !counts.is_empty() && self.chance(0.5) {
            let c = self.pick(&counts);
            sc.need(&c.needs);
            return format!("{sign} ({})d{sides}", c.name);
        }
        match self.index(3) {
            0 => format!("{sign} d{sides}"),
            1 => format!("{sign} 2d{sides}"),
            _ => format!("{sign} 1d{sides}"),
        }
    }
}

/// The generated games put dice in a column value, a count from a param
/// among them, so the reference and the engines read such charts.
#[test]
fn the_generator_writes_dice_in_a_column_value() {
    let values: Vec<String> = (0..100)
        .flat_map(|seed| {
            super::game(seed)
                .lines()
                .filter(|l| l.trim_start().starts_with("columns by"))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    let rolled = |l: &&String| l.contains("d4:") || l.contains("d6:");
    assert!(values.iter().filter(rolled).count() >= 3, "{values:#?}");
    assert!(
        values.iter().filter(rolled).any(|l| l.contains(")d")),
        "{values:#?}"
    );
}
