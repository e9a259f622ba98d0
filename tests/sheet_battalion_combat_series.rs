//! Every chart of `rules/battalion_combat_series.rules` against the sheet
//! (Battalion Combat Series charts, v1.2). BCS rolls two dice
//! (2d6) or one die (d6) as each chart says.
use crate::common;

use chartwright::{RollErrorKind, Ruleset};
use common::{assert_rows, load, odds, outcome, roll, roll_error};

fn bcs() -> Ruleset {
    load("battalion_combat_series")
}

/// Two faces whose sum is `n` (2..=12).
fn two_dice(n: u32) -> [u32; 2] {
    assert!((2..=12).contains(&n));
    if n <= 7 {
        [1, n - 1]
    } else {
        [6, n - 6]
    }
}

/// Asserts the outcome of a 2d6 chart for each natural sum.
#[track_caller]
fn assert_2d6(r: &Ruleset, chart: &str, args: &str, expected: &[(u32, &str)]) {
    for &(sum, want) in expected {
        let got = outcome(r, chart, args, &two_dice(sum));
        assert_eq!(got, want, "{chart} {args:?} natural {sum}");
    }
}

// ---------------------------------------------------------------------------
// Engagement Table

const FLT: &str = "Firer Loss & Traffic";
const BL: &str = "Both Loss";
const TLR: &str = "Target Loss & Retreat";
const NR: &str = "No Result";
const TD: &str = "Target Drop";
const TL: &str = "Target Loss";

/// Engagement arguments: both Action Ratings are needed; those `args` leave
/// out are 0.
fn eng(args: &str) -> String {
    let mut out = args.to_string();
    for need in ["firer_ar", "target_ar"] {
        if !args.contains(&format!("{need}=")) {
            out = format!("{out} {need}=0");
        }
    }
    out
}

#[test]
fn engagement_regular_rows() {
    let r = bcs();
    assert_2d6(
        &r,
        "engagement",
        &eng("target_type=regular"),
        &[(2, FLT), (5, FLT), (6, BL), (8, BL), (9, TLR), (12, TLR)],
    );
    // firer 2 + 3 + 1 (double OBJ), target 1 + 4: net +1
    assert_2d6(
        &r,
        "engagement",
        &eng("target_type=regular firer_av=2 firer_ar=3 target_av=1 target_ar=4 double_obj_zone"),
        &[(4, FLT), (5, BL), (7, BL), (8, TLR)],
    );
    // -1 limited AV, target AR 2 subtracted: net -3
    assert_2d6(
        &r,
        "engagement",
        &eng("target_type=regular limited_av target_ar=2"),
        &[(8, FLT), (9, BL), (11, BL), (12, TLR)],
    );
}

#[test]
fn engagement_support_rows_and_footnotes() {
    let r = bcs();
    assert_2d6(
        &r,
        "engagement",
        &eng("target_type=support target_is_support"),
        &[
            (2, FLT),
            (3, FLT),
            (4, NR),
            (5, NR),
            (6, TD),
            (10, TD),
            (11, TL),
            (12, TL),
        ],
    );
    // *: No Result if Target is not Support
    assert_2d6(
        &r,
        "engagement",
        &eng("target_type=support"),
        &[(3, FLT), (4, NR), (6, NR), (10, NR), (11, TL), (12, TL)],
    );
    // **: Stand Off Support firer against a non-Support target
    assert_2d6(
        &r,
        "engagement",
        &eng("target_type=support firer_stand_off"),
        &[(12, TLR), (11, TLR), (8, NR), (3, FLT)],
    );
    assert_2d6(
        &r,
        "engagement",
        &eng("target_type=support firer_stand_off target_is_support"),
        &[(11, TL), (7, TD)],
    );
    // +2 firer AR, -1 multiple supports on a Support target: net +1
    assert_2d6(
        &r,
        "engagement",
        &eng("target_type=support target_is_support multiple_supports firer_ar=2"),
        &[(2, FLT), (3, NR), (5, TD), (9, TD), (10, TL)],
    );
    // Multiple Supports is Support ONLY: not applicable to a non-Support target
    assert_2d6(
        &r,
        "engagement",
        &eng("target_type=support multiple_supports"),
        &[(4, NR), (3, FLT)],
    );
}

#[test]
fn engagement_odds() {
    let r = bcs();
    // 2d6 >= 9: 4+3+2+1 = 10 of 36
    assert_eq!(
        odds(&r, "engagement", &eng("target_type=regular"), TLR),
        (5, 18)
    );
    // 2d6 in 6..8: 5+6+5 = 16 of 36
    assert_eq!(
        odds(&r, "engagement", &eng("target_type=regular"), BL),
        (4, 9)
    );
    let sup = "target_type=support target_is_support";
    // 2d6 in 6..10: 5+6+5+4+3 = 23 of 36
    assert_eq!(odds(&r, "engagement", &eng(sup), TD), (23, 36));
    // 2d6 >= 11: 2+1 = 3 of 36
    assert_eq!(odds(&r, "engagement", &eng(sup), TL), (1, 12));
    // 2d6 in 4..5: 3+4 = 7 of 36
    assert_eq!(odds(&r, "engagement", &eng(sup), NR), (7, 36));
}

#[test]
fn engagement_notes_and_bounds() {
    let r = bcs();
    let text = r.chart("engagement").unwrap().render();
    assert!(
        text.contains("If the Target is in Terrain, max range is 1 hex."),
        "{text}"
    );
    assert!(
        text.contains("Traffic Stopped marker placed in Firer's hex"),
        "{text}"
    );
    assert!(matches!(
        roll_error(&r, "engagement", &eng("target_type=regular firer_av=7")).kind,
        RollErrorKind::OutOfBounds { .. }
    ));
}

// ---------------------------------------------------------------------------
// Barrage Table

#[test]
fn barrage_loss_range_grid() {
    let r = bcs();
    for (situation, want) in [
        ("hard_unit", "6"),
        ("city", "5-6"),
        ("terrain_or_prepared", "4-6"),
        ("other", "3-6"),
    ] {
        let args = format!("situation={situation}");
        assert_eq!(
            outcome(&r, "barrage_loss_range", &args, &[]),
            want,
            "{args}"
        );
    }
}

#[test]
fn barrage_pool_counts_losses() {
    let r = bcs();
    let cases: [(&str, &[u32], &str); 6] = [
        ("situation=city units=4", &[5, 4, 4, 2], "1 losses"),
        ("situation=city units=2", &[6, 5], "2 losses"),
        ("situation=hard_unit units=3", &[6, 6, 5], "2 losses"),
        (
            "situation=terrain_or_prepared units=3",
            &[4, 3, 6],
            "2 losses",
        ),
        ("situation=other units=5", &[3, 2, 1, 6, 4], "3 losses"),
        ("situation=other units=1", &[2], "0 losses"),
    ];
    for (args, faces, want) in cases {
        let rolled = roll(&r, "barrage", args, faces);
        assert_eq!(rolled.outcome.to_string(), want, "{args} {faces:?}");
        let rolled_faces: Vec<u32> = rolled.dice.iter().flat_map(|d| d.faces.clone()).collect();
        assert_eq!(rolled_faces, faces.to_vec(), "one die per unit: {args}");
    }
}

#[test]
fn barrage_odds() {
    let r = bcs();
    // two dice, each a loss on 4-6 (1/2): 0, 1, 2 losses with 1/4, 1/2, 1/4
    let args = "situation=terrain_or_prepared units=2";
    assert_eq!(odds(&r, "barrage", args, "0 losses"), (1, 4));
    assert_eq!(odds(&r, "barrage", args, "1 losses"), (1, 2));
    assert_eq!(odds(&r, "barrage", args, "2 losses"), (1, 4));
    // three dice, each a loss on 6 only: all three (1/6)^3 = 1/216; none (5/6)^3 = 125/216
    assert_eq!(
        odds(&r, "barrage", "situation=hard_unit units=3", "3 losses"),
        (1, 216)
    );
    assert_eq!(
        odds(&r, "barrage", "situation=hard_unit units=3", "0 losses"),
        (125, 216)
    );
    // two dice on 3-6 (2/3 each): both (2/3)^2 = 4/9
    assert_eq!(
        odds(&r, "barrage", "situation=other units=2", "2 losses"),
        (4, 9)
    );
}

#[test]
fn barrage_units_are_bounded_and_required() {
    let r = bcs();
    assert!(matches!(
        roll_error(&r, "barrage", "situation=city units=13").kind,
        RollErrorKind::OutOfBounds { lo, hi, .. } if lo == 1.into() && hi == 12.into()
    ));
    assert!(matches!(
        roll_error(&r, "barrage", "situation=city").kind,
        RollErrorKind::MissingParam { .. }
    ));
}

// ---------------------------------------------------------------------------
// Combat Table Modifiers

#[test]
fn combat_table_modifiers_net() {
    let r = bcs();
    let cases = [
        // attacker +1 +2 +1 +2, defender (subtracted) +1 +1 +2: +2
        (
            "att_dual_or_supported suppression_mission assist off_map \
             def_dual_or_supported prepared_defense city_hex",
            "+2",
        ),
        // Assist is for Regular Attacks ONLY: not applicable to a Shock Attack
        ("shock_attack assist breakthrough_av", "+2"),
        // Shock Attack-Only modifiers do not apply to a regular attack
        ("breakthrough_av", "+0"),
        (
            "shock_attack hard_red_av att_double_obj_zone att_prep_def",
            "+1",
        ),
        ("att_msr_blocked", "-1"),
        // the defender's MSR Blocked -1 counts for the attacker
        ("def_msr_blocked", "+1"),
        ("two_units hexside_terrain red_av_open", "-4"),
        ("terrain_hex", "-1"),
    ];
    for (args, want) in cases {
        assert_eq!(
            outcome(&r, "combat_table_modifiers", args, &[]),
            want,
            "{args}"
        );
    }
    for args in [
        "terrain_hex city_hex",
        "shock_attack breakthrough_av hard_red_av",
    ] {
        assert!(
            matches!(
                roll_error(&r, "combat_table_modifiers", args).kind,
                RollErrorKind::Conflict { .. }
            ),
            "{args}"
        );
    }
}

// ---------------------------------------------------------------------------
// Combat Table

const A2: &str = "Loss? A2; Retreat? -; Traffic? -";
const A1: &str = "Loss? A1; Retreat? -; Traffic? -";
const A1_SIT: &str = "Loss? A1; Retreat? D: Situational; Traffic? Traffic";
const NO_SIT: &str = "Loss? -; Retreat? D: Situational; Traffic? Traffic";
const D1: &str = "Loss? D1; Retreat? D: Retreat; Traffic? -";
const D2: &str = "Loss? D2; Retreat? D: Retreat; Traffic? -";

#[test]
fn combat_table_rows() {
    let r = bcs();
    assert_2d6(
        &r,
        "combat",
        "attacker_ar=3 defender_ar=3",
        &[
            (2, A2),
            (4, A2),
            (5, A1),
            (6, A1),
            (7, A1_SIT),
            (8, A1_SIT),
            (9, NO_SIT),
            (10, NO_SIT),
            (11, D1),
            (12, D1),
        ],
    );
    // 4 - 2 - 1 (Prepared Defense): +1; [A1] is A1 against a Prepared Defense
    assert_2d6(
        &r,
        "combat",
        "attacker_ar=4 defender_ar=2 prepared_defense",
        &[
            (3, A2),
            (4, A1),
            (5, A1),
            (6, A1_SIT),
            (8, A1_SIT),
            (9, A1_SIT),
            (10, D1),
            (11, D1),
            (12, D2),
        ],
    );
    // 5 - 1 + 2 + 2: +8
    assert_2d6(
        &r,
        "combat",
        "attacker_ar=5 defender_ar=1 suppression_mission off_map",
        &[(2, NO_SIT), (3, D1), (4, D1), (5, D2), (12, D2)],
    );
    // shock: 2 - 4 + 1 (hard red AV) + 1 (defender MSR blocked); assist not applicable: 0
    assert_2d6(
        &r,
        "combat",
        "attacker_ar=2 defender_ar=4 shock_attack assist hard_red_av def_msr_blocked",
        &[(4, A2), (5, A1), (9, NO_SIT), (11, D1)],
    );
}

#[test]
fn combat_table_odds() {
    let r = bcs();
    // net 0: 2d6 <= 4: 1+2+3 = 6 of 36
    assert_eq!(
        odds(&r, "combat", "attacker_ar=3 defender_ar=3", A2),
        (1, 6)
    );
    // net 0: 2d6 in 11..12: 3 of 36; 13+ unreachable
    assert_eq!(
        odds(&r, "combat", "attacker_ar=3 defender_ar=3", D1),
        (1, 12)
    );
    assert_eq!(
        odds(&r, "combat", "attacker_ar=3 defender_ar=3", D2),
        (0, 1)
    );
    // net 0 without Prepared Defense: 9-10 reads no loss: 4+3 = 7 of 36
    assert_eq!(
        odds(&r, "combat", "attacker_ar=2 defender_ar=2", NO_SIT),
        (7, 36)
    );
    // net 0 with Prepared Defense (3 - 2 - 1): 7-10 all read A1: 6+5+4+3 = 18 of 36
    assert_eq!(
        odds(
            &r,
            "combat",
            "attacker_ar=3 defender_ar=2 prepared_defense",
            A1_SIT
        ),
        (1, 2)
    );
}

#[test]
fn combat_table_errors_and_notes() {
    let r = bcs();
    match roll_error(&r, "combat", "attacker_ar=3 defender_ar=3 prepared_defence").kind {
        RollErrorKind::UnknownName { suggestion, .. } => {
            assert_eq!(suggestion.as_deref(), Some("prepared_defense"));
        }
        other => panic!("expected an unknown name, got {other:?}"),
    }
    assert!(matches!(
        roll_error(
            &r,
            "combat",
            "attacker_ar=3 defender_ar=3 terrain_hex city_hex"
        )
        .kind,
        RollErrorKind::Conflict { .. }
    ));
    let text = r.chart("combat").unwrap().render();
    assert!(
        text.contains("[A1]: A1 if defender has Prepared Defense"),
        "{text}"
    );
    assert!(
        text.contains("Situational: If unit has Prepared Defense"),
        "{text}"
    );
}

// ---------------------------------------------------------------------------
// Retreats

#[test]
fn retreats_grid() {
    let r = bcs();
    for (case, want) in [
        ("no_safe_path", "-1 step per unit, NO Retreat"),
        ("situational_key", "-1 step per unit, NO Retreat"),
        ("situational_other", "Retreat 3 hexes & FLIP to Move-side"),
        (
            "automatic_leg_truck",
            "Retreat to/adjacent to HQ & FLIP to Move-side",
        ),
        ("all_other", "Retreat 3 hexes & FLIP to Move-side"),
    ] {
        let args = format!("retreat_case={case}");
        assert_eq!(outcome(&r, "retreats", &args, &[]), want, "{args}");
    }
    let text = r.chart("retreats").unwrap().render();
    assert!(text.contains("Reinforcements & Weather Phase"), "{text}");
}

// ---------------------------------------------------------------------------
// SNAFU Table

#[test]
fn snafu_rows() {
    let r = bcs();
    assert_2d6(
        &r,
        "snafu",
        "",
        &[
            (2, "Fail"),
            (3, "Partial"),
            (6, "Partial"),
            (7, "Pass"),
            (12, "Pass"),
        ],
    );
    // +1 fresh, trains legal: +1 optimal -1 ghost; "not legal" -3 does not apply: +1
    assert_2d6(
        &r,
        "snafu",
        "fresh trains_legal optimal_distance ghost_trains trains_not_legal",
        &[(2, "Partial"), (5, "Partial"), (6, "Pass")],
    );
    // trains not legal: -2 fatigue -1 coordination -2 MSR blocked -3: -8
    assert_2d6(
        &r,
        "snafu",
        "fatigue_level=2 coordination_marker msr_blocked=2 trains_not_legal",
        &[(10, "Fail"), (11, "Partial"), (12, "Partial")],
    );
    // trains legal: MSR blocked does not apply; -1 -1 -1 -1: -4
    assert_2d6(
        &r,
        "snafu",
        "trains_legal msr_blocked=2 crossing_streams msr_tracks game_specific=-1 mixed_formations",
        &[(6, "Fail"), (7, "Partial"), (10, "Partial"), (11, "Pass")],
    );
}

#[test]
fn snafu_prepared_defense_caps_at_partial() {
    let r = bcs();
    assert_2d6(
        &r,
        "snafu",
        "prepared_defense fresh",
        &[(12, "Partial"), (6, "Partial"), (2, "Partial")],
    );
    assert_2d6(
        &r,
        "snafu",
        "prepared_defense fatigue_level=1",
        &[(2, "Fail"), (3, "Fail"), (4, "Partial"), (12, "Partial")],
    );
}

#[test]
fn snafu_odds() {
    let r = bcs();
    // 2d6 >= 7: 6+5+4+3+2+1 = 21 of 36
    assert_eq!(odds(&r, "snafu", "", "Pass"), (7, 12));
    // 2d6 <= 2: 1 of 36
    assert_eq!(odds(&r, "snafu", "", "Fail"), (1, 36));
    // 2d6+1 >= 7 <=> 2d6 >= 6: 5+21 = 26 of 36
    assert_eq!(odds(&r, "snafu", "fresh", "Pass"), (13, 18));
    // Prepared Defense: never Pass; Partial on 3..12: 35 of 36
    assert_eq!(odds(&r, "snafu", "prepared_defense", "Pass"), (0, 1));
    assert_eq!(odds(&r, "snafu", "prepared_defense", "Partial"), (35, 36));
}

#[test]
fn snafu_bounds() {
    let r = bcs();
    assert!(matches!(
        roll_error(&r, "snafu", "game_specific=5").kind,
        RollErrorKind::OutOfBounds { .. }
    ));
    match roll_error(&r, "snafu", "fresh fatigue_levl=2").kind {
        RollErrorKind::UnknownName { suggestion, .. } => {
            assert_eq!(suggestion.as_deref(), Some("fatigue_level"));
        }
        other => panic!("expected an unknown name, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// SNAFU Result Effects

#[test]
fn snafu_effects_every_cell() {
    let r = bcs();
    let rows = [
        ("hq_created", ["2", "1", "0"]),
        ("recon_created", ["Yes", "Yes", "No"]),
        (
            "movement",
            ["Yes (Truck is 1/2 MA on Mud turns)", "1/2 MA", "No"],
        ),
        ("voluntary_retreat", ["Yes", "Yes", "HQ Only"]),
        ("flipping", ["Yes", "Yes", "Yes"]),
        ("combat_trains", ["Yes", "Yes", "Yes"]),
        ("artillery_barrage", ["Yes", "1/2 Arty Points *", "No"]),
        ("air_point_barrage", ["Yes", "Yes", "No"]),
        ("combat", ["Yes", "Yes", "No"]),
        ("prep_defense", ["Yes", "Yes", "Yes"]),
        ("remove_support_dropped", ["Yes", "Yes", "Yes"]),
    ];
    for (effect, cells) in rows {
        for (result, want) in ["pass", "partial", "fail"].iter().zip(cells) {
            let args = format!("snafu_effect={effect} snafu_result={result}");
            assert_eq!(outcome(&r, "snafu_effects", &args, &[]), want, "{args}");
        }
    }
    let text = r.chart("snafu_effects").unwrap().render();
    assert!(text.contains("Round down if needed."), "{text}");
}

// ---------------------------------------------------------------------------
// Fatigue Increase Table

#[test]
fn fatigue_increase_check() {
    const FI: &str = "Fatigue Increase";
    const NFI: &str = "No Fatigue Increase";
    let r = bcs();
    assert_rows(
        &r,
        "fatigue_increase",
        "fatigue_situation=combat_obj",
        &[(1, FI), (2, NFI), (6, NFI)],
    );
    assert_rows(
        &r,
        "fatigue_increase",
        "fatigue_situation=engagements",
        &[(1, FI), (2, FI), (3, NFI)],
    );
    assert_rows(
        &r,
        "fatigue_increase",
        "fatigue_situation=combat_table",
        &[(1, FI), (3, FI), (4, NFI), (6, NFI)],
    );
    // none of the situations: no roll, no increase
    let rolled = roll(&r, "fatigue_increase", "fatigue_situation=none", &[]);
    assert_eq!(rolled.outcome.to_string(), NFI);
    assert!(rolled.dice.is_empty());
    for (situation, want) in [
        ("combat_obj", "1"),
        ("engagements", "1-2"),
        ("combat_table", "1-3"),
    ] {
        let args = format!("fatigue_situation={situation}");
        assert_eq!(outcome(&r, "fatigue_range", &args, &[]), want, "{args}");
    }
}

#[test]
fn fatigue_increase_odds() {
    let r = bcs();
    // d6 in 1-3: 3 of 6
    assert_eq!(
        odds(
            &r,
            "fatigue_increase",
            "fatigue_situation=combat_table",
            "Fatigue Increase"
        ),
        (1, 2)
    );
    // d6 in 1-2: 2 of 6
    assert_eq!(
        odds(
            &r,
            "fatigue_increase",
            "fatigue_situation=engagements",
            "Fatigue Increase"
        ),
        (1, 3)
    );
    // d6 = 1: 1 of 6
    assert_eq!(
        odds(
            &r,
            "fatigue_increase",
            "fatigue_situation=combat_obj",
            "No Fatigue Increase"
        ),
        (5, 6)
    );
    assert_eq!(
        odds(
            &r,
            "fatigue_increase",
            "fatigue_situation=none",
            "No Fatigue Increase"
        ),
        (1, 1)
    );
}

// ---------------------------------------------------------------------------
// Reference text, and what is not transcribed

#[test]
fn reference_notes() {
    let r = bcs();
    let seq = r.chart("attack_sequence").unwrap();
    assert!(seq.is_notes());
    let text = seq.render();
    assert!(text.contains("1) Attacker declares an Attack"), "{text}");
    assert!(
        text.contains("7) Apply results (Losses, Retreats, Advances)"),
        "{text}"
    );
    let adv = r.chart("advance_after_combat").unwrap();
    assert!(adv.is_notes());
    assert!(adv
        .render()
        .contains("must advance into the defender's hex"));
}

#[test]
fn header_and_skipped_chart() {
    let r = bcs();
    let game = r.games().next().unwrap();
    let (name, title, version) = (game.name, game.title, game.version);
    assert_eq!(
        (name, title, version),
        ("battalion_combat_series", "Battalion Combat Series", "1.2")
    );
    // the Unit Capabilities Chart lost its cells in the scrape: not transcribed
    assert!(r.chart("unit_capabilities").is_err());
}

#[test]
fn combat_needs_the_action_ratings_never_a_silent_zero() {
    let r = bcs();
    let e = roll_error(&r, "combat", "defender_ar=2");
    match &e.kind {
        RollErrorKind::MissingParam { name, .. } => assert_eq!(name, "attacker_ar"),
        other => panic!("expected a missing param, got {other:?}"),
    }
    assert!(e.to_string().contains("`attacker_ar`"), "{e}");
}
