//! The engines on generated charts: every file must compile (or the
//! rejection rate stays low, each rejection printed with its diagnostic),
//! and for each chart in a few situations the exact odds must agree with
//! the sampler (chi-square at p < 1e-6 with a fixed seed, so it never
//! flakes, and no outcome sampled that the odds do not list), the two
//! engines must fail alike, and `expect` lines stated from the exact odds
//! must hold when checked through `check_expectations`.
//!
//! The long run is `campaign`, ignored by default:
//!
//! ```text
//! CHARTWRIGHT_CAMPAIGN=100000 cargo test --release --test integration \
//!     generated::engines::campaign -- --ignored --nocapture
//! ```
//!
//! (`CHARTWRIGHT_CAMPAIGN` is the number of generated files, 1,000,000 by
//! default; `CHARTWRIGHT_CAMPAIGN_START` the first seed.)

use chartwright::{check_expectations, ChartRef, Choices, InputKind, LoadErrors, Ruleset};
use miette::{GraphicalReportHandler, GraphicalTheme};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;
use std::fmt::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The short name generated games are loaded under.
pub(super) const GAME: &str = "gen";

/// What a run over generated files found.
#[derive(Debug, Default)]
pub(super) struct Tally {
    pub files: usize,
    pub rejected: usize,
    pub charts: usize,
    pub situations: usize,
    /// Situations both engines refused alike (a missing input, off scale).
    pub refused: usize,
    pub expectations: usize,
    /// Panics, disagreements, failed expectations: each with its seed.
    pub failures: Vec<String>,
    /// Rejected files' diagnostics (the first few).
    pub rejections: Vec<String>,
}

impl Tally {
    pub fn rejection_rate(&self) -> f64 {
        self.rejected as f64 / self.files.max(1) as f64
    }

    pub fn summary(&self) -> String {
        format!(
            "{} files, {} rejected ({:.2}%), {} charts, {} situations ({} refused by both engines), {} expectations, {} failures",
            self.files,
            self.rejected,
            100.0 * self.rejection_rate(),
            self.charts,
            self.situations,
            self.refused,
            self.expectations,
            self.failures.len()
        )
    }
}

/// How hard each situation is tested.
#[derive(Clone, Copy, Debug)]
pub(super) struct Effort {
    pub situations: usize,
    pub samples: u32,
    /// Rejections whose diagnostics are kept.
    pub keep_rejections: usize,
}

/// Loads a generated file; a panic is an `Err` too.
pub(super) fn load(text: &str) -> Result<Result<Ruleset, LoadErrors>, String> {
    catch_unwind(AssertUnwindSafe(|| Ruleset::from_str(GAME, text))).map_err(|p| panic_text(&p))
}

pub(super) fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_string()))
        .unwrap_or_else(|| "a panic".into())
}

/// Every error of a failed load, rendered with its source.
pub(super) fn render(errors: &LoadErrors) -> String {
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    let mut out = String::new();
    for e in &errors.errors {
        let _ = handler.render_report(&mut out, &errors.clipped(e));
    }
    out
}

/// Runs every check on the file of `seed`.
pub(super) fn run_seed(seed: u64, effort: Effort, tally: &mut Tally) {
    let text = super::game(seed);
    tally.files += 1;
    let rules = match load(&text) {
        Err(panic) => {
            tally
                .failures
                .push(format!("seed {seed}: loading panicked: {panic}\n{text}"));
            return;
        }
        Ok(Err(errors)) => {
            tally.rejected += 1;
            if tally.rejections.len() < effort.keep_rejections {
                tally
                    .rejections
                    .push(format!("seed {seed}:\n{}", render(&errors)));
            }
            return;
        }
        Ok(Ok(rules)) => rules,
    };
    // The generator's own expectations (the anchors).
    let report = check_expectations(&rules);
    tally.expectations += report.checked;
    for f in &report.failures {
        tally.failures.push(format!(
            "seed {seed}: expectation failed: {f} ({})",
            f.help.clone().unwrap_or_default()
        ));
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
    let mut stated = String::new();
    for chart in rules.charts() {
        if chart.is_notes() {
            continue;
        }
        tally.charts += 1;
        for i in 0..effort.situations {
            let choices = if i == 0 {
                chart.example_choices()
            } else {
                situation(&chart, &mut rng)
            };
            tally.situations += 1;
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                agree(&chart, &choices, effort.samples, seed)
            }));
            match outcome {
                Err(p) => tally.failures.push(format!(
                    "seed {seed}: {} {}: panicked: {}",
                    chart.qualified_name(),
                    choices.text(),
                    panic_text(&p)
                )),
                Ok(Err(why)) => tally.failures.push(format!(
                    "seed {seed}: {} {}: {why}",
                    chart.qualified_name(),
                    choices.text()
                )),
                Ok(Ok(None)) => tally.refused += 1,
                Ok(Ok(Some((outcome, fraction)))) => {
                    writeln!(
                        stated,
                        "expect {} {} => {} {fraction}",
                        chart.name(),
                        choices.text(),
                        quoted(&outcome)
                    )
                    .unwrap();
                }
            }
        }
    }
    // Expectations stated from the exact odds, checked by the library.
    if !stated.is_empty() {
        let with = format!("{text}\n{stated}");
        match load(&with) {
            Ok(Ok(rules)) => {
                let report = check_expectations(&rules);
                tally.expectations += report.checked;
                // Every expectation of a file shares one budget: past it an
                // expectation fails with the limit, as documented.
                for f in report
                    .failures
                    .iter()
                    .filter(|f| !f.got.contains("takes more"))
                {
                    tally.failures.push(format!(
                        "seed {seed}: stated expectation failed: {f} ({})",
                        f.help.clone().unwrap_or_default()
                    ));
                }
            }
            Ok(Err(e)) => tally.failures.push(format!(
                "seed {seed}: stated expectations do not load:\n{}",
                render(&e)
            )),
            Err(p) => tally.failures.push(format!(
                "seed {seed}: loading with expectations panicked: {p}"
            )),
        }
    }
}

/// A situation from the chart's inputs: every choice given, params inside
/// their bounds (whole values), flags at random, at most one member of
/// each `one of` group.
fn situation(chart: &ChartRef<'_>, rng: &mut Xoshiro256PlusPlus) -> Choices {
    let groups = chart.exclusive_groups();
    let mut named: Vec<String> = Vec::new();
    let mut words = Vec::new();
    for input in chart.inputs() {
        if let Some(g) = groups.iter().find(|g| g.contains(&input.name)) {
            if named.iter().any(|n| g.contains(n)) {
                continue;
            }
        }
        let word = match &input.kind {
            InputKind::Flag(_) => rng.random_bool(0.4).then(|| input.name.clone()),
            InputKind::Choice { options } => {
                let (o, _) = &options[rng.random_range(0..options.len())];
                Some(format!("{}={o}", input.name))
            }
            InputKind::Param { bounds, default } => {
                if default.is_some() && rng.random_bool(0.3) {
                    None
                } else {
                    let (lo, hi) = bounds.map_or((0, 2), |(lo, hi)| {
                        (
                            lo.ceil().to_string().parse().unwrap_or(0),
                            hi.floor().to_string().parse().unwrap_or(2),
                        )
                    });
                    // Small values: a counted modifier is bounded by i64 alone.
                    let (lo, hi): (i64, i64) = (lo.max(-3), hi.min(6));
                    let v: i64 = if lo <= hi {
                        rng.random_range(lo..=hi)
                    } else {
                        lo
                    };
                    Some(format!("{}={v}", input.name))
                }
            }
            _ => None,
        };
        if let Some(w) = word {
            named.push(input.name.clone());
            words.push(w);
        }
    }
    Choices::parse(&words.join(" ")).unwrap_or_else(|_| chart.example_choices())
}

/// Codes that say a limit was reached: the odds may refuse what the
/// sampler rolls.
const LIMITS: &[&str] = &["over_budget", "too_large", "too_deep"];

/// The exact odds against the sampler in one situation: `Ok(None)` when
/// both refuse it, `Ok(Some(outcome, probability))` for an outcome to state
/// as an expectation, `Err` for a disagreement.
fn agree(
    chart: &ChartRef<'_>,
    choices: &Choices,
    samples: u32,
    seed: u64,
) -> Result<Option<(String, String)>, String> {
    let odds = chart.odds(choices);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_mul(31).wrapping_add(7));
    let code = |e: &chartwright::RollError| {
        miette::Diagnostic::code(e)
            .map(|c| c.to_string())
            .unwrap_or_default()
    };
    let odds = match odds {
        Err(e) => {
            let c = code(&e);
            if LIMITS.iter().any(|l| c.ends_with(l)) {
                return Ok(None);
            }
            // The sampler must refuse too, at least on the paths that reach
            // what the odds refuse (a follow-up off its scale): some roll of
            // 200 fails.
            let mut last = String::new();
            for _ in 0..200 {
                match chart.roll(choices, &mut rng) {
                    Ok(roll) => last = roll.summary(),
                    Err(_) => return Ok(None),
                }
            }
            return Err(format!(
                "the odds refuse ({c}: {e}) but the sampler rolls 200 times (`{last}`)"
            ));
        }
        Ok(odds) => odds,
    };
    let mut exact: HashMap<&str, f64> = HashMap::new();
    let mut sum = chartwright::Probability::zero();
    for o in &odds.outcomes {
        sum += &o.probability;
        *exact.entry(&*o.outcome).or_default() += o.probability.to_f64();
    }
    if sum != chartwright::Probability::new(1, 1) {
        return Err(format!("the probabilities sum to {sum}"));
    }
    let bound = chart
        .bind(choices)
        .map_err(|e| format!("the odds are given but binding fails: {e}"))?;
    let mut seen: HashMap<String, u32> = HashMap::new();
    for _ in 0..samples {
        match bound.roll(&mut rng) {
            Ok(roll) => *seen.entry(roll.summary()).or_default() += 1,
            Err(e) => {
                let c = code(&e);
                if LIMITS.iter().any(|l| c.ends_with(l)) {
                    continue;
                }
                return Err(format!("the odds are given but a roll fails: {c}: {e}"));
            }
        }
    }
    for outcome in seen.keys() {
        if !exact.contains_key(outcome.as_str()) {
            return Err(format!(
                "sampled `{outcome}`, which the exact odds do not list: {:?}",
                exact.keys().collect::<Vec<_>>()
            ));
        }
    }
    let drawn: u32 = seen.values().sum();
    if let Some((stat, k)) = chi_square(&exact, &seen, drawn) {
        if stat >= critical(k) {
            let mut table = String::new();
            for (o, p) in &exact {
                let _ = write!(
                    table,
                    "\n    {o}: expected {:.1}, seen {}",
                    p * f64::from(drawn),
                    seen.get(*o).copied().unwrap_or(0)
                );
            }
            return Err(format!(
                "chi-square {stat:.1} over {k} degrees of freedom (p < 1e-6):{table}"
            ));
        }
    }
    // An outcome to state: the most likely (its text as the odds print it).
    // (An `expect` line's fraction is two numbers of 64 bits: long
    // explosions and rerolls give larger ones, which it cannot state.)
    let best = odds
        .outcomes
        .iter()
        .max_by(|a, b| a.probability.cmp(&b.probability))
        .map(|o| {
            (
                o.outcome.to_string(),
                odds.probability(&o.outcome).fraction(),
            )
        })
        .filter(|(_, f)| f.split('/').all(|n| n.parse::<i64>().is_ok()));
    Ok(best)
}

/// [`crate::common::chi_square`] of `seen` against `exact`.
fn chi_square(
    exact: &HashMap<&str, f64>,
    seen: &HashMap<String, u32>,
    n: u32,
) -> Option<(f64, f64)> {
    crate::common::chi_square(
        exact
            .iter()
            .map(|(o, p)| (*p, seen.get(*o).copied().unwrap_or(0))),
        n,
    )
}

/// Upper critical value of chi-square with `k` degrees of freedom at
/// p = 1e-6 (Wilson–Hilferty; z = 4.753).
fn critical(k: f64) -> f64 {
    let z = 4.753;
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

/// `text` as a `.rules` string literal.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Loads `variant(seed)` over `game(seed)` saved as `base.rules` beside it.
pub(super) fn load_variant(seed: u64) -> (String, Result<Result<Ruleset, LoadErrors>, String>) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(
        dir.path().join(super::variant::BASE_FILE),
        super::game(seed),
    )
    .expect("writes the base");
    let text = super::variant(seed);
    let path = dir.path().join("house.rules");
    std::fs::write(&path, &text).expect("writes the variant");
    let loaded =
        catch_unwind(AssertUnwindSafe(|| Ruleset::from_file(&path))).map_err(|p| panic_text(&p));
    (text, loaded)
}

/// The seeds the tests below use.
const SEEDS: std::ops::Range<u64> = 0..300;

/// Most files may be rejected, in percent.
const MAX_REJECTED: f64 = 5.0;

#[test]
fn generated_files_compile() {
    let mut tally = Tally::default();
    let mut kinds: HashMap<String, usize> = HashMap::new();
    for seed in SEEDS {
        let text = super::game(seed);
        tally.files += 1;
        match load(&text) {
            Err(p) => tally
                .failures
                .push(format!("seed {seed}: loading panicked: {p}\n{text}")),
            Ok(Err(errors)) => {
                tally.rejected += 1;
                for e in &errors.errors {
                    *kinds.entry(e.to_string()).or_insert(0) += 1;
                }
                if tally.rejections.len() < 5 {
                    tally
                        .rejections
                        .push(format!("seed {seed}:\n{}", render(&errors)));
                }
            }
            Ok(Ok(_)) => {}
        }
    }
    println!("{}", tally.summary());
    let mut kinds: Vec<_> = kinds.into_iter().collect();
    kinds.sort_by_key(|k| std::cmp::Reverse(k.1));
    for (k, n) in kinds {
        println!("{n:5}  {k}");
    }
    for r in &tally.rejections {
        println!("{r}");
    }
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
    let rate = 100.0 * tally.rejection_rate();
    assert!(
        rate <= MAX_REJECTED,
        "{rate:.1}% of generated files rejected (at most {MAX_REJECTED}%)"
    );
}

#[test]
fn engines_agree_on_generated_charts() {
    let effort = Effort {
        situations: 3,
        samples: 400,
        keep_rejections: 0,
    };
    let mut tally = Tally::default();
    for seed in 0..40 {
        run_seed(seed, effort, &mut tally);
    }
    println!("{}", tally.summary());
    assert!(tally.charts >= 200, "only {} charts", tally.charts);
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n\n"));
}

/// Variants over generated games load (their changes apply to the base),
/// and the engines agree on the merged charts.
#[test]
fn generated_variants_apply_and_engines_agree() {
    let mut tally = Tally::default();
    let mut kinds: HashMap<String, usize> = HashMap::new();
    for seed in 0..60 {
        let (text, loaded) = load_variant(seed);
        tally.files += 1;
        match loaded {
            Err(p) => tally.failures.push(format!(
                "seed {seed}: loading the variant panicked: {p}\n{text}"
            )),
            Ok(Err(errors)) => {
                tally.rejected += 1;
                for e in &errors.errors {
                    *kinds.entry(e.to_string()).or_insert(0) += 1;
                }
                if tally.rejections.len() < 5 {
                    tally
                        .rejections
                        .push(format!("seed {seed}:\n{}\n{text}", render(&errors)));
                }
            }
            Ok(Ok(rules)) => {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                for chart in rules
                    .charts()
                    .filter(|c| c.game() == "house" && !c.is_notes())
                {
                    tally.charts += 1;
                    let choices = if rng.random_bool(0.5) {
                        chart.example_choices()
                    } else {
                        situation(&chart, &mut rng)
                    };
                    tally.situations += 1;
                    match catch_unwind(AssertUnwindSafe(|| agree(&chart, &choices, 200, seed))) {
                        Err(p) => tally.failures.push(format!(
                            "seed {seed}: house {}: panicked: {}",
                            chart.name(),
                            panic_text(&p)
                        )),
                        Ok(Err(why)) => tally.failures.push(format!(
                            "seed {seed}: house {} {}: {why}",
                            chart.name(),
                            choices.text()
                        )),
                        Ok(Ok(None)) => tally.refused += 1,
                        Ok(Ok(Some(_))) => {}
                    }
                }
            }
        }
    }
    println!("{}", tally.summary());
    let mut kinds: Vec<_> = kinds.into_iter().collect();
    kinds.sort_by_key(|k| std::cmp::Reverse(k.1));
    for (k, n) in kinds {
        println!("{n:5}  {k}");
    }
    for r in &tally.rejections {
        println!("{r}");
    }
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n\n"));
    let rate = 100.0 * tally.rejection_rate();
    assert!(
        rate <= MAX_REJECTED,
        "{rate:.1}% of generated variants rejected (at most {MAX_REJECTED}%)"
    );
}

/// The long campaign; see the module's documentation.
#[test]
#[ignore = "long: set CHARTWRIGHT_CAMPAIGN and run with --ignored"]
fn campaign() {
    let n: u64 = std::env::var("CHARTWRIGHT_CAMPAIGN")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let start: u64 = std::env::var("CHARTWRIGHT_CAMPAIGN_START")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    let effort = Effort {
        situations: 4,
        samples: 2000,
        keep_rejections: 20,
    };
    let mut tally = Tally::default();
    let mut reported = 0;
    for seed in start..start + n {
        run_seed(seed, effort, &mut tally);
        for f in &tally.failures[reported..] {
            println!("FAILURE {f}\n");
        }
        reported = tally.failures.len();
        if tally.files % 1000 == 0 {
            println!("{}", tally.summary());
        }
    }
    println!("{}", tally.summary());
    for r in &tally.rejections {
        println!("REJECTED {r}");
    }
    assert!(
        tally.failures.is_empty(),
        "{} failures",
        tally.failures.len()
    );
}

/// Prints the file of `CHARTWRIGHT_SEED` (a debugging aid), or with
/// `CHARTWRIGHT_PRINT=variant` its variant (the diff claims' pair `2N + 1`).
#[test]
#[ignore = "prints one generated file: CHARTWRIGHT_SEED=N"]
fn print_seed() {
    let seed = std::env::var("CHARTWRIGHT_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    if std::env::var("CHARTWRIGHT_PRINT").is_ok_and(|p| p == "variant") {
        println!("{}", super::variant(seed));
    } else {
        println!("{}", super::game(seed));
    }
}
