//! `chartwright check rules/` as a whole process, start-up included (issue
//! 6, item 4): the release binary cargo builds for the bench, spawned with
//! `std::process::Command` and waited for (`check_process/rules_dir`).
//! `check_process/version` spawns `chartwright --version` for the cost of
//! starting a process and exiting, which the check pays too.

mod common;

use std::process::{Command, Stdio};

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
    let mut c = common::criterion();
    let rules = common::package_path("rules");
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
    println!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout).trim(),
        String::from_utf8_lossy(&output.stderr).trim()
    );

    let mut group = c.benchmark_group("check_process");
    group.bench_function("rules_dir", |b| b.iter(|| run(&["check", rules])));
    group.bench_function("version", |b| b.iter(|| run(&["--version"])));
    group.finish();
    c.final_summary();

    if common::benchmarking() {
        for id in ["rules_dir", "version"] {
            if let Some(ns) = common::median_ns("check_process", id) {
                println!("check_process/{id}: {} median", common::show(ns));
            }
        }
        println!("target for rules_dir: under 10 ms (issue 14)");
    }
}
