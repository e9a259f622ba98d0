//! Minimal files for the engine bugs the generated files found, each kept
//! as a regression test once fixed.

use chartwright::Ruleset;

/// Loads `variant` over `base` saved as `base.rules` beside it.
fn load_variant(base: &str, variant: &str) -> Result<Ruleset, String> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("base.rules"), base).expect("writes the base");
    let path = dir.path().join("house.rules");
    std::fs::write(&path, variant).expect("writes the variant");
    Ruleset::from_file(&path).map_err(|e| e.to_string())
}

const BASE: &str = r#"game "Base" version "1"
table t "T" {
  roll d6
  rows {
    1 or less => "Low"
    4 to 2 => "Middle"
    5 or more => "High"
  }
}
"#;

/// A span written highest first (`4 to 2`, "either order" in
/// docs/language.md) is the totals 2 to 4 for the compiler, but the
/// variant stage reads the base's row as no totals at all: `change t row
/// 2-4` is refused with "the base's `t` has no row reading `2-4`" (help:
/// "rows reading 1 or less; -; 5 or more").
#[test]
fn variant_finds_a_base_row_written_highest_first() {
    let rules = load_variant(
        BASE,
        "variant \"V\" of \"base.rules\" version \"1\"\nchange t row 2-4 => \"Changed\"\n",
    );
    assert!(rules.is_ok(), "{}", rules.err().unwrap_or_default());
}

/// The same in the variant's own selection: `remove t row 4 to 2` over a
/// base row `2-4`, with the boundary moved so that no gap is left.
#[test]
fn variant_selects_a_row_written_highest_first() {
    let base = BASE.replace("4 to 2", "2-4");
    let rules = load_variant(
        &base,
        "variant \"V\" of \"base.rules\" version \"1\"\nremove t row 4 to 2\nchange t row 1 or less becomes 4 or less\n",
    );
    assert!(rules.is_ok(), "{}", rules.err().unwrap_or_default());
}

/// The base itself reads `4 to 2` as 2 to 4 (so the two stages disagree).
#[test]
fn a_span_written_highest_first_reads_both_ways_in_a_game() {
    let rules = Ruleset::from_str("base", BASE).unwrap_or_else(|e| panic!("{e}"));
    let t = rules.chart("t").unwrap();
    let odds = t.odds(&chartwright::Choices::none()).unwrap();
    assert_eq!(odds.probability("Middle").fraction(), "1/2");
}

/// An `also` rule on a chart with fields adds one note, its fields named
/// as the rows name theirs; it was printed as one `also` per field with
/// the labels (and any `-` field) dropped, so the reader could not tell
/// which field a note belonged to.
#[test]
fn an_also_rule_with_fields_names_them() {
    let rules = Ruleset::from_str(
        "also",
        r#"game "Also" version "1"
table t "T" {
  roll d6
  fields loss "Loss", retreat "Retreat"
  natural 1 => also "A1" | "Hold" or "Back"
  rows {
    1-3 => "-" | "R1"
    4-6 => "D1" | "-"
  }
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = rules.chart("t").unwrap();
    let odds = t.odds(&chartwright::Choices::none()).unwrap();
    assert_eq!(
        odds.probability("Loss -; Retreat R1; also Loss A1; Retreat Hold OR Back")
            .fraction(),
        "1/6"
    );
}

/// A `per` stage whose grid cell is `-` rolls nothing: the hits are
/// counted and none converts (docs/language.md, Dice pools). The reference
/// read the whole pool as `Not possible`; the docs said `-` only of `roll`.
#[test]
fn a_per_stage_on_a_dash_cell_converts_nothing() {
    let rules = Ruleset::from_str(
        "dash",
        r#"game "Dash" version "1"
choice target "Target" { soft "Soft", hard "Hard" }
grid convert_dice "Convert dice" by target { soft: 1d6  hard: - }
pool fire "Fire" {
  roll 1d6
  count hits "hits" on 4+
  per hits roll convert_dice count converted "converted" on 6
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let fire = rules.chart("fire").unwrap();
    let hard = chartwright::Choices::parse("target=hard").unwrap();
    let odds = fire.odds(&hard).unwrap();
    assert_eq!(odds.probability("1 hits, 0 converted").fraction(), "1/2");
    assert_eq!(odds.probability("0 hits, 0 converted").fraction(), "1/2");
    let soft = chartwright::Choices::parse("target=soft").unwrap();
    let odds = fire.odds(&soft).unwrap();
    // 1/2 a hit, then 1/6 it converts.
    assert_eq!(odds.probability("1 hits, 1 converted").fraction(), "1/12");
}

/// The same for a `per` stage's target: a `-` there converts nothing (the
/// engine read the whole pool as `Not possible`).
#[test]
fn a_per_stage_on_a_dash_target_converts_nothing() {
    let rules = Ruleset::from_str(
        "dash",
        r#"game "Dash" version "1"
choice target "Target" { soft "Soft", hard "Hard" }
grid convert_on "Convert on" by target { soft: 6  hard: - }
pool fire "Fire" {
  roll 1d6
  count hits "hits" on 4+
  per hits roll 1d6 count converted "converted" on convert_on
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let fire = rules.chart("fire").unwrap();
    let hard = chartwright::Choices::parse("target=hard").unwrap();
    let odds = fire.odds(&hard).unwrap();
    assert_eq!(odds.probability("1 hits, 0 converted").fraction(), "1/2");
    assert_eq!(odds.probability("0 hits, 0 converted").fraction(), "1/2");
}

/// A column shift in a `subtract` section moves the way it is written:
/// `1L` is one column left (docs/language.md, Modifiers). The compiler
/// turned it round with the section's roll modifiers, so `1L` read `1R`.
#[test]
fn a_shift_in_a_subtract_section_moves_as_written() {
    let rules = Ruleset::from_str(
        "shift",
        r#"game "Shift" version "1"
table fire "Fire" {
  roll d6
  param fp "fire power" whole in 1..3
  modifiers {
    section "Target" subtract {
      cover 1L "target in cover"
    }
  }
  columns by fp: 1 2 3
  results {
    1-3: NE NE H
    4-6: NE H  K
  }
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let fire = rules.chart("fire").unwrap();
    let covered = chartwright::Choices::parse("fp=2 cover").unwrap();
    let odds = fire.odds(&covered).unwrap();
    assert_eq!(odds.probability("NE").fraction(), "1/1");
}

/// A `±r from GRID` nobody named, its keys given, adds the grid's cell,
/// and an expression reads that value too (docs/language.md: an operand is
/// "a parametric modifier's value"); the engine added the cell to the net
/// but read the name as 0 in the target.
#[test]
fn an_expression_reads_a_grid_fed_modifier_it_adds() {
    let rules = Ruleset::from_str(
        "fed",
        r#"game "Fed" version "1"
choice cover "Cover" { open "Open", woods "Woods" }
grid cover_value "Cover value" by cover { open: 0  woods: 2 }
check spot "Spot" {
  roll d6
  modifiers { cover_mod +r from cover_value "cover" }
  succeed on at least 3 + cover_mod
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let spot = rules.chart("spot").unwrap();
    let woods = chartwright::Choices::parse("cover=woods").unwrap();
    let odds = spot.odds(&woods).unwrap();
    // The total d6 + 2 must reach 3 + 2: a natural 3 or more, 4/6.
    assert_eq!(odds.probability("Success").fraction(), "2/3");
}

/// A read ladder's `±r from GRID` reads its grid where the keys are given,
/// as a chart's own does; the caller passed the modifier's `default` on to
/// the ladder as if it had been given.
#[test]
fn a_ladders_grid_fed_modifier_reads_its_grid() {
    let rules = Ruleset::from_str(
        "ladder",
        r#"game "Ladder" version "1"
choice terrain "Terrain" { open "Open", woods "Woods" }
grid cover "Cover" by terrain { open: 0  woods: 1 }
ladder morale "Morale" {
  steps 1, 2, 3, 4
  start 2
  modifiers { cover_bonus ±r in -1..1 default -1 from cover "cover" }
}
check rally "Rally" {
  roll d6
  succeed on at most morale
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let rally = rules.chart("rally").unwrap();
    let success = |choices: &str| {
        let choices = chartwright::Choices::parse(choices).unwrap();
        rally
            .odds(&choices)
            .unwrap()
            .probability("Success")
            .fraction()
    };
    // Open: +0 keeps the ladder at 2, so 2 or less (the default, -1, read
    // 3: 1/2). Woods: +1 moves towards the first step written, 1.
    assert_eq!(success("terrain=open"), "1/3");
    assert_eq!(success("terrain=woods"), "1/6");
    // No terrain given: the default, -1, moves it to 3.
    assert_eq!(success(""), "1/2");
}

/// A score reads a grid-fed modifier nobody named as the cell it adds; it
/// read the values before binding filled them, and said the chart "needs"
/// the modifier.
#[test]
fn a_score_reads_a_grid_fed_modifier() {
    let rules = Ruleset::from_str(
        "score",
        r#"game "Score" version "1"
choice cover "Cover" { open "Open", woods "Woods" }
grid cover_value "Cover value" by cover { open: 0  woods: 2 }
table t "T" {
  roll d6
  modifiers { cover_mod +r in 0..3 from cover_value "cover" }
  score natural + cover_mod
  rows {
    1-4 => "Low"
    5 or more => "High"
  }
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = rules.chart("t").unwrap();
    let woods = chartwright::Choices::parse("cover=woods").unwrap();
    // A natural 3 or more, plus 2, reaches 5.
    assert_eq!(
        t.odds(&woods).unwrap().probability("High").fraction(),
        "2/3"
    );
}

/// A value passed to a follow-up's param must fit its declaration as a
/// given one must (campaign seed 10268 passed a decimal param to a `whole
/// in 2..3` one): the engine used to roll the follow-up with `n=2.5` or
/// `n=4`, values it refuses when given directly.
#[test]
fn a_value_passed_to_a_follow_up_fits_its_param() {
    let rules = Ruleset::from_str(
        "passed",
        r#"game "Passed" version "1"
table t "T" {
  roll d6
  param n "n" whole in 2..3
  rows {
    1-3 => "low"
    4-6 => "high"
  }
}
table a "A" {
  roll d6
  param p "p" in 1..4
  rows {
    1-6 => "go" then t(n=p)
  }
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let a = rules.chart("a").unwrap();
    let odds = |p: &str| a.odds(&chartwright::Choices::parse(&format!("p={p}")).unwrap());
    let refused = |p: &str| {
        let e = odds(p).expect_err("refused");
        miette::Diagnostic::code(&e).map(|c| c.to_string())
    };
    assert_eq!(
        odds("3").unwrap().probability("go -> low").fraction(),
        "1/2"
    );
    assert_eq!(
        refused("2.5").as_deref(),
        Some("chartwright::roll::not_whole")
    );
    assert_eq!(
        refused("4").as_deref(),
        Some("chartwright::roll::out_of_bounds")
    );
    assert_eq!(
        refused("1").as_deref(),
        Some("chartwright::roll::out_of_bounds")
    );
}

/// `tests/charts/governing.rules`: a section, `one of` or `use` with no
/// modifier in it reads nothing through its condition (the reference
/// took `p` as an input of such a chart, campaign seed 11868; the engine
/// dropped the empty `one of`'s and section's inputs but kept the `use`'s),
/// and a per stage's text target is the pool's outcome even where its
/// dice are `-` (seed 12840: the reference converted nothing).
#[test]
fn a_condition_that_governs_nothing_reads_nothing() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/charts/governing.rules");
    let rules = Ruleset::from_file(path).unwrap_or_else(|e| panic!("{e}"));
    let t = rules.chart("t").unwrap();
    let inputs: Vec<String> = t.inputs().into_iter().map(|i| i.name).collect();
    assert!(inputs.is_empty(), "{inputs:?}");
    let fire = rules.chart("fire").unwrap();
    let a = chartwright::Choices::parse("k=a").unwrap();
    assert_eq!(
        fire.odds(&a).unwrap().probability("No Test").fraction(),
        "1/1"
    );
    for given in ["p=1", "q=1", "f"] {
        let e = t
            .odds(&chartwright::Choices::parse(given).unwrap())
            .expect_err("not an input");
        assert_eq!(
            miette::Diagnostic::code(&e)
                .map(|c| c.to_string())
                .as_deref(),
            Some("chartwright::roll::unknown_name"),
            "{given}"
        );
    }
}

/// A value passed to a param the follow-up declares but never reads is
/// still checked against the declaration, as a given one is, by the engine
/// and the reference alike (campaign seed 14283: the reference checked a
/// param only where it was read).
#[test]
fn a_value_passed_to_a_param_never_read_still_fits_it() {
    const UNREAD: &str = r#"game "Unread" version "1"
table t "T" {
  roll d6
  param n "n" whole in 1..5
  rows { 1-6 => "done" }
}
table a "A" {
  roll d6
  param p "p" in 0.5..2.5
  rows { 1-6 => "go" then t(n=p) }
}
"#;
    let rules = Ruleset::from_str("unread", UNREAD).unwrap_or_else(|e| panic!("{e}"));
    let a = rules.chart("a").unwrap();
    let e = a
        .odds(&chartwright::Choices::parse("p=1.5").unwrap())
        .expect_err("refused");
    assert_eq!(
        miette::Diagnostic::code(&e)
            .map(|c| c.to_string())
            .as_deref(),
        Some("chartwright::roll::not_whole")
    );
    let world = crate::reference::World::from_sources(&[("unread", UNREAD)]).expect("parses");
    let mut sit = crate::reference::Situation::default();
    sit.0.insert(
        "p".into(),
        crate::reference::Val::Num(crate::reference::Q::new(3.into(), 2.into())),
    );
    assert!(matches!(
        crate::reference::distribution(&world, "unread", "a", &sit),
        Err(crate::reference::Why::Refused(_))
    ));
    sit.0.insert(
        "p".into(),
        crate::reference::Val::Num(crate::reference::q(2)),
    );
    assert!(crate::reference::distribution(&world, "unread", "a", &sit).is_ok());
}

/// A chart that reads its dice one by one, settled off the table without a
/// roll: its follow-up rolls dice of its own, not the faces the chart read
/// (the generated sampler check, seed 4: the follow-up was fed the
/// chart's d8 faces as its d2s).
#[test]
fn a_follow_up_off_the_table_of_a_chart_reading_its_dice_rolls_its_own() {
    let rules = Ruleset::from_str(
        "off",
        r#"game "Off" version "1"
table f "F" {
  roll d6
  rows {
    1-3 => "a"
    4-6 => "b"
  }
}
table t "T" {
  roll 2d6
  param p "p" in 1..4
  modifiers { shaken -1 "shaken on doubles" if doubles always }
  columns by p: 2 3
  below columns => "Low" then f
  results {
    6 or less: x y
    7 or more: y z
  }
}
"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let bound = rules
        .chart("t")
        .unwrap()
        .bind(&chartwright::Choices::parse("p=1").unwrap())
        .unwrap();
    // The chart's faces 6 and 6, then the follow-up's 1.
    let rolled = bound
        .roll(&mut chartwright::Scripted::new([6, 6, 1]))
        .expect("rolls");
    assert_eq!(rolled.summary(), "Low -> a");
}

/// `then again with` keeps every other value as it was, a grid-fed
/// modifier given `0` included: the repeat read the grid instead (campaign
/// seed 20140: the engine's). The reference reads the same, and a ladder's
/// grid read `at` an option needs only the grid's other key (seeds 20134,
/// 20143: the reference asked for the fixed key too).
#[test]
fn a_repeat_keeps_a_grid_fed_modifier_given_zero() {
    const REPEAT: &str = r#"game "Repeat" version "1"
choice side "Side" { a "A", b "B" } default b
choice ground "Ground" { open "Open", woods "Woods" }
grid g "G" by side { a: 1  b: 3 }
grid cover "Cover" by side, ground {
  a: 1 2
  b: 0 1
}
check k "K" {
  roll d6
  modifiers {
    fed +r in 0..3 from g "from the grid"
    plain +1 "plain"
  }
  succeed on at least modifiers
  success "Hold" then again with plain
  failure "Broken"
}
ladder l "L" {
  steps 1, 2, 3
  start 2
  modifiers { m ±r from cover at woods "cover" }
}
"#;
    let rules = Ruleset::from_str("repeat", REPEAT).unwrap_or_else(|e| panic!("{e}"));
    let odds = rules
        .chart("k")
        .unwrap()
        .odds(&chartwright::Choices::parse("fed=0").unwrap())
        .expect("odds");
    // The first roll needs 0 or more, each repeat 1 or more: every roll
    // holds, to the last repeat.
    assert_eq!(odds.outcomes.len(), 1, "{odds:?}");
    let world = crate::reference::World::from_sources(&[("repeat", REPEAT)]).expect("parses");
    let mut sit = crate::reference::Situation::default();
    sit.0.insert(
        "fed".into(),
        crate::reference::Val::Num(crate::reference::q(0)),
    );
    let reference = crate::reference::distribution(&world, "repeat", "k", &sit).expect("reads");
    assert_eq!(reference.len(), 1, "{reference:?}");
    // The ladder's situations name `side`, never `ground` (fixed by `at`).
    let situations = crate::reference::situations(&world, "repeat", "l", 20);
    assert!(situations.iter().any(|s| s.0.contains_key("side")));
    assert!(situations.iter().all(|s| !s.0.contains_key("ground")));
}

/// A ladder read through another ladder: a grid-fed modifier's `default`
/// is for where the grid's keys are not given, at any depth. The outer
/// ladder passed the default on through the middle one as if it were given
/// (campaign seed 22487: `m=2 is outside -2..0`, the bounds the grid's
/// cells give).
#[test]
fn a_ladder_read_through_a_ladder_reads_its_grid_not_its_default() {
    const CHAIN: &str = r#"game "Chain" version "1"
choice terrain "Terrain" { open "Open", woods "Woods" } default woods
grid cover "Cover" by terrain { open: 0  woods: -2 }
ladder inner "Inner" {
  steps 1, 2, 3, 4, 5
  start 4
  modifiers { m -r default 2 from cover "cover" }
}
ladder middle "Middle" {
  steps 1, 2, 3, 4, 5
  start inner
}
ladder outer "Outer" {
  steps 1, 2, 3, 4, 5
  start middle
}
"#;
    let rules = Ruleset::from_str("chain", CHAIN).unwrap_or_else(|e| panic!("{e}"));
    let none = chartwright::Choices::none();
    // The grid's -2 in woods and 0 in the open read two different steps,
    // whichever ladder is asked; the default (2) is never read.
    for chart in ["inner", "middle", "outer"] {
        let odds = rules
            .chart(chart)
            .unwrap()
            .odds(&none)
            .unwrap_or_else(|e| panic!("{chart}: {e}"));
        let open = rules
            .chart(chart)
            .unwrap()
            .odds(&chartwright::Choices::parse("terrain=open").unwrap())
            .unwrap_or_else(|e| panic!("{chart}: {e}"));
        let world = crate::reference::World::from_sources(&[("chain", CHAIN)]).expect("parses");
        let reference = crate::reference::distribution(
            &world,
            "chain",
            chart,
            &crate::reference::Situation::default(),
        )
        .expect("reads");
        assert_eq!(odds.outcomes.len(), 1, "{chart}: {odds:?}");
        assert_eq!(
            reference.keys().collect::<Vec<_>>(),
            vec![&odds.outcomes[0].outcome.to_string()],
            "{chart}"
        );
        assert_ne!(
            odds.outcomes[0].outcome, open.outcomes[0].outcome,
            "{chart}"
        );
    }
}

/// A grid-fed modifier whose condition fails is not looked up: its `-`
/// cell does not make the roll `Not possible` (diff claims campaign, pair
/// 429, generated seed 214: the engine read the cell before the
/// condition, the reference after).
#[test]
fn a_modifier_that_does_not_apply_does_not_read_its_dash_cell() {
    const DASH: &str = r#"game "Dash" version "1"
choice ground "Ground" { open "Open", marsh "Marsh" }
flag dry "dry weather"
grid mud "Mud" by ground { open: -1  marsh: - }
table t "T" {
  roll d6
  modifiers { mud_drm ±r from mud "mud" unless dry }
  rows {
    3 or less => "stuck"
    4 or more => "moves"
  }
}
"#;
    let rules = Ruleset::from_str("dash", DASH).unwrap_or_else(|e| panic!("{e}"));
    let world = crate::reference::World::from_sources(&[("dash", DASH)]).expect("parses");
    for (words, moves) in [("ground=marsh dry", "1/2"), ("ground=open", "1/3")] {
        let odds = rules
            .chart("t")
            .unwrap()
            .odds(&chartwright::Choices::parse(words).unwrap())
            .unwrap_or_else(|e| panic!("{words}: {e}"));
        assert_eq!(odds.probability("moves").to_string(), moves, "{words}");
        let mut sit = crate::reference::Situation::default();
        for w in words.split_whitespace() {
            let (k, v) = w.split_once('=').map_or((w, None), |(k, v)| (k, Some(v)));
            sit.0.insert(
                k.into(),
                v.map_or(crate::reference::Val::On, |v| {
                    crate::reference::Val::Opt(v.into())
                }),
            );
        }
        let reference = crate::reference::distribution(&world, "dash", "t", &sit).expect("reads");
        assert_eq!(
            reference.get("moves").map(ToString::to_string).as_deref(),
            Some(moves),
            "{words}"
        );
    }
    // In the marsh with the weather wet, the cell is read: not possible.
    let wet = rules
        .chart("t")
        .unwrap()
        .odds(&chartwright::Choices::parse("ground=marsh").unwrap())
        .expect("odds");
    assert_eq!(wet.probability("Not possible").to_string(), "1");
}

/// A `-` shift cell settles the chart before anything is read: a column
/// off the scale (here from dice in the column value) does not make it an
/// error (reference campaign seed 24637: the engine refused the column
/// before it saw the `-`).
#[test]
fn a_dash_shift_cell_is_not_possible_before_an_off_scale_column() {
    const COLUMNS: &str = r#"game "Dash columns" version "1"
choice ground "Ground" { open "Open", marsh "Marsh" }
grid mud_shift "Mud" by ground { open: 1  marsh: - }
table t "T" {
  roll d6
  param fp "fire power" in 1..6
  modifiers { mud rR from mud_shift "mud" }
  columns by fp - d6: 1 2 3
  results {
    3 or less: NE NE H
    4 or more: NE H  K
  }
}
"#;
    let rules = Ruleset::from_str("cols", COLUMNS).unwrap_or_else(|e| panic!("{e}"));
    let odds = rules
        .chart("t")
        .unwrap()
        .odds(&chartwright::Choices::parse("fp=1 ground=marsh mud").unwrap())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(odds.probability("Not possible").to_string(), "1");
    let world = crate::reference::World::from_sources(&[("cols", COLUMNS)]).expect("parses");
    let mut sit = crate::reference::Situation::default();
    sit.0.insert(
        "fp".into(),
        crate::reference::Val::Num(crate::reference::q(1)),
    );
    sit.0
        .insert("ground".into(), crate::reference::Val::Opt("marsh".into()));
    sit.0.insert("mud".into(), crate::reference::Val::On);
    let reference = crate::reference::distribution(&world, "cols", "t", &sit).expect("reads");
    assert_eq!(
        reference
            .get("Not possible")
            .map(ToString::to_string)
            .as_deref(),
        Some("1")
    );
    // Without the `-` the column is off the scale: an error, as before.
    assert!(rules
        .chart("t")
        .unwrap()
        .odds(&chartwright::Choices::parse("fp=1 ground=open mud").unwrap())
        .is_err());
}
