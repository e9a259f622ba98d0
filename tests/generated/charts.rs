//! Grids, charts and outcomes: tables (plain rows, `columns CHOICE`,
//! `columns by` with results grids, off-scale rules and shifts), checks,
//! opposed rolls, pools, ladders, and outcomes of every form (the anchors
//! whose expectations the generator states itself are in `anchors`).

use super::dice::Dice;
use super::gen::{ChartInfo, Gen, GridInfo, GridKind, Need, Operand, Scope};
use super::modifiers::{ModCtx, Mods};
use std::fmt::Write;

/// What an outcome may hold where it stands.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct OutCtx {
    /// Fields a row gives (`A | B`); 1 without a `fields` clause.
    pub fields: usize,
    /// `success` and `failure` (a check).
    pub verdicts: bool,
    /// `then again` (a table or check).
    pub again: bool,
}

/// Words a results grid prints.
const PRINTED: &[&str] = &[
    "NE",
    "DR",
    "X",
    "D",
    "AR",
    "DE",
    "EX",
    "1",
    "2R",
    "1/2",
    "3*",
    "\"No effect\"",
];

impl Gen {
    // -- grids -------------------------------------------------------------

    /// The top-level grids: numbers, decimals, targets, dice, shifts.
    pub fn grids(&mut self) {
        self.grid(GridKind::Number);
        for kind in [
            GridKind::Decimal,
            GridKind::Target,
            GridKind::Dice,
            GridKind::Shift,
        ] {
            if self.chance(0.6) {
                self.grid(kind);
            }
        }
    }

    fn grid(&mut self, kind: GridKind) {
        let name = self.name("g");
        let label = self.label("Grid");
        let n_keys = if self.choices.len() >= 2 && self.chance(0.4) {
            2
        } else {
            1
        };
        let first = self.index(self.choices.len());
        let keys: Vec<usize> = if n_keys == 2 {
            vec![first, (first + 1) % self.choices.len()]
        } else {
            vec![first]
        };
        let key_names: Vec<String> = keys.iter().map(|&k| self.choices[k].name.clone()).collect();
        let mut text = format!("grid {name} {label} by {} {{\n", key_names.join(", "));
        let complete = matches!(kind, GridKind::Number | GridKind::Decimal);
        let (row_opts, cols) = if n_keys == 2 {
            (
                self.choices[keys[0]].options.clone(),
                self.choices[keys[1]].options.len(),
            )
        } else {
            (self.choices[keys[0]].options.clone(), 1)
        };
        if cols > 1 {
            text.push_str("  # one column per option of the last key\n");
            self.log.column_choices.push(key_names[1].clone());
        }
        let (mut present, mut missing) = (Vec::new(), Vec::new());
        for (i, o) in row_opts.iter().enumerate() {
            // A missing row is a combination that is not possible.
            if !complete && i > 0 && self.chance(0.15) {
                missing.push(o.clone());
                continue;
            }
            present.push(o.clone());
            let cells: Vec<String> = (0..cols).map(|_| self.grid_cell(kind)).collect();
            writeln!(text, "  {o}: {}", cells.join(" ")).unwrap();
        }
        if self.chance(0.3) {
            let notes = if self.chance(0.5) {
                "\"\"\"Footnote: see the rules.\"\"\"".to_string()
            } else {
                self.label("Footnote")
            };
            writeln!(text, "  notes {notes}").unwrap();
        }
        text.push_str("}\n");
        self.out.push_str(&text);
        let needs = keys.iter().flat_map(|&k| self.choices[k].needs()).collect();
        let columns = if n_keys == 2 {
            self.choices[keys[1]].options.clone()
        } else {
            Vec::new()
        };
        self.log
            .grids
            .push((name.clone(), kind, present, missing, columns));
        self.grids.push(GridInfo { name, kind, needs });
    }

    pub fn grid_cell_of(&mut self, kind: GridKind) -> String {
        self.grid_cell(kind)
    }

    fn grid_cell(&mut self, kind: GridKind) -> String {
        match kind {
            GridKind::Number => {
                let v = self.int(-2, 3);
                if v > 0 && self.chance(0.5) {
                    format!("+{v}")
                } else {
                    v.to_string()
                }
            }
            GridKind::Decimal => self
                .pick(&["0.5", "1.5", "-0.5", "2", "0.25", "+1"])
                .to_string(),
            GridKind::Target => match self.index(8) {
                0 => "-".into(),
                1 => "\"No Test\"".into(),
                _ => self.small_range(1, 6),
            },
            GridKind::Dice => match self.index(6) {
                0 => "-".into(),
                1 => "2d6kh1".into(),
                2 => "d6".into(),
                3 => "1d10".into(),
                _ => format!("{}d6", self.int(1, 3)),
            },
            GridKind::Shift => match self.index(5) {
                0 => "-".into(),
                _ => self.int(0, 2).to_string(),
            },
        }
    }

    // -- outcomes ----------------------------------------------------------

    /// `FIELD | FIELD`, each `A or B`, each `A if C else B`, with follow-ups.
    pub fn outcome(&mut self, sc: &mut Scope, oc: OutCtx) -> String {
        let fields: Vec<String> = (0..oc.fields.max(1)).map(|_| self.field(sc, oc)).collect();
        fields.join(" | ")
    }

    fn field(&mut self, sc: &mut Scope, oc: OutCtx) -> String {
        let a = self.cond_outcome(sc, oc);
        if self.chance(0.1) {
            let b = self.cond_outcome(sc, oc);
            format!("{a} or {b}")
        } else {
            a
        }
    }

    fn cond_outcome(&mut self, sc: &mut Scope, oc: OutCtx) -> String {
        let mut text = self.simple_outcome(sc, oc);
        let n = match self.index(10) {
            0 | 1 => 1,
            2 => 2,
            _ => 0,
        };
        for _ in 0..n {
            let c = self.cond(sc);
            let b = self.simple_outcome(sc, oc);
            write!(text, " if {c} else {b}").unwrap();
        }
        text
    }

    fn simple_outcome(&mut self, sc: &mut Scope, oc: OutCtx) -> String {
        let mut text = self.word();
        if self.chance(0.15) {
            text.push_str(&self.follow_up(sc, oc));
        }
        text
    }

    /// ` then CHART[(args)]` or ` then again [with ARGS]`.
    fn follow_up(&mut self, sc: &mut Scope, oc: OutCtx) -> String {
        if oc.again && (self.charts.is_empty() || self.chance(0.35)) {
            return format!(" then again{}", self.again_with(sc));
        }
        if self.charts.is_empty() {
            return String::new();
        }
        let target = self.pick(&self.charts.clone());
        let mut args = Vec::new();
        for need in &target.needs {
            match need {
                Need::Choice(name, options) => {
                    let o = self.pick(options);
                    args.push(format!("{name}={o}"));
                }
                Need::Param(name, lo, hi) => {
                    // The caller's own param, where its values fit.
                    let fits: Vec<Operand> = sc
                        .operands
                        .iter()
                        .filter(|o| {
                            sc.locals.contains(&o.name)
                                && o.whole
                                && o.bounds.is_some_and(|(l, h)| *lo <= l && h <= *hi)
                        })
                        .cloned()
                        .collect();
                    if !fits.is_empty() && self.chance(0.4) {
                        let o = self.pick(&fits);
                        sc.need(&o.needs);
                        args.push(format!("{name}={}", o.name));
                    } else {
                        let v = self.int(*lo, *hi);
                        args.push(format!("{name}={v}"));
                    }
                }
            }
        }
        if !target.flags.is_empty() && self.chance(0.3) {
            args.push(self.pick(&target.flags));
        }
        for a in &args {
            for part in a.split('=') {
                self.log.referenced.insert(part.to_string());
            }
        }
        if args.is_empty() {
            format!(" then {}", target.name)
        } else {
            format!(" then {}({})", target.name, args.join(", "))
        }
    }

    /// ` with ARGS` for a repeat, half the time: one of the chart's own
    /// fixed modifiers turned on (a member of a `one of` group takes the
    /// place of the one given), one of its own whole params set in its
    /// bounds.
    fn again_with(&mut self, sc: &Scope) -> String {
        let params: Vec<(String, i64, i64)> = sc
            .operands
            .iter()
            .filter(|o| sc.locals.contains(&o.name) && o.whole)
            .filter_map(|o| o.bounds.map(|(lo, hi)| (o.name.clone(), lo, hi)))
            .collect();
        if (sc.own_fixed.is_empty() && params.is_empty()) || self.chance(0.5) {
            return String::new();
        }
        let mut args = Vec::new();
        if !sc.own_fixed.is_empty() {
            args.push(self.pick(&sc.own_fixed));
        }
        if !params.is_empty() && (args.is_empty() || self.chance(0.5)) {
            let (name, lo, hi) = self.pick(&params);
            let v = self.int(lo, hi);
            args.push(format!("{name}={v}"));
        }
        for a in &args {
            let name = a.split('=').next().unwrap_or(a);
            self.log.referenced.insert(name.to_string());
        }
        format!(" with {}", args.join(", "))
    }

    // -- shared clauses ------------------------------------------------------

    /// Local params, flags and choices of a chart, into its scope.
    fn locals(&mut self, sc: &mut Scope, body: &mut String, flags: &mut Vec<String>) {
        let saved = std::mem::take(&mut self.out);
        if self.chance(0.4) {
            let p = self.param_decl(false);
            sc.need(&p.needs);
            sc.locals.push(p.name.clone());
            sc.operands.push(p);
        }
        if self.chance(0.3) {
            let name = self.name("f");
            let label = self.label("flag");
            writeln!(self.out, "flag {name} {label}").unwrap();
            sc.flags.push(name.clone());
            flags.push(name);
        }
        if self.chance(0.25) {
            let c = self.choice_decl();
            // A chart's choice is needed only where it is read.
            sc.choices
                .push((c.name.clone(), c.options.clone(), c.needs()));
        }
        for line in std::mem::replace(&mut self.out, saved).lines() {
            writeln!(body, "  {line}").unwrap();
        }
    }

    /// The modifiers clause of a chart, its names added to the scope.
    fn chart_modifiers(
        &mut self,
        sc: &mut Scope,
        body: &mut String,
        ctx: &ModCtx,
        flags: &mut Vec<String>,
    ) -> Mods {
        let (text, mods) = self.modifiers_clause(sc, ctx);
        body.push_str(&text);
        sc.need(&mods.needs);
        if ctx.sides.is_none() {
            sc.flags.extend(mods.flags.iter().cloned());
            sc.own_fixed.extend(mods.flags.iter().cloned());
            sc.operands.extend(mods.operands.iter().cloned());
            flags.extend(mods.flags.iter().cloned());
        }
        mods
    }

    /// `natural RANGES [if COND] => [also] OUTCOME` lines.
    fn natural_rules(&mut self, sc: &mut Scope, body: &mut String, dice: &Dice, oc: OutCtx) {
        for _ in 0..self.int(1, 2) {
            let r = self.small_range(dice.lo.max(0), dice.hi.max(1));
            let cond = if self.chance(0.3) {
                format!(" if {}", self.cond(sc))
            } else {
                String::new()
            };
            if oc.verdicts && self.chance(0.4) {
                // `success` and `failure` stand alone.
                let v = self.pick(&["success", "failure"]);
                writeln!(body, "  natural {r}{cond} => {v}").unwrap();
                continue;
            }
            let also = if self.chance(0.4) { "also " } else { "" };
            let o = self.outcome(sc, oc);
            writeln!(body, "  natural {r}{cond} => {also}{o}").unwrap();
        }
    }

    fn notes_clause(&mut self, body: &mut String) {
        if self.chance(0.2) {
            body.push_str("  notes \"\"\"\n  A chart's footnote.\n  \"\"\"\n");
        }
    }

    /// Writes the chart and records it as a follow-up target.
    #[allow(clippy::too_many_arguments)] // one call a chart kind: clearer than a struct
    fn finish(
        &mut self,
        kind: &str,
        name: String,
        label: &str,
        body: &str,
        sc: Scope,
        flags: Vec<String>,
        follow: bool,
    ) {
        self.owner = None;
        writeln!(self.out, "{kind} {name} {label} {{\n{body}}}\n").unwrap();
        if follow {
            self.charts.push(ChartInfo {
                name,
                needs: sc.needs,
                flags,
            });
        }
    }

    // -- tables -------------------------------------------------------------

    pub fn table(&mut self) {
        let name = self.name("t");
        self.owner = Some(name.clone());
        let label = self.label("Table");
        let mut sc = self.top_scope();
        sc.operands.extend(self.ladders.clone());
        let mut body = String::new();
        let mut flags = Vec::new();
        let dice = self.roll_dice(&mut sc);
        writeln!(body, "  roll {}", dice.text).unwrap();
        sc.dice = super::dice::plain_dice(&dice.text);
        self.locals(&mut sc, &mut body, &mut flags);
        let shape = self.index(3); // 0 plain, 1 columns CHOICE, 2 columns by
                                   // A `columns by` value that rolls dice of its own; no condition then
                                   // reads the chart's dice one by one (a chart does not do both).
        let column_dice = shape == 2 && self.chance(0.4);
        if column_dice {
            sc.dice = 0;
        }
        let ctx = ModCtx {
            shifts: shape == 2,
            sets: true,
            sides: None,
        };
        if self.chance(0.75) {
            self.chart_modifiers(&mut sc, &mut body, &ctx, &mut flags);
        }
        if self.chance(0.2) {
            writeln!(body, "  cap modifiers at {}", self.int(1, 3)).unwrap();
        }
        let (mut lo, mut hi) = (dice.lo, dice.hi);
        if self.chance(0.2) {
            let (a, b) = (dice.lo, dice.hi.max(dice.lo + 1));
            writeln!(body, "  clamp total to {a}..{b}").unwrap();
            (lo, hi) = (a, b);
        }
        let mut score = false;
        if shape == 0 && self.chance(0.35) {
            let mut ssc = sc.clone();
            ssc.total = true;
            let e = self.expr(&mut ssc, true);
            sc.need(&ssc.needs);
            writeln!(body, "  score {e}").unwrap();
            (lo, hi) = (-2, 8);
            score = true;
        }
        let fields = if shape != 2 && self.chance(0.2) {
            let a = self.name("fd");
            let b = self.name("fd");
            let (la, lb) = (self.label("Field"), self.label("Field"));
            writeln!(body, "  fields {a} {la}, {b} {lb}").unwrap();
            2
        } else {
            1
        };
        let oc = OutCtx {
            fields,
            verdicts: false,
            again: true,
        };
        if self.chance(0.35) {
            self.natural_rules(&mut sc, &mut body, &dice, oc);
        }
        match shape {
            0 => {
                let best = !score || self.chance(0.5);
                self.plain_rows(&mut sc, &mut body, lo, hi, oc, best);
            }
            1 => {
                let (c, options, needs) = self.pick(&sc.choices.clone());
                sc.need(&needs);
                writeln!(body, "  columns {c}").unwrap();
                self.log.column_choices.push(c.clone());
                self.column_refs.clone_from(&options);
                if fields == 1 && self.chance(0.5) {
                    self.results(&mut sc, &mut body, options.len(), lo, hi, oc);
                } else {
                    self.column_rows(&mut sc, &mut body, options.len(), lo, hi, oc);
                }
            }
            _ => {
                let n = self.scale(&mut sc, &mut body, oc, column_dice);
                if self.chance(0.7) {
                    self.results(&mut sc, &mut body, n, lo, hi, oc);
                } else {
                    self.column_rows(&mut sc, &mut body, n, lo, hi, oc);
                }
            }
        }
        self.notes_clause(&mut body);
        self.finish("table", name, &label, &body, sc, flags, true);
    }

    /// `rows { ... }` over every total, and sometimes `best "Row" if COND`.
    fn plain_rows(
        &mut self,
        sc: &mut Scope,
        body: &mut String,
        lo: i64,
        hi: i64,
        oc: OutCtx,
        best: bool,
    ) {
        let n = self.int(2, 4) as usize;
        let rows = self.partition(lo, hi, n);
        // A row below the top one, read where the total goes past it.
        let below_top: Vec<usize> = (0..rows.len())
            .filter(|&i| rows[i].iter().all(|iv| iv.hi.is_some()))
            .collect();
        let best_row = if best && oc.fields == 1 && !below_top.is_empty() && self.chance(0.3) {
            Some(self.pick(&below_top))
        } else {
            None
        };
        let top_first = self.chance(0.5);
        let mut lines = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            let ranges = self.range_set(r);
            let o = if best_row == Some(i) {
                "\"Partial\"".to_string()
            } else {
                self.outcome(sc, oc)
            };
            lines.push(format!("    {ranges} => {o}"));
        }
        if top_first {
            lines.reverse();
        }
        writeln!(body, "  rows {{\n{}\n  }}", lines.join("\n")).unwrap();
        if best_row.is_some() {
            let c = self.cond(sc);
            writeln!(body, "  best \"Partial\" if {c}").unwrap();
        }
    }

    /// Rows of `[ RANGES | RANGES ]`, one cell per column (`-` for none),
    /// and sometimes a top row written once for every column.
    fn column_rows(
        &mut self,
        sc: &mut Scope,
        body: &mut String,
        cols: usize,
        lo: i64,
        hi: i64,
        oc: OutCtx,
    ) {
        let n_rows = self.int(2, 4) as usize;
        let shared_top = if self.chance(0.3) { Some(hi) } else { None };
        let mut cells = vec![vec!["-".to_string(); cols]; n_rows];
        #[allow(clippy::needless_range_loop)] // cells are [row][col]; the loop fills one column
        for col in 0..cols {
            let mut parts = self.partition(lo, hi, n_rows);
            if let Some(top) = shared_top {
                // Cut every column at the shared top row: below it only.
                // (The open interval may share a row with another.)
                parts = self.partition(lo, top - 1, n_rows);
                for iv in parts.iter_mut().flatten() {
                    if iv.hi.is_none() {
                        iv.hi = Some(top - 1);
                    }
                }
                parts.retain(|p| p.iter().all(|iv| iv.lo.map_or(true, |l| l < top)));
            }
            // Assign the parts to rows in order, leaving `-` elsewhere.
            let mut slots: Vec<usize> = (0..n_rows).collect();
            while slots.len() > parts.len() {
                let i = self.index(slots.len());
                slots.remove(i);
            }
            for (p, &row) in parts.iter().zip(&slots) {
                cells[row][col] = self.range_set(p);
            }
        }
        let mut lines = Vec::new();
        for row in cells {
            if row.iter().all(|c| c == "-") {
                continue;
            }
            let o = self.outcome(sc, oc);
            lines.push(format!("    [ {} ] => {o}", row.join(" | ")));
        }
        if let Some(top) = shared_top {
            let o = self.outcome(sc, oc);
            lines.push(format!("    {top} or more => {o}"));
        }
        writeln!(body, "  rows {{\n{}\n  }}", lines.join("\n")).unwrap();
    }

    /// `results { ROLLS: CELLS ... }` over every total, with `- => OUTCOME`
    /// when a `-` is printed.
    fn results(
        &mut self,
        sc: &mut Scope,
        body: &mut String,
        cols: usize,
        lo: i64,
        hi: i64,
        oc: OutCtx,
    ) {
        let n = self.int(2, 4) as usize;
        let lines_iv = self.partition(lo, hi, n);
        let mut dash = false;
        let mut text = String::from("  results {\n    # one cell per column\n");
        let whole_line = if self.chance(0.3) {
            Some(self.index(lines_iv.len()))
        } else {
            None
        };
        for (i, iv) in lines_iv.iter().enumerate() {
            let ranges = self.range_set(iv);
            if whole_line == Some(i) {
                let o = self.outcome(sc, oc);
                writeln!(text, "    {ranges} => {o}").unwrap();
                continue;
            }
            let mut cells = Vec::new();
            let mut refs = Vec::new();
            for col in 0..cols {
                cells.push(match self.index(10) {
                    0 => {
                        dash = true;
                        "-".to_string()
                    }
                    1 => {
                        let a = self.pick(PRINTED);
                        let c = self.cond(sc);
                        let b = self.pick(PRINTED);
                        format!("{a} if {c} else {b}")
                    }
                    _ => {
                        if let Some(r) = self.column_refs.get(col) {
                            refs.push(r.clone());
                        }
                        self.pick(PRINTED).to_string()
                    }
                });
            }
            writeln!(text, "    {ranges}: {}", cells.join("  ")).unwrap();
            if let (Some(owner), false) = (self.owner.clone(), refs.is_empty()) {
                self.log
                    .results
                    .push((owner, iv.clone(), refs, ranges.clone()));
            }
        }
        text.push_str("  }\n");
        body.push_str(&text);
        if dash {
            let o = self.outcome(sc, oc);
            writeln!(body, "  - => {o}").unwrap();
        }
    }

    /// `columns by VALUE: KEYS`, off-scale rules and `shifts past edges`
    /// (`column_dice`: the value adds dice, `column_dice.rs`); returns the number of columns.
    fn scale(&mut self, sc: &mut Scope, body: &mut String, oc: OutCtx, column_dice: bool) -> usize {
        let divisors: Vec<Operand> = sc
            .operands
            .iter()
            .filter(|o| o.bounds.is_some_and(|(lo, _)| lo >= 1) && o.name.starts_with('p'))
            .cloned()
            .collect();
        let ratio = self.chance(0.4);
        let (value, keys): (String, Vec<String>) = if ratio {
            let b = if divisors.is_empty() {
                let p = self.local_param(sc, body, true);
                p.name
            } else {
                let d = self.pick(&divisors);
                sc.need(&d.needs);
                d.name
            };
            let a = self.expr(sc, false);
            let all = ["1-2", "1-1.5", "1-1", "1.5-1", "2-1", "3-1", "4-1"];
            (format!("ratio {a} to {b}"), self.ascending(&all))
        } else {
            let mut e = self.expr(sc, false);
            if column_dice {
                e = format!("{e} {}", self.column_dice(sc));
            }
            let all = ["-1", "0", "0.5", "1", "+2", "3", "4", "6", "8"];
            (e, self.ascending(&all))
        };
        let mut heads = Vec::new();
        let mut keys = keys;
        for i in 0..keys.len() {
            let open = i + 1 == keys.len() && !ratio && self.chance(0.3);
            if open {
                keys[i].push('+');
            }
            let k = keys[i].clone();
            if self.chance(0.2) {
                heads.push(format!("{k} \"col {k}\""));
            } else {
                heads.push(k);
            }
        }
        writeln!(body, "  columns by {value}: {}", heads.join(" ")).unwrap();
        self.column_refs.clone_from(&keys);
        let open_last = heads
            .last()
            .is_some_and(|h| h.split(' ').next().unwrap().ends_with('+'));
        if self.chance(0.6) {
            let rule = self.off_table_rule(sc, &keys, oc);
            writeln!(body, "  below columns => {rule}").unwrap();
        }
        if !open_last && self.chance(0.5) {
            let beyond = if ratio { "9-1" } else { "12" };
            let rule = self.off_table_rule(sc, &keys, oc);
            writeln!(body, "  beyond {beyond} => {rule}").unwrap();
        }
        if self.chance(0.3) {
            body.push_str("  shifts past edges\n");
        }
        keys.len()
    }

    /// `read KEY [with ±N]` or an outcome.
    fn off_table_rule(&mut self, sc: &mut Scope, keys: &[String], oc: OutCtx) -> String {
        if self.chance(0.5) {
            let k = self.pick(keys);
            match self.index(3) {
                0 => format!("read {k}"),
                1 => format!("read {k} with -1"),
                _ => format!("read {k} with +1"),
            }
        } else {
            self.outcome(sc, oc)
        }
    }

    /// Two to four of `all`, in order.
    fn ascending(&mut self, all: &[&str]) -> Vec<String> {
        let n = self.int(2, 4) as usize;
        let mut picked: Vec<usize> = Vec::new();
        while picked.len() < n {
            let i = self.index(all.len());
            if !picked.contains(&i) {
                picked.push(i);
            }
        }
        picked.sort_unstable();
        picked.iter().map(|&i| all[i].to_string()).collect()
    }

    /// A local param declared in the body (positive: a divisor or a count).
    fn local_param(&mut self, sc: &mut Scope, body: &mut String, positive: bool) -> Operand {
        let saved = std::mem::take(&mut self.out);
        let p = self.param_decl(positive);
        let text = std::mem::replace(&mut self.out, saved);
        write!(body, "  {text}").unwrap();
        sc.need(&p.needs);
        sc.locals.push(p.name.clone());
        sc.operands.push(p.clone());
        p
    }

    // -- checks ---------------------------------------------------------------

    pub fn check(&mut self) {
        let name = self.name("k");
        self.owner = Some(name.clone());
        let label = self.label("Check");
        let mut sc = self.top_scope();
        sc.operands.extend(self.ladders.clone());
        let mut body = String::new();
        let mut flags = Vec::new();
        let dice = self.roll_dice(&mut sc);
        writeln!(body, "  roll {}", dice.text).unwrap();
        sc.dice = super::dice::plain_dice(&dice.text);
        self.locals(&mut sc, &mut body, &mut flags);
        if self.chance(0.7) {
            let ctx = ModCtx {
                sets: true,
                ..ModCtx::default()
            };
            self.chart_modifiers(&mut sc, &mut body, &ctx, &mut flags);
        }
        let target = self.target(&mut sc, &dice, true);
        writeln!(body, "  succeed on {target}").unwrap();
        let oc = OutCtx {
            fields: 1,
            verdicts: false,
            again: true,
        };
        if self.chance(0.5) {
            let o = self.outcome(&mut sc, oc);
            writeln!(body, "  success {o}").unwrap();
        }
        if self.chance(0.5) {
            let o = self.outcome(&mut sc, oc);
            writeln!(body, "  failure {o}").unwrap();
        }
        if self.chance(0.4) {
            let oc = OutCtx {
                verdicts: true,
                ..oc
            };
            self.natural_rules(&mut sc, &mut body, &dice, oc);
        }
        self.notes_clause(&mut body);
        self.finish("check", name, &label, &body, sc, flags, true);
    }

    /// A target: `at least EXPR`, `at most EXPR [+ modifiers]`, `more than`,
    /// `less than`, ranges, `GRID [+|- EXPR]`.
    fn target(&mut self, sc: &mut Scope, dice: &Dice, check: bool) -> String {
        let grids: Vec<GridInfo> = self
            .grids
            .iter()
            .filter(|g| g.kind == GridKind::Target)
            .cloned()
            .collect();
        let mut tsc = sc.clone();
        tsc.net = check;
        let t = match self.index(7) {
            0 => format!("at least {}", self.expr(&mut tsc, false)),
            1 => format!("at most {}", self.expr(&mut tsc, false)),
            2 => format!("more than {}", self.expr(&mut tsc, false)),
            3 => format!("less than {}", self.expr(&mut tsc, false)),
            4 if !grids.is_empty() => {
                let g = self.pick(&grids);
                tsc.need(&g.needs);
                match self.index(3) {
                    0 => format!("{} + {}", g.name, self.expr(&mut tsc, false)),
                    1 => format!("{} - {}", g.name, self.expr(&mut tsc, false)),
                    _ => g.name,
                }
            }
            5 if check => format!("at most {} + modifiers", self.expr(&mut tsc, false)),
            _ => self.small_range(dice.lo.max(0), dice.hi.max(1)),
        };
        sc.need(&tsc.needs);
        t
    }

    // -- opposed rolls --------------------------------------------------------

    pub fn opposed(&mut self) {
        let name = self.name("v");
        let label = self.label("Opposed");
        let mut sc = self.top_scope();
        let mut body = String::new();
        let (a, b) = (self.name("sa"), self.name("sb"));
        let (la, lb) = (self.label("Side"), self.label("Side"));
        writeln!(body, "  sides {a} {la}, {b} {lb}").unwrap();
        let dice = self.roll_dice(&mut sc);
        writeln!(body, "  roll {}", dice.text).unwrap();
        let fields = if self.chance(0.6) {
            writeln!(body, "  fields {a} {la}, {b} {lb}").unwrap();
            2
        } else {
            1
        };
        let ctx = ModCtx {
            shifts: false,
            sets: false,
            sides: Some((a, b)),
        };
        let mut flags = Vec::new();
        if self.chance(0.8) {
            self.chart_modifiers(&mut sc, &mut body, &ctx, &mut flags);
        }
        let oc = OutCtx {
            fields,
            verdicts: false,
            again: false,
        };
        let spread = dice.hi - dice.lo;
        self.plain_rows(&mut sc, &mut body, -spread, spread, oc, false);
        self.notes_clause(&mut body);
        self.finish("opposed", name, &label, &body, sc, flags, false);
    }

    // -- pools ------------------------------------------------------------------

    pub fn pool(&mut self) {
        let name = self.name("q");
        self.owner = Some(name.clone());
        let label = self.label("Pool");
        let mut sc = self.top_scope();
        let mut body = String::new();
        let mut flags = Vec::new();
        if self.chance(0.3) {
            self.local_param(&mut sc, &mut body, true);
        }
        let dice_grids: Vec<GridInfo> = self
            .grids
            .iter()
            .filter(|g| g.kind == GridKind::Dice)
            .cloned()
            .collect();
        let dice = if !dice_grids.is_empty() && self.chance(0.25) {
            let g = self.pick(&dice_grids);
            sc.need(&g.needs);
            Dice {
                text: g.name,
                lo: 1,
                hi: 6,
            }
        } else {
            self.pool_dice(&mut sc)
        };
        writeln!(body, "  roll {}", dice.text).unwrap();
        if self.chance(0.5) {
            let ctx = ModCtx {
                sets: true,
                ..ModCtx::default()
            };
            self.chart_modifiers(&mut sc, &mut body, &ctx, &mut flags);
        }
        let first = self.name("h");
        let target = self.target(&mut sc, &dice, false);
        let l = self.label("hits");
        writeln!(body, "  count {first} {l} on {target}").unwrap();
        let mut counts = vec![first];
        for _ in 0..self.int(0, 2) {
            // Each stage rolls for the count just before it.
            let from = counts.last().unwrap().clone();
            let next = self.name("h");
            let d = if !dice_grids.is_empty() && self.chance(0.2) {
                let g = self.pick(&dice_grids);
                sc.need(&g.needs);
                Dice {
                    text: g.name,
                    lo: 1,
                    hi: 6,
                }
            } else {
                let mut psc = Scope::default();
                self.dice_term(&mut psc, 2)
            };
            let t = self.target(&mut sc, &d, false);
            let once = if self.chance(0.3) { " once" } else { "" };
            let l = self.label("converted");
            writeln!(
                body,
                "  per {from} roll {} count {next} {l} on {t}{once}",
                d.text
            )
            .unwrap();
            counts.push(next);
        }
        if self.chance(0.4) {
            let n = self.int(1, counts.len() as i64) as usize;
            let mut names = counts.clone();
            while names.len() > n {
                let i = self.index(names.len());
                names.remove(i);
            }
            if self.chance(0.3) {
                names.reverse();
            }
            writeln!(body, "  report {}", names.join(", ")).unwrap();
        }
        self.notes_clause(&mut body);
        self.finish("pool", name, &label, &body, sc, flags, true);
    }

    // -- ladders --------------------------------------------------------------

    /// A ladder: steps one way, a start, modifiers, `at most [if]`; charts
    /// written after it may read it.
    pub fn ladder(&mut self) {
        let name = self.name("l");
        self.owner = Some(name.clone());
        let label = self.label("Ladder");
        let mut sc = self.top_scope();
        sc.operands.extend(self.ladders.clone());
        let mut body = String::new();
        let mut flags = Vec::new();
        let decimal = self.chance(0.3);
        let mut steps: Vec<String> = if decimal {
            vec!["4", "2", "1", "0.5", "0.25"]
        } else {
            vec!["8", "6", "4", "3", "2", "1"]
        }
        .into_iter()
        .map(String::from)
        .collect();
        let keep = self.int(3, steps.len() as i64) as usize;
        steps.truncate(keep);
        if self.chance(0.4) {
            steps.reverse();
        }
        let written: Vec<String> = steps
            .iter()
            .map(|s| {
                if self.chance(0.25) {
                    format!("{s} \"step {s}\"")
                } else {
                    s.clone()
                }
            })
            .collect();
        writeln!(body, "  steps {}", written.join(", ")).unwrap();
        self.locals(&mut sc, &mut body, &mut flags);
        let start = self.expr(&mut sc, false);
        writeln!(body, "  start {start}").unwrap();
        if self.chance(0.7) {
            let ctx = ModCtx::default();
            self.chart_modifiers(&mut sc, &mut body, &ctx, &mut flags);
        }
        if self.chance(0.4) {
            let cap = self.expr(&mut sc, false);
            let cond = if self.chance(0.5) {
                format!(" if {}", self.cond(&mut sc))
            } else {
                String::new()
            };
            writeln!(body, "  at most {cap}{cond}").unwrap();
        }
        self.notes_clause(&mut body);
        self.ladders.push(Operand {
            name: name.clone(),
            whole: !decimal,
            needs: sc.needs.clone(),
            bounds: None,
        });
        self.finish("ladder", name, &label, &body, sc, flags, false);
    }
}
