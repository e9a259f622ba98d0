//! A [`Roll`] as the lines of text the CLI prints: [`Roll::trace`] gives
//! them as data (a front end paints and wraps each kind as it likes), and
//! `Display` for [`Roll`] writes them plainly, indented by follow-up depth.

use crate::engine::trace::{DieRoll, Roll};
use std::fmt::{self, Write as _};

/// One line of a roll's trace (see [`Roll::trace`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TraceLine {
    /// The chart's title and qualified name:
    /// `Fire Combat (first_echelon.fire_combat)`.
    Title {
        /// The sheet's title.
        title: String,
        /// The chart, qualified by game.
        chart: String,
    },
    /// A modifier named: the value it added, what it is (its label and any
    /// note), and the name it was picked by. A modifier of a ladder the
    /// chart read names the ladder in its text, as in ``smoke in the hex
    /// (ladder `visibility`)``: it moved the ladder, not the total.
    Modifier {
        /// The value added (0 when it did not apply).
        value: i64,
        /// Its label, and a note such as `(not applicable)`.
        text: String,
        /// The name it is picked by.
        name: String,
    },
    /// A step of the roll: its dice, a side's total, the total, the score,
    /// the row read (`row      4, 5`).
    Step(String),
    /// A natural-roll rule the dice matched (`natural 10: Danger Close
    /// (also)`).
    Natural(String),
    /// What binding settled or the roll adds: the column read, a ladder's
    /// moves, a capped total, a pool's stages.
    Detail(String),
    /// The outcome.
    Outcome(String),
}

impl fmt::Display for TraceLine {
    /// The line as the CLI prints it, without its indentation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Title { title, chart } => write!(f, "{title} ({chart})"),
            Self::Modifier { value, text, name } => write!(f, "{value:+}     {text} [{name}]"),
            Self::Step(text) | Self::Natural(text) | Self::Detail(text) => f.write_str(text),
            Self::Outcome(text) => write!(f, "=> {text}"),
        }
    }
}

impl TraceLine {
    /// Spaces before the line, at follow-up `depth`: two a level, and two
    /// more under the title.
    #[must_use]
    pub fn indent(&self, depth: usize) -> usize {
        2 * depth
            + if matches!(self, Self::Title { .. }) {
                0
            } else {
                2
            }
    }
}

impl Roll {
    /// The trace as lines, each with its follow-up depth (0 for this roll,
    /// 1 for its follow-ups, …), in the order the CLI prints them.
    ///
    /// ```
    /// use chartwright::trace::TraceLine;
    /// use chartwright::{Choices, Ruleset, Scripted};
    /// let rules = Ruleset::from_file("first_echelon").unwrap();
    /// let bog_down = rules.chart("bog_down").unwrap();
    /// let roll = bog_down.roll(&Choices::parse("tracked").unwrap(), &mut Scripted::new([5])).unwrap();
    /// let lines = roll.trace();
    /// assert!(matches!(&lines[0].1, TraceLine::Title { title, .. } if title == "Bog Down Table"));
    /// assert_eq!(lines.last().map(|(_, l)| l.to_string()).as_deref(), Some("=> Traverse"));
    /// ```
    #[must_use]
    pub fn trace(&self) -> Vec<(usize, TraceLine)> {
        let mut lines = Vec::new();
        self.trace_into(0, &mut lines);
        lines
    }

    fn trace_into(&self, depth: usize, lines: &mut Vec<(usize, TraceLine)>) {
        lines.push((
            depth,
            TraceLine::Title {
                title: self.title.to_string(),
                chart: self.chart.to_string(),
            },
        ));
        if let Some(dice) = self.dice_line() {
            lines.push((depth, TraceLine::Step(dice)));
        }
        for m in &self.modifiers {
            let note = m
                .note
                .as_deref()
                .map_or(String::new(), |n| format!(" ({n})"));
            lines.push((
                depth,
                TraceLine::Modifier {
                    value: m.value,
                    text: format!("{}{note}", m.label),
                    name: m.name.clone(),
                },
            ));
        }
        if self.sides.iter().any(|s| s.roll.is_some()) {
            self.side_rolls_into(depth, lines);
        } else {
            for step in self.total_lines() {
                lines.push((depth, TraceLine::Step(step)));
            }
        }
        for n in &self.natural_rules {
            lines.push((depth, TraceLine::Natural(n.to_string())));
        }
        // A ladder's modifiers moved the ladder, not the total: listed
        // after it, before the line that says where the ladder stands.
        for l in &self.ladders {
            for m in &l.modifiers {
                let note = m
                    .note
                    .as_deref()
                    .map_or(String::new(), |n| format!("{n}; "));
                lines.push((
                    depth,
                    TraceLine::Modifier {
                        value: m.value,
                        text: format!("{} ({note}ladder `{}`)", m.label, l.name),
                        name: m.name.clone(),
                    },
                ));
            }
        }
        if let Some(d) = &self.detail {
            lines.push((depth, TraceLine::Detail(d.clone())));
        }
        if let Some(row) = &self.row {
            lines.push((depth, TraceLine::Step(format!("row      {row}"))));
        }
        lines.push((depth, TraceLine::Outcome(self.outcome.to_string())));
        for f in &self.follow_ups {
            f.trace_into(depth + 1, lines);
        }
    }

    /// Each side of an opposed roll whose sides roll a chart: the inputs
    /// it gave and the result it got, that chart's roll nested under it,
    /// then the difference the rows read.
    fn side_rolls_into(&self, depth: usize, lines: &mut Vec<(usize, TraceLine)>) {
        for s in &self.sides {
            let inputs = if s.inputs.is_empty() {
                String::new()
            } else {
                format!("{}: ", s.inputs)
            };
            let result = if s.modifier == 0 {
                s.natural.to_string()
            } else {
                format!("{} {:+} = {}", s.natural, s.modifier, s.total)
            };
            lines.push((
                depth,
                TraceLine::Step(format!("{:<8} {inputs}{result}", s.side)),
            ));
            if let Some(roll) = &s.roll {
                roll.trace_into(depth + 1, lines);
            }
        }
        if let Some(d) = self.score {
            lines.push((depth, TraceLine::Step(format!("difference {d}"))));
        }
    }

    /// `dice     1d10: 9  (natural 9)`: each group of dice, then the
    /// natural roll (an opposed roll's are shown side by side below).
    fn dice_line(&self) -> Option<String> {
        if self.dice.is_empty() {
            return None;
        }
        let mut line = String::from("dice     ");
        for (i, d) in self.dice.iter().enumerate() {
            if i > 0 {
                line.push_str(", ");
            }
            if let Some(label) = &d.label {
                let _ = write!(line, "{label} ");
            }
            let sign = if d.negative { "-" } else { "" };
            match &d.notated {
                None => {
                    let _ = write!(line, "{sign}{}d{}:", d.faces.len(), d.sides);
                    for face in &d.faces {
                        let _ = write!(line, " {face}");
                    }
                }
                Some(n) => {
                    let _ = write!(line, "{sign}{}:", n.notation);
                    // The faces added into each die, but a `d66`'s digits.
                    let added = d.sides != 66 && d.sides != 666;
                    for (j, (face, die)) in d.faces.iter().zip(&n.dice).enumerate() {
                        let comma = if j > 0 { "," } else { "" };
                        let _ = write!(line, "{comma} {}", die_text(*face, die, added));
                    }
                }
            }
        }
        if let (Some(n), true) = (self.natural, self.sides.is_empty()) {
            let _ = write!(line, "  (natural {n})");
        }
        Some(line)
    }

    /// Each side of an opposed roll and the difference; or the total (and
    /// the target a check reads it against); then the score, if the rows
    /// read one.
    fn total_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if !self.sides.is_empty() {
            for s in &self.sides {
                lines.push(format!(
                    "{:<8} {} {:+} = {}",
                    s.side, s.natural, s.modifier, s.total
                ));
            }
            if let Some(d) = self.score {
                lines.push(format!("difference {d}"));
            }
        } else if let (Some(t), false) = (self.total, self.dice.is_empty()) {
            let verdict = match self.met_target {
                Some(true) => ": met",
                Some(false) => ": not met",
                None => "",
            };
            lines.push(match &self.target {
                // Roll-under: the modifiers moved the target, not the roll.
                Some(target) if self.modifiers_move_target => {
                    format!("roll     {t}  vs {target}{verdict} (the modifiers move the target)")
                }
                Some(target) => format!("total    {t}  vs {target}{verdict}"),
                None => format!("total    {t}"),
            });
        }
        if let (Some(s), false) = (self.score, self.dice.iter().any(|d| d.label.is_some())) {
            lines.push(format!("score    {s}"));
        }
        lines
    }
}

/// The trace the CLI prints, without colour or wrapping.
impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (depth, line) in self.trace() {
            writeln!(f, "{:indent$}{line}", "", indent = line.indent(depth))?;
        }
        Ok(())
    }
}

/// One die of a group with notation: `14 (6+6+2)`, `4 (rerolled 1)`,
/// `[1 dropped]`.
fn die_text(face: u32, die: &DieRoll, added: bool) -> String {
    let mut text = face.to_string();
    if added && die.rolls.len() > 1 {
        let parts: Vec<String> = die.rolls.iter().map(ToString::to_string).collect();
        let _ = write!(text, " ({})", parts.join("+"));
    }
    if !die.rerolled.is_empty() {
        let parts: Vec<String> = die.rerolled.iter().map(ToString::to_string).collect();
        let _ = write!(text, " (rerolled {})", parts.join(", "));
    }
    if die.kept {
        text
    } else {
        format!("[{text} dropped]")
    }
}
