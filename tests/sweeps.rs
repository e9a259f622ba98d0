//! A sweep's net modifier (`odds --sweep`, the sheet's pictures, the
//! playground's extra modifier) means exactly what one more modifier of
//! that value means. The oracle reads differently: each point is checked
//! against the same chart with a parametric modifier named at that value,
//! which binding adds as a modifier (caps, targets and ladders included),
//! not as an extra.

use chartwright::{Choices, Odds, Ruleset};

fn rules(body: &str) -> Ruleset {
    let text = format!("game \"Sweeps\" version \"1\"\n{body}");
    Ruleset::from_str("sweeps", &text).unwrap_or_else(|e| panic!("{e}"))
}

fn odds(r: &Ruleset, chart: &str, args: &str) -> Odds {
    r.chart(chart)
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{chart} {args}: {e}"))
}

/// Every point of a sweep of `chart` from `base` equals the odds with
/// `bonus` named at that value.
#[track_caller]
fn assert_sweep_is_a_modifier(r: &Ruleset, chart: &str, base: &str, range: (i64, i64)) {
    let bound = r
        .chart(chart)
        .and_then(|c| c.bind(&Choices::parse(base)?))
        .unwrap_or_else(|e| panic!("{chart}: {e}"));
    let sweep = bound
        .sweep(range.0..=range.1)
        .unwrap_or_else(|e| panic!("{chart}: {e}"));
    for (net, swept) in sweep {
        let named = odds(r, chart, &format!("{base} bonus={net}"));
        assert_eq!(
            swept, named,
            "{chart}: net {net:+} as a sweep and as a modifier"
        );
    }
}

#[test]
fn a_sweep_moves_the_target_where_the_modifiers_do() {
    // Roll-under: succeed on a d10 of 5 or less, plus the net modifier.
    let r = rules(
        r#"
check under "Under" {
  roll d10
  modifiers { bonus ±r in -6..6 default 0 "bonus" }
  succeed on at most 5 + modifiers
  success "Hit"
  failure "Miss"
}"#,
    );
    assert_sweep_is_a_modifier(&r, "under", "", (-6, 6));
    // By hand: at +2 the roll succeeds on 1-7.
    let sweep = r
        .chart("under")
        .and_then(|c| c.bind(&Choices::none()))
        .and_then(|b| b.sweep(2..=2))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sweep[0].1.probability("Hit").fraction(), "7/10");
}

#[test]
fn a_sweep_is_capped_as_the_modifiers_are() {
    let r = rules(
        r#"
table capped "Capped" {
  roll d6
  modifiers { bonus ±r in -6..6 default 0 "bonus"  cover -1 "cover" }
  cap modifiers at 2
  rows { 3 or less => "Miss"  4-5 => "Hit"  6 or more => "Kill" }
}"#,
    );
    assert_sweep_is_a_modifier(&r, "capped", "", (-6, 6));
    assert_sweep_is_a_modifier(&r, "capped", "cover", (-6, 6));
    // By hand: +5 capped at +2, so a 2 or more is a Hit or better (5/6),
    // a 4 or more a Kill (1/2).
    let at_five = r
        .chart("capped")
        .and_then(|c| c.bind(&Choices::none()))
        .and_then(|b| b.sweep(5..=5))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(at_five[0].1.probability("Kill").fraction(), "1/2");
}

#[test]
fn a_sweep_reads_a_plain_table_and_a_check_on_the_roll() {
    let r = rules(
        r#"
table plain "Plain" {
  roll 2d6
  modifiers { bonus ±r in -6..6 default 0 "bonus" }
  rows { 6 or less => "Miss"  7-9 => "Hit"  10 or more => "Kill" }
}
check over "Over" {
  roll d6
  modifiers { bonus ±r in -6..6 default 0 "bonus" }
  succeed on 4+
  success "Pass"
  failure "Fail"
}"#,
    );
    assert_sweep_is_a_modifier(&r, "plain", "", (-4, 4));
    assert_sweep_is_a_modifier(&r, "over", "", (-4, 4));
}

#[test]
fn artillery_response_at_plus_two_reads_as_the_dedicated_battery() {
    // Command Decision's Artillery Response succeeds on 5 or less for
    // organic fire, and its modifiers move that number: the +2 of a
    // Dedicated Battery makes 7 or less, 7/10. The sweep's +2 says the same.
    let r = chartwright::Ruleset::from_file("command_decision").unwrap_or_else(|e| panic!("{e}"));
    let battery = odds(
        &r,
        "artillery_response",
        "firing_stand=organic dedicated_battery",
    );
    let result = "Responds: place new IDF templates & smoke markers";
    assert_eq!(battery.probability(result).fraction(), "7/10");
    let sweep = r
        .chart("artillery_response")
        .and_then(|c| c.bind(&Choices::parse("firing_stand=organic")?))
        .and_then(|b| b.sweep(-2..=2))
        .unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<String> = sweep
        .iter()
        .map(|(_, o)| o.probability(result).fraction())
        .collect();
    assert_eq!(got, ["3/10", "2/5", "1/2", "3/5", "7/10"]);
    assert_eq!(sweep[4].1, battery);
}

#[test]
fn the_trace_says_when_an_extra_modifier_is_capped() {
    let r = rules(
        r#"
table capped "Capped" {
  roll d6
  modifiers { bonus ±r in -6..6 default 0 "bonus" }
  cap modifiers at 2
  rows { 3 or less => "Miss"  4-5 => "Hit"  6 or more => "Kill" }
}"#,
    );
    let roll = |args: &str, extra: i64| {
        r.chart("capped")
            .and_then(|c| c.bind(&Choices::parse(args)?))
            .and_then(|b| b.with_extra_modifier(extra))
            .and_then(|b| b.roll(&mut chartwright::Scripted::new([1u32])))
            .unwrap_or_else(|e| panic!("{e}"))
    };
    // +4 capped at +2; an extra -3 brings the net to +1, within the cap.
    let within = roll("bonus=4", -3);
    assert_eq!((within.total, within.detail.as_deref()), (Some(2), None));
    // +4 and +3: +7, capped at +2.
    let past = roll("bonus=4", 3);
    assert_eq!(past.total, Some(3));
    assert_eq!(past.detail.as_deref(), Some("net modifier +7 capped at +2"));
    // Within the cap, then past it the other way.
    let below = roll("bonus=1", -5);
    assert_eq!(
        below.detail.as_deref(),
        Some("net modifier -4 capped at -2")
    );
}
