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
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Situations tried per chart.
const PER_CHART: usize = 24;

/// Disagreements where docs/language.md sides with the reference (each
/// has a minimal repro in `misreadings.rs`): the chart and a piece of the
/// engine's error.
/// None is known today.
const KNOWN_ENGINE_MISREADINGS: &[(&str, &str)] = &[];

/// Error codes of the engine's limits ("Limits" in docs/language.md): a
/// roll past one is refused where the docs would otherwise answer it.
const LIMITS: &[&str] = &["over_budget]", "too_large]", "too_deep]"];

/// A panic's message.
pub fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_string()))
        .unwrap_or_else(|| "a panic".into())
}

/// What one comparison found.
#[derive(Default)]
pub struct Tally {
    pub charts: usize,
    /// Situations compared (every outcome below counts one).
    pub situations: usize,
    pub agreed: usize,
    /// The engine stopped at one of its limits; the reference answered.
    pub limited: usize,
    pub both_refused: usize,
    pub unsupported: BTreeMap<String, usize>,
    pub disagreements: Vec<String>,
    pub known: Vec<String>,
    /// The charts (`game.chart`) where the reference gave a distribution
    /// and the engine the same one, in at least one situation.
    pub read: std::collections::BTreeSet<String>,
}

impl Tally {
    /// Adds `other`'s counts and findings to these.
    pub fn merge(&mut self, other: Tally) {
        self.charts += other.charts;
        self.situations += other.situations;
        self.agreed += other.agreed;
        self.limited += other.limited;
        self.both_refused += other.both_refused;
        for (why, n) in other.unsupported {
            *self.unsupported.entry(why).or_default() += n;
        }
        self.disagreements.extend(other.disagreements);
        self.known.extend(other.known);
        self.read.extend(other.read);
    }

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
    let odds = chart.odds(&choices).map_err(|e| {
        let code = miette::Diagnostic::code(&e).map(|c| c.to_string());
        format!("{e} [{}]", code.unwrap_or_default())
    })?;
    let mut d = Distribution::new();
    for o in &odds.outcomes {
        *d.entry(o.outcome.to_string()).or_insert_with(Q::zero) +=
            Q::from(crate::common::big(&o.probability));
    }
    Ok(d)
}

fn show(d: &Distribution) -> String {
    let mut out = d
        .iter()
        .map(|(k, v)| format!("{k:?} {v}"))
        .collect::<Vec<_>>()
        .join(", ");
    if out.len() > 600 {
        let cut = (0..=600)
            .rev()
            .find(|i| out.is_char_boundary(*i))
            .unwrap_or(0);
        out.truncate(cut);
        out.push_str("... (");
        out.push_str(&d.len().to_string());
        out.push_str(" outcomes)");
    }
    out
}

/// The outcomes two distributions give differently (both answered).
fn differ(e: &Distribution, r: &Distribution) -> (Distribution, Distribution) {
    let zero = Q::zero();
    let keys: std::collections::BTreeSet<&String> = e.keys().chain(r.keys()).collect();
    let (mut a, mut b) = (Distribution::new(), Distribution::new());
    for k in keys {
        let (x, y) = (e.get(k).unwrap_or(&zero), r.get(k).unwrap_or(&zero));
        if x != y {
            a.insert(k.clone(), x.clone());
            b.insert(k.clone(), y.clone());
        }
    }
    (a, b)
}

/// Compares every chart of `rules` (read by the reference from `world`).
pub fn compare(rules: &Ruleset, world: &World, per_chart: usize) -> Tally {
    let mut t = Tally::default();
    compare_into(rules, world, per_chart, "", &mut t);
    t
}

/// Compares every chart of `rules` into `t`, each line of it headed by
/// `label` (a generated file's seed).
pub fn compare_into(rules: &Ruleset, world: &World, per_chart: usize, label: &str, t: &mut Tally) {
    for chart in rules.charts() {
        if chart.is_notes() {
            continue;
        }
        t.charts += 1;
        let (game, name) = (chart.game(), chart.name());
        let started = std::time::Instant::now();
        super::chart::start_chart_clock();
        if std::env::var("REFERENCE_TRACE").is_ok() {
            eprintln!("chart {game}.{name}");
        }
        for sit in situations(world, game, name, per_chart) {
            t.situations += 1;
            let engine = catch_unwind(AssertUnwindSafe(|| engine_odds(&chart, &sit)))
                .unwrap_or_else(|p| Err(format!("panicked: {}", panic_text(&p))));
            let reference = catch_unwind(AssertUnwindSafe(|| {
                distribution(world, game, name, &sit).map(|d| {
                    d.into_iter()
                        .filter(|(_, p)| !p.is_zero())
                        .collect::<Distribution>()
                })
            }))
            .unwrap_or_else(|p| Err(Why::Unsupported(format!("panicked: {}", panic_text(&p)))));
            match (engine, reference) {
                (_, Err(Why::Unsupported(w))) => {
                    *t.unsupported.entry(w).or_default() += 1;
                }
                (Ok(e), Ok(r)) if e == r => {
                    t.agreed += 1;
                    t.read.insert(format!("{game}.{name}"));
                }
                (Err(_), Err(Why::Refused(_))) => {
                    t.agreed += 1;
                    t.both_refused += 1;
                }
                // "Limits": past a limit the engine refuses what the docs
                // would otherwise answer.
                (Err(e), Ok(_)) if LIMITS.iter().any(|l| e.contains(l)) => t.limited += 1,
                (e, r) => {
                    // Where both answered, only what differs.
                    let (e, r) = match (e, r) {
                        (Ok(e), Ok(r)) => {
                            let (a, b) = differ(&e, &r);
                            (Ok(a), Ok(b))
                        }
                        other => other,
                    };
                    let known = KNOWN_ENGINE_MISREADINGS.iter().any(|(c, msg)| {
                        *c == format!("{game}.{name}") && e.as_ref().is_err_and(|e| e.contains(msg))
                    });
                    let line = format!(
                        "{label}{game}.{name} [{sit}]\n      engine:    {}\n      reference: {}",
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
            eprintln!("slow: {label}{game}.{name} took {:?}", started.elapsed());
        }
    }
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
        let doc = chartwright::parser::parse_document(chartwright::SourceId::new(0), &text);
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
