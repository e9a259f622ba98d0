//! Sampling throughput: `roll_quick` against hand-written charts, pools and
//! follow-up chains.
//!
//! - `sampling_bog_down` and `sampling_combat`: First Echelon's Bog Down
//!   (d10 + modifiers, 3 ranges) and Battalion Combat Series' Combat Table
//!   (2d6 + modifiers, 6 rows), each rolled with the same generator
//!   (`Xoshiro256PlusPlus`, seeded) by `roll_quick` (bind once, roll many:
//!   the compiled path), by `hand_written` (the same chart as a plain Rust
//!   function returning the row index) and, for information, by
//!   `roll_full_trace` (`BoundChart::roll`) and, for the Combat Table,
//!   `hand_written_array` (a branch-free hand-written form). The
//!   hand-written functions are in `benches/hand/mod.rs`, shared with
//!   `benches/sampling_instructions.rs`, which counts the instructions of
//!   the same routines with callgrind (the figure the bar, within 1.3× of
//!   the hand-written charts, is judged on: wall-clock medians on a shared
//!   host move by ±30%). After the groups run, the ratios of the medians
//!   criterion measured (read back from
//!   `target/criterion/<group>/<id>/new/estimates.json`) are printed as
//!   `ratio: X.XX`.
//! - `sampling_pool`: 2d10 hitting 6+, each hit converting on 1d6 4+ (Cold
//!   War's Unit Firing at Infantry: stationary infantry at close range, to
//!   hit 6, target in the open).
//! - `sampling_chain`: First Echelon's Fire Combat with a weapon rating that
//!   makes Knocked out likely (90%), each knock-out rolling Bail Out in turn.
//!
//! Every routine's result is observed in place with
//! `std::hint::black_box(&result)`: criterion's own `black_box` on a
//! returned value copies it, and copying a 48-byte `QuickRoll` right after
//! it was written stalls the CPU (store forwarding) for longer than the roll
//! takes, a cost the hand-written function's one-word result does not pay
//! and a caller reading the fields does not pay either.

mod common;
mod hand;

use chartwright::{BoundChart, Choices, Ruleset};
use criterion::measurement::WallTime;
use criterion::BenchmarkGroup;
use hand::SEED;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;

type Hand = fn(&mut Xoshiro256PlusPlus, i64) -> usize;

/// A chart bound to its choices, its net modifier and the texts its rows
/// read (sheet order), to check the hand-written functions against.
struct Case<'r> {
    group: &'static str,
    bound: BoundChart<'r>,
    modifier: i64,
    hands: &'static [(&'static str, Hand)],
    rows: &'static [&'static str],
}

impl Case<'_> {
    /// The hand-written functions and the compiled chart must read the same
    /// rolls alike: same seed, same faces, same outcome.
    fn check(&self, rolls: usize) {
        let mut compiled = Xoshiro256PlusPlus::seed_from_u64(SEED);
        let mut by_hand: Vec<_> = self
            .hands
            .iter()
            .map(|_| Xoshiro256PlusPlus::seed_from_u64(SEED))
            .collect();
        for _ in 0..rolls {
            let quick = self.bound.roll_quick(&mut compiled).expect("rolls");
            assert_eq!(quick.total - quick.natural, self.modifier, "{}", self.group);
            let text = self.bound.describe(&quick.outcome).to_string();
            for ((id, hand), rng) in self.hands.iter().zip(&mut by_hand) {
                let row = hand(rng, self.modifier);
                assert_eq!(
                    text, self.rows[row],
                    "{}/{id}: total {}",
                    self.group, quick.total
                );
            }
        }
    }
}

/// Times a hand-written function with its own generator, seeded as the
/// compiled chart's is.
fn bench_hand(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    modifier: i64,
    hand: impl Fn(&mut Xoshiro256PlusPlus, i64) -> usize,
) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
    group.bench_function(id, |b| {
        b.iter(|| {
            let row = hand(&mut rng, black_box(modifier));
            black_box(&row);
        });
    });
}

/// Binds a chart once, to roll it many times.
fn bind<'r>(rules: &'r Ruleset, chart: &str, choices: &str) -> BoundChart<'r> {
    rules
        .chart(chart)
        .and_then(|c| c.bind(&Choices::parse(choices)?))
        .unwrap_or_else(|e| panic!("{chart} {choices}: {e}"))
}

fn load(file: &str) -> Ruleset {
    Ruleset::from_file(common::package_path(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[allow(clippy::too_many_lines)] // the bench groups in order, each a few lines
fn main() {
    let mut c = common::criterion();
    let first_echelon = load("rules/first_echelon.rules");
    let bcs = load("rules/battalion_combat_series.rules");
    let cold_war = load("rules/cold_war_quick_reference.rules");

    let cases = [
        Case {
            group: "sampling_bog_down",
            // d10 + 2 - 1
            bound: bind(&first_echelon, "bog_down", "tracked bog_down_rating=-1"),
            modifier: 1,
            hands: &[("hand_written", hand::bog_down)],
            rows: &["Traverse", "Bogged down OR Displace", "Bogged down"],
        },
        Case {
            group: "sampling_combat",
            // 2d6 + 3 - 2 + 1 - 1
            bound: bind(
                &bcs,
                "battalion_combat_series.combat",
                "attacker_ar=3 defender_ar=2 assist prepared_defense",
            ),
            modifier: 1,
            hands: &[
                ("hand_written", hand::combat),
                ("hand_written_array", hand::combat_array),
            ],
            rows: &hand::COMBAT_ROWS,
        },
    ];

    for case in &cases {
        case.check(if common::benchmarking() {
            100_000
        } else {
            1_000
        });
        let mut group = c.benchmark_group(case.group);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
        group.bench_function("roll_quick", |b| {
            b.iter(|| {
                let roll = case.bound.roll_quick(&mut rng);
                black_box(&roll);
            });
        });
        // Each hand-written function is passed as itself, not through the
        // `Hand` pointer, so that it inlines into the loop as `roll_quick`
        // does.
        if case.group == "sampling_bog_down" {
            bench_hand(&mut group, "hand_written", case.modifier, hand::bog_down);
        } else {
            bench_hand(&mut group, "hand_written", case.modifier, hand::combat);
            bench_hand(
                &mut group,
                "hand_written_array",
                case.modifier,
                hand::combat_array,
            );
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
        group.bench_function("roll_full_trace", |b| {
            b.iter(|| {
                let roll = case.bound.roll(&mut rng);
                black_box(&roll);
            });
        });
        group.finish();
    }

    // A pool: 2d10 hitting 6+, each hit converting on 1d6 4+.
    let pool = bind(
        &cold_war,
        "unit_firing_at_infantry",
        "infantry_firer=infantry_stationary range=close to_hit=6 target_in=open",
    );
    {
        let mut group = c.benchmark_group("sampling_pool");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
        group.bench_function("roll_quick", |b| {
            b.iter(|| {
                let roll = pool.roll_quick(&mut rng);
                black_box(&roll);
            });
        });
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
        group.bench_function("roll_full_trace", |b| {
            b.iter(|| {
                let roll = pool.roll(&mut rng);
                black_box(&roll);
            });
        });
        group.finish();
    }

    // A follow-up chain: Fire Combat, Knocked out (90% here) -> Bail Out.
    let fire = bind(
        &first_echelon,
        "fire_combat",
        "attack=direct df_weapon=8 unit_rating=elite order_status=good_order target_discipline=raw mounted",
    );
    {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
        let followed = (0..1000)
            .filter(|_| !fire.roll(&mut rng).unwrap().follow_ups.is_empty())
            .count();
        assert!(
            followed > 800,
            "Knocked out must be likely: {followed}/1000"
        );
        let mut group = c.benchmark_group("sampling_chain");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
        group.bench_function("roll_full_trace", |b| {
            b.iter(|| {
                let roll = fire.roll(&mut rng);
                black_box(&roll);
            });
        });
        group.finish();
    }
    c.final_summary();

    if common::benchmarking() {
        report(&cases);
        interleaved(&cases);
    }
}

/// The same comparison timed with plain `Instant` loops, `roll_quick` and
/// the hand-written function in alternation (41 batches of a million rolls
/// each), printed as a second ratio: less exposed to the machine's drift
/// than two criterion runs made one after the other.
fn interleaved(cases: &[Case<'_>]) {
    for case in cases {
        for &(id, hand) in case.hands {
            let mut quick_rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
            let mut hand_rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
            let modifier = case.modifier;
            let (quick, by_hand) = match id {
                // Passed as themselves so that they inline, as above.
                "hand_written" if case.group == "sampling_bog_down" => common::interleaved(
                    41,
                    1_000_000,
                    || {
                        let roll = case.bound.roll_quick(&mut quick_rng);
                        black_box(&roll);
                    },
                    || {
                        let row = hand::bog_down(&mut hand_rng, black_box(modifier));
                        black_box(&row);
                    },
                ),
                "hand_written" => common::interleaved(
                    41,
                    1_000_000,
                    || {
                        let roll = case.bound.roll_quick(&mut quick_rng);
                        black_box(&roll);
                    },
                    || {
                        let row = hand::combat(&mut hand_rng, black_box(modifier));
                        black_box(&row);
                    },
                ),
                _ => common::interleaved(
                    41,
                    1_000_000,
                    || {
                        let roll = case.bound.roll_quick(&mut quick_rng);
                        black_box(&roll);
                    },
                    || {
                        let row = hand(&mut hand_rng, black_box(modifier));
                        black_box(&row);
                    },
                ),
            };
            println!(
                "{} (interleaved Instant loops): roll_quick {}, {id} {}, ratio: {:.2}",
                case.group,
                common::show(quick),
                common::show(by_hand),
                quick / by_hand
            );
        }
    }
}

/// Prints the medians and ratios of this run.
fn report(cases: &[Case<'_>]) {
    for case in cases {
        let get = |id| common::median_ns(case.group, id);
        let Some(quick) = get("roll_quick") else {
            continue;
        };
        println!("{}/roll_quick: {} median", case.group, common::show(quick));
        for &(id, _) in case.hands {
            if let Some(ns) = get(id) {
                println!("{}/{id}: {} median", case.group, common::show(ns));
                println!("{}: roll_quick / {id} ratio: {:.2}", case.group, quick / ns);
            }
        }
        if let Some(ns) = get("roll_full_trace") {
            println!(
                "{}/roll_full_trace: {} median ({:.0}x roll_quick)",
                case.group,
                common::show(ns),
                ns / quick
            );
        }
    }
    for (group, id) in [
        ("sampling_pool", "roll_quick"),
        ("sampling_pool", "roll_full_trace"),
        ("sampling_chain", "roll_full_trace"),
    ] {
        if let Some(ns) = common::median_ns(group, id) {
            println!(
                "{group}/{id}: {} median, {:.1} M rolls/s",
                common::show(ns),
                1e3 / ns
            );
        }
    }
}
