//! Situation classes: the forts house rule that sampling missed, class
//! names as the sheet says them, and the claim every tool makes on them —
//! that one situation per class covers every situation — checked against
//! situations drawn at random, decimals included: each one's odds (or diff)
//! must be one a class gave.

use crate::common::load;
use chartwright::compare::{across, situation_classes, Across};
use chartwright::{ChartRef, Choices, OddsDiff, Ruleset};
use rand::{Rng, SeedableRng};

const FORTS: &str = r#"
variant "Stronger forts" of guns_of_august version "1"
change crt.fort -3
"#;

fn forts() -> (Ruleset, Ruleset) {
    let base = load("guns_of_august");
    let variant = Ruleset::from_str("forts", FORTS).expect("the variant loads");
    (base, variant)
}

fn compare(base: &ChartRef<'_>, variant: &ChartRef<'_>) -> Across {
    across(base, variant, &Choices::none(), 4096).expect("compared")
}

/// `q` as the fraction a diff prints.
fn fraction(p: Option<&chartwright::Probability>) -> String {
    p.map_or_else(|| "never".into(), chartwright::Probability::fraction)
}

#[test]
fn the_forts_house_rule_is_a_change_at_every_column_with_a_fort() {
    let (base, variant) = forts();
    let (b, v) = (
        base.chart("crt").expect("crt"),
        variant.chart("crt").expect("crt"),
    );
    let a = compare(&b, &v);
    assert!(a.exhaustive(), "{:?}", a.not_split);
    // The issue's situation, 6 to 2 with a fort, is the class "at 3-1,
    // fort": d6 - 2 reads AA on rolls 1-2 (1/3); d6 - 3 on rolls 1-3 (1/2).
    let at_3_1 = a
        .changed()
        .find(|c| c.class == "at 3-1, fort, net -2 → -3")
        .expect("the 3-1 fort class changes");
    assert_eq!(at_3_1.diff.choices, "attack=3 defense=1 fort");
    let aa = at_3_1
        .diff
        .outcomes
        .iter()
        .find(|o| o.outcome == "AA")
        .expect("AA");
    assert_eq!(
        (fraction(aa.base.as_ref()), fraction(aa.variant.as_ref())),
        ("1/3".into(), "1/2".into())
    );
    // Every column and both ends change with a fort, and only with one.
    for column in [
        "below 1-1",
        "at 1-1,",
        "at 2-1,",
        "at 3-1,",
        "at 4-1,",
        "at 5-1,",
        "at 6-1,",
        "at 7-1 or more",
    ] {
        assert!(
            a.changed().any(|c| c.class.starts_with(column)),
            "no change {column}"
        );
    }
    for c in a.changed() {
        assert!(c.diff.choices.contains("fort"), "{} changes", c.class);
    }
    // The same odds without a fort in every class: the house rule's reach.
    assert!(a
        .ranked
        .iter()
        .filter(|c| !c.diff.choices.split(' ').any(|w| w == "fort"))
        .all(|c| c.diff.is_unchanged()));
}

#[test]
fn a_ratio_column_is_named_by_its_key_and_its_situation_reads_that_column() {
    let ogre = load("ogre");
    let crt = ogre.chart("crt").expect("crt");
    let c = situation_classes(&[&crt], &Choices::none(), 4096);
    assert!(c.exhaustive());
    let all: Vec<_> = c.iter().collect();
    let names: Vec<&str> = all.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "below 1-2",
            "at 1-2",
            "at 1-1",
            "at 2-1",
            "at 3-1",
            "at 4-1",
            "at 5-1 or more"
        ]
    );
    for class in &all {
        let roll = crt
            .roll(&class.choices, &mut chartwright::Scripted::new([1]))
            .expect("rolls");
        let trace = roll.to_string();
        if let Some(key) = class.name.strip_prefix("at ") {
            let key = key.trim_end_matches(" or more");
            assert!(
                trace.contains(&format!("`{key}`")),
                "{}:\n{trace}",
                class.name
            );
        }
    }
    // The smallest whole strengths: 1 to 2 is 1-2, 2 to 1 is 2-1.
    let situation = |name: &str| {
        all.iter()
            .find(|c| c.name == name)
            .map(|c| c.choices.text().to_owned())
    };
    assert_eq!(situation("at 1-2").as_deref(), Some("attack=1 defense=2"));
    assert_eq!(situation("at 2-1").as_deref(), Some("attack=2 defense=1"));
}

#[test]
fn modifiers_that_only_move_the_net_make_one_class_per_net() {
    // Bog Down: a `one of` (+2, +1, -1), a rating -3..3 and a -1 flag only
    // add up. Nets run from -5 to +5, but past its reach a d10 reads the
    // same rows: with rows at 3 or less and 6 or more, a net of -3 or less
    // is all "Bogged down" except a 6+ on... so count the nets directly:
    // every net from -5 to 5 is reachable, 11 classes, each named once.
    let fe = load("first_echelon");
    let bog = fe.chart("bog_down").expect("bog_down");
    let c = situation_classes(&[&bog], &Choices::none(), 4096);
    assert!(c.exhaustive());
    let all: Vec<_> = c.iter().collect();
    let names: Vec<&str> = all.iter().map(|c| c.name.as_str()).collect();
    for net in ["net -4", "net 0", "net +5"] {
        assert!(names.contains(&net), "{names:?}");
    }
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{names:?}");
}

#[test]
fn inputs_the_analysis_cannot_split_are_named_and_nothing_claims_every_situation() {
    let cd = load("command_decision");
    let chart = cd.chart("ammo_depletion").expect("ammo_depletion");
    let c = situation_classes(&[&chart], &Choices::none(), 4096);
    assert!(!c.exhaustive());
    assert!(
        c.not_split.iter().any(|n| n.starts_with("caliber")),
        "{:?}",
        c.not_split
    );
    // Compared with itself, the chart is compiled alike: nothing can
    // change, in any situation, with nothing rolled.
    let a = compare(&chart, &chart);
    assert!(a.same_rules && a.exhaustive() && a.ranked.is_empty());
    // Above the limit: a sample of exactly the limit, and it says so.
    let fe = load("first_echelon");
    let fire = fe.chart("fire_combat").expect("fire_combat");
    let c = situation_classes(&[&fire], &Choices::none(), 50);
    assert!(c.sampled && !c.exhaustive());
    assert_eq!(c.len(), 50);
    assert_eq!(c.iter().count(), 50);
    assert!(c.get(49).is_some() && c.get(50).is_none());
}

/// Random situations of `chart` (each flag on or off, each option, each
/// param at a random multiple of 1/4 in its bounds): every one's diff is
/// the diff of some class compared.
fn every_situation_is_in_a_class(base: &ChartRef<'_>, variant: &ChartRef<'_>, tries: usize) {
    let classes = situation_classes(&[base, variant], &Choices::none(), 4096);
    let name = variant.qualified_name();
    assert!(classes.exhaustive(), "{name}: {:?}", classes.not_split);
    let diffs: Vec<_> = classes
        .iter()
        .filter_map(|c| OddsDiff::compare(base, variant, &c.choices).ok())
        .map(|d| d.outcomes)
        .collect();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(27);
    let inputs = variant.inputs();
    let groups = variant.exclusive_groups();
    for _ in 0..tries {
        let mut choices = Choices::none();
        let mut taken: Vec<String> = Vec::new();
        for i in &inputs {
            let group = groups.iter().find(|g| g.contains(&i.name));
            if group.is_some_and(|g| g.iter().any(|m| taken.contains(m))) {
                continue;
            }
            match &i.kind {
                chartwright::InputKind::Flag(_) if rng.random_bool(0.5) => {
                    choices = choices.with(&i.name, None);
                    taken.push(i.name.clone());
                }
                chartwright::InputKind::Choice { options } => {
                    let o = &options[rng.random_range(0..options.len())].0;
                    choices = choices.with(&i.name, Some(o));
                }
                chartwright::InputKind::Param { bounds, .. } => {
                    let (lo, hi) =
                        bounds.map_or((0.0, 12.0), |(l, h)| (l.to_f64(), h.to_f64().min(40.0)));
                    let steps = ((hi - lo) * 4.0) as u32;
                    let v = lo + f64::from(rng.random_range(0..=steps)) / 4.0;
                    choices = choices.with(&i.name, Some(&v.to_string()));
                    taken.push(i.name.clone());
                }
                _ => {}
            }
        }
        let Ok(d) = OddsDiff::compare(base, variant, &choices) else {
            continue;
        };
        assert!(
            diffs.contains(&d.outcomes),
            "{name}: `{}` gives a diff no class gave",
            choices.text()
        );
    }
}

#[test]
fn random_situations_fall_in_the_classes_of_the_forts_house_rule() {
    let (base, variant) = forts();
    every_situation_is_in_a_class(
        &base.chart("crt").expect("crt"),
        &variant.chart("crt").expect("crt"),
        400,
    );
}

#[test]
fn random_situations_fall_in_the_classes_of_charts_read_by_numbers() {
    // A sum of two params against the roll, a param plus the modifiers as
    // a target, a param in a ladder's start, an opposed roll's two sides.
    for (game, chart) in [
        ("cold_war_quick_reference", "activation"),
        ("command_decision", "indirect_fire_to_hit"),
        ("first_echelon", "close_combat"),
        ("first_echelon", "manoeuvre"),
        ("battalion_combat_series", "engagement"),
    ] {
        let rules = load(game);
        let c = rules.chart(chart).expect("chart");
        every_situation_is_in_a_class(&c, &c, 200);
    }
}

/// A form opens at a situation a player meets: a ratio CRT at the
/// strengths of its middle column (not the middle of 0.5..1000), every
/// modifier at 0; and wherever the old example rolled, this one rolls too.
#[test]
fn a_form_opens_at_a_situation_a_player_meets() {
    let goa = load("guns_of_august");
    let crt = goa.chart("crt").expect("crt");
    let at = chartwright::compare::typical_situation(&crt);
    assert_eq!(at.text(), "attack=3 defense=1");
    let odds = crt.odds(&at).expect("odds");
    // The 3-1 column: AD on 1, BD on 2 and 3.
    assert_eq!(odds.probability("BD").fraction(), "1/3");
    let ogre = load("ogre");
    let crt = ogre.chart("crt").expect("crt");
    assert_eq!(
        chartwright::compare::typical_situation(&crt).text(),
        "attack=2 defense=1"
    );
    // A modifier given as a value opens at 0, not mid-range.
    let fe = load("first_echelon");
    let fire = fe.chart("fire_combat").expect("fire combat");
    assert!(chartwright::compare::typical_situation(&fire)
        .text()
        .contains("df_weapon=0"));
    for game in chartwright::bundled::names() {
        let rules = load(game);
        for chart in rules.charts() {
            let typical = chartwright::compare::typical_situation(&chart);
            let name = chart.qualified_name();
            if chart.odds(&chart.example_choices()).is_ok() {
                assert!(chart.odds(&typical).is_ok(), "{name} {}", typical.text());
            }
        }
    }
}

/// A param too wide to step through value by value is tried at chosen
/// values and named as not split; it is never left out of the classes'
/// situations (each of which would then miss a value the chart needs).
#[test]
fn a_param_too_wide_to_step_through_is_tried_and_named() {
    let rules = Ruleset::from_str(
        "wide",
        r#"
game "Wide" version "1"
check c "C" {
  roll d10
  param calibre "calibre" in 1..1000
  succeed on 6+
  success "Hit"
  failure "Miss"
  natural 1 if calibre >= 20 => also "Jam"
}
"#,
    )
    .expect("loads");
    let c = rules.chart("c").expect("c");
    let classes = situation_classes(&[&c], &Choices::none(), 4096);
    assert!(!classes.is_empty());
    for class in classes.iter() {
        assert!(c.odds(&class.choices).is_ok(), "{}", class.choices.text());
    }
    assert!(!classes.exhaustive());
    assert!(
        classes.not_split.iter().any(|n| n.starts_with("calibre")),
        "{:?}",
        classes.not_split
    );
}

/// The `one of` groups of a ladder a chart reads hold in its classes: no
/// class names two members of one (binding would refuse it), so a net only
/// both members together reach is no class.
#[test]
fn a_ladder_one_of_group_holds_in_the_classes_of_the_chart_reading_it() {
    let text = r#"game "G" version "1"
ladder column "Column" {
  steps 1, 2, 3, 4, 5, 6, 7
  param fp "firepower" in 1..7
  start fp
  modifiers {
    one of "Support" {
      guns +1 "guns"
      tanks +2 "tanks"
    }
  }
}
table fire "Fire" {
  roll d6
  columns by column: 1 2 3 4 5 6 7
  rows {
    [ 7 or more | 6 or more | 5 or more | 4 or more | 3 or more | 2 or more | 1 or more ] => "Hit"
    [ 6 or less | 5 or less | 4 or less | 3 or less | 2 or less | 1 or less | 0 or less ] => "Miss"
  }
}
"#;
    let rules = Ruleset::from_str("g", text).unwrap_or_else(|e| panic!("{e}"));
    let fire = rules.chart("fire").unwrap();
    let c = situation_classes(&[&fire], &Choices::parse("fp=4").unwrap(), 4096);
    assert!(c.exhaustive(), "{c:?}");
    for class in c.iter() {
        let text = class.choices.text();
        assert!(
            !(text.contains("guns") && text.contains("tanks")),
            "{}: {text}",
            class.name
        );
        assert!(fire.odds(&class.choices).is_ok(), "{}: {text}", class.name);
    }
    // None, guns (+1) and tanks (+2): three steps of the ladder, from 4.
    assert_eq!(c.len(), 3, "{:?}", c.iter().collect::<Vec<_>>());
}

/// Past its limit `--across` compares a sample, and names the input a
/// player can give to leave fewer classes; given, the rest are fewer.
#[test]
fn a_sampled_comparison_names_the_input_to_give() {
    let (base, variant) = forts();
    let (b, v) = (
        base.chart("crt").expect("crt"),
        variant.chart("crt").expect("crt"),
    );
    let whole = compare(&b, &v);
    let a = across(&b, &v, &Choices::none(), 8).expect("compared");
    assert!(a.sampled && !a.exhaustive());
    let give = a.give.clone().expect("an input to give");
    assert!(
        b.inputs()
            .iter()
            .any(|i| give.split(" and ").any(|g| g == i.name)),
        "{give} is none of the chart's inputs"
    );
    assert_eq!(
        whole.give, None,
        "nothing to give when every class was compared"
    );
    // Given at one of its values, fewer classes are left.
    let first = give.split(" and ").next().unwrap_or_default();
    let value = b
        .inputs()
        .into_iter()
        .find(|i| i.name == first)
        .and_then(|i| match i.kind {
            chartwright::InputKind::Choice { options } => options.first().map(|o| o.0.clone()),
            chartwright::InputKind::Param { bounds, default } => {
                default.or(bounds.map(|b| b.0)).map(|v| v.to_string())
            }
            _ => None,
        });
    let given = match value {
        Some(v) => format!("{first}={v}"),
        None => first.to_string(),
    };
    let fewer =
        across(&b, &v, &Choices::parse(&given).expect("parses"), 1 << 20).expect("compared");
    assert!(
        fewer.total < whole.total,
        "{given}: {:?} of {:?}",
        fewer.total,
        whole.total
    );
}

/// A CRT whose column is `VALUE` and whose one modifier applies only to a
/// strong attack on a weak defense: `massed` worth `+BONUS`.
fn crt_with_massed_attack(value: &str, bounds: (&str, &str), keys: &str, bonus: i64) -> Ruleset {
    let text = format!(
        r#"game "Massed" version "1"
table crt "CRT" {{
  roll d6
  param attack "attack strength" in {}
  param defense "defense strength" in {}
  modifiers {{
    massed +{bonus} "massed attack" if attack >= 20 and defense <= 2
  }}
  columns by {value}: {keys}
  below columns => "AE"
  results {{
    1-2: AR DR DR DE
    3-4: AR AR DR DR
    5 or more: AE AR AR DR
  }}
}}
"#,
        bounds.0, bounds.1
    );
    Ruleset::from_str("massed", &text).expect("the CRT loads")
}

/// A condition on each strength beside an odds-ratio or differential
/// column is split exactly, at the column lines and the thresholds: no
/// strength is tried value by value, the only class where the rule
/// matters is the one the thresholds allow (at 20 to 1 or more, a 4-1 or
/// a +4), and random situations (quarters included) all fall in a class.
#[test]
fn a_threshold_beside_a_ratio_or_differential_column_is_split_exactly() {
    for (value, bounds, keys, class, situation) in [
        (
            "ratio attack to defense",
            ("1..40", "1..10"),
            "1-1 2-1 3-1 4-1",
            "at 4-1, attack 20 or more, defense 2 or less, massed, net +1 → +2",
            "attack=20 defense=1 massed",
        ),
        (
            "attack - defense",
            ("0..30", "0..30"),
            "-2 0 2 4",
            "at 4, attack 20 or more, defense 2 or less, massed, net +1 → +2",
            "attack=20 defense=0 massed",
        ),
    ] {
        let base = crt_with_massed_attack(value, bounds, keys, 1);
        let variant = crt_with_massed_attack(value, bounds, keys, 2);
        let (b, v) = (
            base.chart("crt").expect("crt"),
            variant.chart("crt").expect("crt"),
        );
        let a = compare(&b, &v);
        assert!(a.exhaustive(), "{value}: {:?}", a.not_split);
        // Columns and ends (6) × attack's 2 stretches × defense's 2, each
        // with and without the flag, less the pairs no situation reaches.
        assert!(
            a.total.is_some_and(|n| n <= 6 * 2 * 2 * 2),
            "{value}: {:?} classes",
            a.total
        );
        let changed: Vec<_> = a.changed().map(|c| c.class.as_str()).collect();
        assert_eq!(changed, [class], "{value}");
        assert_eq!(
            a.changed().next().map(|c| c.diff.choices.as_str()),
            Some(situation)
        );
        every_situation_is_in_a_class(&b, &v, 600);
    }
}
