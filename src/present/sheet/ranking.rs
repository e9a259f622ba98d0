//! The page of one chart compared across its situation classes
//! ([`ranking_page`]): every class ranked by its largest change, each with
//! its situation in the sheet's words, then the largest changes drawn as a
//! comparison page draws a chart.

use super::columns::words_for;
use super::{comparison_section, head, pair_header, Compared};
use crate::compare::across::{Across, ClassDiff};
use crate::engine::choices::Choices;
use crate::engine::odds::Probability;
use crate::ruleset::{ChartRef, InputInfo};
use maud::{html, Markup, DOCTYPE};

/// How many of the classes that change are drawn (bars side by side, and
/// every outcome's change) under the ranking; the ranking lists them all.
const DRAWN: usize = 10;

/// A self-contained HTML page ranking every situation class of a chart by
/// the largest change a variant makes to its odds, as `across` ranks them
/// ([`Across::ranked`]: one row per distinct diff, with how many classes
/// more are alike; classes that do not change last). Each row (`tr` with
/// `data-rank`, `data-class`, `data-choices` and `data-alike`) names the
/// class as the sheet does, its situation in the sheet's words (each
/// input's label and option) and as typed, the outcome whose odds change
/// most (base → variant, exact) and the change in percentage points. The
/// first classes that change are then drawn as [`comparison_page`] draws a
/// chart. `notes` (how much was compared, say) are printed above the
/// ranking. What `chartwright diff BASE VARIANT CHART --across --html FILE`
/// writes.
///
/// [`comparison_page`]: super::comparison_page
///
/// ```
/// use chartwright::compare::across;
/// use chartwright::{Choices, Ruleset};
/// let base = Ruleset::from_file("first_echelon").unwrap();
/// let mud = Ruleset::from_str("mud", r#"
///     variant "Mud" of first_echelon version "1"
///     change bog_down.tracked +1
/// "#).unwrap();
/// let (b, v) = (base.chart("bog_down").unwrap(), mud.chart("bog_down").unwrap());
/// let a = across(&b, &v, &Choices::none(), 4096).unwrap();
/// let page = chartwright::sheet::ranking_page("Mud against First Echelon", &b, &v, &a, &[]);
/// assert_eq!(page.matches("<tr data-rank=").count(), a.ranked.len());
/// ```
#[must_use]
pub fn ranking_page(
    title: &str,
    base: &ChartRef<'_>,
    variant: &ChartRef<'_>,
    across: &Across,
    notes: &[String],
) -> String {
    let names = (base.game(), variant.game());
    // A situation's inputs by the sheet's labels: the variant's, then the
    // base's for an input only the base has.
    let mut inputs = variant.inputs();
    for i in base.inputs() {
        if !inputs.iter().any(|v| v.name == i.name) {
            inputs.push(i);
        }
    }
    let drawn: Vec<(usize, &ClassDiff)> = across
        .ranked
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.diff.is_unchanged())
        .take(DRAWN)
        .map(|(i, c)| (i + 1, c))
        .collect();
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            (head(title))
            body {
                (pair_header(title, names))
                section.chart.ranking id=(across.chart) {
                    header {
                        h2 { (variant.title()) ": every situation, the largest change first" }
                        span.meta { code { (across.chart) } }
                    }
                    div.text {
                        @for n in notes { p.note { (n) } }
                        @if across.ranked.is_empty() {
                            p.note { "No situation to rank: no class was compared." }
                        } @else {
                            (ranking_table(across, &inputs, names, &drawn.iter().map(|d| d.0).collect::<Vec<_>>()))
                        }
                    }
                }
                @for (rank, c) in &drawn {
                    (comparison_section(
                        &Compared {
                            title: format!("{}. {}", rank, c.class),
                            note: Some(format!("the class ranked {rank}")),
                            diff: c.diff.clone(),
                        },
                        names,
                        &format!("class-{rank}"),
                    ))
                }
                footer { "Made by chartwright from the games' .rules files. Odds are exact." }
            }
        }
    };
    page.into_string()
}

/// The ranking: one row per class of `across.ranked`, in order; the
/// classes ranked `drawn` link to their drawings.
fn ranking_table(
    across: &Across,
    inputs: &[InputInfo],
    names: (&str, &str),
    drawn: &[usize],
) -> Markup {
    let side = |p: Option<&Probability>| match p {
        Some(p) => format!("{} ({:.2}%)", p.fraction(), p.to_f64() * 100.0),
        None => "never".to_owned(),
    };
    html! {
        div.wide { table.results.ranking {
            thead {
                tr {
                    th { "#" } th { "Situation" } th { "Largest change" }
                    th { (names.0) } th { (names.1) } th { "Change" }
                }
            }
            tbody {
                @for (i, c) in across.ranked.iter().enumerate() {
                    @let rank = i + 1;
                    @let largest = c.diff.largest();
                    tr data-rank=(rank) data-class=(c.class) data-choices=(c.diff.choices)
                        data-alike=(c.alike) data-outcome=[largest.map(|o| &o.outcome)] {
                        td.num { (rank) }
                        td {
                            @if drawn.contains(&rank) { a href=(format!("#class-{rank}")) { (c.class) } } @else { (c.class) }
                            br;
                            span.situation { (situation_words(inputs, &c.diff.choices)) }
                            @if !c.diff.choices.is_empty() { " (" code { (c.diff.choices) } ")" }
                            @match c.alike {
                                0 => {},
                                1 => { br; small { "and 1 more class alike" } },
                                n => { br; small { "and " (n) " more classes alike" } },
                            }
                        }
                        @if let Some(o) = largest {
                            td { (o.outcome) }
                            td.num { (side(o.base.as_ref())) }
                            td.num { (side(o.variant.as_ref())) }
                            td.num { (format!("{:+.2}", o.delta_percent() + 0.0)) " pts" }
                        } @else {
                            td colspan="4" { "No change." }
                        }
                    }
                }
            }
        } }
        @if across.skipped > 0 {
            p.note {
                (across.skipped) " more left out: situations a side cannot roll, such as a \
                 value its score cannot use."
            }
        }
        @if across.unanswered > 0 {
            p.note {
                (across.unanswered) " more not compared: a side stops at a limit of the \
                 engine there."
            }
        }
        @if across.incomplete > 0 {
            p.note {
                (across.incomplete) " more not compared: their situations leave out an \
                 input a side needs."
            }
        }
    }
}

/// A class's situation in the sheet's words (`Type of attack: Direct
/// Fire; fort`), or "no modifiers" when it names no input.
fn situation_words(inputs: &[InputInfo], choices: &str) -> String {
    if choices.is_empty() {
        return "No modifiers".to_owned();
    }
    // The classes' choices are written by the library and always parse;
    // should one not, it reads as typed.
    Choices::parse(choices).map_or_else(|_| choices.to_owned(), |c| words_for(inputs, &c))
}
