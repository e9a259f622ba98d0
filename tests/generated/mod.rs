//! Random game files over the whole grammar, and what they test.
//!
//! [`game`] writes a random, valid `.rules` game from a seed: every construct
//! of `docs/language.md` in every position the grammar allows (expressions
//! and functions in scores, columns, targets, starts and conditions;
//! conditions on modifiers, shifts, cells, natural rules and outcomes; dice
//! notation; every chart kind; follow-ups, `then again`, expectations), kept
//! small enough that an exhaustive reference interpreter can enumerate it
//! (few dice, small parameter ranges, few columns). The same seed always
//! gives the same text: the generator owns its generator of random numbers
//! (`Xoshiro256PlusPlus` seeded from the seed) and never reads the engine.
//!
//! - `coverage`: the grammar rules the files produce, asked of pest itself;
//! - `engines`: the exact odds against the sampler and `expect` lines on
//!   each generated chart, and the rejection rate (files that do not
//!   compile); the long `campaign` is `#[ignore]`d;
//! - `regressions`: minimal files for the engine bugs the campaign found.

mod anchors;
mod charts;
mod column_dice;
pub mod coverage;
mod dice;
mod engines;
mod expr;
mod gen;
mod modifiers;
mod ranges;
mod regressions;
mod sides;
mod variant;

pub use gen::Config;

/// A random game file's source text, reproducible from its seed.
pub fn game(seed: u64) -> String {
    game_with(seed, &Config::default())
}

/// A variant of `game(seed)`: a house rule whose header names its base as
/// the file `base.rules` beside it ([`variant::BASE_FILE`]), where
/// `game(seed)` is to be saved.
pub fn variant(seed: u64) -> String {
    let mut gen = gen::Gen::new(seed, Config::default());
    gen.write_game();
    gen.variant_text()
}

/// A random game file's source text for a given size, reproducible from its
/// seed and the config.
pub fn game_with(seed: u64, config: &Config) -> String {
    gen::Gen::new(seed, config.clone()).game()
}
