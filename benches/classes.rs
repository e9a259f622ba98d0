//! Situation classes: the classes of every chart of every game
//! in `rules/`, computed from the compiled tree (the axes, the nets the
//! pure modifiers reach, the classes counted and, past
//! `Limits::max_situations`, a seeded sample of them picked), and a
//! whole-game exact `diff` of First Echelon against its one-line-per-change
//! variant `mud_season`, against a one-line house rule on Fire Combat's
//! modifiers and against a one-cell rule on the discipline grid (every
//! chart compared in every class, as `chartwright diff` does).
//!
//! Criterion times each game's charts as one batch (`classes/<game>`) and
//! the whole-game diffs (`diff_game/first_echelon_mud`,
//! `diff_game/first_echelon_smoke`, `diff_game/first_echelon_raw`). `cargo bench --bench classes` also
//! prints every chart's medians from a plain median-of-N loop: computing
//! its classes (what `situation_classes` does), and then making every
//! class compared, its situation and name (what a caller that reads them
//! all pays on top: the classes are made when asked for, not for free).

mod common;

use chartwright::compare::{across, situation_classes};
use chartwright::{Choices, Ruleset};
use std::hint::black_box;

/// Passes over every class made, per chart: the largest charts take
/// 0.1 s a pass.
const NAMING_RUNS: usize = 5;

fn main() {
    let mut c = common::criterion();
    let games = common::games();
    let limit = chartwright::Limits::default().max_situations;
    let bench = common::benchmarking();
    let (runs, batch) = if bench { (21, 3) } else { (1, 1) };
    if bench {
        println!(
            "situation classes of every chart: computed (median of {runs} x {batch} calls), \
             then every class compared made (median of {NAMING_RUNS} passes):"
        );
    }
    for (game, rules) in &games {
        for chart in rules.charts().filter(|c| !c.is_notes()) {
            let t = common::median_of(runs, batch, || {
                situation_classes(&[&chart], &Choices::none(), limit)
            });
            let classes = situation_classes(&[&chart], &Choices::none(), limit);
            // Every class made, as a caller reading them all makes them.
            let made = common::median_of(if bench { NAMING_RUNS } else { 1 }, 1, || {
                classes
                    .iter()
                    .map(|c| black_box(c).name.len())
                    .sum::<usize>()
            });
            if bench {
                println!(
                    "  {game}.{:<28} {:>10}  {:>10} to make {:>6} of {:>6} classes{}",
                    chart.name(),
                    common::show(t.as_nanos() as f64),
                    common::show(made.as_nanos() as f64),
                    classes.len(),
                    classes
                        .total
                        .map_or_else(|| "many".to_owned(), |t| t.to_string()),
                    if classes.exhaustive() {
                        ""
                    } else {
                        " (not all compared)"
                    }
                );
            }
        }
    }
    let mut group = c.benchmark_group("classes");
    for (game, rules) in &games {
        let charts: Vec<_> = rules.charts().filter(|c| !c.is_notes()).collect();
        group.bench_function(game.as_str(), |b| {
            b.iter(|| {
                for chart in &charts {
                    black_box(situation_classes(&[chart], &Choices::none(), limit));
                }
            });
        });
    }
    group.finish();

    let base = Ruleset::from_file("first_echelon").expect("bundled");
    let mud = Ruleset::from_file(common::package_path("docs/variants/mud_season.rules"))
        .expect("the variant loads");
    let mut group = c.benchmark_group("diff_game");
    group.sample_size(10);
    group.bench_function("first_echelon_mud", |b| {
        b.iter(|| diff_game(&base, &mud, limit));
    });
    // A house rule on Fire Combat's modifiers: its follow-up (Bail Out) is
    // compiled alike, so its own outcomes are compared in every class.
    let smoke = Ruleset::from_str(
        "smoke",
        "variant \"Thicker smoke\" of first_echelon version \"1\"\nchange direct_fire_modifiers.df_smoke -3\n",
    )
    .expect("the variant loads");
    group.bench_function("first_echelon_smoke", |b| {
        b.iter(|| diff_game(&base, &smoke, limit));
    });
    // A one-cell house rule on the discipline grid, which modifiers of
    // five charts read: each compared in every class.
    let raw = Ruleset::from_str(
        "raw",
        "variant \"Raw troops hold\" of first_echelon version \"1\"\nchange discipline_rating at raw, disordered: +1\n",
    )
    .expect("the variant loads");
    group.bench_function("first_echelon_raw", |b| {
        b.iter(|| diff_game(&base, &raw, limit));
    });
    group.finish();
    c.final_summary();
}

/// Every chart of `base` compared with the variant's in every class, as
/// `chartwright diff` does.
fn diff_game(base: &Ruleset, variant: &Ruleset, limit: usize) {
    for b in base.charts().filter(|c| !c.is_notes()) {
        let Ok(v) = variant.chart(b.name()) else {
            continue;
        };
        black_box(across(&b, &v, &Choices::none(), limit).ok());
    }
}
