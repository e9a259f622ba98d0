//! `doubles` and `die N`: the dice of a chart's roll read one by one. Only a
//! table or a check whose roll is a sum of plain dice (`2d6`, `d6 + d10`,
//! a fixed count, no notation) can be read so; anywhere else the checker
//! says what to write instead.

use super::ChartCx;
use crate::check::error::CompileErrorKind;
use crate::check::tree::{DiceRead, MAX_FACE_ROLLS};
use crate::syntax::ast::{self, DiceTerm};
use crate::syntax::span::Span;

/// Most dice a roll read one by one may have (each of two sides or more
/// doubles the rolls to enumerate, bounded by [`MAX_FACE_ROLLS`]).
const MAX_READ_DICE: usize = 64;

/// What the dice of the chart being compiled allow `doubles` and `die N`
/// to read.
#[derive(Clone, Debug, Default)]
pub(in crate::check::compiler) enum RollFaces {
    /// A roll of plain dice: each die's sides, in the order written.
    Plain(Vec<u32>),
    /// No roll to read: why, and what to write instead.
    Refused { why: String, help: String },
    /// A chart with no roll at all (a grid, a modifier set, a ladder).
    #[default]
    NoRoll,
}

impl RollFaces {
    /// What the roll of chart `c` lets its conditions read.
    pub(in crate::check::compiler) fn of(c: &ast::Chart, roll: Option<&ast::DiceExpr>) -> Self {
        let keyword = match c.kind {
            ast::ChartKind::Table | ast::ChartKind::Check => None,
            ast::ChartKind::Opposed => Some("an `opposed` chart rolls once for each side"),
            ast::ChartKind::Pool => Some("a `pool` counts its dice rather than reading them"),
            ast::ChartKind::Ladder => return Self::NoRoll,
        };
        if let Some(why) = keyword {
            return Self::Refused {
                why: why.into(),
                help: "read `doubles` and `die N` in a `table` or a `check`, whose one roll \
                       they read"
                    .into(),
            };
        }
        let Some(roll) = roll else {
            return Self::NoRoll;
        };
        let mut sides = Vec::new();
        for (_, term) in &roll.terms {
            match term {
                DiceTerm::Number(_) => {}
                DiceTerm::Dice {
                    count,
                    sides: s,
                    notation,
                    ..
                } => {
                    let count = match count.as_deref().map(|e| &e.kind) {
                        None => Some(1),
                        Some(ast::ExprKind::Int(n)) => u32::try_from(*n).ok(),
                        Some(_) => None,
                    };
                    let Some(count) = count else {
                        return not_fixed();
                    };
                    if *s == 66 || *s == 666 {
                        return Self::Refused {
                            why: format!("`d{s}` reads its dice as digits, not as a sum"),
                            help: "read the digits from `natural`: `floor(natural / 10)` is \
                                   the tens die of a `d66`, `natural - 10 * floor(natural / 10)` \
                                   its units"
                                .into(),
                        };
                    }
                    if !notation.is_empty() {
                        return Self::Refused {
                            why: "the roll keeps, drops, rerolls or explodes dice".into(),
                            help: "roll plain dice (`2d6`, `d6 + d10`) to read them one by one"
                                .into(),
                        };
                    }
                    if sides.len() + count as usize > MAX_READ_DICE {
                        return Self::Refused {
                            why: format!("the roll has more than {MAX_READ_DICE} dice"),
                            help: "read the dice one by one on fewer dice, or read `natural`"
                                .into(),
                        };
                    }
                    let s = u32::try_from(*s).unwrap_or(u32::MAX);
                    sides.extend(std::iter::repeat(s).take(count as usize));
                }
                DiceTerm::Best { .. } | DiceTerm::Name(_) => return not_fixed(),
            }
        }
        Self::Plain(sides)
    }
}

/// A roll whose dice are not a fixed set of plain dice.
fn not_fixed() -> RollFaces {
    RollFaces::Refused {
        why: "the roll is not a fixed number of plain dice".into(),
        help: "roll a fixed number of plain dice (`2d6`) to read them one by one".into(),
    }
}

impl ChartCx<'_, '_> {
    /// The dice of the roll when `what` may read them, else `None` after
    /// saying why.
    fn readable_dice(&mut self, what: &str, span: Span) -> Option<Vec<u32>> {
        let (why, help) = match &self.roll_faces {
            RollFaces::Plain(sides) => {
                let rolls = sides
                    .iter()
                    .try_fold(1u64, |n, &s| n.checked_mul(u64::from(s)))
                    .filter(|&n| n <= MAX_FACE_ROLLS);
                if rolls.is_some() {
                    return Some(sides.clone());
                }
                (
                    format!("its dice show more than {MAX_FACE_ROLLS} different rolls"),
                    "read the dice one by one on fewer or smaller dice, or read `natural`".into(),
                )
            }
            RollFaces::Refused { why, help } => (why.clone(), help.clone()),
            RollFaces::NoRoll => (
                "this chart rolls no dice".into(),
                "read `doubles` and `die N` in the `table` or `check` that rolls the dice".into(),
            ),
        };
        self.error(
            CompileErrorKind::DiceUnreadable {
                what: what.into(),
                why,
                help,
            },
            span,
        );
        None
    }

    /// `doubles`, read at `span`.
    pub(super) fn read_doubles(&mut self, span: Span) {
        let Some(sides) = self.readable_dice("`doubles`", span) else {
            return;
        };
        if sides.len() < 2 {
            self.error(
                CompileErrorKind::DiceUnreadable {
                    what: "`doubles`".into(),
                    why: "the roll has one die".into(),
                    help: "`doubles` needs two dice or more: read one die with `die 1`".into(),
                },
                span,
            );
            return;
        }
        self.dice_read.get_or_insert_with(DiceRead::default).doubles = true;
    }

    /// `die N`, read at `span`: the sides of that die (0 after an error).
    pub(super) fn read_die(&mut self, n: u32, span: Span) -> u32 {
        let what = format!("`die {n}`");
        let Some(sides) = self.readable_dice(&what, span) else {
            return 0;
        };
        if n == 0 || n as usize > sides.len() {
            let count = sides.len();
            self.error(
                CompileErrorKind::DiceUnreadable {
                    what,
                    why: format!(
                        "the roll has {count} {}",
                        if count == 1 { "die" } else { "dice" }
                    ),
                    help: format!(
                        "the dice are numbered from 1 in the order the roll is written: \
                         `die 1` to `die {count}`"
                    ),
                },
                span,
            );
            return 0;
        }
        let read = self.dice_read.get_or_insert_with(DiceRead::default);
        if !read.dice.contains(&n) {
            read.dice.push(n);
            read.dice.sort_unstable();
        }
        sides[n as usize - 1]
    }
}
