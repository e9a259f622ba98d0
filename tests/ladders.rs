//! Ladders: an extra modifier moves them like any other modifier (a loose
//! `+N`, an `odds --sweep` step), the trace tells the real movement when an
//! end stops it, and steps may carry the sheet's labels.

use chartwright::{Choices, Ruleset, Scripted};

const SPOTTING: &str = "concealment=none target_type=large_vehicle";

fn fe() -> Ruleset {
    Ruleset::from_file("first_echelon").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn an_extra_modifier_moves_a_ladder_and_the_trace_says_how_far() {
    let r = fe();
    let chart = r.chart("modified_spotting_distance").unwrap();
    let bound = chart.bind(&Choices::parse(SPOTTING).unwrap()).unwrap();
    let base = bound.clone().roll(&mut Scripted::new([1])).unwrap();
    assert_eq!(base.outcome.to_string(), "60");
    // +2 from 60: one step up to 80, then the top stops it.
    let moved = bound
        .with_extra_modifier(2)
        .unwrap()
        .roll(&mut Scripted::new([1]))
        .unwrap();
    assert_eq!(moved.outcome.to_string(), "80");
    let detail = moved.detail.unwrap_or_default();
    assert!(detail.contains("moved +1 of +2, stopped at 80"), "{detail}");
}

#[test]
fn a_sweep_moves_a_ladder() {
    let r = fe();
    let chart = r.chart("modified_spotting_distance").unwrap();
    let choices = Choices::parse(SPOTTING).unwrap();
    let at = |extra: i64| {
        let o = chart
            .bind(&choices)
            .unwrap()
            .with_extra_modifier(extra)
            .unwrap()
            .odds()
            .unwrap();
        o.outcomes[0].outcome.clone()
    };
    assert_eq!(
        [at(-2), at(-1), at(0), at(1)],
        ["20", "40", "60", "80"].map(String::from)
    );
}

#[test]
fn step_labels_are_shown_as_printed() {
    let text = r#"game "G" version "1"
param fp "Firepower" in 0..300
ladder column "Fire column" {
  steps 1, 2, 4, 8, 200 "50+"
  start fp
  modifiers { woods -1 "woods" }
}
"#;
    let r = Ruleset::from_str("g", text).unwrap_or_else(|e| panic!("{e}"));
    let chart = r.chart("column").unwrap();
    let roll = |args: &str| {
        chart
            .roll(&Choices::parse(args).unwrap(), &mut Scripted::new([1]))
            .unwrap()
    };
    // Steps written upwards: +1 is one step towards the first (lower).
    assert_eq!(roll("fp=60").outcome.to_string(), "8");
    assert_eq!(roll("fp=250").outcome.to_string(), "50+");
    // woods -1 moves away from the first step: from 8 to the last, 50+.
    assert_eq!(roll("fp=9 woods").outcome.to_string(), "50+");
    let shown = chart.render();
    assert!(shown.contains("50+"), "{shown}");
    assert!(shown.contains("+1 moves one step up, towards 1"), "{shown}");
}

// ---------------------------------------------------------------------------
// Ladders feeding charts: `tests/charts/visibility.rules`. The ladder
// `visibility` (steps 6, 4, 2, 1; smoke -1, flare +2) is read by `fire`
// (`columns by visibility`), `spot` (`succeed on at most visibility - 1`)
// and `range_band` (a ladder starting from `floor(visibility / 2)`).

fn visibility() -> Ruleset {
    let path = format!(
        "{}/tests/charts/visibility.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[track_caller]
fn fraction(r: &Ruleset, chart: &str, args: &str, outcome: &str) -> String {
    let o = r
        .chart(chart)
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{chart} {args}: {e}"));
    o.probability(outcome).to_string()
}

#[test]
fn a_ladder_step_picks_the_column_of_another_chart() {
    let r = visibility();
    // base 4, smoke: step 4 moved -1 (towards the last step) is 2, so the
    // `2` column: NE on 1-2 (1/3), H on 3-5 (1/2), K on 6 (1/6).
    assert_eq!(fraction(&r, "fire", "base=4 smoke", "NE"), "1/3");
    assert_eq!(fraction(&r, "fire", "base=4 smoke", "H"), "1/2");
    assert_eq!(fraction(&r, "fire", "base=4 smoke", "K"), "1/6");
    // base 5 snaps to 4; the flare's +2 moves one step to 6, the top: the
    // `6` column, H on 1-3 (1/2), K on 4-6 (1/2), no NE.
    assert_eq!(fraction(&r, "fire", "base=5 flare", "H"), "1/2");
    assert_eq!(fraction(&r, "fire", "base=5 flare", "K"), "1/2");
    assert_eq!(fraction(&r, "fire", "base=5 flare", "NE"), "0");
    // base 1 with smoke stays at 1, the last step: the `1` column, NE 1/2.
    assert_eq!(fraction(&r, "fire", "base=1 smoke", "NE"), "1/2");
}

#[test]
fn the_trace_shows_the_ladder_step_and_how_it_was_reached() {
    let r = visibility();
    let roll = r
        .chart("fire")
        .unwrap()
        .roll(
            &Choices::parse("base=5 flare").unwrap(),
            &mut Scripted::new([4]),
        )
        .unwrap();
    assert_eq!(roll.outcome.to_string(), "K");
    let detail = roll.detail.unwrap_or_default();
    assert!(
        detail.starts_with(
            "ladder `visibility`: start 5 -> step 4, moved +1 of +2, stopped at 6 = 6; \
             value 6: column `6`"
        ),
        "{detail}"
    );
}

#[test]
fn a_ladder_step_is_read_in_an_expression() {
    let r = visibility();
    // base 6: step 6, target "at most 6 - 1": 5 of 6 faces succeed.
    assert_eq!(fraction(&r, "spot", "base=6", "Success"), "5/6");
    // base 6 with smoke: step 4, "at most 3": 1/2.
    assert_eq!(fraction(&r, "spot", "base=6 smoke", "Success"), "1/2");
    // A ladder starting from a ladder: base 6 smoke is step 4, floor(4 / 2)
    // = 2 is "medium"; the scope's +1 moves it to "long".
    assert_eq!(fraction(&r, "range_band", "base=6 smoke", "medium"), "1");
    assert_eq!(
        fraction(&r, "range_band", "base=6 smoke scope", "long"),
        "1"
    );
}

#[test]
fn a_chart_reading_a_ladder_takes_the_ladder_inputs() {
    let r = visibility();
    let names: Vec<String> = r
        .chart("fire")
        .unwrap()
        .inputs()
        .into_iter()
        .map(|i| i.name)
        .collect();
    assert_eq!(names, ["base", "smoke", "flare"]);
    // Without `base` the ladder cannot start: the error says so.
    let err = r.chart("fire").unwrap().odds(&Choices::none()).unwrap_err();
    assert!(err.to_string().contains("`base`"), "{err}");
}

/// A check whose target reads a ladder says how the ladder moved, in the
/// trace and in the printed roll (where the target line used to hide it).
#[test]
fn a_check_reading_a_ladder_shows_the_ladder_in_its_trace() {
    let r = visibility();
    let roll = r
        .chart("spot")
        .unwrap()
        .roll(
            &Choices::parse("base=6 smoke").unwrap(),
            &mut Scripted::new([3]),
        )
        .unwrap();
    // Step 6 moved -1 is 4; at most 4 - 1 = 3: a 3 succeeds.
    assert_eq!(roll.outcome.to_string(), "Success");
    assert_eq!(roll.target.as_deref(), Some("3 or less"));
    assert_eq!(roll.met_target, Some(true));
    assert_eq!(
        roll.detail.as_deref(),
        Some("ladder `visibility`: start 6 -> step 6, moved -1 = 4")
    );
}

/// A fire-value ladder as a WW2 sheet prints it, down to fractions of a
/// point: decimal steps, a decimal start (halved firepower) snapped to the
/// step below it, the trace and the column in the sheet's numbers.
const FRACTIONS: &str = r#"
game "Fractions" version "1"
ladder fire_column "Fire column" {
  param fp "firepower" in 0..100
  flag halved "firepower halved"
  modifiers { cover -1 "target in cover" }
  steps 50 "50+", 36, 24, 16, 12, 8, 6, 4, 2, 1, 0.5, 0.25
  start (fp / 2 if halved else fp)
}
table fire "Fire" {
  roll d6
  columns by fire_column: 0.25 0.5 1 2 4 6 8 12 16 24 36 50+
  rows {
    [ 6 or more | 6 or more | 5 or more | 5 or more | 4 or more | 4 or more | 3 or more | 3 or more | 2 or more | 2 or more | 1 or more | 1 or more ] => "Hit"
    [ 5 or less | 5 or less | 4 or less | 4 or less | 3 or less | 3 or less | 2 or less | 2 or less | 1 or less | 1 or less | 0 or less | 0 or less ] => "Miss"
  }
}
"#;

#[test]
fn decimal_steps_and_a_decimal_start() {
    let r = Ruleset::from_str("fractions", FRACTIONS).unwrap_or_else(|e| panic!("{e:?}"));
    let ladder = r.chart("fire_column").unwrap();
    let roll = |args: &str| {
        ladder
            .roll(&Choices::parse(args).unwrap(), &mut Scripted::new([1]))
            .unwrap()
    };
    // 1.5 halved is 0.75: on the 0.5 step.
    let half = roll("fp=1.5 halved");
    assert_eq!(half.outcome.to_string(), "0.5");
    assert_eq!(
        half.detail.as_deref(),
        Some("start 0.75 -> step 0.5, moved +0")
    );
    // 0.25 halved is 0.125, under the lowest step: it reads the lowest.
    assert_eq!(roll("fp=0.25 halved").outcome.to_string(), "0.25");
    // Cover moves one step down, from 1 to 0.5; at the top, the label.
    assert_eq!(roll("fp=1 cover").outcome.to_string(), "0.5");
    assert_eq!(roll("fp=60").outcome.to_string(), "50+");
    // The table reads the column the ladder reached: at 0.5, Hit on a 6.
    let fire = r.chart("fire").unwrap();
    let odds = fire.odds(&Choices::parse("fp=1 cover").unwrap()).unwrap();
    assert_eq!(odds.probability("Hit").fraction(), "1/6");
    let odds = fire.odds(&Choices::parse("fp=3").unwrap()).unwrap();
    // 3 snaps to the 2 step: Hit on 5-6.
    assert_eq!(odds.probability("Hit").fraction(), "1/3");
}

// ---------------------------------------------------------------------------
// A ladder's `one of` group through the chart that reads it:
// `tests/charts/ladder_one_of.rules`. The ladder `fire_column` (steps 16, 8,
// 4, 2, 1; `one of "Target" { target_ti +1, target_tc -1 }`, flanking +1)
// is read by `fire` (`columns by fire_column`).

fn ladder_one_of() -> Ruleset {
    let path = format!(
        "{}/tests/charts/ladder_one_of.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Both members of the ladder's group, named to the chart that reads it,
/// are refused as they are when the ladder is rolled: same code, same
/// message, pointing at both arguments; binding, the sampler and the exact
/// engine all refuse, and the help names the group and the ladder.
#[test]
fn a_ladder_one_of_group_holds_through_the_chart_that_reads_it() {
    use chartwright::RollErrorKind;
    use miette::Diagnostic;
    let r = ladder_one_of();
    let choices = Choices::parse("fp=4 target_ti target_tc").unwrap();
    let ladder = r.chart("fire_column").unwrap();
    let direct = ladder
        .roll(&choices, &mut Scripted::new([1]))
        .expect_err("the ladder refuses both members");
    let fire = r.chart("fire").unwrap();
    let bound = fire
        .bind(&choices)
        .expect_err("binding refuses both members");
    let rolled = fire
        .roll(&choices, &mut Scripted::new([1]))
        .expect_err("the sampler refuses both members");
    let odds = fire
        .odds(&choices)
        .expect_err("the exact engine refuses both members");
    assert_eq!(rolled, bound);
    assert_eq!(odds, bound);
    assert_eq!(
        bound.code().map(|c| c.to_string()),
        direct.code().map(|c| c.to_string())
    );
    assert_eq!(bound.to_string(), direct.to_string());
    assert_eq!(bound.span, direct.span);
    let RollErrorKind::Conflict {
        group,
        first,
        second,
        via,
        ..
    } = &bound.kind
    else {
        panic!("not a conflict: {bound:?}");
    };
    assert_eq!(
        (group.as_str(), first.as_str(), second.as_str()),
        ("Target", "target_ti", "target_tc")
    );
    assert_eq!(
        via,
        &Some(Box::new(chartwright::ConflictVia::Ladder(
            "fire_column".into()
        )))
    );
    let help = bound.help().map(|h| h.to_string()).unwrap_or_default();
    assert!(
        help.contains("(Target)") && help.contains("`fire_column`"),
        "{help}"
    );
}

/// One member of the group (or none) still reads the ladder, and the
/// sampler and the exact engine agree on every face.
#[test]
fn one_member_of_a_ladder_group_moves_the_column_in_both_engines() {
    let r = ladder_one_of();
    let fire = r.chart("fire").unwrap();
    for (args, column) in [
        ("fp=4", ["NE", "NE", "H", "H", "K", "K"]),
        // In the open: one step up, to 8.
        ("fp=4 target_ti", ["NE", "H", "H", "K", "K", "K"]),
        // In cover: one step down, to 2.
        ("fp=4 target_tc", ["NE", "NE", "NE", "H", "H", "K"]),
        // In cover and flanking: back at 4.
        ("fp=4 target_tc flanking", ["NE", "NE", "H", "H", "K", "K"]),
    ] {
        let choices = Choices::parse(args).unwrap();
        let odds = fire
            .odds(&choices)
            .unwrap_or_else(|e| panic!("{args}: {e}"));
        for (face, want) in (1..=6).zip(column) {
            let roll = fire
                .roll(&choices, &mut Scripted::new([face]))
                .unwrap_or_else(|e| panic!("{args}: {e}"));
            assert_eq!(roll.outcome.to_string(), want, "{args}, natural {face}");
        }
        for outcome in ["NE", "H", "K"] {
            let faces = column.iter().filter(|&&c| c == outcome).count();
            let want = num_rational::Ratio::new(faces, 6).to_string();
            assert_eq!(
                odds.probability(outcome).to_string(),
                want,
                "{args}: {outcome}"
            );
        }
    }
}

/// The chart that reads a ladder lists the ladder's modifiers named, as
/// the ladder's own roll lists them, and the step they moved it to; they
/// moved the ladder, not the total.
#[test]
fn the_trace_of_a_chart_reading_a_ladder_lists_the_ladder_modifiers() {
    let r = ladder_one_of();
    let choices = Choices::parse("fp=4 target_tc flanking").unwrap();
    let own = r
        .chart("fire_column")
        .unwrap()
        .roll(&choices, &mut Scripted::new([1]))
        .unwrap();
    let roll = r
        .chart("fire")
        .unwrap()
        .roll(&choices, &mut Scripted::new([3]))
        .unwrap();
    assert!(roll.modifiers.is_empty(), "{:?}", roll.modifiers);
    assert_eq!(roll.total, Some(3));
    let [ladder] = &roll.ladders[..] else {
        panic!("one ladder read: {:?}", roll.ladders);
    };
    assert_eq!(ladder.name, "fire_column");
    assert_eq!(ladder.title, "Fire column");
    assert_eq!(ladder.modifiers, own.modifiers.to_vec());
    let named: Vec<(&str, i64)> = ladder
        .modifiers
        .iter()
        .map(|m| (m.name.as_str(), m.value))
        .collect();
    assert_eq!(named, [("target_tc", -1), ("flanking", 1)]);
    assert_eq!(ladder.step, "4");
    assert_eq!(Some(ladder.moves.as_str()), own.detail.as_deref());
    let text = roll.to_string();
    assert!(
        text.contains(
            "  total    3\n  \
             -1     target in cover (ladder `fire_column`) [target_tc]\n  \
             +1     flanking fire (ladder `fire_column`) [flanking]\n  \
             ladder `fire_column`: start 4 -> step 4, moved +0 = 4; value 4: column `4`\n"
        ),
        "{text}"
    );
}

/// A ladder read through another ladder: the chart lists both, the inner
/// one first, each with its own modifiers; a ladder's own trace lists the
/// ladder it reads.
#[test]
fn a_ladder_read_through_a_ladder_is_listed_with_its_modifiers() {
    let text = r#"game "G" version "1"
ladder visibility "Visibility" {
  steps 6, 4, 2, 1
  param base "base visibility" in 1..6
  start base
  modifiers { smoke -1 "smoke in the hex" }
}
ladder range_band "Range band" {
  steps 3 "long", 2 "medium", 1 "short"
  start floor(visibility / 2)
  modifiers { scope +1 "scope" }
}
table fire "Fire" {
  roll d6
  columns by range_band: 1 2 3
  rows {
    [ 4 or more | 3 or more | 2 or more ] => "Hit"
    [ 3 or less | 2 or less | 1 or less ] => "Miss"
  }
}
"#;
    let r = Ruleset::from_str("g", text).unwrap_or_else(|e| panic!("{e}"));
    let choices = Choices::parse("base=6 smoke scope").unwrap();
    let listed = |chart: &str| {
        let roll = r
            .chart(chart)
            .unwrap()
            .roll(&choices, &mut Scripted::new([1]))
            .unwrap_or_else(|e| panic!("{chart}: {e}"));
        roll.ladders
            .iter()
            .map(|l| {
                let modifiers: Vec<String> = l.modifiers.iter().map(|m| m.name.clone()).collect();
                (l.name.clone(), modifiers, l.step.clone())
            })
            .collect::<Vec<_>>()
    };
    let s = |v: &[&str]| v.iter().map(|x| (*x).to_string()).collect::<Vec<_>>();
    // base 6 with smoke is step 4; floor(4 / 2) = 2 is medium, the scope
    // moves it to long.
    let visibility = ("visibility".to_string(), s(&["smoke"]), "4".to_string());
    let range = ("range_band".to_string(), s(&["scope"]), "long".to_string());
    assert_eq!(listed("range_band"), std::slice::from_ref(&visibility));
    assert_eq!(listed("fire"), [visibility, range]);
}

/// A chart may name the inputs of a ladder it reads in its own conditions:
/// `assault` reads `fire_column` in its target (`at least 6 -
/// floor(fire_column / 4)`) and names the ladder's `target_tc`, `flanking`
/// and `artillery` (a `+r` in a `one of` group: 0 where not given, as in
/// the ladder).
#[test]
fn a_chart_names_the_inputs_of_a_ladder_it_reads() {
    let r = ladder_one_of();
    for (args, outcome, odds) in [
        // Step 4: at least 5.
        ("fp=4", "Taken", "1/3"),
        ("fp=4 close", "Taken", "1/2"),
        // In cover: `close` does not apply, and the ladder falls to 2: at
        // least 6.
        ("fp=4 close target_tc", "Taken", "1/6"),
        // Flanking: step 8, at least 4, and the success reads `flanking`.
        ("fp=4 flanking", "Overrun", "1/2"),
        ("fp=4 artillery=2", "Overrun", "5/6"),
        ("fp=4 artillery=1", "Taken", "1/2"),
        ("fp=4 air", "Taken", "5/6"),
    ] {
        assert_eq!(fraction(&r, "assault", args, outcome), odds, "{args}");
    }
    // `artillery` is the ladder's modifier: not needed, as in the ladder.
    let assault = r.chart("assault").unwrap();
    let inputs: Vec<String> = assault.inputs().into_iter().map(|i| i.name).collect();
    for name in ["fp", "target_tc", "flanking", "artillery", "close"] {
        assert!(inputs.iter().any(|i| i == name), "{name}: {inputs:?}");
    }
    assert!(assault.odds(&assault.example_choices()).is_ok());
    // One input: `not applicable` is said once, in `assault`'s own trace.
    let roll = assault
        .roll(
            &Choices::parse("fp=4 close target_tc").unwrap(),
            &mut Scripted::new([6]),
        )
        .unwrap();
    assert_eq!(roll.modifiers[0].note.as_deref(), Some("not applicable"));
    assert_eq!(roll.ladders[0].modifiers[0].name, "target_tc");
}

/// Naming an input of a ladder the chart does not read is refused, with
/// how to name it there.
#[test]
fn naming_an_input_of_a_ladder_not_read_is_refused() {
    let text = r#"game "G" version "1"
ladder column "Column" {
  steps 1, 2, 3
  param fp "firepower" in 1..3
  start fp
  modifiers { flanking +1 "flanking" }
}
table morale "Morale" {
  roll d6
  rows {
    4 or more => "Steady" if flanking else "Wavering"
    3 or less => "Routed"
  }
}
"#;
    let errors = Ruleset::from_str("g", text).expect_err("morale reads no ladder");
    let [e] = &errors.errors[..] else {
        panic!("one error: {errors}");
    };
    let shown = e.to_string();
    assert!(
        shown.contains(
            "`flanking` is an input of the ladder `column`, which this chart does not read"
        ),
        "{shown}"
    );
}

/// A ladder may name the inputs of a ladder it reads, wherever the two are
/// written in the file: the ladder read compiles first.
#[test]
fn a_ladder_names_the_inputs_of_a_ladder_it_reads_written_after_it() {
    let text = r#"game "G" version "1"
ladder range_band "Range band" {
  steps 3 "long", 2 "medium", 1 "short"
  start floor(visibility / 2)
  at most 1 if smoke
}
ladder visibility "Visibility" {
  steps 6, 4, 2, 1
  param base "base visibility" in 1..6
  start base
  modifiers { smoke -1 "smoke in the hex" }
}
"#;
    let r = Ruleset::from_str("g", text).unwrap_or_else(|e| panic!("{e}"));
    let band = r.chart("range_band").unwrap();
    let roll = |args: &str| {
        band.roll(&Choices::parse(args).unwrap(), &mut Scripted::new([1]))
            .unwrap_or_else(|e| panic!("{args}: {e}"))
            .outcome
            .to_string()
    };
    assert_eq!(roll("base=6"), "long");
    // Smoke: visibility 4, floor(4 / 2) = 2 is medium, capped at short.
    assert_eq!(roll("base=6 smoke"), "short");
}
