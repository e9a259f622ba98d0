//! The embedding API: load rules at run time ([`Ruleset`],
//! [`RulesetBuilder`]), find a chart ([`ChartRef`]), roll it or compute its
//! odds. The CLI and REPL use nothing else, so a host can do all they do.

use crate::bind::{bind, Bound};
use crate::budget::Work;
use crate::choices::Choices;
use crate::compiler::{compile, Parsed};
use crate::limits::Limits;
use crate::load_error::{LoadError, LoadErrors};
use crate::odds::Layout;
use crate::odds::Odds;
use crate::origin::{read_bounded, read_bounded_from, Origin};
use crate::quick::{OutcomeId, Quick, QuickRoll};
use crate::roll::Roll;
use crate::roll_error::{RollError, RollErrorKind};
use crate::sample::DiceSource;
use crate::span::SourceMap;
use crate::trace_text::TraceText;
use crate::tree::{Body, ChartId, Program, SlotKind};
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
    expectations: Vec<crate::expectation::Expectation>,
    /// Per game: what its variant chain changed (empty for a plain game).
    marks: Vec<Vec<crate::variant::Mark>>,
    /// Per game: for a variant, the plain game its chain starts from.
    roots: Vec<Option<crate::ast::File>>,
}

/// Collects sources and limits, then compiles them all at once.
#[derive(Clone, Debug, Default)]
pub struct RulesetBuilder {
    limits: Limits,
    sources: SourceMap,
    inputs: Vec<(String, crate::span::SourceId, Origin)>,
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
                if let Some(text) = crate::bundled::get(name) {
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
                let known = crate::bundled::names().collect::<Vec<_>>();
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
            let doc = crate::parser::parse_document(*id, &source.text);
            match crate::variant::load::load(&mut self.sources, *id, doc, origin, &self.limits) {
                Ok(mut loaded) => {
                    // A variant's merged file holds its bases' items too: only
                    // the expectations written in this file are its own.
                    expectations.extend(
                        crate::expectation::Expectation::take_from(game, &mut loaded.file)
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
        self.errors.extend(crate::variant::load::blame_removed(
            errors,
            &removed,
            &self.sources,
        ));
        if self.errors.is_empty() {
            Ok(Ruleset {
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
        for name in crate::bundled::names() {
            b.add_path(name);
        }
        b.build()
    }

    /// A ruleset with no games, to add to later.
    #[must_use]
    pub fn empty() -> Self {
        Ruleset {
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
    pub fn expectations(&self) -> &[crate::expectation::Expectation] {
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

    /// The games: (short name, title, version).
    pub fn games(&self) -> impl Iterator<Item = (&str, &str, &str)> {
        self.program
            .games
            .iter()
            .map(|g| (g.name.as_str(), g.title.as_str(), g.version.as_str()))
    }

    /// Every chart, in file order.
    pub fn charts(&self) -> impl Iterator<Item = ChartRef<'_>> {
        (0..self.program.charts.len()).map(|id| ChartRef { rules: self, id })
    }

    /// Finds a chart by name: `bog_down`, or qualified, `first_echelon.bog_down`.
    pub fn chart(&self, name: &str) -> Result<ChartRef<'_>, RollError> {
        let matches: Vec<ChartId> = self
            .program
            .charts
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                c.name == name || format!("{}.{}", self.program.games[c.game].name, c.name) == name
            })
            .map(|(i, _)| i)
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
                        suggestion: crate::suggest::closest(name, names.iter().map(String::as_str)),
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

/// A chart of a [`Ruleset`].
#[derive(Clone, Copy, Debug)]
pub struct ChartRef<'r> {
    rules: &'r Ruleset,
    id: ChartId,
}

/// What a chart takes at roll time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputInfo {
    /// What the player types.
    pub name: String,
    /// The sheet's words.
    pub label: String,
    /// Its kind.
    pub kind: InputKind,
    /// The heading of the `one of` group it belongs to, if any: at most one
    /// input of a group may be named in one roll (a form shows them as radio
    /// buttons).
    pub one_of: Option<String>,
    /// When it applies (its own `if`/`unless` and its group's), if not
    /// always: naming it otherwise adds nothing (a form greys it out).
    pub applies: Option<crate::Condition>,
}

/// The kinds of [`InputInfo`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputKind {
    /// A flag or fixed modifier: named alone. The value it adds, if a modifier.
    Flag(Option<i64>),
    /// A number, `name=N` (`name=2.5` where the chart allows decimals).
    /// Bounds and default are exact, as written (`in 0.5..1000`).
    Param {
        /// Allowed values, inclusive.
        bounds: Option<(crate::Number, crate::Number)>,
        /// Used when not given.
        default: Option<crate::Number>,
    },
    /// One of a list, `name=option`.
    Choice {
        /// (option, label) in order.
        options: Vec<(String, String)>,
    },
}

impl<'r> ChartRef<'r> {
    fn tree(&self) -> &'r crate::tree::ChartTree {
        &self.rules.program.charts[self.id]
    }

    /// The compiled program and the chart's id in it, for the library's own
    /// renderers (the sheet).
    #[cfg(feature = "sheet")]
    pub(crate) fn compiled(&self) -> (&'r Program, ChartId) {
        (&self.rules.program, self.id)
    }

    /// The chart's name.
    #[must_use]
    pub fn name(&self) -> &'r str {
        &self.tree().name
    }

    /// `game.chart`.
    #[must_use]
    pub fn qualified_name(&self) -> String {
        format!("{}.{}", self.game(), self.name())
    }

    /// The game's short name.
    #[must_use]
    pub fn game(&self) -> &'r str {
        &self.rules.program.games[self.tree().game].name
    }

    /// The sheet's title.
    #[must_use]
    pub fn title(&self) -> &'r str {
        &self.tree().title
    }

    /// Its kind: `table`, `check`, `opposed`, `pool`, `ladder`, `grid`,
    /// `modifiers` or `notes`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        self.tree().kind_name()
    }

    /// True for reference text, which is shown rather than rolled.
    #[must_use]
    pub fn is_notes(&self) -> bool {
        matches!(self.tree().body, Body::Notes(_))
    }

    /// The dice it rolls, as written (`d10`, `2d6`), if it rolls.
    #[must_use]
    pub fn dice(&self) -> Option<String> {
        match &self.tree().body {
            Body::Table { dice, .. } | Body::Check { dice, .. } | Body::Opposed { dice, .. } => {
                Some(dice.to_string())
            }
            Body::Pool { dice, .. } => Some(match dice {
                crate::tree::DiceSource::Dice(d) => d.to_string(),
                crate::tree::DiceSource::Grid(r) => format!("dice from {}", r.name),
            }),
            _ => None,
        }
    }

    /// Everything a player can name when rolling it.
    #[must_use]
    pub fn inputs(&self) -> Vec<InputInfo> {
        let program = &self.rules.program;
        let t = self.tree();
        t.slots
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let defined = defining_modifier(program, self.id, i);
                InputInfo {
                    name: s.name.to_string(),
                    label: s.label.to_string(),
                    one_of: defined
                        .and_then(|(tree, m)| tree.groups.get(m.group?))
                        .map(|(heading, _)| heading.to_string()),
                    applies: defined.and_then(|(tree, m)| {
                        Some(crate::Condition::from_tree(
                            program,
                            tree,
                            m.applies.as_ref()?,
                        ))
                    }),
                    kind: input_kind(program, &s.kind, defined.map(|(_, m)| m)),
                }
            })
            .collect()
    }

    /// A representative set of choices that lets the chart roll: the first
    /// option of every choice and each required param at the middle of its
    /// bounds (or 1), no flags. A param read from a grid (`±r from grid`) is
    /// left to the grid, which the first options select: the situation a
    /// player expects, not a value the grid may never give. For examples,
    /// the sheet's odds pictures, smoke tests and benchmarks.
    ///
    /// ```
    /// let rules = chartwright::Ruleset::from_file("first_echelon").unwrap();
    /// let fire = rules.chart("fire_combat").unwrap();
    /// assert!(fire.odds(&fire.example_choices()).is_ok());
    /// // Discipline comes from the Discipline Rating grid (elite, good order: +1).
    /// let dig = rules.chart("improved_position").unwrap();
    /// assert_eq!(dig.example_choices().text(), "unit_rating=elite order_status=good_order");
    /// ```
    #[must_use]
    pub fn example_choices(&self) -> Choices {
        let t = self.tree();
        let from_grid = |name: &str| {
            t.modifiers.iter().any(|m| {
                matches!(m.value, crate::tree::ModValue::Param { from: Some(_), .. })
                    && t.slots.get(m.slot).is_some_and(|s| s.name == name)
            })
        };
        let mut choices = Choices::none();
        for input in self.inputs() {
            if from_grid(&input.name) {
                continue;
            }
            match input.kind {
                InputKind::Choice { options } => {
                    if let Some((option, _)) = options.first() {
                        choices = choices.with(&input.name, Some(option));
                    }
                }
                InputKind::Param {
                    bounds,
                    default: None,
                } => {
                    // A whole value near the middle (a param that moves the
                    // roll takes whole values only), else the low bound.
                    let v = bounds.map_or_else(
                        || "1".to_string(),
                        |(lo, hi)| {
                            let (l, h) = (lo.ceil(), hi.floor());
                            if l <= h {
                                (l + (h - l) / 2).to_string()
                            } else {
                                lo.to_string()
                            }
                        },
                    );
                    choices = choices.with(&input.name, Some(&v));
                }
                _ => {}
            }
        }
        choices
    }

    /// Binds the chart to a set of choices once, to roll it many times.
    pub fn bind(&self, choices: &Choices) -> Result<BoundChart<'r>, RollError> {
        let bound = bind(&self.rules.program, self.id, choices, &[])?;
        Ok(BoundChart::settled(self.rules, bound))
    }

    /// Rolls the chart with the choices given.
    pub fn roll<D: DiceSource + ?Sized>(
        &self,
        choices: &Choices,
        dice: &mut D,
    ) -> Result<Roll, RollError> {
        self.bind_once(choices)?.roll(dice)
    }

    /// The exact odds of every outcome, for the choices given.
    pub fn odds(&self, choices: &Choices) -> Result<Odds, RollError> {
        self.bind_once(choices)?.odds()
    }

    /// Binds the chart for one use: no table for quick rolls, no texts
    /// for traces to share (building them would be wasted).
    fn bind_once(&self, choices: &Choices) -> Result<BoundChart<'r>, RollError> {
        Ok(BoundChart {
            rules: self.rules,
            bound: bind(&self.rules.program, self.id, choices, &[])?,
            quick: Quick::none(),
            text: None,
            layout: None,
        })
    }

    /// What the game's variant changed in this chart, directly or through a
    /// modifier set it uses; empty for a chart of a plain game.
    ///
    /// ```
    /// let rules = chartwright::Ruleset::from_str("mud", r#"
    ///     variant "Mud" of first_echelon version "1"
    ///     change bog_down.tracked +1
    /// "#).unwrap();
    /// let marks = rules.chart("bog_down").unwrap().variant_marks();
    /// assert_eq!(marks, ["tracked +2 → +1"]);
    /// ```
    #[must_use]
    pub fn variant_marks(&self) -> Vec<String> {
        self.rules
            .marks
            .get(self.tree().game)
            .into_iter()
            .flatten()
            .filter(|m| m.item == self.name())
            .map(|m| m.text.clone())
            .collect()
    }

    /// For a chart of a variant: the same chart in the plain game the
    /// variant (or its chain of bases) starts from, compiled on its own, so
    /// the two can be compared line by line. `None` for a plain game's chart
    /// or a chart the variant added.
    ///
    /// ```
    /// let rules = chartwright::Ruleset::from_str("mud", r#"
    ///     variant "Mud" of first_echelon version "1"
    ///     change bog_down.tracked +1
    /// "#).unwrap();
    /// let base = rules.chart("bog_down").unwrap().variant_base().unwrap();
    /// assert!(base.chart("bog_down").unwrap().render().contains("+2"));
    /// ```
    #[must_use]
    pub fn variant_base(&self) -> Option<Ruleset> {
        let root = self.rules.roots.get(self.tree().game)?.clone()?;
        let game = self.game().to_owned();
        let parsed = [Parsed { game, file: root }];
        let (program, errors) = compile(&parsed, &self.rules.limits);
        if !errors.is_empty() || !program.charts.iter().any(|c| c.name == self.name()) {
            return None;
        }
        Some(Ruleset {
            program,
            sources: self.rules.sources.clone(),
            limits: self.rules.limits.clone(),
            origins: Vec::new(),
            marks: vec![Vec::new()],
            roots: vec![None],
            expectations: Vec::new(),
        })
    }

    /// Its exclusive groups (`one of`): the names of each group's members,
    /// of which at most one may be given.
    ///
    /// ```
    /// let rules = chartwright::Ruleset::from_file("first_echelon").unwrap();
    /// let groups = rules.chart("bog_down").unwrap().exclusive_groups();
    /// assert_eq!(groups, [["tracked", "half_tracked", "manhandled"]]);
    /// ```
    #[must_use]
    pub fn exclusive_groups(&self) -> Vec<Vec<String>> {
        let t = self.tree();
        t.groups
            .iter()
            .map(|(_, members)| {
                members
                    .iter()
                    .filter_map(|&m| t.modifiers.get(m))
                    .filter_map(|m| t.slots.get(m.slot))
                    .map(|s| s.name.to_string())
                    .collect()
            })
            .collect()
    }

    /// The ruleset the chart belongs to.
    #[must_use]
    pub fn ruleset(&self) -> &'r Ruleset {
        self.rules
    }

    /// The chart rendered as a readable table, as on the sheet.
    #[must_use]
    pub fn render(&self) -> String {
        crate::render::chart(&self.rules.program, self.id)
    }
}

/// A chart bound to its choices: roll it as often as needed.
#[derive(Clone, Debug)]
pub struct BoundChart<'r> {
    rules: &'r Ruleset,
    bound: Bound,
    /// What quick rolls read (tables of naturals), settled with `bound`.
    quick: Quick,
    /// The texts every trace of `bound` shows, shared with each [`Roll`].
    text: Option<TraceText>,
    /// What its exact odds list and which outcome each natural reads,
    /// settled with `bound` (tables, checks and opposed rolls).
    layout: Option<Layout>,
}

impl<'r> BoundChart<'r> {
    /// The same chart with an extra net modifier on the roll (for an opposed
    /// roll, on the first side): what a designer sweeps to see the curve.
    #[must_use]
    pub fn with_extra_modifier(mut self, extra: i64) -> Self {
        if extra == 0 {
            // Nothing moves: the quick table and the texts stand.
            return self;
        }
        self.bound.shift(extra);
        if self.text.is_some() {
            return Self::settled(self.rules, self.bound);
        }
        self.quick = Quick::new(&self.rules.program, &self.bound);
        self
    }

    /// `bound` with everything binding settles for rolling it many times:
    /// the quick rolls' table, the texts its traces share, the layout of
    /// its odds.
    fn settled(rules: &'r Ruleset, bound: Bound) -> Self {
        let quick = Quick::new(&rules.program, &bound);
        let text = TraceText::new(&rules.program, &bound);
        BoundChart {
            rules,
            layout: Layout::new(&rules.program, &bound, &text, &quick),
            quick,
            text: Some(text),
            bound,
        }
    }

    /// Rolls once, with the full trace. The trace shares the chart's texts
    /// (name, modifiers, rows, outcomes) with this bound chart, so a roll of
    /// a plain table allocates at most once (for a detail line), follow-ups
    /// aside.
    pub fn roll<D: DiceSource + ?Sized>(&self, dice: &mut D) -> Result<Roll, RollError> {
        crate::sample::roll(
            &self.rules.program,
            &self.bound,
            self.text.as_ref(),
            dice,
            &self.rules.limits,
            0,
            &mut Work::new(&self.rules.limits),
        )
        .map_err(|e| self.bound.explain(e))
    }

    /// Rolls once without the trace or follow-ups, allocating nothing: the
    /// path for simulations and game loops.
    ///
    /// ```
    /// use chartwright::{Choices, Ruleset};
    /// use rand::SeedableRng;
    /// let rules = Ruleset::from_file("first_echelon").unwrap();
    /// let bound = rules.chart("bog_down").unwrap().bind(&Choices::parse("tracked").unwrap()).unwrap();
    /// let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    /// let traverse = (0..1000)
    ///     .filter(|_| bound.describe(&bound.roll_quick(&mut rng).unwrap().outcome).to_string() == "Traverse")
    ///     .count();
    /// assert!(traverse > 600 && traverse < 800); // 7/10 exactly
    /// ```
    pub fn roll_quick<D: DiceSource + ?Sized>(&self, dice: &mut D) -> Result<QuickRoll, RollError> {
        crate::quick::roll(
            &self.rules.program,
            &self.bound,
            &self.quick,
            dice,
            &self.rules.limits,
        )
    }

    /// The text of an outcome a quick roll gave.
    #[must_use]
    pub fn describe(&self, outcome: &OutcomeId) -> crate::OutcomeText {
        crate::quick::describe(&self.rules.program, &self.bound, outcome)
    }

    /// The exact odds of every outcome. Reference text has none: asking is
    /// a [`RollErrorKind::NoOdds`] error, never a 100% outcome.
    ///
    /// Bounded by the ruleset's [`crate::Limits`]: past `max_odds_work`,
    /// `max_follow_ups` or `max_odds_states` this is a
    /// [`RollErrorKind::OverBudget`](crate::RollErrorKind::OverBudget) or
    /// [`RollErrorKind::TooLarge`](crate::RollErrorKind::TooLarge) error.
    pub fn odds(&self) -> Result<Odds, RollError> {
        self.no_odds_for_notes()?;
        let mut work = Work::new(&self.rules.limits);
        crate::odds::chart_odds(
            &self.rules.program,
            &self.bound,
            crate::odds::Kept {
                text: self.text.as_ref(),
                quick: Some(&self.quick),
                layout: self.layout.as_ref(),
            },
            &self.rules.limits,
            &mut work,
        )
        .map_err(|e| self.bound.explain(e))
    }

    /// Notes are reference text: they have no odds to give.
    fn no_odds_for_notes(&self) -> Result<(), RollError> {
        let tree = &self.rules.program.charts[self.bound.chart];
        if matches!(tree.body, Body::Notes(_)) {
            return Err(RollError::new(
                RollErrorKind::NoOdds {
                    chart: self.qualified_name(),
                },
                None,
            ));
        }
        Ok(())
    }

    /// The odds against each extra net modifier of `extras` (what
    /// `odds --sweep A..B` shows), all within one work budget: the sweep
    /// counts against `max_sweep_points`, and its points together against
    /// `max_odds_work` and `max_follow_ups`.
    ///
    /// ```
    /// use chartwright::{Choices, Ruleset};
    /// let rules = Ruleset::from_file("first_echelon").unwrap();
    /// let bound = rules.chart("bog_down").unwrap().bind(&Choices::none()).unwrap();
    /// let sweep = bound.sweep(-1..=1).unwrap();
    /// assert_eq!(sweep.len(), 3);
    /// assert_eq!(sweep[0].0, -1);
    /// ```
    pub fn sweep(
        &self,
        extras: std::ops::RangeInclusive<i64>,
    ) -> Result<Vec<(i64, Odds)>, RollError> {
        self.no_odds_for_notes()?;
        let mut work = Work::new(&self.rules.limits);
        let name = self.qualified_name();
        let mut out = Vec::new();
        for extra in extras {
            work.sweep_point(|| format!("the sweep of `{name}`"))?;
            let point = self.clone().with_extra_modifier(extra);
            let odds = crate::odds::chart_odds(
                &self.rules.program,
                &point.bound,
                crate::odds::Kept {
                    text: point.text.as_ref(),
                    quick: Some(&point.quick),
                    layout: point.layout.as_ref(),
                },
                &self.rules.limits,
                &mut work,
            )
            .map_err(|e| point.bound.explain(e))?;
            out.push((extra, odds));
        }
        Ok(out)
    }

    fn qualified_name(&self) -> String {
        let chart = &self.rules.program.charts[self.bound.chart];
        format!(
            "{}.{}",
            self.rules.program.games[chart.game].name, chart.name
        )
    }
}

/// The modifier that gives input `slot` of chart `id` its group and
/// condition: the chart's own, or, for an input the chart takes from a
/// ladder it reads, the ladder's (followed down a chain of ladders, which
/// the compiler has checked has no cycle).
fn defining_modifier(
    program: &Program,
    id: ChartId,
    slot: crate::tree::Slot,
) -> Option<(&crate::tree::ChartTree, &crate::tree::Modifier)> {
    let mut at = (id, slot);
    for _ in 0..=program.charts.len() {
        let tree = program.charts.get(at.0)?;
        if let Some(m) = tree.modifiers.iter().find(|m| m.slot == at.1) {
            return Some((tree, m));
        }
        at = program
            .ladder_reads
            .iter()
            .filter(|r| r.caller == at.0)
            .find_map(|r| {
                let &(_, to) = r.pass.iter().find(|&&(from, _)| from == at.1)?;
                Some((r.ladder, to))
            })?;
    }
    None
}

/// What the player gives for a slot; a flag's value comes from the
/// modifier that defines it.
fn input_kind(
    program: &Program,
    kind: &SlotKind,
    defined: Option<&crate::tree::Modifier>,
) -> InputKind {
    match kind {
        SlotKind::Flag => InputKind::Flag(defined.and_then(|m| match m.value {
            crate::tree::ModValue::Fixed(v) => Some(v),
            _ => None,
        })),
        SlotKind::Param { bounds, default } => InputKind::Param {
            bounds: bounds.map(|(l, h)| (crate::Number::new(l), crate::Number::new(h))),
            default: default.map(crate::Number::new),
        },
        SlotKind::Choice(c) => InputKind::Choice {
            options: program
                .choices
                .get(*c)
                .map(|c| {
                    c.options
                        .iter()
                        .map(|(n, l)| (n.to_string(), l.to_string()))
                        .collect()
                })
                .unwrap_or_default(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    /// read value by value with [`crate::bind::Bound::read`], for every
    /// chart of the bundled games and every net modifier from -4 to +4.
    #[test]
    fn laid_out_odds_are_the_odds_read_value_by_value() {
        let mut builder = Ruleset::builder();
        for name in crate::bundled::names() {
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
                let bound = bound.with_extra_modifier(extra);
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

    /// `bound`'s odds from its layout equal those the general path reads.
    #[track_caller]
    fn assert_odds_read_value_by_value(rules: &Ruleset, bound: &BoundChart<'_>, extra: i64) {
        let read = crate::odds::chart_odds(
            &rules.program,
            &bound.bound,
            crate::odds::Kept {
                text: bound.text.as_ref(),
                quick: Some(&bound.quick),
                layout: None,
            },
            &rules.limits,
            &mut Work::new(&rules.limits),
        );
        assert_eq!(
            bound.odds().map_err(|e| e.to_string()),
            read.map_err(|e| bound.bound.explain(e).to_string()),
            "{} {extra:+}",
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
                .with_extra_modifier(extra);
            assert!(bound.layout.is_some(), "{extra:+}: not laid out");
            assert_odds_read_value_by_value(&rules, &bound, extra);
        }
    }
}
