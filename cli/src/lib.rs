//! The `chartwright` command: check, list, show, roll and compute the odds
//! of charts, or play at the table in the REPL (the default). A thin layer
//! over the library's public API; the binary (`src/main.rs`) only calls
//! [`main`]. [`fuzzing`] holds the fuzz harness bodies, which the fuzz
//! targets and the CLI's tests call.

#![forbid(unsafe_code)]

mod completions;
mod diff;
pub mod fuzzing;
mod json;
mod output;
mod repl;
mod sheet;
mod stdin;

use chartwright::{LoadErrors, Ruleset, RulesetBuilder};
use clap::{Parser, Subcommand};
// At the crate root, where the REPL finds them.
use output::{list, list_chart, sweep_table};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Roll, check and compute the odds of the charts of tabletop wargames.
///
/// RULES is a `.rules` file, a folder of them, or a bundled game's short
/// name (`first_echelon`, `battalion_combat_series`, `command_decision`,
/// `cold_war_quick_reference`, `ogre`, `guns_of_august`). With no command,
/// starts the REPL with every bundled game loaded.
#[derive(Parser, Debug)]
#[command(name = "chartwright", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check rules files for errors (exit 0 when clean, 1 on any error).
    Check {
        /// Files, folders or bundled game names.
        #[arg(required = true)]
        rules: Vec<PathBuf>,
    },
    /// List the charts, their dice, modifiers and parameters.
    List {
        /// A file, folder or bundled game name.
        rules: PathBuf,
        /// Only this chart.
        chart: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Show a chart as a table, as on the sheet.
    Show {
        /// A file, folder or bundled game name.
        rules: PathBuf,
        /// The chart's name.
        chart: String,
    },
    /// Roll a chart and print the trace.
    Roll {
        /// A file, folder or bundled game name.
        rules: PathBuf,
        /// The chart's name.
        chart: String,
        /// Modifiers and choices: `tracked`, `bog_down_rating=-1`, or a
        /// loose extra modifier such as `+2` or `-1`.
        #[arg(allow_negative_numbers = true)]
        choices: Vec<String>,
        /// Seed for the dice: the same seed gives the same rolls everywhere.
        #[arg(long)]
        seed: Option<u64>,
        /// Roll this many times (1 to 1000000, all within one work
        /// budget: a roll of more than 42 dice or with follow-ups may end
        /// the batch sooner, with `over_budget`) and show the frequencies
        /// beside the exact odds.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=u64::from(chartwright::MAX_BATCH_ROLLS)))]
        times: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// The exact odds of every outcome of a chart.
    Odds {
        /// A file, folder or bundled game name.
        rules: PathBuf,
        /// The chart's name.
        chart: String,
        /// Modifiers and choices: `tracked`, `bog_down_rating=-1`, or a
        /// loose extra modifier such as `+2` or `-1`.
        #[arg(allow_negative_numbers = true)]
        choices: Vec<String>,
        /// Show the odds against an extra net modifier from A to B (`-3..3`),
        /// a named parameter from A to B (`bog_down_rating=-3..3`), or at
        /// each value of one input that changes them (`attack`).
        #[arg(long, allow_hyphen_values = true)]
        sweep: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Also draw the odds as a bar chart into this SVG file.
        #[arg(long, value_name = "FILE", conflicts_with = "sweep")]
        svg: Option<PathBuf>,
    },
    /// Check every `expect` line (exit 0 when all hold, 1 on any failure).
    Test {
        /// Files, folders or bundled game names (default: every bundled game).
        rules: Vec<PathBuf>,
    },
    /// Write a printable reference sheet: one self-contained HTML page with
    /// every chart (or the charts named) and a picture of each one's odds.
    Sheet {
        /// A file, folder or bundled game name.
        rules: PathBuf,
        /// The charts to include, in order (default: every chart); more
        /// `.rules` files or folders given here are loaded with RULES, one
        /// page for them all.
        charts: Vec<String>,
        /// Write the page to this file instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Print a shell completion script (see the README to install it).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), for `man -l` or a man directory.
    Man,
    /// What a variant does to the odds: each outcome's exact probability in
    /// the base and in the variant, and the change in percentage points.
    /// Without CHART, every chart that differs, with its largest change.
    Diff {
        /// The base: a file or a bundled game name.
        base: PathBuf,
        /// The variant: a file or a bundled game name.
        variant: PathBuf,
        /// The chart's name, then modifiers and choices (`tracked`,
        /// `bog_down_rating=-1`).
        #[arg(allow_negative_numbers = true)]
        chart_and_choices: Vec<String>,
        /// Rank every situation of the chart (options, flags on and off,
        /// params over their bounds) by the largest change.
        #[arg(long)]
        across: bool,
        /// The change against a named parameter from A to B (`NAME=-3..3`).
        #[arg(long, allow_hyphen_values = true)]
        sweep: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Also write the comparison as a self-contained HTML page (bars
        /// side by side): of CHART, or of every chart that differs.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["across", "sweep"])]
        html: Option<PathBuf>,
    },
    /// Print a bundled game's `.rules` text, to start a variant from.
    Source {
        /// A bundled game's short name.
        game: String,
    },
    /// Start the interactive REPL with the given rules (default: every bundled game).
    Repl {
        /// Files, folders or bundled game names.
        rules: Vec<PathBuf>,
    },
}

/// Writes to standard output; a closed pipe (`| head`) ends the program
/// quietly instead of panicking.
fn emit(text: &str) {
    use std::io::Write;
    let mut out = anstream::stdout();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// Writes bytes to standard output as they are (no colour stripping).
fn emit_bytes(bytes: &[u8]) {
    use std::io::Write;
    let mut out = std::io::stdout();
    if out.write_all(bytes).and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

fn load(paths: &[PathBuf]) -> Result<Ruleset, LoadErrors> {
    let mut b = RulesetBuilder::new();
    for p in paths {
        if !stdin::add_if_dash(&mut b, p) {
            b.add_path(p);
        }
    }
    b.build()
}

fn load_or_report(paths: &[PathBuf]) -> Result<Ruleset, ExitCode> {
    load(paths).map_err(|e| {
        anstream::eprint!("{}", output::load_errors(&e));
        ExitCode::from(1)
    })
}

/// Runs the command line in `std::env::args` and says how it ended.
#[must_use]
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

#[allow(clippy::too_many_lines)] // one match arm per subcommand
fn run(cli: Cli) -> Result<(), ExitCode> {
    match cli.command {
        None => repl::run(&[]),
        Some(Command::Repl { rules }) => repl::run(&rules),
        Some(Command::Check { rules }) => {
            let ruleset = load_or_report(&rules)?;
            let charts = ruleset.charts().count();
            let games = ruleset.games().count();
            anstream::eprintln!("ok: {games} game(s), {charts} chart(s), no errors");
            Ok(())
        }
        Some(Command::Test { rules }) => {
            let ruleset = if rules.is_empty() {
                Ruleset::bundled().map_err(|e| {
                    anstream::eprint!("{}", output::load_errors(&e));
                    ExitCode::from(1)
                })?
            } else {
                load_or_report(&rules)?
            };
            let report = chartwright::check_expectations(&ruleset);
            anstream::eprint!("{}", output::expect_report(&report, &ruleset));
            if report.passed() {
                Ok(())
            } else {
                Err(ExitCode::from(1))
            }
        }
        Some(Command::List { rules, chart, json }) => {
            let ruleset = load_or_report(&[rules])?;
            let only = chart
                .map(|name| {
                    ruleset.chart(&name).map_err(|e| {
                        anstream::eprint!("{}", output::plain_error(&e));
                        ExitCode::from(1)
                    })
                })
                .transpose()?;
            match (only, json) {
                (only, true) => emit(&json::text(json::list(&ruleset, only.as_ref()))),
                (Some(chart), false) => emit(&list_chart(&chart)),
                (None, false) => emit(&list(&ruleset)),
            }
            Ok(())
        }
        Some(Command::Show { rules, chart }) => {
            let ruleset = load_or_report(&[rules])?;
            let chart = ruleset.chart(&chart).map_err(|e| {
                anstream::eprint!("{}", output::plain_error(&e));
                ExitCode::from(1)
            })?;
            emit(&output::show(&chart));
            Ok(())
        }
        Some(Command::Roll {
            rules,
            chart,
            choices,
            seed,
            times,
            json,
        }) => {
            let ruleset = load_or_report(&[rules])?;
            roll(&ruleset, &chart, &choices, seed, times, json)
        }
        Some(Command::Diff {
            base,
            variant,
            chart_and_choices,
            across,
            sweep,
            json,
            html,
        }) => run_diff(
            &base,
            &variant,
            &chart_and_choices,
            across,
            sweep.as_deref(),
            json,
            html.as_deref(),
        ),
        Some(Command::Source { game }) => {
            let text = diff::source(&game).map_err(|e| {
                anstream::eprint!("{e}");
                ExitCode::from(1)
            })?;
            emit(text);
            Ok(())
        }
        Some(Command::Odds {
            rules,
            chart,
            choices,
            sweep,
            json,
            svg,
        }) => {
            let ruleset = load_or_report(&[rules])?;
            odds(
                &ruleset,
                &chart,
                &choices,
                sweep.as_deref(),
                json,
                svg.as_deref(),
            )
        }
        Some(Command::Sheet {
            rules,
            charts,
            output,
        }) => {
            // `sheet a.rules b.rules`: both files on one page.
            let (more, charts): (Vec<String>, Vec<String>) = charts.into_iter().partition(|c| {
                let path = std::path::Path::new(c);
                let rules = path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("rules"));
                path.is_dir() || (rules && path.is_file())
            });
            let mut files = vec![rules];
            files.extend(more.into_iter().map(PathBuf::from));
            let ruleset = load_or_report(&files)?;
            sheet::sheet(&ruleset, &charts, output.as_deref())
        }
        Some(Command::Completions { shell }) => {
            use clap::CommandFactory;
            emit_bytes(&completions::completions(shell, Cli::command()));
            Ok(())
        }
        Some(Command::Man) => {
            use clap::CommandFactory;
            emit_bytes(&completions::man(&Cli::command())?);
            Ok(())
        }
    }
}

fn run_diff(
    base: &std::path::Path,
    variant: &std::path::Path,
    words: &[String],
    across: bool,
    sweep: Option<&str>,
    json: bool,
    html: Option<&std::path::Path>,
) -> Result<(), ExitCode> {
    let fail = |e: String| {
        anstream::eprint!("{e}");
        ExitCode::from(1)
    };
    let sweep = match sweep.map(diff::parse_sweep) {
        None => None,
        Some(Some(diff::Sweep::Named(n, a, b))) => Some((n, a, b)),
        Some(_) => {
            anstream::eprintln!(
                "error: --sweep takes NAME=A..B with A <= B, such as `bog_down_rating=-3..3`"
            );
            return Err(ExitCode::from(2));
        }
    };
    let base_rules = load_or_report(&[base.to_path_buf()])?;
    let variant_rules = load_or_report(&[variant.to_path_buf()])?;
    let b = diff::Side::only(&base_rules, "base").map_err(fail)?;
    let v = diff::Side::only(&variant_rules, "variant").map_err(fail)?;
    let (chart, choices) = match words.split_first() {
        Some((c, rest)) => (Some(c.as_str()), rest.join(" ")),
        None => (None, String::new()),
    };
    let req = diff::Request {
        chart,
        choices: &choices,
        across,
        sweep,
        json,
    };
    // One budget for the whole command: the diff and the page it writes.
    let mut budget = chartwright::Budget::new(v.rules.limits());
    let text = diff::run(&b, &v, &req, &mut budget).map_err(fail)?;
    if let Some(path) = html {
        let page = diff::page(&b, &v, chart, &choices, &mut budget).map_err(fail)?;
        sheet::html(&page, path)?;
        if path == std::path::Path::new("-") {
            // The page is the output.
            return Ok(());
        }
    }
    emit(&text);
    Ok(())
}

/// A chart and the choices typed for it, parsed once for `roll` and `odds`.
struct Request<'r> {
    ruleset: &'r Ruleset,
    chart: chartwright::ChartRef<'r>,
    choices: chartwright::Choices,
    /// Loose `+N` / `-N` words, summed.
    extra: i64,
    /// The choices as typed, for pointing diagnostics into them.
    text: String,
}

impl<'r> Request<'r> {
    fn new(ruleset: &'r Ruleset, chart: &str, words: &[String]) -> Result<Self, ExitCode> {
        let report = |e: &chartwright::RollError, text: &str| {
            anstream::eprint!("{}", output::roll_error(e, ruleset, text, "arguments"));
            ExitCode::from(1)
        };
        let chart = ruleset.chart(chart).map_err(|e| report(&e, ""))?;
        let text = words.join(" ");
        let (choices, extra) =
            chartwright::Choices::parse_with_extra(&text).map_err(|e| report(&e, &text))?;
        Ok(Self {
            ruleset,
            chart,
            choices,
            extra,
            text,
        })
    }

    /// Prints a roll error against the typed choices; exit status 1.
    fn fail(&self, e: &chartwright::RollError) -> ExitCode {
        anstream::eprint!(
            "{}",
            output::roll_error(e, self.ruleset, &self.text, "arguments")
        );
        ExitCode::from(1)
    }
}

fn roll(
    ruleset: &Ruleset,
    chart: &str,
    words: &[String],
    seed: Option<u64>,
    times: u64,
    json: bool,
) -> Result<(), ExitCode> {
    let req = Request::new(ruleset, chart, words)?;
    let fail = |e: &chartwright::RollError| req.fail(e);
    let (chart, extra) = (req.chart, req.extra);
    let bound = chart
        .bind(&req.choices)
        .and_then(|b| b.with_extra_modifier(extra))
        .map_err(|e| fail(&e))?;
    let mut rng = match seed {
        Some(s) => Xoshiro256PlusPlus::seed_from_u64(s),
        None => Xoshiro256PlusPlus::from_os_rng(),
    };
    if times <= 1 {
        let r = bound.roll(&mut rng).map_err(|e| fail(&e))?;
        if json {
            emit(&json::text(chartwright::json::roll(&r)));
        } else {
            emit(&output::roll(&r));
        }
        return Ok(());
    }
    // Every roll, and the exact odds beside them, within one budget.
    let mut budget = chartwright::Budget::new(ruleset.limits());
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for _ in 0..times {
        let r = bound.roll_in(&mut rng, &mut budget).map_err(|e| fail(&e))?;
        *counts.entry(r.summary()).or_default() += 1;
    }
    let observed: Vec<(String, u64)> = counts.into_iter().collect();
    if json {
        emit(&json::text(chartwright::json::observed(
            &chart.qualified_name(),
            times,
            &observed,
        )));
        return Ok(());
    }
    match bound
        .odds_in(&mut budget)
        .and_then(|o| budget.charge_answer(&o).map(|()| o))
    {
        Ok(o) => emit(&output::odds(&o, Some((&observed, times)))),
        Err(_) => {
            for (o, c) in &observed {
                emit(&format!(
                    "  {o}  {:.2}%\n",
                    *c as f64 * 100.0 / times as f64
                ));
            }
        }
    }
    Ok(())
}

fn odds(
    ruleset: &Ruleset,
    chart: &str,
    words: &[String],
    sweep: Option<&str>,
    json: bool,
    svg: Option<&std::path::Path>,
) -> Result<(), ExitCode> {
    let req = Request::new(ruleset, chart, words)?;
    let fail = |e: &chartwright::RollError| req.fail(e);
    let (chart, choices, extra) = (req.chart, &req.choices, req.extra);
    let by_name = match sweep.and_then(diff::parse_sweep) {
        Some(diff::Sweep::Named(name, a, b)) => {
            Some(diff::odds_sweep(&chart, choices, extra, &name, a, b, json))
        }
        Some(diff::Sweep::Steps(name)) => {
            Some(diff::odds_steps(&chart, choices, extra, &name, json))
        }
        _ => None,
    };
    if let Some(result) = by_name {
        let text = result.map_err(|e| match e {
            Ok(message) => {
                anstream::eprint!("{message}");
                ExitCode::from(1)
            }
            Err(e) => fail(&e),
        })?;
        emit(&text);
        return Ok(());
    }
    if let Some(range) = sweep {
        let Some(diff::Sweep::Loose(a, b)) = diff::parse_sweep(range) else {
            anstream::eprintln!(
                "error: --sweep takes A..B with A <= B (a loose net modifier, such as -3..3), \
                 NAME=A..B (a parameter, such as bog_down_rating=-3..3), or NAME alone (each \
                 value at which the chart changes)"
            );
            return Err(ExitCode::from(2));
        };
        let mut budget = chartwright::Budget::new(ruleset.limits());
        let columns = chart
            .bind(choices)
            .and_then(|bound| {
                bound.sweep_in(
                    extra.saturating_add(a)..=extra.saturating_add(b),
                    &mut budget,
                )
            })
            .map_err(|e| fail(&e))?;
        if json {
            emit(&json::text(chartwright::json::modifier_sweep(
                &chart.qualified_name(),
                &columns,
            )));
        } else {
            emit(&sweep_table(&columns));
        }
        return Ok(());
    }
    let mut budget = chartwright::Budget::new(ruleset.limits());
    let o = chart
        .bind(choices)
        .and_then(|b| b.with_extra_modifier(extra)?.odds_in(&mut budget))
        .and_then(|o| budget.charge_answer(&o).map(|()| o))
        .map_err(|e| fail(&e))?;
    if let Some(path) = svg {
        let typed = choices.text().trim();
        let situation = if extra == 0 {
            typed.to_owned()
        } else {
            format!("{typed} {extra:+}").trim().to_owned()
        };
        let situation = if situation.is_empty() {
            "with no modifiers".to_owned()
        } else {
            format!("with {situation}")
        };
        sheet::svg(&o, chart.title(), &situation, path)?;
    }
    if json {
        emit(&json::text(chartwright::json::odds(&o)));
    } else {
        emit(&output::odds(&o, None));
    }
    Ok(())
}
