//! Opposed rolls whose sides each roll a chart (`each rolls`): a small
//! table whose outcomes are whole numbers, sometimes with a modifier each
//! side names with its prefix, and an opposed chart whose rows read every
//! difference of two of its results.

use super::gen::Gen;
use std::fmt::Write as _;

impl Gen {
    pub fn sides(&mut self) {
        let rolled = self.name("t");
        let label = self.label("Table");
        let faces = self.int(2, 4);
        let bonus = self.chance(0.5);
        let mut body = format!("  roll d{faces}\n");
        if bonus {
            let flag = self.name("m");
            writeln!(body, "  modifiers {{ {flag} +1 \"bonus\" }}").unwrap();
        }
        let top = faces + i64::from(bonus);
        body.push_str("  rows {\n");
        let mut results = Vec::new();
        for v in 1..=top {
            let n = self.int(-1, 2);
            results.push(n);
            let rolls = match v {
                1 => "1 or less".to_string(),
                v if v == top => format!("{v} or more"),
                v => v.to_string(),
            };
            writeln!(body, "    {rolls} => \"{n}\"").unwrap();
        }
        body.push_str("  }\n");
        writeln!(self.out, "table {rolled} {label} {{\n{body}}}\n").unwrap();

        let name = self.name("v");
        let label = self.label("Opposed");
        let (a, b) = (self.name("sa"), self.name("sb"));
        let (la, lb) = (self.label("Side"), self.label("Side"));
        let spread = results.iter().max().unwrap() - results.iter().min().unwrap();
        let mut body = format!("  sides {a} {la}, {b} {lb}\n  each rolls {rolled}\n  rows {{\n");
        for d in -spread..=spread {
            let rolls = match d {
                0 if spread == 0 => "0".to_string(),
                d if d == -spread => format!("{d} or less"),
                d if d == spread => format!("{d} or more"),
                d => d.to_string(),
            };
            let outcome = self.pick(&["\"Ahead\"", "\"Even\"", "\"Behind\""]);
            writeln!(body, "    {rolls} => {outcome}").unwrap();
        }
        body.push_str("  }\n");
        writeln!(self.out, "opposed {name} {label} {{\n{body}}}\n").unwrap();
    }
}
