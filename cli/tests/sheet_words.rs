//! A printed sheet speaks the sheet's words: its visible text (what a
//! player reads, not its attributes) holds none of the rules' own names,
//! no situation typed as `name=value`, no backtick; and the rules around a
//! table (below, beyond, rounding) are printed under it, as the published
//! sheet words them.

use chartwright::sheet::sheet;
use chartwright::Ruleset;
use scraper::{ElementRef, Html, Node, Selector};

#[track_caller]
fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap_or_else(|e| panic!("bad selector {s}: {e}"))
}

/// The text a reader sees: every text node outside `<style>` and
/// `<script>`, entities decoded (the parser does that), elements apart.
fn visible_text(doc: &Html) -> String {
    let mut out = String::new();
    for node in doc.tree.nodes() {
        let Node::Text(text) = node.value() else {
            continue;
        };
        let hidden = node.ancestors().any(|a| {
            a.value()
                .as_element()
                .is_some_and(|e| matches!(e.name(), "style" | "script"))
        });
        if !hidden {
            out.push_str(text);
            out.push(' ');
        }
    }
    out
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The strings a player should never read: an identifier with an
/// underscore inside it (`fatigue_range`), a name set to a value with no
/// space around the `=` as a command line types it (`tokens=10`,
/// `att.discipline=-2`), and anything with a backtick. Each is the
/// whitespace-separated word it occurs in. A legend's `AA = Attacker
/// eliminated` is the sheet's own writing and passes.
fn offending_words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|word| {
            let chars: Vec<char> = word.chars().collect();
            let underscored = chars
                .windows(3)
                .any(|w| w[1] == '_' && w[0].is_alphanumeric() && w[2].is_alphanumeric());
            let assigned = chars.windows(3).any(|w| {
                w[1] == '=' && (is_word_char(w[0]) || w[0] == '.') && !w[2].is_whitespace()
            });
            underscored || assigned || word.contains('`')
        })
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_word_check_catches_what_it_should_and_passes_the_sheets_own_writing() {
    assert_eq!(
        offending_words("Odds for tokens=10 markers=10 with `react_target` and fatigue_range"),
        ["tokens=10", "markers=10", "`react_target`", "fatigue_range"]
    );
    assert_eq!(
        offending_words("(att.discipline=-2)"),
        ["(att.discipline=-2)"]
    );
    assert!(
        offending_words("AA = Attacker eliminated; - = No effect; 5-1 or better; <0.1%").is_empty()
    );
}

#[test]
fn no_bundled_sheet_shows_a_rules_name_a_typed_situation_or_a_backtick() {
    let rules = Ruleset::bundled().expect("the bundled games load");
    let mut found: Vec<String> = Vec::new();
    for game in chartwright::bundled::names() {
        let charts: Vec<_> = rules.charts().filter(|c| c.game() == game).collect();
        assert!(!charts.is_empty(), "{game}: no charts");
        let doc = Html::parse_document(&sheet(&rules, &charts));
        for word in offending_words(&visible_text(&doc)) {
            found.push(format!("{game}: {word}"));
        }
    }
    assert!(
        found.is_empty(),
        "{} strings on the bundled sheets a player should not read:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The text under one chart of one bundled game's sheet.
fn chart_text(game: &str, chart: &str) -> String {
    let rules = Ruleset::bundled().expect("the bundled games load");
    let charts: Vec<_> = rules.charts().filter(|c| c.game() == game).collect();
    let doc = Html::parse_document(&sheet(&rules, &charts));
    let id = format!("{game}.{chart}");
    let section = doc
        .select(&sel("section.chart"))
        .find(|s| s.value().attr("id") == Some(id.as_str()))
        .unwrap_or_else(|| panic!("no section {id}"));
    words_of(section)
}

fn words_of(e: ElementRef<'_>) -> String {
    e.text()
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_rules_around_a_crt_are_printed_under_it_as_the_published_sheet_words_them() {
    // Ogre: attacks at less than 1-2 have no effect, 5-1 or better
    // destroys, and odds round in the defender's favour.
    let ogre = chart_text("ogre", "crt");
    for rule in [
        "Column: the odds of Attack strength to Defense strength, rounded in the defender's favour.",
        "Below 1-2: NE",
        "At 5-1 or above: X",
    ] {
        assert!(ogre.contains(rule), "Ogre's CRT lacks {rule:?}:\n{ogre}");
    }
    // The Guns of August: below 1-1 the roll is one less, read on 1-1;
    // 7-1 and more read on 6-1, one more; modifiers at most 3 either way;
    // a modified roll below 0 is 0, above 6 is 6.
    let guns = chart_text("guns_of_august", "crt");
    for rule in [
        "Below 1-1: read on 1-1 with -1 to the roll",
        "At 7-1 or above: read on 6-1 with +1 to the roll",
        "The net modifier is capped at ±3.",
        "A modified roll below 0 reads as 0; above 6, as 6.",
    ] {
        assert!(
            guns.contains(rule),
            "The Guns of August's CRT lacks {rule:?}:\n{guns}"
        );
    }
    // A table read by the roll alone has no such rules.
    assert!(!chart_text("first_echelon", "bog_down").contains("Column:"));
}

/// A roll-under check: a net modifier in its picture is what a modifier of
/// that value does. Artillery Response for organic artillery succeeds on 5
/// or less on a d10; a Dedicated Battery (+2) makes it 7 or less, 7/10.
#[test]
fn command_decisions_artillery_response_reads_a_plus_two_as_seven_in_ten() {
    let rules = Ruleset::bundled().expect("the bundled games load");
    let charts: Vec<_> = rules
        .charts()
        .filter(|c| c.game() == "command_decision")
        .collect();
    let doc = Html::parse_document(&sheet(&rules, &charts));
    let section = doc
        .select(&sel("section.chart"))
        .find(|s| s.value().attr("id") == Some("command_decision.artillery_response"))
        .expect("Artillery Response");
    let figure = section
        .select(&sel("figure.by-net"))
        .next()
        .expect("a picture by net");
    let caption = words_of(figure.select(&sel("figcaption")).next().expect("a caption"));
    assert!(caption.ends_with("with Organic Artillery"), "{caption}");
    let responds = "Responds: place new IDF templates & smoke markers";
    let cell = |net: &str| {
        figure
            .select(&sel("td"))
            .find(|td| {
                td.value().attr("data-net") == Some(net)
                    && td.value().attr("data-outcome") == Some(responds)
            })
            .unwrap_or_else(|| panic!("no cell at net {net}"))
    };
    assert_eq!(cell("2").value().attr("data-probability"), Some("7/10"));
    assert_eq!(words_of(cell("2")), "70%");
    // Suppressed (-2): 3 or less, 3/10.
    assert_eq!(cell("-2").value().attr("data-probability"), Some("3/10"));
}

/// A picture worth printing: bars of at least two outcomes, or a table
/// whose columns do not all read alike.
#[test]
fn every_bundled_picture_shows_outcomes_that_vary() {
    let rules = Ruleset::bundled().expect("the bundled games load");
    for game in chartwright::bundled::names() {
        let charts: Vec<_> = rules.charts().filter(|c| c.game() == game).collect();
        let doc = Html::parse_document(&sheet(&rules, &charts));
        for section in doc.select(&sel("section.chart")) {
            let id = section.value().attr("id").unwrap_or_default();
            if let Some(svg) = section.select(&sel("figure.odds svg")).next() {
                let bars = svg.select(&sel("rect.bar")).count();
                assert!(bars >= 2, "{id}: a picture of {bars} outcome");
            }
            if let Some(table) = section.select(&sel("table.column-odds")).next() {
                let columns: std::collections::BTreeSet<Vec<String>> = table
                    .select(&sel("thead th[data-net], thead th[data-choices]"))
                    .enumerate()
                    .map(|(i, _)| {
                        table
                            .select(&sel("tbody tr"))
                            .map(|tr| {
                                tr.select(&sel("td"))
                                    .nth(i)
                                    .map(words_of)
                                    .unwrap_or_default()
                            })
                            .collect()
                    })
                    .collect();
                assert!(columns.len() >= 2, "{id}: every column reads the same");
            }
        }
    }
}

/// A check names what it succeeds on in the sheet's words: the input's
/// label, a grid by its title.
#[test]
fn a_checks_target_is_named_in_words() {
    let to_hit = chart_text("command_decision", "indirect_fire_to_hit");
    assert!(
        to_hit.contains(
            "succeed on at most To Hit number from the Equip. Chart (IDF column) + the net modifier"
        ),
        "{to_hit}"
    );
    let call = chart_text("first_echelon", "call_for_fire");
    assert!(
        call.contains("succeed on the range the Call for Fire Table gives"),
        "{call}"
    );
    let ammo = chart_text("command_decision", "ammo_depletion");
    assert!(
        ammo.contains("succeed on at most (weapon caliber in mm / 10) + the net modifier"),
        "{ammo}"
    );
}

/// An opposed chart's modifiers say whose they are: each side has its own
/// discipline rating.
#[test]
fn an_opposed_charts_modifiers_name_their_side() {
    let close = chart_text("first_echelon", "close_combat");
    for modifier in [
        "Attacker: discipline rating",
        "Defender: discipline rating",
        "Defender: outflanked",
        "Attacker: foothold",
    ] {
        assert!(close.contains(modifier), "no {modifier:?}:\n{close}");
    }
    assert!(close.contains("read Attacker minus Defender"), "{close}");
}
