//! Adversarial inputs (each at a limit of `Limits`), each class through the library and through
//! the real binary. Every case runs in a child process (the binary, or this
//! test binary re-run on the one case) and asserts its outcome, usually a
//! diagnostic naming the limit, within a CPU-time and peak-memory bound
//! measured with `getrusage` on the child, never with a wall clock.
//!
//! `scripts/limits-table.sh` measures the same cases on the release binary
//! for `docs/limits.md`.

use chartwright::{Clipped, LoadError, Ruleset, RulesetBuilder};
use miette::{GraphicalReportHandler, GraphicalTheme};
use nix::sys::resource::{getrusage, UsageWho};
use std::fmt::Write as _;
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;
use std::time::Duration;

/// Most CPU time (user + system) a case may take: the bar of 2 s, with room
/// for an unoptimised build.
const CPU_LIMIT: Duration = if cfg!(debug_assertions) {
    Duration::from_secs(30)
} else {
    Duration::from_secs(2)
};

/// Most peak memory (resident) a case may reach.
const MEMORY_LIMIT_KIB: i64 = 512 * 1024;

/// One child at a time, so the children's usage read before and after is
/// the one child's.
static SERIAL: Mutex<()> = Mutex::new(());

/// What a child did and used.
struct Measured {
    output: Output,
    cpu: Duration,
    /// The peak resident memory of the largest child so far (KiB): an
    /// upper bound for this one.
    peak_kib: i64,
}

impl Measured {
    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    /// Asserts the bounds, and that nothing panicked.
    #[track_caller]
    fn within_bounds(&self) -> &Self {
        let err = self.stderr();
        assert!(!err.contains("panicked"), "panicked:\n{err}");
        assert!(self.cpu <= CPU_LIMIT, "took {:?} of CPU", self.cpu);
        assert!(
            self.peak_kib <= MEMORY_LIMIT_KIB,
            "reached {} KiB",
            self.peak_kib
        );
        self
    }

    /// Asserts a failure whose diagnostic has `code`.
    #[track_caller]
    fn fails_with(&self, code: &str) -> &Self {
        let err = self.stderr();
        assert_eq!(self.output.status.code(), Some(1), "{err}");
        assert!(err.contains(code), "no `{code}` in:\n{err}");
        self
    }
}

fn cpu_of_children() -> Duration {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    let t = |tv: nix::sys::time::TimeVal| {
        Duration::from_secs(tv.tv_sec().unsigned_abs())
            + Duration::from_micros(tv.tv_usec().unsigned_abs())
    };
    t(usage.user_time()) + t(usage.system_time())
}

/// Runs `cmd` with `stdin`, and measures it.
fn measure(mut cmd: Command, stdin: &[u8]) -> Measured {
    let _one = SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let before = cpu_of_children();
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("NO_COLOR", "1")
        .env("RUST_BACKTRACE", "0")
        .spawn()
        .expect("the child starts");
    let mut input = child.stdin.take().expect("stdin");
    let stdin = stdin.to_vec();
    // Written from a thread: the child may stop reading (and exit) early.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the child ends");
    let _ = writer.join();
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    Measured {
        output,
        cpu: cpu_of_children().saturating_sub(before),
        peak_kib: usage.max_rss(),
    }
}

/// The binary with `args`.
fn bin(args: &[&str], stdin: &[u8]) -> Measured {
    let mut cmd = crate::common::command();
    cmd.args(args)
        .env("CHARTWRIGHT_SEED", "1")
        .env_remove("CHARTWRIGHT_HISTORY");
    measure(cmd, stdin)
}

/// Runs `body` as the case `name`: in a child (this test binary re-run on
/// the one test) that the parent measures. Returns false in the child.
fn library(name: &str, body: impl FnOnce()) {
    if std::env::var("CHARTWRIGHT_LIMITS_CASE").as_deref() == Ok(name) {
        body();
        return;
    }
    let mut cmd = Command::new(std::env::current_exe().expect("the test binary"));
    let test = format!(
        "{}::{name}",
        module_path!().split_once("::").map_or("", |(_, m)| m)
    );
    cmd.args([
        test.as_str(),
        "--exact",
        "--include-ignored",
        "--test-threads=1",
    ])
    .env("CHARTWRIGHT_LIMITS_CASE", name);
    let m = measure(cmd, b"");
    let out = String::from_utf8_lossy(&m.output.stdout);
    assert!(m.output.status.success(), "{out}\n{}", m.stderr());
    assert!(out.contains("1 passed"), "the case did not run:\n{out}");
    m.within_bounds();
}

/// A file in a fresh temporary folder (kept alive by the returned guard).
/// `text` written to a file `name` in a fresh temporary folder (kept while
/// the folder lives), and its path.
pub(crate) fn file(name: &str, text: &[u8]) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("writes");
    let shown = path.display().to_string();
    (dir, shown)
}

fn render(d: &Clipped) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .render_report(&mut out, d)
        .expect("renders");
    out
}

const HEADER: &str = "game \"g\" version \"1\"\n";

/// A chart whose one line is `columns` long, with a syntax error at its end.
fn long_line(columns: usize) -> String {
    format!(
        "{HEADER}table t \"T\" {{ roll d6 rows {{ 1 or more => \"{}\" }} }} }}\n",
        "x".repeat(columns)
    )
}

/// 10^5 nested `if`/`else` on one line.
fn deep_if_else() -> String {
    format!(
        "{HEADER}table t \"T\" {{ roll d6 rows {{ 1 or more => {}\"x\" }} }}\n",
        "\"a\" if f else ".repeat(100_000)
    )
}

/// A grid keyed by 12 choices of 50 options: 50^12 cells.
fn huge_grid() -> String {
    let mut text = String::from(HEADER);
    for i in 0..12 {
        let options: Vec<String> = (0..50).map(|j| format!("o{j} \"O\"")).collect();
        let _ = writeln!(text, "choice c{i} \"C\" {{ {} }}", options.join(", "));
    }
    let keys: Vec<String> = (0..12).map(|i| format!("c{i}")).collect();
    let _ = write!(
        text,
        "grid big \"Big\" by {} {{\n  {}: 1\n}}\n",
        keys.join(", "),
        ["o1"; 11].join(", ")
    );
    text
}

/// Charts until the text passes `bytes`.
fn many_charts(bytes: usize) -> String {
    let mut text = String::from(HEADER);
    let mut i = 0;
    while text.len() <= bytes {
        let _ = write!(
            text,
            "table t{i} \"T{i}\" {{\n  roll 2d6\n  rows {{ 7 or more => \"Hit\"  6 or less => \"Miss\" }}\n}}\n"
        );
        i += 1;
    }
    text
}

// ---------------------------------------------------------------------------
// Diagnostics never panic

#[test]
fn lib_a_million_column_line_renders() {
    library("lib_a_million_column_line_renders", || {
        let errors = Ruleset::from_str("g", &long_line(1_000_000)).expect_err("a syntax error");
        let out: String = errors
            .errors
            .iter()
            .map(|e| render(&errors.clipped(e)))
            .collect();
        assert!(out.contains("g:2:1000"), "{out}");
        assert!(out.len() < 10_000, "{}", out.len());
    });
}

#[test]
fn bin_a_million_column_line_renders() {
    let (_dir, path) = file("long.rules", long_line(1_000_000).as_bytes());
    let m = bin(&["check", &path], b"");
    m.within_bounds().fails_with("chartwright::parse::syntax");
    assert!(m.stderr().len() < 10_000);
}

#[test]
fn bin_deep_if_else_renders() {
    let (_dir, path) = file("deep.rules", deep_if_else().as_bytes());
    bin(&["check", &path], b"")
        .within_bounds()
        .fails_with("chartwright::parse::too_deep");
}

#[test]
fn bin_a_long_argument_renders() {
    // One argument may be at most 128 KiB (MAX_ARG_STRLEN).
    let word = format!("x{}", "=".repeat(100_000));
    bin(&["roll", "first_echelon", "bog_down", &word], b"").within_bounds();
}

// ---------------------------------------------------------------------------
// Grids

#[test]
fn lib_huge_grid_is_a_diagnostic() {
    library("lib_huge_grid_is_a_diagnostic", || {
        let errors = Ruleset::from_str("g", &huge_grid()).expect_err("too large");
        let codes: Vec<String> = errors
            .errors
            .iter()
            .map(|e| {
                miette::Diagnostic::code(e)
                    .map(|c| c.to_string())
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(codes, ["chartwright::compile::grid_too_large"]);
        // 50^12, exactly.
        assert!(
            errors.to_string().contains("244140625000000000000"),
            "{errors}"
        );
    });
}

#[test]
fn bin_huge_grid_is_a_diagnostic() {
    let (_dir, path) = file("grid.rules", huge_grid().as_bytes());
    bin(&["check", &path], b"")
        .within_bounds()
        .fails_with("chartwright::compile::grid_too_large");
}

// ---------------------------------------------------------------------------
// Input size

#[test]
fn lib_text_over_the_input_limit_is_a_diagnostic() {
    library("lib_text_over_the_input_limit_is_a_diagnostic", || {
        let limit = chartwright::Limits::default().max_input_bytes;
        let errors = Ruleset::from_str("g", &many_charts(limit)).expect_err("too large");
        assert!(
            matches!(errors.errors.as_slice(), [LoadError::TooLarge { .. }]),
            "{errors}"
        );
        // Under the limit, it loads.
        let mut b = RulesetBuilder::new();
        b.add_str("g", &many_charts(limit / 4));
        assert!(b.build().is_ok());
    });
}

#[test]
fn bin_a_100_mb_file_is_refused_before_reading() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("huge.rules");
    let f = std::fs::File::create(&path).expect("creates");
    f.set_len(100 * 1024 * 1024).expect("a sparse file");
    bin(&["check", &path.display().to_string()], b"")
        .within_bounds()
        .fails_with("chartwright::load::too_large");
}

#[test]
fn bin_charts_just_over_the_limit_are_refused() {
    let limit = chartwright::Limits::default().max_input_bytes;
    let (_dir, path) = file("over.rules", many_charts(limit).as_bytes());
    bin(&["check", &path], b"")
        .within_bounds()
        .fails_with("chartwright::load::too_large");
}

#[test]
fn bin_dev_zero_is_refused() {
    bin(&["check", "/dev/zero"], b"")
        .within_bounds()
        .fails_with("chartwright::load::too_large");
}

#[test]
fn bin_dev_urandom_is_refused() {
    bin(&["check", "/dev/urandom"], b"")
        .within_bounds()
        .fails_with("chartwright::load::too_large");
}

// ---------------------------------------------------------------------------
// The REPL

#[test]
fn bin_repl_a_million_character_line_is_a_diagnostic() {
    let mut line = b"roll bog_down ".to_vec();
    line.extend_from_slice(&vec![b'x'; 1_000_000]);
    bin(&["repl", "first_echelon"], &line)
        .within_bounds()
        .fails_with("chartwright::repl::line_too_long");
}

#[test]
fn bin_repl_goes_on_after_a_long_line() {
    let mut script = vec![b'x'; 100_000];
    script.extend_from_slice(b"\nroll bog_down tracked\n");
    let m = bin(&["repl", "first_echelon"], &script);
    m.within_bounds()
        .fails_with("chartwright::repl::line_too_long");
    assert!(String::from_utf8_lossy(&m.output.stdout).contains("Bog Down"));
}

// ---------------------------------------------------------------------------
// The engine (work budgets)

/// Charts that run away without work budgets.
const ENGINE: &str = r#"game "g" version "1"
opposed big "Big opposed roll" {
  sides att "A", def "D"
  roll 500d1000
  rows { 1 or more => "att wins"  0 or less => "def wins" }
}
pool two "Two-stage pool" {
  roll 1000d6
  count hits "hits" on at least 4
  per hits roll 1d6 count kills "kills" on at least 5
}
pool three "Three-stage pool" {
  roll 1000d6
  count hits "hits" on at least 4
  per hits roll 1d6 count kills "kills" on at least 5
  per kills roll 1d6 count deaths "deaths" on at least 3
}
table fan "Fan-out" { roll d6 rows { 1 or more => "x" then f1 then f1 then f1 then f1 then f1 then f1 then f1 then f1 } }
table f1 "F1" { roll d6 rows { 1 or more => "x" then f2 then f2 then f2 then f2 then f2 then f2 then f2 then f2 } }
table f2 "F2" { roll d6 rows { 1 or more => "x" then f3 then f3 then f3 then f3 then f3 then f3 then f3 then f3 } }
table f3 "F3" { roll d6 rows { 1 or more => "x" then f4 then f4 then f4 then f4 then f4 then f4 then f4 then f4 } }
table f4 "F4" { roll d6 rows { 1 or more => "x" then f5 then f5 then f5 then f5 then f5 then f5 then f5 then f5 } }
table f5 "F5" { roll d6 rows { 1 or more => "x" then f6 then f6 then f6 then f6 then f6 then f6 then f6 then f6 } }
table f6 "F6" { roll d6 rows { 1 or more => "x" then f7 then f7 then f7 then f7 then f7 then f7 then f7 then f7 } }
table f7 "F7" { roll d6 rows { 1 or more => "x" then f8 then f8 then f8 then f8 then f8 then f8 then f8 then f8 } }
table f8 "F8" { roll d6 rows { 1 or more => "x" then f9 then f9 then f9 then f9 then f9 then f9 then f9 then f9 } }
table f9 "F9" { roll d6 rows { 1 or more => "end" } }
"#;

/// The binary on a chart of [`ENGINE`]: ends within the bounds, with an
/// answer or a diagnostic.
fn engine(args: &[&str]) {
    let (_dir, path) = file("engine.rules", ENGINE.as_bytes());
    let mut all = vec![args[0], path.as_str()];
    all.extend_from_slice(&args[1..]);
    let m = bin(&all, b"");
    m.within_bounds();
    assert!(
        matches!(m.output.status.code(), Some(0 | 1)),
        "{}",
        m.stderr()
    );
}

/// Already bounded: 1,000 dice in all is over `max_dice`.
#[test]
fn bin_odds_of_a_big_opposed_roll() {
    engine(&["odds", "big"]);
}

#[test]
fn bin_odds_of_a_two_stage_pool() {
    engine(&["odds", "two"]);
}

#[test]
fn bin_odds_of_a_three_stage_pool() {
    engine(&["odds", "three"]);
}

#[test]
fn bin_rolling_a_three_stage_pool() {
    engine(&["roll", "three", "--seed", "1"]);
}

#[test]
fn bin_odds_of_a_follow_up_fan_out() {
    engine(&["odds", "fan"]);
}

#[test]
fn bin_rolling_a_follow_up_fan_out() {
    engine(&["roll", "fan", "--seed", "1"]);
}

#[test]
fn bin_a_wide_sweep() {
    engine(&["odds", "two", "--sweep", "-20..20"]);
}

#[test]
fn lib_odds_of_a_two_stage_pool() {
    library("lib_odds_of_a_two_stage_pool", || {
        let rules = Ruleset::from_str("g", ENGINE).expect("loads");
        let chart = rules.chart("two").expect("a chart");
        let _ = chart.odds(&chartwright::Choices::none());
    });
}

#[test]
fn lib_rolling_a_follow_up_fan_out() {
    library("lib_rolling_a_follow_up_fan_out", || {
        use rand::SeedableRng;
        let rules = Ruleset::from_str("g", ENGINE).expect("loads");
        let chart = rules.chart("fan").expect("a chart");
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
        let _ = chart.roll(&chartwright::Choices::none(), &mut rng);
    });
}
