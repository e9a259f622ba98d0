//! Dice: `NdS`, `dS`, `d66`, constants and differences, `max(..)`/`min(..)`
//! of alike rolls, `(NAME)dS`, and the notation (keep and drop, rerolls,
//! explosions with bounds and points). Few dice of few sides, explosions and
//! rerolls mostly bounded, so that every roll can be enumerated.

use super::gen::{Gen, Scope};

/// A dice expression and the natural values it reaches, roughly (what the
/// rows are cut around; explosions past the first die are left out).
pub(super) struct Dice {
    pub text: String,
    pub lo: i64,
    pub hi: i64,
}

const SIDES: &[u32] = &[2, 3, 4, 6, 6, 6, 8, 10];

impl Gen {
    /// Dice for a table, check or opposed roll: sums, constants, `max`.
    pub fn roll_dice(&mut self, sc: &mut Scope) -> Dice {
        match self.index(10) {
            0 | 1 => {
                let a = self.dice_term(sc, 2);
                let k = self.int(1, 3);
                if self.chance(0.5) {
                    Dice {
                        text: format!("{} + {k}", a.text),
                        lo: a.lo + k,
                        hi: a.hi + k,
                    }
                } else {
                    let b = self.plain_die();
                    Dice {
                        text: format!("{} - {}", a.text, b.text),
                        lo: a.lo - b.hi,
                        hi: a.hi - b.lo,
                    }
                }
            }
            2 => {
                let f = self.pick(&["max", "min"]);
                let a = self.dice_term_with(sc, 2, false);
                let k = self.int(0, 2);
                let inner = if k > 0 {
                    format!("{} + {k}", a.text)
                } else {
                    a.text.clone()
                };
                Dice {
                    text: format!("{f}({inner}, {inner})"),
                    lo: a.lo + k,
                    hi: a.hi + k,
                }
            }
            _ => self.dice_term(sc, 3),
        }
    }

    /// Dice for a pool: dice only, no constants (`2d10 + d6` adds groups).
    pub fn pool_dice(&mut self, sc: &mut Scope) -> Dice {
        let a = self.dice_term(sc, 3);
        if self.chance(0.15) {
            let b = self.plain_die();
            return Dice {
                text: format!("{} + {}", a.text, b.text),
                lo: a.lo.min(b.lo),
                hi: a.hi.max(b.hi),
            };
        }
        a
    }

    /// `d6`, `1d4`: one plain die.
    fn plain_die(&mut self) -> Dice {
        let s = i64::from(self.pick(SIDES));
        let text = if self.chance(0.5) {
            format!("d{s}")
        } else {
            format!("1d{s}")
        };
        Dice { text, lo: 1, hi: s }
    }

    /// One group of dice with notation, or `(NAME)dS`, or `d66`.
    pub fn dice_term(&mut self, sc: &mut Scope, max_count: i64) -> Dice {
        self.dice_term_with(sc, max_count, true)
    }

    /// One group of dice; `keep` allows keep and drop and `(NAME)dS`, which
    /// `max(..)` does not take.
    fn dice_term_with(&mut self, sc: &mut Scope, max_count: i64, keep: bool) -> Dice {
        if self.chance(0.06) {
            return Dice {
                text: "d66".into(),
                lo: 11,
                hi: 66,
            };
        }
        let sides = i64::from(self.pick(SIDES));
        // `(NAME)dS`: a whole param bounded in 1..3.
        let counts: Vec<usize> = (0..sc.operands.len())
            .filter(|&i| {
                let o = &sc.operands[i];
                o.whole && o.bounds.is_some_and(|(lo, hi)| lo >= 1 && hi <= 3)
            })
            .collect();
        let (count_text, count, from_param) = if keep && !counts.is_empty() && self.chance(0.15) {
            let i = self.pick(&counts);
            let op = sc.operands[i].clone();
            sc.need(&op.needs);
            (format!("({})", op.name), op.bounds.unwrap().1, true)
        } else {
            let n = self.int(1, max_count);
            let t = if n == 1 && self.chance(0.5) {
                String::new()
            } else {
                n.to_string()
            };
            (t, n, false)
        };
        let mut text = format!("{count_text}d{sides}");
        let mut kept = count;
        let mut suffixes = Vec::new();
        if sides >= 2 && self.chance(0.2) {
            let once = if self.chance(0.6) { "o" } else { "" };
            let point = self.low_point(sides);
            suffixes.push(format!("r{once}{point}"));
        }
        if sides >= 2 && self.chance(0.2) {
            let compound = if self.chance(0.2) { "!" } else { "" };
            let depth = if self.chance(0.85) {
                self.int(1, 2).to_string()
            } else {
                String::new()
            };
            let point = if self.chance(0.5) {
                self.high_point(sides)
            } else {
                String::new()
            };
            // A depth followed by a point needs the point's sign (`!2=6`):
            // a bare point after a depth would read as more digits.
            let point = if !depth.is_empty() && point.chars().all(|c| c.is_ascii_digit()) {
                String::new()
            } else {
                point
            };
            suffixes.push(format!("!{compound}{depth}{point}"));
        }
        if keep && count >= 2 && !from_param && self.chance(0.3) {
            let k = self.int(1, count - 1);
            let kind = self.pick(&["kh", "kl", "k", "dh", "dl"]);
            suffixes.push(format!("{kind}{k}"));
            kept = if kind.starts_with('d') { count - k } else { k };
        }
        if suffixes.len() >= 2 && self.chance(0.2) {
            suffixes.reverse();
        }
        for s in suffixes {
            text.push_str(&s);
        }
        Dice {
            text,
            lo: if from_param { 1 } else { kept },
            hi: kept * sides,
        }
    }

    /// Faces a reroll covers: low ones, never every face.
    fn low_point(&mut self, sides: i64) -> String {
        match self.index(5) {
            0 => "1".into(),
            1 => "=1".into(),
            2 => format!("<{}", self.int(2, (sides - 1).max(2))),
            3 => format!("<={}", self.int(1, (sides - 2).max(1))),
            _ => format!("={}", self.int(1, (sides - 2).max(1))),
        }
    }

    /// Faces an explosion covers: high ones, never every face.
    fn high_point(&mut self, sides: i64) -> String {
        match self.index(4) {
            0 => sides.to_string(),
            1 => format!("={sides}"),
            2 => format!(">{}", self.int((sides - 2).max(1), sides - 1)),
            _ => format!(">={}", self.int(sides.max(3) - 1, sides)),
        }
    }
}

/// How many plain dice a roll written as `text` rolls (`2d6 + d10 + 1` is
/// three), or 0 when a term has notation, is a `d66` or is not a plain
/// die or number: only plain dice are read one by one.
pub fn plain_dice(text: &str) -> u32 {
    let mut count = 0u32;
    for term in text.split(' ').filter(|t| *t != "+" && *t != "-") {
        if term.parse::<i64>().is_ok() {
            continue;
        }
        let Some((n, sides)) = term.split_once('d') else {
            return 0;
        };
        let n: u32 = if n.is_empty() {
            1
        } else {
            match n.parse() {
                Ok(n) => n,
                Err(_) => return 0,
            }
        };
        match sides.parse::<u32>() {
            Ok(66 | 666) | Err(_) => return 0,
            Ok(_) => count += n,
        }
    }
    count
}
