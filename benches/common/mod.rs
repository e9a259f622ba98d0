//! Shared by every bench: the criterion settings (a whole `cargo bench` run
//! stays within a few minutes on 2 cores), test-mode detection, reading
//! criterion's medians back, and a plain median-of-N timer.

#![allow(dead_code)] // each bench uses its own subset

use criterion::Criterion;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Criterion with the settings every group here uses; command-line options
/// (`--sample-size`, `--measurement-time`, filters) still override them.
#[must_use]
pub fn criterion() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args()
}

/// True under `cargo bench`; false under `cargo test --all-targets`, where
/// criterion runs each routine once and every extra loop must stay short.
#[must_use]
pub fn benchmarking() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test")
}

/// Where criterion writes its results: the same rule criterion 0.5 follows
/// (`$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`, else the target
/// folder the bench binary was built in).
fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    // target/<profile>/deps/<bench binary>
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.join("criterion")))
        .unwrap_or_else(|| PathBuf::from("target/criterion"))
}

/// The median (ns) criterion measured for `group/id` in this run, read from
/// `target/criterion/<group>/<id>/new/estimates.json`. Ids here are plain
/// ASCII words, which criterion uses as folder names unchanged.
#[must_use]
pub fn median_ns(group: &str, id: &str) -> Option<f64> {
    let path = criterion_home()
        .join(group)
        .join(id)
        .join("new")
        .join("estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// The median of `runs` timings of `f`, each timing `batch` calls, per call.
pub fn median_of<T>(runs: usize, batch: u32, mut f: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let start = Instant::now();
            for _ in 0..batch {
                std::hint::black_box(f());
            }
            start.elapsed() / batch.max(1)
        })
        .collect();
    times.sort_unstable();
    times[times.len() / 2]
}

/// A duration for humans: `812 ns`, `41.3 µs`, `2.41 ms`.
#[must_use]
pub fn show(ns: f64) -> String {
    if ns < 1_000.0 {
        format!("{ns:.1} ns")
    } else if ns < 1_000_000.0 {
        format!("{:.1} µs", ns / 1_000.0)
    } else {
        format!("{:.2} ms", ns / 1_000_000.0)
    }
}

/// The path of a file or folder of this package.
#[must_use]
pub fn package_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// Every `.rules` file in `rules/`, sorted.
pub fn rules_paths() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(package_path("rules"))
        .expect("rules/ is readable")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    files
}

/// Times `a` and `b` in alternation, `runs` batches of `batch` calls each,
/// and returns the median time per call of each, in ns: both see the same machine
/// (on a shared host the speed drifts over seconds, which moves two
/// criterion runs made one after the other apart). Each closure observes
/// its own result.
pub fn interleaved(
    runs: usize,
    batch: u32,
    mut a: impl FnMut(),
    mut b: impl FnMut(),
) -> (f64, f64) {
    let mut times_a = Vec::with_capacity(runs);
    let mut times_b = Vec::with_capacity(runs);
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        for _ in 0..batch {
            a();
        }
        times_a.push(start.elapsed().as_secs_f64() / f64::from(batch.max(1)));
        let start = Instant::now();
        for _ in 0..batch {
            b();
        }
        times_b.push(start.elapsed().as_secs_f64() / f64::from(batch.max(1)));
    }
    times_a.sort_by(f64::total_cmp);
    times_b.sort_by(f64::total_cmp);
    (
        times_a[times_a.len() / 2] * 1e9,
        times_b[times_b.len() / 2] * 1e9,
    )
}

/// Every game in `rules/`, each compiled on its own, with its name.
#[must_use]
pub fn games() -> Vec<(String, chartwright::Ruleset)> {
    rules_paths()
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let rules =
                chartwright::Ruleset::from_file(&p).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, rules)
        })
        .collect()
}
