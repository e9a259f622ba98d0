//! Every chart of `rules/first_echelon.rules` against the sheet
//! (First Echelon tables, v1.3). First Echelon rolls one d10.
use crate::common;

use chartwright::{RollErrorKind, Ruleset};
use common::{assert_rows, load, odds, outcome, roll, roll_error};

fn fe() -> Ruleset {
    load("first_echelon")
}

// ---------------------------------------------------------------------------
// Discipline Rating

#[test]
fn discipline_rating_every_cell() {
    let r = fe();
    let cells = [
        ("elite", ["1", "0", "-1"]),
        ("veteran", ["1", "-1", "-2"]),
        ("experienced", ["0", "-1", "-3"]),
        ("trained", ["0", "-2", "-4"]),
        ("raw", ["-1", "-2", "-5"]),
    ];
    for (rating, row) in cells {
        for (status, want) in ["good_order", "suppressed", "disordered"].iter().zip(row) {
            let args = format!("unit_rating={rating} order_status={status}");
            assert_eq!(outcome(&r, "discipline_rating", &args, &[]), want, "{args}");
        }
    }
}

// ---------------------------------------------------------------------------
// Bog Down

const BOGGED_OR_DISPLACE: &str = "Bogged down OR Displace";

#[test]
fn bog_down_rows() {
    let r = fe();
    assert_rows(
        &r,
        "bog_down",
        "",
        &[
            (10, "Traverse"),
            (6, "Traverse"),
            (5, BOGGED_OR_DISPLACE),
            (4, BOGGED_OR_DISPLACE),
            (3, "Bogged down"),
            (1, "Bogged down"),
        ],
    );
    assert_rows(
        &r,
        "bog_down",
        "tracked",
        &[
            (4, "Traverse"),
            (3, BOGGED_OR_DISPLACE),
            (2, BOGGED_OR_DISPLACE),
            (1, "Bogged down"),
        ],
    );
    // -1 -1 -1 = -3
    assert_rows(
        &r,
        "bog_down",
        "manhandled bog_down_rating=-1 currently_bogged",
        &[
            (10, "Traverse"),
            (9, "Traverse"),
            (8, BOGGED_OR_DISPLACE),
            (7, BOGGED_OR_DISPLACE),
            (6, "Bogged down"),
            (1, "Bogged down"),
        ],
    );
    // +1 +2 = +3
    assert_rows(
        &r,
        "bog_down",
        "half_tracked bog_down_rating=2",
        &[
            (3, "Traverse"),
            (2, BOGGED_OR_DISPLACE),
            (1, BOGGED_OR_DISPLACE),
        ],
    );
}

#[test]
fn bog_down_odds() {
    let r = fe();
    // d10+2 >= 6 <=> natural >= 4: 7 of 10
    assert_eq!(odds(&r, "bog_down", "tracked", "Traverse"), (7, 10));
    // d10+2 in 4..5 <=> natural 2,3: 2 of 10
    assert_eq!(odds(&r, "bog_down", "tracked", BOGGED_OR_DISPLACE), (1, 5));
    // d10-1-1 <= 3 <=> natural <= 5: 5 of 10
    assert_eq!(
        odds(&r, "bog_down", "manhandled currently_bogged", "Bogged down"),
        (1, 2)
    );
}

#[test]
fn bog_down_mobility_is_exclusive() {
    let r = fe();
    match roll_error(&r, "bog_down", "tracked half_tracked").kind {
        RollErrorKind::Conflict { first, second, .. } => {
            assert_eq!(
                (first.as_str(), second.as_str()),
                ("tracked", "half_tracked")
            );
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
}

#[test]
fn bog_down_unknown_modifier_suggests() {
    let r = fe();
    match roll_error(&r, "bog_down", "trackd").kind {
        RollErrorKind::UnknownName {
            name, suggestion, ..
        } => {
            assert_eq!(name, "trackd");
            assert_eq!(suggestion.as_deref(), Some("tracked"));
        }
        other => panic!("expected an unknown name, got {other:?}"),
    }
}

#[test]
fn bog_down_rating_is_bounded() {
    let r = fe();
    assert!(matches!(
        roll_error(&r, "bog_down", "bog_down_rating=4").kind,
        RollErrorKind::OutOfBounds { lo, hi, .. } if lo == (-3).into() && hi == 3.into()
    ));
}

// ---------------------------------------------------------------------------
// Manoeuvre

const MAN_3: &str =
    "Manoeuvre for two actions OR Regroup and manoeuvre for one action if suppressed or disordered";
const MAN_2: &str =
    "Manoeuvre for one action OR Regroup and hold position if suppressed or disordered";
const MAN_1: &str = "Hold position. Cannot regroup if suppressed or disordered";
const MAN_0: &str = "Fall back for one action or to closest cover, disordered";
const MAN_NEG: &str = "Panic for two actions, disordered";
const MAN_HELI: &str = "Helicopters return to base";

#[test]
fn manoeuvre_rows() {
    let r = fe();
    assert_rows(
        &r,
        "manoeuvre",
        "",
        &[(10, MAN_3), (3, MAN_3), (2, MAN_2), (1, MAN_1)],
    );
    // discipline from the grid: raw, disordered = -5; casualties 75% -3: -8
    assert_rows(
        &r,
        "manoeuvre",
        "unit_rating=raw order_status=disordered casualties_75",
        &[
            (10, MAN_2),
            (9, MAN_1),
            (8, MAN_0),
            (7, MAN_NEG),
            (1, MAN_NEG),
        ],
    );
    // a helicopter in flight ignores enemy proximity: -2 only
    assert_rows(
        &r,
        "manoeuvre",
        "discipline=-2 helicopter no_enemy_los",
        &[
            (5, MAN_3),
            (4, MAN_2),
            (3, MAN_1),
            (2, MAN_0),
            (1, MAN_HELI),
        ],
    );
    // landed, it counts: -2 +2 = 0
    assert_rows(
        &r,
        "manoeuvre",
        "discipline=-2 helicopter landed no_enemy_los",
        &[(3, MAN_3), (2, MAN_2), (1, MAN_1)],
    );
    // +1 command radius, +1 no casualties, -4 NBC posture 0: -2
    assert_rows(
        &r,
        "manoeuvre",
        "command_radius casualties_none contaminated_nbc0",
        &[(5, MAN_3), (4, MAN_2), (3, MAN_1), (2, MAN_0), (1, MAN_NEG)],
    );
}

#[test]
fn manoeuvre_odds_and_conflicts() {
    let r = fe();
    // d10 >= 3 <=> natural 3..10: 8 of 10
    assert_eq!(odds(&r, "manoeuvre", "", MAN_3), (4, 5));
    // d10 - 2 (in_contaminated -1, enemy_within_5 -1) <= -1 <=> natural 1: 1 of 10
    assert_eq!(
        odds(&r, "manoeuvre", "in_contaminated enemy_within_5", MAN_NEG),
        (1, 10)
    );
    assert!(matches!(
        roll_error(&r, "manoeuvre", "casualties_none casualties_50").kind,
        RollErrorKind::Conflict { .. }
    ));
    assert!(matches!(
        roll_error(&r, "manoeuvre", "in_contaminated entering_contaminated").kind,
        RollErrorKind::Conflict { .. }
    ));
}

#[test]
fn manoeuvre_notes_list_the_actions() {
    let r = fe();
    let text = r.chart("manoeuvre").unwrap().render();
    assert!(text.contains("Perform engineering action"), "{text}");
    assert!(
        text.contains("Declare overwatch (only action permitted)"),
        "{text}"
    );
}

// ---------------------------------------------------------------------------
// Non-Persistent Chemical Agent Dispersion

#[test]
fn chemical_dispersion_rows() {
    let r = fe();
    assert_rows(
        &r,
        "chemical_dispersion",
        "",
        &[(10, "Agent dispersed"), (9, "No effect"), (1, "No effect")],
    );
    assert_rows(
        &r,
        "chemical_dispersion",
        "turns=2",
        &[(8, "Agent dispersed"), (7, "No effect")],
    );
    // turns capped at +4, +3 rain: +7
    assert_rows(
        &r,
        "chemical_dispersion",
        "turns=9 rain_or_wind",
        &[(3, "Agent dispersed"), (2, "No effect")],
    );
}

#[test]
fn chemical_dispersion_odds() {
    let r = fe();
    // turns=9 capped at +4, +3 rain: d10+7 >= 10 <=> natural >= 3: 8 of 10
    assert_eq!(
        odds(
            &r,
            "chemical_dispersion",
            "turns=9 rain_or_wind",
            "Agent dispersed"
        ),
        (4, 5)
    );
    // no modifier: natural 10 only: 1 of 10
    assert_eq!(
        odds(&r, "chemical_dispersion", "", "Agent dispersed"),
        (1, 10)
    );
}

// ---------------------------------------------------------------------------
// Improved Position

#[test]
fn improved_position_rows() {
    let r = fe();
    assert_rows(
        &r,
        "improved_position",
        "",
        &[(10, "Improved Position"), (9, "No effect")],
    );
    // +1 +3 +1 = +5
    assert_rows(
        &r,
        "improved_position",
        "engineers dozer discipline=1",
        &[(5, "Improved Position"), (4, "No effect")],
    );
    // trained suppressed -2, turns capped +4: +2
    assert_rows(
        &r,
        "improved_position",
        "unit_rating=trained order_status=suppressed turns_improving=6",
        &[(8, "Improved Position"), (7, "No effect")],
    );
}

#[test]
fn improved_position_odds() {
    let r = fe();
    // d10 +1 +2 +3 >= 10 <=> natural >= 4: 7 of 10
    assert_eq!(
        odds(
            &r,
            "improved_position",
            "engineers turns_improving=2 dozer",
            "Improved Position"
        ),
        (7, 10)
    );
}

// ---------------------------------------------------------------------------
// Hull Down

#[test]
fn hull_down_rows() {
    let r = fe();
    assert_rows(&r, "hull_down", "", &[(6, "Hull Down"), (5, "No effect")]);
    // -2 +1 = -1
    assert_rows(
        &r,
        "hull_down",
        "hull_down_modifier=-2 rough_ground",
        &[(7, "Hull Down"), (6, "No effect")],
    );
    // rough ground does not apply to helicopters; elite good order +1
    assert_rows(
        &r,
        "hull_down",
        "helicopter rough_ground unit_rating=elite order_status=good_order",
        &[(5, "Hull Down"), (4, "No effect")],
    );
}

// ---------------------------------------------------------------------------
// Bail Out

#[test]
fn bail_out_rows() {
    let r = fe();
    assert_rows(
        &r,
        "bail_out",
        "",
        &[
            (10, "Dismount"),
            (9, "Dismount"),
            (8, "Dismount Suppressed"),
            (6, "Dismount Suppressed"),
            (5, "Dismount Disordered"),
            (3, "Dismount Disordered"),
            (2, "Knocked Out"),
            (1, "Knocked Out"),
        ],
    );
    assert_rows(
        &r,
        "bail_out",
        "from_good_order",
        &[
            (6, "Dismount"),
            (5, "Dismount Suppressed"),
            (3, "Dismount Suppressed"),
            (2, "Dismount Disordered"),
            (1, "Dismount Disordered"),
        ],
    );
    // +1 -3 -2 -1 = -5
    assert_rows(
        &r,
        "bail_out",
        "from_suppressed helicopter_air_ko bail_out_penalty=2 unsuitable_terrain",
        &[
            (10, "Dismount Disordered"),
            (8, "Dismount Disordered"),
            (7, "Knocked Out"),
            (1, "Knocked Out"),
        ],
    );
    // +3 +2 = +5
    assert_rows(
        &r,
        "bail_out",
        "mpv=3 from_disordered",
        &[
            (4, "Dismount"),
            (3, "Dismount Suppressed"),
            (1, "Dismount Suppressed"),
        ],
    );
}

#[test]
fn bail_out_odds() {
    let r = fe();
    // d10 >= 9 <=> natural 9,10: 2 of 10
    assert_eq!(odds(&r, "bail_out", "", "Dismount"), (1, 5));
    // d10+3 <= 2 never; d10+3 in 3..5 <=> natural 1,2: 2 of 10
    assert_eq!(
        odds(&r, "bail_out", "from_good_order", "Knocked Out"),
        (0, 1)
    );
    assert_eq!(
        odds(&r, "bail_out", "from_good_order", "Dismount Disordered"),
        (1, 5)
    );
}

/// Bail Out's one-of group (the vehicle's state) holds through Fire Combat,
/// which passes its inputs on to the Bail Out check it follows up: two
/// states are refused when Fire Combat is bound, whatever the dice show,
/// as they are on Bail Out itself; one state is read by the follow-up.
#[test]
fn bail_out_states_are_one_of_through_fire_combat() {
    use chartwright::{Choices, RollErrorKind, Scripted};
    let r = fe();
    let both = "target_discipline=veteran attack=direct df_weapon=4 mounted \
                from_suppressed from_disordered";
    let choices = Choices::parse(both).expect("args");
    let fire = r.chart("fire_combat").expect("chart");
    let bound = fire.bind(&choices).expect_err("both states refused");
    let odds = fire.odds(&choices).expect_err("the exact engine refuses");
    // A 1 is No effect: no Bail Out is rolled, and still both are refused.
    let rolled = fire
        .roll(&choices, &mut Scripted::new([1]))
        .expect_err("the sampler refuses");
    assert_eq!(odds, bound);
    assert_eq!(rolled, bound);
    let RollErrorKind::Conflict {
        group,
        first,
        second,
        via: follow_up,
        ..
    } = &bound.kind
    else {
        panic!("not a conflict: {bound:?}");
    };
    assert_eq!(
        (group.as_str(), first.as_str(), second.as_str()),
        ("Vehicle state", "from_suppressed", "from_disordered")
    );
    assert_eq!(
        follow_up,
        &Some(Box::new(chartwright::ConflictVia::FollowUp(
            "bail_out".into()
        )))
    );
    let direct = r
        .chart("bail_out")
        .expect("chart")
        .odds(&Choices::parse("from_suppressed from_disordered").expect("args"))
        .expect_err("Bail Out refuses both");
    assert_eq!(direct.to_string(), bound.to_string());
    // One state passes: a knock-out (a 10 +4 on the veteran column) rolls
    // Bail Out at +1.
    let one = Choices::parse(
        "target_discipline=veteran attack=direct df_weapon=4 mounted from_suppressed",
    )
    .expect("args");
    assert!(fire.odds(&one).is_ok());
    // The playground's form draws the group as radio buttons: the inputs
    // Fire Combat passes on carry Bail Out's group.
    let inputs = fire.inputs();
    for name in ["from_suppressed", "from_disordered", "from_good_order"] {
        let input = inputs.iter().find(|i| i.name == name).expect(name);
        assert_eq!(input.one_of.as_deref(), Some("Vehicle state"), "{name}");
    }
}

// ---------------------------------------------------------------------------
// Minefield Passage

#[test]
fn minefield_passage_rows() {
    let r = fe();
    assert_rows(
        &r,
        "minefield_passage",
        "",
        &[
            (10, "Traverse"),
            (8, "Traverse"),
            (7, "Halt Suppressed"),
            (6, "Halt Suppressed"),
            (5, "Halt Disordered"),
            (4, "Halt Disordered"),
            (3, "Knocked Out"),
            (1, "Knocked Out"),
        ],
    );
    assert_rows(
        &r,
        "minefield_passage",
        "engineering=2",
        &[
            (6, "Traverse"),
            (5, "Halt Suppressed"),
            (3, "Halt Disordered"),
            (1, "Knocked Out"),
        ],
    );
    assert_rows(
        &r,
        "minefield_passage",
        "engineering=-3",
        &[
            (10, "Halt Suppressed"),
            (9, "Halt Suppressed"),
            (8, "Halt Disordered"),
            (6, "Knocked Out"),
        ],
    );
}

// ---------------------------------------------------------------------------
// Player Turn Sequence

#[test]
fn turn_sequence_is_reference_text() {
    let r = fe();
    let chart = r.chart("turn_sequence").unwrap();
    assert!(chart.is_notes());
    let text = chart.render();
    for phase in [
        "Phase 1: Chemical Agent Dispersion Check",
        "Phase 2: Offensive Fire Combat",
        "Phase 3: Manoeuvre",
        "Phase 4: Defensive Fire Combat",
        "Phase 5: Close Combat",
        "Enemy player resolves opportunity fire.",
    ] {
        assert!(text.contains(phase), "missing {phase:?} in {text}");
    }
}

// ---------------------------------------------------------------------------
// Spotting Table and Modified Spotting Distance

#[test]
fn spotting_table_every_cell() {
    let r = fe();
    let cells = [
        ("none", ["60", "40", "20", "10"]),
        ("sparse_edge", ["40", "20", "10", "5"]),
        ("sparse_deep", ["20", "10", "5", "2"]),
        ("dense_edge", ["20", "10", "5", "3"]),
        ("dense_deep", ["4", "3", "2", "1"]),
    ];
    let types = ["large_vehicle", "medium_vehicle", "small_vehicle", "troops"];
    for (conc, row) in cells {
        for (ty, want) in types.iter().zip(row) {
            let args = format!("concealment={conc} target_type={ty}");
            assert_eq!(outcome(&r, "spotting_table", &args, &[]), want, "{args}");
        }
    }
}

#[test]
fn distance_modifiers_net_and_groups() {
    let r = fe();
    // -2 smoke +1 moving +2 GSR on V targets = +1
    assert_eq!(
        outcome(&r, "distance_modifiers", "smoke target_moving gsr_v", &[]),
        "+1"
    );
    // -1 -1 -1 -1 -1 +4 (signature) +1 +1 = +1
    assert_eq!(
        outcome(
            &r,
            "distance_modifiers",
            "spotter_suppressed spotter_rapid_advance spotter_nbc3 target_cover obscured \
             target_signature=4 spotter_observer spotter_elevation",
            &[]
        ),
        "+1"
    );
    assert!(matches!(
        roll_error(&r, "distance_modifiers", "thermal_sights gsr_v").kind,
        RollErrorKind::Conflict { .. }
    ));
    assert!(matches!(
        roll_error(&r, "distance_modifiers", "target_moving target_signature=1").kind,
        RollErrorKind::Conflict { .. }
    ));
    assert!(matches!(
        roll_error(&r, "distance_modifiers", "obscured smoke").kind,
        RollErrorKind::Conflict { .. }
    ));
}

#[test]
fn modified_spotting_distance_ladder() {
    let r = fe();
    let cases = [
        // 10, up two steps
        ("concealment=none target_type=troops target_moving spotter_observer", "40"),
        // 60, up three: stops at 80
        (
            "concealment=none target_type=large_vehicle thermal_sights spotter_elevation spotter_observer",
            "80",
        ),
        // 2, down three: stops at 1
        ("concealment=sparse_deep target_type=troops smoke target_cover", "1"),
        // Dense Edge reads its own column: the 4* cap is Dense Deep's.
        ("concealment=dense_edge target_type=large_vehicle", "20"),
        ("concealment=dense_edge target_type=large_vehicle spotter_suppressed", "10"),
        ("concealment=dense_edge target_type=small_vehicle", "5"),
        // 10 up two: 40, not capped at the edge
        ("concealment=dense_edge target_type=medium_vehicle gsr_v", "40"),
        // Thermal sights ignore smoke (the sheet's dagger): 5, up one: 10
        ("concealment=sparse_edge target_type=troops smoke thermal_sights", "10"),
        // ... and dissipating smoke: 5, up one: 10
        ("concealment=sparse_edge target_type=troops dissipating_smoke thermal_sights", "10"),
        // ... but not a barrage or burning wreck: 5, down one, up one: 5
        ("concealment=sparse_edge target_type=troops obscured thermal_sights", "5"),
        // 1, up two: 3
        ("concealment=dense_deep target_type=troops gsr_v", "3"),
        // 4, up two to 10: capped at 4
        ("concealment=dense_deep target_type=large_vehicle gsr_v", "4"),
        // 20, +2 -1: 40
        (
            "concealment=sparse_edge target_type=medium_vehicle target_signature=2 spotter_nbc3",
            "40",
        ),
        // 5, down one: 4
        ("concealment=sparse_edge target_type=troops obscured", "4"),
        // 5, down two: 3 (4 is a step of its own)
        ("concealment=sparse_edge target_type=troops smoke", "3"),
        // 40, no modifier
        ("concealment=none target_type=medium_vehicle", "40"),
    ];
    for (args, want) in cases {
        assert_eq!(
            outcome(&r, "modified_spotting_distance", args, &[]),
            want,
            "{args}"
        );
    }
}

#[test]
fn modified_spotting_distance_needs_target_type() {
    let r = fe();
    let e = roll_error(&r, "modified_spotting_distance", "concealment=none");
    assert!(matches!(e.kind, RollErrorKind::MissingChoice { .. }));
    // Shown where the choice is declared, its options in the help.
    let span = e.span.expect("a span");
    assert_eq!(r.sources().text(span), "target_type", "{e}");
}

// ---------------------------------------------------------------------------
// Fire Combat modifier sets

#[test]
fn fire_modifier_sets_restore_signs() {
    let r = fe();
    // +3 -1 -2 -2 -2 = -4
    assert_eq!(
        outcome(
            &r,
            "direct_fire_modifiers",
            "df_weapon=3 df_fire_to_rear df_under_air_attack df_armour=2 df_suspected",
            &[]
        ),
        "-4"
    );
    // +1 +1 +1 -3 -3 +1 = -2
    assert_eq!(
        outcome(
            &r,
            "direct_fire_modifiers",
            "df_disordered df_ambushed df_enfiladed df_reactive_armour df_concrete_pillbox df_chemical_template",
            &[]
        ),
        "-2"
    );
    // discipline from the grid: veteran, suppressed = -1; cover -1; smoke -2
    assert_eq!(
        outcome(
            &r,
            "direct_fire_modifiers",
            "unit_rating=veteran order_status=suppressed df_cover df_smoke",
            &[]
        ),
        "-4"
    );
    // +2 +3 (three batteries) -3 -2 = 0
    assert_eq!(
        outcome(
            &r,
            "indirect_fire_modifiers",
            "if_weapon=2 if_tot_batteries=3 if_helicopter_noe if_dpicm_cover",
            &[]
        ),
        "+0"
    );
    // -1 +1 -4 -2 -1 +1 = -6
    assert_eq!(
        outcome(
            &r,
            "indirect_fire_modifiers",
            "if_random_shelling if_disordered if_armour=4 if_log_pillbox if_obscured if_chemical_template",
            &[]
        ),
        "-6"
    );
    // +4 -1 -2 +1 = +2
    assert_eq!(
        outcome(
            &r,
            "air_to_ground_modifiers",
            "ag_weapon=4 ag_armour=1 ag_log_pillbox ag_disordered",
            &[]
        ),
        "+2"
    );
    // +4 -3 +1 -1 -1 -1 = -1
    assert_eq!(
        outcome(
            &r,
            "chemical_attack_modifiers",
            "ch_weapon ch_nbc3 ch_disordered ch_nato_first_line ch_nbc_protection ch_nbc_recon",
            &[]
        ),
        "-1"
    );
    for (set, args) in [
        ("direct_fire_modifiers", "df_armour=2 df_enfiladed"),
        ("direct_fire_modifiers", "df_cover df_improved_hard_cover"),
        ("indirect_fire_modifiers", "if_concentration if_thickened"),
        ("indirect_fire_modifiers", "if_armour=2 if_helicopter_noe"),
        ("air_to_ground_modifiers", "ag_obscured ag_smoke"),
        ("chemical_attack_modifiers", "ch_nbc0 ch_nbc1"),
    ] {
        assert!(
            matches!(
                roll_error(&r, set, args).kind,
                RollErrorKind::Conflict { .. }
            ),
            "{set} {args}"
        );
    }
    let notes = r.chart("chemical_attack_modifiers").unwrap().render();
    assert!(notes.contains("cover provides no benefit"), "{notes}");
}

// ---------------------------------------------------------------------------
// Fire Combat

const KO: &str = "Knocked out";
const DIS: &str = "Disordered (Chobham & ERA degraded by DF)";
const SUP: &str = "Suppressed (ERA degraded by DF)";
const NE: &str = "No effect";

/// Fire Combat outcome for a natural face; a Bail Out roll after a
/// knock-out gets the face 5.
#[track_caller]
fn fire(r: &Ruleset, args: &str, rows: &[(u32, &str)]) {
    for &(face, want) in rows {
        let got = outcome(r, "fire_combat", args, &[face, 5]);
        assert_eq!(got, want, "fire_combat {args:?} natural {face}");
    }
}

#[test]
fn fire_combat_direct_fire_columns() {
    let r = fe();
    fire(
        &r,
        "attack=direct target_discipline=elite df_weapon=0",
        &[
            (10, KO),
            (9, DIS),
            (8, DIS),
            (7, SUP),
            (6, NE),
            (5, NE),
            (2, NE),
            (1, NE),
        ],
    );
    fire(
        &r,
        "attack=direct target_discipline=veteran df_weapon=0",
        &[
            (10, KO),
            (9, DIS),
            (8, DIS),
            (7, SUP),
            (6, SUP),
            (5, NE),
            (4, NE),
        ],
    );
    fire(
        &r,
        "attack=direct target_discipline=experienced df_weapon=0",
        &[
            (10, KO),
            (8, DIS),
            (7, SUP),
            (6, SUP),
            (5, SUP),
            (4, NE),
            (3, NE),
        ],
    );
    fire(
        &r,
        "attack=direct target_discipline=trained df_weapon=0",
        &[
            (10, KO),
            (9, DIS),
            (7, DIS),
            (6, SUP),
            (5, SUP),
            (4, NE),
            (3, NE),
        ],
    );
    fire(
        &r,
        "attack=direct target_discipline=raw df_weapon=0",
        &[
            (10, KO),
            (8, DIS),
            (7, DIS),
            (6, SUP),
            (5, SUP),
            (4, SUP),
            (3, NE),
            (2, NE),
        ],
    );
}

#[test]
fn fire_combat_conditional_rows() {
    let r = fe();
    // "No effect OR Suppressed if attacked by indirect, air-to-ground or chemical"
    fire(
        &r,
        "attack=indirect target_discipline=raw if_weapon=0",
        &[(3, "Suppressed"), (2, NE), (6, SUP), (7, DIS)],
    );
    fire(
        &r,
        "attack=indirect target_discipline=elite if_weapon=0",
        &[(6, "Suppressed"), (5, NE)],
    );
    // "Suppressed OR Disordered if attacked by air-to-ground or chemical"
    fire(
        &r,
        "attack=air_to_ground target_discipline=trained ag_weapon=0",
        &[(6, "Disordered"), (5, SUP), (4, "Suppressed"), (3, NE)],
    );
    // (+4 chemical weapon attack, -3 NBC 3, -1 first-line NATO: net 0)
    fire(
        &r,
        "attack=chemical target_discipline=experienced ch_nbc3 ch_nato_first_line",
        &[(7, "Disordered"), (4, "Suppressed"), (8, DIS)],
    );
    // "KOd if already Disordered"
    fire(
        &r,
        "attack=chemical target_discipline=experienced already_disordered ch_nbc3 ch_nato_first_line",
        &[(7, KO), (6, SUP), (8, DIS)],
    );
    fire(
        &r,
        "attack=direct target_discipline=trained already_disordered df_weapon=0",
        &[(6, KO), (5, SUP)],
    );
}

#[test]
fn fire_combat_modifiers_by_attack() {
    let r = fe();
    // direct, +3 weapon rating
    fire(
        &r,
        "attack=direct target_discipline=veteran df_weapon=3",
        &[(7, KO), (6, DIS), (5, DIS), (4, SUP), (3, SUP), (2, NE)],
    );
    // the direct fire modifiers do not apply to indirect fire
    fire(
        &r,
        "attack=indirect target_discipline=elite if_weapon=0 df_weapon=5",
        &[(6, "Suppressed"), (9, DIS)],
    );
    // indirect, +2 weapon -1 cover = +1
    fire(
        &r,
        "attack=indirect target_discipline=elite if_weapon=2 if_cover",
        &[(9, KO), (7, DIS), (6, SUP), (5, "Suppressed"), (4, NE)],
    );
    // chemical, +4 -3 (NBC 3) = +1, raw
    fire(
        &r,
        "attack=chemical target_discipline=raw ch_weapon ch_nbc3",
        &[
            (9, KO),
            (6, DIS),
            (5, "Disordered"),
            (4, SUP),
            (3, SUP),
            (2, "Suppressed"),
        ],
    );
    // air-to-ground, +2 weapon, -r armour 4 = -2, experienced
    fire(
        &r,
        "attack=air_to_ground target_discipline=experienced ag_weapon=2 ag_armour=4",
        &[
            (10, DIS),
            (9, "Disordered"),
            (8, SUP),
            (6, "Suppressed"),
            (5, NE),
        ],
    );
}

#[test]
fn fire_combat_unreliable_tech() {
    let r = fe();
    // +10 +1 +1 = +12: every total is a knock-out, except the natural rules
    let base = "attack=direct target_discipline=raw df_weapon=10 df_ambushed df_disordered";
    fire(&r, base, &[(1, NE), (2, KO)]);
    fire(
        &r,
        &format!("{base} atgm_sam_heli"),
        &[(1, NE), (2, NE), (3, KO)],
    );
    fire(
        &r,
        &format!("{base} unreliable_tech"),
        &[(1, NE), (2, NE), (3, NE), (4, NE), (5, KO)],
    );
    fire(
        &r,
        &format!("{base} unreliable_tech atgm_sam_heli"),
        &[(4, NE), (5, KO)],
    );
}

#[test]
fn fire_combat_knock_out_rolls_bail_out() {
    let r = fe();
    for (second, want) in [
        (9, "Dismount"),
        (6, "Dismount Suppressed"),
        (4, "Dismount Disordered"),
        (2, "Knocked Out"),
    ] {
        let rolled = roll(
            &r,
            "fire_combat",
            "attack=direct target_discipline=elite df_weapon=0 mounted",
            &[10, second],
        );
        assert_eq!(rolled.outcome.to_string(), KO);
        assert_eq!(rolled.follow_ups.len(), 1);
        assert_eq!(rolled.follow_ups[0].chart, "first_echelon.bail_out");
        assert_eq!(rolled.follow_ups[0].outcome.to_string(), want);
        assert_eq!(rolled.summary(), format!("{KO} -> {want}"));
    }
    // the "KOd if already Disordered" row also rolls Bail Out
    let rolled = roll(
        &r,
        "fire_combat",
        "attack=air_to_ground target_discipline=raw already_disordered ag_weapon=0 mounted",
        &[6, 7],
    );
    assert_eq!(rolled.follow_ups.len(), 1);
    assert_eq!(
        rolled.follow_ups[0].outcome.to_string(),
        "Dismount Suppressed"
    );
    // no follow-up otherwise
    let rolled = roll(
        &r,
        "fire_combat",
        "attack=direct target_discipline=elite df_weapon=0",
        &[9, 9],
    );
    assert!(rolled.follow_ups.is_empty());
}

#[test]
fn fire_combat_odds() {
    let r = fe();
    let elite = "attack=direct target_discipline=elite df_weapon=0 mounted";
    // Disordered on natural 8,9: 2 of 10
    assert_eq!(odds(&r, "fire_combat", elite, DIS), (1, 5));
    // Knocked out on natural 10 (1/10), then Bail Out Dismount on 9,10 (2/10): 2 of 100
    assert_eq!(
        odds(&r, "fire_combat", elite, "Knocked out -> Dismount"),
        (1, 50)
    );
    // then Dismount Suppressed on 6,7,8: 3 of 100
    assert_eq!(
        odds(
            &r,
            "fire_combat",
            elite,
            "Knocked out -> Dismount Suppressed"
        ),
        (3, 100)
    );
    // Unreliable Tech with +5: natural 1-4 fail (4 of 10); 5..10 give 10..15, knocked out
    // (6 of 10), then Bail Out 3,4,5 Dismount Disordered (3 of 10): 18 of 100
    let ut = "attack=direct target_discipline=raw df_weapon=5 unreliable_tech mounted";
    assert_eq!(odds(&r, "fire_combat", ut, NE), (2, 5));
    assert_eq!(
        odds(&r, "fire_combat", ut, "Knocked out -> Dismount Disordered"),
        (9, 50)
    );
}

// ---------------------------------------------------------------------------
// Call for Fire

#[test]
fn call_for_fire_grid_every_cell() {
    let r = fe();
    let np = "Not possible";
    let rows: [(&str, &str, [&str; 4]); 12] = [
        (
            "soviet",
            "forward_observer",
            ["3 or more", "4 or more", "7 or more", "4 or more"],
        ),
        ("soviet", "bg_commander", ["4 or more", "5 or more", np, np]),
        ("soviet", "me_commander", ["4 or more", "6 or more", np, np]),
        (
            "nato",
            "forward_observer",
            ["3 or more", "4 or more", "6 or more", "3 or more"],
        ),
        (
            "nato",
            "commander",
            ["4 or more", "5 or more", "7 or more", "5 or more"],
        ),
        (
            "nato",
            "troops_vehicles",
            ["5 or more", "6 or more", "8 or more", "7 or more"],
        ),
        (
            "developing_world",
            "forward_observer",
            ["4 or more", "5 or more", "8 or more", "6 or more"],
        ),
        (
            "developing_world",
            "bg_commander",
            ["5 or more", "6 or more", np, np],
        ),
        (
            "developing_world",
            "me_commander",
            ["5 or more", np, np, np],
        ),
        (
            "insurgent",
            "forward_observer",
            ["5 or more", "6 or more", np, np],
        ),
        ("insurgent", "bg_commander", ["6 or more", np, np, np]),
        ("insurgent", "me_commander", ["6 or more", np, np, np]),
    ];
    for (doctrine, observer, cells) in rows {
        for (support, want) in ["organic", "direct", "general", "air"].iter().zip(cells) {
            let args = format!("doctrine={doctrine} observer={observer} support={support}");
            assert_eq!(
                outcome(&r, "call_for_fire_target", &args, &[]),
                want,
                "{args}"
            );
        }
    }
    // combinations the sheet does not list
    for args in [
        "doctrine=soviet observer=commander support=organic",
        "doctrine=nato observer=bg_commander support=organic",
        "doctrine=insurgent observer=troops_vehicles support=organic",
    ] {
        assert_eq!(outcome(&r, "call_for_fire_target", args, &[]), np, "{args}");
    }
}

#[test]
fn call_for_fire_check() {
    let r = fe();
    // NATO commander, air support: 5 or more
    assert_rows(
        &r,
        "call_for_fire",
        "doctrine=nato observer=commander support=air",
        &[
            (10, "Success; also Danger Close"),
            (5, "Success"),
            (4, "Failure"),
            (1, "Failure"),
        ],
    );
    // smoke -2: natural 7 or more
    assert_rows(
        &r,
        "call_for_fire",
        "doctrine=nato observer=commander support=air smoke",
        &[
            (10, "Success; also Danger Close"),
            (7, "Success"),
            (6, "Failure"),
        ],
    );
    // elite good order +1, preregistered +1; Developing World ME commander,
    // organic: 5 or more
    assert_rows(
        &r,
        "call_for_fire",
        "doctrine=developing_world observer=me_commander support=organic \
         unit_rating=elite order_status=good_order preregistered",
        &[(3, "Success"), (2, "Failure")],
    );
    // -5 -2: even a natural 10 fails an insurgent BG commander's 6 or more,
    // and is still Danger Close
    assert_rows(
        &r,
        "call_for_fire",
        "doctrine=insurgent observer=bg_commander support=organic discipline=-5 smoke",
        &[(10, "Failure; also Danger Close"), (9, "Failure")],
    );
    // a combination that cannot call for fire rolls nothing
    assert_eq!(
        outcome(
            &r,
            "call_for_fire",
            "doctrine=soviet observer=bg_commander support=general",
            &[]
        ),
        "Not possible"
    );
    assert!(matches!(
        roll_error(
            &r,
            "call_for_fire",
            "doctrine=nato observer=commander support=air obscured smoke"
        )
        .kind,
        RollErrorKind::Conflict { .. }
    ));
}

#[test]
fn call_for_fire_odds() {
    let r = fe();
    let args = "doctrine=soviet observer=forward_observer support=general";
    // 7 or more: natural 7,8,9 succeed plainly (3 of 10); 10 is Danger Close (1 of 10)
    assert_eq!(odds(&r, "call_for_fire", args, "Success"), (3, 10));
    assert_eq!(
        odds(&r, "call_for_fire", args, "Success; also Danger Close"),
        (1, 10)
    );
    // natural 1..6 fail: 6 of 10
    assert_eq!(odds(&r, "call_for_fire", args, "Failure"), (3, 5));
    // +1 preregistered against 3 or more: d10+1 >= 3 <=> natural >= 2; minus the 10: 8 of 10
    assert_eq!(
        odds(
            &r,
            "call_for_fire",
            "doctrine=nato observer=forward_observer support=air preregistered",
            "Success"
        ),
        (4, 5)
    );
}

#[test]
fn call_for_fire_notes_keep_footnotes() {
    let r = fe();
    let text = r.chart("call_for_fire").unwrap().render();
    assert!(text.contains("Forward Air Controller (FAC)"), "{text}");
    assert!(text.contains("Light Mortar, Medium Mortar"), "{text}");
}

// ---------------------------------------------------------------------------
// Close Combat

const CC_4: &str = "ATT Seize the position.; DEF Knocked out.";
const CC_1: &str = "ATT Seize the position.; DEF Abandon position and fall back for one action or to closest cover, disordered.";
const CC_0: &str =
    "ATT One unit knocked out, remaining units seize the position.; DEF Knocked out.";
const CC_M1: &str = "ATT All units abandon position and fall back for one action or to closest cover, disordered.; DEF Hold position.";
const CC_M4: &str = "ATT One unit knocked out. Remaining units abandon position and fall back for one action or to closest cover, disordered.; DEF Hold Position.";

/// Close combat arguments: each side's discipline and close combat ratings
/// are needed; those `args` leave out are 0.
fn cc(args: &str) -> String {
    let mut out = args.to_string();
    for need in [
        "att.discipline",
        "def.discipline",
        "att.close_combat_rating",
        "def.close_combat_rating",
    ] {
        if !args.contains(&format!("{need}=")) {
            out = format!("{out} {need}=0");
        }
    }
    out
}

/// Close combat with the attacker's face, then the defender's.
#[track_caller]
fn close(r: &Ruleset, args: &str, rows: &[(u32, u32, &str)]) {
    let args = &cc(args);
    for &(att, def, want) in rows {
        let got = outcome(r, "close_combat", args, &[att, def]);
        assert_eq!(got, want, "close_combat {args:?} att {att} def {def}");
    }
}

#[test]
fn close_combat_rows() {
    let r = fe();
    close(
        &r,
        "",
        &[
            (8, 4, CC_4),
            (10, 1, CC_4),
            (7, 4, CC_1),
            (5, 4, CC_1),
            (4, 4, CC_0),
            (3, 4, CC_M1),
            (1, 4, CC_M1),
            (1, 5, CC_M4),
            (1, 10, CC_M4),
        ],
    );
    // attacker +1 +1, defender -1: difference + 3
    close(
        &r,
        "att.discipline=1 att.foothold def.outflanked",
        &[
            (2, 1, CC_4),
            (1, 1, CC_1),
            (1, 4, CC_0),
            (1, 5, CC_M1),
            (1, 8, CC_M4),
        ],
    );
    // attacker -2 +1 = -1, defender +1 +2 = +3: difference - 4
    close(
        &r,
        "att.vehicle_vs_concealed att.close_combat_rating=1 def.built_up def.close_combat_rating=2",
        &[
            (10, 2, CC_4),
            (10, 3, CC_1),
            (10, 6, CC_0),
            (9, 6, CC_M1),
            (5, 5, CC_M4),
        ],
    );
    // the same modifier on both sides cancels out
    close(
        &r,
        "att.vehicle_vs_concealed def.vehicle_vs_concealed att.discipline=-2 def.discipline=-2",
        &[(6, 2, CC_4), (6, 6, CC_0), (2, 6, CC_M4)],
    );
}

#[test]
fn close_combat_sides_and_odds() {
    let r = fe();
    // d10 - d10 = 0 on 10 of the 100 pairs
    assert_eq!(odds(&r, "close_combat", &cc(""), CC_0), (1, 10));
    // d10 - d10 >= 4: defender 1..6 against 6+5+4+3+2+1 attacker faces = 21 of 100
    assert_eq!(odds(&r, "close_combat", &cc(""), CC_4), (21, 100));
    // a side's rating is needed, never a silent 0
    assert!(matches!(
        roll_error(&r, "close_combat", "att.discipline=0").kind,
        RollErrorKind::MissingParam { .. }
    ));
    // foothold is the attacker's only
    match roll_error(&r, "close_combat", "def.foothold").kind {
        RollErrorKind::UnknownName { suggestion, .. } => {
            assert_eq!(suggestion.as_deref(), Some("att.foothold"));
        }
        other => panic!("expected an unknown name, got {other:?}"),
    }
    assert!(matches!(
        roll_error(&r, "close_combat", "att.outflanked").kind,
        RollErrorKind::UnknownName { .. }
    ));
}

// ---------------------------------------------------------------------------
// A choice used only in conditions (`use ... if attack = direct`, outcomes
// `... if attack in [...]`) is not required at roll time: without `attack`
// every condition on it reads false, so the Direct Fire modifiers silently
// add nothing and the conditional rows read their `else` branch.

#[test]
fn fire_combat_needs_the_type_of_attack() {
    let r = fe();
    assert!(matches!(
        roll_error(&r, "fire_combat", "target_discipline=raw df_weapon=3").kind,
        RollErrorKind::MissingChoice { .. }
    ));
}

// ---------------------------------------------------------------------------
// Rules read against the sheet's notes: helicopters, bail out, chemical
// attacks, and traces naming the rule that applied

#[test]
fn manoeuvre_helicopters_return_to_base_only_when_helicopter() {
    let r = fe();
    // -1 or less: manhandled-free, casualties 75% (-3) on natural 2 -> -1.
    assert_eq!(
        outcome(&r, "manoeuvre", "casualties_75", &[2]),
        "Panic for two actions, disordered"
    );
    assert_eq!(
        outcome(&r, "manoeuvre", "casualties_75 helicopter", &[2]),
        "Helicopters return to base"
    );
}

#[test]
fn fire_combat_bail_out_only_when_mounted_with_its_modifiers() {
    let r = fe();
    let args = "attack=direct target_discipline=trained df_weapon=0";
    // Natural 10: Knocked out; no troops mounted: no Bail Out check.
    let p = roll(&r, "fire_combat", args, &[10, 5]);
    assert_eq!(p.outcome.to_string(), "Knocked out");
    assert!(p.follow_ups.is_empty(), "{}", p.summary());
    // Mounted, from a good-order vehicle (+3): natural 5 -> 8, Dismount Suppressed.
    let p = roll(
        &r,
        "fire_combat",
        &format!("{args} mounted from_good_order"),
        &[10, 5],
    );
    assert_eq!(p.summary(), "Knocked out -> Dismount Suppressed");
    // The Bail Out penalty reaches the follow-up: 5 + 3 - 2 = 6.
    let p = roll(
        &r,
        "fire_combat",
        &format!("{args} mounted from_good_order bail_out_penalty=2"),
        &[10, 3],
    );
    assert_eq!(p.summary(), "Knocked out -> Dismount Disordered");
}

#[test]
fn chemical_attack_always_adds_four() {
    let r = fe();
    // Chemical, trained target, nothing named: natural 6 + 4 = 10 -> Knocked out.
    assert_eq!(
        outcome(
            &r,
            "fire_combat",
            "attack=chemical target_discipline=trained",
            &[6]
        ),
        "Knocked out"
    );
    // Not on a direct-fire attack: natural 6 on trained reads the 6 row.
    assert_ne!(
        outcome(
            &r,
            "fire_combat",
            "attack=direct target_discipline=trained df_weapon=0",
            &[6]
        ),
        "Knocked out"
    );
    // Odds: d10 + 4 >= 10 on natural 6-10 -> 1/2.
    assert_eq!(
        odds(
            &r,
            "fire_combat",
            "attack=chemical target_discipline=trained",
            "Knocked out"
        ),
        (1, 2)
    );
}

#[test]
fn trace_names_the_natural_rule_that_applied() {
    let r = fe();
    let args = "doctrine=nato observer=commander support=organic discipline=0";
    let p = roll(&r, "call_for_fire", args, &[10]);
    assert_eq!(p.natural_rules.len(), 1);
    assert_eq!(
        p.natural_rules[0].to_string(),
        "natural 10: Danger Close (also)"
    );
    assert!(!p.natural_rules[0].replaces);
    // Unreliable Tech: natural 1-4 replaces the row's Knocked out.
    let p = roll(
        &r,
        "fire_combat",
        "attack=direct target_discipline=raw df_weapon=9 unreliable_tech",
        &[3],
    );
    assert_eq!(p.outcome.to_string(), "No effect");
    let replacing: Vec<String> = p
        .natural_rules
        .iter()
        .filter(|n| n.replaces)
        .map(ToString::to_string)
        .collect();
    assert_eq!(replacing, ["natural 1-4: No effect"]);
    // No rule, nothing named.
    assert!(roll(&r, "call_for_fire", args, &[5])
        .natural_rules
        .is_empty());
}

#[test]
fn opposed_trace_shows_both_sides() {
    let r = fe();
    let p = roll(
        &r,
        "close_combat",
        "att.discipline=1 def.discipline=0 att.close_combat_rating=0 def.close_combat_rating=1 att.foothold",
        &[8, 6],
    );
    let sides: Vec<(String, i64, i64, i64)> = p
        .sides
        .iter()
        .map(|s| (s.side.clone(), s.natural, s.modifier, s.total))
        .collect();
    assert_eq!(
        sides,
        [("att".to_string(), 8, 2, 10), ("def".to_string(), 6, 1, 7)]
    );
    assert_eq!(p.score, Some(3));
}
