//! The hand-written floor of the joint two-stage pool: N d10 hitting on 6+,
//! each hit converting on a d6 4+, answered as the joint distribution of
//! (hits, converted), with nothing but the arithmetic: no chart, no text,
//! no limits.
//!
//! ```text
//! joint-floor counts N      every count over one common denominator, 4^N
//!                           (icepool's form: a die of integer quantities)
//! joint-floor fractions N   every probability as a reduced fraction
//!                           (what chartwright's `Odds` holds, without texts)
//! ```
//!
//! Both hit and convert with 1/2, so (h, c) has probability
//! C(N, h) C(h, c) / 2^(N + h). Each call builds C(N, h) one h at a time and
//! Pascal's rows C(h, ·) one from the one before: Θ(N²) outcomes, each an
//! O(N)-bit product. Prints one JSON line in cw-scale's protocol: a warm-up
//! call, K calls calibrated so that a run lasts `SCALE_TARGET_S` (0.3 s),
//! `SCALE_RUNS` (5) runs, the median seconds a call.

use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

/// Pascal's row C(h + 1, ·) from C(h, ·).
fn next_row(row: &[BigUint]) -> Vec<BigUint> {
    let mut out = Vec::with_capacity(row.len() + 1);
    out.push(BigUint::one());
    out.extend(row.windows(2).map(|w| &w[0] + &w[1]));
    out.push(BigUint::one());
    out
}

/// Calls `each(h, c, C(N, h), C(h, c))` for every outcome, in order.
fn outcomes(n: u32, mut each: impl FnMut(u32, u32, &BigUint, &BigUint)) {
    let mut choose = BigUint::one();
    let mut row = vec![BigUint::one()];
    for h in 0..=n {
        for (c, ways) in (0u32..).zip(&row) {
            each(h, c, &choose, ways);
        }
        choose = choose * (n - h) / (h + 1);
        row = next_row(&row);
    }
}

fn len(n: u32) -> usize {
    ((n as usize + 1) * (n as usize + 2)) / 2
}

/// (h, c, count) over 4^N: C(N, h) 2^(N - h) C(h, c).
fn counts(n: u32) -> Vec<(u32, u32, BigUint)> {
    let mut out = Vec::with_capacity(len(n));
    outcomes(n, |h, c, choose, ways| {
        out.push((h, c, (choose << (n - h) as usize) * ways));
    });
    out
}

/// (h, c, probability), reduced: the numerator's factors of 2 shifted out.
fn fractions(n: u32) -> Vec<(u32, u32, BigRational)> {
    let mut out = Vec::with_capacity(len(n));
    outcomes(n, |h, c, choose, ways| {
        let numer = choose * ways;
        let twos = numer.trailing_zeros().unwrap_or(0).min(u64::from(n + h));
        let denom = BigUint::one() << (u64::from(n + h) - twos) as usize;
        let numer = numer >> twos as usize;
        out.push((h, c, BigRational::new_raw(numer.into(), denom.into())));
    });
    out
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(mode), Some(Ok(n))) = (args.get(1), args.get(2).map(|n| n.parse::<u32>())) else {
        eprintln!("usage: joint-floor counts|fractions N");
        return ExitCode::from(2);
    };
    let call: fn(u32) -> usize = match mode.as_str() {
        "counts" => |n| black_box(counts(n)).len(),
        "fractions" => |n| black_box(fractions(n)).len(),
        _ => {
            eprintln!("joint-floor: unknown mode `{mode}` (counts or fractions)");
            return ExitCode::from(2);
        }
    };
    // The answer is checked once, outside the timing: the probabilities sum
    // to 1, and the counts to 4^N, each equal to its fraction.
    let fr = fractions(n);
    let sum = fr.iter().fold(BigRational::zero(), |a, t| a + &t.2);
    let co = counts(n);
    let total = BigUint::one() << (2 * n as usize);
    let agree = co
        .iter()
        .zip(&fr)
        .all(|(c, f)| BigRational::new(c.2.clone().into(), total.clone().into()) == f.2);
    if !sum.is_one() || !agree || co.len() != len(n) {
        eprintln!("joint-floor: the answer does not check (N = {n})");
        return ExitCode::FAILURE;
    }

    let target: f64 = env_or("SCALE_TARGET_S", 0.3);
    let runs: usize = env_or("SCALE_RUNS", 5).max(1);
    let t0 = Instant::now();
    let outcomes = call(n);
    let one = t0.elapsed().as_secs_f64().max(1e-7);
    let k = ((target / one).round() as u64).clamp(1, 1_000_000);
    let mut per: Vec<f64> = (0..runs)
        .map(|_| {
            let t0 = Instant::now();
            for _ in 0..k {
                black_box(call(black_box(n)));
            }
            t0.elapsed().as_secs_f64() / k as f64
        })
        .collect();
    per.sort_by(f64::total_cmp);
    println!(
        "{{\"peer\":\"hand-written floor\",\"kind\":\"{mode}\",\"n\":{n},\"median_s\":{:e},\"outcomes\":{outcomes},\"calls_per_run\":{k}}}",
        per[per.len() / 2]
    );
    ExitCode::SUCCESS
}
