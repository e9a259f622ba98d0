//! Dice notation: the suffixes written after `NdS` (`kh3`, `r1`, `!`) and
//! `d66`, checked and lowered to a [`Notation`].

use crate::check::error::{CompileError, CompileErrorKind};
use crate::check::notation::{Explode, FaceTest, Keep, Notation, Reroll};
use crate::limits::Limits;
use crate::syntax::ast::{CmpOp, FacePoint, Suffix};
use crate::syntax::span::{Span, Spanned};

/// `d66` and `d666`: dice read as tens and units (and hundreds).
pub(super) fn digits(sides: u64) -> u8 {
    match sides {
        66 => 2,
        666 => 3,
        _ => 0,
    }
}

/// The notation of `count` (when known) dice of `sides` sides (for `d66`,
/// its digits' 6), or `None` after reporting what is wrong with it.
pub(super) fn notation(
    count: Option<i64>,
    sides: u32,
    digits: u8,
    suffixes: &[Spanned<Suffix>],
    limits: &Limits,
    errors: &mut Vec<CompileError>,
) -> Option<Notation> {
    let mut out = Notation {
        digits,
        ..Notation::default()
    };
    let before = errors.len();
    let mut error = |kind, span| errors.push(CompileError::new(kind, span));
    for s in suffixes {
        let span = s.span;
        match s.node {
            Suffix::Keep { highest, drop, n } => {
                let written = keep_text(highest, drop, n);
                if out.keep.is_some() {
                    error(twice("keep or drop"), span);
                    continue;
                }
                if n == 0 {
                    error(
                        CompileErrorKind::DiceNotation {
                            message: format!("`{written}` keeps or drops no dice"),
                            help: "remove it, or keep fewer dice than rolled, such as `4d6kh3`"
                                .into(),
                        },
                        span,
                    );
                    continue;
                }
                let rolled = count.map(|c| u32::try_from(c).unwrap_or(u32::MAX));
                // Keeping all the dice is a plain sum; dropping all leaves none.
                if rolled.is_some_and(|r| u64::from(r) < n || (drop && u64::from(r) == n)) {
                    error(
                        CompileErrorKind::KeepTooMany {
                            written,
                            rolled: rolled.unwrap_or(0),
                        },
                        span,
                    );
                    continue;
                }
                out.keep = Some(Keep {
                    highest,
                    drop,
                    n: u32::try_from(n).unwrap_or(u32::MAX),
                });
            }
            Suffix::Reroll { once, on } => {
                let written = format!("r{}{}", if once { "o" } else { "" }, point_text(on));
                if out.reroll.is_some() {
                    error(twice("reroll"), span);
                    continue;
                }
                let Some(on) = faces(on, sides, digits, &written, "reroll", span, &mut error)
                else {
                    continue;
                };
                out.reroll = Some(Reroll {
                    on,
                    once,
                    times: if once { 1 } else { limits.max_rerolls },
                });
            }
            Suffix::Explode {
                compound,
                depth,
                on,
            } => {
                let written = format!(
                    "{}{}{}",
                    if compound { "!!" } else { "!" },
                    depth.map_or(String::new(), |d| d.to_string()),
                    on.map_or(String::new(), point_text)
                );
                if out.explode.is_some() {
                    error(twice("explode"), span);
                    continue;
                }
                let point = on.unwrap_or(FacePoint {
                    op: CmpOp::Eq,
                    value: u64::from(sides),
                });
                let Some(test) = faces(point, sides, digits, &written, "explode", span, &mut error)
                else {
                    continue;
                };
                let bound = match depth {
                    Some(0) => {
                        error(
                            CompileErrorKind::DiceNotation {
                                message: format!("`{written}` allows no extra die"),
                                help: "write `!` for the default bound, or `!N` for at most \
                                       N extra dice"
                                    .into(),
                            },
                            span,
                        );
                        continue;
                    }
                    Some(d) if d > u64::from(limits.max_explode) => {
                        error(
                            CompileErrorKind::DiceNotation {
                                message: format!(
                                    "`{written}` is over the limit of {} extra dice per \
                                     exploding die",
                                    limits.max_explode
                                ),
                                help: format!(
                                    "write at most `!{}`, or `!` for that bound (a host can \
                                     raise `Limits::max_explode`)",
                                    limits.max_explode
                                ),
                            },
                            span,
                        );
                        continue;
                    }
                    Some(d) => d as u32,
                    None => limits.max_explode,
                };
                out.explode = Some(Explode {
                    on: test,
                    on_written: on.is_some(),
                    compound,
                    depth: bound,
                    depth_written: depth.is_some(),
                });
            }
        }
    }
    (errors.len() == before).then_some(out)
}

fn twice(what: &str) -> CompileErrorKind {
    CompileErrorKind::DiceNotation {
        message: format!("the dice {what} twice"),
        help: format!("write one {what} per group of dice"),
    }
}

fn keep_text(highest: bool, drop: bool, n: u64) -> String {
    let kind = match (drop, highest) {
        (false, true) => "kh",
        (false, false) => "kl",
        (true, true) => "dh",
        (true, false) => "dl",
    };
    format!("{kind}{n}")
}

fn point_text(p: FacePoint) -> String {
    let op = match p.op {
        CmpOp::Lt => "<",
        CmpOp::Le => "<=",
        CmpOp::Gt => ">",
        CmpOp::Ge => ">=",
        CmpOp::Eq | CmpOp::Ne => "",
    };
    format!("{op}{}", p.value)
}

/// The faces a reroll or explosion covers, when some but not all.
fn faces(
    point: FacePoint,
    sides: u32,
    digits: u8,
    written: &str,
    what: &'static str,
    span: Span,
    error: &mut impl FnMut(CompileErrorKind, Span),
) -> Option<FaceTest> {
    if digits > 0 {
        error(
            CompileErrorKind::DiceNotation {
                message: format!("`d{}` cannot {what}", "6".repeat(usize::from(digits))),
                help: "a d66 reads its dice as digits: roll `2d6` to reroll or explode them".into(),
            },
            span,
        );
        return None;
    }
    let test = FaceTest {
        op: point.op,
        value: i64::try_from(point.value).unwrap_or(i64::MAX),
    };
    let covered = test.count(sides);
    if covered == 0 {
        error(
            CompileErrorKind::DiceNotation {
                message: format!("`{written}` covers no face of a d{sides}"),
                help: format!("the faces of a d{sides} run from 1 to {sides}"),
            },
            span,
        );
        return None;
    }
    if covered == sides {
        error(
            CompileErrorKind::EveryFace {
                what,
                written: written.to_string(),
                sides,
            },
            span,
        );
        return None;
    }
    Some(test)
}
