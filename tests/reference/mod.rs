//! A reference interpreter of the chartwright language, written apart from
//! the engine: it reads the parsed AST (`chartwright::ast`, the parser is
//! shared) and nothing of the checker, the evaluation tree, the engine or
//! the comparisons, so a misreading of `docs/language.md` in those stages
//! is not shared by it. It rolls nothing and binds nothing: it enumerates
//! every face of every die and gives exact distributions of outcome texts.
//! It is slow on purpose and plain: recursive code, no caching.
//!
//! # Interface
//!
//! ```ignore
//! let world = World::bundled();                      // or World::from_sources(&[("g", text)])
//! for sit in situations(&world, "first_echelon", "bog_down", 40) {
//!     let answer = distribution(&world, "first_echelon", "bog_down", &sit);
//!     // Ok(Distribution): outcome text (as `odds` prints it, follow-ups
//!     //   joined by " -> ") to exact probability;
//!     // Err(Why::Refused(_)): the roll is an error per the docs (a needed
//!     //   input missing, a column off the scale, ...);
//!     // Err(Why::Unsupported(_)): a construct this reference does not read.
//!     let choices = to_choices(&sit);               // chartwright::Choices for the engine
//! }
//! ```
//!
//! - [`World`]: the parsed games, by short name (a chart of another game is
//!   named `game.chart`).
//! - [`Situation`]: the roll-time words, name to value (`att.x` for a side).
//! - [`situations`]: a bounded, deterministic sample of a chart's inputs.
//! - [`distribution`]: the exact distribution for one situation.
//! - [`to_choices`] / [`Situation::words`]: the words the REPL takes.
//!
//! Files: `dice` (dice and notation), `expr` (names, expressions,
//! conditions, grids, ladders, modifiers), `chart` (each kind of chart,
//! outcomes, follow-ups), `situations` (inputs of a chart), `agree` (the
//! agreement test against the engine's odds).

#![allow(dead_code)]
// the interface is also for test modules still to come
// Plain arithmetic reads best with the docs' own short names (x, lo, hi).
#![allow(clippy::many_single_char_names)]

mod agree;
mod chart;
mod column_value;
mod dice;
mod expr;
mod generated;
mod misreadings;
mod num;
mod situations;

use chartwright::ast;
use num_bigint::BigInt;
use std::collections::BTreeMap;
use std::fmt;

pub use situations::situations;

pub use num::Q;

/// `n` as an exact number.
pub fn q(n: i64) -> Q {
    Q::from_integer(BigInt::from(n))
}

/// An AST number as an exact number.
pub fn qn(n: num_rational::Rational64) -> Q {
    Q::new(BigInt::from(*n.numer()), BigInt::from(*n.denom()))
}

/// Why there is no distribution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The docs make this roll an error (the engine must refuse it too).
    Refused(String),
    /// A construct this reference does not read.
    Unsupported(String),
    /// Inside the reference only: a `-` cell was read, so the chart's
    /// outcome is `Not possible` and nothing is rolled.
    NotPossible,
    /// Inside the reference only: a grid used as a target held text, which
    /// is then the outcome and nothing is rolled.
    TextCell(String),
}

/// A value given at roll time.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Val {
    /// A flag or fixed modifier named bare.
    On,
    /// `name=N`.
    Num(Q),
    /// `choice=option`.
    Opt(String),
}

/// The roll-time words of one roll: name (with its side prefix) to value.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Situation(pub BTreeMap<String, Val>);

impl Situation {
    /// The words as a player types them.
    pub fn words(&self) -> String {
        let mut out = Vec::new();
        for (k, v) in &self.0 {
            out.push(match v {
                Val::On => k.clone(),
                Val::Num(n) => format!("{k}={}", fmt_q(n)),
                Val::Opt(o) => format!("{k}={o}"),
            });
        }
        out.join(" ")
    }
}

impl fmt::Display for Situation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words())
    }
}

/// The engine's choices for a situation.
pub fn to_choices(s: &Situation) -> chartwright::Choices {
    chartwright::Choices::parse(&s.words())
        .unwrap_or_else(|e| panic!("situation `{s}` is not typable: {e}"))
}

/// Outcome text (follow-ups joined by ` -> `) to exact probability.
pub type Distribution = BTreeMap<String, Q>;

/// A number as the sheet prints it: `3`, `-1`, `0.5`, `1/3`.
pub fn fmt_q(n: &Q) -> String {
    if n.is_integer() {
        return n.to_integer().to_string();
    }
    // A finite decimal when the denominator has only 2s and 5s.
    let mut d = n.denom().clone();
    let two = BigInt::from(2);
    let five = BigInt::from(5);
    let mut places = 0u32;
    let zero = BigInt::from(0);
    while &d % &two == zero || &d % &five == zero {
        if &d % &two == zero {
            d /= &two;
        } else {
            d /= &five;
        }
        places += 1;
        if places > 20 {
            break;
        }
    }
    if d == BigInt::from(1) {
        let scaled = n * Q::from_integer(BigInt::from(10).pow(places));
        let i = scaled.to_integer();
        let neg = i < zero;
        let digits = if neg { -i } else { i }.to_string();
        let digits = format!("{digits:0>width$}", width = places as usize + 1);
        let (a, b) = digits.split_at(digits.len() - places as usize);
        let b = b.trim_end_matches('0');
        return format!("{}{a}.{b}", if neg { "-" } else { "" });
    }
    format!("{}/{}", n.numer(), n.denom())
}

/// Every game the reference can read, by short name.
pub struct World {
    /// `(short name, parsed file)`.
    pub games: Vec<(String, ast::File)>,
    /// Each source's text, by source id (a dice cell prints as written).
    pub texts: Vec<String>,
}

impl World {
    /// Parses sources given as `(short name, text)`.
    pub fn from_sources(sources: &[(&str, &str)]) -> Result<Self, String> {
        let mut games = Vec::new();
        let texts = sources.iter().map(|(_, t)| (*t).to_string()).collect();
        for (i, (name, text)) in sources.iter().enumerate() {
            let file = chartwright::parser::parse(chartwright::SourceId::new(i as u32), text)
                .map_err(|e| format!("{name}: {e}"))?;
            games.push(((*name).to_string(), file));
        }
        Ok(Self { games, texts })
    }

    /// Every bundled game.
    pub fn bundled() -> Self {
        let names: Vec<&str> = chartwright::bundled::names().collect();
        let sources: Vec<(&str, &str)> = names
            .iter()
            .map(|n| (*n, chartwright::bundled::source(n).expect("bundled source")))
            .collect();
        Self::from_sources(&sources).expect("bundled games parse")
    }

    /// The text a span of a game covers: `texts` is indexed by source id
    /// (game `i` of [`World::from_sources`] is source `i`; a merged
    /// variant's nodes keep the base's or the variant's source).
    pub fn text(&self, _game: &str, span: chartwright::Span) -> Option<&str> {
        self.texts
            .get(span.source.0 as usize)?
            .get(span.start as usize..span.end as usize)
    }

    /// A game by short name.
    pub fn game(&self, name: &str) -> Option<&ast::File> {
        self.games.iter().find(|(n, _)| n == name).map(|(_, f)| f)
    }
}

/// The exact distribution of `chart` of `game` in `situation`.
pub fn distribution(
    world: &World,
    game: &str,
    chart: &str,
    situation: &Situation,
) -> Result<Distribution, Why> {
    let (g, c) = chart.split_once('.').unwrap_or((game, chart));
    let takes = situations::inputs(world, g, c);
    if let Some(k) = situation.0.keys().find(|k| !takes.contains(*k)) {
        return Err(Why::Refused(format!("`{c}` takes no `{k}`")));
    }
    undeclared_option(world, g, c, situation)?;
    chart::distribution(world, game, chart, situation, 0)
}

/// A choice given an option it does not declare is refused, as any other
/// unknown name in the arguments (docs/language.md, Rolling): a diff's
/// situations hold the options both sides declare, and the side without
/// one must not read it.
fn undeclared_option(
    world: &World,
    game: &str,
    chart: &str,
    situation: &Situation,
) -> Result<(), Why> {
    let Some(file) = world.game(game) else {
        return Ok(());
    };
    let found = file.items.iter().find_map(|i| match i {
        ast::Item::Chart(c) if c.name.name == chart => Some(c),
        _ => None,
    });
    let ctx = expr::Ctx::new(world, game, file, found, situation);
    for (k, v) in &situation.0 {
        let Val::Opt(o) = v else { continue };
        let decl = ctx
            .lookup(k)
            .or_else(|| ctx.lookup(k.rsplit('.').next().unwrap_or(k)));
        if let Some(expr::Decl::Choice(c)) = decl {
            if !c.options.iter().any(|x| x.name.name == *o) {
                return Err(Why::Refused(format!("`{k}` has no option `{o}`")));
            }
        }
    }
    Ok(())
}
