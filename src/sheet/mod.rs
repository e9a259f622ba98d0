//! Printable reference sheets (HTML) and odds pictures (SVG), behind the
//! `sheet` cargo feature.
//!
//! [`sheet`] lays out charts as on a printed quick-reference sheet, each
//! rollable chart with a small bar chart of its odds beside it.
//! [`odds_svg`] draws the odds of one chart as a standalone `.svg` file;
//! [`comparison_svg`] and [`comparison_page`] draw a base and a variant side
//! by side (what a house rule changes). The pages are self-contained: the
//! style sheet is inline, there are no scripts, fonts or links to fetch.
//!
//! Every string that comes from a `.rules` file (titles, labels, outcomes,
//! notes) is escaped by maud, so a label written `<script>` shows as text.

mod bars;
mod chart;

use crate::odds::Odds;
use crate::ruleset::{ChartRef, Ruleset};
use maud::{html, Markup, DOCTYPE};

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
/// choice, parameters mid-range, no modifiers), named under the picture.
///
/// Charts of several games are grouped under each game's title, in the
/// order given. The print style sheet keeps each chart whole on a page.
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
    let games: Vec<(&str, &str, &str)> = rules.games().collect();
    // Consecutive charts of one game share a heading.
    let mut blocks: Vec<(&str, Vec<ChartRef<'_>>)> = Vec::new();
    for c in charts {
        match blocks.last_mut() {
            Some((game, list)) if *game == c.game() => list.push(*c),
            _ => blocks.push((c.game(), vec![*c])),
        }
    }
    let page_title = match blocks.as_slice() {
        [(game, _)] => title_of(&games, game).0.to_string(),
        _ => "Reference sheets".to_string(),
    };
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="generator" content="chartwright";
                title { (page_title) " — reference sheet" }
                style { (maud::PreEscaped(CSS)) }
            }
            body {
                @for (game, list) in &blocks {
                    @let (title, version) = title_of(&games, game);
                    section.game {
                        header.game-head {
                            h1 { (title) }
                            p.version { "Version " (version) " · " code { (game) } }
                        }
                        @for c in list { (chart_section(c)) }
                    }
                }
                footer { "Made by chartwright from the game's .rules file. Odds are exact." }
            }
        }
    };
    page.into_string()
}

fn title_of<'a>(games: &[(&'a str, &'a str, &'a str)], game: &str) -> (&'a str, &'a str) {
    games
        .iter()
        .find(|(name, _, _)| *name == game)
        .map_or(("", ""), |(_, title, version)| (*title, *version))
}

/// One chart: heading, body, and the odds picture when it rolls.
fn chart_section(c: &ChartRef<'_>) -> Markup {
    let (program, id) = c.compiled();
    let Some(tree) = program.charts.get(id) else {
        return html! {};
    };
    let rolls = c.dice().is_some();
    let picture = rolls.then(|| {
        let choices = c.example_choices();
        (choices.text().to_string(), c.odds(&choices))
    });
    html! {
        section.chart id=(c.qualified_name()) data-kind=(c.kind()) {
            header {
                h2 { (c.title()) }
                span.meta {
                    (c.kind())
                    @if let Some(d) = c.dice() { " · " (d) }
                    " · " code { (c.name()) }
                }
            }
            div.layout {
                div.text { (chart::body(program, tree)) }
                @if let Some((situation, odds)) = &picture {
                    figure.odds {
                        @match odds {
                            Ok(o) => {
                                (bars::odds(o, false))
                                figcaption {
                                    "Odds "
                                    @if situation.is_empty() { "with no modifiers" }
                                    @else { "for " code { (situation) } ", no other modifiers" }
                                }
                            }
                            Err(e) => figcaption.unavailable { "No odds picture: " (e.to_string()) }
                        }
                    }
                }
            }
            div.extras { (chart::extras(program, tree)) }
        }
    }
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

/// A base and a variant of a chart side by side, as a standalone SVG file:
/// for every outcome either gives, an outlined bar for `base` and a solid
/// bar for `variant` (base order first, then outcomes only the variant
/// has), with a legend naming them `names.0` and `names.1`. Bars carry
/// `class="base"` or `class="variant"` and the same data attributes as in
/// [`odds_svg`].
///
/// ```
/// use chartwright::{Choices, Ruleset};
/// let rules = Ruleset::from_file("first_echelon").unwrap();
/// let chart = rules.chart("bog_down").unwrap();
/// let base = chart.odds(&Choices::none()).unwrap();
/// let variant = chart.odds(&Choices::parse("tracked").unwrap()).unwrap();
/// let svg = chartwright::sheet::comparison_svg(&base, &variant, ("on foot", "tracked"));
/// assert!(svg.contains(r#"class="variant""#));
/// ```
#[must_use]
pub fn comparison_svg(base: &Odds, variant: &Odds, names: (&str, &str)) -> String {
    bars::comparison(base, variant, names, true).into_string()
}

/// A self-contained HTML page comparing a base and a variant: the
/// [`comparison_svg`] picture, then a table of both probabilities (exact
/// fractions and percentages) and the change in percentage points. What
/// `chartwright diff BASE VARIANT --html FILE` writes.
///
/// ```
/// use chartwright::{Choices, Ruleset};
/// let rules = Ruleset::from_file("first_echelon").unwrap();
/// let chart = rules.chart("bog_down").unwrap();
/// let base = chart.odds(&Choices::none()).unwrap();
/// let variant = chart.odds(&Choices::parse("tracked").unwrap()).unwrap();
/// let page = chartwright::sheet::comparison_page("Bog Down: tracked", &base, &variant, ("base", "tracked"));
/// assert!(page.contains("<table"));
/// ```
#[must_use]
pub fn comparison_page(title: &str, base: &Odds, variant: &Odds, names: (&str, &str)) -> String {
    let mut outcomes: Vec<&str> = Vec::new();
    for o in base.outcomes.iter().chain(&variant.outcomes) {
        if !outcomes.contains(&o.outcome.as_str()) {
            outcomes.push(&o.outcome);
        }
    }
    let pct =
        |p: &num_rational::BigRational| num_traits::ToPrimitive::to_f64(p).unwrap_or(0.0) * 100.0;
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="generator" content="chartwright";
                title { (title) }
                style { (maud::PreEscaped(CSS)) }
            }
            body {
                section.chart.compare {
                    header { h2 { (title) } span.meta { code { (base.chart) } " → " code { (variant.chart) } } }
                    div.layout {
                        div.text {
                            table.results {
                                thead { tr { th { "Outcome" } th { (names.0) } th { (names.1) } th { "Change" } } }
                                tbody {
                                    @for o in &outcomes {
                                        @let (b, v) = (base.probability(o), variant.probability(o));
                                        tr {
                                            td { (o) }
                                            td.num { (format!("{}/{}", b.numer(), b.denom())) " (" (format!("{:.2}%", pct(&b))) ")" }
                                            td.num { (format!("{}/{}", v.numer(), v.denom())) " (" (format!("{:.2}%", pct(&v))) ")" }
                                            td.num { (format!("{:+.2}", pct(&v) - pct(&b))) " pts" }
                                        }
                                    }
                                }
                            }
                        }
                        figure.odds { (bars::comparison(base, variant, names, false)) }
                    }
                }
            }
        }
    };
    page.into_string()
}
