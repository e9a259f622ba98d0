//! Printable reference sheets (HTML) and odds pictures (SVG), behind the
//! `sheet` cargo feature.
//!
//! [`sheet`] lays out charts as on a printed quick-reference sheet, each
//! rollable chart with a small bar chart of its odds beside it.
//! [`odds_svg`] draws the odds of one chart as a standalone `.svg` file;
//! [`comparison_svg`] and [`comparison_page`] draw a base and a variant side
//! by side (what a house rule changes); [`ranking_page`] ranks every
//! situation of a chart by the change. The pages are self-contained: the
//! style sheet is inline, there are no scripts, fonts or links to fetch.
//!
//! Every string that comes from a `.rules` file (titles, labels, outcomes,
//! notes) is escaped by maud, so a label written `<script>` shows as text.

mod bars;
mod chart;
mod columns;
mod edges;
mod form;
mod options;
mod ranking;
mod situation;
mod variant;
mod words;

pub use form::{form, FormInput};
pub use ranking::ranking_page;

use crate::compare::diff::OddsDiff;
use crate::engine::choices::Choices;
use crate::engine::odds::Odds;
use crate::ruleset::{ChartRef, GameInfo, Ruleset};
use maud::{html, Markup, PreEscaped, DOCTYPE};

/// The page's style sheet: screen and print, readable in black and white.
const CSS: &str = include_str!("sheet.css");

/// The width, in SVG units, that a bar of 100% takes in every picture:
/// a bar's `width` attribute is its percentage times this over 100.
pub const BAR_SCALE: f64 = bars::BAR_SCALE;

/// A self-contained HTML page with every chart given, laid out as on a
/// printed reference sheet: its roll, results table or grid, natural-roll
/// rules, modifiers (signs, `one of` groups, conditions) and notes. Beside
/// each chart that rolls dice is a bar chart of its odds for its default
/// situation ([`ChartRef::example_choices`]: the first option of each
/// choice, parameters mid-range or read from their grid, no modifiers),
/// named under the picture.
///
/// Charts of several games are grouped under each game's title, in the
/// order given. Printed, the page is dense: a chart may run on to the next
/// page, but no table row, picture or heading is split from its text.
///
/// ```
/// use chartwright::Ruleset;
/// let rules = Ruleset::from_file("first_echelon").unwrap();
/// let charts: Vec<_> = rules.charts().collect();
/// let html = chartwright::sheet::sheet(&rules, &charts);
/// assert!(html.starts_with("<!DOCTYPE html>"));
/// assert!(html.contains("Bog Down Table"));
/// ```
#[must_use]
pub fn sheet(rules: &Ruleset, charts: &[ChartRef<'_>]) -> String {
    let games: Vec<GameInfo<'_>> = rules.games().collect();
    // Consecutive charts of one game share a heading.
    let mut blocks: Vec<(&str, Vec<ChartRef<'_>>)> = Vec::new();
    for c in charts {
        match blocks.last_mut() {
            Some((game, list)) if *game == c.game() => list.push(*c),
            _ => blocks.push((c.game(), vec![*c])),
        }
    }
    let on_page: Vec<&str> = charts.iter().map(ChartRef::name).collect();
    let page_title = match blocks.as_slice() {
        [(game, _)] => title_of(&games, game).0.to_string(),
        _ => "Reference sheets".to_string(),
    };
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            (head(&format!("{page_title} — reference sheet")))
            body {
                @for (game, list) in &blocks {
                    @let (title, version) = title_of(&games, game);
                    section.game {
                        header.game-head data-game=(game) {
                            h1 { (title) }
                            p.version { "Version " (version) }
                            @if let Some((base, base_version)) = variant::base_of(list, game) {
                                p.version.base {
                                    "A variant of " (base) " (version " (base_version) "): its house-rule lines are marked."
                                }
                            }
                        }
                        @for c in list { (chart_section(c, &on_page)) }
                    }
                }
                footer { "Made by chartwright from the game's .rules file. Odds are exact." }
            }
        }
    };
    page.into_string()
}

fn title_of<'a>(games: &[GameInfo<'a>], game: &str) -> (&'a str, &'a str) {
    games
        .iter()
        .find(|g| g.name == game)
        .map_or(("", ""), |g| (g.title, g.version))
}

/// One chart: heading, body, and the odds picture when it rolls.
fn chart_section(c: &ChartRef<'_>, on_page: &[&str]) -> Markup {
    let (program, id) = c.compiled();
    let Some(tree) = program.charts.get(id) else {
        return html! {};
    };
    // A variant's chart: its house-rule lines are marked, and listed.
    let base = plain_game_of(c, on_page);
    let house_rules = c.variant_marks();
    let (by_column, by_option, picture) = pictures(c);
    // Params the situation leaves to a grid (`±r from grid`), to say so.
    let from_grids: Vec<(&str, String)> = tree
        .modifiers
        .iter()
        .filter_map(|m| match &m.value {
            crate::check::tree::ModValue::Param { from: Some(g), .. } => {
                tree.slots.get(m.slot).map(|s| {
                    let label = if s.label.is_empty() {
                        s.name.as_str()
                    } else {
                        s.label.as_str()
                    };
                    (label, words::grid_title(program, &g.name))
                })
            }
            _ => None,
        })
        .collect();
    html! {
        section.chart id=(c.qualified_name()) data-kind=(c.kind()) {
            // The chart's name, for typing it, is in the id: a player
            // reads the title.
            header {
                h2 { (c.title()) }
                span.meta {
                    (c.kind())
                    @if let Some(d) = dice_words(program, tree).or_else(|| c.dice()) { " · " (d) }
                }
            }
            div.layout {
                div.text { (marked(chart::body(program, tree), base.as_ref().map(|b| b.0.as_str()))) }
                @if let Some(table) = &by_column { (table) }
                @if let Some(table) = &by_option { (table) }
                @if let Some((situation, typed, odds)) = &picture {
                    figure.odds data-choices=(typed) {
                        @match odds {
                            Ok(o) => {
                                (bars::odds_titled(o, c.title()))
                                figcaption {
                                    "Odds "
                                    @if situation.is_empty() { "with no modifiers" }
                                    @else { "for " (situation) "; no other modifiers" }
                                    @for (param, grid) in &from_grids {
                                        "; " (param) " from " (grid)
                                    }
                                }
                            }
                            Err(e) => figcaption.unavailable { "No odds picture: " (e.to_string()) }
                        }
                    }
                }
            }
            div.extras { (marked(chart::extras(program, tree, on_page), base.as_ref().map(|b| b.1.as_str()))) }
            @if !house_rules.is_empty() {
                div.house-rules {
                    p { "Changed by the variant " (variant::game_title(c)) " (marked lines, against the plain game):" }
                    ul { @for m in &house_rules { li { (m) } } }
                }
            }
        }
    }
}

/// The odds picture of a chart that rolls: by column (a column chart),
/// by net modifier (a table or check with modifiers), by option (where a
/// choice of its situation changes the odds), or else bars for one
/// situation (its words, as typed, and its odds).
fn pictures(c: &ChartRef<'_>) -> (Option<Markup>, Option<Markup>, Option<Picture>) {
    let rolls = c.dice().is_some();
    // A column chart is pictured column by column, as a player reads it;
    // a table with modifiers, net modifier by net modifier.
    let by_column = rolls
        .then(|| columns::odds_by_column(c).or_else(|| columns::odds_by_net(c)))
        .flatten();
    // Otherwise one situation: of the chart's classes, the one whose
    // outcomes spread the most.
    let picture = (rolls && by_column.is_none()).then(|| {
        let choices = situation::most_spread(
            c,
            c.example_choices(),
            |x| x,
            |x| c.odds(x).ok().map(|o| situation::spread(&o)),
        );
        let words = situation::in_words(c, &choices);
        (words, choices.text().to_owned(), c.odds(&choices))
    });
    // Where a choice of that situation changes the odds, the chart is
    // drawn option by option rather than at one of them.
    let by_option = picture
        .as_ref()
        .and_then(|(_, typed, _)| Choices::parse(typed).ok())
        .and_then(|choices| options::odds_by_option(c, &choices));
    let picture = picture.filter(|_| by_option.is_none());
    (by_column, by_option, picture)
}

/// One situation's bars: the situation in words and as typed, its odds.
type Picture = (
    String,
    String,
    Result<Odds, crate::engine::error::RollError>,
);

/// A pool's dice read from a grid, named by the grid's title.
fn dice_words(
    program: &crate::check::tree::Program,
    tree: &crate::check::tree::ChartTree,
) -> Option<String> {
    match &tree.body {
        crate::check::tree::Body::Pool {
            dice: crate::check::tree::PoolDice::Grid(r),
            ..
        } => Some(format!("dice from {}", words::grid_title(program, &r.name))),
        _ => None,
    }
}

/// A variant's chart as the plain game draws it (body, then extras), to
/// mark the lines the variant changed or added.
fn plain_game_of(c: &ChartRef<'_>, on_page: &[&str]) -> Option<(String, String)> {
    let base = c.variant_base()?;
    let plain = base.chart(c.name()).ok()?;
    let (program, id) = plain.compiled();
    let tree = program.charts.get(id)?;
    Some((
        chart::body(program, tree).into_string(),
        chart::extras(program, tree, on_page).into_string(),
    ))
}

/// `markup` with each table row the plain game's drawing (`base`) does
/// not have, cell for cell, marked as a house rule (`tr.house-rule`).
fn marked(markup: Markup, base: Option<&str>) -> Markup {
    let Some(base) = base else {
        return markup;
    };
    let html = markup.into_string();
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html.as_str();
    while let Some(start) = rest.find("<tr") {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let Some(end) = rest.find("</tr>").map(|e| e + "</tr>".len()) else {
            break;
        };
        let row = &rest[..end];
        if base.contains(row) {
            out.push_str(row);
        } else if let Some(tail) = row.strip_prefix("<tr class=\"") {
            out.push_str("<tr class=\"house-rule ");
            out.push_str(tail);
        } else if let Some(tail) = row.strip_prefix("<tr") {
            out.push_str("<tr class=\"house-rule\"");
            out.push_str(tail);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    PreEscaped(out)
}

/// The odds of one chart as a standalone SVG file: one bar per outcome,
/// labelled, with its percentage. Each bar (`rect`) carries the outcome in
/// `data-outcome` and its exact probability in `data-probability`; its
/// `width` is the percentage times [`BAR_SCALE`] / 100.
///
/// ```
/// use chartwright::{Choices, Ruleset};
/// let rules = Ruleset::from_file("first_echelon").unwrap();
/// let odds = rules.chart("bog_down").unwrap().odds(&Choices::parse("tracked").unwrap()).unwrap();
/// let svg = chartwright::sheet::odds_svg(&odds);
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.contains(r#"data-probability="7/10""#));
/// ```
#[must_use]
pub fn odds_svg(odds: &Odds) -> String {
    bars::odds(odds, true).into_string()
}

/// [`odds_svg`] with a heading: the chart's title and qualified name, then
/// the situation the odds are for, in the words the caller gives
/// (`odds --svg` writes the choices typed, or "no modifiers").
///
/// ```
/// use chartwright::{Choices, Ruleset};
/// let rules = Ruleset::from_file("first_echelon").unwrap();
/// let bog_down = rules.chart("bog_down").unwrap();
/// let odds = bog_down.odds(&Choices::parse("tracked").unwrap()).unwrap();
/// let svg = chartwright::sheet::odds_svg_headed(&odds, bog_down.title(), "with tracked");
/// assert!(svg.contains("Bog Down Table (first_echelon.bog_down)"));
/// assert!(svg.contains(">with tracked<"));
/// ```
#[must_use]
pub fn odds_svg_headed(odds: &Odds, title: &str, situation: &str) -> String {
    bars::odds_headed(odds, true, Some((title, situation))).into_string()
}

/// A base and a variant of a chart side by side, as a standalone SVG file:
/// for every outcome of `diff`, an outlined bar for the base and a solid
/// bar for the variant (in the diff's order), with a legend naming them
/// `names.0` and `names.1`. Bars carry `class="base"` or `class="variant"`
/// and the same data attributes as in [`odds_svg`]; a side that never gives
/// an outcome has a bar of width 0 with `data-never="true"`.
///
/// ```
/// use chartwright::{Choices, OddsDiff, Ruleset};
/// let base = Ruleset::from_file("first_echelon").unwrap();
/// let mud = Ruleset::from_str("mud", r#"
///     variant "Mud" of first_echelon version "1"
///     change bog_down.tracked +1
/// "#).unwrap();
/// let diff = OddsDiff::compare(
///     &base.chart("bog_down").unwrap(),
///     &mud.chart("bog_down").unwrap(),
///     &Choices::parse("tracked").unwrap(),
/// ).unwrap();
/// let svg = chartwright::sheet::comparison_svg(&diff, ("first_echelon", "mud"));
/// assert!(svg.contains(r#"class="variant""#));
/// // Traverse: d10 + 2 >= 6 is 7/10 in the base; d10 + 1 >= 6 is 3/5.
/// assert!(svg.contains(r#"data-probability="7/10""#));
/// assert!(svg.contains(r#"data-probability="3/5""#));
/// ```
#[must_use]
pub fn comparison_svg(diff: &OddsDiff, names: (&str, &str)) -> String {
    bars::comparison(diff, names, true).into_string()
}

/// One chart on a [`comparison_page`]: its diff in one situation.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Compared {
    /// The heading: the chart's title.
    pub title: String,
    /// Said after the situation under the picture (why this situation), if
    /// anything.
    pub note: Option<String>,
    /// The two sides' odds.
    pub diff: OddsDiff,
}

impl Compared {
    /// The diff `diff` under the heading `title`, with no note.
    #[must_use]
    pub fn new(title: impl Into<String>, diff: OddsDiff) -> Self {
        Self {
            title: title.into(),
            note: None,
            diff,
        }
    }

    /// The same, with `note` said after the situation (why this one).
    #[must_use]
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }
}

/// A self-contained HTML page comparing a base and a variant: for each
/// chart given (its [`OddsDiff`] in one situation), the
/// [`comparison_svg`] picture and a table of both probabilities (exact
/// fractions and percentages, "never" for a side that never gives the
/// outcome) and the change in percentage points; then `notes` (charts only
/// one side has, say). What `chartwright diff BASE VARIANT ... --html FILE`
/// writes. `names` are the two sides' names, as in the legend.
///
/// ```
/// use chartwright::{Choices, OddsDiff, Ruleset};
/// let base = Ruleset::from_file("first_echelon").unwrap();
/// let mud = Ruleset::from_str("mud", r#"
///     variant "Mud" of first_echelon version "1"
///     change bog_down.tracked +1
/// "#).unwrap();
/// let diff = OddsDiff::compare(
///     &base.chart("bog_down").unwrap(),
///     &mud.chart("bog_down").unwrap(),
///     &Choices::parse("tracked").unwrap(),
/// ).unwrap();
/// let chart = chartwright::sheet::Compared::new("Bog Down Table", diff);
/// let page = chartwright::sheet::comparison_page(
///     "Mud against First Echelon",
///     ("first_echelon", "mud"),
///     &[chart],
///     &[],
/// );
/// assert!(page.contains("<table"));
/// ```
#[must_use]
pub fn comparison_page(
    title: &str,
    names: (&str, &str),
    charts: &[Compared],
    notes: &[String],
) -> String {
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            (head(title))
            body {
                (pair_header(title, names))
                @if charts.is_empty() {
                    p.note { "No chart's odds differ." }
                }
                @for c in charts { (comparison_section(c, names, &c.diff.chart)) }
                @if !notes.is_empty() {
                    ul.notes { @for n in notes { li { (n) } } }
                }
                footer { "Made by chartwright from the games' .rules files. Odds are exact." }
            }
        }
    };
    page.into_string()
}

/// Most outcomes a comparison page shows of one chart: a pool's tens of
/// thousands would make a page of a hundred megabytes, too long to read or
/// print.
const SHOWN_OUTCOMES: usize = 100;

/// `diff` cut to its [`SHOWN_OUTCOMES`] largest changes, in its own order,
/// with the count left out and the largest change among them (in
/// percentage points); `diff` itself when it is short enough.
fn shown(diff: &OddsDiff) -> (std::borrow::Cow<'_, OddsDiff>, usize, f64) {
    if diff.outcomes.len() <= SHOWN_OUTCOMES {
        return (std::borrow::Cow::Borrowed(diff), 0, 0.0);
    }
    let mut by_change: Vec<(usize, f64)> = diff
        .outcomes
        .iter()
        .map(|o| o.delta_percent().abs())
        .enumerate()
        .collect();
    // Ranked by the change; stable, so the first of equal changes stay.
    by_change.sort_by(|a, b| b.1.total_cmp(&a.1));
    let left_out = by_change.len() - SHOWN_OUTCOMES;
    let largest_left = by_change.get(SHOWN_OUTCOMES).map_or(0.0, |x| x.1);
    let mut kept: Vec<usize> = by_change[..SHOWN_OUTCOMES].iter().map(|x| x.0).collect();
    kept.sort_unstable();
    let cut = OddsDiff {
        chart: diff.chart.clone(),
        choices: diff.choices.clone(),
        outcomes: kept.iter().map(|&i| diff.outcomes[i].clone()).collect(),
        follow_ups_named: diff.follow_ups_named.clone(),
    };
    (std::borrow::Cow::Owned(cut), left_out, largest_left)
}

/// One chart of a comparison page: the table beside the picture, in a
/// section of the given `id`.
fn comparison_section(c: &Compared, names: (&str, &str), id: &str) -> Markup {
    let (diff, left_out, largest_left) = shown(&c.diff);
    let diff = &*diff;
    let side = |p: Option<&crate::engine::odds::Probability>| match p {
        Some(p) => format!("{} ({:.2}%)", p.fraction(), p.to_f64() * 100.0),
        None => "never".to_owned(),
    };
    html! {
        section.chart.compare id=(id) data-choices=(diff.choices) {
            header {
                h2 { (c.title) }
                span.meta { code { (diff.chart) } }
            }
            div.layout {
                div.text {
                    table.results {
                        thead { tr { th { "Outcome" } th { (names.0) } th { (names.1) } th { "Change" } } }
                        tbody {
                            @for o in &diff.outcomes {
                                tr data-outcome=(o.outcome) {
                                    td { (o.outcome) }
                                    td.num { (side(o.base.as_ref())) }
                                    td.num { (side(o.variant.as_ref())) }
                                    td.num { (format!("{:+.2}", o.delta_percent() + 0.0)) " pts" }
                                }
                            }
                        }
                    }
                    @if left_out > 0 {
                        p.note.left-out {
                            "The " (SHOWN_OUTCOMES) " largest changes of "
                            (diff.outcomes.len() + left_out) " outcomes; the other "
                            (left_out) " each change by "
                            (format!("{largest_left:.2}")) " pts or less ("
                            code { "diff --json" } " lists every one)."
                        }
                    }
                    @if diff.is_unchanged() { p.note { "No change." } }
                    @if let Some(why) = &diff.follow_ups_named {
                        p.note.named {
                            "Follow-ups are named, not rolled (" (why)
                            "): both sides roll them alike."
                        }
                    }
                }
                figure.odds {
                    (bars::comparison(diff, names, false))
                    figcaption {
                        @if diff.choices.is_empty() { "Odds with no modifiers" }
                        @else { "Odds for " code { (diff.choices) } }
                        @if let Some(note) = &c.note { ": " (note) }
                    }
                }
            }
        }
    }
}

/// A comparison page's heading: its title, and the base's and the
/// variant's names.
fn pair_header(title: &str, names: (&str, &str)) -> Markup {
    html! {
        header.game-head {
            h1 { (title) }
            p.version { code { (names.0) } " → " code { (names.1) } }
        }
    }
}

/// A page's `<head>`: its title and the one stylesheet (nothing fetched).
fn head(title: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            meta name="generator" content="chartwright";
            title { (title) }
            style { (maud::PreEscaped(CSS)) }
        }
    }
}
