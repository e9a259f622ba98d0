//! House-rule variants end to end: the two "done when" variants diffed
//! against hand-computed fractions, a variant of a variant, every variant
//! diagnostic as an insta snapshot, and `diff`, `source` and `show` through
//! the real binary.
//!
//! Paths are relative: cargo runs integration tests in the package root, so
//! the snapshots name `tests/variants/…`, the same on every machine.

use chartwright::{Choices, LoadErrors, OddsDiff, Ruleset};
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, Report};
use num_rational::BigRational;

const MUD: &str = "docs/variants/mud_season.rules";
const STOUT: &str = "docs/variants/bcs_stout_defense.rules";

#[track_caller]
fn load(path: &str) -> Ruleset {
    Ruleset::from_file(path).unwrap_or_else(|e| panic!("{path} does not load:\n{e}"))
}

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

#[track_caller]
fn diff(base: &str, variant: &str, chart: &str, args: &str) -> OddsDiff {
    let (b, v) = (load(base), load(variant));
    let choices = Choices::parse(args).expect("choices parse");
    OddsDiff::compare(
        &b.chart(chart).expect("base chart"),
        &v.chart(chart).expect("variant chart"),
        &choices,
    )
    .expect("both sides have odds")
}

/// Asserts each outcome's (base, variant) probabilities, in order.
#[track_caller]
fn assert_diff(d: &OddsDiff, expected: &[(&str, Option<BigRational>, Option<BigRational>)]) {
    let got: Vec<(&str, Option<BigRational>, Option<BigRational>)> = d
        .outcomes
        .iter()
        .map(|o| {
            let big = |p: &Option<chartwright::Probability>| p.as_ref().map(crate::common::big);
            (o.outcome.as_str(), big(&o.base), big(&o.variant))
        })
        .collect();
    assert_eq!(got, expected);
}

/// The total of First Echelon's Manoeuvre Table on a d10 of 5: 5 plus the
/// discipline rating the grid gives for the rating and status.
fn manoeuvre_on_5(
    manoeuvre: &chartwright::ChartRef<'_>,
    rating: &str,
    status: &str,
) -> Result<Option<i64>, chartwright::RollError> {
    let c =
        Choices::parse(&format!("unit_rating={rating} order_status={status}")).expect("choices");
    manoeuvre
        .roll(&c, &mut chartwright::Scripted::new([5]))
        .map(|r| r.total)
}

/// The options (name, label) of a chart's choice `name`.
#[track_caller]
fn choice_options(chart: &chartwright::ChartRef<'_>, name: &str) -> Vec<(String, String)> {
    match chart
        .inputs()
        .into_iter()
        .find(|i| i.name == name)
        .map(|i| i.kind)
    {
        Some(chartwright::InputKind::Choice { options }) => options,
        other => panic!("{name} is not a choice: {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// Golden diffs, by hand

#[test]
fn mud_season_with_tracked() {
    // Base: d10 + 2 reads 6+ on 4-10 (7/10), 4,5 on 2-3 (2/10), 3- on 1.
    // Mud season: d10 + 1 reads 7+ on 6-10 (5/10), 4-6 on 3-5 (3/10), 3- on 1-2.
    let d = diff("first_echelon", MUD, "bog_down", "tracked");
    assert_diff(
        &d,
        &[
            ("Traverse", Some(q(7, 10)), Some(q(1, 2))),
            ("Bogged down OR Displace", Some(q(1, 5)), Some(q(3, 10))),
            ("Bogged down", Some(q(1, 10)), Some(q(1, 5))),
        ],
    );
    assert_eq!(d.largest().map(|o| o.outcome.as_str()), Some("Traverse"));
    assert_eq!(d.outcomes[0].delta().to_string(), "-1/5");
}

#[test]
fn mud_season_in_mud_the_base_does_not_know_mud() {
    // Base (no `mud`): d10 reads 6+ on 6-10, 4,5 on 4-5, 3- on 1-3.
    // Mud season: d10 - 2 reads 7+ on 9-10, 4-6 on 6-8, 3- on 1-5.
    let d = diff("first_echelon", MUD, "bog_down", "mud");
    assert_diff(
        &d,
        &[
            ("Traverse", Some(q(1, 2)), Some(q(1, 5))),
            ("Bogged down OR Displace", Some(q(1, 5)), Some(q(3, 10))),
            ("Bogged down", Some(q(3, 10)), Some(q(1, 2))),
        ],
    );
}

#[test]
fn stout_defense_one_changed_modifier() {
    // Net = 2d6 + 3 - 3 - prepared_defense: -1 in the base, -2 in the variant.
    // Base 2d6 - 1: 4- on 2-5 (10/36), 5-6 on 6-7 (11/36), 7-10 with Prepared
    // Defense all "A1 | D: Situational | Traffic" on 8-11 (14/36), D1 on 12.
    // Variant 2d6 - 2: 4- on 2-6 (15/36), 5-6 on 7-8 (11/36), 7-10 on 9-12
    // (10/36), D1 never.
    let d = diff(
        "battalion_combat_series",
        STOUT,
        "combat",
        "attacker_ar=3 defender_ar=3 prepared_defense",
    );
    assert_diff(
        &d,
        &[
            (
                "Loss? A2; Retreat? -; Traffic? -",
                Some(q(5, 18)),
                Some(q(5, 12)),
            ),
            (
                "Loss? A1; Retreat? -; Traffic? -",
                Some(q(11, 36)),
                Some(q(11, 36)),
            ),
            (
                "Loss? A1; Retreat? D: Situational; Traffic? Traffic",
                Some(q(7, 18)),
                Some(q(5, 18)),
            ),
            (
                "Loss? D1; Retreat? D: Retreat; Traffic? -",
                Some(q(1, 36)),
                None,
            ),
        ],
    );
}

#[test]
fn the_variants_are_a_few_lines() {
    for path in [MUD, STOUT] {
        let text = std::fs::read_to_string(path).expect("variant file");
        let lines = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .count();
        assert!(lines <= 5, "{path} has {lines} lines");
    }
}

#[test]
fn a_game_against_itself_has_no_change() {
    let d = diff("first_echelon", "first_echelon", "bog_down", "tracked");
    assert!(d.is_unchanged());
    assert!(d.largest().is_none());
}

#[test]
fn the_base_stays_unchanged_beside_the_variant() {
    let mut b = Ruleset::builder();
    b.add_path("first_echelon").add_path(MUD);
    let both = b.build().expect("base and variant load together");
    let tracked = Choices::parse("tracked").expect("choices");
    let base = both.chart("first_echelon.bog_down").expect("base chart");
    let mud = both.chart("mud_season.bog_down").expect("variant chart");
    assert_eq!(
        crate::common::big(&base.odds(&tracked).expect("odds").probability("Traverse")),
        q(7, 10)
    );
    assert_eq!(
        crate::common::big(&mud.odds(&tracked).expect("odds").probability("Traverse")),
        q(1, 2)
    );
    assert!(base.variant_marks().is_empty());
    assert_eq!(
        mud.variant_marks(),
        [
            "tracked +2 → +1",
            "row 6 or more → 7 or more",
            "row 4,5 → 4-6",
            "mud -2 added"
        ]
    );
}

#[test]
fn a_variant_of_a_pool_that_reports_one_count() {
    // Base: a d10 converts 1/2 · 1/2 = 1/4, Binomial(2, 1/4): 9/16, 6/16,
    // 1/16. Variant: converts on 5+, 1/2 · 1/3 = 1/6, Binomial(2, 1/6):
    // 25/36, 10/36, 1/36. Same outcomes: only the reported count.
    let d = diff(
        "tests/charts/report.rules",
        "tests/variants/report_harder.rules",
        "convert",
        "",
    );
    assert_diff(
        &d,
        &[
            ("0 converted", Some(q(9, 16)), Some(q(25, 36))),
            ("1 converted", Some(q(3, 8)), Some(q(5, 18))),
            ("2 converted", Some(q(1, 16)), Some(q(1, 36))),
        ],
    );
}

#[test]
fn a_variant_of_a_variant() {
    // Deeper mud: mud season with `mud` at -3. With mud: d10 - 3 reads 7+ on
    // 10 (1/10), 4-6 on 7-9 (3/10), 3- on 1-6 (6/10).
    let d = diff(MUD, "tests/variants/deeper_mud.rules", "bog_down", "mud");
    assert_diff(
        &d,
        &[
            ("Traverse", Some(q(1, 5)), Some(q(1, 10))),
            ("Bogged down OR Displace", Some(q(3, 10)), Some(q(3, 10))),
            ("Bogged down", Some(q(1, 2)), Some(q(3, 5))),
        ],
    );
    // Against the original game, the whole chain shows.
    let rules = load("tests/variants/deeper_mud.rules");
    let marks = rules.chart("bog_down").expect("chart").variant_marks();
    assert_eq!(marks.len(), 5, "{marks:?}");
    assert_eq!(marks[4], "mud -2 → -3, label \"very deep mud\"");
}

#[test]
fn every_kind_of_change_applies() {
    let rules = Ruleset::from_str(
        "everything",
        r#"variant "Everything" of first_echelon version "1"
        change bog_down.tracked "Tracked vehicle only"
        add bog_down.wheeled -2 "Wheeled vehicle" after half_tracked
        remove bog_down.currently_bogged
        change bog_down row 3 or less => "Stuck fast"
        add unit_rating.militia "Militia"
        add discipline_rating at militia: -2 -3 -6
        change discipline_rating at veteran, good_order: +3
        change discipline_rating at raw: -2 -3 -6
        remove unit_rating.elite
        remove turn_sequence
        "#,
    );
    let rules = match rules {
        Ok(r) => r,
        Err(e) => panic!("does not load:\n{e}\n{:?}", e.errors),
    };
    let bog = rules.chart("bog_down").expect("bog_down");
    let groups = bog.exclusive_groups();
    assert_eq!(
        groups,
        [["tracked", "half_tracked", "wheeled", "manhandled"]],
        "a new modifier joins the `one of` group it is placed in"
    );
    assert!(bog.inputs().iter().all(|i| i.name != "currently_bogged"));
    let odds = bog
        .odds(&Choices::parse("wheeled").expect("choices"))
        .expect("odds");
    // d10 - 2: 6+ on 8-10, 4,5 on 6-7, 3- (now "Stuck fast") on 1-5.
    assert_eq!(crate::common::big(&odds.probability("Stuck fast")), q(1, 2));
    assert!(rules.chart("turn_sequence").is_err());
    let manoeuvre = rules.chart("manoeuvre").expect("manoeuvre");
    let discipline =
        |rating: &str, status: &str| manoeuvre_on_5(&manoeuvre, rating, status).expect("roll");
    // d10 = 5 plus the discipline rating from the changed grid.
    assert_eq!(discipline("veteran", "good_order"), Some(8));
    assert_eq!(discipline("militia", "disordered"), Some(-1));
    assert_eq!(discipline("raw", "suppressed"), Some(2));
    let options = choice_options(&manoeuvre, "unit_rating");
    let names: Vec<&str> = options.iter().map(|(o, _)| o.as_str()).collect();
    assert_eq!(
        names,
        ["veteran", "experienced", "trained", "raw", "militia"]
    );
}

#[test]
fn an_added_shift_applies_always_where_its_condition_holds() {
    // tests/charts/fort_shift.rules: `add crt.fort_shift 1L ... if fort always`
    // over Guns of August's CRT (d6, -2 for a fort, clamped to 0..6).
    let rules = load("tests/charts/fort_shift.rules");
    let odds = |args: &str| {
        let crt = rules.chart("crt").expect("crt");
        let o = crt
            .odds(&Choices::parse(args).expect("choices"))
            .expect("odds");
        ["AE", "AA", "AD", "BD", "DD"].map(|r| crate::common::big(&o.probability(r)))
    };
    // 3 to 1 with a fort reads 2-1 with no one naming the shift: totals
    // 0, 0, 1, 2, 3, 4 give AA AA AA AD BD BD.
    assert_eq!(
        odds("attack=3 defense=1 fort"),
        [q(0, 1), q(1, 2), q(1, 6), q(1, 3), q(0, 1)]
    );
    // Without a fort the shift does not apply: 3-1 as in the base,
    // totals 1..6 give AD BD BD DD DX DE.
    assert_eq!(
        odds("attack=3 defense=1"),
        [q(0, 1), q(0, 1), q(1, 6), q(1, 3), q(1, 6)]
    );
    // The base reads 3-1 with a fort: totals 0, 0, 1, 2, 3, 4 give
    // AA AA AD BD BD DD.
    let base = load("rules/guns_of_august.rules");
    let o = base
        .chart("crt")
        .expect("crt")
        .odds(&Choices::parse("attack=3 defense=1 fort").expect("choices"))
        .expect("odds");
    assert_eq!(crate::common::big(&o.probability("AA")), q(1, 3));
    assert_eq!(crate::common::big(&o.probability("DD")), q(1, 6));
    assert!(chartwright::check_expectations(&rules).passed());
}

#[test]
fn the_examples_of_the_language_reference_apply() {
    // Each example of docs/language.md's table of changes, in one variant.
    let text = r#"variant "Examples" of first_echelon version "1"
        remove turn_sequence
        change bog_down.tracked +1
        change improved_position.turns_improving +1 each (max +3)
        add bog_down.mud -2 "deep mud"
        add bog_down.wheeled -1 "Wheeled" after half_tracked
        remove bog_down.currently_bogged
        change bog_down row 3 or less => "Stuck fast"
        change hull_down row 6 or more becomes 6-9
        add hull_down row 10 or more => "Hull down, concealed"
        change discipline_rating at raw: -2 -3 -6
        change discipline_rating at veteran, good_order: +3
        add discipline_rating at militia: -2 -3 -6
        change unit_rating.raw "Green"
        add unit_rating.militia "Militia"
        remove unit_rating.elite
        "#;
    if let Err(e) = Ruleset::from_str("examples", text) {
        panic!("{e}");
    }
    let text = r#"variant "More" of first_echelon version "1"
        remove bog_down row 4,5
        change bog_down row 3 or less becomes 5 or less
        remove discipline_rating at raw
        remove unit_rating.raw
        "#;
    if let Err(e) = Ruleset::from_str("more", text) {
        panic!("{e}");
    }
}

#[test]
fn an_added_row_goes_where_its_totals_belong() {
    // Both tables run down the sheet (6 or more first).
    let rules = Ruleset::from_str(
        "order",
        r#"variant "Order" of first_echelon version "1"
        change hull_down row 5 or less becomes 3 or less
        add hull_down row 4,5 => "Partly hull down"
        change bog_down row 6 or more becomes 6-8
        add bog_down row 9 or more => "Free at once"
        "#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let at = |chart: &str, line: &str| {
        let text = rules.chart(chart).expect("chart").render();
        text.find(line)
            .unwrap_or_else(|| panic!("{line} in\n{text}"))
    };
    assert!(at("hull_down", "Hull Down") < at("hull_down", "Partly"));
    assert!(at("hull_down", "Partly") < at("hull_down", "No effect"));
    assert!(at("bog_down", "9 or more") < at("bog_down", "6-8"));
    // A table that runs up: the new row goes between 1-2 and 5-6.
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("up.rules"),
        "game \"Up\" version \"1\"\n\
         table t \"T\" { roll d6 rows { 1-2 => \"low\" 3-6 => \"high\" } }\n",
    )
    .expect("write");
    let variant = dir.path().join("mid.rules");
    std::fs::write(
        &variant,
        "variant \"Mid\" of \"up.rules\" version \"1\"\n\
         change t row 3-6 becomes 5-6\nadd t row 3-4 => \"middle\"\n",
    )
    .expect("write");
    let up = Ruleset::from_file(&variant).unwrap_or_else(|e| panic!("{e}"));
    let odds = up
        .chart("t")
        .expect("t")
        .odds(&Choices::default())
        .expect("odds");
    let names: Vec<&str> = odds.outcomes.iter().map(|o| o.outcome.as_str()).collect();
    assert_eq!(names, ["low", "middle", "high"]);
    let odds = rules
        .chart("hull_down")
        .expect("hull_down")
        .odds(&Choices::parse("hull_down_modifier=0 discipline=1").expect("choices"))
        .expect("odds");
    let names: Vec<&str> = odds.outcomes.iter().map(|o| o.outcome.as_str()).collect();
    assert_eq!(names, ["Hull Down", "Partly hull down", "No effect"]);
}

// ---------------------------------------------------------------------------
// Diagnostics: every variant error, rendered as `check` renders it

fn render(errors: &LoadErrors) -> String {
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(80);
    errors
        .errors
        .iter()
        .map(|err| {
            let report = Report::new(err.clone());
            let report = match err.span() {
                Some(span) => report.with_source_code(errors.sources.named_source(span.source)),
                None => report,
            };
            let mut out = String::new();
            handler
                .render_report(&mut out, report.as_ref())
                .expect("rendering does not fail");
            out
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn codes(errors: &LoadErrors) -> Vec<String> {
    errors
        .errors
        .iter()
        .map(|e| e.code().map(|c| c.to_string()).unwrap_or_default())
        .collect()
}

#[track_caller]
fn check_fails(stem: &str, expected: &[&str]) {
    let path = format!("tests/variants/{stem}.rules");
    let Err(errors) = Ruleset::from_file(&path) else {
        panic!("{path} loaded, but should fail with {expected:?}");
    };
    let rendered = render(&errors);
    assert_eq!(codes(&errors), expected, "{path}:\n{rendered}");
    for e in &errors.errors {
        assert!(e.help().is_some(), "no help for {e:?}");
        assert!(e.span().is_some(), "no span on {e:?}");
    }
    insta::assert_snapshot!(stem, rendered);
}

#[test]
fn unknown_targets_say_what_the_base_has() {
    check_fails(
        "unknown_target",
        &[
            "chartwright::variant::unknown_target",
            "chartwright::variant::unknown_target",
            "chartwright::variant::unknown_target",
        ],
    );
}

#[test]
fn a_new_column_needs_its_cells_from_the_variant() {
    // Three rows of `discipline_rating` have no `pinned` cell: the error is at
    // the `add`, not a cell count in the base.
    check_fails("new_column", &["chartwright::variant::new_column_cells"]);
    let rules = Ruleset::from_str(
        "pinned",
        r#"variant "Pinned" of first_echelon version "1"
        add order_status.pinned "Pinned" after suppressed
        change discipline_rating at elite, pinned: -1
        change discipline_rating at veteran: +1 -1 -2 -3
        change discipline_rating at experienced, pinned: -2
        change discipline_rating at trained, pinned: -3
        change discipline_rating at raw, pinned: -6
        "#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let manoeuvre = rules.chart("manoeuvre").expect("manoeuvre");
    let discipline = |rating: &str, status: &str| manoeuvre_on_5(&manoeuvre, rating, status);
    // d10 = 5 plus the rating; the new column sits after `suppressed`.
    assert_eq!(discipline("veteran", "pinned"), Ok(Some(3)));
    assert_eq!(discipline("veteran", "disordered"), Ok(Some(2)));
    assert_eq!(discipline("trained", "pinned"), Ok(Some(2)));
    assert_eq!(discipline("elite", "disordered"), Ok(Some(4)));
    assert_eq!(discipline("raw", "pinned"), Ok(Some(-1)));
}

#[test]
fn a_removed_option_still_named_in_the_base_points_at_the_remove() {
    // `attack.chemical` is named three times in Fire Combat: one error, at
    // the `remove`, listing the places in the base.
    check_fails(
        "removed_option",
        &["chartwright::variant::removed_still_named"],
    );
}

#[test]
fn options_of_a_choice_declared_in_a_chart_are_named_through_the_chart() {
    let rules = Ruleset::from_str(
        "local",
        r#"variant "Local" of "tests/variants/local_base.rules" version "1"
        add assault.posture.fortified "Fortified" after dug_in
        change assault.posture.open "Caught in the open"
        "#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let assault = rules.chart("assault").expect("assault");
    assert_eq!(
        choice_options(&assault, "posture"),
        [
            ("open".to_string(), "Caught in the open".to_string()),
            ("dug_in".to_string(), "Dug in".to_string()),
            ("fortified".to_string(), "Fortified".to_string()),
        ]
    );
    assert_eq!(
        assault.variant_marks(),
        [
            "option posture.fortified added",
            "posture.open relabelled \"Caught in the open\""
        ]
    );
    // A misspelt choice or option gets a did-you-mean.
    check_fails(
        "local_choice",
        &[
            "chartwright::variant::unknown_target",
            "chartwright::variant::unknown_target",
        ],
    );
}

#[test]
fn two_changes_to_one_modifier_conflict() {
    check_fails("conflict", &["chartwright::variant::conflict"]);
}

#[test]
fn a_cycle_of_bases_is_an_error() {
    check_fails("cycle_a", &["chartwright::variant::base_cycle"]);
}

#[test]
fn a_change_that_leaves_a_total_uncovered_points_at_the_change() {
    check_fails("uncovered", &["chartwright::compile::uncovered_totals"]);
    let Err(errors) = Ruleset::from_file("tests/variants/uncovered.rules") else {
        panic!("loads");
    };
    let span = errors.errors[0].span().expect("span");
    let source = errors.sources.get(span.source).expect("source");
    assert_eq!(source.name, "tests/variants/uncovered.rules");
}

#[test]
fn a_modifier_change_that_leaves_a_total_uncovered_points_at_the_change() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("closed.rules"),
        "game \"Closed\" version \"1\"\n\
         table t \"T\" { roll d6 modifiers { plus +1 \"plus\" } rows { 1-7 => \"read\" } }\n",
    )
    .expect("write");
    let variant = dir.path().join("more.rules");
    std::fs::write(
        &variant,
        "variant \"More\" of \"closed.rules\" version \"1\"\nchange t.plus +2\n",
    )
    .expect("write");
    let Err(errors) = Ruleset::from_file(&variant) else {
        panic!("loads");
    };
    assert_eq!(codes(&errors), ["chartwright::compile::uncovered_totals"]);
    let span = errors.errors[0].span().expect("span");
    let source = errors.sources.get(span.source).expect("source");
    assert!(source.name.ends_with("more.rules"), "{}", source.name);
    assert_eq!(errors.sources.text(span), "change t.plus +2");
}

#[test]
fn a_misspelt_base_gets_a_suggestion() {
    check_fails("base_not_found", &["chartwright::variant::base_not_found"]);
}

#[test]
fn a_results_grid_is_changed_by_writing_the_table_again() {
    check_fails("results_grid", &["chartwright::variant::invalid"]);
    // As the help says: the table written again replaces the base's.
    let text = include_str!("../rules/ogre.rules");
    let start = text.find("table crt").expect("ogre has a crt");
    let table = text[start..].replace("5:              D    X", "5:              X    X");
    let variant = format!("variant \"Bloodier\" of ogre version \"1\"\n{table}");
    let rules = Ruleset::from_str("bloodier", &variant).unwrap_or_else(|e| panic!("{e}"));
    // 1-2 odds: D on 5 became X, so X on 5-6 (1/3).
    let odds = rules
        .chart("crt")
        .unwrap()
        .odds(&chartwright::Choices::parse("attack=1 defense=2").unwrap())
        .unwrap();
    assert_eq!(odds.probability("X").to_string(), "1/3");
}

#[test]
fn a_modifier_of_a_used_set_is_changed_in_the_set() {
    check_fails("set_member", &["chartwright::variant::invalid"]);
}

#[test]
fn variants_nest_no_deeper_than_the_limit() {
    let limits = chartwright::Limits::default().with_max_variant_depth(1);
    let mut b = Ruleset::builder().limits(limits);
    b.add_path("tests/variants/deeper_mud.rules");
    let errors = b
        .build()
        .expect_err("two variants deep is over a limit of 1");
    assert_eq!(codes(&errors), ["chartwright::variant::too_deep"]);
}

#[test]
fn adding_what_exists_and_changing_a_grid_row_that_does_not() {
    let codes = |text: &str| -> Vec<String> {
        Ruleset::from_str("v", text).map_or_else(|e| codes(&e), |_| Vec::new())
    };
    assert_eq!(
        codes("variant \"V\" of first_echelon version \"1\"\nadd bog_down.tracked +1 \"again\"\n"),
        ["chartwright::variant::already_exists"]
    );
    assert_eq!(
        codes("variant \"V\" of first_echelon version \"1\"\nchange discipline_rating at elit: +1 0 -1 -2 -3\n"),
        ["chartwright::variant::unknown_target"]
    );
    assert_eq!(
        codes("variant \"V\" of first_echelon version \"1\"\nchange discipline_rating row 6 or more => \"x\"\n"),
        ["chartwright::variant::wrong_kind"]
    );
}

#[test]
fn no_panic_on_mutated_variants() {
    // Prefixes, and characters swapped in at many positions, of a variant
    // using every kind of change: each loads or fails with a diagnostic.
    let text = r#"variant "V" of first_echelon version "1"
change bog_down.tracked +1 "t" if mud
change bog_down row 6 or more becomes 7 or more => "Traverse"
change bog_down row 4,5 becomes 4-6
add bog_down.mud -2 "deep mud" after tracked
add unit_rating.militia "Militia" after raw
add discipline_rating at militia: -2 -3 -6
change discipline_rating at veteran, good_order: +3
remove discipline_rating at raw
remove bog_down.currently_bogged
remove turn_sequence
flag mud "mud"
"#;
    let replacements = ["", " ", "\"", ".", "-", "9", "x", "\n", "}", "é"];
    // Every other position: each load compiles the whole base game.
    for (n, (i, c)) in text.char_indices().enumerate().step_by(2) {
        let _ = Ruleset::from_str("v", &text[..i]);
        let with = replacements[(n / 2) % replacements.len()];
        let mutated = format!("{}{with}{}", &text[..i], &text[i + c.len_utf8()..]);
        if let Ok(rules) = Ruleset::from_str("v", &mutated) {
            if let Ok(chart) = rules.chart("bog_down") {
                let _ = chart.odds(&chart.example_choices());
            }
        }
    }
}
