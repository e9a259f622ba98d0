//! Odds as SVG bar charts: one bar per outcome, or two side by side (base
//! and variant). Bars are solid black and outlined grey so they read in
//! black and white; each bar carries its exact probability in
//! `data-probability` so a test (or a script) can check what it shows.

use crate::compare::diff::OddsDiff;
use crate::engine::odds::Odds;
use crate::engine::odds::Probability;
use maud::{html, Markup};

/// Width of the outcome labels, in SVG units (px at 100%).
const LABEL_WIDTH: f64 = 190.0;
/// Width of a 100% bar.
pub(crate) const BAR_SCALE: f64 = 120.0;
/// Room after the longest bar for its percentage.
const PERCENT_WIDTH: f64 = 46.0;
/// A label line: characters that fit in [`LABEL_WIDTH`] at 11px.
const LABEL_CHARS: usize = 28;
const LINE_HEIGHT: f64 = 13.0;
const BAR_HEIGHT: f64 = 11.0;
const ROW_GAP: f64 = 6.0;

/// The width of a bar for a probability in percent.
pub(crate) fn bar_width(percent: f64) -> f64 {
    (percent / 100.0 * BAR_SCALE * 100.0).round() / 100.0
}

/// An outcome label cut into lines at word boundaries (a word longer than a
/// line keeps its own line, whole).
fn label_lines(text: &str) -> Vec<String> {
    let options = textwrap::Options::new(LABEL_CHARS).break_words(false);
    textwrap::wrap(text, options)
        .into_iter()
        .map(std::borrow::Cow::into_owned)
        .collect()
}

/// One bar: the rect and its percentage, at `y`.
fn bar(class: &str, outcome: &str, x: f64, y: f64, p: &Probability) -> Markup {
    let percent = p.to_f64() * 100.0;
    let w = bar_width(percent);
    html! {
        rect class=(class) x=(x) y=(y) width=(w) height=(BAR_HEIGHT)
            data-outcome=(outcome) data-probability=(p.fraction()) data-percent=(format!("{percent:.4}")) {
            title { (outcome) ": " (p.fraction()) " (" (format!("{percent:.2}")) "%)" }
        }
        text class="pct" x=(x + w + 3.0) y=(y + BAR_HEIGHT - 2.0) { (percent_text(percent)) }
    }
}

/// A bar's percentage: one decimal, and `<0.1%` for a result that can
/// happen but would round to `0.0%`.
fn percent_text(percent: f64) -> String {
    if percent > 0.0 && percent < 0.05 {
        "<0.1%".to_owned()
    } else {
        format!("{percent:.1}%")
    }
}

/// The labels of one row, right-aligned against the bars.
fn labels(lines: &[String], y: f64) -> Markup {
    html! {
        text class="label" x=(LABEL_WIDTH - 6.0) y=(y) text-anchor="end" {
            @for (i, line) in lines.iter().enumerate() {
                tspan x=(LABEL_WIDTH - 6.0) dy=(if i == 0 { 0.0 } else { LINE_HEIGHT }) { (line) }
            }
        }
    }
}

/// The inline style every picture carries, so a lone `.svg` file looks the
/// same as the pictures in a sheet.
const STYLE: &str =
    "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;font-size:11px;fill:#000}\
.pct{font-size:10px}.caption{font-weight:bold}\
.bar{fill:#222;stroke:#000;stroke-width:.5}\
.base,.swatch-base{fill:#fff;stroke:#000;stroke-width:1}\
.variant,.swatch-variant{fill:#222;stroke:#000;stroke-width:.5}\
.axis{stroke:#000;stroke-width:1}";

/// The odds of one chart as a bar chart. `standalone` adds the XML
/// namespace a `.svg` file needs.
pub(crate) fn odds(odds: &Odds, standalone: bool) -> Markup {
    odds_headed(odds, standalone, None)
}

/// [`odds`] on a sheet: its tooltip names the chart by `title`, as the
/// sheet does, not by the name a command line types.
pub(crate) fn odds_titled(odds: &Odds, title: &str) -> Markup {
    drawn(odds, false, None, title)
}

/// [`odds`], with a heading over the bars when given: the chart's title
/// and name, then the situation the odds are for.
pub(crate) fn odds_headed(odds: &Odds, standalone: bool, heading: Option<(&str, &str)>) -> Markup {
    drawn(odds, standalone, heading, &odds.chart)
}

/// [`odds_headed`], its tooltip naming the chart `name`.
fn drawn(odds: &Odds, standalone: bool, heading: Option<(&str, &str)>, name: &str) -> Markup {
    let rows: Vec<Vec<String>> = odds
        .outcomes
        .iter()
        .map(|o| label_lines(&o.outcome))
        .collect();
    let top = if heading.is_some() {
        2.0 * LINE_HEIGHT + 8.0
    } else {
        0.0
    };
    let mut y = 4.0 + top;
    let mut placed = Vec::with_capacity(rows.len());
    for lines in &rows {
        let h = (lines.len().max(1) as f64 * LINE_HEIGHT).max(BAR_HEIGHT);
        placed.push(y);
        y += h + ROW_GAP;
    }
    // A heading wider than the bars widens the picture (about 7 px a
    // character of its bold 11 px text) rather than running off its edge.
    let heading_width = heading.map_or(0.0, |(title, situation)| {
        let chars =
            (title.chars().count() + odds.chart.chars().count() + 3).max(situation.chars().count());
        chars as f64 * 7.0 + 8.0
    });
    let width = (LABEL_WIDTH + BAR_SCALE + PERCENT_WIDTH).max(heading_width.ceil());
    let height = y;
    html! {
        svg xmlns=[standalone.then_some("http://www.w3.org/2000/svg")]
            class="odds" viewBox=(format!("0 0 {width} {height}")) width=(width) height=(height)
            role="img" aria-label=(format!("Odds of {}", odds.chart)) data-chart=(odds.chart) {
            title { "Odds of " (name) }
            style { (STYLE) }
            @if let Some((title, situation)) = heading {
                text class="caption" x="4" y=(LINE_HEIGHT) { (title) " (" (odds.chart) ")" }
                text class="situation" x="4" y=(2.0 * LINE_HEIGHT + 2.0) { (situation) }
            }
            line class="axis" x1=(LABEL_WIDTH) y1=(top) x2=(LABEL_WIDTH) y2=(height) {}
            @for ((o, lines), y) in odds.outcomes.iter().zip(&rows).zip(&placed) {
                (labels(lines, y + BAR_HEIGHT - 2.0))
                (bar("bar", &o.outcome, LABEL_WIDTH, *y, &o.probability))
            }
        }
    }
}

/// Base and variant side by side: for every outcome of the diff (in its
/// order: the base's, with the variant's new outcomes after their
/// neighbours), an outlined bar for the base and a solid one for the
/// variant, with a legend. A side that never gives the outcome has a bar of
/// width 0 marked `data-never` and reads "never".
pub(crate) fn comparison(diff: &OddsDiff, names: (&str, &str), standalone: bool) -> Markup {
    // The legend: one line per side, so a long name never runs into the other.
    let legend_height = 2.0 * (BAR_HEIGHT + 4.0) + 6.0;
    let mut y = legend_height + 4.0;
    let mut placed = Vec::with_capacity(diff.outcomes.len());
    for o in &diff.outcomes {
        let lines = label_lines(&o.outcome);
        let h = (lines.len().max(1) as f64 * LINE_HEIGHT).max(2.0 * BAR_HEIGHT + 2.0);
        placed.push((o, lines, y));
        y += h + ROW_GAP;
    }
    let width = LABEL_WIDTH + BAR_SCALE + PERCENT_WIDTH;
    let height = y;
    let title = format!("{}: {} against {}", diff.chart, names.1, names.0);
    html! {
        svg xmlns=[standalone.then_some("http://www.w3.org/2000/svg")]
            class="odds comparison" viewBox=(format!("0 0 {width} {height}")) width=(width) height=(height)
            role="img" aria-label=(title) data-chart=(diff.chart) data-choices=(diff.choices) {
            title { (title) }
            style { (STYLE) }
            rect class="swatch-base" x="4" y="4" width="14" height=(BAR_HEIGHT) {}
            text x="22" y=(4.0 + BAR_HEIGHT - 2.0) { (names.0) }
            rect class="swatch-variant" x="4" y=(8.0 + BAR_HEIGHT) width="14" height=(BAR_HEIGHT) {}
            text x="22" y=(8.0 + 2.0 * BAR_HEIGHT - 2.0) { (names.1) }
            line class="axis" x1=(LABEL_WIDTH) y1=(legend_height) x2=(LABEL_WIDTH) y2=(height) {}
            @for (o, lines, y) in &placed {
                (labels(lines, y + BAR_HEIGHT - 2.0))
                (side_bar("base", &o.outcome, *y, o.base.as_ref()))
                (side_bar("variant", &o.outcome, y + BAR_HEIGHT + 2.0, o.variant.as_ref()))
            }
        }
    }
}

/// One side's bar of a comparison; `None` where that side never gives it.
fn side_bar(class: &str, outcome: &str, y: f64, p: Option<&Probability>) -> Markup {
    match p {
        Some(p) => bar(class, outcome, LABEL_WIDTH, y, p),
        None => html! {
            rect class=(class) x=(LABEL_WIDTH) y=(y) width="0" height=(BAR_HEIGHT)
                data-outcome=(outcome) data-probability="0/1" data-percent="0.0000" data-never="true" {
                title { (outcome) ": never" }
            }
            text class="pct" x=(LABEL_WIDTH + 3.0) y=(y + BAR_HEIGHT - 2.0) { "never" }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::percent_text;

    #[test]
    fn a_rare_result_reads_below_a_tenth_of_a_percent_never_zero() {
        // 1/6^5 = 1/7776 is 0.0129%; 1/1000 is 0.1% and prints so.
        assert_eq!(percent_text(100.0 / 7776.0), "<0.1%");
        assert_eq!(percent_text(0.1), "0.1%");
        assert_eq!(percent_text(50.0), "50.0%");
    }
}
