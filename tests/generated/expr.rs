//! Expressions and conditions: every operator, function, `(A if C else B)`
//! and kind of operand, kept whole where the language needs a whole number
//! (a score) by `floor`, `ceil` and `round`. Divisors are positive
//! constants, so no expression divides by zero.

use super::gen::{Gen, Scope};

/// How deep expressions and conditions nest.
const DEPTH: u32 = 2;

impl Gen {
    /// An expression; `whole` keeps its value a whole number.
    pub fn expr(&mut self, sc: &mut Scope, whole: bool) -> String {
        self.expr_at(sc, whole, 0)
    }

    fn expr_at(&mut self, sc: &mut Scope, whole: bool, depth: u32) -> String {
        if depth >= DEPTH {
            return self.atom(sc, whole);
        }
        let d = depth + 1;
        match self.index(14) {
            0..=4 => self.atom(sc, whole),
            5 => {
                let op = self.pick(&["+", "-", "*"]);
                let a = self.expr_at(sc, whole, d);
                let b = self.expr_at(sc, whole, d);
                format!("{a} {op} {b}")
            }
            6 if !whole => {
                let a = self.expr_at(sc, false, d);
                let k = self.pick(&["2", "3", "10", "0.5", "1.5"]);
                format!("{a} / {k}")
            }
            6 => {
                // A whole quotient: rounded.
                let f = self.pick(&["floor", "ceil", "round"]);
                let a = self.expr_at(sc, false, d);
                let k = self.pick(&["2", "3", "4"]);
                format!("{f}({a} / {k})")
            }
            7 => {
                let a = self.expr_at(sc, whole, d);
                format!("-{a}")
            }
            8 => {
                let f = self.pick(&["floor", "ceil", "round"]);
                let a = self.expr_at(sc, false, d);
                format!("{f}({a})")
            }
            9 => {
                let f = self.pick(&["min", "max"]);
                let n = self.int(2, 3);
                let args: Vec<String> = (0..n).map(|_| self.expr_at(sc, whole, d)).collect();
                format!("{f}({})", args.join(", "))
            }
            10 => {
                let x = self.expr_at(sc, whole, d);
                let lo = self.int(-1, 2);
                let hi = lo + self.int(0, 4);
                format!("clamp({x}, {lo}, {hi})")
            }
            11 => {
                let a = self.expr_at(sc, whole, d);
                let c = self.cond_at(sc, d);
                let b = self.expr_at(sc, whole, d);
                format!("({a} if {c} else {b})")
            }
            _ => {
                let a = self.expr_at(sc, whole, d);
                format!("({a})")
            }
        }
    }

    /// One operand.
    fn atom(&mut self, sc: &mut Scope, whole: bool) -> String {
        if sc.dice > 0 && self.chance(0.08) {
            return format!("die {}", self.int(1, i64::from(sc.dice)));
        }
        let candidates: Vec<usize> = (0..sc.operands.len())
            .filter(|&i| !whole || sc.operands[i].whole)
            .collect();
        match self.index(10) {
            0..=3 if !candidates.is_empty() => {
                let i = self.pick(&candidates);
                let op = sc.operands[i].clone();
                sc.need(&op.needs);
                self.log.referenced.insert(op.name.clone());
                op.name
            }
            4 if sc.total => self.pick(&["total", "natural"]).to_string(),
            5 if sc.net => "modifiers".to_string(),
            6 if !whole => self.pick(&["0.5", "1.5", "2.25"]).to_string(),
            _ => self.int(0, 6).to_string(),
        }
    }

    /// A condition.
    pub fn cond(&mut self, sc: &mut Scope) -> String {
        self.cond_at(sc, 0)
    }

    fn cond_at(&mut self, sc: &mut Scope, depth: u32) -> String {
        let a = self.cond_atom(sc, depth);
        let a = if self.chance(0.12) {
            format!("not {a}")
        } else {
            a
        };
        if depth < DEPTH && self.chance(0.3) {
            let op = self.pick(&["and", "or"]);
            let b = self.cond_atom(sc, depth + 1);
            let b = if self.chance(0.15) {
                format!("not {b}")
            } else {
                b
            };
            format!("{a} {op} {b}")
        } else {
            a
        }
    }

    fn cond_atom(&mut self, sc: &mut Scope, depth: u32) -> String {
        if sc.dice >= 2 && self.chance(0.08) {
            return "doubles".into();
        }
        match self.index(9) {
            0 | 1 if !sc.flags.is_empty() => {
                let f = self.pick(&sc.flags);
                self.log.referenced.insert(f.clone());
                f
            }
            2 | 3 if !sc.choices.is_empty() => {
                let (name, options, needs) = self.pick(&sc.choices);
                sc.need(&needs);
                if self.chance(0.5) {
                    let o = self.pick(&options);
                    let op = self.pick(&["=", "!="]);
                    format!("{name} {op} {o}")
                } else {
                    let n = self.int(1, options.len() as i64 - 1) as usize;
                    let picked: Vec<String> = options.iter().take(n).cloned().collect();
                    format!("{name} in [{}]", picked.join(", "))
                }
            }
            4 if depth < DEPTH => {
                let c = self.cond_at(sc, depth + 1);
                format!("({c})")
            }
            _ => {
                let a = self.expr_at(sc, false, depth + 1);
                let op = self.pick(&["=", "!=", "<", "<=", ">", ">="]);
                let b = self.expr_at(sc, false, depth + 1);
                format!("{a} {op} {b}")
            }
        }
    }
}
