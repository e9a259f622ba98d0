//! Exact-odds loops for callgrind (docs/performance.md, exact odds): one
//! mode a process, `K` calls of `BoundChart::odds` on a chart bound once.
//! Instructions per call = (Ir(K2) - Ir(K1)) / (K2 - K1), so that loading
//! and binding cancel out.
//!
//! ```text
//! cargo run --release --example odds_cg -- MODE N K
//! ```
//!
//! Modes: `pool2 N` (N d10 hitting on 6+, each hit converting on d6 4+),
//! `pool2r N` (the same with `report converted`: the marginal engine),
//! `sum N` (a table with one row per total of N d6), `peers W` (the peers
//! workload W of `chartwright-adapter/rules/` in the peers harness, which is
//! `../shared/peers` from the project's top folder or `$PEERS_DIR`; or
//! `$PEERS_RULES`: 3.1, 3.2, 4.1, 4.2, 5, 6.1, 6.2). With `K = 0` and
//! `ODDS_CG_TRY` set: one call, timed, and whether the limits refused it
//! (`ODDS_CG_WORK` sets `max_odds_work` for `pool2`, `pool2r` and `sum`).

use chartwright::{Choices, Ruleset};
use std::fmt::Write as _;
use std::hint::black_box;

fn chart(mode: &str, n: u64) -> String {
    let mut out = String::from("game \"Scale\" version \"1\"\n");
    match mode {
        "pool2" => writeln!(out,
            "pool c \"pool\" {{\n  roll {n}d10\n  count hits \"hits\" on 6+\n  per hits roll d6 count converted \"converted\" on 4+\n}}"
        ).unwrap(),
        "pool2r" => writeln!(out,
            "pool c \"pool\" {{\n  roll {n}d10\n  count hits \"hits\" on 6+\n  per hits roll d6 count converted \"converted\" on 4+\n  report converted\n}}"
        ).unwrap(),
        "sum" => {
            writeln!(out, "table c \"sum\" {{\n  roll {n}d6\n  rows {{").unwrap();
            for total in n..=n * 6 {
                writeln!(out, "    {total} => \"{total}\"").unwrap();
            }
            out.push_str("  }\n}\n");
        }
        m => panic!("unknown mode {m}"),
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args[1].as_str();
    let k: u64 = args[3].parse().unwrap();
    let (rules, name, choices) = if mode == "peers" {
        let dir = std::env::var("PEERS_RULES").unwrap_or_else(|_| {
            let peers = std::env::var("PEERS_DIR")
                .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/peers").into());
            format!("{peers}/chartwright-adapter/rules")
        });
        let mut b = Ruleset::builder();
        b.add_str(
            "peers",
            &std::fs::read_to_string(format!("{dir}/peers.rules")).unwrap(),
        )
        .add_str(
            "sums",
            &std::fs::read_to_string(format!("{dir}/sums.rules")).unwrap(),
        );
        let (name, choices) = match args[2].as_str() {
            "3.1" => ("peers.w1", "plus_two minus_one"),
            "3.2" => ("peers.w2", "plus_three"),
            "4.1" => ("peers.w4_1", ""),
            "4.2" => ("peers.w4_2", ""),
            "5" => ("peers.w5", "att.att_bonus def.def_bonus"),
            "6.1" => ("sums.w6_1", ""),
            "6.2" => ("sums.w6_2", ""),
            w => panic!("unknown workload {w}"),
        };
        (b.build().unwrap(), name, choices)
    } else {
        let n: u64 = args[2].parse().unwrap();
        let mut limits = chartwright::Limits::default();
        if let Some(w) = std::env::var("ODDS_CG_WORK")
            .ok()
            .and_then(|w| w.parse().ok())
        {
            limits.max_odds_work = w;
        }
        let mut b = Ruleset::builder().limits(limits);
        b.add_str("scale", &chart(mode, n));
        (b.build().unwrap(), "c", "")
    };
    let bound = rules
        .chart(name)
        .unwrap()
        .bind(&Choices::parse(choices).unwrap())
        .unwrap();
    if k == 0 && std::env::var_os("ODDS_CG_TRY").is_some() {
        // One call, timed, refused or not (calibrating `max_odds_work`).
        let t0 = std::time::Instant::now();
        let r = bound.odds();
        let secs = t0.elapsed().as_secs_f64();
        match r {
            Ok(o) => println!("ok {} outcomes in {secs:.3} s", o.outcomes.len()),
            Err(e) => println!("refused in {secs:.3} s: {e}"),
        }
        return;
    }
    if std::env::var_os("ODDS_CG_UNBOUND").is_some() {
        // `ChartRef::odds`: binds the choices on every call.
        let chart = rules.chart(name).unwrap();
        let choices = Choices::parse(choices).unwrap();
        for _ in 0..k {
            black_box(chart.odds(&choices).unwrap());
        }
        return;
    }
    for _ in 0..k {
        black_box(bound.odds().unwrap());
    }
}
