//! The generator's state and the file as a whole: the header, top-level
//! choices, flags, params, grids, modifier sets, ladders, charts, notes and
//! expectations, written in an order where every name is declared before
//! it is used (the language does not need it; the generator does, to know
//! what each chart reads).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt::Write;

/// How large a generated game is.
#[derive(Clone, Debug)]
pub struct Config {
    /// Random charts besides the fixed anchors (tables, checks, opposed
    /// rolls, pools, ladders).
    pub charts: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config { charts: 5 }
    }
}

/// Something a chart needs given when it is rolled (or passed by a caller
/// that follows it up): a choice without a default, or a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Need {
    Choice(String, Vec<String>),
    Param(String, i64, i64),
}

/// A top-level choice.
#[derive(Clone, Debug)]
pub(super) struct ChoiceInfo {
    pub name: String,
    pub options: Vec<String>,
}

impl ChoiceInfo {
    /// What reading it needs: the checker asks a follow-up's caller to
    /// pass every choice the follow-up reads, default or not.
    pub fn needs(&self) -> Vec<Need> {
        vec![Need::Choice(self.name.clone(), self.options.clone())]
    }
}

/// What a grid's cells hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GridKind {
    /// Whole numbers, no `-`: expressions and `±r from`.
    Number,
    /// Numbers with decimals: expressions only.
    Decimal,
    /// Ranges, text or `-`: `succeed on` and `count ... on`.
    Target,
    /// Dice or `-`: a pool's roll.
    Dice,
    /// Whole numbers 0..2 or `-`: `rL from`.
    Shift,
}

/// A top-level grid.
#[derive(Clone, Debug)]
pub(super) struct GridInfo {
    pub name: String,
    pub kind: GridKind,
    pub needs: Vec<Need>,
}

/// A numeric operand an expression may name, with what naming it needs.
#[derive(Clone, Debug)]
pub(super) struct Operand {
    pub name: String,
    pub whole: bool,
    pub needs: Vec<Need>,
    /// Bounds when known (params): the number of dice, a ratio's divisor.
    pub bounds: Option<(i64, i64)>,
}

/// A top-level modifier set.
#[derive(Clone, Debug)]
pub(super) struct SetInfo {
    pub name: String,
    pub flags: Vec<String>,
    pub operands: Vec<Operand>,
    pub needs: Vec<Need>,
}

/// A chart another may follow up.
#[derive(Clone, Debug)]
pub(super) struct ChartInfo {
    pub name: String,
    pub needs: Vec<Need>,
    pub flags: Vec<String>,
}

/// What a chart may name while it is written.
#[derive(Clone, Debug, Default)]
pub(super) struct Scope {
    /// Flags and fixed modifiers, with what naming them needs (nothing).
    pub flags: Vec<String>,
    /// Choices, with what reading them needs.
    pub choices: Vec<(String, Vec<String>, Vec<Need>)>,
    /// Numbers.
    pub operands: Vec<Operand>,
    /// `total` and `natural` may be read (a score).
    pub total: bool,
    /// `modifiers` may be read (a check's target).
    pub net: bool,
    /// How many plain dice the chart rolls, which `die N` and `doubles`
    /// may read (0: none may be read).
    pub dice: u32,
    /// What the chart read that has no default.
    pub needs: Vec<Need>,
    /// The chart's own params (a follow-up may be passed one by name).
    pub locals: Vec<String>,
    /// The chart's own fixed modifiers and shifts (in a group or not): what
    /// `then again with` may turn on.
    pub own_fixed: Vec<String>,
}

impl Scope {
    pub fn need(&mut self, needs: &[Need]) {
        for n in needs {
            if !self.needs.contains(n) {
                self.needs.push(n.clone());
            }
        }
    }
}

/// A grid as a variant sees it: name, kind, row labels present, row
/// labels missing, columns.
pub(super) type GridLog = (String, GridKind, Vec<String>, Vec<String>, Vec<String>);

/// What a variant of the file may change, recorded while it is written.
#[derive(Clone, Debug, Default)]
pub(super) struct Log {
    /// The anchor table: its name, rows (low to high) and outcome texts.
    pub anchor: Option<(String, Vec<Vec<super::ranges::Interval>>)>,
    /// Modifiers at the top of a block: owner, name, fixed (a number);
    /// only those without a condition or a grid.
    pub mods: Vec<(String, String, bool)>,
    /// Names read anywhere (expressions, conditions, follow-up arguments).
    pub referenced: std::collections::HashSet<String>,
    /// Choices that key columns (a table's, a grid's last key).
    pub column_choices: Vec<String>,
    /// Grids: name, kind, row labels present, row labels missing, columns.
    pub grids: Vec<GridLog>,
    /// Results grids: chart, a line's intervals, column references (of
    /// the cells that are not `-`), the line as written.
    pub results: Vec<(String, Vec<super::ranges::Interval>, Vec<String>, String)>,
    /// The anchor's rows as written.
    pub anchor_text: Vec<String>,
    /// The top-level notes.
    pub notes: Option<String>,
}

/// The generator.
pub(crate) struct Gen {
    pub rng: Xoshiro256PlusPlus,
    pub config: Config,
    pub out: String,
    next_id: u32,
    pub choices: Vec<ChoiceInfo>,
    pub flags: Vec<String>,
    pub params: Vec<Operand>,
    pub grids: Vec<GridInfo>,
    pub sets: Vec<SetInfo>,
    pub ladders: Vec<Operand>,
    pub charts: Vec<ChartInfo>,
    /// Expectations written after the charts.
    pub expects: Vec<String>,
    /// What a variant may change.
    pub log: Log,
    /// The chart or set whose modifiers are being written, if a variant
    /// may name them (`OWNER.NAME`).
    pub owner: Option<String>,
    /// How the columns of the table being written are named.
    pub column_refs: Vec<String>,
    /// Spans are written lowest first (`2 to 4`, never `4 to 2`).
    pub ascending: bool,
}

/// Outcome words: a small vocabulary, so that outcomes merge.
const WORDS: &[&str] = &[
    "No effect",
    "Pinned",
    "Knocked out",
    "Retreat",
    "Hold",
    "Disordered",
    "Bogged down",
    "Hit",
];

impl Gen {
    pub fn new(seed: u64, config: Config) -> Self {
        Gen {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            config,
            out: String::new(),
            next_id: 0,
            choices: Vec::new(),
            flags: Vec::new(),
            params: Vec::new(),
            grids: Vec::new(),
            sets: Vec::new(),
            ladders: Vec::new(),
            charts: Vec::new(),
            expects: Vec::new(),
            log: Log::default(),
            owner: None,
            column_refs: Vec::new(),
            ascending: false,
        }
    }

    // -- small helpers --------------------------------------------------

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    /// A number in `lo..=hi`.
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        self.rng.random_range(lo..=hi)
    }

    /// An index below `n` (`n > 0`).
    pub fn index(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }

    /// One of `items`, cloned.
    pub fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.index(items.len())].clone()
    }

    /// A fresh name: every name of a file is unique, so that no two inputs
    /// of a chart (its own, its sets', its ladders') ever collide.
    pub fn name(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}{}", self.next_id)
    }

    /// A label: quoted, sometimes with escapes or non-ASCII text.
    pub fn label(&mut self, base: &str) -> String {
        let n = self.next_id;
        match self.index(8) {
            0 => format!("\"{base} \\\"quoted\\\" {n}\""),
            1 => format!("\"{base} a\\\\b {n}\""),
            2 => format!("\"{base}\\nline {n}\""),
            3 => format!("\"{base} smoke† {n}\""),
            _ => format!("\"{base} {n}\""),
        }
    }

    /// An outcome text, quoted.
    pub fn word(&mut self) -> String {
        let w = self.pick(WORDS);
        format!("\"{w}\"")
    }

    // -- the file ---------------------------------------------------------

    pub fn game(mut self) -> String {
        self.write_game();
        self.out
    }

    /// Writes the game into `out`, recording what a variant may change.
    pub fn write_game(&mut self) {
        let seed_line = self.int(0, 999);
        writeln!(
            self.out,
            "# A generated game ({seed_line}): not a transcription."
        )
        .unwrap();
        if self.chance(0.5) {
            self.out
                .push_str("# Every name is unique; charts are small.\n");
        }
        let title = self.label("Generated");
        writeln!(self.out, "game {title} version \"1\"\n").unwrap();
        let n_choices = self.int(2, 3);
        for _ in 0..n_choices {
            self.top_choice();
        }
        for _ in 0..self.int(0, 2) {
            let name = self.name("f");
            let label = self.label("flag");
            writeln!(self.out, "flag {name} {label}").unwrap();
            self.flags.push(name);
        }
        for _ in 0..self.int(1, 2) {
            let p = self.param_decl(false);
            self.params.push(p);
        }
        self.out.push('\n');
        self.grids();
        if self.chance(0.7) {
            self.modifier_set();
        }
        self.anchors();
        if self.chance(0.6) {
            self.ladder();
        }
        for _ in 0..self.config.charts {
            match self.index(10) {
                0..=3 => self.table(),
                4 | 5 => self.check(),
                6 => self.opposed(),
                7 | 8 => self.pool(),
                _ => self.ladder(),
            }
        }
        if self.chance(0.4) {
            self.sides();
        }
        {
            let name = self.name("n");
            self.log.notes = Some(name.clone());
            let label = self.label("Notes");
            writeln!(
                self.out,
                "notes {name} {label} \"\"\"\nPhase 1: roll.\n  \"Phase 2\": roll again.\n\"\"\"\n"
            )
            .unwrap();
        }
        for e in std::mem::take(&mut self.expects) {
            self.out.push_str(&e);
            self.out.push('\n');
        }
    }

    /// `choice NAME "Label" { ... } [default OPTION]` at the top level.
    fn top_choice(&mut self) {
        let c = self.choice_decl();
        self.choices.push(c);
    }

    /// Writes a choice declaration (top level or in a chart) and returns it.
    pub fn choice_decl(&mut self) -> ChoiceInfo {
        let name = self.name("c");
        let label = self.label("choice");
        let n = self.int(2, 3);
        let options: Vec<String> = (0..n).map(|_| self.name("o")).collect();
        let mut text = format!("choice {name} {label} {{");
        for (i, o) in options.iter().enumerate() {
            let l = self.label("option");
            let sep = if i == 0 { " " } else { ", " };
            write!(text, "{sep}{o} {l}").unwrap();
        }
        if self.chance(0.3) {
            text.push(',');
        }
        text.push_str(" }");
        let default = self.chance(0.3);
        if default {
            let d = self.pick(&options);
            write!(text, " default {d}").unwrap();
        }
        writeln!(self.out, "{text}").unwrap();
        ChoiceInfo { name, options }
    }

    /// Writes `param NAME "Label" [whole] [in LO..HI] [default N]` and
    /// returns it as an operand. Given values are whole, inside the bounds;
    /// bounds may be written as decimals around them (`in 0.5..3.5`).
    pub fn param_decl(&mut self, positive: bool) -> Operand {
        let name = self.name("p");
        let label = self.label("param");
        let lo = if positive {
            self.int(1, 2)
        } else {
            self.int(0, 2)
        };
        let hi = lo + self.int(0, 4);
        let mut text = format!("param {name} {label}");
        if self.chance(0.3) {
            text.push_str(" whole");
        }
        let (wlo, whi) = if self.chance(0.2) && lo > 0 {
            (format!("{}.5", lo - 1), format!("{hi}.5"))
        } else {
            (lo.to_string(), hi.to_string())
        };
        write!(text, " in {wlo}..{whi}").unwrap();
        let mut whole = true;
        let mut needs = vec![Need::Param(name.clone(), lo, hi)];
        if !positive && self.chance(0.3) {
            needs.clear();
            if lo < hi && self.chance(0.3) && !text.contains("whole") {
                write!(text, " default {lo}.5").unwrap();
                whole = false;
            } else {
                let d = self.int(lo, hi);
                write!(text, " default {d}").unwrap();
            }
        }
        writeln!(self.out, "{text}").unwrap();
        Operand {
            name,
            whole,
            needs,
            bounds: Some((lo, hi)),
        }
    }

    /// A scope with every top-level input a chart may read.
    pub fn top_scope(&self) -> Scope {
        let mut sc = Scope {
            flags: self.flags.clone(),
            ..Scope::default()
        };
        for c in &self.choices {
            sc.choices
                .push((c.name.clone(), c.options.clone(), c.needs()));
        }
        sc.operands.extend(self.params.iter().cloned());
        for g in &self.grids {
            if matches!(g.kind, GridKind::Number | GridKind::Decimal) {
                sc.operands.push(Operand {
                    name: g.name.clone(),
                    whole: g.kind == GridKind::Number,
                    needs: g.needs.clone(),
                    bounds: None,
                });
            }
        }
        sc
    }
}
