//! How many heap allocations one roll makes, counted by dhat's global
//! allocator (issue 14): a full-trace roll of a plain table (no
//! follow-ups) at most [`MAX_TRACE`], a quick roll none. Deterministic:
//! the count of each roll is read, not timed.
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
    assert!(!failed, "a roll allocates more than it may");
}
