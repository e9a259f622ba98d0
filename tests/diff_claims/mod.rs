//! Every claim of `chartwright diff` checked against the reference
//! interpreter (`tests/reference`), over random house rules of the bundled
//! games ([`bundled::house_rule`]) and of generated games
//! (`generated::variant` over `generated::game`).
//!
//! For each (base, variant) pair, each chart both sides roll is tried in a
//! bounded set of situations (the reference's own `situations`, of the base
//! and of the variant), and the reference gives each side's exact
//! distribution from the merged AST (`chartwright::merge_variant`); no
//! situation class, odds or diff of the engine is used for it. Then:
//!
//! - (a, b) the whole-game diff (`chartwright diff BASE VARIANT --json`,
//!   the real binary) names every chart whose odds change in some situation
//!   the reference tried; a chart it leaves out (a claim of no change in any
//!   situation) that the reference sees change is a **missed change**. A
//!   chart listed `none found` (not every situation compared: an honest
//!   "don't know") is counted apart;
//! - a chart it lists as `changed` must change in the situation it shows,
//!   with the exact odds it prints on both sides, or it is a **false
//!   change**;
//! - (c) for each changed chart, `--across` ranks first a class whose
//!   situation, diffed directly (`diff BASE VARIANT CHART CHOICES --json`),
//!   shows the same change, and some change.
//!
//! A chart the reference does not read (`Why::Unsupported` in every
//! situation) is counted and skipped. `diff_claims_slice` runs fixed seeds
//! in CI; `diff_claims_campaign` (ignored) runs
//! `CHARTWRIGHT_DIFF_CAMPAIGN` variants (10000 by default) from
//! `CHARTWRIGHT_DIFF_SEED` (0) and prints the totals.
//!
//! The binary must be built (`cargo test` at the workspace's root builds
//! it); a binary older than the sources is refused with a message.

mod bundled;

use crate::reference::{self, Distribution, Situation, Val, Why, World, Q};
use chartwright::ast::{Document, File};
use chartwright::{Ruleset, SourceId};
use num_traits::Zero;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Situations the reference tries per chart and side (base and variant
/// enumerate their own inputs; the union is tried on both).
const PER_SIDE: usize = 24;

/// The bundled games, in the order seeds are given to them.
const GAMES: &[&str] = &[
    "first_echelon",
    "battalion_combat_series",
    "command_decision",
    "cold_war_quick_reference",
    "ogre",
    "guns_of_august",
];

/// The `chartwright` binary beside this test (same profile), checked to be
/// newer than the library's and the CLI's sources; or the one
/// `CHARTWRIGHT_DIFF_BIN` names, taken as it is (a campaign's binary kept
/// aside with the test binary of the same commit, `scripts/campaign.sh`).
fn binary() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(bin) = std::env::var_os("CHARTWRIGHT_DIFF_BIN") {
            return PathBuf::from(bin);
        }
        let exe = std::env::current_exe().expect("test executable");
        let dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("target/<profile>");
        let bin = dir.join(format!("chartwright{}", std::env::consts::EXE_SUFFIX));
        let hint = "build it with `cargo build -p chartwright-cli` (add --release for a release test), or run `cargo test` at the workspace's root";
        let built = std::fs::metadata(&bin)
            .and_then(|m| m.modified())
            .unwrap_or_else(|_| panic!("no binary at {}: {hint}", bin.display()));
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        if let Some(newer) = newest(&[root.join("src"), root.join("cli/src")])
            .filter(|(t, _)| *t > built)
        {
            panic!(
                "{} is older than {}: {hint}",
                bin.display(),
                newer.1.display()
            );
        }
        bin
    })
}

/// The newest file under `dirs`, and when it was written.
fn newest(dirs: &[PathBuf]) -> Option<(std::time::SystemTime, PathBuf)> {
    let mut best: Option<(std::time::SystemTime, PathBuf)> = None;
    let mut stack: Vec<PathBuf> = dirs.to_vec();
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Ok(t) = e.metadata().and_then(|m| m.modified()) {
                if best.as_ref().map_or(true, |b| t > b.0) {
                    best = Some((t, p));
                }
            }
        }
    }
    best
}

/// `chartwright diff ARGS... --json`, parsed; `Err` is what it printed.
fn cli_diff(args: &[&str]) -> Result<Value, String> {
    let out = Command::new(binary())
        .arg("diff")
        .args(args)
        .arg("--json")
        .env("NO_COLOR", "1")
        .output()
        .expect("run the binary");
    if !out.status.success() {
        return Err(format!(
            "exit {:?}: {}{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| format!("not JSON: {e}"))
}

/// A probability as `diff --json` prints it (`"n/d"` or `"n"`).
fn prob(v: &Value) -> Option<Q> {
    let s = v.as_str()?;
    let (n, d) = s.split_once('/').unwrap_or((s, "1"));
    Some(Q::new(n.parse().ok()?, d.parse().ok()?))
}

/// A diff's outcomes as two distributions (base, variant), zeros left out.
fn sides(diff: &Value) -> (Distribution, Distribution) {
    let (mut b, mut v) = (Distribution::new(), Distribution::new());
    for o in diff["outcomes"].as_array().into_iter().flatten() {
        let name = o["outcome"].as_str().unwrap_or("").to_string();
        if let Some(p) = prob(&o["base"]).filter(|p| !p.is_zero()) {
            b.insert(name.clone(), p);
        }
        if let Some(p) = prob(&o["variant"]).filter(|p| !p.is_zero()) {
            v.insert(name, p);
        }
    }
    (b, v)
}

/// `full` read at the grain of `claimed`: where the diff names follow-ups
/// rather than expanding them (`Hold -> roll Pool 22`, or two in turn:
/// `Retreat OR Retreat -> roll Table 30 -> roll Table 30`), every path of
/// `full` through that outcome (`Hold -> 1 hits, 2 converted`, ...) is
/// summed into it; an outcome `claimed` lists as it is stays as it is.
fn at_grain_of(full: &Distribution, claimed: &Distribution) -> Distribution {
    let named: Vec<(&str, &String)> = claimed
        .keys()
        .filter_map(|c| {
            // The outcome's own text: before the run of named rolls it ends in.
            let mut own = c.as_str();
            while let Some((before, last)) = own.rsplit_once(" -> ") {
                if !last.starts_with("roll ") {
                    break;
                }
                own = before;
            }
            (own.len() < c.len()).then(|| (&c[..own.len() + " -> ".len()], c))
        })
        .collect();
    let mut out = Distribution::new();
    for (k, p) in full {
        let into = if claimed.contains_key(k) {
            k
        } else {
            named
                .iter()
                .filter(|(prefix, _)| k.starts_with(prefix))
                .max_by_key(|(prefix, _)| prefix.len())
                .map_or(k, |(_, c)| *c)
        };
        *out.entry(into.clone()).or_insert_with(Q::zero) += p;
    }
    out
}

/// The words of `diff --json`'s `choices` as a reference situation.
fn situation_of(choices: &str) -> Situation {
    let mut s = Situation::default();
    for w in choices.split_whitespace() {
        match w.split_once('=') {
            None => {
                s.0.insert(w.to_string(), Val::On);
            }
            Some((k, v)) => {
                let num = v
                    .parse::<i64>()
                    .ok()
                    .map(reference::q)
                    .or_else(|| decimal(v));
                s.0.insert(
                    k.to_string(),
                    num.map_or_else(|| Val::Opt(v.to_string()), Val::Num),
                );
            }
        }
    }
    s
}

/// `2.5`, `-0.25` or `1/3` as an exact number.
fn decimal(v: &str) -> Option<Q> {
    if let Some((n, d)) = v.split_once('/') {
        return Some(Q::new(n.parse().ok()?, d.parse().ok()?));
    }
    let (i, f) = v.split_once('.')?;
    let neg = i.starts_with('-');
    let whole: num_bigint::BigInt = i.trim_start_matches('-').parse().ok()?;
    let frac: num_bigint::BigInt = f.parse().ok()?;
    let scale = num_bigint::BigInt::from(10).pow(u32::try_from(f.len()).ok()?);
    let x = Q::new(whole * &scale + frac, scale);
    Some(if neg { -x } else { x })
}

fn show(d: &Distribution) -> String {
    d.iter()
        .map(|(k, v)| format!("{k:?} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One (base, variant) pair on disk.
pub struct Pair {
    /// How to find it again: `first_echelon seed 7`, `generated seed 7`.
    pub label: String,
    /// `diff`'s BASE argument (a bundled name or a path).
    pub base_arg: String,
    pub base_text: String,
    pub variant_text: String,
    pub variant_path: PathBuf,
    _dir: tempfile::TempDir,
}

impl Pair {
    /// A house rule over bundled game `game` (text `base_text`).
    fn over_bundled(label: String, game: &str, base_text: &str, variant_text: String) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let variant_path = dir.path().join("house.rules");
        std::fs::write(&variant_path, &variant_text).expect("write variant");
        Self {
            label,
            base_arg: game.to_string(),
            base_text: base_text.to_string(),
            variant_text,
            variant_path,
            _dir: dir,
        }
    }

    /// A random house rule over bundled game `game`.
    pub fn bundled(game: &str, seed: u64) -> Self {
        let text = chartwright::bundled::source(game).expect("bundled");
        let file = chartwright::parser::parse(SourceId::new(0), text).expect("bundled parses");
        let rule = bundled::house_rule(game, &file, text, seed);
        Self::over_bundled(
            format!("{game} seed {seed} ({})", rule.forms.join("; ")),
            game,
            text,
            rule.text,
        )
    }

    /// `generated::variant(seed)` over `generated::game(seed)`.
    pub fn generated(seed: u64) -> Self {
        Self::files(
            format!("generated seed {seed}"),
            "base.rules",
            crate::generated::game(seed),
            crate::generated::variant(seed),
        )
    }

    /// A variant over a game file saved as `base_file` beside it.
    pub fn files(label: String, base_file: &str, base_text: String, variant_text: String) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let base_path = dir.path().join(base_file);
        std::fs::write(&base_path, &base_text).expect("write base");
        let variant_path = dir.path().join("house.rules");
        std::fs::write(&variant_path, &variant_text).expect("write variant");
        Self {
            label,
            base_arg: base_path.display().to_string(),
            base_text,
            variant_text,
            variant_path,
            _dir: dir,
        }
    }

    fn variant_arg(&self) -> String {
        self.variant_path.display().to_string()
    }
}

/// What the checks found, summed over pairs.
#[derive(Default)]
pub struct Tally {
    pub variants: usize,
    /// Variants the checker refused (or whose base did not load).
    pub rejected: usize,
    pub charts: usize,
    pub situations: usize,
    /// Charts the reference saw change.
    pub changed: usize,
    /// Charts the reference saw change that the diff lists `none found`
    /// (not every situation compared): not a claim, counted apart.
    pub unfound_not_exhaustive: Vec<String>,
    /// Charts the reference read in no situation.
    pub unsupported: usize,
    /// Situations the reference did not read.
    pub unsupported_situations: usize,
    /// `diff --across` checks made.
    pub across: usize,
    /// Charts the whole-game diff could not compute (`failed`).
    pub failed: usize,
    /// Listed changes the reference could not check (it does not read the
    /// situation shown, or refuses it).
    pub unverified: usize,
    /// Charts the reference did not finish within [`REFERENCE_DEADLINE`]
    /// (counted as unsupported, their thread left to finish).
    pub too_slow: Vec<String>,
    /// Why each `failed` chart failed.
    pub failures: Vec<String>,
    pub missed: Vec<String>,
    pub false_changes: Vec<String>,
    /// The form of each change in the variants checked.
    pub forms: BTreeMap<String, usize>,
}

impl Tally {
    pub fn report(&self, what: &str) {
        eprintln!(
            "{what}: {} variants ({} refused by the checker), {} charts compared, {} situations, {} charts changed; {} missed changes, {} false changes, {} charts unsupported ({} situations), {} changes not found where not every situation was compared, {} across checks, {} failed, {} unverified",
            self.variants,
            self.rejected,
            self.charts,
            self.situations,
            self.changed,
            self.missed.len(),
            self.false_changes.len(),
            self.unsupported,
            self.unsupported_situations,
            self.unfound_not_exhaustive.len(),
            self.across,
            self.failed,
            self.unverified,
        );
        for (f, n) in &self.forms {
            eprintln!("  form {f}: {n}");
        }
        for m in &self.too_slow {
            eprintln!("  reference too slow: {m}");
        }
        for m in &self.failures {
            eprintln!("  failed: {m}");
        }
        for m in &self.missed {
            eprintln!("MISSED {m}");
        }
        for m in &self.false_changes {
            eprintln!("FALSE {m}");
        }
        for m in &self.unfound_not_exhaustive {
            eprintln!("  none found (not exhaustive): {m}");
        }
    }
}

/// The reference's world for a pair: `base` and `variant` (the merge).
fn world(pair: &Pair) -> Result<World, String> {
    let base: File =
        chartwright::parser::parse(SourceId::new(0), &pair.base_text).map_err(|e| e.to_string())?;
    let doc = chartwright::parser::parse_document(SourceId::new(1), &pair.variant_text)
        .map_err(|e| e.to_string())?;
    let Document::Variant(v) = doc else {
        return Err("not a variant".into());
    };
    let merged = chartwright::merge_variant(&base, &v)
        .map_err(|e| format!("the merge refuses what loading accepted: {e:?}"))?;
    Ok(World {
        games: vec![("base".into(), base), ("variant".into(), merged)],
        texts: vec![pair.base_text.clone(), pair.variant_text.clone()],
    })
}

/// The options the variant's text names, by their choice (the last named
/// wins): read from the text and the base's choices, nothing else.
fn focus(world: &World, variant_text: &str) -> BTreeMap<String, String> {
    let mut options: BTreeMap<String, String> = BTreeMap::new();
    let Some(base) = world.game("base") else {
        return options;
    };
    let mut owner: BTreeMap<&str, &str> = BTreeMap::new();
    for item in &base.items {
        if let chartwright::ast::Item::Choice(c) = item {
            for o in &c.options {
                owner.insert(o.name.name.as_str(), c.name.name.as_str());
            }
        }
    }
    for word in variant_text
        .lines()
        .filter(|l| l.starts_with("change ") || l.starts_with("add "))
        .flat_map(|l| l.split(|c: char| !(c.is_alphanumeric() || c == '_')))
    {
        if let Some(choice) = owner.get(word) {
            options.insert((*choice).to_string(), word.to_string());
        }
    }
    options
}

/// The charts a side rolls (as `diff` compares them).
fn rolled(rules: &Ruleset) -> BTreeSet<String> {
    rules
        .charts()
        .filter(|c| c.dice().is_some() && !c.is_notes())
        .map(|c| c.name().to_string())
        .collect()
}

fn nonzero(d: Result<Distribution, Why>) -> Result<Distribution, Why> {
    d.map(|d| d.into_iter().filter(|(_, p)| !p.is_zero()).collect())
}

/// The reference's first situation where `chart` changes, and how many it
/// read; `None` for the situation when it read none.
struct Seen {
    change: Option<(Situation, Distribution, Distribution)>,
    read: usize,
    unread: usize,
}

fn reference_sees(world: &World, chart: &str, focus: &BTreeMap<String, String>) -> Seen {
    let mut sits = reference::situations(world, "base", chart, PER_SIDE);
    for s in reference::situations(world, "variant", chart, PER_SIDE) {
        if !sits.contains(&s) {
            sits.push(s);
        }
    }
    // Each situation again with every choice it gives set to an option the
    // variant names, where one is (a grid cell keyed by two choices is
    // reached only when both are set so).
    for s in sits.clone() {
        let mut f = s.clone();
        for (k, v) in &mut f.0 {
            if let Val::Opt(o) = v {
                if let Some(opt) = focus.get(k.rsplit('.').next().unwrap_or(k)) {
                    o.clone_from(opt);
                }
            }
        }
        if !sits.contains(&f) {
            sits.push(f);
        }
    }
    let mut seen = Seen {
        change: None,
        read: 0,
        unread: 0,
    };
    for s in sits {
        let b = nonzero(reference::distribution(world, "base", chart, &s));
        let v = nonzero(reference::distribution(world, "variant", chart, &s));
        match (b, v) {
            (Err(Why::Unsupported(_)), _) | (_, Err(Why::Unsupported(_))) => seen.unread += 1,
            (Ok(b), Ok(v)) => {
                seen.read += 1;
                if b != v && seen.change.is_none() {
                    seen.change = Some((s, b, v));
                }
            }
            _ => seen.read += 1,
        }
    }
    seen
}

/// The most time the reference is given for one chart's situations.
const REFERENCE_DEADLINE: std::time::Duration = std::time::Duration::from_secs(20);

/// [`reference_sees`] on a thread of its own, or `None` past
/// [`REFERENCE_DEADLINE`] (the reference enumerates every face: a deep
/// chain of follow-ups can take it minutes).
fn reference_in_time(
    world: &std::sync::Arc<World>,
    chart: &str,
    focus: &BTreeMap<String, String>,
) -> Option<Seen> {
    let (tx, rx) = std::sync::mpsc::channel();
    let (world, chart, focus) = (world.clone(), chart.to_string(), focus.clone());
    std::thread::spawn(move || {
        let _ = tx.send(reference_sees(&world, &chart, &focus));
    });
    rx.recv_timeout(REFERENCE_DEADLINE).ok()
}

/// Checks one pair, adding to `t`.
#[allow(clippy::too_many_lines)] // the three claims, one after another
pub fn check(pair: &Pair, t: &mut Tally) {
    t.variants += 1;
    let where_ = || format!("{}\n--- variant:\n{}", pair.label, pair.variant_text);
    let Ok(v_rules) = Ruleset::from_file(&pair.variant_path) else {
        t.rejected += 1;
        return;
    };
    let Ok(b_rules) = Ruleset::from_file(&pair.base_arg) else {
        t.rejected += 1;
        return;
    };
    for f in pair.label.split(['(', ')', ';']).skip(1) {
        let f = f.trim();
        if !f.is_empty() {
            *t.forms.entry(f.to_string()).or_default() += 1;
        }
    }
    let world = std::sync::Arc::new(world(pair).unwrap_or_else(|e| panic!("{e}\n{}", where_())));
    let focus = focus(&world, &pair.variant_text);
    let (b_arg, v_arg) = (pair.base_arg.as_str(), pair.variant_arg());
    let started = std::time::Instant::now();
    let overview =
        cli_diff(&[b_arg, &v_arg]).unwrap_or_else(|e| panic!("diff failed: {e}\n{}", where_()));
    if std::env::var("DIFF_CLAIMS_TRACE").is_ok() {
        eprintln!("  whole-game diff {:?}", started.elapsed());
    }
    let listed: BTreeMap<String, &Value> = overview["charts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let name = c["chart"].as_str().unwrap_or("");
            let short = name.rsplit('.').next().unwrap_or(name).to_string();
            (short, c)
        })
        .collect();
    let charts: Vec<String> = rolled(&b_rules)
        .intersection(&rolled(&v_rules))
        .cloned()
        .collect();
    for chart in &charts {
        t.charts += 1;
        let started = std::time::Instant::now();
        let Some(seen) = reference_in_time(&world, chart, &focus) else {
            t.unsupported += 1;
            t.too_slow.push(format!("{}: {chart}", pair.label));
            continue;
        };
        if std::env::var("DIFF_CLAIMS_TRACE").is_ok() {
            eprintln!("  {chart}: reference {:?}", started.elapsed());
        }
        t.situations += seen.read;
        t.unsupported_situations += seen.unread;
        if seen.read == 0 {
            t.unsupported += 1;
        }
        let entry = listed.get(chart);
        let change = entry.and_then(|c| c["change"].as_str());
        // A class standing for no situation (an input a side needs left
        // out) is a gap in the analysis: the diff says so rather than "no
        // change", and the campaign counts it as a miss to decide.
        let coverage = entry.and_then(|c| c["coverage"].as_str()).unwrap_or("");
        if coverage.contains("an input a side needs") {
            t.missed.push(format!(
                "{chart}: classes leave out an input: {coverage}\n{}",
                where_()
            ));
        }
        if let Some((s, b, v)) = &seen.change {
            t.changed += 1;
            let at = format!(
                "{chart} [{s}]\n      base:    {}\n      variant: {}\n{}",
                show(b),
                show(v),
                where_()
            );
            match change {
                Some("changed") => {}
                Some("none found") => t.unfound_not_exhaustive.push(at),
                Some("failed") => t.failed += 1,
                Some(other) => t.missed.push(format!("listed {other:?}: {at}")),
                None => t
                    .missed
                    .push(format!("not listed (no change claimed): {at}")),
            }
        }
        match change {
            Some("changed") => {
                let entry = entry.expect("listed");
                claimed_change(pair, &world, chart, entry, t);
                across(pair, &world, chart, t);
            }
            Some("failed") => {
                if seen.change.is_none() {
                    t.failed += 1;
                }
                let why = entry.map_or(&Value::Null, |e| &e["error"]);
                t.failures.push(format!("{}: {chart}: {why}", pair.label));
            }
            _ => {}
        }
    }
}

/// A chart listed `changed`: the situation shown must change, with the
/// exact odds printed on both sides.
fn claimed_change(pair: &Pair, world: &World, chart: &str, entry: &Value, t: &mut Tally) {
    let diff = &entry["diff"];
    let choices = diff["choices"].as_str().unwrap_or("");
    let (cb, cv) = sides(diff);
    let s = situation_of(choices);
    let b = nonzero(reference::distribution(world, "base", chart, &s));
    let v = nonzero(reference::distribution(world, "variant", chart, &s));
    let (Ok(b), Ok(v)) = (b, v) else {
        t.unverified += 1;
        return;
    };
    let unchanged = b == v;
    let (b, v) = (at_grain_of(&b, &cb), at_grain_of(&v, &cv));
    let at = || {
        format!(
            "{chart} [{choices}] class {}\n      diff says base:    {}\n      diff says variant: {}\n      reference base:    {}\n      reference variant: {}\n{}\n--- variant:\n{}",
            entry["class"], show(&cb), show(&cv), show(&b), show(&v), pair.label, pair.variant_text
        )
    };
    if unchanged {
        t.false_changes
            .push(format!("no change in the situation shown: {}", at()));
    } else if b != cb || v != cv {
        t.false_changes
            .push(format!("odds differ from the reference's: {}", at()));
    }
}

/// `--across` of a changed chart: its first class, diffed directly, shows
/// the same change, and a change.
fn across(pair: &Pair, world: &World, chart: &str, t: &mut Tally) {
    t.across += 1;
    let (b_arg, v_arg) = (pair.base_arg.as_str(), pair.variant_arg());
    let where_ = || format!("{}\n--- variant:\n{}", pair.label, pair.variant_text);
    let a = match cli_diff(&[b_arg, &v_arg, chart, "--across"]) {
        Ok(a) => a,
        Err(e) => {
            t.false_changes
                .push(format!("{chart}: --across fails: {e}\n{}", where_()));
            return;
        }
    };
    let Some(first) = a["ranked"].as_array().and_then(|r| r.first()) else {
        t.missed.push(format!(
            "{chart}: listed changed, but --across ranks no class\n{}",
            where_()
        ));
        return;
    };
    let choices = first["choices"].as_str().unwrap_or("");
    let (ab, av) = sides(first);
    if ab == av {
        t.missed.push(format!(
            "{chart}: --across ranks first a class with no change ({})\n{}",
            first["class"],
            where_()
        ));
        return;
    }
    let mut args: Vec<&str> = vec![b_arg, &v_arg, chart];
    args.extend(choices.split_whitespace());
    let direct = match cli_diff(&args) {
        Ok(d) => d,
        Err(e) => {
            t.false_changes.push(format!(
                "{chart}: the first class's situation [{choices}] does not diff: {e}\n{}",
                where_()
            ));
            return;
        }
    };
    let (db, dv) = sides(&direct);
    let (db, dv) = (at_grain_of(&db, &ab), at_grain_of(&dv, &av));
    if (db.clone(), dv.clone()) != (ab.clone(), av.clone()) {
        t.false_changes.push(format!(
            "{chart}: --across's first class {} [{choices}] says\n      base {}\n      variant {}\n    the direct diff says\n      base {}\n      variant {}\n{}",
            first["class"], show(&ab), show(&av), show(&db), show(&dv), where_()
        ));
    }
    // The reference reads the same situation alike, where it reads it.
    let s = situation_of(choices);
    if let (Ok(rb), Ok(rv)) = (
        nonzero(reference::distribution(world, "base", chart, &s)),
        nonzero(reference::distribution(world, "variant", chart, &s)),
    ) {
        let (rb, rv) = (at_grain_of(&rb, &ab), at_grain_of(&rv, &av));
        if (rb.clone(), rv.clone()) != (ab.clone(), av.clone()) {
            t.false_changes.push(format!(
                "{chart}: --across's first class {} [{choices}] differs from the reference\n      across base {}\n      across variant {}\n      reference base {}\n      reference variant {}\n{}",
                first["class"], show(&ab), show(&av), show(&rb), show(&rv), where_()
            ));
        }
    }
}

/// Pair `i` of a run: bundled games and generated games in turn.
fn pair(i: u64) -> Pair {
    if i % 2 == 0 {
        let k = i / 2;
        let game = GAMES[usize::try_from(k % GAMES.len() as u64).unwrap_or(0)];
        Pair::bundled(game, k)
    } else {
        Pair::generated(i / 2)
    }
}

fn run(from: u64, count: u64) -> Tally {
    let mut t = Tally::default();
    for i in from..from + count {
        if std::env::var("DIFF_CLAIMS_TRACE").is_ok() {
            eprintln!("pair {i}");
        }
        check(&pair(i), &mut t);
    }
    t
}

/// The CI slice: fixed seeds, half bundled, half generated.
#[test]
fn diff_claims_slice() {
    let t = run(0, 6);
    t.report("diff claims, slice");
    assert!(t.variants - t.rejected >= 4, "too many refused");
    assert!(
        t.missed.is_empty() && t.false_changes.is_empty(),
        "{} missed, {} false changes (see stderr)",
        t.missed.len(),
        t.false_changes.len()
    );
}

/// The campaign: `CHARTWRIGHT_DIFF_CAMPAIGN` variants (10000 by default)
/// from seed `CHARTWRIGHT_DIFF_SEED` (0).
#[test]
#[ignore = "campaign: minutes to hours; run in release with CHARTWRIGHT_DIFF_CAMPAIGN=N"]
fn diff_claims_campaign() {
    let n = std::env::var("CHARTWRIGHT_DIFF_CAMPAIGN")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let from = std::env::var("CHARTWRIGHT_DIFF_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let started = std::time::Instant::now();
    let t = run(from, n);
    t.report(&format!(
        "diff claims, campaign of pairs {from}..{} in {:.1} s",
        from + n,
        started.elapsed().as_secs_f64()
    ));
    assert!(
        t.missed.is_empty() && t.false_changes.is_empty(),
        "{} missed, {} false changes (see stderr)",
        t.missed.len(),
        t.false_changes.len()
    );
}

/// Checks one pair and fails with every missed or false change.
#[track_caller]
fn assert_claims(pair: &Pair) {
    let mut t = Tally::default();
    check(pair, &mut t);
    t.report(&pair.label);
    assert_eq!(t.variants - t.rejected, 1, "the variant is refused");
    assert!(
        t.missed.is_empty() && t.false_changes.is_empty(),
        "{} missed, {} false changes (see stderr)",
        t.missed.len(),
        t.false_changes.len()
    );
}

/// A grid feeding a column shift: the cell a variant changes moves the
/// column read.
#[test]
fn a_grid_fed_shift_changed_by_a_variant_is_a_change() {
    let base = crate::common::GRID_SHIFT_REPRO.trim_start();
    let variant =
        "variant \"hvy\" of \"repro.rules\" version \"1\"\nchange woods_shift at gun: 1\n";
    assert_claims(&Pair::files(
        "grid-fed shift".into(),
        "repro.rules",
        base.into(),
        variant.into(),
    ));
}

/// An option only the variant has is no situation of the base: the base
/// refuses it as an unknown option, so a chart whose odds are the same
/// wherever both sides roll is no change (generated seed 985 of the
/// campaign at 8592a64: the reference read the undeclared option in the
/// base as a missing grid cell, "Not possible", and called it a change).
#[test]
fn an_option_only_the_variant_has_is_no_situation_of_the_base() {
    let base = r#"game "Repro" version "1"
choice cover "Cover" { open "Open", woods "Woods" }
grid cover_mod "Cover modifier" by cover { open: 0  woods: -1 }
table fire "Fire" {
  roll d6
  modifiers {
    cover_dm +r in -1..0 from cover_mod "cover"
    dense -1 "dense woods" if cover = woods
  }
  rows {
    1 or less => "Hit"
    2+ => "Hit"
  }
}
"#;
    let variant = "variant \"Rubble\" of \"base.rules\" version \"1\"\n\
                   add cover.rubble \"Rubble\" after woods\n\
                   change fire.cover_dm +1 \"cover\"\n";
    assert_claims(&Pair::files(
        "an option only the variant has".into(),
        "base.rules",
        base.into(),
        variant.into(),
    ));
}

/// A grid feeding a modifier: First Echelon's discipline rating, changed
/// for raw troops in disorder, moves Manoeuvre's odds.
#[test]
fn a_grid_fed_modifier_changed_by_a_variant_is_a_change() {
    let game = "first_echelon";
    let text = chartwright::bundled::source(game).expect("bundled");
    let variant = "variant \"Raw troops hold\" of first_echelon version \"1\"\nchange discipline_rating at raw, disordered: +1\n";
    assert_claims(&Pair::over_bundled(
        "raw troops hold".into(),
        game,
        text,
        variant.into(),
    ));
}

/// An outcome with two follow-ups named in turn (`Hold; also Hit; also
/// Pinned -> roll K -> roll K`) is the sum of every path through both
/// (campaign pairs 3749 and 3947 at 8592a64, generated seeds 1874 and
/// 1973: the checker summed only paths through the last named roll and
/// called the class's odds false).
#[test]
fn two_follow_ups_named_in_turn_are_read_at_their_grain() {
    let base = r#"game "Two" version "1"
table k "K" {
  roll d3
  rows {
    1 => "Hold"
    2-3 => "Retreat"
  }
}
table t "T" {
  roll d6
  modifiers {
    m +1 "m"
  }
  natural 2 or less => also "Hit" then k
  natural 1 => also "Pinned" then k
  rows {
    3 or less => "Hold"
    4+ => "No effect"
  }
}
"#;
    let variant = "variant \"More\" of \"base.rules\" version \"1\"\nchange t.m +2\n";
    assert_claims(&Pair::files(
        "two follow-ups in turn".into(),
        "base.rules",
        base.into(),
        variant.into(),
    ));
}

/// A follow-up past an engine limit (a `once` count over dice with
/// notation) where the chart itself is not: the direct diff names it, as
/// `--across` does, rather than refusing the situation `--across` ranked
/// first (campaign pair 3809 at 8592a64, generated seed 1904).
#[test]
fn a_follow_up_past_a_limit_is_named_in_the_direct_diff() {
    let base = r#"game "Limit" version "1"
pool q "Q" {
  roll 3d6
  count hits "hits" on 4+
  per hits roll 1d4ro=1 count converted "converted" on 3+ once
}
table t "T" {
  roll d6
  modifiers {
    m +1 "m"
  }
  rows {
    3 or less => "Hold" then q
    4+ => "No effect"
  }
}
"#;
    let variant = "variant \"More\" of \"base.rules\" version \"1\"\nchange t.m +2\n";
    let pair = Pair::files(
        "a follow-up past a limit".into(),
        "base.rules",
        base.into(),
        variant.into(),
    );
    assert_claims(&pair);
    let out = cli_diff(&[pair.base_arg.as_str(), &pair.variant_arg(), "t", "m"])
        .unwrap_or_else(|e| panic!("diff failed: {e}"));
    assert!(
        out["follow_ups_named"]
            .as_str()
            .is_some_and(|w| w.contains("once")),
        "{out}"
    );
    assert_eq!(out["outcomes"][0]["outcome"], "Hold -> roll Q", "{out}");
    assert_eq!(out["outcomes"][0]["variant"], "1/6", "{out}");
}

/// A ladder's own value (`slope +r in 0..1`) is needed wherever the ladder
/// is read, here in a modifier's condition: the classes give it, rather
/// than leaving out as unrollable every class where the condition is read
/// (campaign pair 4351 at cc68427, generated seed 2175: "no change" for a
/// check whose condition reads a ladder the variant moved).
#[test]
fn a_ladders_own_value_is_given_where_a_condition_reads_it() {
    let base = r#"game "Ladder param" version "1"
ladder lad "Lad" {
  steps 4, 2, 1, 0.5
  start 2
  modifiers {
    slope +r in 0..1 "slope"
  }
}
check k "K" {
  roll d6
  modifiers {
    x -1 "x" if lad = 2
  }
  succeed on 4+
  success "Pass"
  failure "Fail"
}
"#;
    let variant = "variant \"V\" of \"base.rules\" version \"1\"\nadd lad.mud +1 \"mud\" always after slope\n";
    let pair = Pair::files(
        "a ladder's value read in a condition".into(),
        "base.rules",
        base.into(),
        variant.into(),
    );
    assert_claims(&pair);
    let k = listed(&pair, "house.k");
    assert_eq!(k["change"], "changed", "{k}");
    assert_eq!(k["diff"]["choices"], "x slope=0", "{k}");
}

/// A param not given reads its default: "not given" adds the default, so
/// giving 0 is a situation of its own (campaign pair 5661 at 716bcd7,
/// generated seed 2830: the classes took "not given" as adding 0, left
/// out `m=0` as adding the same, and a cap hid the variant's `always`
/// modifier everywhere else: "no change").
#[test]
fn a_param_not_given_reads_its_default_in_the_classes() {
    let base = r#"game "Default" version "1"
table t "T" {
  roll 2d6
  modifiers {
    m +r in 0..2 default 2 "m"
  }
  cap modifiers at 1
  rows {
    7 or less => "Hit"
    8 or more => "Retreat"
  }
}
"#;
    let variant =
        "variant \"V\" of \"base.rules\" version \"1\"\nadd t.mud +1 \"mud\" always after m\n";
    let pair = Pair::files(
        "a param's default".into(),
        "base.rules",
        base.into(),
        variant.into(),
    );
    assert_claims(&pair);
    let t = listed(&pair, "house.t");
    assert_eq!(t["change"], "changed", "{t}");
    // Out of the cap only where m is 0: 0 -> +1, Hit 21/36 -> 15/36.
    assert_eq!(t["diff"]["choices"], "m=0", "{t}");
}

/// A param only a follow-up reads splits no class of the chart's own
/// outcomes, but the class's situation still gives it, so the player can
/// type it and the direct diff rolls it (campaign pair 5807 at `be3ffb1`,
/// generated seed 2903: `--across` ranked first a situation its direct
/// diff refused, "`t28` needs `p35`").
#[test]
fn a_param_only_a_follow_up_reads_is_given_in_the_class() {
    let base = r#"game "Pass" version "1"
table k "K" {
  roll d6
  param q "q" whole in 1..6
  columns by q: 1-3 4-6
  results {
    3 or less: Pinned  Hit
    4+:        Hit     Hit
  }
}
table t "T" {
  roll d6
  param p "p" whole in 1..6
  modifiers {
    m +1 "m"
  }
  rows {
    2 or less => "Hold" then k(q=p)
    3+        => "No effect"
  }
}
"#;
    let variant = "variant \"V\" of \"base.rules\" version \"1\"\nchange t.m +2\n";
    let pair = Pair::files(
        "a param only a follow-up reads".into(),
        "base.rules",
        base.into(),
        variant.into(),
    );
    assert_claims(&pair);
    assert_eq!(listed(&pair, "house.t")["diff"]["choices"], "m p=1");
}

/// A class one side cannot roll (here past an engine limit: a `once`
/// count over dice with notation) where the other can: not compared, so
/// the whole-game diff does not say "no change" (campaign pair 37,
/// generated seed 18: the class was left out as if neither side rolled it,
/// and the chart was not listed).
#[test]
fn a_class_only_one_side_can_roll_is_not_a_claim_of_no_change() {
    let base = r#"game "Limit" version "1"
choice c "C" { a "A", b "B" } default a
grid dice "Dice" by c { a: -  b: d6 }
grid conv "Conversion dice" by c { a: 1d4ro=1  b: d4 }
pool q "Q" {
  roll dice
  count hits "hits" on 4+
  per hits roll conv count converted "converted" on 3+ once
}
"#;
    let variant = "variant \"more\" of \"limit.rules\" version \"1\"\nchange dice at a: 2d6\n";
    let pair = Pair::files(
        "one side past a limit".into(),
        "limit.rules",
        base.into(),
        variant.into(),
    );
    assert_claims(&pair);
    let q = listed(&pair, "house.q");
    assert_eq!(q["change"], "none found", "{q}");
}

/// The whole-game diff's entry for `chart`.
fn listed(pair: &Pair, chart: &str) -> Value {
    let out = cli_diff(&[pair.base_arg.as_str(), &pair.variant_arg()])
        .unwrap_or_else(|e| panic!("diff failed: {e}"));
    out["charts"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["chart"] == chart)
        .cloned()
        .unwrap_or_else(|| panic!("{chart} is not listed: {out}"))
}
