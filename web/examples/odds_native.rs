//! The native side of web/bench.mjs: one-shot exact odds of every bundled
//! chart that rolls, in the situation the playground starts it in
//! (`example_choices`), as the web package computes them: the chart
//! found by name, the arguments parsed from text, the odds and their JSON
//! text. Prints `{"game.chart": microseconds, ...}`: a
//! call's time in the fastest of 15 batches of 100 (the machine is
//! shared: the least disturbed batch).
//!
//!     cargo run --release -p chartwright-web --example odds_native

use chartwright::{json, Choices, Ruleset};
use std::time::Instant;

fn main() {
    let mut out = serde_json::Map::new();
    for game in chartwright::bundled::names() {
        let rules = Ruleset::from_file(game).expect("a bundled game loads");
        for chart in rules.charts().filter(|c| c.dice().is_some()) {
            let choices = chart.example_choices();
            let (name, args) = (chart.qualified_name(), choices.text().to_owned());
            if chart.odds(&choices).is_err() {
                continue;
            }
            let mut times: Vec<f64> = (0..15)
                .map(|_| {
                    let started = Instant::now();
                    // One request as the web package takes it: the chart by
                    // name, the arguments as text, the odds as JSON text.
                    for _ in 0..100 {
                        let request = rules.chart(&name).and_then(|c| {
                            let choices = Choices::parse(&args)?;
                            c.odds(&choices)
                        });
                        if let Ok(odds) = request {
                            std::hint::black_box(json::versioned(json::odds(&odds)).to_string());
                        }
                    }
                    started.elapsed().as_secs_f64() * 1e6 / 100.0
                })
                .collect();
            times.sort_by(f64::total_cmp);
            out.insert(chart.qualified_name(), serde_json::json!(times[0]));
        }
    }
    println!("{}", serde_json::Value::Object(out));
}
