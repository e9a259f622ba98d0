//! The embedding API: load rules at run time ([`Ruleset`],
//! [`RulesetBuilder`]), find a chart ([`ChartRef`]), roll it or compute its
//! odds. The CLI and REPL use nothing else, so a host can do all they do.
//!
//! The ruleset stage sits above the variant stage and below compare and
//! present, whose public functions take a [`ChartRef`] or a [`Ruleset`].
//! Beside the handles: `origin` (where a source came from, read with a
//! bound), `bundled` (the games shipped in `rules/`), `chain` (a variant's
//! chain of bases, found and merged), `expectation` (a file's `expect`
//! lines) and `error` (a [`LoadError`]).

pub mod bundled;
pub(crate) mod chain;
pub(crate) mod chart_ref;
pub(crate) mod error;
pub(crate) mod expect;
pub(crate) mod expectation;
pub(crate) mod origin;
#[cfg(test)]
mod plain_tests;

pub use chart_ref::{BoundChart, ChartRef, InputInfo, InputKind};

/// A game a ruleset holds: its short name (what qualifies its charts,
/// `first_echelon.bog_down`), its title and its version, as the file's
/// `game` (or `variant`) line gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct GameInfo<'r> {
    /// The short name: the file's name, without `.rules`.
    pub name: &'r str,
    /// The title: `First Echelon`.
    pub title: &'r str,
    /// The version, as written.
    pub version: &'r str,
}

use crate::check::compiler::{compile, Parsed};
use crate::check::tree::{ChartId, Program};
use crate::engine::error::{RollError, RollErrorKind};
use crate::engine::odds::{Plain, Ready};
use crate::engine::prebound::Prebound;
use crate::limits::Limits;
use crate::ruleset::error::{LoadError, LoadErrors};
use crate::ruleset::origin::{read_bounded, read_bounded_from, Origin};
use crate::syntax::span::SourceMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A compiled set of games, ready to roll.
///
/// ```
/// use chartwright::{Choices, Ruleset, Scripted};
/// let rules = Ruleset::from_str("demo", r#"
///     game "Demo" version "1"
///     table bog_down "Bog Down" {
///       roll d10
///       modifiers { tracked +2 "tracked vehicle" }
///       rows { 6 or more => "Traverse"  4,5 => "Bogged down" or "Displace"  3 or less => "Bogged down" }
///     }
/// "#).unwrap();
/// let chart = rules.chart("bog_down").unwrap();
/// let roll = chart.roll(&Choices::parse("tracked").unwrap(), &mut Scripted::new([4])).unwrap();
/// assert_eq!(roll.total, Some(6));
/// assert_eq!(roll.outcome.to_string(), "Traverse");
/// ```
#[derive(Clone, Debug)]
pub struct Ruleset {
    program: Program,
    sources: SourceMap,
    limits: Limits,
    origins: Vec<Origin>,
    expectations: Vec<crate::ruleset::expectation::Expectation>,
    /// Per game: what its variant chain changed (empty for a plain game).
    marks: Vec<Vec<crate::variant::Mark>>,
    /// Per game: for a variant, the plain game its chain starts from.
    roots: Vec<Option<crate::syntax::ast::File>>,
    /// The charts by short name, so that finding one costs the same in a
    /// ruleset of 20,000 charts as in one of 20 (`chartwright test` finds
    /// one per expectation).
    by_name: ChartIndex,
    /// What every binding of each chart shares (its texts, its rows'
    /// outcomes), made once loaded, in the order of the program's charts.
    prebound: Vec<Prebound>,
    /// The distribution of each chart's dice, where one is made once
    /// loaded (dice that no choice changes).
    ready: Vec<Option<Ready>>,
    /// How a one-shot call reads each plain chart without binding it.
    plain: Vec<Option<Plain>>,
}

/// Chart ids by short name.
type ChartIndex = std::collections::HashMap<crate::syntax::ast::CompactString, Vec<ChartId>>;

/// The index of `program`'s charts by short name.
fn chart_index(program: &Program) -> ChartIndex {
    let mut index = ChartIndex::new();
    for (id, c) in program.charts.iter().enumerate() {
        index.entry(c.name.clone()).or_default().push(id);
    }
    index
}

/// Collects sources and limits, then compiles them all at once.
#[derive(Clone, Debug, Default)]
pub struct RulesetBuilder {
    limits: Limits,
    sources: SourceMap,
    inputs: Vec<(String, crate::syntax::span::SourceId, Origin)>,
    errors: Vec<LoadError>,
    /// Bytes of rules text added so far (bounded by `Limits::max_input_bytes`).
    input_bytes: usize,
}

impl RulesetBuilder {
    /// A builder with the default [`Limits`].
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Replaces the limits.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Adds a game from text; `game` is its short name.
    pub fn add_str(&mut self, game: &str, text: &str) -> &mut Self {
        if text.len() > self.input_left() {
            self.errors.push(LoadError::TooLarge {
                path: game.to_string(),
                limit: self.limits.max_input_bytes,
            });
            return self;
        }
        self.input_bytes += text.len();
        // One copy of the text, kept by the sources and the origin both.
        let text: Arc<str> = text.into();
        let id = self.sources.add(game, Arc::clone(&text));
        self.inputs.push((game.to_string(), id, Origin::Text(text)));
        self
    }

    /// Adds a `.rules` file, a folder of them, or a bundled game's short name.
    pub fn add_path(&mut self, path: impl AsRef<Path>) -> &mut Self {
        let path = path.as_ref();
        if !path.exists() {
            if let Some(name) = path.to_str() {
                if let Some(text) = crate::ruleset::bundled::get(name) {
                    let id = self.sources.add(format!("{name} (bundled)"), text);
                    self.inputs
                        .push((name.to_string(), id, Origin::Bundled(name.to_string())));
                    return self;
                }
            }
        }
        if path.is_dir() {
            match std::fs::read_dir(path) {
                Ok(entries) => {
                    let mut files: Vec<PathBuf> = entries
                        .filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
                        .collect();
                    files.sort();
                    if files.is_empty() {
                        self.errors.push(LoadError::NoRules {
                            path: path.display().to_string(),
                        });
                    }
                    for f in files {
                        self.add_file(&f);
                    }
                }
                Err(e) => self.errors.push(LoadError::Io {
                    path: path.display().to_string(),
                    message: e.to_string(),
                }),
            }
            return self;
        }
        self.add_file(path)
    }

    /// Adds one `.rules` file.
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> &mut Self {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let game = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("game")
            .to_string();
        let left = self.input_left();
        match read_bounded(path, left) {
            Err(e) => {
                let known = crate::ruleset::bundled::names().collect::<Vec<_>>();
                self.errors.push(match e.kind() {
                    std::io::ErrorKind::NotFound => LoadError::NotFound {
                        path: shown,
                        bundled: known.join(", "),
                    },
                    _ if path.is_dir() => LoadError::IsDirectory { path: shown },
                    _ => LoadError::Io {
                        path: shown,
                        message: e.to_string(),
                    },
                });
            }
            Ok(None) => self.errors.push(LoadError::TooLarge {
                path: shown,
                limit: self.limits.max_input_bytes,
            }),
            Ok(Some(bytes)) => {
                self.add_bytes(&game, shown, Some(Origin::File(path.to_path_buf())), bytes);
            }
        }
        self
    }

    /// Adds the text of the `.rules` file at `path` as an editor holds it,
    /// saved or not; the file itself is not read. As for
    /// [`add_file`](Self::add_file), the game is named after the file,
    /// diagnostics show the path, and a variant's `of "base.rules"` is
    /// found beside it.
    ///
    /// ```
    /// let mut b = chartwright::RulesetBuilder::new();
    /// b.add_text_at("house/demo.rules", "game \"Demo\" version \"1\"");
    /// assert_eq!(b.build().unwrap().games().next().unwrap().name, "demo");
    /// ```
    pub fn add_text_at(&mut self, path: impl AsRef<Path>, text: &str) -> &mut Self {
        let path = path.as_ref();
        let shown = path.display().to_string();
        if text.len() > self.input_left() {
            self.errors.push(LoadError::TooLarge {
                path: shown,
                limit: self.limits.max_input_bytes,
            });
            return self;
        }
        let game = path.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
        self.input_bytes += text.len();
        let id = self.sources.add(shown, text);
        let origin = Origin::File(path.to_path_buf());
        self.inputs.push((game.to_string(), id, origin));
        self
    }

    /// Adds a game read from a reader (standard input, a network stream);
    /// `game` is its short name and `shown` the name diagnostics give it.
    /// A read that fails, text past [`Limits::max_input_bytes`] or text that
    /// is not UTF-8 is a [`LoadError`] returned by [`build`](Self::build),
    /// like a file's.
    ///
    /// ```
    /// let mut b = chartwright::RulesetBuilder::new();
    /// b.add_reader("demo", "<stdin>", &b"game \"Demo\" version \"1\""[..]);
    /// assert!(b.build().is_ok());
    /// ```
    pub fn add_reader(&mut self, game: &str, shown: &str, reader: impl std::io::Read) -> &mut Self {
        let left = self.input_left();
        match read_bounded_from(reader, left, 0) {
            Ok(Some(bytes)) => self.add_bytes(game, shown.to_string(), None, bytes),
            Ok(None) => self.errors.push(LoadError::TooLarge {
                path: shown.to_string(),
                limit: self.limits.max_input_bytes,
            }),
            Err(e) => self.errors.push(LoadError::Io {
                path: shown.to_string(),
                message: e.to_string(),
            }),
        }
        self
    }

    /// Adds a source's bytes, which must be UTF-8 text; without an origin
    /// the text itself is (reloading gives the same text).
    fn add_bytes(&mut self, game: &str, shown: String, origin: Option<Origin>, bytes: Vec<u8>) {
        {
            match String::from_utf8(bytes) {
                Ok(text) => {
                    self.input_bytes += text.len();
                    let text: Arc<str> = text.into();
                    let origin = origin.unwrap_or_else(|| Origin::Text(Arc::clone(&text)));
                    let id = self.sources.add(shown, text);
                    self.inputs.push((game.to_string(), id, origin));
                }
                Err(e) => {
                    let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                    let line = valid.split(|&b| b == b'\n').count();
                    let column = valid
                        .split(|&b| b == b'\n')
                        .next_back()
                        .map_or(0, <[u8]>::len)
                        + 1;
                    self.errors.push(LoadError::NotUtf8 {
                        path: shown,
                        line,
                        column,
                    });
                }
            }
        }
    }

    /// Bytes of rules text that may still be loaded.
    fn input_left(&self) -> usize {
        self.limits.max_input_bytes.saturating_sub(self.input_bytes)
    }

    /// Parses, checks and compiles everything added; every error is returned.
    pub fn build(mut self) -> Result<Ruleset, LoadErrors> {
        let mut parsed = Vec::new();
        let mut origins = Vec::new();
        let mut expectations = Vec::new();
        let mut marks = Vec::new();
        let mut roots = Vec::new();
        let mut removed = Vec::new();
        // Each file is parsed, then loaded (a variant merged with its
        // bases); all are compiled together. A game given twice loads once.
        let mut seen_games: Vec<String> = Vec::new();
        for (game, id, origin) in &self.inputs {
            if seen_games.contains(game) {
                self.errors
                    .push(LoadError::DuplicateGame { game: game.clone() });
                continue;
            }
            seen_games.push(game.clone());
            let Some(source) = self.sources.get(*id) else {
                continue;
            };
            let doc = crate::syntax::parser::parse_document(*id, &source.text);
            match crate::ruleset::chain::load(&mut self.sources, *id, doc, origin, &self.limits) {
                Ok(mut loaded) => {
                    // A variant's merged file holds its bases' items too: only
                    // the expectations written in this file are its own.
                    expectations.extend(
                        crate::ruleset::expectation::Expectation::take_from(game, &mut loaded.file)
                            .into_iter()
                            .filter(|e| e.span.source == *id),
                    );
                    parsed.push(Parsed {
                        game: game.clone(),
                        file: loaded.file,
                    });
                    origins.push(origin.clone());
                    marks.push(loaded.marks);
                    roots.push(loaded.root);
                    removed.extend(loaded.removed);
                }
                Err(e) => self.errors.extend(e),
            }
        }
        let (program, errors) = compile(&parsed, &self.limits);
        self.errors.extend(crate::ruleset::chain::blame_removed(
            errors,
            &removed,
            &self.sources,
        ));
        if self.errors.is_empty() {
            let prebound = Prebound::all(&program);
            let ready = Ready::all(&program, &self.limits);
            Ok(Ruleset {
                by_name: chart_index(&program),
                plain: Plain::all(&program, &prebound, &ready),
                prebound,
                ready,
                program,
                sources: self.sources,
                limits: self.limits,
                origins,
                expectations,
                marks,
                roots,
            })
        } else {
            Err(LoadErrors::new(self.errors, self.sources))
        }
    }
}

impl Ruleset {
    /// A builder, to load several sources or set limits.
    #[must_use]
    pub fn builder() -> RulesetBuilder {
        RulesetBuilder::new()
    }

    /// Compiles one game from text; `game` is its short name.
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(game: &str, text: &str) -> Result<Self, LoadErrors> {
        let mut b = RulesetBuilder::new();
        b.add_str(game, text);
        b.build()
    }

    /// Compiles a `.rules` file, a folder of them, or a bundled game.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Self, LoadErrors> {
        let mut b = RulesetBuilder::new();
        b.add_path(path);
        b.build()
    }

    /// Every game bundled in the binary (the test suite checks they load).
    pub fn bundled() -> Result<Self, LoadErrors> {
        let mut b = RulesetBuilder::new();
        for name in crate::ruleset::bundled::names() {
            b.add_path(name);
        }
        b.build()
    }

    /// A ruleset with no games, to add to later.
    #[must_use]
    pub fn empty() -> Self {
        Ruleset {
            by_name: ChartIndex::new(),
            prebound: Vec::new(),
            ready: Vec::new(),
            plain: Vec::new(),
            program: Program::default(),
            sources: SourceMap::new(),
            limits: Limits::default(),
            origins: Vec::new(),
            expectations: Vec::new(),
            marks: Vec::new(),
            roots: Vec::new(),
        }
    }

    /// Loads again every game from where it came from, with the same limits.
    pub fn reload(&self) -> Result<Self, LoadErrors> {
        let mut b = RulesetBuilder::new().limits(self.limits.clone());
        for (origin, game) in self.origins.iter().zip(&self.program.games) {
            match origin {
                Origin::File(p) => b.add_file(p),
                Origin::Bundled(n) => b.add_path(n),
                Origin::Text(t) => b.add_str(&game.name, t),
            };
        }
        b.build()
    }

    /// The `expect` lines of every game, in file order; check them with
    /// [`check_expectations`](crate::check_expectations).
    #[must_use]
    pub fn expectations(&self) -> &[crate::ruleset::expectation::Expectation] {
        &self.expectations
    }

    /// Where each game came from.
    #[must_use]
    pub fn origins(&self) -> &[Origin] {
        &self.origins
    }

    /// The sources, for rendering diagnostics.
    #[must_use]
    pub fn sources(&self) -> &SourceMap {
        &self.sources
    }

    /// The limits in force.
    #[must_use]
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The games loaded, in load order.
    pub fn games(&self) -> impl Iterator<Item = GameInfo<'_>> {
        self.program.games.iter().map(|g| GameInfo {
            name: g.name.as_str(),
            title: g.title.as_str(),
            version: g.version.as_str(),
        })
    }

    /// Every chart, in file order.
    pub fn charts(&self) -> impl Iterator<Item = ChartRef<'_>> {
        (0..self.program.charts.len()).map(|id| ChartRef { rules: self, id })
    }

    /// Finds a chart by name: `bog_down`, or qualified, `first_echelon.bog_down`.
    pub fn chart(&self, name: &str) -> Result<ChartRef<'_>, RollError> {
        // `chart` or `game.chart` (a game's name may hold dots, a chart's not).
        let (game, short) = match name.rsplit_once('.') {
            Some((game, short)) => (Some(game), short),
            None => (None, name),
        };
        let matches: Vec<ChartId> = self
            .by_name
            .get(short)
            .into_iter()
            .flatten()
            .copied()
            .filter(|&id| {
                let game_of = self
                    .program
                    .charts
                    .get(id)
                    .and_then(|c| self.program.games.get(c.game));
                match game {
                    Some(g) => game_of.is_some_and(|gm| gm.name == g),
                    None => true,
                }
            })
            .collect();
        match matches.as_slice() {
            [id] => Ok(ChartRef {
                rules: self,
                id: *id,
            }),
            [] => {
                let names: Vec<String> = self.charts().map(|c| c.name().to_string()).collect();
                Err(RollError::new(
                    RollErrorKind::UnknownChart {
                        name: name.to_string(),
                        suggestion: crate::check::suggest::closest(
                            name,
                            names.iter().map(String::as_str),
                        ),
                    },
                    None,
                ))
            }
            many => Err(RollError::new(
                RollErrorKind::AmbiguousChart {
                    name: name.to_string(),
                    candidates: many
                        .iter()
                        .map(|&id| ChartRef { rules: self, id }.qualified_name())
                        .collect(),
                },
                None,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::budget::Work;
    use crate::engine::choices::Choices;

    /// Charts the bundled games lack: an opposed roll of several dice with
    /// modifiers, a difference of dice, a check, natural-roll `also` rules.
    const SHAPES: &str = r#"game "Shapes" version "1"
opposed duel "Duel" {
  sides att "Attacker", def "Defender"
  roll 2d6 + d4
  modifiers {
    for att { elite +2 "elite" }
    for def { dug_in +1 "dug in" }
  }
  rows { 3 or more => "Win"  -2 to 2 => "Draw"  -3 or less => "Loss" }
}
table drift "Drift" {
  roll d6 - d6
  rows { 2 or more => "East"  -1 to 1 => "Calm"  -2 or less => "West" }
}
check nerve "Nerve" {
  roll 2d6
  succeed on 7 or more
  success "Steady"
  failure "Shaken"
  natural 12 => also "Inspired"
}
"#;

    /// A bound chart's exact odds read from its [`Layout`] are the odds
    /// read value by value with [`crate::engine::bind::Bound::read`], for every
    /// chart of the bundled games and every net modifier from -4 to +4.
    #[test]
    fn laid_out_odds_are_the_odds_read_value_by_value() {
        let mut builder = Ruleset::builder();
        for name in crate::ruleset::bundled::names() {
            builder.add_path(name);
        }
        builder.add_str("shapes", SHAPES);
        let rules = builder.build().unwrap_or_else(|e| panic!("{e:?}"));
        let (mut laid_out, mut shapes) = (0, 0);
        for chart in rules.charts().filter(|c| !c.is_notes()) {
            let choices = chart.example_choices();
            for extra in -4..=4 {
                let Ok(bound) = chart.bind(&choices) else {
                    continue;
                };
                let Ok(bound) = bound.with_extra_modifier(extra) else {
                    continue;
                };
                if bound.layout.is_none() {
                    continue;
                }
                laid_out += 1;
                shapes += usize::from(chart.qualified_name().starts_with("shapes."));
                assert_odds_read_value_by_value(&rules, &bound, extra);
            }
        }
        // 240 when written: every table, check and opposed roll of the
        // bundled games whose values all read a row and that has no
        // follow-ups; and each of these shapes at every modifier.
        assert!(laid_out >= 200, "only {laid_out} charts laid out");
        assert_eq!(shapes, 3 * 9);
    }

    /// `bound`'s odds from its layout equal those read value by value in
    /// one pass (as a one-shot call reads them: with the chart's shared
    /// texts and distribution, and with neither) and those the general
    /// path reads (a chart's own outcomes, as a diff asks for them).
    #[track_caller]
    fn assert_odds_read_value_by_value(rules: &Ruleset, bound: &BoundChart<'_>, extra: i64) {
        let chart = bound.bound.chart;
        let shared = crate::engine::odds::Kept {
            text: bound.text.as_ref(),
            pre: rules.prebound.get(chart),
            ready: rules.ready.get(chart).and_then(Option::as_ref),
            quick: Some(&bound.quick),
            layout: None,
        };
        let laid_out = bound.odds().map_err(|e| e.to_string());
        let general = || {
            crate::engine::odds::own_odds(
                &rules.program,
                &bound.bound,
                &rules.limits,
                &mut Work::new(&rules.limits),
            )
        };
        for kept in [shared, crate::engine::odds::Kept::default()] {
            let read = crate::engine::odds::chart_odds(
                &rules.program,
                &bound.bound,
                kept,
                &rules.limits,
                &mut Work::new(&rules.limits),
            );
            assert_eq!(
                laid_out,
                read.map_err(|e| bound.bound.explain(e).to_string()),
                "{} {extra:+}",
                bound.qualified_name()
            );
        }
        assert_eq!(
            laid_out,
            general().map_err(|e| bound.bound.explain(e).to_string()),
            "{} {extra:+}: the general path",
            bound.qualified_name()
        );
    }

    /// A sum too wide for the quick rolls' table (1,501 totals), with big
    /// counts and its dice raised as a power, is laid out all the same,
    /// and its odds are those read value by value.
    #[test]
    fn a_wide_sum_of_big_counts_is_laid_out() {
        let rules = Ruleset::from_str(
            "wide",
            r#"game "Wide" version "1"
table wide "Wide" {
  roll 300d6
  rows { 1051 or more => "High"  1050 => "Even"  1049 or less => "Low" }
}"#,
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        let chart = rules.chart("wide").unwrap_or_else(|e| panic!("{e}"));
        for extra in [-1, 0, 1] {
            let bound = chart
                .bind(&Choices::none())
                .unwrap_or_else(|e| panic!("{e}"))
                .with_extra_modifier(extra)
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(bound.layout.is_some(), "{extra:+}: not laid out");
            assert_odds_read_value_by_value(&rules, &bound, extra);
        }
    }
}
