//! Command Decision: Test of Battle reference card (`rules/command_decision.rules`)
//! checked chart by chart against the published reference card.
//! Every chart rolls one d10.

use crate::common;

use chartwright::{RollErrorKind, Ruleset};
use common::{assert_rows, load, odds, outcome, roll, roll_error};

fn rules() -> Ruleset {
    load("command_decision")
}

const RESPONDS: &str = "Responds: place new IDF templates & smoke markers";
const NO_RESPONSE: &str = "No response";
const IDF_HIT: &str = "Hit: consult the Hit Results Chart";
const DF_HIT: &str = "Hit: roll on the Hit Results Chart for each hit";
const MISS: &str = "Miss";
const NE: &str = "No Effect";
const FB: &str = "Forced Back";
const EL: &str = "Eliminated";
const PASSES: &str = "Passes";
const PINNED: &str = "Pinned (no op/prep fire or move toward enemy)";
const SHAKEN: &str = "Forced Back, Shaken (as pinned)";
const DEMORALIZED: &str = "Forced Back, Demoralized (as pinned, no fire)";
const SURRENDERS: &str = "Eliminated or Surrenders";

/// Expected outcome of a roll-low check for every natural face 1-10.
fn low_rows<'a>(last_success: u32, yes: &'a str, no: &'a str) -> Vec<(u32, &'a str)> {
    (1..=10)
        .map(|n| (n, if n <= last_success { yes } else { no }))
        .collect()
}

// ---------------------------------------------------------------------------
// Header and sequence of play

#[test]
fn header_names_game_and_card_revision() {
    let r = rules();
    let game = r
        .games()
        .find(|g| g.name == "command_decision")
        .expect("game loaded");
    let (title, version) = (game.title, game.version);
    assert_eq!(title, "Command Decision: Test of Battle");
    assert_eq!(version, "2009-10-27");
}

#[test]
fn sequence_of_play_is_notes() {
    let r = rules();
    let chart = r.chart("sequence_of_play").unwrap();
    assert!(chart.is_notes());
    assert_eq!(
        chart.title(),
        "Sequence of Play (5 Phases & Lettered Subphases)"
    );
}

// ---------------------------------------------------------------------------
// Artillery Response: organic 1-5, supporting 1-3, H&I 1-3

#[test]
fn artillery_response_rows_by_firing_stand() {
    let r = rules();
    assert_rows(
        &r,
        "artillery_response",
        "organic",
        &low_rows(5, RESPONDS, NO_RESPONSE),
    );
    assert_rows(
        &r,
        "artillery_response",
        "supporting",
        &low_rows(3, RESPONDS, NO_RESPONSE),
    );
    assert_rows(
        &r,
        "artillery_response",
        "harassing",
        &low_rows(3, RESPONDS, NO_RESPONSE),
    );
}

#[test]
fn artillery_response_modifiers_move_the_target() {
    let r = rules();
    // Dedicated Battery +2: organic succeeds on 1-7.
    assert_rows(
        &r,
        "artillery_response",
        "organic dedicated_battery",
        &low_rows(7, RESPONDS, NO_RESPONSE),
    );
    // Elite/Veteran +1: supporting on 1-4.
    assert_rows(
        &r,
        "artillery_response",
        "supporting elite_veteran",
        &low_rows(4, RESPONDS, NO_RESPONSE),
    );
    // Trained/Green -1, Suppressed -2: organic on 1-2.
    assert_rows(
        &r,
        "artillery_response",
        "organic trained_green suppressed",
        &low_rows(2, RESPONDS, NO_RESPONSE),
    );
}

#[test]
fn artillery_response_quality_is_one_of() {
    let r = rules();
    let e = roll_error(
        &r,
        "artillery_response",
        "organic elite_veteran trained_green",
    );
    assert!(matches!(e.kind, RollErrorKind::Conflict { .. }), "{e}");
    let e = roll_error(&r, "artillery_response", "");
    assert!(matches!(e.kind, RollErrorKind::MissingChoice { .. }), "{e}");
}

#[test]
fn artillery_response_target_grid() {
    let r = rules();
    assert_eq!(
        outcome(&r, "artillery_response_target", "organic", &[]),
        "5"
    );
    assert_eq!(
        outcome(&r, "artillery_response_target", "supporting", &[]),
        "3"
    );
    assert_eq!(
        outcome(&r, "artillery_response_target", "harassing", &[]),
        "3"
    );
}

#[test]
fn artillery_response_odds() {
    let r = rules();
    // d10 <= 5: natural 1-5 -> 5/10 = 1/2
    assert_eq!(odds(&r, "artillery_response", "organic", RESPONDS), (1, 2));
    // d10 <= 3+2+1 = 6: natural 1-6 -> 6/10 = 3/5
    assert_eq!(
        odds(
            &r,
            "artillery_response",
            "supporting dedicated_battery elite_veteran",
            RESPONDS
        ),
        (3, 5)
    );
    // H&I d10 <= 3: natural 1-3 -> 3/10; fails 7/10
    assert_eq!(
        odds(&r, "artillery_response", "harassing", NO_RESPONSE),
        (7, 10)
    );
    // d10 <= 5-1-2 = 2: natural 1,2 -> 1/5
    assert_eq!(
        odds(
            &r,
            "artillery_response",
            "organic trained_green suppressed",
            RESPONDS
        ),
        (1, 5)
    );
}

// ---------------------------------------------------------------------------
// Indirect Fire To-Hit Modifiers and the IDF to-hit roll

#[test]
fn indirect_fire_modifier_set() {
    let r = rules();
    let net = |args: &str| outcome(&r, "indirect_fire_modifiers", args, &[]);
    assert_eq!(net(""), "+0");
    assert_eq!(net("idf_medium_cover"), "-2");
    assert_eq!(net("idf_hard_cover"), "-3");
    assert_eq!(net("idf_fortifications"), "-5");
    assert_eq!(net("idf_pinned"), "-2");
    assert_eq!(net("idf_vs_weak_afv"), "+1");
    assert_eq!(net("idf_vs_afv=4"), "-4");
    // A weak AFV is also an AFV: +1 and -weight together.
    assert_eq!(net("idf_vs_weak_afv idf_vs_afv=2 idf_pinned"), "-3");
    let e = roll_error(
        &r,
        "indirect_fire_modifiers",
        "idf_medium_cover idf_hard_cover",
    );
    assert!(matches!(e.kind, RollErrorKind::Conflict { .. }), "{e}");
}

#[test]
fn indirect_fire_to_hit_rows() {
    let r = rules();
    assert_rows(
        &r,
        "indirect_fire_to_hit",
        "idf_to_hit=6",
        &low_rows(6, IDF_HIT, MISS),
    );
    // 6 - 3 hard cover: 1-3.
    assert_rows(
        &r,
        "indirect_fire_to_hit",
        "idf_to_hit=6 idf_hard_cover",
        &low_rows(3, IDF_HIT, MISS),
    );
    // 4 + 1 weak AFV - 2 weight: 1-3.
    assert_rows(
        &r,
        "indirect_fire_to_hit",
        "idf_to_hit=4 idf_vs_weak_afv idf_vs_afv=2",
        &low_rows(3, IDF_HIT, MISS),
    );
}

#[test]
fn indirect_fire_to_hit_odds() {
    let r = rules();
    // d10 <= 7-5+1 = 3: natural 1-3 -> 3/10
    assert_eq!(
        odds(
            &r,
            "indirect_fire_to_hit",
            "idf_to_hit=7 idf_fortifications idf_vs_weak_afv",
            IDF_HIT
        ),
        (3, 10)
    );
    // d10 <= 9-2-2 = 5: natural 1-5 -> 1/2
    assert_eq!(
        odds(
            &r,
            "indirect_fire_to_hit",
            "idf_to_hit=9 idf_vs_afv=2 idf_pinned",
            IDF_HIT
        ),
        (1, 2)
    );
}

// ---------------------------------------------------------------------------
// Orders Summary

#[test]
fn orders_summary_grid() {
    let r = rules();
    let expected: &[(&str, [&str; 3])] = &[
        ("cautious_advance", ["≤1x", "No", "Yes"]),
        ("hasty_advance", ["1x - 2x", "No", "Yes (-2)"]),
        ("disengage", ["1x-2x^", "No", "Yes(-2)*"]),
        ("hold", ["None", "Yes", "Yes"]),
        ("take_command", ["None", "No", "Yes(-2)*"]),
        ("rally_regroup", ["None", "No", "Yes(-2)*"]),
    ];
    for (order, cells) in expected {
        for (column, want) in ["movement", "prep_op_fire", "general_fire"]
            .iter()
            .zip(cells)
        {
            let args = format!("order={order} order_column={column}");
            assert_eq!(outcome(&r, "orders_summary", &args, &[]), *want, "{args}");
        }
    }
}

// ---------------------------------------------------------------------------
// Terrain Movement Effects

#[test]
fn terrain_movement_grid() {
    let r = rules();
    let p = "Prohibited";
    let expected: &[(&str, [&str; 3])] = &[
        ("woods", ["x1", "x2", "x4"]),
        ("bua", ["x2", "x2", "x4"]),
        ("forest", ["x2", p, p]),
        ("cliff", [p, p, p]),
        ("creek", ["x2", "x2", "x2*"]),
        ("river", ["x2*", "x2*", "x2*"]),
    ];
    for (terrain, cells) in expected {
        for (mover, want) in ["personnel", "tracked", "wheeled"].iter().zip(cells) {
            let args = format!("terrain={terrain} mover={mover}");
            assert_eq!(outcome(&r, "terrain_movement", &args, &[]), *want, "{args}");
        }
    }
}

// ---------------------------------------------------------------------------
// Spotting and Terrain Visibility

#[test]
fn spotting_grid() {
    let r = rules();
    let expected: &[(&str, [&str; 2])] = &[
        ("concealed_stationary", ["2\" (@ Contact Veh.)", "12\""]),
        ("open_or_moving_concealed", ["12\"", "24\""]),
        ("firing_concealed", ["24\"", "36\""]),
        ("moving_firing_concealed", ["36\"", "@ 60\"+"]),
        ("moving_or_firing_open", ["@ 60\"+", "@ 60\"+"]),
    ];
    for (situation, cells) in expected {
        for (stand, want) in ["personnel_gun", "vehicle_stand"].iter().zip(cells) {
            let args = format!("situation={situation} hidden_stand={stand}");
            assert_eq!(outcome(&r, "spotting", &args, &[]), *want, "{args}");
        }
    }
}

#[test]
fn terrain_visibility_grid() {
    let r = rules();
    let look = |args: &str| outcome(&r, "terrain_visibility", args, &[]);
    assert_eq!(look("dense within"), "2\"");
    assert_eq!(look("dense in_out_through"), "Edge*");
    assert_eq!(look("open_blocking within"), "Line of Sight");
    assert_eq!(look("open_blocking in_out_through"), "Half Distance");
}

// ---------------------------------------------------------------------------
// Direct Fire, Rate of Fire Modifiers

#[test]
fn rof_modifier_set() {
    let r = rules();
    let net = |args: &str| outcome(&r, "rof_modifiers", args, &[]);
    assert_eq!(net("rof_elite"), "+1");
    assert_eq!(net("op_fire"), "+1");
    assert_eq!(net("human_wave"), "+1");
    assert_eq!(net("passenger"), "-1");
    assert_eq!(net("multiple_targets"), "-1");
    assert_eq!(net("rof_elite op_fire human_wave"), "+3");
    assert_eq!(net("rof_elite passenger multiple_targets"), "-1");
    // "# = unless in contact"
    assert_eq!(net("multiple_targets in_contact"), "+0");
    // "*No +1 Op. Fire bonus" for passengers.
    let e = roll_error(&r, "rof_modifiers", "op_fire passenger");
    assert!(matches!(e.kind, RollErrorKind::Conflict { .. }), "{e}");
}

// ---------------------------------------------------------------------------
// Direct Fire To-Hit Modifiers and the to-hit roll

#[test]
fn direct_fire_modifier_set() {
    let r = rules();
    let net = |args: &str| outcome(&r, "direct_fire_modifiers", args, &[]);
    assert_eq!(net("patrol"), "-1");
    assert_eq!(net("pinned_pers"), "-1");
    assert_eq!(net("light_cover"), "-1");
    assert_eq!(net("hull_down_or_bua"), "-2");
    assert_eq!(net("medium_cover"), "-2");
    assert_eq!(net("hard_cover"), "-3");
    assert_eq!(net("fortification"), "-5");
    assert_eq!(net("h_vs_weak_afv"), "+1");
    assert_eq!(net("veteran_elite"), "+1");
    assert_eq!(net("trained_green"), "-1");
    assert_eq!(net("suppressed"), "-2");
    assert_eq!(net("hasty_advance"), "-2");
    assert_eq!(net("pinned"), "-2");
    assert_eq!(net("a_vs_strong_afv"), "-2");
    assert_eq!(net("w_vs_weak_afv"), "-3");
    assert_eq!(net("h_vs_afv=3"), "-3");
    assert_eq!(net("veteran_elite suppressed hard_cover"), "-4");
    // *HE (H & W) ignores the starred target modifiers, not Medium/Hard/Fort.
    assert_eq!(
        net("he_fire patrol pinned_pers light_cover hull_down_or_bua"),
        "+0"
    );
    assert_eq!(net("he_fire medium_cover"), "-2");
    // + Close Assault & Flame ignore every target modifier, not the firer's.
    assert_eq!(
        net("close_assault_or_flame fortification patrol pinned"),
        "-2"
    );
    for pair in [
        "light_cover hard_cover",
        "veteran_elite trained_green",
        "h_vs_weak_afv w_vs_weak_afv",
    ] {
        let e = roll_error(&r, "direct_fire_modifiers", pair);
        assert!(
            matches!(e.kind, RollErrorKind::Conflict { .. }),
            "{pair}: {e}"
        );
    }
}

#[test]
fn direct_fire_to_hit_rows() {
    let r = rules();
    assert_rows(
        &r,
        "direct_fire_to_hit",
        "to_hit=5 caliber=7",
        &low_rows(5, DF_HIT, MISS),
    );
    // 7 - 3 hard cover + 1 veteran: 1-5.
    assert_rows(
        &r,
        "direct_fire_to_hit",
        "to_hit=7 caliber=7 hard_cover veteran_elite",
        &low_rows(5, DF_HIT, MISS),
    );
    // HE ignores light cover: 4 stays 4; without HE: 3.
    assert_rows(
        &r,
        "direct_fire_to_hit",
        "to_hit=4 caliber=75 light_cover he_fire",
        &low_rows(4, DF_HIT, MISS)[1..],
    );
    assert_rows(
        &r,
        "direct_fire_to_hit",
        "to_hit=4 caliber=7 light_cover",
        &low_rows(3, DF_HIT, MISS),
    );
}

#[test]
fn direct_fire_natural_one_calls_for_ammo_depletion_at_20mm() {
    let r = rules();
    // Under 20mm: a plain hit, no follow-up.
    let small = roll(&r, "direct_fire_to_hit", "to_hit=5 caliber=19", &[1]);
    assert_eq!(small.outcome.to_string(), DF_HIT);
    assert!(small.follow_ups.is_empty());
    // 75mm: the depletion roll follows, caliber carried: 1-7 depletes.
    let depleted = roll(&r, "direct_fire_to_hit", "to_hit=5 caliber=75", &[1, 7]);
    assert_eq!(
        depleted.outcome.to_string(),
        format!("{DF_HIT}; also Ammo depletion roll")
    );
    assert_eq!(depleted.follow_ups.len(), 1);
    assert_eq!(
        depleted.follow_ups[0].chart,
        "command_decision.ammo_depletion"
    );
    assert_eq!(depleted.follow_ups[0].outcome.to_string(), "Ammo depleted");
    let ok = roll(&r, "direct_fire_to_hit", "to_hit=5 caliber=75", &[1, 8]);
    assert_eq!(ok.follow_ups[0].outcome.to_string(), "Ammo OK");
    // 20mm exactly: depletes on 1-2; a tank carries its -1 into the target:
    // 1 or less.
    let twenty = roll(&r, "direct_fire_to_hit", "to_hit=5 caliber=20", &[1, 2]);
    assert_eq!(twenty.follow_ups[0].outcome.to_string(), "Ammo depleted");
    let tank = roll(
        &r,
        "direct_fire_to_hit",
        "to_hit=5 caliber=20 tank",
        &[1, 2],
    );
    assert_eq!(tank.follow_ups[0].outcome.to_string(), "Ammo OK");
    let tank = roll(
        &r,
        "direct_fire_to_hit",
        "to_hit=5 caliber=20 tank",
        &[1, 1],
    );
    assert_eq!(tank.follow_ups[0].outcome.to_string(), "Ammo depleted");
    // Natural 1 with a to-hit pushed to 0 still only adds the note to a miss.
    let miss = roll(
        &r,
        "direct_fire_to_hit",
        "to_hit=1 caliber=75 fortification",
        &[1, 9],
    );
    assert_eq!(
        miss.outcome.to_string(),
        format!("{MISS}; also Ammo depletion roll")
    );
    assert_eq!(miss.follow_ups[0].outcome.to_string(), "Ammo OK");
}

#[test]
fn direct_fire_to_hit_odds() {
    let r = rules();
    let args = "to_hit=5 caliber=75 medium_cover veteran_elite tank";
    // d10 <= 5-2+1 = 4. Natural 2,3,4 plain hits -> 3/10.
    assert_eq!(odds(&r, "direct_fire_to_hit", args, DF_HIT), (3, 10));
    // Natural 1 (1/10) then depletion d10 <= 7-1: natural 1-6 (6/10) -> 6/100 = 3/50
    let depl = format!("{DF_HIT}; also Ammo depletion roll -> Ammo depleted");
    assert_eq!(odds(&r, "direct_fire_to_hit", args, &depl), (3, 50));
    // ... and natural 7-10 on depletion -> 1/10 * 4/10 = 1/25
    let ok = format!("{DF_HIT}; also Ammo depletion roll -> Ammo OK");
    assert_eq!(odds(&r, "direct_fire_to_hit", args, &ok), (1, 25));
    // Natural 5-10 -> 6/10 = 3/5
    assert_eq!(odds(&r, "direct_fire_to_hit", args, MISS), (3, 5));
}

// ---------------------------------------------------------------------------
// Hit Results Chart

#[test]
fn hit_results_every_column() {
    let r = rules();
    // (quality, last No Effect, last Forced Back) as on the card.
    let columns = [
        ("green", 1, 5),
        ("trained", 2, 6),
        ("regular", 3, 6),
        ("experienced", 4, 7),
        ("veteran", 5, 7),
        ("elite", 6, 8),
    ];
    for (quality, ne, fb) in columns {
        let expected: Vec<(u32, &str)> = (1..=10)
            .map(|n| {
                (
                    n,
                    if n <= ne {
                        NE
                    } else if n <= fb {
                        FB
                    } else {
                        EL
                    },
                )
            })
            .collect();
        assert_rows(
            &r,
            "hit_results",
            &format!("troop_quality={quality}"),
            &expected,
        );
    }
}

#[test]
fn hit_results_ap_modifiers_and_open_lowest_row() {
    let r = rules();
    // Pen 3 vs AV 5: net -2. Regular: 5 -> 3 No Effect, 6 -> 4 Forced Back,
    // 9 -> 7 Eliminated.
    assert_rows(
        &r,
        "hit_results",
        "regular ap armor_value=5 penetration=3",
        &[(5, NE), (6, FB), (8, FB), (9, EL)],
    );
    // Heavy armour: the total goes far below 1 and still reads No Effect.
    let deep = roll(&r, "hit_results", "green ap armor_value=12", &[1]);
    assert_eq!(deep.total, Some(-11));
    assert_eq!(deep.outcome.to_string(), NE);
    // Negative penetration.
    assert_rows(
        &r,
        "hit_results",
        "trained ap penetration=-3",
        &[(5, NE), (6, FB)],
    );
    // "No modifiers for non-AP weapons": the values are not applied.
    assert_rows(
        &r,
        "hit_results",
        "green armor_value=12",
        &[(2, FB), (6, EL)],
    );
}

#[test]
fn hit_results_natural_ten_for_ap() {
    let r = rules();
    // Close range: eliminated whatever the armour.
    assert_rows(
        &r,
        "hit_results",
        "elite ap close_range armor_value=20",
        &[(10, EL), (9, NE)],
    );
    // Other ranges: at least Forced Back ...
    assert_rows(
        &r,
        "hit_results",
        "elite ap armor_value=20",
        &[(10, FB), (9, NE)],
    );
    // ... but a total that reads Eliminated stays Eliminated (10+5 = 15).
    assert_rows(&r, "hit_results", "veteran ap penetration=5", &[(10, EL)]);
    // A total reading Forced Back stays so (10-2 = 8, elite 7-8).
    assert_rows(&r, "hit_results", "elite ap armor_value=2", &[(10, FB)]);
    // Not AP: a natural 10 is read in the rows (10 -9 not applied) -> Eliminated.
    assert_rows(&r, "hit_results", "elite armor_value=9", &[(10, EL)]);
}

#[test]
fn hit_results_no_effect_max_grid() {
    let r = rules();
    for (q, n) in [
        ("green", "1"),
        ("trained", "2"),
        ("regular", "3"),
        ("experienced", "4"),
        ("veteran", "5"),
        ("elite", "6"),
    ] {
        assert_eq!(outcome(&r, "no_effect_max", q, &[]), n, "{q}");
    }
}

#[test]
fn hit_results_odds() {
    let r = rules();
    // AV 9, regular, not close: natural 1-9 -> total <= 0 No Effect (9/10);
    // natural 10 -> total 1 <= 3, at least Forced Back (1/10).
    let args = "regular ap armor_value=9";
    assert_eq!(odds(&r, "hit_results", args, NE), (9, 10));
    assert_eq!(odds(&r, "hit_results", args, FB), (1, 10));
    // Same at close range: natural 10 Eliminated (1/10).
    assert_eq!(
        odds(
            &r,
            "hit_results",
            "regular ap armor_value=9 close_range",
            EL
        ),
        (1, 10)
    );
    // Pen 3 vs AV 5 (net -2), regular: No Effect n-2 <= 3 -> n 1-5 (1/2);
    // Forced Back 4-6 -> n 6-8 (3/10); Eliminated n 9,10 (1/5).
    let args = "regular ap armor_value=5 penetration=3";
    assert_eq!(odds(&r, "hit_results", args, NE), (1, 2));
    assert_eq!(odds(&r, "hit_results", args, FB), (3, 10));
    assert_eq!(odds(&r, "hit_results", args, EL), (1, 5));
}

// ---------------------------------------------------------------------------
// Ammo Depletion

#[test]
fn ammo_depletion_rows() {
    let r = rules();
    let dep = "Ammo depleted";
    let ok = "Ammo OK";
    // 75mm = roll of 1-7.
    assert_rows(&r, "ammo_depletion", "caliber=75", &low_rows(7, dep, ok));
    // 19mm drops to 1.
    assert_rows(&r, "ammo_depletion", "caliber=19", &low_rows(1, dep, ok));
    // Roll-under: the modifiers move the target. Armored car +1: 75mm
    // depletes on natural 1-8.
    assert_rows(
        &r,
        "ammo_depletion",
        "caliber=75 armored_car",
        &low_rows(8, dep, ok),
    );
    // Tank -1: 75mm depletes on natural 1-6.
    assert_rows(
        &r,
        "ammo_depletion",
        "caliber=75 tank",
        &low_rows(6, dep, ok),
    );
    let e = roll_error(&r, "ammo_depletion", "caliber=75 tank armored_car");
    assert!(matches!(e.kind, RollErrorKind::Conflict { .. }), "{e}");
    let e = roll_error(&r, "ammo_depletion", "caliber=0");
    assert!(matches!(e.kind, RollErrorKind::OutOfBounds { .. }), "{e}");
}

#[test]
fn ammo_depletion_odds() {
    let r = rules();
    // d10 <= 75/10 = 7 -> 7/10
    assert_eq!(
        odds(&r, "ammo_depletion", "caliber=75", "Ammo depleted"),
        (7, 10)
    );
    // d10 <= 40/10 - 1 = 3 -> 3/10
    assert_eq!(
        odds(&r, "ammo_depletion", "caliber=40 tank", "Ammo depleted"),
        (3, 10)
    );
    // The audit's case: 37mm armoured car, d10 <= 3 + 1 -> 2/5
    assert_eq!(
        odds(
            &r,
            "ammo_depletion",
            "caliber=37 armored_car",
            "Ammo depleted"
        ),
        (2, 5)
    );
    // d10 <= 120/10 + 1 = 13: always -> 1/1
    assert_eq!(
        odds(
            &r,
            "ammo_depletion",
            "caliber=120 armored_car",
            "Ammo depleted"
        ),
        (1, 1)
    );
    // d10 <= 10/10 + 1 = 2 -> Ammo OK 4/5
    assert_eq!(
        odds(&r, "ammo_depletion", "caliber=10 armored_car", "Ammo OK"),
        (4, 5)
    );
    // d10 <= 10/10 - 1 = 0: never -> Ammo OK 1/1
    assert_eq!(
        odds(&r, "ammo_depletion", "caliber=10 tank", "Ammo OK"),
        (1, 1)
    );
}

// ---------------------------------------------------------------------------
// Morale Modifiers and Morale Results

#[test]
fn morale_modifier_set() {
    let r = rules();
    let net = |args: &str| outcome(&r, "morale_modifiers", args, &[]);
    assert_eq!(net("in_cover"), "+2");
    assert_eq!(net("stands_forced_back=3"), "-3");
    assert_eq!(net("stands_eliminated=2"), "-4");
    assert_eq!(net("road_march"), "-2");
    assert_eq!(net("tot_mission"), "-2");
    assert_eq!(net("morale_pinned"), "-2");
    assert_eq!(net("shaken"), "-3");
    assert_eq!(net("demoralized"), "-4");
    assert_eq!(net("pers_within_12"), "-1");
    assert_eq!(net("afv_within_12"), "-2");
    assert_eq!(net("air_attack"), "-2");
    assert_eq!(net("in_cover pers_within_12 stands_eliminated=1"), "-1");
    let e = roll_error(&r, "morale_modifiers", "shaken demoralized");
    assert!(matches!(e.kind, RollErrorKind::Conflict { .. }), "{e}");
}

#[test]
fn morale_results_rows() {
    let r = rules();
    // Morale 6, no modifiers: exceed = 6 - natural.
    assert_rows(
        &r,
        "morale_results",
        "morale=6",
        &[
            (1, DEMORALIZED),
            (2, SHAKEN),
            (3, SHAKEN),
            (4, PINNED),
            (5, PINNED),
            (6, PASSES),
            (10, PASSES),
        ],
    );
    // Morale 10: natural 1 -> 9, 3 -> 7 Eliminated; 4 -> 6 Demoralized.
    assert_rows(
        &r,
        "morale_results",
        "morale=10",
        &[
            (1, SURRENDERS),
            (3, SURRENDERS),
            (4, DEMORALIZED),
            (5, DEMORALIZED),
            (10, PASSES),
        ],
    );
    // Morale 8 in cover (+2): natural 1 -> 3, exceed 5; 2 -> 4, exceed 4;
    // 5 -> 7, exceed 1; 6 passes.
    assert_rows(
        &r,
        "morale_results",
        "morale=8 in_cover",
        &[
            (1, DEMORALIZED),
            (2, SHAKEN),
            (3, SHAKEN),
            (5, PINNED),
            (6, PASSES),
        ],
    );
    // Morale 5, three stands forced back, shaken: natural 8 -> 2, exceed 3;
    // natural 1 -> -5, exceed 10.
    let m = roll(
        &r,
        "morale_results",
        "morale=5 stands_forced_back=3 shaken",
        &[8],
    );
    assert_eq!(m.total, Some(2));
    assert_eq!(m.score, Some(3));
    assert_eq!(m.outcome.to_string(), SHAKEN);
    assert_rows(
        &r,
        "morale_results",
        "morale=5 stands_forced_back=3 shaken",
        &[(1, SURRENDERS), (10, PINNED)],
    );
}

#[test]
fn morale_results_odds() {
    let r = rules();
    // Morale 7: passes on natural 7-10 (4/10 = 2/5); Pinned 5,6 (1/5);
    // Shaken 3,4 (1/5); Demoralized 1,2 (1/5); never Eliminated.
    assert_eq!(odds(&r, "morale_results", "morale=7", PASSES), (2, 5));
    assert_eq!(odds(&r, "morale_results", "morale=7", PINNED), (1, 5));
    assert_eq!(odds(&r, "morale_results", "morale=7", SHAKEN), (1, 5));
    assert_eq!(odds(&r, "morale_results", "morale=7", DEMORALIZED), (1, 5));
    assert_eq!(odds(&r, "morale_results", "morale=7", SURRENDERS), (0, 1));
    // Morale 9, Pers. and AFV within 12" (-3): exceed = 12 - n.
    // Pinned n=10 (1/10); Shaken n=8,9 (1/5); Demoralized n=6,7 (1/5);
    // Eliminated n=1-5 (1/2).
    let args = "morale=9 pers_within_12 afv_within_12";
    assert_eq!(odds(&r, "morale_results", args, PASSES), (0, 1));
    assert_eq!(odds(&r, "morale_results", args, PINNED), (1, 10));
    assert_eq!(odds(&r, "morale_results", args, SHAKEN), (1, 5));
    assert_eq!(odds(&r, "morale_results", args, DEMORALIZED), (1, 5));
    assert_eq!(odds(&r, "morale_results", args, SURRENDERS), (1, 2));
}

#[test]
fn morale_results_says_how_the_check_is_rolled() {
    let r = rules();
    let text = r.chart("morale_results").unwrap().render();
    assert!(
        text.contains("The card does not say how the check is rolled"),
        "{text}"
    );
}

#[test]
fn roll_under_trace_shows_the_moved_target() {
    let r = rules();
    let p = roll(&r, "ammo_depletion", "caliber=37 armored_car", &[4]);
    assert_eq!(p.target.as_deref(), Some("4 or less"));
    assert!(p.modifiers_move_target);
    assert_eq!(p.met_target, Some(true));
    assert_eq!(p.total, Some(4));
}
