//! [`Limits`]: the bounds that keep any ruleset, roll and odds computation
//! finite and small, whatever the input.
//!
//! Two kinds: sizes, checked before anything is allocated (`max_dice`,
//! `max_odds_states`, …), and work budgets, counted as the work is done
//! (`max_odds_work`, `max_roll_dice`, `max_follow_ups`, `max_sweep_points`). Past either, the engine stops with a
//! [`crate::RollErrorKind::TooLarge`] or [`crate::RollErrorKind::OverBudget`]
//! diagnostic. The defaults keep every command under about 2 s and 512 MiB
//! on a small machine; a host raises them with [`crate::RulesetBuilder::limits`].

/// Resource limits, set on a [`crate::RulesetBuilder`]. New limits may be
/// added in any release: start from [`Limits::default`] and raise or lower
/// the ones you need, by field or with the `with_` setters.
///
/// ```
/// let limits = chartwright::Limits::default().with_max_dice(40).with_max_sides(100);
/// assert_eq!(limits.max_dice, 40);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most dice in one roll (all groups together).
    pub max_dice: u32,
    /// Most sides on one die.
    pub max_sides: u32,
    /// Most extra dice one exploding die may add (`d6!`): the bound when
    /// none is written, and the highest that may be written (`d6!3`). At
    /// the bound the die stops, whatever it shows.
    pub max_explode: u32,
    /// Most times one die is rerolled (`2d6r1`, "until it stops"): at the
    /// bound the last face stands, whatever it shows.
    pub max_rerolls: u32,
    /// Most follow-ups deep one roll may go.
    pub max_follow_depth: usize,
    /// Most times `then again` rolls a chart once more in one roll (a
    /// bounded "fight again"); at the bound the last outcome stands. Each
    /// repeat is also one follow-up deep.
    pub max_repeats: usize,
    /// Most states an exact-odds distribution may hold (and most outcomes,
    /// follow-up paths included, one odds computation may list).
    pub max_odds_states: usize,
    /// Widest span of totals one table may read (the size of its index).
    pub max_table_span: i64,
    /// Most cells one grid may have: the product of its keys' option
    /// counts (the cells are allocated, written or not).
    pub max_grid_cells: usize,
    /// Most bytes of rules text one ruleset may load, all sources together.
    /// Checked before a file is read, and while it is read (a device or a
    /// pipe has no size).
    pub max_input_bytes: usize,
    /// Work budget of one exact-odds computation (a whole `--sweep` shares
    /// one): arithmetic steps on counts, each weighted by the size of the
    /// numbers (one step per 64-bit word), plus 100 steps per outcome
    /// listed (its text, path and fraction). 10-15 ns a step on a small
    /// machine: the default ends a computation within about 1.5 s.
    pub max_odds_work: u64,
    /// Most dice one roll may roll, follow-ups and pool stages included.
    pub max_roll_dice: u64,
    /// Most follow-ups one roll or one odds computation may expand (each is
    /// a chart bound and rolled, or bound and enumerated).
    pub max_follow_ups: u64,
    /// Most points (extra modifiers) one sweep may compute.
    pub max_sweep_points: u64,
    /// Most bases deep a variant may go (a variant of a variant of ...).
    pub max_variant_depth: usize,
    /// Most situations `diff --across` computes exactly; beyond, it samples
    /// this many.
    pub max_situations: usize,
}

/// Chainable setters, one per limit.
impl Limits {
    /// Sets [`Limits::max_dice`].
    #[must_use]
    pub fn with_max_dice(mut self, value: u32) -> Self {
        self.max_dice = value;
        self
    }
    /// Sets [`Limits::max_sides`].
    #[must_use]
    pub fn with_max_sides(mut self, value: u32) -> Self {
        self.max_sides = value;
        self
    }
    /// Sets [`Limits::max_follow_depth`].
    #[must_use]
    pub fn with_max_follow_depth(mut self, value: usize) -> Self {
        self.max_follow_depth = value;
        self
    }
    /// Sets [`Limits::max_repeats`].
    #[must_use]
    pub fn with_max_repeats(mut self, value: usize) -> Self {
        self.max_repeats = value;
        self
    }
    /// Sets [`Limits::max_odds_states`].
    #[must_use]
    pub fn with_max_odds_states(mut self, value: usize) -> Self {
        self.max_odds_states = value;
        self
    }
    /// Sets [`Limits::max_table_span`].
    #[must_use]
    pub fn with_max_table_span(mut self, value: i64) -> Self {
        self.max_table_span = value;
        self
    }
    /// Sets [`Limits::max_explode`].
    #[must_use]
    pub fn with_max_explode(mut self, value: u32) -> Self {
        self.max_explode = value;
        self
    }
    /// Sets [`Limits::max_rerolls`].
    #[must_use]
    pub fn with_max_rerolls(mut self, value: u32) -> Self {
        self.max_rerolls = value;
        self
    }
    /// Sets [`Limits::max_grid_cells`].
    #[must_use]
    pub fn with_max_grid_cells(mut self, value: usize) -> Self {
        self.max_grid_cells = value;
        self
    }
    /// Sets [`Limits::max_input_bytes`].
    #[must_use]
    pub fn with_max_input_bytes(mut self, value: usize) -> Self {
        self.max_input_bytes = value;
        self
    }
    /// Sets [`Limits::max_odds_work`].
    #[must_use]
    pub fn with_max_odds_work(mut self, value: u64) -> Self {
        self.max_odds_work = value;
        self
    }
    /// Sets [`Limits::max_roll_dice`].
    #[must_use]
    pub fn with_max_roll_dice(mut self, value: u64) -> Self {
        self.max_roll_dice = value;
        self
    }
    /// Sets [`Limits::max_follow_ups`].
    #[must_use]
    pub fn with_max_follow_ups(mut self, value: u64) -> Self {
        self.max_follow_ups = value;
        self
    }
    /// Sets [`Limits::max_sweep_points`].
    #[must_use]
    pub fn with_max_sweep_points(mut self, value: u64) -> Self {
        self.max_sweep_points = value;
        self
    }
    /// Sets [`Limits::max_variant_depth`].
    #[must_use]
    pub fn with_max_variant_depth(mut self, value: usize) -> Self {
        self.max_variant_depth = value;
        self
    }
    /// Sets [`Limits::max_situations`].
    #[must_use]
    pub fn with_max_situations(mut self, value: usize) -> Self {
        self.max_situations = value;
        self
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_dice: 1000,
            max_sides: 1000,
            max_explode: 20,
            max_rerolls: 20,
            max_follow_depth: 16,
            max_repeats: 4,
            max_odds_states: 1_000_000,
            max_table_span: 100_000,
            max_grid_cells: 100_000,
            max_input_bytes: 2 * 1024 * 1024,
            max_odds_work: 100_000_000,
            max_roll_dice: 100_000,
            max_follow_ups: 10_000,
            max_sweep_points: 101,
            max_variant_depth: 8,
            max_situations: 16_384,
        }
    }
}
