//! The agreement test: for every chart of every bundled game and of every
//! fixture (tests/charts, docs), in a bounded sample of its situations, the
//! reference interpreter's exact distribution equals the engine's
//! `ChartRef::odds`. The reference shares no code with the engine (only
//! the parser), so a misreading of docs/language.md in the checker or the
//! engine shows here as a disagreement.

use super::{distribution, situations, Distribution, Situation, Why, World, Q};
use chartwright::{Choices, Ruleset};
use num_traits::Zero;
use std::collections::BTreeMap;

/// Situations tried per chart.
const PER_CHART: usize = 24;

/// Disagreements where docs/language.md sides with the reference (each
/// has a minimal repro in `misreadings.rs`): the chart and a piece of the
/// engine's error.
/// None is known today.
const KNOWN_ENGINE_MISREADINGS: &[(&str, &str)] = &[];

/// What one comparison found.
#[derive(Default)]
pub struct Tally {
    pub charts: usize,
    pub agreed: usize,
    pub both_refused: usize,
    pub unsupported: BTreeMap<String, usize>,
    pub disagreements: Vec<String>,
    pub known: Vec<String>,
}

impl Tally {
    fn report(&self, what: &str) {
        eprintln!(
            "{what}: {} charts, {} situations agree ({} of them refused by both), {} disagree, {} unsupported",
            self.charts,
            self.agreed,
            self.both_refused,
            self.disagreements.len(),
            self.unsupported.values().sum::<usize>()
        );
        for (why, n) in &self.unsupported {
            eprintln!("  unsupported ({n}): {why}");
        }
        for d in &self.disagreements {
            eprintln!("  DISAGREE {d}");
        }
        for d in &self.known {
            eprintln!("  known engine misreading: {d}");
        }
    }
}

fn engine_odds(chart: &chartwright::ChartRef, sit: &Situation) -> Result<Distribution, String> {
    let choices = Choices::parse(&sit.words()).map_err(|e| format!("words: {e}"))?;
    let odds = chart.odds(&choices).map_err(|e| e.to_string())?;
    let mut d = Distribution::new();
    for o in &odds.outcomes {
        *d.entry(o.outcome.to_string()).or_insert_with(Q::zero) += o.probability.to_big();
    }
    Ok(d)
}

fn show(d: &Distribution) -> String {
    d.iter()
        .map(|(k, v)| format!("{k:?} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Compares every chart of `rules` (read by the reference from `world`).
pub fn compare(rules: &Ruleset, world: &World, per_chart: usize) -> Tally {
    let mut t = Tally::default();
    for chart in rules.charts() {
        if chart.is_notes() {
            continue;
        }
        t.charts += 1;
        let (game, name) = (chart.game(), chart.name());
        let started = std::time::Instant::now();
        if std::env::var("REFERENCE_TRACE").is_ok() {
            eprintln!("chart {game}.{name}");
        }
        for sit in situations(world, game, name, per_chart) {
            let engine = engine_odds(&chart, &sit);
            let reference = distribution(world, game, name, &sit).map(|d| {
                d.into_iter()
                    .filter(|(_, p)| !p.is_zero())
                    .collect::<Distribution>()
            });
            match (engine, reference) {
                (_, Err(Why::Unsupported(w))) => {
                    *t.unsupported.entry(w).or_default() += 1;
                }
                (Ok(e), Ok(r)) if e == r => t.agreed += 1,
                (Err(_), Err(Why::Refused(_))) => {
                    t.agreed += 1;
                    t.both_refused += 1;
                }
                (e, r) => {
                    let known = KNOWN_ENGINE_MISREADINGS.iter().any(|(c, msg)| {
                        *c == format!("{game}.{name}") && e.as_ref().is_err_and(|e| e.contains(msg))
                    });
                    let line = format!(
                        "{game}.{name} [{sit}]\n      engine:    {}\n      reference: {}",
                        e.map_or_else(|e| format!("error: {e}"), |d| show(&d)),
                        r.map_or_else(|e| format!("{e:?}"), |d| show(&d)),
                    );
                    if known {
                        t.known.push(line);
                    } else {
                        t.disagreements.push(line);
                    }
                }
            }
        }
        if started.elapsed().as_secs() >= 2 {
            eprintln!("slow: {game}.{name} took {:?}", started.elapsed());
        }
    }
    t
}

#[test]
fn reference_agrees_with_the_engine_on_bundled_games() {
    let rules = Ruleset::bundled().expect("bundled games load");
    let world = World::bundled();
    let t = compare(&rules, &world, PER_CHART);
    t.report("bundled games");
    assert!(t.charts >= 40, "only {} charts", t.charts);
    assert!(
        t.disagreements.is_empty(),
        "{} disagreements",
        t.disagreements.len()
    );
}

#[test]
fn reference_agrees_with_the_engine_on_fixtures() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for dir in ["tests/charts", "docs"] {
        for e in std::fs::read_dir(format!("{root}/{dir}")).expect("dir") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "rules") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut total = Tally::default();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read");
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("stem")
            .to_string();
        let doc = chartwright::parser::parse_document(chartwright::SourceId(0), &text);
        if matches!(doc, Ok(chartwright::ast::Document::Variant(_))) {
            // A variant needs the merge, which the library keeps private.
            *total
                .unsupported
                .entry(format!("variant file {stem} (merge not public)"))
                .or_default() += 1;
            continue;
        }
        let bundled = World::bundled();
        let mut sources: Vec<(String, String)> = vec![(stem.clone(), text.clone())];
        for (n, _) in &bundled.games {
            sources.push((
                n.clone(),
                chartwright::bundled::source(n).expect("src").to_string(),
            ));
        }
        let refs: Vec<(&str, &str)> = sources
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let world = World::from_sources(&refs).expect("fixture parses");
        let rules = Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let t = compare(&rules, &world, PER_CHART);
        t.report(&stem);
        total.charts += t.charts;
        total.agreed += t.agreed;
        total.both_refused += t.both_refused;
        for (k, v) in t.unsupported {
            *total.unsupported.entry(k).or_default() += v;
        }
        total.disagreements.extend(t.disagreements);
        total.known.extend(t.known);
    }
    total.report("fixtures in all");
    assert!(
        total.disagreements.is_empty(),
        "{} disagreements",
        total.disagreements.len()
    );
}
