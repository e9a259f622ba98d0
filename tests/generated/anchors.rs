//! The fixed anchors: small charts whose expectations the generator states
//! itself, counted face by face (the reference checks them): a table with
//! a fixed and a parametric modifier, a group of its rows, a table whose
//! outcomes are numbers with a group `at least`/`at most` a bound, and a
//! check against a param.

use super::gen::Gen;
use super::ranges::Interval;
use std::fmt::Write;

impl Gen {
    /// The small charts whose expectations the generator states itself: a
    /// table of one die with a fixed and a parametric modifier (odds counted
    /// face by face, a natural roll, a group of its rows), a table whose
    /// outcomes are numbers, and a check against a param.
    pub fn anchors(&mut self) {
        let name = self.name("a");
        let sides = self.pick(&[4_i64, 6, 8, 10]);
        let fixed = self.int(1, 2);
        let (mname, pname) = (self.name("m"), self.name("m"));
        let n = self.int(2, 4) as usize;
        let rows = self.partition(1, sides, n);
        let texts: Vec<String> = (0..rows.len()).map(|i| format!("Row {}", i + 1)).collect();
        let mut lines = Vec::new();
        for (r, t) in rows.iter().zip(&texts) {
            let ranges = self.range_set(r);
            self.log.anchor_text.push(ranges.clone());
            lines.push(format!("    {ranges} => \"{t}\""));
        }
        let (ml, pl) = (self.label("modifier"), self.label("modifier"));
        writeln!(
            self.out,
            "table {name} \"Anchor\" {{\n  roll d{sides}\n  modifiers {{\n    {mname} +{fixed} {ml}\n    {pname} ±r in -2..2 default 0 {pl}\n  }}\n  rows {{\n{}\n  }}\n}}\n",
            lines.join("\n")
        )
        .unwrap();
        self.log.anchor = Some((name.clone(), rows.clone()));
        self.log.referenced.insert(mname.clone());
        self.log.referenced.insert(pname.clone());
        let row_of = |total: i64| {
            rows.iter()
                .position(|r| r.iter().any(|iv: &Interval| iv.contains(total)))
                .unwrap()
        };
        // Odds with a situation the generator counts face by face.
        let (flag_on, shift) = (self.chance(0.5), self.int(-2, 2));
        let add = if flag_on { fixed } else { 0 } + shift;
        let row = self.index(rows.len());
        let count = (1..=sides).filter(|&f| row_of(f + add) == row).count() as i64;
        let mut args = Vec::new();
        if flag_on {
            args.push(mname.clone());
        }
        if shift != 0 || self.chance(0.5) {
            args.push(format!("{pname}={shift}"));
        }
        let g = gcd(count, sides);
        let fraction = if count == 0 {
            "0".to_string()
        } else if count == sides {
            "1".to_string()
        } else {
            format!("{}/{}", count / g, sides / g)
        };
        let args_text: String = args.iter().fold(String::new(), |mut t, a| {
            t.push(' ');
            t.push_str(a);
            t
        });
        self.expects.push(format!(
            "expect {name}{args_text} => \"{}\" {fraction}",
            texts[row]
        ));
        let face = self.int(1, sides);
        self.expects.push(format!(
            "expect {name}{args_text} natural {face} => \"{}\"",
            texts[row_of(face + add)]
        ));
        // A group of rows, counted face by face as the row odds are.
        let group: Vec<usize> = (0..rows.len()).filter(|_| self.chance(0.5)).collect();
        if !group.is_empty() {
            let count = (1..=sides)
                .filter(|&f| group.contains(&row_of(f + add)))
                .count() as i64;
            let names: Vec<String> = group.iter().map(|&r| format!("\"{}\"", texts[r])).collect();
            self.expects.push(format!(
                "expect {name}{args_text} => any of {} {}",
                names.join(", "),
                fraction_of(count, sides)
            ));
        }
        self.numeric_anchor();
        self.check_anchor();
    }

    /// A check against a param (`at least P`): its odds, a natural roll,
    /// the error without the param, and a choice it does not take.
    fn check_anchor(&mut self) {
        let check = self.name("a");
        let p = self.name("p");
        let pl = self.label("param");
        writeln!(
            self.out,
            "check {check} \"Anchor check\" {{\n  roll d6\n  param {p} {pl} in 1..6\n  succeed on at least {p}\n}}\n"
        )
        .unwrap();
        let need = self.int(1, 6);
        let wins = 7 - need;
        let g = gcd(wins, 6);
        let fraction = if wins == 6 {
            "1".to_string()
        } else {
            format!("{}/{}", wins / g, 6 / g)
        };
        self.expects.push(format!(
            "expect {check} {p}={need} => \"Success\" {fraction}"
        ));
        let face = self.int(1, 6);
        let verdict = if face >= need { "Success" } else { "Failure" };
        self.expects.push(format!(
            "expect {check} {p}={need} natural {face} => \"{verdict}\""
        ));
        self.expects
            .push(format!("expect {check} => error missing_param"));
        // A choice the check does not take: an error at the word.
        if let Some(c) = self.choices.first().cloned() {
            let o = self.pick(&c.options);
            self.expects.push(format!(
                "expect {check} {}={o} {p}=6 => error unknown_name",
                c.name
            ));
        }
    }
}

impl Gen {
    /// A table of one die whose outcomes are numbers (`"3"`, or a pool's
    /// way, `"3 hits"`), and a group `at least`/`at most` a bound (whole or
    /// a half), counted face by face.
    fn numeric_anchor(&mut self) {
        let name = self.name("a");
        let sides = self.pick(&[4_i64, 6, 8]);
        let n = self.int(2, 4) as usize;
        let rows = self.partition(1, sides, n);
        let mut values = Vec::new();
        let mut lines = Vec::new();
        for r in &rows {
            let v = self.int(-2, 5);
            let text = if self.chance(0.3) {
                format!("{v} hits")
            } else {
                v.to_string()
            };
            lines.push(format!("    {} => \"{text}\"", self.range_set(r)));
            values.push(v);
        }
        writeln!(
            self.out,
            "table {name} \"Anchor hits\" {{\n  roll d{sides}\n  rows {{\n{}\n  }}\n}}\n",
            lines.join("\n")
        )
        .unwrap();
        // Twice the bound, so a half (`at least 1.5`) compares in whole numbers.
        let half = self.chance(0.3);
        let twice = 2 * self.int(-2, 5) + i64::from(half);
        let bound = match (half, twice < 0) {
            (true, true) => format!("-{}.5", twice.abs() / 2),
            (true, false) => format!("{}.5", twice / 2),
            (false, _) => (twice / 2).to_string(),
        };
        let least = self.chance(0.5);
        let count = (1..=sides)
            .filter(|&f| {
                let row = rows
                    .iter()
                    .position(|r| r.iter().any(|iv: &Interval| iv.contains(f)))
                    .unwrap();
                let v2 = 2 * values[row];
                if least {
                    v2 >= twice
                } else {
                    v2 <= twice
                }
            })
            .count() as i64;
        let form = if least { "at least" } else { "at most" };
        self.expects.push(format!(
            "expect {name} => {form} {bound} {}",
            fraction_of(count, sides)
        ));
    }
}

/// `count` in `sides` as an `expect` line writes it: `0`, `1` or `N/D`.
fn fraction_of(count: i64, sides: i64) -> String {
    let g = gcd(count, sides);
    match count {
        0 => "0".to_string(),
        c if c == sides => "1".to_string(),
        c => format!("{}/{}", c / g, sides / g),
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs().max(1)
    } else {
        gcd(b, a % b)
    }
}
