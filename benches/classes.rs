//! Situation classes (issue 27): the classes of every chart of every game
//! in `rules/`, computed from the compiled tree (the axes, the nets the
//! pure modifiers reach, each class's situation and name, at most
//! `Limits::max_situations` of them), and a whole-game exact `diff` of
//! First Echelon against its one-line-per-change variant `mud_season`
//! and against a one-line house rule on Fire Combat's modifiers (every
//! chart compared in every class, as `chartwright diff` does).
//!
//! Criterion times each game's charts as one batch (`classes/<game>`) and
//! the whole-game diffs (`diff_game/first_echelon_mud`,
//! `diff_game/first_echelon_smoke`); every chart's
//! median is printed as a table from a plain median-of-N loop, with its
//! class count (`cargo bench --bench classes`).

mod common;

use chartwright::{across, situation_classes, Choices, Ruleset};
use std::hint::black_box;

fn main() {
    let mut c = common::criterion();
    let games = common::games();
    let limit = chartwright::Limits::default().max_situations;
    let bench = common::benchmarking();
    let (runs, batch) = if bench { (21, 3) } else { (1, 1) };
    if bench {
        println!("situation classes of every chart (median of {runs} x {batch} calls):");
    }
    for (game, rules) in &games {
        for chart in rules.charts().filter(|c| !c.is_notes()) {
            let t = common::median_of(runs, batch, || {
                situation_classes(&[&chart], &Choices::none(), limit)
            });
            if bench {
                let classes = situation_classes(&[&chart], &Choices::none(), limit);
                println!(
                    "  {game}.{:<28} {:>10}  {:>6} classes{}",
                    chart.name(),
                    common::show(t.as_nanos() as f64),
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
        b.iter(|| {
            for b in base.charts().filter(|c| !c.is_notes()) {
                let Ok(v) = mud.chart(b.name()) else { continue };
                black_box(across(&b, &v, &Choices::none(), limit).ok());
            }
        });
    });
    // A house rule on Fire Combat's modifiers: its follow-up (Bail Out) is
    // compiled alike, so its own outcomes are compared in every class.
    let smoke = Ruleset::from_str(
        "smoke",
        "variant \"Thicker smoke\" of first_echelon version \"1\"\nchange direct_fire_modifiers.df_smoke -3\n",
    )
    .expect("the variant loads");
    group.bench_function("first_echelon_smoke", |b| {
        b.iter(|| {
            for b in base.charts().filter(|c| !c.is_notes()) {
                let Ok(v) = smoke.chart(b.name()) else {
                    continue;
                };
                black_box(across(&b, &v, &Choices::none(), limit).ok());
            }
        });
    });
    group.finish();
    c.final_summary();
}
