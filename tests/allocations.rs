//! How many heap allocations one roll makes, counted by dhat's global
//! allocator: a full-trace roll of a plain table (no
//! follow-ups) at most [`MAX_TRACE`], a quick roll none. And how many one
//! exact-odds call makes on the peers harness's workloads W3.1, W3.2 and
//! W5 ([`PEERS`]): bound once at most [`MAX_BOUND_ODDS`], one-shot
//! (`ChartRef::odds`: bind and odds) at most [`MAX_ONE_SHOT_ODDS`].
//! Deterministic: the count of each call is read, not timed.
//!
//! Its own test binary with `harness = false`, run as one sequence on the
//! main thread: the counting allocator is global, and a test runner's own
//! threads would allocate into the counts.

use chartwright::{BoundChart, Choices, Ruleset};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// Most allocations a full-trace roll of a plain table may make.
const MAX_TRACE: u64 = 3;

/// Most allocations one exact-odds call of a chart bound once may make on
/// [`PEERS`]: the answer's list of outcomes (the dice's distribution is
/// the chart's own, made once loaded).
const MAX_BOUND_ODDS: u64 = 1;

/// Most allocations a one-shot exact-odds call (`ChartRef::odds`) may
/// make on [`PEERS`]: the answer's list, as a bound call. These charts are
/// plain: a call reads them without binding them. (Before the rows'
/// outcomes and every text were the chart's own, shared, a call made
/// 50-67; binding each call made 2.)
const MAX_ONE_SHOT_ODDS: u64 = 1;

/// The peers harness's workloads W3.1 (`w1`), W3.2 (`w2`) and W5 (`w5`),
/// as its adapter writes them, with the choices it passes.
const PEERS: &str = r#"
game "Peer workloads" version "1"
table w1 "W1: d10 + modifiers, 3 rows" {
  roll d10
  modifiers {
    plus_two  +2 "plus two"
    minus_one -1 "minus one"
  }
  rows {
    6 or more => "Traverse"
    4,5       => "Bogged down" or "Displace"
    3 or less => "Bogged down"
  }
}
table w2 "W2: 2d6 + 3, 6 rows" {
  roll 2d6
  modifiers {
    plus_three +3 "plus three"
  }
  rows {
    4 or less  => "<=4"
    5-6        => "5-6"
    7-8        => "7-8"
    9-10       => "9-10"
    11-12      => "11-12"
    13 or more => ">=13"
  }
}
opposed w5 "W5: opposed d10+2 vs d10+1" {
  sides att "Attacker", def "Defender"
  roll d10
  modifiers {
    for att { att_bonus +2 "attacker +2" }
    for def { def_bonus +1 "defender +1" }
  }
  rows {
    4 or more  => ">=4"
    1 to 3     => "1..3"
    0          => "0"
    -1 to -3   => "-3..-1"
    -4 or less => "<=-4"
  }
}
"#;

/// The workloads of [`PEERS`] and their choices.
const WORKLOADS: [(&str, &str); 3] = [
    ("w1", "plus_two minus_one"),
    ("w2", "plus_three"),
    ("w5", "att.att_bonus def.def_bonus"),
];

/// Allocations of one exact-odds call on each workload of [`PEERS`],
/// bound once and one-shot; false if any is over its bound.
fn odds_calls() -> bool {
    let rules = Ruleset::from_str("peers", PEERS).expect("the workloads load");
    let mut ok = true;
    for (name, choices) in WORKLOADS {
        let chart = rules.chart(name).expect("a workload");
        let choices = Choices::parse(choices).expect("choices");
        let bound = chart.bind(&choices).expect("binds");
        // The first call of each kind warms nothing up: nothing is cached.
        let (one_shot, odds) = allocations(|| chart.odds(&choices).expect("odds"));
        let (bound_once, again) = allocations(|| bound.odds().expect("odds"));
        assert_eq!(odds, again, "{name}: one-shot and bound odds agree");
        drop((odds, again));
        println!(
            "peers.{name}: {one_shot} allocations a one-shot odds call, {bound_once} bound once"
        );
        if one_shot > MAX_ONE_SHOT_ODDS || bound_once > MAX_BOUND_ODDS {
            eprintln!(
                "peers.{name}: over the bound ({MAX_ONE_SHOT_ODDS} one-shot, {MAX_BOUND_ODDS} bound)"
            );
            ok = false;
        }
    }
    ok
}

/// Rolls each bound chart this many times.
const ROLLS: usize = 200;

fn load(game: &str) -> Ruleset {
    let path = format!("{}/rules/{game}.rules", env!("CARGO_MANIFEST_DIR"));
    Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn bind<'r>(rules: &'r Ruleset, chart: &str, choices: &str) -> BoundChart<'r> {
    rules
        .chart(chart)
        .and_then(|c| c.bind(&Choices::parse(choices)?))
        .unwrap_or_else(|e| panic!("{chart} {choices}: {e}"))
}

/// Allocations (blocks) made while `f` runs.
fn allocations<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = dhat::HeapStats::get().total_blocks;
    let out = f();
    (dhat::HeapStats::get().total_blocks - before, out)
}

/// The most allocations one roll of `bound` made, over [`ROLLS`] rolls,
/// full trace and quick.
fn most(bound: &BoundChart<'_>) -> (u64, u64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut trace = 0;
    let mut quick = 0;
    for _ in 0..ROLLS {
        let (n, roll) = allocations(|| bound.roll(&mut rng));
        let roll = roll.expect("rolls");
        assert!(roll.follow_ups.is_empty(), "{}: a plain table", roll.chart);
        trace = trace.max(n);
        drop(roll);
        let (n, q) = allocations(|| bound.roll_quick(&mut rng));
        assert!(q.is_ok());
        quick = quick.max(n);
    }
    (trace, quick)
}

fn main() {
    let _profiler = dhat::Profiler::builder().testing().build();
    // The counter counts: one boxed value is one allocation.
    assert_eq!(allocations(|| std::hint::black_box(Box::new(7u64))).0, 1);
    let first_echelon = load("first_echelon");
    let bcs = load("battalion_combat_series");
    let ogre = load("ogre");
    let cases = [
        bind(&first_echelon, "bog_down", "tracked bog_down_rating=-1"),
        bind(
            &bcs,
            "combat",
            "attacker_ar=3 defender_ar=2 assist prepared_defense",
        ),
        // A column picked by the odds: the trace says which.
        bind(&ogre, "crt", "attack=6 defense=3"),
    ];
    let mut failed = false;
    for bound in &cases {
        let (trace, quick) = most(bound);
        let name = bound
            .roll(&mut Xoshiro256PlusPlus::seed_from_u64(1))
            .expect("rolls")
            .chart;
        println!("{name}: at most {trace} allocations a full-trace roll, {quick} a quick roll");
        if trace > MAX_TRACE || quick > 0 {
            eprintln!("{name}: over the bound ({MAX_TRACE} full trace, 0 quick)");
            failed = true;
        }
    }
    let odds_ok = odds_calls();
    assert!(!failed, "a roll allocates more than it may");
    assert!(odds_ok, "an exact-odds call allocates more than it may");
}
