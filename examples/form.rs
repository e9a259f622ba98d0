//! Builds a form for a chart from `ChartRef::inputs`: radio buttons for a
//! `one of` group, a note on inputs that apply only sometimes.
//! Run with `cargo run --example form`.

use chartwright::{InputKind, Ruleset};

fn main() -> miette::Result<()> {
    let rules = Ruleset::from_file("first_echelon")?;
    let manoeuvre = rules.chart("manoeuvre")?;
    let mut group = None;
    for input in manoeuvre.inputs() {
        if input.one_of != group {
            if let Some(heading) = &input.one_of {
                println!("{heading} (pick at most one):");
            }
            group.clone_from(&input.one_of);
        }
        let widget = match (&input.kind, input.one_of.is_some()) {
            (InputKind::Flag(_), true) => "( )",
            (InputKind::Flag(_), false) => "[ ]",
            (InputKind::Param { .. }, _) => "[N]",
            (InputKind::Choice { .. }, _) => "[v]",
            // A kind this form predates: a text field takes `name=value`.
            _ => "[_]",
        };
        let indent = if input.one_of.is_some() { "    " } else { "  " };
        print!("{indent}{widget} {}", input.name);
        if let Some(cond) = &input.applies {
            // The inputs a condition reads: grey this one out when they say so.
            print!(
                "  -- only {} (watches {})",
                cond.clause(),
                cond.inputs().join(", ")
            );
        }
        println!();
    }
    Ok(())
}
