//! Modifiers: fixed, parametric (`±r`, `+-r`, `+r`, `-r`, bounds, defaults,
//! `from GRID`), counted and capped, column shifts of every form, `always`,
//! `if`/`unless`, `one of` groups, sections (`subtract`), `use SET [if]`,
//! `for each`/`for SIDE`, and top-level modifier sets with notes.

use super::gen::{Gen, GridKind, Need, Operand, Scope, SetInfo};
use std::fmt::Write;

/// Where a modifiers block stands.
#[derive(Clone, Debug, Default)]
pub(super) struct ModCtx {
    /// Column shifts are allowed (a `columns by` table).
    pub shifts: bool,
    /// Top-level sets may be used.
    pub sets: bool,
    /// An opposed roll's sides (`for each`, `for SIDE`).
    pub sides: Option<(String, String)>,
}

/// What a modifiers block declares.
#[derive(Clone, Debug, Default)]
pub(super) struct Mods {
    /// Fixed modifiers and shifts: flags in conditions.
    pub flags: Vec<String>,
    /// Parametric and counted modifiers: numbers in expressions.
    pub operands: Vec<Operand>,
    /// What rolling needs given.
    pub needs: Vec<Need>,
    /// Sets used (each once a chart).
    pub used: Vec<String>,
}

impl Gen {
    /// `modifiers { ... }` inside a chart, and what it declares.
    pub fn modifiers_clause(&mut self, sc: &mut Scope, ctx: &ModCtx) -> (String, Mods) {
        let mut mods = Mods::default();
        let mut text = String::from("  modifiers {\n");
        if let Some((a, b)) = ctx.sides.clone() {
            let inner = ModCtx {
                sides: None,
                ..ctx.clone()
            };
            for side in ["each".to_string(), a, b] {
                if side == "each" || self.chance(0.6) {
                    let body = self.entries(sc, &inner, &mut mods, 6, 0);
                    writeln!(text, "    for {side} {{\n{body}    }}").unwrap();
                }
            }
        } else {
            text.push_str(&self.entries(sc, ctx, &mut mods, 4, 0));
        }
        text.push_str("  }\n");
        (text, mods)
    }

    /// One to three entries of a block.
    fn entries(
        &mut self,
        sc: &mut Scope,
        ctx: &ModCtx,
        mods: &mut Mods,
        indent: usize,
        depth: u32,
    ) -> String {
        let pad = " ".repeat(indent);
        let mut text = String::new();
        let n = self.int(1, 3);
        for _ in 0..n {
            match self.index(10) {
                0 if depth == 0 => {
                    let heading = if self.chance(0.7) {
                        format!(" {}", self.label("Use only one"))
                    } else {
                        String::new()
                    };
                    let app = self.applicability(sc);
                    writeln!(text, "{pad}one of{heading}{app} {{").unwrap();
                    for _ in 0..self.int(2, 3) {
                        let m = self.modifier(sc, ctx, mods, true);
                        writeln!(text, "{pad}  {m}").unwrap();
                    }
                    writeln!(text, "{pad}}}").unwrap();
                }
                1 if depth == 0 => {
                    let heading = self.label("Section");
                    let sub = if self.chance(0.4) { " subtract" } else { "" };
                    let app = self.applicability(sc);
                    let body = self.entries(sc, ctx, mods, indent + 2, depth + 1);
                    write!(text, "{pad}section {heading}{sub}{app} {{\n{body}{pad}}}\n").unwrap();
                }
                2 if ctx.sets && !self.sets.is_empty() => {
                    let set = self.pick(&self.sets.clone());
                    if mods.used.contains(&set.name) {
                        continue;
                    }
                    mods.used.push(set.name.clone());
                    mods.flags.extend(set.flags.iter().cloned());
                    mods.operands.extend(set.operands.iter().cloned());
                    mods.needs.extend(set.needs.iter().cloned());
                    let cond = if self.chance(0.4) {
                        format!(" if {}", self.cond(sc))
                    } else {
                        String::new()
                    };
                    writeln!(text, "{pad}use {}{cond}", set.name).unwrap();
                }
                _ => {
                    let before = mods.flags.len();
                    let m = self.modifier(sc, ctx, mods, false);
                    let plain =
                        !m.contains(" if ") && !m.contains(" unless ") && !m.contains(" from ");
                    if let (Some(owner), 0, true) = (self.owner.clone(), depth, plain) {
                        let name = m.split(' ').next().unwrap().to_string();
                        let fixed = mods.flags.len() > before
                            && !m.split(' ').nth(1).unwrap().ends_with(['L', 'R']);
                        self.log.mods.push((owner, name, fixed));
                    }
                    writeln!(text, "{pad}{m}").unwrap();
                }
            }
        }
        text
    }

    /// ` if COND`, ` unless COND` or nothing.
    fn applicability(&mut self, sc: &mut Scope) -> String {
        match self.index(6) {
            0 => format!(" if {}", self.cond(sc)),
            1 => format!(" unless {}", self.cond(sc)),
            _ => String::new(),
        }
    }

    /// `NAME VALUE "label" [if|unless COND] [always]`.
    fn modifier(&mut self, sc: &mut Scope, ctx: &ModCtx, mods: &mut Mods, grouped: bool) -> String {
        let name = self.name("m");
        let label = self.label("modifier");
        let mut fixed = false;
        let value = match self.index(if ctx.shifts { 9 } else { 6 }) {
            0 | 1 => {
                fixed = true;
                mods.flags.push(name.clone());
                let v = self.int(-2, 3);
                if v >= 0 {
                    format!("+{v}")
                } else {
                    v.to_string()
                }
            }
            2 | 3 => self.param_modifier(&name, grouped, false, mods),
            4 => {
                let k = self.pick(&["+1", "-1", "+2"]);
                let cap = match k {
                    "+1" if self.chance(0.6) => format!(" (max +{})", self.int(1, 3)),
                    "-1" if self.chance(0.5) => format!(" (max -{})", self.int(1, 3)),
                    _ => String::new(),
                };
                mods.operands.push(Operand {
                    name: name.clone(),
                    whole: true,
                    needs: Vec::new(),
                    bounds: Some((0, 3)),
                });
                format!("{k} each{cap}")
            }
            5 => {
                fixed = true;
                mods.flags.push(name.clone());
                format!("{}", self.int(-1, 2))
            }
            6 => {
                fixed = true;
                mods.flags.push(name.clone());
                let side = self.pick(&["L", "R"]);
                format!("{}{side}", self.int(1, 2))
            }
            7 => self.param_modifier(&name, grouped, true, mods),
            _ => {
                let side = self.pick(&["L", "R"]);
                mods.operands.push(Operand {
                    name: name.clone(),
                    whole: true,
                    needs: Vec::new(),
                    bounds: Some((0, 3)),
                });
                if self.chance(0.5) {
                    format!("1{side} each (max {}{side})", self.int(1, 2))
                } else {
                    format!("1{side} each")
                }
            }
        };
        let app = self.applicability(sc);
        let always = if fixed && !grouped && self.chance(0.25) {
            if !app.is_empty() && self.chance(0.5) {
                return format!("{name} {value} {label} always{app}");
            }
            " always"
        } else {
            ""
        };
        format!("{name} {value} {label}{app}{always}")
    }

    /// `±r [in LO..HI] [default N] [from GRID [at OPTION]]`, `rL`, `rR`.
    fn param_modifier(
        &mut self,
        name: &str,
        grouped: bool,
        shift: bool,
        mods: &mut Mods,
    ) -> String {
        let sign = if shift {
            self.pick(&["rL", "rR"])
        } else {
            self.pick(&["±r", "+-r", "+r", "-r"])
        };
        let grid_kind = if shift {
            GridKind::Shift
        } else {
            GridKind::Number
        };
        let grids: Vec<_> = self
            .grids
            .iter()
            .filter(|g| g.kind == grid_kind)
            .cloned()
            .collect();
        let (lo, hi) = if shift || sign == "+r" || sign == "-r" {
            (0, self.int(1, 3))
        } else {
            (self.int(-2, 0), self.int(0, 2))
        };
        let mut text = sign.to_string();
        let bounded = self.chance(0.8);
        if bounded {
            write!(text, " in {lo}..{hi}").unwrap();
        }
        let mut needed = !grouped;
        if self.chance(0.4) {
            write!(text, " default {}", self.int(lo, hi)).unwrap();
            needed = false;
        }
        if !grids.is_empty() && self.chance(0.35) {
            let g = self.pick(&grids);
            write!(text, " from {}", g.name).unwrap();
            // A grid of two keys may be read at one key's option (a row or
            // a column of a shift table): the situation gives the other.
            let fixed = (g.needs.len() > 1 && self.chance(0.5)).then(|| self.index(g.needs.len()));
            for (k, need) in g.needs.iter().enumerate() {
                match (fixed, need) {
                    (Some(f), Need::Choice(_, options)) if f == k && !options.is_empty() => {
                        let option = self.pick(options);
                        write!(text, " at {option}").unwrap();
                    }
                    _ => mods.needs.push(need.clone()),
                }
            }
            needed = false;
        }
        if needed {
            let (l, h) = if bounded { (lo, hi) } else { (0, 2) };
            mods.needs.push(Need::Param(name.to_string(), l, h));
        }
        mods.operands.push(Operand {
            name: name.to_string(),
            whole: true,
            needs: Vec::new(),
            bounds: if bounded { Some((lo, hi)) } else { None },
        });
        text
    }

    /// A top-level `modifiers NAME "Label" { ... notes }`.
    pub fn modifier_set(&mut self) {
        let name = self.name("s");
        self.owner = Some(name.clone());
        let label = self.label("Modifier set");
        let mut sc = self.top_scope();
        let ctx = ModCtx::default();
        let mut mods = Mods::default();
        let body = self.entries(&mut sc, &ctx, &mut mods, 2, 0);
        self.owner = None;
        let notes = if self.chance(0.5) {
            format!("  notes {}\n", self.label("Set notes"))
        } else {
            String::new()
        };
        writeln!(self.out, "modifiers {name} {label} {{\n{body}{notes}}}\n").unwrap();
        let mut needs = mods.needs;
        for n in sc.needs {
            if !needs.contains(&n) {
                needs.push(n);
            }
        }
        self.sets.push(SetInfo {
            name,
            flags: mods.flags,
            operands: mods.operands,
            needs,
        });
    }
}
