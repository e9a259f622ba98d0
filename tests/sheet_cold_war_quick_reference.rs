//! Cold War Quick Reference Sheet (`rules/cold_war_quick_reference.rules`)
//! checked chart by chart against the published quick reference sheet.
//! d6 for activation, reaction, terrain, hit conversion and penetration
//! results; d10 to fire and to penetrate.

use crate::common;

use chartwright::{RollErrorKind, Ruleset};
use common::{assert_rows, load, odds, outcome, roll, roll_error};

fn rules() -> Ruleset {
    load("cold_war_quick_reference")
}

const ACTIVATED: &str = "Activated";
const NOT_ACTIVATED: &str = "Fails to activate";
const REACTS: &str = "Reacts";
const REACTS_6: &str = "Reacts; also Reacting player takes the initiative";
const NO_REACT: &str = "Fails to react";
const PASS: &str = "Passes the terrain test";
const FAIL: &str = "Fails the terrain test";
// Vehicle Damage outcomes with their second field: weapon + 10 exceeding the
// armour places one morale token (`_T`), or not (`_N`).
const NO_EFFECT_T: &str = "Effect No additional effect; Morale token place one morale token";
const NO_EFFECT_N: &str = "Effect No additional effect; Morale token -";
const EQUAL_T: &str =
    "Effect Add morale tokens to equal the unit's morale value; Morale token place one morale token";
const EQUAL_N: &str = "Effect Add morale tokens to equal the unit's morale value; Morale token -";
const PENETRATION_T: &str = "Effect Penetration; Morale token place one morale token";
const FOOM: &str = "Foom! The vehicle is destroyed. If the vehicle is an APC, any transported infantry detachments or support teams immediately disembark and gain enough morale markers to equal their morale value.";
const KABOOM: &str = "Kaboom! The vehicle blows up in a spectacular and violent fashion causing consternation to nearby friendly units. If the vehicle is an APC all transported Infantry detachments or Support Teams are considered destroyed and all friendly units within 4\" and in LOS of the destroyed vehicle suffer one morale marker.";

/// Expected outcomes of a d6 check succeeding on `from` or more.
fn from_rows<'a>(from: u32, yes: &'a str, no: &'a str) -> Vec<(u32, &'a str)> {
    (1..=6)
        .map(|n| (n, if n >= from { yes } else { no }))
        .collect()
}

// ---------------------------------------------------------------------------
// Header and turn sequence

#[test]
fn header_and_turn_sequence() {
    let r = rules();
    let game = r
        .games()
        .find(|g| g.name == "cold_war_quick_reference")
        .expect("game loaded");
    let (title, version) = (game.title, game.version);
    assert_eq!(title, "Cold War");
    assert_eq!(version, "Quick Reference Sheet");
    let notes = r.chart("turn_sequence").unwrap();
    assert!(notes.is_notes());
    assert_eq!(notes.title(), "Turn Sequence");
}

// ---------------------------------------------------------------------------
// Activating a unit: d6, score higher than tokens + markers, 6 always succeeds

#[test]
fn activation_rows() {
    let r = rules();
    // More than 2 + 1: 4, 5, 6.
    assert_rows(
        &r,
        "activation",
        "tokens=2 markers=1",
        &from_rows(4, ACTIVATED, NOT_ACTIVATED),
    );
    // More than 0: every roll.
    assert_rows(
        &r,
        "activation",
        "tokens=0 markers=0",
        &from_rows(1, ACTIVATED, NOT_ACTIVATED),
    );
    // More than 5 + 3 = 8 cannot be scored: only the natural 6.
    assert_rows(
        &r,
        "activation",
        "tokens=5 markers=3",
        &from_rows(6, ACTIVATED, NOT_ACTIVATED),
    );
    // More than 5 exactly: the 6 would succeed anyway, the 5 fails.
    assert_rows(
        &r,
        "activation",
        "tokens=5 markers=0",
        &from_rows(6, ACTIVATED, NOT_ACTIVATED),
    );
}

#[test]
fn activation_needs_both_counts() {
    let r = rules();
    let e = roll_error(&r, "activation", "tokens=1");
    assert!(matches!(e.kind, RollErrorKind::MissingParam { .. }), "{e}");
    let e = roll_error(&r, "activation", "tokens=21 markers=0");
    assert!(matches!(e.kind, RollErrorKind::OutOfBounds { .. }), "{e}");
}

#[test]
fn activation_odds() {
    let r = rules();
    // d6 > 2+1: natural 4,5,6 -> 1/2
    assert_eq!(
        odds(&r, "activation", "tokens=2 markers=1", ACTIVATED),
        (1, 2)
    );
    // d6 > 1+3: natural 5,6 -> 1/3
    assert_eq!(
        odds(&r, "activation", "tokens=1 markers=3", ACTIVATED),
        (1, 3)
    );
    // d6 > 4+2: only the natural 6 -> 1/6
    assert_eq!(
        odds(&r, "activation", "tokens=4 markers=2", ACTIVATED),
        (1, 6)
    );
    // d6 > 0: always -> 1/1
    assert_eq!(
        odds(&r, "activation", "tokens=0 markers=0", ACTIVATED),
        (1, 1)
    );
}

// ---------------------------------------------------------------------------
// Reacting: 3+/4+/4+/5+, +1 per token, 6 succeeds and takes the initiative

fn react_rows(from: u32) -> Vec<(u32, &'static str)> {
    (1..=6)
        .map(|n| {
            (
                n,
                if n == 6 {
                    REACTS_6
                } else if n >= from {
                    REACTS
                } else {
                    NO_REACT
                },
            )
        })
        .collect()
}

#[test]
fn react_target_grid() {
    let r = rules();
    assert_eq!(
        outcome(&r, "react_target", "vehicle_open", &[]),
        "3 or more"
    );
    assert_eq!(
        outcome(&r, "react_target", "infantry_open", &[]),
        "4 or more"
    );
    assert_eq!(
        outcome(&r, "react_target", "vehicle_cover", &[]),
        "4 or more"
    );
    assert_eq!(
        outcome(&r, "react_target", "infantry_cover", &[]),
        "5 or more"
    );
}

#[test]
fn reacting_rows_by_situation() {
    let r = rules();
    assert_rows(&r, "reacting", "vehicle_open tokens=0", &react_rows(3));
    assert_rows(&r, "reacting", "infantry_open tokens=0", &react_rows(4));
    assert_rows(&r, "reacting", "vehicle_cover tokens=0", &react_rows(4));
    assert_rows(&r, "reacting", "infantry_cover tokens=0", &react_rows(5));
}

#[test]
fn reacting_tokens_raise_the_score() {
    let r = rules();
    // 3+ with one token: 4+.
    assert_rows(&r, "reacting", "vehicle_open tokens=1", &react_rows(4));
    // 4+ with two tokens: 6+.
    assert_rows(&r, "reacting", "infantry_open tokens=2", &react_rows(6));
    // 5+ with five tokens: 10+, only the natural 6 reacts (and takes the
    // initiative).
    assert_rows(&r, "reacting", "infantry_cover tokens=5", &react_rows(7));
}

#[test]
fn reacting_odds() {
    let r = rules();
    // d6 >= 3+1: natural 4,5 plain -> 1/3; natural 6 -> 1/6; 1-3 fail -> 1/2
    assert_eq!(
        odds(&r, "reacting", "vehicle_open tokens=1", REACTS),
        (1, 3)
    );
    assert_eq!(
        odds(&r, "reacting", "vehicle_open tokens=1", REACTS_6),
        (1, 6)
    );
    assert_eq!(
        odds(&r, "reacting", "vehicle_open tokens=1", NO_REACT),
        (1, 2)
    );
    // d6 >= 5+4 = 9: only the natural 6 -> 1/6, fails 5/6
    assert_eq!(
        odds(&r, "reacting", "infantry_cover tokens=4", REACTS),
        (0, 1)
    );
    assert_eq!(
        odds(&r, "reacting", "infantry_cover tokens=4", REACTS_6),
        (1, 6)
    );
    assert_eq!(
        odds(&r, "reacting", "infantry_cover tokens=4", NO_REACT),
        (5, 6)
    );
}

// ---------------------------------------------------------------------------
// Movement Rate Table

#[test]
fn movement_rate_grid() {
    let r = rules();
    let expected: &[(&str, [&str; 3])] = &[
        ("infantry_support", ["6\"", "9\"", "12\""]),
        ("light_vehicle", ["12\"", "18\"", "24\""]),
        ("mbt", ["10\"", "15\"", "20\""]),
    ];
    for (unit, cells) in expected {
        for (speed, want) in ["normal", "rapid", "rapid_road"].iter().zip(cells) {
            let args = format!("unit_type={unit} speed={speed}");
            assert_eq!(outcome(&r, "movement_rate", &args, &[]), *want, "{args}");
        }
    }
}

// ---------------------------------------------------------------------------
// Moving Through Terrain Test

#[test]
fn terrain_test_grid() {
    let r = rules();
    let look = |args: &str| outcome(&r, "terrain_test", args, &[]);
    assert_eq!(look("wheeled rough"), "6");
    assert_eq!(look("wheeled very_rough"), "Impassable");
    assert_eq!(look("atv rough"), "3 or more");
    assert_eq!(look("atv very_rough"), "4 or more");
    assert_eq!(look("tracked rough"), "2 or more");
    assert_eq!(look("tracked very_rough"), "3 or more");
    assert_eq!(look("infantry rough"), "No Test");
    assert_eq!(look("infantry very_rough"), "4 or more");
}

#[test]
fn moving_through_terrain_rows() {
    let r = rules();
    assert_rows(
        &r,
        "moving_through_terrain",
        "wheeled rough",
        &from_rows(6, PASS, FAIL),
    );
    assert_rows(
        &r,
        "moving_through_terrain",
        "atv rough",
        &from_rows(3, PASS, FAIL),
    );
    assert_rows(
        &r,
        "moving_through_terrain",
        "atv very_rough",
        &from_rows(4, PASS, FAIL),
    );
    assert_rows(
        &r,
        "moving_through_terrain",
        "tracked rough",
        &from_rows(2, PASS, FAIL),
    );
    assert_rows(
        &r,
        "moving_through_terrain",
        "tracked very_rough",
        &from_rows(3, PASS, FAIL),
    );
    assert_rows(
        &r,
        "moving_through_terrain",
        "infantry very_rough",
        &from_rows(4, PASS, FAIL),
    );
}

#[test]
fn moving_through_terrain_text_cells_roll_nothing() {
    let r = rules();
    let impassable = roll(&r, "moving_through_terrain", "wheeled very_rough", &[]);
    assert_eq!(impassable.outcome.to_string(), "Impassable");
    assert!(impassable.dice.is_empty());
    let no_test = roll(&r, "moving_through_terrain", "infantry rough", &[]);
    assert_eq!(no_test.outcome.to_string(), "No Test");
    assert!(no_test.dice.is_empty());
}

#[test]
fn moving_through_terrain_odds() {
    let r = rules();
    // Wheeled in rough: natural 6 only -> 1/6
    assert_eq!(
        odds(&r, "moving_through_terrain", "wheeled rough", PASS),
        (1, 6)
    );
    // Tracked in rough, 2+: natural 2-6 -> 5/6
    assert_eq!(
        odds(&r, "moving_through_terrain", "tracked rough", PASS),
        (5, 6)
    );
    // ATV in very rough, 4+: natural 4,5,6 -> 1/2
    assert_eq!(
        odds(&r, "moving_through_terrain", "atv very_rough", PASS),
        (1, 2)
    );
    // Text cells are certain.
    assert_eq!(
        odds(
            &r,
            "moving_through_terrain",
            "wheeled very_rough",
            "Impassable"
        ),
        (1, 1)
    );
    assert_eq!(
        odds(&r, "moving_through_terrain", "infantry rough", "No Test"),
        (1, 1)
    );
}

// ---------------------------------------------------------------------------
// Firing: dice grids

#[test]
fn firing_dice_at_vehicles_grid() {
    let r = rules();
    let expected: &[(&str, [&str; 2])] = &[
        ("vehicle_gun", ["d10", "d10"]),
        ("vehicle_autocannon", ["2d10", "2d10"]),
        ("stationary_infantry", ["d10", "Not possible"]),
        ("moving_infantry", ["d10", "Not possible"]),
        ("stationary_support", ["d10", "d10"]),
    ];
    for (firer, cells) in expected {
        for (range, want) in ["close", "long"].iter().zip(cells) {
            let args = format!("firer={firer} range={range}");
            assert_eq!(
                outcome(&r, "firing_dice_at_vehicles", &args, &[]),
                *want,
                "{args}"
            );
        }
    }
}

#[test]
fn firing_dice_at_infantry_grid() {
    let r = rules();
    let expected: &[(&str, [&str; 2])] = &[
        ("vehicle_gun", ["2d10", "d10"]),
        ("vehicle_autocannon", ["2d10", "2d10"]),
        ("stationary_infantry", ["2d10", "d10"]),
        ("moving_infantry", ["d10", "d10"]),
        ("stationary_support", ["d10", "d10"]),
    ];
    for (firer, cells) in expected {
        for (range, want) in ["close", "long"].iter().zip(cells) {
            let args = format!("firer={firer} range={range}");
            assert_eq!(
                outcome(&r, "firing_dice_at_infantry", &args, &[]),
                *want,
                "{args}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Firing Modifiers

#[test]
fn firing_modifier_set() {
    let r = rules();
    let net = |args: &str| outcome(&r, "firing_modifiers", args, &[]);
    assert_eq!(net(""), "+0");
    assert_eq!(net("firer_moved"), "-1");
    assert_eq!(net("reaction_vs_moving"), "-1");
    assert_eq!(net("obscured"), "-1");
    assert_eq!(net("enemy_infantry_within_12"), "-1");
    assert_eq!(net("morale_markers=3"), "-3");
    assert_eq!(
        net("firer_moved reaction_vs_moving obscured morale_markers=1"),
        "-4"
    );
    // Units with thermal sights ignore obscuring terrain.
    assert_eq!(net("obscured thermal_sights"), "+0");
    // Ignored when friendly infantry is equidistant or closer.
    assert_eq!(net("enemy_infantry_within_12 friendly_closer"), "+0");
}

// ---------------------------------------------------------------------------
// Firing at a vehicle: a pool of d10s, each scoring the base to hit

#[test]
fn firing_at_vehicle_pool() {
    let r = rules();
    let shot = |args: &str, faces: &[u32]| outcome(&r, "unit_firing_at_vehicle", args, faces);
    assert_eq!(shot("vehicle_autocannon close to_hit=6", &[6, 5]), "1 hits");
    assert_eq!(shot("vehicle_autocannon long to_hit=6", &[6, 10]), "2 hits");
    assert_eq!(shot("vehicle_gun close to_hit=7", &[6]), "0 hits");
    // -1 firer moved: 6 no longer hits at 6, 7 does.
    assert_eq!(
        shot("vehicle_autocannon close to_hit=6 firer_moved", &[6, 7]),
        "1 hits"
    );
    // Infantry cannot fire at vehicles beyond 12".
    let none = roll(
        &r,
        "unit_firing_at_vehicle",
        "moving_infantry long to_hit=5",
        &[],
    );
    assert_eq!(none.outcome.to_string(), "Not possible");
    assert!(none.dice.is_empty());
}

#[test]
fn firing_at_vehicle_odds() {
    let r = rules();
    // 2d10, each hits on 6-10 (1/2): 2 hits 1/4, 1 hit 1/2, 0 hits 1/4
    let args = "vehicle_autocannon close to_hit=6";
    assert_eq!(odds(&r, "unit_firing_at_vehicle", args, "2 hits"), (1, 4));
    assert_eq!(odds(&r, "unit_firing_at_vehicle", args, "1 hits"), (1, 2));
    assert_eq!(odds(&r, "unit_firing_at_vehicle", args, "0 hits"), (1, 4));
    // 1d10 - 2 >= 8: natural 10 only -> 1/10
    let args = "vehicle_gun long to_hit=8 morale_markers=2";
    assert_eq!(odds(&r, "unit_firing_at_vehicle", args, "1 hits"), (1, 10));
}

// ---------------------------------------------------------------------------
// Vehicle Damage and Penetration, Penetration Results

#[test]
fn vehicle_damage_rows() {
    let r = rules();
    // Weapon 5 vs armour 8: d10 + 5 against 8.
    assert_rows(
        &r,
        "vehicle_damage",
        "weapon=5 armour=8",
        &[
            (1, NO_EFFECT_T),
            (2, NO_EFFECT_T),
            (3, EQUAL_T),
            (4, PENETRATION_T),
            (10, PENETRATION_T),
        ],
    );
    // Weapon 0 vs armour 10: only the 10 equals.
    assert_rows(
        &r,
        "vehicle_damage",
        "weapon=0 armour=10",
        &[(1, NO_EFFECT_N), (9, NO_EFFECT_N), (10, EQUAL_N)],
    );
    // Weapon 12 vs armour 2: always greater.
    assert_rows(
        &r,
        "vehicle_damage",
        "weapon=12 armour=2",
        &[(1, PENETRATION_T), (10, PENETRATION_T)],
    );
    // Far below the armour: the open lowest row.
    let low = roll(&r, "vehicle_damage", "weapon=0 armour=30", &[1]);
    assert_eq!(low.total, Some(-29));
    assert_eq!(low.outcome.to_string(), NO_EFFECT_N);
}

#[test]
fn vehicle_damage_penetration_follow_up() {
    let r = rules();
    let p = roll(&r, "vehicle_damage", "weapon=5 armour=8", &[4, 3]);
    assert_eq!(p.outcome.to_string(), PENETRATION_T);
    assert_eq!(p.follow_ups.len(), 1);
    assert_eq!(
        p.follow_ups[0].chart,
        "cold_war_quick_reference.penetration_results"
    );
    assert_eq!(p.follow_ups[0].outcome.to_string(), FOOM);
    // The Soviet +1 is carried into the Penetration Results roll: 4 -> 5.
    let s = roll(&r, "vehicle_damage", "weapon=5 armour=8 soviet", &[4, 4]);
    assert_eq!(s.follow_ups[0].total, Some(5));
    assert_eq!(s.follow_ups[0].outcome.to_string(), KABOOM);
    // No penetration, no follow-up.
    let e = roll(&r, "vehicle_damage", "weapon=5 armour=8", &[3]);
    assert_eq!(e.outcome.to_string(), EQUAL_T);
    assert!(e.follow_ups.is_empty());
}

#[test]
fn vehicle_damage_odds() {
    let r = rules();
    let args = "weapon=5 armour=8";
    // d10+5 < 8: natural 1,2 -> 1/5; = 8: natural 3 -> 1/10
    assert_eq!(odds(&r, "vehicle_damage", args, NO_EFFECT_T), (1, 5));
    assert_eq!(odds(&r, "vehicle_damage", args, EQUAL_T), (1, 10));
    // > 8: natural 4-10 (7/10), then d6 1-4 (2/3) Foom -> 7/15; 5-6 (1/3) -> 7/30
    assert_eq!(
        odds(
            &r,
            "vehicle_damage",
            args,
            &format!("{PENETRATION_T} -> {FOOM}")
        ),
        (7, 15)
    );
    assert_eq!(
        odds(
            &r,
            "vehicle_damage",
            args,
            &format!("{PENETRATION_T} -> {KABOOM}")
        ),
        (7, 30)
    );
    // Soviet: d6+1 reads 1-4 on natural 1-3 (1/2): 7/10 * 1/2 = 7/20 each
    let args = "weapon=5 armour=8 soviet";
    assert_eq!(
        odds(
            &r,
            "vehicle_damage",
            args,
            &format!("{PENETRATION_T} -> {FOOM}")
        ),
        (7, 20)
    );
    assert_eq!(
        odds(
            &r,
            "vehicle_damage",
            args,
            &format!("{PENETRATION_T} -> {KABOOM}")
        ),
        (7, 20)
    );
}

#[test]
fn penetration_results_rows() {
    let r = rules();
    let plain: Vec<(u32, &str)> = (1..=6)
        .map(|n| (n, if n <= 4 { FOOM } else { KABOOM }))
        .collect();
    assert_rows(&r, "penetration_results", "", &plain);
    let soviet: Vec<(u32, &str)> = (1..=6)
        .map(|n| (n, if n <= 3 { FOOM } else { KABOOM }))
        .collect();
    assert_rows(&r, "penetration_results", "soviet", &soviet);
    // The Soviet 6 reaches 7 and still reads Kaboom!
    let seven = roll(&r, "penetration_results", "soviet", &[6]);
    assert_eq!(seven.total, Some(7));
    assert_eq!(seven.outcome.to_string(), KABOOM);
}

#[test]
fn penetration_results_odds() {
    let r = rules();
    // d6 1-4 -> 2/3 Foom; 5-6 -> 1/3 Kaboom
    assert_eq!(odds(&r, "penetration_results", "", FOOM), (2, 3));
    assert_eq!(odds(&r, "penetration_results", "", KABOOM), (1, 3));
    // d6+1 >= 5: natural 4,5,6 -> 1/2
    assert_eq!(odds(&r, "penetration_results", "soviet", KABOOM), (1, 2));
}

// ---------------------------------------------------------------------------
// Unit Firing at Infantry/Support Team: hits, then hit convert d6s

#[test]
fn infantry_fire_grids() {
    let r = rules();
    let dice: &[(&str, [&str; 2], &str)] = &[
        ("infantry_stationary", ["2d10", "d10"], "d6"),
        ("infantry_moving", ["d10", "d10"], "d6"),
        ("gun_at_under_7", ["2d10", "d10"], "d6"),
        ("gun_at_7_plus", ["2d10", "d10"], "2d6"),
    ];
    for (firer, by_range, convert) in dice {
        for (range, want) in ["close", "long"].iter().zip(by_range) {
            let args = format!("infantry_firer={firer} range={range}");
            assert_eq!(
                outcome(&r, "infantry_fire_dice", &args, &[]),
                *want,
                "{args}"
            );
        }
        let args = format!("infantry_firer={firer}");
        assert_eq!(
            outcome(&r, "hit_convert_dice", &args, &[]),
            *convert,
            "{args}"
        );
    }
    let targets: &[(&str, [&str; 3])] = &[
        ("infantry_stationary", ["4, 5, 6", "5, 6", "6"]),
        ("infantry_moving", ["4, 5, 6", "5, 6", "6"]),
        ("gun_at_under_7", ["4, 5, 6", "5, 6", "6"]),
        ("gun_at_7_plus", ["4, 5, 6", "4, 5, 6", "5, 6"]),
    ];
    for (firer, cells) in targets {
        for (cover, want) in ["open", "cover", "fortification"].iter().zip(cells) {
            let args = format!("infantry_firer={firer} target_in={cover}");
            assert_eq!(
                outcome(&r, "hit_convert_target", &args, &[]),
                *want,
                "{args}"
            );
        }
    }
}

#[test]
fn firing_at_infantry_pool_scripted() {
    let r = rules();
    let shot = |args: &str, faces: &[u32]| outcome(&r, "unit_firing_at_infantry", args, faces);
    // 2d10: 5 hits, 3 misses; one convert d6: 4 converts in the open.
    assert_eq!(
        shot("infantry_stationary close open to_hit=5", &[5, 3, 4]),
        "1 hits, 1 converted"
    );
    // In cover 4 no longer converts.
    assert_eq!(
        shot("infantry_stationary close cover to_hit=5", &[5, 3, 4]),
        "1 hits, 0 converted"
    );
    // Two hits in cover: 4 no, 5 yes.
    assert_eq!(
        shot("infantry_stationary close cover to_hit=5", &[5, 6, 4, 5]),
        "2 hits, 1 converted"
    );
    // Fortification: only 6 converts.
    assert_eq!(
        shot("infantry_moving long fortification to_hit=6", &[9, 5]),
        "1 hits, 0 converted"
    );
    assert_eq!(
        shot("infantry_moving long fortification to_hit=6", &[9, 6]),
        "1 hits, 1 converted"
    );
    // AT 7+: two convert dice per hit, 5-6 in fortifications; the hit's
    // one marker converts once if either die scores.
    assert_eq!(
        shot("gun_at_7_plus close fortification to_hit=4", &[7, 2, 5, 6]),
        "1 hits, 1 converted"
    );
    assert_eq!(
        shot("gun_at_7_plus close fortification to_hit=4", &[7, 2, 1, 4]),
        "1 hits, 0 converted"
    );
    assert_eq!(
        shot(
            "gun_at_7_plus close fortification to_hit=4",
            &[7, 8, 6, 6, 1, 5]
        ),
        "2 hits, 2 converted"
    );
    assert_eq!(
        shot("gun_at_7_plus close cover to_hit=4", &[7, 2, 4, 3]),
        "1 hits, 1 converted"
    );
    // No hits, nothing to convert.
    assert_eq!(
        shot("gun_at_under_7 long open to_hit=8", &[7]),
        "0 hits, 0 converted"
    );
}

#[test]
fn firing_at_infantry_modifiers_hit_dice_only() {
    let r = rules();
    // -1 firer moved: 6 hits at 5 (6-1), the convert 4 still converts in the open.
    let p = roll(
        &r,
        "unit_firing_at_infantry",
        "gun_at_under_7 close open to_hit=5 firer_moved",
        &[6, 5, 4],
    );
    assert_eq!(p.outcome.to_string(), "1 hits, 1 converted");
    // Two morale markers: 6 - 2 misses at 5.
    let p = roll(
        &r,
        "unit_firing_at_infantry",
        "gun_at_under_7 long open to_hit=5 morale_markers=2",
        &[6],
    );
    assert_eq!(p.outcome.to_string(), "0 hits, 0 converted");
}

#[test]
fn firing_at_infantry_odds() {
    let r = rules();
    // 1d10 >= 6 (1/2), then 1d6 = 6 (1/6):
    // 0 hits 1/2; 1 hit 0 converted 1/2*5/6 = 5/12; 1 hit 1 converted 1/12
    let args = "infantry_moving long fortification to_hit=6";
    assert_eq!(
        odds(&r, "unit_firing_at_infantry", args, "0 hits, 0 converted"),
        (1, 2)
    );
    assert_eq!(
        odds(&r, "unit_firing_at_infantry", args, "1 hits, 0 converted"),
        (5, 12)
    );
    assert_eq!(
        odds(&r, "unit_firing_at_infantry", args, "1 hits, 1 converted"),
        (1, 12)
    );
    // 2d10 each d10-1 >= 5 (natural 6-10, 1/2); convert 5,6 (1/3):
    // 1 hit (1/2) 1 converted (1/3) -> 1/6; 2 hits (1/4) both converted (1/9) -> 1/36
    let args = "infantry_stationary close cover to_hit=5 firer_moved";
    assert_eq!(
        odds(&r, "unit_firing_at_infantry", args, "1 hits, 1 converted"),
        (1, 6)
    );
    assert_eq!(
        odds(&r, "unit_firing_at_infantry", args, "2 hits, 2 converted"),
        (1, 36)
    );
    // AT 7+ at long range, to hit 2: 9/10 hit; the marker converts if
    // either of 2d6 shows 5,6: 1 - (4/6)^2 = 5/9
    // -> 1 hit 1 converted 9/10 * 5/9 = 1/2; 1 hit 0 converted 9/10 * 4/9 = 2/5;
    // never 2 converted from one hit.
    let args = "gun_at_7_plus long fortification to_hit=2";
    assert_eq!(
        odds(&r, "unit_firing_at_infantry", args, "1 hits, 2 converted"),
        (0, 1)
    );
    assert_eq!(
        odds(&r, "unit_firing_at_infantry", args, "1 hits, 1 converted"),
        (1, 2)
    );
    assert_eq!(
        odds(&r, "unit_firing_at_infantry", args, "1 hits, 0 converted"),
        (2, 5)
    );
}

#[test]
fn firing_at_infantry_team_is_rolled() {
    let r = rules();
    // Vehicle gun up to 12": 2d10, to hit 6 (natural 6-10, 1/2 each).
    let args = "firer=vehicle_gun range=close to_hit=6";
    assert_eq!(
        outcome(&r, "firing_at_infantry_team", args, &[6, 2]),
        "1 hits"
    );
    assert_eq!(odds(&r, "firing_at_infantry_team", args, "2 hits"), (1, 4));
    assert_eq!(odds(&r, "firing_at_infantry_team", args, "1 hits"), (1, 2));
}

#[test]
fn weapon_plus_ten_over_armour_places_a_morale_token() {
    let r = rules();
    // weapon 5 + 10 > armour 12: one morale token, whatever the roll.
    let text = outcome(&r, "vehicle_damage", "weapon=5 armour=12", &[1]);
    assert!(text.contains("place one morale token"), "{text}");
    // weapon 2 + 10 = armour 12 does not exceed it.
    let text = outcome(&r, "vehicle_damage", "weapon=2 armour=12", &[1]);
    assert!(!text.contains("place one morale token"), "{text}");
}

/// The `once` stage goes two ways: the sampler rolls the real dice, the
/// quick path and the exact odds read them as one combined die. All three
/// must agree: every outcome within four standard deviations of its exact
/// probability over 20,000 seeded rolls.
#[test]
fn once_stage_sampler_quick_and_odds_agree() {
    use rand::SeedableRng;
    let r = rules();
    let chart = r.chart("unit_firing_at_infantry").unwrap();
    let choices = chartwright::Choices::parse("gun_at_7_plus close cover to_hit=4").unwrap();
    let odds = chart.odds(&choices).unwrap();
    let bound = chart.bind(&choices).unwrap();
    let n = 20_000u32;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
    let mut full = std::collections::HashMap::<String, u32>::new();
    let mut quick = std::collections::HashMap::<String, u32>::new();
    for _ in 0..n {
        *full
            .entry(bound.roll(&mut rng).unwrap().summary())
            .or_default() += 1;
        let q = bound.roll_quick(&mut rng).unwrap();
        *quick
            .entry(bound.describe(&q.outcome).to_string())
            .or_default() += 1;
    }
    for seen in [&full, &quick] {
        for outcome in seen.keys() {
            assert!(
                odds.outcomes.iter().any(|o| &o.outcome == outcome),
                "sampled {outcome}, not in the exact odds"
            );
        }
        for o in &odds.outcomes {
            let p = o.probability.to_f64();
            let got = f64::from(seen.get(&*o.outcome).copied().unwrap_or(0)) / f64::from(n);
            let sigma = (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!(
                (got - p).abs() <= 4.0 * sigma + 1e-9,
                "{}: observed {got}, exact {p}",
                o.outcome
            );
        }
    }
}
