//! `chartwright check rules/` as a whole process, start-up included: the
//! release binary cargo builds for the bench, spawned and waited for
//! (`check_process/rules_dir`). `check_process/version` spawns
//! `chartwright --version` for the cost of starting a process and exiting,
//! which the check pays too.

use criterion::Criterion;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_chartwright");

/// Runs the binary with `args`, output discarded; it must succeed.
fn run(args: &[&str]) {
    let status = Command::new(BIN)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("chartwright starts");
    assert!(status.success(), "chartwright {args:?}: {status}");
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules");
    let rules = rules.to_str().expect("a UTF-8 path");
    let output = Command::new(BIN)
        .args(["check", rules])
        .output()
        .expect("chartwright starts");
    assert!(
        output.status.success(),
        "check rules/ must pass: {output:?}"
    );
    // The summary goes to stderr.
    println!("{}", String::from_utf8_lossy(&output.stderr).trim());

    let mut group = c.benchmark_group("check_process");
    group.bench_function("rules_dir", |b| b.iter(|| run(&["check", rules])));
    group.bench_function("version", |b| b.iter(|| run(&["--version"])));
    group.finish();
    c.final_summary();
}
