//! Instructions per roll, counted by callgrind: `roll_quick` against the
//! hand-written charts of `benches/hand/mod.rs` (the bar: within 1.3× of them).
//!
//! `cargo bench --bench sampling_instructions` (or
//! `scripts/callgrind-sampling.sh`) runs this binary again under
//! `valgrind --tool=callgrind` once per routine and per roll count, as
//! `sampling_instructions --driver <routine> <rolls>`, and prints the
//! instructions one roll costs — the difference between a run of
//! [`LONG`] rolls and one of [`SHORT`], divided by the rolls between, so
//! that loading the rules, binding and the process itself cancel out — and
//! the ratio of `roll_quick` to each hand-written function.
//!
//! Each routine rolls the same charts with the same choices as
//! `benches/sampling.rs`, with the same generator and seed, and observes its
//! result in place with `std::hint::black_box(&result)` every roll.
//! Instruction counts do not depend on the machine's load, unlike the wall
//! clock of a machine shared with other jobs.
//!
//! Under `cargo test --all-targets` each routine runs natively for a few
//! rolls instead (no valgrind), so the driver cannot rot.

mod common;
mod hand;

use chartwright::{BoundChart, Choices, Ruleset};
use hand::SEED;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;
use std::process::Command;

/// Rolls in the short run.
const SHORT: u64 = 20_000;
/// Rolls in the long run.
const LONG: u64 = 220_000;

/// The routines: (chart, routine).
const ROUTINES: [(&str, &str); 8] = [
    ("bog_down", "roll_quick"),
    ("bog_down", "hand_written"),
    ("combat", "roll_quick"),
    ("combat", "hand_written"),
    ("combat", "hand_written_array"),
    ("pool", "roll_quick"),
    ("bog_down", "roll_full_trace"),
    ("combat", "roll_full_trace"),
];

/// The net modifier both charts are bound with (see [`bound`]).
const MODIFIER: i64 = 1;

fn load(file: &str) -> Ruleset {
    Ruleset::from_file(common::package_path(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The chart a routine rolls, bound as in `benches/sampling.rs`.
fn bound<'r>(rules: &'r Ruleset, chart: &str) -> BoundChart<'r> {
    let (name, choices) = match chart {
        // d10 + 2 - 1
        "bog_down" => ("bog_down", "tracked bog_down_rating=-1"),
        // 2d6 + 3 - 2 + 1 - 1
        "combat" => (
            "battalion_combat_series.combat",
            "attacker_ar=3 defender_ar=2 assist prepared_defense",
        ),
        // 2d10 hitting 6+, each hit converting on 1d6 4+
        _ => (
            "unit_firing_at_infantry",
            "infantry_firer=infantry_stationary range=close to_hit=6 target_in=open",
        ),
    };
    rules
        .chart(name)
        .and_then(|c| c.bind(&Choices::parse(choices)?))
        .unwrap_or_else(|e| panic!("{name} {choices}: {e}"))
}

fn rules_for(chart: &str) -> Ruleset {
    load(match chart {
        "bog_down" => "rules/first_echelon.rules",
        "combat" => "rules/battalion_combat_series.rules",
        _ => "rules/cold_war_quick_reference.rules",
    })
}

#[inline(never)]
fn quick(bound: &BoundChart<'_>, rng: &mut Xoshiro256PlusPlus, rolls: u64) {
    for _ in 0..rolls {
        let roll = bound.roll_quick(rng);
        black_box(&roll);
    }
}

#[inline(never)]
fn full(bound: &BoundChart<'_>, rng: &mut Xoshiro256PlusPlus, rolls: u64) {
    for _ in 0..rolls {
        let roll = bound.roll(rng);
        black_box(&roll);
    }
}

/// Each hand-written function is passed as itself, so that it inlines into
/// the loop as `roll_quick` does.
#[inline(never)]
fn by_hand(
    rng: &mut Xoshiro256PlusPlus,
    rolls: u64,
    hand: impl Fn(&mut Xoshiro256PlusPlus, i64) -> usize,
) {
    for _ in 0..rolls {
        let row = hand(rng, black_box(MODIFIER));
        black_box(&row);
    }
}

/// Rolls `rolls` times with one routine.
fn drive(chart: &str, routine: &str, rolls: u64) {
    let rules = rules_for(chart);
    let bound = bound(&rules, chart);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
    match (chart, routine) {
        (_, "roll_quick") => quick(&bound, &mut rng, rolls),
        (_, "roll_full_trace") => full(&bound, &mut rng, rolls),
        ("bog_down", "hand_written") => by_hand(&mut rng, rolls, hand::bog_down),
        ("combat", "hand_written") => by_hand(&mut rng, rolls, hand::combat),
        ("combat", "hand_written_array") => by_hand(&mut rng, rolls, hand::combat_array),
        _ => panic!("no routine {chart}/{routine}"),
    }
}

/// The hand-written functions and `roll_quick` read the same rolls alike:
/// same seed, same faces, same row (the rows' texts in sheet order).
fn agree() {
    let combat_rows = hand::COMBAT_ROWS;
    let cases: [(&str, Hand, &[&str]); 3] = [
        (
            "bog_down",
            hand::bog_down,
            &["Traverse", "Bogged down OR Displace", "Bogged down"],
        ),
        ("combat", hand::combat, &combat_rows),
        ("combat", hand::combat_array, &combat_rows),
    ];
    for (chart, hand, rows) in cases {
        let rules = rules_for(chart);
        let bound = bound(&rules, chart);
        let mut compiled = Xoshiro256PlusPlus::seed_from_u64(SEED);
        let mut by_hand = Xoshiro256PlusPlus::seed_from_u64(SEED);
        for _ in 0..10_000 {
            let quick = bound.roll_quick(&mut compiled).expect("rolls");
            assert_eq!(quick.total - quick.natural, MODIFIER, "{chart}");
            let row = hand(&mut by_hand, MODIFIER);
            assert_eq!(
                bound.describe(&quick.outcome).to_string(),
                rows[row],
                "{chart}: total {}",
                quick.total
            );
        }
    }
}

type Hand = fn(&mut Xoshiro256PlusPlus, i64) -> usize;

/// Instructions callgrind counted for one run of the driver.
fn instructions(chart: &str, routine: &str, rolls: u64) -> Result<u64, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .args(["--driver", chart, routine, &rolls.to_string()])
        .output()
        .map_err(|e| format!("valgrind: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("valgrind failed: {stderr}"));
    }
    stderr
        .lines()
        .find_map(|l| {
            l.split_once("Collected :")
                .map(|(_, n)| n.trim().parse().ok())
        })
        .flatten()
        .ok_or_else(|| format!("no `Collected` line in callgrind's output: {stderr}"))
}

/// Instructions per roll of one routine.
fn per_roll(chart: &str, routine: &str) -> Result<f64, String> {
    let short = instructions(chart, routine, SHORT)?;
    let long = instructions(chart, routine, LONG)?;
    Ok((long as f64 - short as f64) / (LONG - SHORT) as f64)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--driver") {
        let arg = |k: usize| args.get(i + k).map_or("", String::as_str);
        let rolls = arg(3).parse().unwrap_or_else(|e| panic!("rolls: {e}"));
        drive(arg(1), arg(2), rolls);
        return;
    }
    if !common::benchmarking() {
        for (chart, routine) in ROUTINES {
            drive(chart, routine, 100);
        }
        agree();
        return;
    }
    let mut measured = Vec::new();
    for (chart, routine) in ROUTINES {
        match per_roll(chart, routine) {
            Ok(n) => {
                println!("{chart}/{routine}: {n:.1} instructions a roll");
                measured.push((chart, routine, n));
            }
            Err(e) => {
                eprintln!("{chart}/{routine}: not measured: {e}");
                return;
            }
        }
    }
    let get = |c: &str, r: &str| measured.iter().find(|m| m.0 == c && m.1 == r).map(|m| m.2);
    for (chart, routine, _) in &measured {
        if routine.starts_with("hand_written") {
            if let (Some(q), Some(h)) = (get(chart, "roll_quick"), get(chart, routine)) {
                println!(
                    "{chart}: roll_quick / {routine} instructions ratio: {:.2}",
                    q / h
                );
            }
        }
    }
}
