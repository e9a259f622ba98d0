//! [`Limits`]: the bounds that keep any ruleset, roll and odds computation
//! finite and small, whatever the input.
//!
//! Two kinds: sizes, checked before anything is allocated (`max_dice`,
//! `max_odds_states`, …), and work budgets, counted as the work is done
//! (`max_odds_work`, `max_roll_dice`, `max_follow_ups`, `max_sweep_points`). Past either, the engine stops with a
//! [`crate::RollErrorKind::TooLarge`] or [`crate::RollErrorKind::OverBudget`]
//! diagnostic. The defaults keep every command under about 2 s and 512 MiB
//! on a small machine; a host raises them with [`crate::RulesetBuilder::limits`].

/// Resource limits, set on a [`crate::RulesetBuilder`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most dice in one roll (all groups together).
    pub max_dice: u32,
    /// Most sides on one die.
    pub max_sides: u32,
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

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_dice: 1000,
            max_sides: 1000,
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
            max_situations: 4096,
        }
    }
}
