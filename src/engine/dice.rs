//! Dice: where faces come from ([`DiceSource`], [`Scripted`]), and one
//! group of bound dice rolled with its notation: each die (`d66` digits,
//! rerolls, explosions, each bounded by the notation's own bound), then keep
//! or drop. The trace's [`DiceRoll`] says what happened to each die; the
//! quick path asks only for the sum.

use crate::check::tree::Notation;
use crate::engine::bind::BoundGroup;
use crate::engine::trace::{DiceRoll, DieRoll, Faces, Notated};
use smallvec::SmallVec;

/// Where dice faces come from: any `rand` generator, or a script of faces
/// for tests and replays.
pub trait DiceSource {
    /// One face of a die of `sides` sides, from 1 to `sides`.
    fn die(&mut self, sides: u32) -> u32;
}

impl<R: rand::RngCore + ?Sized> DiceSource for R {
    /// What `rand::Rng::random_range(1..=sides)` draws, face for face:
    /// the sampler it calls, called directly. `random_range` is not
    /// `#[inline]` (it asserts the range is not empty) and the compiler
    /// often keeps it an out-of-line call, about 15 instructions a die
    /// more in a quick roll; the sampler is `#[inline]`.
    #[inline]
    fn die(&mut self, sides: u32) -> u32 {
        use rand::distr::uniform::{SampleUniform, UniformSampler};
        // `1..=sides.max(1)` is never empty: the error cannot happen.
        <u32 as SampleUniform>::Sampler::sample_single_inclusive(1, sides.max(1), self).unwrap_or(1)
    }
}

/// Faces given in advance, used in order (then again from the start).
///
/// ```
/// use chartwright::{DiceSource, Scripted};
/// let mut dice = Scripted::new([6, 1]);
/// assert_eq!(dice.die(6), 6);
/// assert_eq!(dice.die(6), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Scripted {
    faces: Vec<u32>,
    next: usize,
}

impl Scripted {
    /// Faces to hand out in order.
    pub fn new(faces: impl IntoIterator<Item = u32>) -> Self {
        Self {
            faces: faces.into_iter().collect(),
            next: 0,
        }
    }
}

impl DiceSource for Scripted {
    fn die(&mut self, sides: u32) -> u32 {
        if self.faces.is_empty() {
            return 1;
        }
        let face = self.faces[self.next % self.faces.len()];
        self.next += 1;
        face.clamp(1, sides.max(1))
    }
}

/// One face of a die of `sides` sides with its rerolls: faces the reroll
/// covers are rolled again, at most `times` times; the last face stands.
fn face<D: DiceSource + ?Sized>(
    sides: u32,
    notation: &Notation,
    source: &mut D,
    rerolled: &mut Faces,
) -> u32 {
    let mut f = source.die(sides);
    if let Some(r) = notation.reroll {
        for _ in 0..r.times {
            if !r.on.covers(i64::from(f)) {
                break;
            }
            rerolled.push(f);
            f = source.die(sides);
        }
    }
    f
}

/// One die: its value and how it came to it (a die of `max(2d6, 2d6)` is
/// two physical dice added).
fn die<D: DiceSource + ?Sized>(sides: u32, notation: &Notation, source: &mut D) -> (i64, DieRoll) {
    let mut story = DieRoll {
        rerolled: Faces::new(),
        rolls: Faces::new(),
        kept: true,
    };
    let mut value = 0;
    for _ in 0..=notation.summed {
        value += physical(sides, notation, source, &mut story);
    }
    (value, story)
}

/// One physical die: `d66` digits, or a face with its rerolls and
/// explosions; its faces pushed on `story`.
fn physical<D: DiceSource + ?Sized>(
    sides: u32,
    notation: &Notation,
    source: &mut D,
    story: &mut DieRoll,
) -> i64 {
    if notation.digits > 0 {
        let mut value = 0i64;
        for _ in 0..notation.digits {
            let digit = source.die(6);
            story.rolls.push(digit);
            value = value * 10 + i64::from(digit);
        }
        return value;
    }
    let mut f = face(sides, notation, source, &mut story.rerolled);
    story.rolls.push(f);
    let mut value = i64::from(f);
    if let Some(e) = notation.explode {
        for _ in 0..e.depth {
            if !e.on.covers(i64::from(f)) {
                break;
            }
            f = face(sides, notation, source, &mut story.rerolled);
            story.rolls.push(f);
            value += i64::from(f);
        }
    }
    value
}

/// Which of `values` keep or drop keeps: the `kept` highest (or lowest),
/// the earlier die first among equal values.
fn kept_flags(values: &[i64], highest: bool, kept: usize) -> SmallVec<[bool; 8]> {
    let mut order: SmallVec<[usize; 8]> = (0..values.len()).collect();
    if highest {
        order.sort_by_key(|&i| std::cmp::Reverse(values[i]));
    } else {
        order.sort_by_key(|&i| values[i]);
    }
    let mut flags: SmallVec<[bool; 8]> = smallvec::smallvec![false; values.len()];
    for &i in order.iter().take(kept) {
        flags[i] = true;
    }
    flags
}

/// Rolls a group with notation, its trace pushed on `out`; the sum of the
/// kept dice (positive: the caller applies the sign).
pub(crate) fn roll_group<D: DiceSource + ?Sized>(
    group: &BoundGroup,
    source: &mut D,
    label: Option<&str>,
    out: &mut Vec<DiceRoll>,
) -> i64 {
    let n = &group.notation;
    let mut values: SmallVec<[i64; 8]> = SmallVec::with_capacity(group.count as usize);
    let mut stories = Vec::with_capacity(group.count as usize);
    for _ in 0..group.count {
        let (v, story) = die(group.sides, n, source);
        values.push(v);
        stories.push(story);
    }
    let mut sum = 0i64;
    match n.keep {
        Some(k) => {
            let flags = kept_flags(&values, k.keeps_highest(), group.kept() as usize);
            for ((story, &v), keep) in stories.iter_mut().zip(&values).zip(flags) {
                story.kept = keep;
                if keep {
                    sum += v;
                }
            }
        }
        None => sum = values.iter().sum(),
    }
    // A `d66` is shown by its sides as written.
    let sides = n.sides_text(group.sides).parse().unwrap_or(group.sides);
    out.push(DiceRoll {
        sides,
        faces: values
            .iter()
            .map(|&v| u32::try_from(v).unwrap_or(u32::MAX))
            .collect(),
        negative: group.negative,
        label: label.map(str::to_string),
        notated: Some(Box::new(Notated {
            notation: n.written(Some(group.count), group.sides),
            dice: stories,
        })),
    });
    sum
}

/// The values of the kept dice of a group with notation, without a trace,
/// pushed on `out` (positive: the caller applies the sign).
pub(crate) fn kept_values<D: DiceSource + ?Sized>(
    group: &BoundGroup,
    source: &mut D,
    out: &mut SmallVec<[i64; 8]>,
) {
    let n = &group.notation;
    let from = out.len();
    for _ in 0..group.count {
        out.push(value(group.sides, n, source));
    }
    if let Some(k) = n.keep {
        let flags = kept_flags(&out[from..], k.keeps_highest(), group.kept() as usize);
        let mut i = 0;
        out.retain(|_| {
            let keep = i < from || flags[i - from];
            i += 1;
            keep
        });
    }
}

/// The sum of a group with notation, without a trace.
pub(crate) fn group_sum<D: DiceSource + ?Sized>(group: &BoundGroup, source: &mut D) -> i64 {
    let mut values = SmallVec::new();
    kept_values(group, source, &mut values);
    values.iter().sum()
}

/// One die's value, without its story.
fn value<D: DiceSource + ?Sized>(sides: u32, notation: &Notation, source: &mut D) -> i64 {
    if notation.digits == 0
        && notation.summed == 0
        && notation.reroll.is_none()
        && notation.explode.is_none()
    {
        return i64::from(source.die(sides));
    }
    die(sides, notation, source).0
}
