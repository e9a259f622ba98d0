//! The dice read one by one (`doubles`, `die N`), on ASL's Infantry Fire
//! Table (`tests/charts/asl_ift.rules`): an ordinary firer cowers one
//! column left on doubles, an inexperienced one two, a leader-directed one
//! not at all. The fractions are worked by hand below, face by face: each
//! of the 36 faces of 2d6 is 1/36; the six doubles (1-1 .. 6-6) show 2, 4,
//! 6, 8, 10 and 12 once each; the thirty others show 3 and 11 twice, 4 and
//! 10 twice, 5 and 9 four times, 6 and 8 four times, 7 six times.

use crate::common::roll;
use chartwright::compare::situation_classes;
use chartwright::{Choices, Odds, Ruleset};
use num_traits::ToPrimitive;
use rand::{Rng, SeedableRng};

const FIXTURE: &str = "tests/charts/asl_ift.rules";

fn load() -> Ruleset {
    Ruleset::from_file(FIXTURE).unwrap_or_else(|e| panic!("{FIXTURE}: {e}"))
}

fn odds(r: &Ruleset, args: &str) -> Odds {
    r.chart("ift")
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("ift {args}: {e}"))
}

/// Every outcome's probability in 36ths, sorted by outcome.
fn in_36ths(o: &Odds) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = o
        .outcomes
        .iter()
        .map(|x| {
            let p = &x.probability;
            let n = p.numer().to_u64().unwrap_or(0) * 36 / p.denom().to_u64().unwrap_or(1);
            (x.outcome.to_string(), n)
        })
        .collect();
    out.sort();
    out
}

fn owned(v: &[(&str, u64)]) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = v.iter().map(|(s, n)| ((*s).into(), *n)).collect();
    v.sort();
    v
}

#[test]
fn an_ordinary_firer_on_doubles_reads_the_column_to_the_left() {
    let r = load();
    // The 8 column, DRM 0. The doubles read the 6 column: 1-1 (DR 2)
    // 1KIA, 2-2 (4) 2MC, 3-3 (6) 1MC, 4-4 (8) PTC, 5-5 and 6-6 no effect.
    // The thirty others read the 8 column: DR 3 K/2 (2 ways), 4 2MC (2),
    // 5 2MC (4), 6 1MC (4), 7 1MC (6), 8 NMC (4), 9 PTC (4), 10 and 11 no
    // effect (2 + 2).
    let expected = [
        ("1KIA", 1),
        ("K/2", 2),
        ("2MC", 1 + 2 + 4),
        ("1MC", 1 + 4 + 6),
        ("NMC", 4),
        ("PTC", 1 + 4),
        ("No effect", 2 + 2 + 2),
    ];
    assert_eq!(
        in_36ths(&odds(&r, "firepower=8 firer=ordinary")),
        owned(&expected)
    );
    // Directed by a leader, nobody cowers: the 8 column alone. DR 2 1KIA
    // (1), 3 K/2 (2), 4-5 2MC (3 + 4), 6-7 1MC (5 + 6), 8 NMC (5), 9 PTC
    // (4), 10-12 no effect (3 + 2 + 1).
    let directed = [
        ("1KIA", 1),
        ("K/2", 2),
        ("2MC", 7),
        ("1MC", 11),
        ("NMC", 5),
        ("PTC", 4),
        ("No effect", 6),
    ];
    assert_eq!(
        in_36ths(&odds(&r, "firepower=8 firer=directed")),
        owned(&directed)
    );
}

#[test]
fn cowering_off_the_first_column_has_no_effect() {
    let r = load();
    // An inexperienced firer with 1 FP: on doubles the fire leaves the
    // table (`shifts past edges`, `below columns`): no effect. The others
    // read the 1 column: DR 3 1MC (2 ways), 4 NMC (2: 1-3, 3-1), 5 PTC
    // (4), 6 or more no effect (22).
    let expected = [("1MC", 2), ("NMC", 2), ("PTC", 4), ("No effect", 6 + 22)];
    assert_eq!(
        in_36ths(&odds(&r, "firepower=1 firer=inexperienced")),
        owned(&expected)
    );
    // A DRM moves the Final DR, not what the dice show: with -2 the 1-1
    // (DR 0) of an ordinary 8 FP firer reads the 6 column's 3KIA.
    let minus_two = odds(&r, "firepower=8 firer=ordinary drm=-2");
    assert_eq!(minus_two.probability("3KIA").to_string(), "1/36");
}

#[test]
fn the_trace_says_what_the_faces_decided() {
    let r = load();
    let doubles = roll(&r, "ift", "firepower=8 firer=ordinary", &[3, 3]);
    let detail = doubles.detail.unwrap_or_default();
    assert!(
        detail.starts_with("cowers on doubles 3-3: value 8: column `8`, shifted 1L to `6`"),
        "{detail}"
    );
    assert_eq!(doubles.outcome.to_string(), "1MC");
    let other = roll(&r, "ift", "firepower=8 firer=ordinary", &[3, 4]);
    assert_eq!(other.detail.as_deref(), Some("value 8: column `8`"));
    assert_eq!(other.outcome.to_string(), "1MC");
    // Off the table, the dice that sent it there are still in the trace.
    let off = roll(&r, "ift", "firepower=1 firer=inexperienced", &[5, 5]);
    assert_eq!(off.outcome.to_string(), "No effect");
    assert_eq!(off.natural, Some(10));
    assert_eq!(off.dice.first().map(|d| d.faces.to_vec()), Some(vec![5, 5]));
}

#[test]
fn a_sweep_moves_the_final_dr_and_cowering_still_reads_the_faces() {
    let r = load();
    let chart = r.chart("ift").expect("ift");
    let bound = chart
        .bind(&Choices::parse("firepower=8 firer=ordinary").expect("choices"))
        .expect("bind");
    for (net, swept) in bound.sweep(-3..=3).expect("sweep") {
        let named = odds(&r, &format!("firepower=8 firer=ordinary drm={net}"));
        assert_eq!(swept, named, "net {net:+}");
    }
}

#[cfg(feature = "sheet")]
#[test]
fn the_sheet_draws_each_column_with_cowering() {
    let r = load();
    let chart = r.chart("ift").expect("ift");
    let page = chartwright::sheet::sheet(&r, &[chart]);
    // The 8 column's picture: 1MC 11/36 as worked above (3-3 on the 6
    // column, 6 and 7 on the 8 column), not the 8 column's alone.
    assert!(
        page.contains(r#"data-column="8" data-outcome="1MC" data-probability="11/36""#),
        "no 8 column picture with cowering"
    );
}

#[test]
fn situation_classes_split_on_what_cowering_reads() {
    let r = load();
    let chart = r.chart("ift").expect("ift");
    let classes = situation_classes(&[&chart], &Choices::none(), 4096);
    let class_odds: Vec<Odds> = classes
        .iter()
        .filter_map(|c| chart.odds(&c.choices).ok())
        .collect();
    let firers = ["ordinary", "inexperienced", "directed"];
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(42);
    for _ in 0..120 {
        let situation = format!(
            "firepower={} firer={} drm={}",
            rng.random_range(1..=100),
            firers[rng.random_range(0..3)],
            rng.random_range(-6..=6)
        );
        let o = odds(&r, &situation);
        assert!(
            class_odds.contains(&o),
            "{situation}: no class has its odds"
        );
    }
}
