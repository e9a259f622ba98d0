//! The hand-written charts `roll_quick` is measured against: the same
//! charts as plain Rust functions returning the row index, rolled with the
//! same generator. Shared by `benches/sampling.rs` (criterion, wall clock)
//! and `benches/sampling_instructions.rs` (callgrind instruction counts).

#![allow(dead_code)] // each bench uses its own subset

use rand::distr::uniform::{SampleUniform, UniformSampler};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The seed every sampling bench starts from.
pub const SEED: u64 = 0x00C0_FFEE;

/// The Combat Table's rows as `roll_quick` reads them (sheet order), with
/// `prepared_defense`: rows 7-8 and 9-10 read alike.
pub const COMBAT_ROWS: [&str; 6] = [
    "Loss? A2; Retreat? -; Traffic? -",
    "Loss? A1; Retreat? -; Traffic? -",
    "Loss? A1; Retreat? D: Situational; Traffic? Traffic",
    "Loss? A1; Retreat? D: Situational; Traffic? Traffic",
    "Loss? D1; Retreat? D: Retreat; Traffic? -",
    "Loss? D2; Retreat? D: Retreat; Traffic? -",
];

/// One die of `sides` sides: what `rng.random_range(1..=sides)` draws,
/// face for face, by calling the sampler `random_range` calls. Through
/// `random_range` itself (not `#[inline]`) the compiler keeps the draw an
/// out-of-line call in these small functions, about 20 instructions a die
/// more, while `roll_quick` (which calls the sampler the same way) has it
/// inlined: the comparison would flatter the compiled chart.
#[allow(clippy::inline_always)]
#[inline(always)]
fn die(rng: &mut Xoshiro256PlusPlus, sides: u32) -> u32 {
    <u32 as SampleUniform>::Sampler::sample_single_inclusive(1, sides, rng).unwrap_or(1)
}

/// Bog Down by hand: d10 + the net modifier, read in three ranges. Returns
/// the row index in sheet order (0: Traverse, 1: Bogged down or Displace,
/// 2: Bogged down).
#[allow(clippy::inline_always)]
#[inline(always)]
pub fn bog_down(rng: &mut Xoshiro256PlusPlus, modifier: i64) -> usize {
    let total = i64::from(die(rng, 10)) + modifier;
    if total >= 6 {
        0
    } else if total >= 4 {
        1
    } else {
        2
    }
}

/// The Combat Table by hand: 2d6 + the net modifier, read in six rows.
/// Returns the row index in sheet order (0: `4 or less` ... 5: `13 or more`).
#[allow(clippy::inline_always)]
#[inline(always)]
pub fn combat(rng: &mut Xoshiro256PlusPlus, modifier: i64) -> usize {
    let natural = die(rng, 6) + die(rng, 6);
    let total = i64::from(natural) + modifier;
    match total {
        ..=4 => 0,
        5..=6 => 1,
        7..=8 => 2,
        9..=10 => 3,
        11..=12 => 4,
        _ => 5,
    }
}

/// The Combat Table by hand, branch-free: the total clamped into an array of
/// rows, much as the compiled chart reads it. For information beside the
/// plain `match` above, whose six-way branch the CPU often mispredicts.
#[allow(clippy::inline_always)]
#[inline(always)]
pub fn combat_array(rng: &mut Xoshiro256PlusPlus, modifier: i64) -> usize {
    // Totals 4 or less, 5, 6, ..., 12, 13 or more.
    const ROWS: [u8; 10] = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5];
    let natural = die(rng, 6) + die(rng, 6);
    let total = i64::from(natural) + modifier;
    usize::from(ROWS[(total.clamp(4, 13) - 4) as usize])
}
