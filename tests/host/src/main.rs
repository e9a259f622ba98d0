//! A host program: loads a `.rules` file named on the command line, and
//! with `?` in a function returning `miette::Result` gets every load error
//! rendered with its source. Then prints the odds of each chart that rolls.

use chartwright::Ruleset;

fn main() -> miette::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "first_echelon".into());
    let rules = Ruleset::from_file(&path)?;
    for chart in rules.charts().filter(|c| c.dice().is_some()) {
        let odds = chart.odds(&chart.example_choices())?;
        println!("{}", odds.chart);
        for o in &odds.outcomes {
            println!("  {:<40} {:>7.2}%", o.outcome, o.percent());
        }
    }
    Ok(())
}
