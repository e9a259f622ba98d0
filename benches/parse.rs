//! Parse + compile throughput: every file in `rules/`, all
//! of them together, and a generated file of 10,000 charts.
//!
//! - `parse_compile_file/<game>` and `parse_compile_file/all_rules`:
//!   `Ruleset::from_str` / `RulesetBuilder` on the text (no file I/O), with
//!   `Throughput::Bytes`.
//! - `parse_compile_10000/bytes` and `parse_compile_10000/charts`: the same
//!   on the generated file, with `Throughput::Bytes` and
//!   `Throughput::Elements` (charts) respectively.
//! - `parse_only_10000/bytes`: `chartwright::parser::parse` alone (pest and
//!   the AST, no checks), to show which half limits the total.
//!
//! Under `cargo test --all-targets` (an unoptimised build) the generated
//! file has 100 charts, so that the test run stays quick.
//!
//! The generated file (2.2 MB) is over the default `Limits::max_input_bytes`
//! (2 MiB), so it is compiled with that one limit raised.
//!
//! For callgrind and peak memory, `PARSE_ONCE=compile` (or `=parse`) skips
//! criterion: the bench generates the file, parses and compiles it (or only
//! parses it) once, prints the peak resident memory (`getrusage` maxrss)
//! before and after, and exits:
//!
//! ```text
//! PARSE_ONCE=compile valgrind --tool=callgrind target/release/deps/parse-HASH --bench
//! ```
//!
//! `PARSE_ONCE=rules` (`chartwright check rules/` in-process: the six
//! bundled games loaded from `rules/` with `RulesetBuilder::add_path`, then
//! dropped) and `PARSE_ONCE=lines` (the generated file cut to its first
//! 10,000 lines, [`LINES`], loaded from text and dropped) load `PARSE_REPS`
//! times (1 if unset; 0 does only the setup) and print the median wall time
//! of a load. A load's instructions are the difference of two callgrind
//! runs, `Ir(PARSE_REPS=1) - Ir(PARSE_REPS=0)`:
//!
//! ```text
//! PARSE_ONCE=rules PARSE_REPS=1 valgrind --tool=callgrind target/release/deps/parse-HASH --bench
//! PARSE_ONCE=rules PARSE_REPS=0 valgrind --tool=callgrind target/release/deps/parse-HASH --bench
//! PARSE_ONCE=rules PARSE_REPS=200 target/release/deps/parse-HASH --bench   # wall time
//! ```

mod common;

use chartwright::{Limits, Ruleset, SourceMap};
use criterion::{BenchmarkId, Throughput};
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

/// A file of `charts` charts in the shapes the sheets use: a 2d6 table with
/// a shared modifier set, an exclusive group, a parametric modifier and a
/// conditional outcome; a check against a param with a natural rule; a grid
/// keyed by a choice; a d10 table whose modifier comes from that grid.
fn generated(charts: usize) -> String {
    let mut out = String::from(
        "game \"Generated\" version \"1\"\n\n\
         choice posture \"Posture\" { open \"Open\", cover \"Cover\", fort \"Fortified\" }\n\n\
         modifiers common \"Common Modifiers\" {\n  tired -1 \"tired\"\n  fresh +1 \"fresh\"\n}\n\n",
    );
    for i in 0..charts {
        let text = match i % 4 {
            0 => format!(
                r#"table t{i} "Generated Table {i}" {{
  roll 2d6
  modifiers {{
    use common
    one of "Mobility" {{ a{i} +2 "tracked"  b{i} -1 "manhandled" }}
    r{i} ±r in -3..3 "rating"
  }}
  rows {{
    10 or more => "Knocked out"
    7-9        => "Suppressed" or "Pinned"
    4,5,6      => "Disordered" if posture = open else "No effect"
    3 or less  => "No effect"
  }}
}}
"#
            ),
            1 => format!(
                r#"check k{i} "Generated Check {i}" {{
  roll d6
  param tokens "tokens" in 0..5
  succeed on more than tokens
  success "Activated"
  failure "Fails to activate"
  natural 6 => success
}}
"#
            ),
            2 => format!(
                r#"grid g{i} "Generated Grid {i}" by posture {{
  open:  +1
  cover: 0
  fort:  -1
}}
"#
            ),
            _ => format!(
                r#"table u{i} "Generated Table {i}" {{
  roll d10
  modifiers {{
    cover{i} ±r from g{prev} "cover"
    moved -1 "moved"
  }}
  natural 1 => "No effect"
  rows {{
    8 or more => "Hit"
    5-7       => "Near miss"
    4 or less => "Miss"
  }}
}}
"#,
                prev = i - 1
            ),
        };
        let _ = writeln!(out, "{text}");
    }
    out
}

/// Every `.rules` file in `rules/`: (game, text).
fn rules_files() -> Vec<(String, String)> {
    common::rules_paths()
        .into_iter()
        .map(|p| {
            let game = p.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&p).expect("readable");
            (game, text)
        })
        .collect()
}

/// The generated file as one game, with the input limit raised to fit it.
fn compile_big(text: &str) -> Ruleset {
    let mut b = Ruleset::builder().limits(Limits::default().with_max_input_bytes(16 * 1024 * 1024));
    b.add_str("generated", text);
    b.build().unwrap_or_else(|e| panic!("{e}"))
}

/// Peak resident memory of this process so far, in KiB.
fn max_rss_kib() -> i64 {
    nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_SELF)
        .map_or(0, |u| u.max_rss())
}

/// How many lines the `PARSE_ONCE=lines` file has: a long file as a person
/// might write one.
const LINES: usize = 10_000;

/// The first [`LINES`] lines of a generated file, cut at the end of the
/// last chart that fits.
fn generated_lines() -> String {
    let mut text = generated(LINES);
    let mut lines = 0;
    let mut cut = 0;
    for (at, byte) in text.bytes().enumerate() {
        if byte == b'\n' {
            lines += 1;
            if lines > LINES {
                break;
            }
            // A chart ends with a blank line.
            if text.as_bytes().get(at + 1) == Some(&b'\n') {
                cut = at + 2;
            }
        }
    }
    text.truncate(cut);
    text
}

/// `PARSE_ONCE=rules|lines`: `PARSE_REPS` loads (and drops) of `rules/` or
/// of the 10,000-line file, then the median wall time of one.
fn loads(mode: &str) {
    let reps: usize = std::env::var("PARSE_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    let rules = common::package_path("rules");
    let text = if mode == "lines" {
        generated_lines()
    } else {
        String::new()
    };
    let load = || {
        let mut b = Ruleset::builder();
        if mode == "lines" {
            b.add_str("generated", &text);
        } else {
            b.add_path(&rules);
        }
        b.build().unwrap_or_else(|e| panic!("{e}"))
    };
    let mut times: Vec<std::time::Duration> = (0..reps)
        .map(|_| {
            let start = std::time::Instant::now();
            drop(black_box(load()));
            start.elapsed()
        })
        .collect();
    times.sort_unstable();
    let (bytes, lines) = if mode == "lines" {
        (text.len(), text.lines().count())
    } else {
        let texts = common::rules_paths()
            .iter()
            .map(|p| std::fs::read_to_string(p).expect("readable"))
            .collect::<Vec<_>>();
        let bytes = texts.iter().map(String::len).sum();
        (bytes, texts.iter().map(|t| t.lines().count()).sum())
    };
    let median = times
        .get(times.len() / 2)
        .map_or(0.0, |t| t.as_nanos() as f64);
    println!(
        "PARSE_ONCE={mode}: {bytes} bytes, {lines} lines, {reps} loads, median {}",
        common::show(median)
    );
}

/// `PARSE_ONCE=compile|parse`: one run on the 10,000-chart file, then exit.
fn once(mode: &str) {
    if matches!(mode, "rules" | "lines") {
        loads(mode);
        return;
    }
    let big = generated(10_000);
    let before = max_rss_kib();
    match mode {
        "parse" => {
            let file = chartwright::parser::parse(chartwright::SourceId::new(0), &big);
            assert!(file.is_ok(), "the generated file parses");
            black_box(file).ok();
        }
        _ => {
            black_box(compile_big(&big));
        }
    }
    let after = max_rss_kib();
    println!(
        "PARSE_ONCE={mode}: {} bytes; peak RSS {before} KiB before, {after} KiB after ({:.1}x the input)",
        big.len(),
        (after - before) as f64 * 1024.0 / big.len() as f64
    );
}

fn compile_all(files: &[(String, String)]) -> Ruleset {
    let mut b = Ruleset::builder();
    for (game, text) in files {
        b.add_str(game, text);
    }
    b.build().unwrap_or_else(|e| panic!("{e}"))
}

fn main() {
    if let Ok(mode) = std::env::var("PARSE_ONCE") {
        once(&mode);
        return;
    }
    let mut c = common::criterion();
    let files = rules_files();
    let charts = if common::benchmarking() { 10_000 } else { 100 };
    let big = generated(charts);
    // The generated file must compile, with every chart in it (plus the set).
    let compiled = compile_big(&big);
    assert_eq!(compiled.charts().count(), charts + 1);
    println!(
        "generated file: {charts} charts, {} bytes ({:.1} MB)",
        big.len(),
        big.len() as f64 / 1e6
    );

    {
        let mut group = c.benchmark_group("parse_compile_file");
        for (game, text) in &files {
            group.throughput(Throughput::Bytes(text.len() as u64));
            group.bench_function(BenchmarkId::from_parameter(game), |b| {
                b.iter(|| Ruleset::from_str(game, black_box(text)).unwrap());
            });
        }
        let total: usize = files.iter().map(|(_, t)| t.len()).sum();
        group.throughput(Throughput::Bytes(total as u64));
        group.bench_function("all_rules", |b| b.iter(|| compile_all(&files)));
        group.finish();
    }

    {
        // About a second a run: criterion's minimum of 10 samples.
        let mut group = c.benchmark_group("parse_compile_10000");
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(2));
        group.throughput(Throughput::Bytes(big.len() as u64));
        group.bench_function("bytes", |b| {
            b.iter(|| compile_big(black_box(&big)));
        });
        group.throughput(Throughput::Elements(charts as u64));
        group.bench_function("charts", |b| {
            b.iter(|| compile_big(black_box(&big)));
        });
        group.finish();
    }

    {
        let mut group = c.benchmark_group("parse_only_10000");
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(2));
        group.throughput(Throughput::Bytes(big.len() as u64));
        let mut sources = SourceMap::new();
        let id = sources.add("generated", big.as_str());
        group.bench_function("bytes", |b| {
            b.iter(|| chartwright::parser::parse(id, black_box(&big)).unwrap());
        });
        group.finish();
    }
    c.final_summary();

    if common::benchmarking() {
        let mb_s = |bytes: usize, ns: f64| bytes as f64 / ns * 1e3;
        for (game, text) in &files {
            if let Some(ns) = common::median_ns("parse_compile_file", game) {
                println!(
                    "parse_compile_file/{game}: {} median, {:.1} MB/s",
                    common::show(ns),
                    mb_s(text.len(), ns)
                );
            }
        }
        let total: usize = files.iter().map(|(_, t)| t.len()).sum();
        if let Some(ns) = common::median_ns("parse_compile_file", "all_rules") {
            println!(
                "parse_compile_file/all_rules: {} median, {:.1} MB/s",
                common::show(ns),
                mb_s(total, ns)
            );
        }
        if let Some(ns) = common::median_ns("parse_compile_10000", "bytes") {
            println!(
                "parse_compile_10000/bytes: {} median, {:.1} MB/s",
                common::show(ns),
                mb_s(big.len(), ns)
            );
        }
        if let Some(ns) = common::median_ns("parse_compile_10000", "charts") {
            println!(
                "parse_compile_10000/charts: {} median, {:.0} charts/s (target: under 200 ms)",
                common::show(ns),
                charts as f64 / ns * 1e9
            );
        }
        if let Some(ns) = common::median_ns("parse_only_10000", "bytes") {
            println!(
                "parse_only_10000/bytes: {} median, {:.1} MB/s",
                common::show(ns),
                mb_s(big.len(), ns)
            );
        }
    }
}
