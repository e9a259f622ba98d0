//! [`Roll`]: the full trace of one roll — natural dice, each modifier with
//! its label, the total, the row read, the outcome and any follow-up rolls —
//! structured so a host program can use it without parsing text.

use serde::Serialize;
use std::fmt;

/// One roll of a chart, with everything a player needs to see why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Roll {
    /// The chart, qualified by game (`first_echelon.bog_down`).
    pub chart: String,
    /// The sheet's title of the chart.
    pub title: String,
    /// The dice rolled, group by group.
    pub dice: Vec<DiceRoll>,
    /// The dice alone, summed (for opposed rolls: the first side's).
    pub natural: Option<i64>,
    /// Every modifier named, with the value it added.
    pub modifiers: Vec<AppliedModifier>,
    /// Natural roll plus modifiers.
    pub total: Option<i64>,
    /// What the rows read, when it is not the total (a margin, a difference).
    pub score: Option<i64>,
    /// The ranges of the row read, as the sheet writes them.
    pub row: Option<String>,
    /// Anything else worth saying: the target of a check, a ladder's moves.
    pub detail: Option<String>,
    /// What happened.
    pub outcome: OutcomeText,
    /// Follow-up rolls of other charts, in order.
    pub follow_ups: Vec<Roll>,
}

/// A group of dice and the faces they showed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiceRoll {
    /// Sides of each die.
    pub sides: u32,
    /// The faces, in the order rolled.
    pub faces: Vec<u32>,
    /// Subtracted from the total.
    pub negative: bool,
    /// Whose dice (a side of an opposed roll, a stage of a pool).
    pub label: Option<String>,
}

/// A modifier applied to a roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AppliedModifier {
    /// The name typed.
    pub name: String,
    /// The sheet's words.
    pub label: String,
    /// What it added (0 when not applicable).
    pub value: i64,
    /// For opposed rolls, the side (0 or 1).
    pub side: usize,
    /// "capped at +4", "not applicable", "3 x +1".
    pub note: Option<String>,
}

/// An outcome: fields, each with its alternatives, and notes added by
/// natural-roll rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub struct OutcomeText {
    /// The fields in order.
    pub fields: Vec<OutcomeField>,
    /// Added by `natural ... => also` rules ("Danger Close").
    pub also: Vec<String>,
}

/// One field of an outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeField {
    /// The field's heading, when the chart declares fields.
    pub label: Option<String>,
    /// The alternatives (usually one; several when the sheet says OR).
    pub alternatives: Vec<String>,
}

impl fmt::Display for OutcomeText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, field) in self.fields.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            if let Some(label) = &field.label {
                write!(f, "{label} ")?;
            }
            if field.alternatives.is_empty() {
                f.write_str("-")?;
            }
            f.write_str(&field.alternatives.join(" OR "))?;
        }
        for also in &self.also {
            write!(f, "; also {also}")?;
        }
        Ok(())
    }
}

impl Roll {
    /// The outcome and those of every follow-up, as one line:
    /// `Knocked out -> Dismount Suppressed`.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut s = self.outcome.to_string();
        for f in &self.follow_ups {
            s.push_str(" -> ");
            s.push_str(&f.summary());
        }
        s
    }
}
