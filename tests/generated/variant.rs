//! Variant files: a house rule over a generated game, with every kind of
//! change (a modifier's value, label or condition; a modifier or option
//! added or removed; rows changed, added, removed; a results cell; grid rows
//! and cells changed, added, removed; a declaration removed or added; a
//! modifier added `always`),
//! each chosen from what the game's generator recorded, so that the
//! variant applies to its base.

use super::gen::{Gen, GridKind};
use super::ranges::{has_descending, Interval};
use std::fmt::Write;

/// The file name the variant names its base by: `game(seed)` saved beside
/// the variant.
pub const BASE_FILE: &str = "base.rules";

impl Gen {
    /// The variant of the game just written (`write_game` first).
    pub fn variant_text(&mut self) -> String {
        // A span written highest first (`4 to 2`) is read as no totals by
        // the variant stage (see `regressions`): the variant writes its
        // spans lowest first, and leaves alone the base's rows and lines
        // written so.
        self.ascending = true;
        let mut v = String::from("# A generated house rule over base.rules.\n");
        let title = self.label("House rule");
        writeln!(v, "variant {title} of \"{BASE_FILE}\" version \"1\"\n").unwrap();
        self.anchor_changes(&mut v);
        self.modifier_changes(&mut v);
        self.grid_changes(&mut v);
        let results: Vec<_> = self
            .log
            .results
            .iter()
            .filter(|r| !has_descending(&r.3))
            .cloned()
            .collect();
        if !results.is_empty() {
            let (chart, line, cols, _) = self.pick(&results);
            let rolls = self.range_set(&line);
            let col = self.pick(&cols);
            let cell = self.pick(&["NE", "\"Changed\"", "2R", "DE"]);
            writeln!(v, "change {chart} row {rolls} at {col} => {cell}").unwrap();
        }
        if let Some(notes) = self.log.notes.clone() {
            writeln!(v, "remove {notes}").unwrap();
        }
        let flag = self.name("f");
        let label = self.label("new flag");
        writeln!(v, "flag {flag} {label}").unwrap();
        v
    }

    /// The anchor's rows: an outcome changed, a row removed (its
    /// neighbour's boundary moved), the top row split by a row added.
    fn anchor_changes(&mut self, v: &mut String) {
        let Some((name, rows)) = self.log.anchor.clone() else {
            return;
        };
        if self.log.anchor_text.iter().any(|t| has_descending(t)) {
            return;
        }
        let single = |r: &Vec<Interval>| r.len() == 1;
        let k = rows.len();
        if k >= 3 && single(&rows[0]) && single(&rows[1]) && rows[0][0].lo.is_none() {
            let r1 = self.range_set(&rows[1]);
            let r0 = self.range_set(&rows[0]);
            let hi = rows[1][0].hi.unwrap();
            writeln!(v, "remove {name} row {r1}").unwrap();
            writeln!(v, "change {name} row {r0} becomes {hi} or less").unwrap();
        } else {
            let r0 = self.range_set(&rows[0]);
            writeln!(v, "change {name} row {r0} => \"Changed\"").unwrap();
        }
        let top = &rows[k - 1];
        if single(top) && top[0].hi.is_none() {
            if let Some(c) = top[0].lo {
                let t = self.range_set(top);
                writeln!(v, "change {name} row {t} becomes {} or more", c + 2).unwrap();
                writeln!(v, "add {name} row {c} to {} => \"Added\"", c + 1).unwrap();
            }
        }
    }

    /// A modifier's value, label or condition changed; one added after
    /// another; one nothing names removed; a choice's option added and
    /// another's label changed.
    fn modifier_changes(&mut self, v: &mut String) {
        let mods = self.log.mods.clone();
        let mut touched: Vec<String> = Vec::new();
        let fixed: Vec<_> = mods.iter().filter(|m| m.2).cloned().collect();
        if !fixed.is_empty() {
            let (owner, name, _) = self.pick(&fixed);
            let value = self.pick(&["+3", "-2", "+1"]);
            let label = if self.chance(0.5) {
                format!(" {}", self.label("changed"))
            } else {
                String::new()
            };
            writeln!(v, "change {owner}.{name} {value}{label}").unwrap();
            touched.push(name);
        }
        if let Some((owner, name, _)) = mods.iter().find(|m| !touched.contains(&m.1)).cloned() {
            let label = self.label("relabelled");
            if !self.flags.is_empty() && self.chance(0.5) {
                let f = self.pick(&self.flags.clone());
                let how = self.pick(&["if", "unless"]);
                writeln!(v, "change {owner}.{name} {label} {how} {f}").unwrap();
            } else {
                writeln!(v, "change {owner}.{name} {label}").unwrap();
            }
            touched.push(name);
        }
        if let Some((owner, after, _)) = mods.first().cloned() {
            let name = self.name("m");
            let label = self.label("added");
            let cond = if !self.flags.is_empty() && self.chance(0.5) {
                format!(" if {}", self.pick(&self.flags.clone()))
            } else {
                String::new()
            };
            // `always` on either side of the condition, as a modifier takes it.
            let written = match (cond.is_empty(), self.index(3)) {
                (_, 0) => format!("{label}{cond}"),
                (false, 1) => format!("{label} always{cond}"),
                _ => format!("{label}{cond} always"),
            };
            writeln!(v, "add {owner}.{name} +1 {written} after {after}").unwrap();
            touched.push(after);
        }
        // A modifier nothing names, in a block that keeps another.
        let removable: Vec<_> = mods
            .iter()
            .filter(|m| {
                !touched.contains(&m.1)
                    && !self.log.referenced.contains(&m.1)
                    && mods.iter().filter(|o| o.0 == m.0).count() >= 2
            })
            .cloned()
            .collect();
        if !removable.is_empty() {
            let (owner, name, _) = self.pick(&removable);
            writeln!(v, "remove {owner}.{name}").unwrap();
        }
        // Choices: a new option where no columns are keyed by the choice,
        // and an option's label.
        let free: Vec<_> = self
            .choices
            .iter()
            .filter(|c| !self.log.column_choices.contains(&c.name))
            .cloned()
            .collect();
        if !free.is_empty() {
            let c = self.pick(&free);
            let o = self.name("o");
            let label = self.label("new option");
            let after = self.pick(&c.options);
            writeln!(v, "add {}.{o} {label} after {after}", c.name).unwrap();
        }
        let c = self.pick(&self.choices.clone());
        let o = self.pick(&c.options);
        let label = self.label("relabelled option");
        writeln!(v, "change {}.{o} {label}", c.name).unwrap();
    }

    /// Grid rows and cells: a row changed, a cell changed, a missing row
    /// added, a row removed (where no number is read from it).
    fn grid_changes(&mut self, v: &mut String) {
        for (name, kind, present, missing, columns) in self.log.grids.clone() {
            let cols = columns.len().max(1);
            let mut rows = present.clone();
            if !rows.is_empty() && self.chance(0.6) {
                let i = self.index(rows.len());
                let row = rows.remove(i);
                let cells: Vec<String> = (0..cols).map(|_| self.grid_cell_of(kind)).collect();
                writeln!(v, "change {name} at {row}: {}", cells.join(" ")).unwrap();
            }
            if !rows.is_empty() && !columns.is_empty() && self.chance(0.6) {
                let i = self.index(rows.len());
                let row = rows.remove(i);
                let col = self.pick(&columns);
                let cell = self.grid_cell_of(kind);
                writeln!(v, "change {name} at {row}, {col}: {cell}").unwrap();
            }
            if !missing.is_empty() {
                let row = self.pick(&missing);
                let cells: Vec<String> = (0..cols).map(|_| self.grid_cell_of(kind)).collect();
                writeln!(v, "add {name} at {row}: {}", cells.join(" ")).unwrap();
            }
            if rows.len() >= 2
                && !matches!(kind, GridKind::Number | GridKind::Decimal)
                && self.chance(0.5)
            {
                let row = self.pick(&rows);
                writeln!(v, "remove {name} at {row}").unwrap();
            }
        }
    }
}
