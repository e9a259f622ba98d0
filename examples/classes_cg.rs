//! Situation classes for callgrind (docs/performance.md, situation
//! classes): one chart a process, its classes computed `K` times
//! (`situation_classes`, none made; with `make`, every class compared made
//! too, its situation and name). Instructions per call =
//! (Ir(K2) - Ir(K1)) / (K2 - K1), so that loading cancels out.
//!
//! ```text
//! cargo run --release --example classes_cg -- GAME CHART K [make]
//! valgrind --tool=callgrind target/release/examples/classes_cg first_echelon fire_combat 5
//! ```

use chartwright::compare::situation_classes;
use chartwright::{Choices, Limits, Ruleset};
use std::hint::black_box;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, chart, k, make) = match args.as_slice() {
        [game, chart, k] => (game, chart, k, false),
        [game, chart, k, make] if make == "make" => (game, chart, k, true),
        _ => return Err("usage: classes_cg GAME CHART K [make]".into()),
    };
    let rules = Ruleset::from_file(game)?;
    let chart = rules.chart(chart)?;
    let limit = Limits::default().max_situations;
    let mut len = 0;
    for _ in 0..k.parse::<usize>()? {
        let classes = black_box(situation_classes(&[&chart], &Choices::none(), limit));
        len = if make {
            classes
                .iter()
                .filter(|c| black_box(c).name.len() < usize::MAX)
                .count()
        } else {
            classes.len()
        };
    }
    println!("{len} classes");
    Ok(())
}
