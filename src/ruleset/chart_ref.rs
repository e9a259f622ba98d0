//! The handles on a compiled chart: [`ChartRef`] (a chart of a
//! [`Ruleset`]: what it takes, binding, rolling, odds) and [`BoundChart`]
//! (a chart bound to its choices, rolled as often as needed).

use super::Ruleset;
use crate::check::compiler::{compile, Parsed};
use crate::check::tree::{Body, ChartId, ChartKind, Program, SlotKind};
use crate::engine::bind::{bind, Bound};
use crate::engine::budget::{Budget, Work};
use crate::engine::choices::Choices;
use crate::engine::dice::DiceSource;
use crate::engine::error::{RollError, RollErrorKind};
use crate::engine::odds::Layout;
use crate::engine::odds::Odds;
use crate::engine::quick::{OutcomeId, Quick, QuickRoll};
use crate::engine::trace::Roll;
use crate::engine::trace_text::TraceText;

/// A chart of a [`Ruleset`].
#[derive(Clone, Copy, Debug)]
pub struct ChartRef<'r> {
    pub(super) rules: &'r Ruleset,
    pub(super) id: ChartId,
}

/// What a chart takes at roll time.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
    pub applies: Option<crate::check::condition::Condition>,
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
        bounds: Option<(crate::number::Number, crate::number::Number)>,
        /// Used when not given.
        default: Option<crate::number::Number>,
    },
    /// One of a list, `name=option`.
    Choice {
        /// (option, label) in order.
        options: Vec<(String, String)>,
    },
}

impl<'r> ChartRef<'r> {
    fn tree(&self) -> &'r crate::check::tree::ChartTree {
        &self.rules.program.charts[self.id]
    }

    /// The compiled program and the chart's id in it, for the library's own
    /// renderers (`show`, the sheet).
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

    /// Its kind: a table, check, opposed roll, pool, ladder, grid,
    /// modifier set or notes (`kind().as_str()` is the keyword).
    #[must_use]
    pub fn kind(&self) -> ChartKind {
        self.tree().body.kind()
    }

    /// True for reference text, which is shown rather than rolled.
    #[must_use]
    pub fn is_notes(&self) -> bool {
        matches!(self.tree().body, Body::Notes(_))
    }

    /// The dice it rolls, as written (`d10`, `2d6`), if it rolls; for an
    /// opposed roll whose sides roll a chart, `each rolls CHART`.
    #[must_use]
    pub fn dice(&self) -> Option<String> {
        match &self.tree().body {
            Body::Table { dice, .. }
            | Body::Check { dice, .. }
            | Body::Opposed {
                dice, rolls: None, ..
            } => Some(dice.to_string()),
            // Each side rolls another chart: its dice are that chart's.
            Body::Opposed { rolls: Some(r), .. } => Some(format!(
                "each rolls {}",
                self.rules
                    .program
                    .charts
                    .get(r.chart)
                    .map_or("", |c| c.name.as_str())
            )),
            Body::Pool { dice, .. } => Some(match dice {
                crate::check::tree::PoolDice::Dice(d) => d.to_string(),
                crate::check::tree::PoolDice::Grid(r) => format!("dice from {}", r.name),
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
                        Some(crate::check::condition::Condition::from_tree(
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
                matches!(
                    m.value,
                    crate::check::tree::ModValue::Param { from: Some(_), .. }
                ) && t.slots.get(m.slot).is_some_and(|s| s.name == name)
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
        let bound = bind(&self.rules.program, self.prebound(), self.id, choices, &[])?;
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

    /// Rolls the chart with the choices given, within `budget` ([`Budget`]).
    pub fn roll_in<D: DiceSource + ?Sized>(
        &self,
        choices: &Choices,
        dice: &mut D,
        budget: &mut Budget,
    ) -> Result<Roll, RollError> {
        self.bind_once(choices)?.roll_in(dice, budget)
    }

    /// The exact odds of every outcome, for the choices given.
    pub fn odds(&self, choices: &Choices) -> Result<Odds, RollError> {
        let mut work = Work::new(&self.rules.limits);
        if let Some(odds) = self.plain_odds(choices, &mut work) {
            return Ok(odds);
        }
        self.bind_once(choices)?.odds()
    }

    /// The odds of a plain chart, read without binding it
    /// ([`crate::engine::odds::Plain`]), or `None` to bind it.
    fn plain_odds(&self, choices: &Choices, work: &mut Work) -> Option<Odds> {
        let (plain, pre) = self.plain()?;
        plain.odds(choices, pre, work)
    }

    /// How a one-shot call reads the chart without binding it, if it is
    /// plain, and what every binding of it shares.
    pub(crate) fn plain(
        &self,
    ) -> Option<(
        &'r crate::engine::odds::Plain,
        &'r crate::engine::prebound::Prebound,
    )> {
        Some((self.rules.plain.get(self.id)?.as_ref()?, self.prebound()?))
    }

    /// The exact odds of the chart's own outcomes for the choices given,
    /// each follow-up named, not rolled (`Knocked out -> roll Bail Out
    /// Table`), within `budget`.
    pub(crate) fn own_odds_in(
        &self,
        choices: &Choices,
        budget: &mut Budget,
    ) -> Result<Odds, RollError> {
        let bound = self.bind_once(choices)?;
        bound.no_odds_for_notes()?;
        budget
            .run(|work| {
                crate::engine::odds::own_odds(
                    &self.rules.program,
                    &bound.bound,
                    &self.rules.limits,
                    work,
                )
            })
            .map_err(|e| bound.bound.explain(e))
    }

    /// The exact odds for the choices given, within `budget` ([`Budget`]).
    pub fn odds_in(&self, choices: &Choices, budget: &mut Budget) -> Result<Odds, RollError> {
        if let Some(odds) = budget.run(|work| Ok(self.plain_odds(choices, work)))? {
            return Ok(odds);
        }
        self.bind_once(choices)?.odds_in(budget)
    }

    /// Checks that a sweep of this chart over `range` (an extra modifier,
    /// or the values of a parameter) is within
    /// [`crate::Limits::max_sweep_points`], before any point is computed:
    /// the same `over_budget` error [`BoundChart::sweep`] gives, so every
    /// front end has one limit and one message.
    ///
    /// ```
    /// let rules = chartwright::Ruleset::from_file("first_echelon").unwrap();
    /// let chart = rules.chart("bog_down").unwrap();
    /// assert!(chart.check_sweep(&(-50..=50)).is_ok());
    /// assert!(chart.check_sweep(&(-50..=51)).is_err());
    /// assert!(chart.check_sweep(&(i64::MIN..=i64::MAX)).is_err());
    /// ```
    pub fn check_sweep(&self, range: &std::ops::RangeInclusive<i64>) -> Result<(), RollError> {
        let name = self.qualified_name();
        Work::new(&self.rules.limits).sweep_points(range, || format!("the sweep of `{name}`"))
    }

    /// What every binding of the chart shares.
    fn prebound(&self) -> Option<&'r crate::engine::prebound::Prebound> {
        self.rules.prebound.get(self.id)
    }

    /// Binds the chart for one use: no table for quick rolls, no texts
    /// for traces to share (building them would be wasted); the chart's
    /// own shared rows and texts still serve.
    pub(crate) fn bind_once(&self, choices: &Choices) -> Result<BoundChart<'r>, RollError> {
        Ok(BoundChart {
            rules: self.rules,
            bound: bind(&self.rules.program, self.prebound(), self.id, choices, &[])?,
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
        let prebound = crate::engine::prebound::Prebound::all(&program);
        let ready = crate::engine::odds::Ready::all(&program, &self.rules.limits);
        Some(Ruleset {
            by_name: super::chart_index(&program),
            plain: crate::engine::odds::Plain::all(&program, &prebound, &ready),
            prebound,
            ready,
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
}

/// A chart bound to its choices: roll it as often as needed.
#[derive(Clone, Debug)]
pub struct BoundChart<'r> {
    pub(super) rules: &'r Ruleset,
    pub(super) bound: Bound,
    /// What quick rolls read (tables of naturals), settled with `bound`.
    pub(super) quick: Quick,
    /// The texts every trace of `bound` shows, shared with each [`Roll`].
    pub(super) text: Option<TraceText>,
    /// What its exact odds list and which outcome each natural reads,
    /// settled with `bound` (tables, checks and opposed rolls).
    pub(super) layout: Option<Layout>,
}

impl<'r> BoundChart<'r> {
    /// The modifiers as bound: each one's value, 0 where it does not apply.
    pub(crate) fn applied(&self) -> &[crate::engine::bind::Applied] {
        &self.bound.applied
    }

    /// The same chart with an extra net modifier on the roll (for an opposed
    /// roll, on the first side): what a designer sweeps to see the curve.
    ///
    /// # Errors
    ///
    /// `chartwright::roll::arithmetic` when a total would pass `i64`.
    ///
    /// ```
    /// use chartwright::{Choices, Ruleset};
    /// let rules = Ruleset::from_file("first_echelon").unwrap();
    /// let bound = rules.chart("bog_down").unwrap().bind(&Choices::none()).unwrap();
    /// assert!(bound.clone().with_extra_modifier(2).is_ok());
    /// assert!(bound.with_extra_modifier(i64::MAX).is_err());
    /// ```
    pub fn with_extra_modifier(mut self, extra: i64) -> Result<Self, RollError> {
        if extra == 0 {
            // Nothing moves: the quick table and the texts stand.
            return Ok(self);
        }
        self.bound.shift(&self.rules.program, extra)?;
        if self.text.is_some() {
            return Ok(Self::settled(self.rules, self.bound));
        }
        self.quick = Quick::new(&self.rules.program, &self.bound);
        Ok(self)
    }

    /// The same chart with an extra net modifier, bound for one odds
    /// computation (a sweep's point), as [`ChartRef::odds`] binds: the
    /// quick rolls' table and the traces' texts of a long table cost more
    /// to settle than its odds.
    fn moved_once(&self, extra: i64) -> Result<Self, RollError> {
        let mut bound = self.bound.clone();
        if extra != 0 {
            bound.shift(&self.rules.program, extra)?;
        }
        Ok(BoundChart {
            rules: self.rules,
            bound,
            quick: Quick::none(),
            text: None,
            layout: None,
        })
    }

    /// `bound` with everything binding settles for rolling it many times:
    /// the quick rolls' table, the texts its traces share, the layout of
    /// its odds.
    fn settled(rules: &'r Ruleset, bound: Bound) -> Self {
        let quick = Quick::new(&rules.program, &bound);
        let text = TraceText::new(&rules.program, rules.prebound.get(bound.chart), &bound);
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
        self.roll_with(dice, &mut Work::new(&self.rules.limits))
    }

    /// Rolls once, with the full trace, within `budget`: what a batch of
    /// rolls (`roll --times N`) shares ([`Budget`]).
    pub fn roll_in<D: DiceSource + ?Sized>(
        &self,
        dice: &mut D,
        budget: &mut Budget,
    ) -> Result<Roll, RollError> {
        let name = || format!("the batch of rolls of `{}`", self.qualified_name());
        budget
            .roll(name, |work| self.roll_with(dice, work))
            .map_err(|e| self.bound.explain(e))
    }

    fn roll_with<D: DiceSource + ?Sized>(
        &self,
        dice: &mut D,
        work: &mut Work,
    ) -> Result<Roll, RollError> {
        crate::engine::sample::roll(
            &self.rules.program,
            &self.bound,
            self.text.as_ref(),
            dice,
            &self.rules.limits,
            0,
            work,
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
        crate::engine::quick::roll(
            &self.rules.program,
            &self.bound,
            &self.quick,
            dice,
            &self.rules.limits,
        )
    }

    /// The text of an outcome a quick roll gave.
    #[must_use]
    pub fn describe(&self, outcome: &OutcomeId) -> crate::engine::trace::OutcomeText {
        crate::engine::quick::describe(&self.rules.program, &self.bound, outcome)
    }

    /// The exact odds of every outcome. Reference text has none: asking is
    /// a [`RollErrorKind::NoOdds`] error, never a 100% outcome.
    ///
    /// Bounded by the ruleset's [`crate::Limits`]: past `max_odds_work`,
    /// `max_follow_ups` or `max_odds_states` this is a
    /// [`RollErrorKind::OverBudget`](crate::RollErrorKind::OverBudget) or
    /// [`RollErrorKind::TooLarge`](crate::RollErrorKind::TooLarge) error.
    pub fn odds(&self) -> Result<Odds, RollError> {
        self.odds_with(&mut Work::new(&self.rules.limits))
    }

    /// The exact odds within `budget`, shared with the other computations
    /// of one request ([`Budget`]).
    pub fn odds_in(&self, budget: &mut Budget) -> Result<Odds, RollError> {
        budget.run(|work| self.odds_with(work))
    }

    fn odds_with(&self, work: &mut Work) -> Result<Odds, RollError> {
        // A plain chart reads its offsets as a one-shot call does.
        let id = self.bound.chart;
        let plain = self.rules.plain.get(id).and_then(Option::as_ref);
        if let (Some(plain), Some(pre), Some(offsets)) =
            (plain, self.rules.prebound.get(id), self.bound.offsets())
        {
            if let Some(odds) = plain.odds_at(offsets, pre, work) {
                return Ok(odds);
            }
        }
        self.general_odds(work)
    }

    /// The exact odds by the engine's general path (what a plain chart's
    /// reading must equal: `ruleset::plain_tests`).
    pub(crate) fn general_odds(&self, work: &mut Work) -> Result<Odds, RollError> {
        self.no_odds_for_notes()?;
        crate::engine::odds::chart_odds(
            &self.rules.program,
            &self.bound,
            crate::engine::odds::Kept {
                text: self.text.as_ref(),
                pre: self.rules.prebound.get(self.bound.chart),
                ready: self
                    .rules
                    .ready
                    .get(self.bound.chart)
                    .and_then(Option::as_ref),
                quick: Some(&self.quick),
                layout: self.layout.as_ref(),
            },
            &self.rules.limits,
            work,
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
    /// `max_odds_work` (each point against the other limits).
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
        self.sweep_in(extras, &mut Budget::new(&self.rules.limits))
    }

    /// [`BoundChart::sweep`] within `budget`, shared with the rest of a
    /// request ([`Budget`]). A sweep is an answer to show: each point's
    /// rendering is charged as it is computed ([`Budget::charge_answer`]).
    pub fn sweep_in(
        &self,
        extras: std::ops::RangeInclusive<i64>,
        budget: &mut Budget,
    ) -> Result<Vec<(i64, Odds)>, RollError> {
        self.no_odds_for_notes()?;
        let name = self.qualified_name();
        Work::new(&self.rules.limits).sweep_points(&extras, || format!("the sweep of `{name}`"))?;
        let mut out = Vec::new();
        for extra in extras {
            let odds = self.moved_once(extra)?.odds_in(budget)?;
            budget.charge_answer(&odds)?;
            out.push((extra, odds));
        }
        Ok(out)
    }

    pub(super) fn qualified_name(&self) -> String {
        let chart = &self.rules.program.charts[self.bound.chart];
        format!(
            "{}.{}",
            self.rules.program.games[chart.game].name, chart.name
        )
    }
}

/// The modifier that gives input `slot` of chart `id` its group and
/// condition: the chart's own, or, for an input the chart takes from a
/// ladder it reads or passes to a chart it follows up, that chart's
/// (followed down a chain of ladders and follow-ups, which the compiler
/// has checked has no cycle; the walk is bounded all the same).
pub(crate) fn defining_modifier(
    program: &Program,
    id: ChartId,
    slot: crate::check::tree::Slot,
) -> Option<(
    &crate::check::tree::ChartTree,
    &crate::check::tree::Modifier,
)> {
    let mut at = (id, slot);
    for _ in 0..=program.charts.len() {
        let tree = program.charts.get(at.0)?;
        if let Some(m) = tree.modifiers.iter().find(|m| m.slot == at.1) {
            return Some((tree, m));
        }
        let read = program
            .ladder_reads
            .iter()
            .filter(|r| r.caller == at.0)
            .find_map(|r| {
                let &(_, to) = r.pass.iter().find(|&&(from, _)| from == at.1)?;
                Some((r.ladder, to))
            });
        let followed = || {
            program
                .follow_ups
                .iter()
                .filter(|f| f.caller == at.0 && !f.again)
                .find_map(|f| {
                    let &(_, to) = f.pass.iter().find(|&&(from, _)| from == at.1)?;
                    Some((f.chart, to))
                })
        };
        at = read.or_else(followed)?;
    }
    None
}

/// What the player gives for a slot; a flag's value comes from the
/// modifier that defines it.
fn input_kind(
    program: &Program,
    kind: &SlotKind,
    defined: Option<&crate::check::tree::Modifier>,
) -> InputKind {
    match kind {
        SlotKind::Flag => InputKind::Flag(defined.and_then(|m| match m.value {
            crate::check::tree::ModValue::Fixed(v) => Some(v),
            _ => None,
        })),
        SlotKind::Param {
            bounds, default, ..
        } => InputKind::Param {
            bounds: bounds
                .map(|(l, h)| (crate::number::Number::new(l), crate::number::Number::new(h))),
            default: default.map(crate::number::Number::new),
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

/// Steps charged for rendering each outcome of an answer, each step of its
/// path and each 64-bit word of its fraction ([`Budget::charge_answer`]):
/// JSON, the heaviest renderer, builds a tree of objects for each outcome
/// (about 7 KiB and 20 µs one of two steps) and writes every digit of its
/// fraction (about 19 a word, numerator and denominator).
const ANSWER_OUTCOME_STEPS: u64 = 1000;
const ANSWER_PATH_STEP_STEPS: u64 = 1000;
const ANSWER_WORD_STEPS: u64 = 40;

impl Budget {
    /// Charges the rendering of `odds` (text or JSON) to the budget, before
    /// it is rendered: a front end that writes an answer calls this, so a
    /// command ends within the limits output included. An answer of 70,000
    /// outcomes of 800-digit fractions (a pool of 374d10) is the most the
    /// default budget renders.
    ///
    /// ```
    /// use chartwright::{Budget, Choices, Ruleset};
    /// let rules = Ruleset::from_file("first_echelon").unwrap();
    /// let bound = rules.chart("bog_down").unwrap().bind(&Choices::none()).unwrap();
    /// let mut budget = Budget::new(rules.limits());
    /// let odds = bound.odds_in(&mut budget).unwrap();
    /// assert!(budget.charge_answer(&odds).is_ok());
    /// ```
    pub fn charge_answer(&mut self, odds: &Odds) -> Result<(), RollError> {
        let steps = odds.outcomes.iter().fold(0u64, |sum, o| {
            let words = o.probability.denom_bits().div_ceil(64);
            sum.saturating_add(ANSWER_OUTCOME_STEPS)
                .saturating_add((o.path.len() as u64).saturating_mul(ANSWER_PATH_STEP_STEPS))
                .saturating_add(words.saturating_mul(ANSWER_WORD_STEPS))
        });
        self.spend(steps, || format!("the answer of `{}`", odds.chart))
    }
}
