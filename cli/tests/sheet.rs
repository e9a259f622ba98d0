//! Printable sheets and odds pictures: the HTML read back with a real HTML
//! parser (scraper), never with regexes; then the page rendered in headless
//! Chromium (screenshot and PDF), skipped with a message where Chromium is
//! not installed.

use crate::common;

use chartwright::sheet::{comparison_page, comparison_svg, odds_svg, sheet, Compared, BAR_SCALE};
use chartwright::{Choices, Odds, OddsDiff, Ruleset};
use scraper::{ElementRef, Html, Selector};
use std::path::{Path, PathBuf};
use std::process::Command;

#[track_caller]
fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap_or_else(|e| panic!("bad selector {s}: {e}"))
}

fn text(e: ElementRef<'_>) -> String {
    e.text().collect::<Vec<_>>().join("")
}

fn attr(e: ElementRef<'_>, name: &str) -> String {
    e.value().attr(name).unwrap_or_default().to_string()
}

/// Every bar in `root` with class `class` shows the probability `odds`
/// gives its outcome: the fraction in `data-probability`, and a width of
/// percent × `BAR_SCALE` / 100.
#[track_caller]
fn assert_bars(root: ElementRef<'_>, class: &str, odds: &Odds) -> usize {
    let mut n = 0;
    for rect in root.select(&sel(&format!("rect.{class}"))) {
        let outcome = attr(rect, "data-outcome");
        let p = odds.probability(&outcome);
        assert_eq!(attr(rect, "data-probability"), p.fraction(), "{outcome}");
        let want = p.to_f64() * BAR_SCALE;
        let width: f64 = attr(rect, "width").parse().expect("a numeric width");
        assert!(
            (width - want).abs() < 0.01,
            "{}: bar {outcome:?} is {width} wide, odds say {want}",
            odds.chart
        );
        n += 1;
    }
    n
}

/// Checks a by-net-modifier odds table against the engine: the figure's
/// situation (`data-choices`) with each column's net (`data-net`) added as
/// a loose modifier, each cell its exact probability. Returns how many
/// cells were checked.
fn assert_net_odds(figure: ElementRef<'_>, chart: &chartwright::ChartRef<'_>) -> usize {
    let situation = Choices::parse(&attr(figure, "data-choices")).expect("a situation");
    let bound = chart.bind(&situation).expect("binds");
    let nets: Vec<i64> = figure
        .select(&sel("thead th[data-net]"))
        .map(|th| attr(th, "data-net").parse().expect("a net"))
        .collect();
    assert!(nets.len() >= 2, "{}: fewer than two nets", chart.name());
    let mut n = 0;
    for net in nets {
        let odds = bound
            .clone()
            .with_extra_modifier(net)
            .expect("shifts")
            .odds()
            .expect("odds");
        let cells: Vec<ElementRef<'_>> = figure
            .select(&sel("tbody td"))
            .filter(|td| attr(*td, "data-net") == net.to_string())
            .collect();
        for o in &odds.outcomes {
            assert!(
                cells
                    .iter()
                    .any(|td| attr(*td, "data-outcome") == o.outcome),
                "{}: no row {:?}",
                chart.name(),
                o.outcome
            );
        }
        for td in cells {
            let outcome = attr(td, "data-outcome");
            assert_eq!(
                attr(td, "data-probability"),
                odds.probability(&outcome).fraction(),
                "{} at net {net}: {outcome}",
                chart.name()
            );
            n += 1;
        }
    }
    n
}

/// Checks a by-column odds table against the engine: each column's
/// situation (its heading's `data-choices`) rolled exactly, each cell its
/// exact probability, every outcome of every column a row. Returns how many
/// cells were checked.
fn assert_column_odds(figure: ElementRef<'_>, chart: &chartwright::ChartRef<'_>) -> usize {
    let heads: Vec<(String, String)> = figure
        .select(&sel("thead th[data-choices]"))
        .map(|th| (text(th), attr(th, "data-choices")))
        .collect();
    assert!(heads.len() >= 2, "{}: fewer than two columns", chart.name());
    let rows: Vec<String> = figure.select(&sel("tbody tr th")).map(text).collect();
    let mut n = 0;
    for (head, situation) in &heads {
        let choices = Choices::parse(situation).expect("a situation that parses");
        let odds = chart
            .odds(&choices)
            .unwrap_or_else(|e| panic!("{} {situation}: {e}", chart.name()));
        for o in &odds.outcomes {
            assert!(
                rows.contains(&o.outcome.to_string()),
                "{}: no row {:?}",
                chart.name(),
                o.outcome
            );
        }
        for td in figure
            .select(&sel("tbody td"))
            .filter(|td| attr(*td, "data-column") == *head)
        {
            let outcome = attr(td, "data-outcome");
            let p = odds.probability(&outcome);
            assert_eq!(
                attr(td, "data-probability"),
                p.fraction(),
                "{} at {head}: {outcome}",
                chart.name()
            );
            assert_eq!(
                text(td).is_empty(),
                p.to_f64() == 0.0,
                "{} at {head}: {outcome}",
                chart.name()
            );
            n += 1;
        }
    }
    assert_eq!(
        n,
        heads.len() * rows.len(),
        "{}: a cell per column and row",
        chart.name()
    );
    n
}

fn sheet_of(rules: &Ruleset) -> Html {
    let charts: Vec<_> = rules.charts().collect();
    Html::parse_document(&sheet(rules, &charts))
}

#[test]
fn every_chart_is_on_its_sheet_with_its_title_and_true_bars() {
    for game in chartwright::bundled::names() {
        let rules = common::load(game);
        let doc = sheet_of(&rules);
        let sections: Vec<ElementRef<'_>> = doc.select(&sel("section.chart")).collect();
        assert_eq!(sections.len(), rules.charts().count(), "{game}");
        for (chart, section) in rules.charts().zip(sections) {
            assert_eq!(attr(section, "id"), chart.qualified_name());
            let h2 = section.select(&sel("h2")).next().expect("a title");
            assert_eq!(text(h2), chart.title());
            let svg = section.select(&sel("figure.odds svg")).next();
            let by_column = section.select(&sel("figure.by-column")).next();
            if chart.dice().is_none() {
                assert!(
                    svg.is_none() && by_column.is_none(),
                    "{} does not roll",
                    chart.name()
                );
                continue;
            }
            // A column chart: the chance of each result in each column; a
            // table with modifiers: at each net modifier.
            if let Some(figure) = by_column {
                assert!(svg.is_none(), "{}: one picture", chart.name());
                if figure.value().classes().any(|c| c == "by-net") {
                    assert_net_odds(figure, &chart);
                } else {
                    assert_column_odds(figure, &chart);
                }
                continue;
            }
            // The bars are for the situation the figure names.
            let figure = section
                .select(&sel("figure.odds"))
                .next()
                .expect("a figure");
            let situation = Choices::parse(&attr(figure, "data-choices")).expect("a situation");
            let odds = chart
                .odds(&situation)
                .unwrap_or_else(|e| panic!("{}: {e}", chart.name()));
            let svg = svg.unwrap_or_else(|| panic!("{} has no picture", chart.name()));
            assert_eq!(attr(svg, "data-chart"), odds.chart);
            let bars = assert_bars(svg, "bar", &odds);
            assert_eq!(
                bars,
                odds.outcomes.len(),
                "{}: one bar per outcome",
                chart.name()
            );
        }
    }
}

#[test]
fn tables_grids_modifiers_and_notes_are_laid_out() {
    let rules = common::load("first_echelon");
    let doc = sheet_of(&rules);
    let section = |id: &str| {
        doc.select(&sel("section.chart"))
            .find(|s| attr(*s, "id") == id)
            .unwrap_or_else(|| panic!("no section {id}"))
    };
    // The grid: unit ratings down, order status across, the cells as printed.
    let grid = section("first_echelon.discipline_rating");
    let rows: Vec<Vec<String>> = grid
        .select(&sel("table.grid tbody tr"))
        .map(|r| r.select(&sel("th, td")).map(text).collect())
        .collect();
    assert_eq!(rows[0], ["Elite", "1", "0", "-1"]);
    assert_eq!(rows[4], ["Raw", "-1", "-2", "-5"]);
    // A results table: ranges as players write them.
    let bog = section("first_echelon.bog_down");
    let keys: Vec<String> = bog.select(&sel("table.results td.key")).map(text).collect();
    assert_eq!(keys, ["6 or more", "4, 5", "3 or less"]);
    // Modifiers with signs, their `one of` group, and conditions.
    let values: Vec<String> = bog
        .select(&sel("table.modifiers td.value"))
        .map(text)
        .collect();
    assert_eq!(values, ["+2", "+1", "-1", "±r", "-1"]);
    let groups: Vec<String> = bog
        .select(&sel("table.modifiers tr.group"))
        .map(text)
        .collect();
    assert_eq!(groups, ["Use only one: Mobility"]);
    let manoeuvre = section("first_echelon.manoeuvre");
    let conds: Vec<String> = manoeuvre.select(&sel("span.cond")).map(text).collect();
    assert!(
        conds.contains(&"(unless unit is a helicopter and not helicopter has landed)".to_string()),
        "{conds:?}"
    );
    assert!(text(manoeuvre.select(&sel(".notes")).next().expect("notes")).starts_with("Actions:"));
}

#[test]
fn text_from_rules_files_is_escaped() {
    let rules = Ruleset::from_str(
        "evil",
        r#"game "<img src=x onerror=alert(1)>" version "1"
table t "<script>alert('title')</script>" {
  roll d6
  modifiers { hack +1 "<script>alert('label')</script> & more" }
  rows { 4 or more => "<b>bold</b>"  3 or less => "</svg><script>x</script>" }
  notes "<style>body{display:none}</style>"
}"#,
    )
    .expect("the rules load");
    let html = sheet(&rules, &rules.charts().collect::<Vec<_>>());
    let doc = Html::parse_document(&html);
    assert_eq!(doc.select(&sel("script")).count(), 0, "{html}");
    assert_eq!(doc.select(&sel("img, b")).count(), 0);
    // The sheet's own: the picture of a table with a modifier is a table
    // by net modifier (an SVG picture carries its own style; its escaping
    // is checked with `odds_svg`).
    assert_eq!(doc.select(&sel("style")).count(), 1);
    assert_eq!(
        text(doc.select(&sel("h2")).next().expect("a title")),
        "<script>alert('title')</script>"
    );
    assert_eq!(
        text(doc.select(&sel("h1")).next().expect("the game")),
        "<img src=x onerror=alert(1)>"
    );
    let label = doc.select(&sel("td.label")).next().expect("a modifier");
    assert_eq!(text(label), "<script>alert('label')</script> & more");
    let outcomes: Vec<String> = doc
        .select(&sel("figure.by-net tbody th"))
        .map(text)
        .collect();
    assert_eq!(outcomes, ["<b>bold</b>", "</svg><script>x</script>"]);
}

#[test]
fn the_sheet_fetches_nothing() {
    let rules = common::load("first_echelon");
    let doc = sheet_of(&rules);
    let linked = doc
        .select(&sel("[src], [href], link, script, iframe, object, embed"))
        .count();
    assert_eq!(linked, 0, "a sheet is self-contained");
    for style in doc.select(&sel("style")) {
        let css = text(style);
        assert!(!css.contains("url(") && !css.contains("@import"), "{css}");
    }
    let css = text(
        doc.select(&sel("head style"))
            .next()
            .expect("a style sheet"),
    );
    assert!(css.contains("@media print") && css.contains("break-inside: avoid"));
}

#[test]
fn odds_svg_is_a_standalone_picture_of_the_odds() {
    let rules = common::load("first_echelon");
    let chart = rules.chart("bog_down").expect("bog_down");
    let odds = chart
        .odds(&Choices::parse("tracked").expect("choices"))
        .expect("odds");
    let svg = odds_svg(&odds);
    assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg""#));
    let doc = Html::parse_fragment(&svg);
    let root = doc.root_element();
    assert_eq!(assert_bars(root, "bar", &odds), 3);
    let widths: Vec<String> = root
        .select(&sel("rect.bar"))
        .map(|r| attr(r, "width"))
        .collect();
    // 7/10, 1/5, 1/10 of a 120-wide bar.
    assert_eq!(widths, ["84", "24", "12"]);
}

#[test]
fn comparison_draws_base_and_variant_side_by_side() {
    let rules = common::load("first_echelon");
    let chart = rules.chart("bog_down").expect("bog_down");
    let base = chart.odds(&Choices::none()).expect("odds");
    let variant = chart
        .odds(&Choices::parse("tracked").expect("choices"))
        .expect("odds");
    let diff = OddsDiff::new("bog_down", "tracked", &base, &variant);
    let compared = Compared::new("Bog Down", diff.clone());
    let page = comparison_page("Bog Down", ("foot", "tracked"), &[compared], &[]);
    for markup in [comparison_svg(&diff, ("foot", "tracked")), page.clone()] {
        let doc = Html::parse_document(&markup);
        let root = doc.root_element();
        assert_eq!(assert_bars(root, "base", &base), 3);
        assert_eq!(assert_bars(root, "variant", &variant), 3);
    }
    let page = Html::parse_document(&page);
    let change: Vec<String> = page
        .select(&sel("table.results tbody tr"))
        .map(|r| r.select(&sel("td")).map(text).last().unwrap_or_default())
        .collect();
    // Traverse 1/2 -> 7/10 (6+ on d10, then 4+); Bogged down OR Displace
    // stays 1/5 (two faces either way); Bogged down 3/10 -> 1/10.
    assert_eq!(change, ["+20.00 pts", "+0.00 pts", "-20.00 pts"]);
}

#[test]
fn a_comparison_of_many_outcomes_shows_the_largest_changes() {
    // 200 outcomes; the variant reads 1 and 2 alike: r1 +1/200, r2 gone.
    let table = |rows: &str| {
        let rules =
            format!("game \"g\" version \"1\"\ntable t \"T\" {{ roll d200 rows {{ {rows}}} }}\n");
        let rules = Ruleset::from_str("g", &rules).expect("loads");
        rules
            .chart("t")
            .expect("t")
            .odds(&Choices::none())
            .expect("odds")
    };
    let rest = (3..=200)
        .map(|i| format!("{i} => \"r{i}\""))
        .collect::<Vec<_>>()
        .join(" ");
    let base = table(&format!("1 => \"r1\" 2 => \"r2\" {rest} "));
    let variant = table(&format!("1-2 => \"r1\" {rest} "));
    let compared = Compared::new("T", OddsDiff::new("g.t", "", &base, &variant));
    let page = comparison_page("T", ("base", "variant"), &[compared], &[]);
    let doc = Html::parse_document(&page);
    let shown: Vec<String> = doc
        .select(&sel("table.results tbody tr"))
        .map(|r| attr(r, "data-outcome"))
        .collect();
    assert_eq!(shown.len(), 100);
    // The two that change, then the first unchanged, in the chart's order.
    assert_eq!(shown[..4], ["r1", "r2", "r3", "r4"]);
    let note = doc
        .select(&sel("p.left-out"))
        .map(text)
        .next()
        .unwrap_or_default();
    assert!(
        note.contains("The 100 largest changes of 200 outcomes; the other 100 each change by 0.00 pts or less"),
        "{note}"
    );
    assert_eq!(doc.select(&sel("svg .variant")).count(), 100);
}

/// Runs the binary from the repository's root; its standard output.
fn chartwright(args: &[&str]) -> String {
    let out = crate::common::command()
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "chartwright {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

const MUD: &str = "docs/variants/mud_season.rules";
const STOUT: &str = "docs/variants/bcs_stout_defense.rules";

/// `diff ... --json` of the same chart and situation.
fn diff_json(base: &str, variant: &str, chart: &str, choices: &str) -> serde_json::Value {
    let mut args = vec!["diff", base, variant, chart];
    args.extend(choices.split_whitespace());
    args.push("--json");
    serde_json::from_str(&chartwright(&args)).expect("JSON")
}

/// Every row and both bars of a page's chart section against `diff --json`
/// for the same chart and situation: the fractions, a width of percent ×
/// `BAR_SCALE` / 100, "never" with a bar of width 0 for a missing side.
#[track_caller]
fn assert_section_matches_json(section: ElementRef<'_>, json: &serde_json::Value) -> usize {
    let outcomes = json["outcomes"].as_array().expect("outcomes");
    let rows: Vec<ElementRef<'_>> = section.select(&sel("table.results tbody tr")).collect();
    assert_eq!(rows.len(), outcomes.len());
    for (row, o) in rows.iter().zip(outcomes) {
        let outcome = o["outcome"].as_str().expect("text");
        assert_eq!(attr(*row, "data-outcome"), outcome);
        let cells: Vec<String> = row.select(&sel("td")).map(text).collect();
        for (class, cell) in [("base", &cells[1]), ("variant", &cells[2])] {
            let rect = section
                .select(&sel(&format!("rect.{class}")))
                .find(|r| attr(*r, "data-outcome") == outcome)
                .unwrap_or_else(|| panic!("no {class} bar for {outcome}"));
            let width: f64 = attr(rect, "width").parse().expect("a width");
            match o[class].as_str() {
                Some(fraction) => {
                    assert_eq!(attr(rect, "data-probability"), fraction);
                    assert!(cell.starts_with(&format!("{fraction} (")), "{cell}");
                    let (n, d) = fraction.split_once('/').expect("n/d");
                    let p = n.parse::<f64>().expect("n") / d.parse::<f64>().expect("d");
                    assert!(
                        (width - p * BAR_SCALE).abs() < 0.01,
                        "{outcome} {class}: {width} wide for {fraction}"
                    );
                }
                None => {
                    assert_eq!(cell, "never");
                    assert_eq!(attr(rect, "data-never"), "true");
                    assert!(width.abs() < f64::EPSILON);
                }
            }
        }
        let delta = o["delta_percent"].as_f64().expect("a number");
        assert_eq!(cells[3], format!("{:+.2} pts", delta + 0.0));
    }
    rows.len()
}

#[test]
fn cli_diff_html_draws_one_chart_as_diff_json_reports_it() {
    let work = tempfile::tempdir().expect("a folder");
    let file = work.path().join("mud.html");
    let file_arg = file.display().to_string();
    let printed = chartwright(&[
        "diff",
        "first_echelon",
        MUD,
        "bog_down",
        "tracked",
        "--html",
        &file_arg,
    ]);
    assert!(
        printed.contains("Traverse"),
        "the table is printed too: {printed}"
    );
    let doc = Html::parse_document(&std::fs::read_to_string(&file).expect("the page"));
    let sections: Vec<ElementRef<'_>> = doc.select(&sel("section.chart")).collect();
    assert_eq!(sections.len(), 1);
    assert_eq!(attr(sections[0], "id"), "mud_season.bog_down");
    assert_eq!(attr(sections[0], "data-choices"), "tracked");
    assert_eq!(
        text(sections[0].select(&sel("h2")).next().expect("a title")),
        "Bog Down Table"
    );
    let json = diff_json("first_echelon", MUD, "bog_down", "tracked");
    assert_eq!(assert_section_matches_json(sections[0], &json), 3);
    // By hand: tracked +2 -> +1 and Traverse on 7+: 7/10 -> 1/2.
    let traverse = sections[0]
        .select(&sel("rect"))
        .filter(|r| attr(*r, "data-outcome") == "Traverse")
        .map(|r| attr(r, "data-probability"))
        .collect::<Vec<_>>();
    assert_eq!(traverse, ["7/10", "1/2"]);
    // The legend names the two games; nothing is fetched.
    let legend: Vec<String> = doc
        .select(&sel("svg > text:not(.label):not(.pct)"))
        .map(text)
        .collect();
    assert_eq!(legend, ["first_echelon", "mud_season"]);
    assert_eq!(doc.select(&sel("[src], [href], link, script")).count(), 0);

    // An outcome the variant never gives: "never", a bar of width 0.
    let file = work.path().join("stout.html");
    let file_arg = file.display().to_string();
    let situation = "attacker_ar=3 defender_ar=3 prepared_defense";
    let mut args = vec!["diff", "battalion_combat_series", STOUT, "combat"];
    args.extend(situation.split_whitespace());
    args.extend(["--html", &file_arg]);
    chartwright(&args);
    let doc = Html::parse_document(&std::fs::read_to_string(&file).expect("the page"));
    let section = doc.select(&sel("section.chart")).next().expect("a chart");
    let json = diff_json("battalion_combat_series", STOUT, "combat", situation);
    assert!(json["outcomes"][3]["variant"].is_null());
    assert_eq!(
        assert_section_matches_json(section, &json),
        json["outcomes"].as_array().map_or(0, Vec::len)
    );
}

#[test]
fn cli_diff_html_without_a_chart_draws_every_chart_that_differs() {
    let work = tempfile::tempdir().expect("a folder");
    let file = work.path().join("mud.html");
    let file_arg = file.display().to_string();
    let overview = chartwright(&["diff", "first_echelon", MUD, "--html", &file_arg]);
    let doc = Html::parse_document(&std::fs::read_to_string(&file).expect("the page"));
    let sections: Vec<ElementRef<'_>> = doc.select(&sel("section.chart")).collect();
    // The charts the text lists as changed, each in the situation named there.
    assert!(overview.contains(": 1 of 11 charts differ"), "{overview}");
    assert_eq!(sections.len(), 1);
    let situation = attr(sections[0], "data-choices");
    assert!(
        overview.contains(&format!("({situation})\n")),
        "{situation:?} is not the overview's situation:\n{overview}"
    );
    let json = diff_json("first_echelon", MUD, "bog_down", &situation);
    assert_section_matches_json(sections[0], &json);
    let caption = text(
        sections[0]
            .select(&sel("figcaption"))
            .next()
            .expect("a caption"),
    );
    // The class the change happens in, as the overview names it.
    assert!(caption.ends_with(", its largest change"), "{caption}");
    let class = caption.split_once(": ").map_or("", |(_, note)| {
        note.trim_end_matches(", its largest change")
    });
    assert!(
        overview.contains(&format!(" {class}: ")),
        "{class:?} is not the overview's class:\n{overview}"
    );
    // A game against itself: a page that says so.
    let same = work.path().join("same.html");
    let same_arg = same.display().to_string();
    chartwright(&[
        "diff",
        "first_echelon",
        "first_echelon",
        "--html",
        &same_arg,
    ]);
    let doc = Html::parse_document(&std::fs::read_to_string(&same).expect("the page"));
    assert_eq!(doc.select(&sel("section.chart")).count(), 0);
    assert!(
        text(doc.select(&sel("p.note")).next().expect("a note")).contains("No chart's odds differ")
    );
}

/// The outcome whose probability changes most in one class's JSON (the
/// first on a tie, an outcome only one side gives counting even at 0), as
/// `OddsDiff::largest` picks it.
fn largest_in(class: &serde_json::Value) -> Option<&serde_json::Value> {
    let mut best: Option<(&serde_json::Value, f64)> = None;
    for o in class["outcomes"].as_array().expect("outcomes") {
        let d = o["delta_percent"].as_f64().expect("a number").abs();
        if d == 0.0 && o["base"].is_null() == o["variant"].is_null() {
            continue;
        }
        if best.map_or(true, |(_, b)| d > b) {
            best = Some((o, d));
        }
    }
    best.map(|(o, _)| o)
}

/// A side's probability as the page prints it: the fraction and its
/// percentage, or "never".
fn side_text(p: &serde_json::Value) -> String {
    match p.as_str() {
        Some(fraction) => {
            let (n, d) = fraction.split_once('/').expect("n/d");
            let pct = n.parse::<f64>().expect("n") / d.parse::<f64>().expect("d") * 100.0;
            format!("{fraction} ({pct:.2}%)")
        }
        None => "never".to_owned(),
    }
}

/// `diff CHART --across --html`: one row per class `diff --across --json`
/// ranks, in its order, each naming the class, its situation (in the
/// sheet's words and as typed) and its largest change as the JSON has
/// them; the first classes that change drawn as `diff --html` draws a chart.
#[test]
fn cli_diff_across_html_ranks_every_class_as_across_json_does() {
    let work = tempfile::tempdir().expect("a folder");
    for (base, variant, chart, words) in [
        (
            "first_echelon",
            MUD,
            "bog_down",
            "Troops or tracked vehicle; deep mud",
        ),
        (
            "battalion_combat_series",
            STOUT,
            "combat",
            "Prepared Defense",
        ),
    ] {
        let file = work.path().join(format!("{chart}.html"));
        let file_arg = file.display().to_string();
        let printed = chartwright(&[
            "diff", base, variant, chart, "--across", "--html", &file_arg,
        ]);
        let text_ranking = chartwright(&["diff", base, variant, chart, "--across"]);
        assert_eq!(printed, text_ranking, "the ranking is printed too");
        let json: serde_json::Value = serde_json::from_str(&chartwright(&[
            "diff", base, variant, chart, "--across", "--json",
        ]))
        .expect("JSON");
        let ranked = json["ranked"].as_array().expect("ranked");
        let doc = Html::parse_document(&std::fs::read_to_string(&file).expect("the page"));
        let section = doc
            .select(&sel("section.chart.ranking"))
            .next()
            .expect("the ranking");
        assert_eq!(attr(section, "id"), json["chart"].as_str().expect("chart"));
        let rows: Vec<ElementRef<'_>> = section.select(&sel("table.ranking tbody tr")).collect();
        assert_eq!(
            rows.len(),
            ranked.len(),
            "{chart}: one row per class ranked"
        );
        assert!(rows.len() > 10, "{chart}: {} rows", rows.len());
        let mut changed = Vec::new();
        for (i, (row, class)) in rows.iter().zip(ranked).enumerate() {
            let name = class["class"].as_str().expect("a class");
            let choices = class["choices"].as_str().expect("choices");
            assert_eq!(attr(*row, "data-rank"), (i + 1).to_string());
            assert_eq!(attr(*row, "data-class"), name);
            assert_eq!(attr(*row, "data-choices"), choices);
            assert_eq!(attr(*row, "data-alike"), class["alike"].to_string());
            let cells: Vec<String> = row.select(&sel("td")).map(text).collect();
            assert_eq!(cells[0], (i + 1).to_string());
            assert!(cells[1].starts_with(name), "{chart} {i}: {}", cells[1]);
            if !choices.is_empty() {
                assert!(cells[1].contains(&format!("({choices})")), "{}", cells[1]);
            }
            match largest_in(class) {
                Some(o) => {
                    changed.push((i + 1, class));
                    assert_eq!(
                        attr(*row, "data-outcome"),
                        o["outcome"].as_str().expect("text")
                    );
                    assert_eq!(cells[2], o["outcome"].as_str().expect("text"));
                    assert_eq!(cells[3], side_text(&o["base"]));
                    assert_eq!(cells[4], side_text(&o["variant"]));
                    let delta = o["delta_percent"].as_f64().expect("a number");
                    assert_eq!(cells[5], format!("{:+.2} pts", delta + 0.0));
                }
                None => assert_eq!(cells[2..], ["No change."]),
            }
        }
        // The situation in the sheet's words: each input's label.
        let situations: Vec<String> = section.select(&sel("span.situation")).map(text).collect();
        assert!(
            situations.iter().any(|s| s.contains(words)),
            "{chart}: {situations:?}"
        );
        // The largest changes drawn, each as `diff --json` reports its class.
        let drawn: Vec<ElementRef<'_>> = doc.select(&sel("section.chart.compare")).collect();
        assert_eq!(drawn.len(), changed.len().min(10));
        for (section, (rank, class)) in drawn.iter().zip(&changed) {
            assert_eq!(attr(*section, "id"), format!("class-{rank}"));
            assert_eq!(
                attr(*section, "data-choices"),
                class["choices"].as_str().expect("choices")
            );
            assert_section_matches_json(*section, class);
        }
        assert_eq!(doc.select(&sel("[src], link, script")).count(), 0);
    }
}

#[test]
fn cli_diff_html_escapes_the_variant_text() {
    let work = tempfile::tempdir().expect("a folder");
    let base = work.path().join("base.rules");
    std::fs::write(
        &base,
        r#"game "<b>Base</b>" version "1"
table t "<script>alert('title')</script>" {
  roll d6
  modifiers { hack +1 "hack" }
  rows { 4 or more => "Hit"  3 or less => "Miss" }
}
"#,
    )
    .expect("written");
    let variant = work.path().join("evil.rules");
    std::fs::write(
        &variant,
        r#"variant "<img src=x onerror=alert(1)>" of "base.rules" version "1"
change t row 4 or more => "</svg><script>alert(1)</script>"
"#,
    )
    .expect("written");
    let page = work.path().join("evil.html");
    chartwright(&[
        "diff",
        &base.display().to_string(),
        &variant.display().to_string(),
        "t",
        "--html",
        &page.display().to_string(),
    ]);
    let html = std::fs::read_to_string(&page).expect("the page");
    let doc = Html::parse_document(&html);
    assert_eq!(doc.select(&sel("script, img, b")).count(), 0, "{html}");
    assert_eq!(
        text(doc.select(&sel("h1")).next().expect("a title")),
        "<img src=x onerror=alert(1)> against <b>Base</b>"
    );
    assert_eq!(
        text(doc.select(&sel("h2")).next().expect("a chart")),
        "<script>alert('title')</script>"
    );
    let outcomes: Vec<String> = doc
        .select(&sel("table.results tbody td:first-child"))
        .map(text)
        .collect();
    // The variant's new outcome first (it has no outcome before it), the
    // base's Hit it replaced, then Miss.
    assert_eq!(outcomes, ["</svg><script>alert(1)</script>", "Hit", "Miss"]);
}

// ---------------------------------------------------------------------------
// In a real browser

/// Chromium, if installed: `$CHROMIUM`, or `chromium` / `chromium-browser`
/// / `google-chrome` on the PATH.
pub(crate) fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// Runs headless Chromium on `page` with the extra arguments; its stdout.
pub(crate) fn run_chromium(browser: &Path, work: &Path, page: &Path, args: &[String]) -> Vec<u8> {
    let profile = tempfile::tempdir_in(work).expect("a profile folder");
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The share of pixels in a PNG that are not near white.
fn ink(png_path: &Path) -> (u32, u32, f64) {
    let file = std::fs::File::open(png_path).expect("the screenshot exists");
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let pixels = &buf[..info.buffer_size()];
    let total = pixels.len() / channels;
    let dark = pixels
        .chunks(channels)
        .filter(|p| p.iter().take(3).any(|&c| c < 200))
        .count();
    (info.width, info.height, dark as f64 / total.max(1) as f64)
}

#[test]
fn the_sheet_renders_in_headless_chromium() {
    let Some(browser) = chromium() else {
        eprintln!(
            "SKIPPED: headless Chromium is not installed (apt-get install chromium); \
             the HTML checks above still ran"
        );
        return;
    };
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sheet");
    std::fs::create_dir_all(&work).expect("a work folder");
    let rules = common::load("first_echelon");
    let page = work.join("first_echelon.html");
    std::fs::write(&page, sheet(&rules, &rules.charts().collect::<Vec<_>>())).expect("written");

    // The browser's own DOM: every chart's title, every bar's width.
    let dom = run_chromium(&browser, &work, &page, &["--dump-dom".into()]);
    let doc = Html::parse_document(&String::from_utf8_lossy(&dom));
    let titles: Vec<String> = doc.select(&sel("section.chart h2")).map(text).collect();
    let expected: Vec<&str> = rules.charts().map(|c| c.title()).collect();
    assert_eq!(titles, expected);
    for chart in rules.charts().filter(|c| c.dice().is_some()) {
        let section = doc
            .select(&sel("section.chart"))
            .find(|s| attr(*s, "id") == chart.qualified_name())
            .expect("a section");
        if let Some(figure) = section.select(&sel("figure.by-net")).next() {
            assert_net_odds(figure, &chart);
            continue;
        }
        if let Some(figure) = section.select(&sel("figure.by-column")).next() {
            assert_column_odds(figure, &chart);
            continue;
        }
        let odds = chart.odds(&chart.example_choices()).expect("odds");
        let svg = doc
            .select(&sel("svg.odds"))
            .find(|s| attr(*s, "data-chart") == odds.chart)
            .unwrap_or_else(|| panic!("no picture of {}", odds.chart));
        assert_eq!(assert_bars(svg, "bar", &odds), odds.outcomes.len());
    }

    // A screenshot: produced, and neither blank nor a black box.
    let shot = work.join("first_echelon.png");
    let _ = std::fs::remove_file(&shot);
    run_chromium(
        &browser,
        &work,
        &page,
        &[
            "--window-size=900,1800".into(),
            format!("--screenshot={}", shot.display()),
        ],
    );
    let (w, h, share) = ink(&shot);
    assert_eq!((w, h), (900, 1800));
    assert!(
        share > 0.02 && share < 0.6,
        "{share:.3} of the screenshot is ink"
    );

    // A PDF, as printed: several A4 pages.
    let pdf = work.join("first_echelon.pdf");
    let _ = std::fs::remove_file(&pdf);
    run_chromium(
        &browser,
        &work,
        &page,
        &[
            "--no-pdf-header-footer".into(),
            format!("--print-to-pdf={}", pdf.display()),
        ],
    );
    let bytes = std::fs::read(&pdf).expect("the PDF exists");
    assert!(bytes.starts_with(b"%PDF"));
    let pages = bytes
        .windows(12)
        .filter(|w| w == b"/Type /Page\n" || w == b"/Type /Page ")
        .count();
    // Dense as a printed reference: all 20 charts on at most 6 A4 pages.
    assert!((3..=6).contains(&pages), "the PDF has {pages} pages");

    // The Fire Combat page alone: its results, footnotes, odds by column
    // and modifiers, as printed.
    let fire = rules.chart("fire_combat").expect("fire_combat");
    let fire_page = work.join("fire_combat.html");
    std::fs::write(&fire_page, sheet(&rules, &[fire])).expect("written");
    let fire_shot = work.join("fire_combat.png");
    let _ = std::fs::remove_file(&fire_shot);
    run_chromium(
        &browser,
        &work,
        &fire_page,
        &[
            "--window-size=900,1500".into(),
            format!("--screenshot={}", fire_shot.display()),
        ],
    );
    let (_, _, share) = ink(&fire_shot);
    assert!(
        share > 0.02 && share < 0.6,
        "{share:.3} of the screenshot is ink"
    );

    // `UPDATE_DOCS=1 cargo test -p chartwright-cli --test integration sheet`
    // refreshes the pictures in docs/.
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let docs = crate::common::root().join("docs");
        std::fs::copy(&shot, docs.join("sheet-first_echelon.png")).expect("docs/ is writable");
        std::fs::copy(&fire_shot, docs.join("sheet-fire_combat.png")).expect("docs/ is writable");
    }
}

#[test]
fn the_diff_page_renders_in_headless_chromium() {
    let Some(browser) = chromium() else {
        eprintln!(
            "SKIPPED: headless Chromium is not installed (apt-get install chromium); \
             the HTML checks of `diff --html` above still ran"
        );
        return;
    };
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("diff-page");
    std::fs::create_dir_all(&work).expect("a work folder");
    let page = work.join("stout.html");
    chartwright(&[
        "diff",
        "battalion_combat_series",
        STOUT,
        "--html",
        &page.display().to_string(),
    ]);

    // The browser's own DOM: the chart's title and both sides' bars, as
    // `diff --json` gives them for the situation the page names.
    let dom = run_chromium(&browser, &work, &page, &["--dump-dom".into()]);
    let doc = Html::parse_document(&String::from_utf8_lossy(&dom));
    let sections: Vec<ElementRef<'_>> = doc.select(&sel("section.chart")).collect();
    assert_eq!(sections.len(), 1);
    assert_eq!(
        text(sections[0].select(&sel("h2")).next().expect("a title")),
        "Combat Table"
    );
    let situation = attr(sections[0], "data-choices");
    let json = diff_json("battalion_combat_series", STOUT, "combat", &situation);
    assert!(assert_section_matches_json(sections[0], &json) >= 2);

    // A screenshot: produced, and neither blank nor a black box.
    let shot = work.join("stout.png");
    let _ = std::fs::remove_file(&shot);
    run_chromium(
        &browser,
        &work,
        &page,
        &[
            "--window-size=900,600".into(),
            format!("--screenshot={}", shot.display()),
        ],
    );
    let (w, h, share) = ink(&shot);
    assert_eq!((w, h), (900, 600));
    assert!(
        share > 0.02 && share < 0.6,
        "{share:.3} of the screenshot is ink"
    );
}

/// The ranking page in headless Chromium, at a desktop's and a phone's
/// width and as printed: no two boxes of a section overlap; a screenshot
/// that is neither blank nor a black box.
#[test]
fn the_ranking_page_renders_in_headless_chromium() {
    let Some(browser) = chromium() else {
        eprintln!(
            "SKIPPED: headless Chromium is not installed (apt-get install chromium); \
             the HTML checks of `diff --across --html` above still ran"
        );
        return;
    };
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ranking-page");
    std::fs::create_dir_all(&work).expect("a work folder");
    let written = work.join("stout-written.html");
    chartwright(&[
        "diff",
        "battalion_combat_series",
        STOUT,
        "combat",
        "--across",
        "--html",
        &written.display().to_string(),
    ]);
    let html = std::fs::read_to_string(&written).expect("the page");
    let html = html.replace("</body>", &format!("{MEASURE}</body>"));
    let page = work.join("stout.html");
    std::fs::write(&page, &html).expect("written");
    let printed = work.join("stout-print.html");
    std::fs::write(&printed, html.replace("@media print {", "@media all {")).expect("written");
    for (page, width) in [(&page, 900), (&page, 360), (&printed, 733)] {
        let dom = run_chromium(
            &browser,
            &work,
            page,
            &[format!("--window-size={width},1200"), "--dump-dom".into()],
        );
        let doc = Html::parse_document(&String::from_utf8_lossy(&dom));
        let body = doc.select(&sel("body")).next().expect("a body");
        assert_eq!(
            attr(body, "data-measured"),
            "yes",
            "the page was not measured"
        );
        let overlaps = attr(body, "data-overlaps");
        assert!(
            overlaps.is_empty(),
            "at {width} px, boxes overlap:\n{overlaps}"
        );
        assert!(doc.select(&sel("table.ranking tbody tr")).count() > 10);
    }
    let shot = work.join("stout.png");
    let _ = std::fs::remove_file(&shot);
    run_chromium(
        &browser,
        &work,
        &page,
        &[
            "--window-size=900,1000".into(),
            format!("--screenshot={}", shot.display()),
        ],
    );
    let (w, h, share) = ink(&shot);
    assert_eq!((w, h), (900, 1000));
    assert!(
        share > 0.02 && share < 0.6,
        "{share:.3} of the screenshot is ink"
    );
}

#[test]
fn a_tables_picture_is_by_net_modifier_naming_only_what_it_depends_on() {
    let rules = common::load("first_echelon");
    let doc = sheet_of(&rules);
    let section = doc
        .select(&sel("section.chart"))
        .find(|s| attr(*s, "id") == "first_echelon.improved_position")
        .expect("Improved Position");
    let figure = section
        .select(&sel("figure.by-net"))
        .next()
        .expect("a picture by net");
    // Discipline (read from a grid when not given) adds nothing without a
    // unit rating, so nothing is named: the columns are the net itself.
    assert_eq!(attr(figure, "data-choices"), "");
    let caption = text(figure.select(&sel("figcaption")).next().expect("a caption"));
    assert_eq!(
        caption,
        "Chance of each result by net modifier (the sum of the modifiers that apply, added to the roll)"
    );
    // Improved Position on 10 or more with a d10: at net +1 (elite in good
    // order, say), a 9 or 10: 1/5.
    let cell = figure
        .select(&sel("td[data-net=\"1\"]"))
        .find(|td| attr(*td, "data-outcome") == "Improved Position")
        .expect("the +1 column");
    assert_eq!(attr(cell, "data-probability"), "1/5");
    assert_net_odds(figure, &rules.chart("improved_position").expect("chart"));
}

/// `show`'s grid of a chart typed as printed (`results { ... }`): the
/// heading line (it starts with `Roll` and is underlined with dashes) and
/// the lines under it, cells split where `show` aligns them (two spaces or
/// more). `None` for a chart with no such grid.
fn show_grid(game: &str, chart: &str) -> Option<Vec<Vec<String>>> {
    let text = chartwright(&["show", game, chart]);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.windows(2).position(|w| {
        w[0].trim_start().starts_with("Roll ") && w[1].trim_start().starts_with("----")
    })?;
    let split = |l: &str| -> Vec<String> {
        l.trim()
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let mut grid = vec![split(lines[at])];
    grid.extend(
        lines[at + 2..]
            .iter()
            // A line of the grid starts with its roll (`6`, `-1`, `7 or more`).
            .take_while(|l| {
                l.trim_start()
                    .starts_with(|c: char| c.is_ascii_digit() || c == '-')
            })
            .map(|l| split(l)),
    );
    Some(grid)
}

/// Every results grid typed as printed is drawn as printed: rolls down
/// the side, the sheet's column headings across, and every heading and
/// cell the same as `show`'s.
#[test]
fn every_printed_grid_is_drawn_as_show_prints_it() {
    let mut grids = 0;
    for game in chartwright::bundled::names() {
        let rules = common::load(game);
        let doc = sheet_of(&rules);
        for chart in rules.charts() {
            let section = doc
                .select(&sel("section.chart"))
                .find(|s| attr(*s, "id") == chart.qualified_name())
                .expect("the chart's section");
            // Only a grid typed `results { ... }` is drawn as printed.
            let Some(table) = section.select(&sel("table.printed")).next() else {
                continue;
            };
            let want = show_grid(game, chart.name())
                .unwrap_or_else(|| panic!("{game} {}: show prints no grid", chart.name()));
            let mut got: Vec<Vec<String>> = Vec::new();
            for tr in table.select(&sel("tr")) {
                got.push(tr.select(&sel("th, td")).map(text).collect());
            }
            assert_eq!(got, want, "{}", chart.qualified_name());
            grids += 1;
        }
    }
    // Ogre's CRT and the Guns of August's: every `results` grid of rules/.
    assert_eq!(grids, 2);
    // Ogre's, as its sheet prints it: the headings 1-2 ... 4-1 over six roll rows.
    let rules = common::load("ogre");
    let doc = sheet_of(&rules);
    let heads: Vec<String> = doc
        .select(&sel("section#ogre\\.crt table.printed thead th"))
        .map(text)
        .collect();
    assert_eq!(heads, ["Roll", "1-2", "1-1", "2-1", "3-1", "4-1"]);
    let rows = doc
        .select(&sel("section#ogre\\.crt table.printed tbody tr"))
        .count();
    assert_eq!(rows, 6);
}

/// Measures, in the browser, every box of every chart on the page (its
/// title, roll line, tables, pictures, lists and notes, at any depth, but
/// not a box inside another such box) and writes the pairs that intersect
/// into `body[data-overlaps]`, as `chart: a / b` lines.
const MEASURE: &str = r#"<script>
const kinds = "h2, h3, p, table, figure, ul, ol, dl, pre";
const found = [];
for (const chart of document.querySelectorAll("section.chart")) {
  const boxes = [...chart.querySelectorAll(kinds)];
  const outer = boxes.filter(e => !boxes.some(o => o !== e && o.contains(e)));
  const rects = outer.map(e => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && r.height > 0);
  for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) {
    const [a, ra] = rects[i], [b, rb] = rects[j];
    const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (w > 0.5 && h > 0.5) found.push(`${chart.id}: ${a.tagName.toLowerCase()}.${a.className} / ${b.tagName.toLowerCase()}.${b.className}`);
  }
}
document.body.dataset.overlaps = found.join("\n");
document.body.dataset.measured = "yes";
</script>"#;

/// Every bundled game's sheet, laid out by headless Chromium at a desktop
/// and a phone width, and with its print rules at A4's width: no two boxes
/// of a chart overlap, and the printed
/// grids (the CRTs) in the browser's DOM are `show`'s, cell by cell. The
/// Guns of August's sheet is kept as a screenshot in docs/.
#[test]
fn no_box_of_a_chart_overlaps_another_in_chromium() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: headless Chromium is not installed (apt-get install chromium)");
        return;
    };
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("geometry");
    std::fs::create_dir_all(&work).expect("a work folder");
    for game in chartwright::bundled::names() {
        let rules = common::load(game);
        let html = sheet(&rules, &rules.charts().collect::<Vec<_>>());
        let html = html.replace("</body>", &format!("{MEASURE}</body>"));
        let page = work.join(format!("{game}.html"));
        std::fs::write(&page, &html).expect("written");
        // As printed: the print rules applied, at A4's width inside its
        // margins (210 - 2 x 8 mm = 194 mm, 733 px).
        let printed = work.join(format!("{game}-print.html"));
        std::fs::write(&printed, html.replace("@media print {", "@media all {")).expect("written");
        for (page, width) in [(&page, 900), (&page, 360), (&printed, 733)] {
            let dom = run_chromium(
                &browser,
                &work,
                page,
                &[format!("--window-size={width},1200"), "--dump-dom".into()],
            );
            let doc = Html::parse_document(&String::from_utf8_lossy(&dom));
            let body = doc.select(&sel("body")).next().expect("a body");
            assert_eq!(
                attr(body, "data-measured"),
                "yes",
                "{game}: the page was not measured"
            );
            let overlaps = attr(body, "data-overlaps");
            assert!(
                overlaps.is_empty(),
                "{game} at {width} px, boxes overlap:\n{overlaps}"
            );
            for table in doc.select(&sel("section.chart table.printed")) {
                let section = table
                    .ancestors()
                    .filter_map(ElementRef::wrap)
                    .find(|e| e.value().name() == "section")
                    .expect("the chart's section");
                let id = attr(section, "id");
                let chart = id.split_once('.').map_or(id.as_str(), |(_, c)| c);
                let got: Vec<Vec<String>> = table
                    .select(&sel("tr"))
                    .map(|tr| tr.select(&sel("th, td")).map(text).collect())
                    .collect();
                assert_eq!(Some(got), show_grid(game, chart), "{id} in Chromium");
            }
        }
        if game == "guns_of_august" {
            let shot = work.join("guns_of_august.png");
            let _ = std::fs::remove_file(&shot);
            run_chromium(
                &browser,
                &work,
                &page,
                &[
                    "--window-size=900,620".into(),
                    format!("--screenshot={}", shot.display()),
                ],
            );
            let (_, _, share) = ink(&shot);
            assert!(
                share > 0.02 && share < 0.6,
                "{share:.3} of the screenshot is ink"
            );
            if std::env::var_os("UPDATE_DOCS").is_some() {
                let docs = crate::common::root().join("docs/sheet-guns_of_august.png");
                std::fs::copy(&shot, docs).expect("docs/ is writable");
            }
        }
    }
}

/// A results cell shows an outcome, never rules: an outcome that depends on
/// the situation shows what happens when no condition holds, with a
/// footnote saying case by case what the chart does (Fire Combat's
/// `Knocked out -> roll Bail Out Table if mounted else Knocked out`).
#[test]
fn result_cells_show_outcomes_and_footnotes_say_the_cases() {
    for game in chartwright::bundled::names() {
        let rules = common::load(game);
        let doc = sheet_of(&rules);
        for td in doc.select(&sel("table.results td")) {
            let cell = text(td);
            for syntax in [" else ", "->"] {
                assert!(!cell.contains(syntax), "{game}: a cell reads {cell:?}");
            }
        }
    }
    let rules = common::load("first_echelon");
    let doc = sheet_of(&rules);
    let section = doc
        .select(&sel("section.chart"))
        .find(|s| attr(*s, "id") == "first_echelon.fire_combat")
        .expect("Fire Combat");
    let first: Vec<String> = section
        .select(&sel("table.results tbody tr"))
        .next()
        .expect("a row")
        .select(&sel("td:not(.key)"))
        .map(text)
        .collect();
    assert_eq!(first, ["Knocked out1"]);
    let notes: Vec<String> = section.select(&sel("ol.footnotes li")).map(text).collect();
    assert_eq!(
        notes[0],
        "Knocked out, then Bail Out Table if troops are mounted in the target \
         (Bail Out check on a knock-out); otherwise Knocked out"
    );
    // In the sheet's words: labels, not the rules' names.
    assert_eq!(
        notes[2],
        "Suppressed if Type of attack: Indirect fire or Air-to-ground or Chemical attack; \
         otherwise No effect"
    );
    assert_eq!(notes.len(), 3);
}

#[test]
fn a_variants_sheet_names_itself_and_its_base_game() {
    // docs/variants/mud_season.rules: `variant "Mud season" of first_echelon
    // version "1"`; rules/first_echelon.rules: `game "Battlefront: First
    // Echelon" version "1.3"`.
    let rules = Ruleset::from_file(crate::common::root().join("docs/variants/mud_season.rules"))
        .expect("the variant loads");
    let charts: Vec<_> = rules.charts().collect();
    let doc = Html::parse_document(&sheet(&rules, &charts));
    let head: Vec<String> = doc.select(&sel("header.game-head > *")).map(text).collect();
    assert_eq!(
        head,
        [
            "Mud season",
            "Version 1",
            "A variant of Battlefront: First Echelon (version 1.3): its house-rule lines are marked."
        ]
    );
    let said: Vec<String> = doc.select(&sel("div.house-rules p")).map(text).collect();
    assert_eq!(
        said,
        ["Changed by the variant Mud season (marked lines, against the plain game):"]
    );
    // A plain game names no base.
    let plain = common::load("first_echelon");
    let charts: Vec<_> = plain.charts().collect();
    let doc = Html::parse_document(&sheet(&plain, &charts));
    assert_eq!(doc.select(&sel("header.game-head .base")).count(), 0);
}

#[test]
fn a_variants_sheet_marks_its_house_rule_lines_as_show_does() {
    let rules = Ruleset::from_file(crate::common::root().join("docs/variants/mud_season.rules"))
        .expect("the variant loads");
    let bog = rules.chart("bog_down").expect("bog_down");
    let doc = Html::parse_document(&sheet(&rules, &[bog]));
    // The two rows it moved, the modifier it changed and the one it added:
    // the lines `show` marks `*` and `+`, and only those.
    let marked: Vec<String> = doc
        .select(&sel("tr.house-rule"))
        .map(|r| {
            r.select(&sel("th, td"))
                .next()
                .map(text)
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(marked, ["7 or more", "4-6", "+1", "-2"]);
    let listed: Vec<String> = doc.select(&sel("div.house-rules li")).map(text).collect();
    assert_eq!(listed, bog.variant_marks());
    // The plain game's sheet marks nothing.
    let plain = common::load("first_echelon");
    let doc = Html::parse_document(&sheet(
        &plain,
        &[plain.chart("bog_down").expect("bog_down")],
    ));
    assert_eq!(
        doc.select(&sel("tr.house-rule, div.house-rules")).count(),
        0
    );
}
