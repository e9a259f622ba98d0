//! An opposed roll whose sides each roll a chart (`each rolls crt`): a
//! side's result is the rolled chart's outcome read as a whole number.
//! Both engines read it here.

use crate::check::tree::{Body, Program, SideRolls, SlotKind};
use crate::engine::bind::Bound;
use crate::engine::error::{RollError, RollErrorKind};
use crate::engine::read::Key;
use crate::engine::trace::Roll;
use crate::number::Show;

/// Side `side` of opposed chart `opposed` rolled its chart (`bound`) and
/// got the outcome `key`: that outcome as a number. The checker proved
/// every outcome the rolled chart's rows and rules give is one; what
/// binding gives instead of a roll (a `-` shift cell's "Not possible", a
/// text target) is refused here.
pub(crate) fn result(
    program: &Program,
    opposed: usize,
    side: usize,
    bound: &Bound,
    key: Key,
) -> Result<i64, RollError> {
    let (primary, extras) = bound.outcome(key);
    let number = match (primary.fields.as_slice(), extras.is_empty()) {
        ([alternatives], true) => match alternatives.as_slice() {
            [text] => SideRolls::number(text),
            _ => None,
        },
        _ => None,
    };
    number.ok_or_else(|| {
        let said = primary
            .fields
            .iter()
            .map(|alts| alts.join(" OR "))
            .collect::<Vec<_>>()
            .join("; ");
        not_number(program, opposed, side, bound.chart, said)
    })
}

/// The result of a side's sampled roll of its chart, read as
/// [`result`] reads a key.
pub(crate) fn traced(
    program: &Program,
    opposed: usize,
    side: usize,
    rolled: &Roll,
) -> Result<i64, RollError> {
    let o = &rolled.outcome;
    let number = match (&*o.fields, o.also.is_empty()) {
        ([field], true) => match field.alternatives.as_slice() {
            [text] => SideRolls::number(text),
            _ => None,
        },
        _ => None,
    };
    number.ok_or_else(|| {
        let chart = rolls(program, opposed).map_or(opposed, |r| r.chart);
        not_number(program, opposed, side, chart, o.to_string())
    })
}

/// The inputs side `side` of the bound opposed roll gave its chart, as a
/// player types them (`firepower=3 column=open`), for the trace.
pub(crate) fn inputs(program: &Program, bound: &Bound, side: usize) -> String {
    let Some(r) = rolls(program, bound.chart) else {
        return String::new();
    };
    let slots = &program.charts[r.chart].slots;
    let mut out: Vec<String> = Vec::new();
    for &(here, there) in r.pass.get(side).map_or(&[][..], Vec::as_slice) {
        let (Some(v), Some(slot)) = (bound.values.get(here).copied().flatten(), slots.get(there))
        else {
            continue;
        };
        out.push(match slot.kind {
            SlotKind::Flag => slot.name.to_string(),
            SlotKind::Param { .. } => format!("{}={}", slot.name, Show(v)),
            SlotKind::Choice(ch) => {
                let option = usize::try_from(v.to_integer())
                    .ok()
                    .and_then(|o| program.choices[ch].options.get(o));
                match option {
                    Some((name, _)) => format!("{}={name}", slot.name),
                    None => continue,
                }
            }
        });
    }
    out.join(" ")
}

/// What opposed chart `opposed`'s sides roll, if they roll a chart.
fn rolls(program: &Program, opposed: usize) -> Option<&SideRolls> {
    match &program.charts.get(opposed)?.body {
        Body::Opposed { rolls, .. } => rolls.as_deref(),
        _ => None,
    }
}

/// Side `side` of `opposed` got `said` from `chart`, not a number.
fn not_number(
    program: &Program,
    opposed: usize,
    side: usize,
    chart: usize,
    said: String,
) -> RollError {
    let name = match &program.charts[opposed].body {
        Body::Opposed { sides, .. } => sides.get(side).map(ToString::to_string),
        _ => None,
    };
    RollError::new(
        RollErrorKind::SideNotNumber {
            side: name.unwrap_or_default(),
            chart: program.charts[chart].name.to_string(),
            outcome: said,
        },
        rolls(program, opposed).map(|r| r.span),
    )
}
