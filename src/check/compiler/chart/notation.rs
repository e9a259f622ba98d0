//! Dice notation: the suffixes written after `NdS` (`kh3`, `r1`, `!`) and
//! `d66`, checked and lowered to a [`Notation`].

use crate::check::error::{CompileError, CompileErrorKind};
use crate::check::notation::{Explode, FaceTest, Keep, Notation, Reroll};
use crate::limits::Limits;
use crate::syntax::ast::{CmpOp, FacePoint, Suffix};
use crate::syntax::span::Spanned;

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
        let given = match s.node {
            Suffix::Keep { .. } => out.keep.is_some().then_some("keep or drop"),
            Suffix::Reroll { .. } => out.reroll.is_some().then_some("reroll"),
            Suffix::Explode { .. } => out.explode.is_some().then_some("explode"),
        };
        if let Some(what) = given {
            error(twice(what), span);
            continue;
        }
        let result = match s.node {
            Suffix::Keep { highest, drop, n } => {
                keep(count, (highest, drop, n)).map(|k| out.keep = Some(k))
            }
            Suffix::Reroll { once, on } => {
                let written = format!("r{}{}", if once { "o" } else { "" }, point_text(on));
                faces(on, sides, digits, &written, "reroll").map(|on| {
                    out.reroll = Some(Reroll {
                        on,
                        once,
                        times: if once { 1 } else { limits.max_rerolls },
                    });
                })
            }
            Suffix::Explode {
                compound,
                depth,
                on,
            } => {
                explode(sides, digits, (compound, depth, on), limits).map(|e| out.explode = Some(e))
            }
        };
        if let Err(kind) = result {
            error(kind, span);
        }
    }
    (errors.len() == before).then_some(out)
}

/// `kh3`, `dl1`: kept or dropped dice, fewer than rolled where the count is
/// known.
fn keep(
    count: Option<i64>,
    (highest, drop, n): (bool, bool, u64),
) -> Result<Keep, CompileErrorKind> {
    let written = keep_text(highest, drop, n);
    if n == 0 {
        return Err(CompileErrorKind::DiceNotation {
            message: format!("`{written}` keeps or drops no dice"),
            help: "remove it, or keep fewer dice than rolled, such as `4d6kh3`".into(),
        });
    }
    let rolled = count.map(|c| u32::try_from(c).unwrap_or(u32::MAX));
    // Keeping all the dice is a plain sum; dropping all leaves none.
    if let Some(rolled) = rolled.filter(|&r| u64::from(r) < n || (drop && u64::from(r) == n)) {
        return Err(CompileErrorKind::KeepTooMany { written, rolled });
    }
    Ok(Keep {
        highest,
        drop,
        n: u32::try_from(n).unwrap_or(u32::MAX),
    })
}

/// `!`, `!!`, `!3`, `!>=5`: the faces that explode (the highest by
/// default) and the bound (`Limits::max_explode` by default).
fn explode(
    sides: u32,
    digits: u8,
    (compound, depth, on): (bool, Option<u64>, Option<FacePoint>),
    limits: &Limits,
) -> Result<Explode, CompileErrorKind> {
    let written = format!(
        "{}{}{}",
        if compound { "!!" } else { "!" },
        depth.map_or(String::new(), |d| d.to_string()),
        on.map_or(String::new(), point_text)
    );
    let point = on.unwrap_or(FacePoint {
        op: CmpOp::Eq,
        value: u64::from(sides),
    });
    let test = faces(point, sides, digits, &written, "explode")?;
    let max = limits.max_explode;
    let bound = match depth {
        Some(0) => {
            return Err(CompileErrorKind::DiceNotation {
                message: format!("`{written}` allows no extra die"),
                help: "write `!` for the default bound, or `!N` for at most N extra dice".into(),
            })
        }
        Some(d) if d > u64::from(max) => {
            return Err(CompileErrorKind::DiceNotation {
                message: format!(
                    "`{written}` is over the limit of {max} extra dice per exploding die"
                ),
                help: format!(
                    "write at most `!{max}`, or `!` for that bound (a host can raise \
                     `Limits::max_explode`)"
                ),
            })
        }
        Some(d) => d as u32,
        None => max,
    };
    Ok(Explode {
        on: test,
        on_written: on.is_some(),
        compound,
        depth: bound,
        depth_written: depth.is_some(),
    })
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
) -> Result<FaceTest, CompileErrorKind> {
    if digits > 0 {
        return Err(CompileErrorKind::DiceNotation {
            message: format!("`d{}` cannot {what}", "6".repeat(usize::from(digits))),
            help: "a d66 reads its dice as digits: roll `2d6` to reroll or explode them".into(),
        });
    }
    let test = FaceTest {
        op: point.op,
        value: i64::try_from(point.value).unwrap_or(i64::MAX),
    };
    match test.count(sides) {
        0 => Err(CompileErrorKind::DiceNotation {
            message: format!("`{written}` covers no face of a d{sides}"),
            help: format!("the faces of a d{sides} run from 1 to {sides}"),
        }),
        n if n == sides => Err(CompileErrorKind::EveryFace {
            what,
            written: written.to_string(),
            sides,
        }),
        _ => Ok(test),
    }
}
