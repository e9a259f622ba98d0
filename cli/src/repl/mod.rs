//! The REPL: where a player rolls at the table.
//!
//! On a terminal, lines are edited with rustyline: completion, hints,
//! highlighting, and history kept across runs. Otherwise (a script piped
//! in), lines are read one by one without prompts, and the exit code says
//! whether any failed.
//!
//! - `command`: a typed line → [`command::Command`] (pure).
//! - `line`: a line's own problems (too long, an unknown command), as
//!   diagnostics.
//! - `state`: the state, and running a command → text to print.
//! - `complete`: the editor's completion, hints and highlighting.

mod command;
mod complete;
mod line;
pub(crate) mod state;

use rustyline::config::{ColorMode, CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{
    Cmd, ConditionalEventHandler, Editor, Event, EventContext, EventHandler, KeyCode, KeyEvent,
    Modifiers, RepeatCount,
};
use state::{ReplState, Reply};
use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const PROMPT: &str = "chartwright> ";

/// Runs the REPL with the rules given (every bundled game if none).
pub fn run(paths: &[PathBuf]) -> Result<(), ExitCode> {
    let (ruleset, problems) = state::initial_rules(paths);
    if let Some(p) = &problems {
        anstream::eprint!("{p}");
    }
    let mut state = ReplState::new(ruleset, start_seed());
    if std::io::stdin().is_terminal() {
        match terminal(&mut state) {
            Ok(()) => return Ok(()),
            Err(e) => anstream::eprintln!("warning: no line editing ({e}); reading lines plainly"),
        }
    }
    if script(&mut state) && problems.is_none() {
        Ok(())
    } else {
        Err(ExitCode::from(1))
    }
}

/// The seed from `CHARTWRIGHT_SEED`, or one from the OS.
fn start_seed() -> u64 {
    if let Some(v) = std::env::var_os("CHARTWRIGHT_SEED") {
        match v.to_str().and_then(|s| s.trim().parse::<u64>().ok()) {
            Some(n) => return n,
            None => anstream::eprintln!(
                "warning: CHARTWRIGHT_SEED={} is not a whole number; seeding from the system",
                v.to_string_lossy()
            ),
        }
    }
    rand::RngCore::next_u64(
        &mut <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::from_os_rng(),
    )
}

fn show(reply: &Reply) {
    if !reply.out.is_empty() {
        anstream::print!("{}", reply.out);
    }
    if !reply.err.is_empty() {
        anstream::eprint!("{}", reply.err);
    }
}

/// Reads lines from standard input; true when none failed. A line longer
/// than [`line::MAX_LINE`] is not kept: it is skipped to its end and
/// reported, so memory stays bounded whatever comes in.
fn script(state: &mut ReplState) -> bool {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut ok = true;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match read_line(&mut input, &mut buf) {
            Ok(Line::End) => break,
            Ok(Line::Text) => {}
            Ok(Line::TooLong(len)) => {
                anstream::eprint!("{}", line::line_too_long(Some(len)));
                ok = false;
                continue;
            }
            Err(e) => {
                anstream::eprintln!("error: cannot read standard input: {e}");
                return false;
            }
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim_end_matches(['\n', '\r']);
        let reply = state.execute(line);
        show(&reply);
        ok &= !reply.failed;
        if reply.quit {
            break;
        }
    }
    ok
}

/// What [`read_line`] read.
enum Line {
    /// A line, in the buffer.
    Text,
    /// A line of this many bytes, over [`line::MAX_LINE`], skipped.
    TooLong(usize),
    /// The end of the input.
    End,
}

/// Reads one line into `buf`, keeping at most [`line::MAX_LINE`] bytes
/// of it (and its line break).
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Line> {
    let mut len = 0usize;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(if len == 0 {
                Line::End
            } else if len > line::MAX_LINE + 2 {
                Line::TooLong(len)
            } else {
                Line::Text
            });
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if len + take <= line::MAX_LINE + 2 {
            buf.extend_from_slice(&chunk[..take]);
        }
        len += take;
        input.consume(take);
        if done {
            return Ok(if len > line::MAX_LINE + 2 {
                Line::TooLong(len)
            } else {
                Line::Text
            });
        }
    }
}

/// Refuses typed characters once the line holds [`line::MAX_LINE`]
/// bytes, and notes that it did, so the line is reported rather than run.
struct LineBound {
    cut: Arc<AtomicBool>,
}

impl ConditionalEventHandler for LineBound {
    fn handle(&self, evt: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        let KeyEvent(KeyCode::Char(_), m) = evt.get(0)? else {
            return None;
        };
        if m.intersects(Modifiers::CTRL | Modifiers::ALT) || ctx.line().len() < line::MAX_LINE {
            return None;
        }
        self.cut.store(true, Ordering::Relaxed);
        Some(Cmd::Noop)
    }
}

/// Where history is kept: `CHARTWRIGHT_HISTORY`, or the user's data folder.
fn history_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHARTWRIGHT_HISTORY") {
        if !p.is_empty() {
            return Some(PathBuf::from(p));
        }
    }
    Some(dirs::data_dir()?.join("chartwright").join("history.txt"))
}

/// The interactive loop on a terminal.
fn terminal(state: &mut ReplState) -> rustyline::Result<()> {
    let colour = std::env::var_os("NO_COLOR").is_none();
    let config = Config::builder()
        .max_history_size(1000)?
        .history_ignore_dups(true)?
        .history_ignore_space(true)
        .completion_type(CompletionType::List)
        // Pasted text comes in key by key, so the line bound below sees it
        // (a bracketed paste is read whole, however large).
        .bracketed_paste(false)
        .auto_add_history(false)
        .color_mode(if colour {
            ColorMode::Enabled
        } else {
            ColorMode::Disabled
        })
        .build();
    let mut rl: Editor<complete::ReplHelper, DefaultHistory> = Editor::with_config(config)?;
    rl.set_helper(Some(complete::ReplHelper::new(state.ruleset())));
    let cut = Arc::new(AtomicBool::new(false));
    rl.bind_sequence(
        Event::Any,
        EventHandler::Conditional(Box::new(LineBound { cut: cut.clone() })),
    );
    let mut history = history_path().filter(|p| match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => match std::fs::create_dir_all(d) {
            Ok(()) => true,
            Err(e) => {
                anstream::eprintln!(
                    "warning: cannot keep history in {}: {e}; going on without it",
                    p.display()
                );
                false
            }
        },
        _ => true,
    });
    if let Some(p) = &history {
        // A missing file is the first run; an unreadable one is started afresh.
        let _ = rl.load_history(p);
    }
    let r = state.ruleset();
    anstream::println!(
        "chartwright {} — {} game(s), {} chart(s). `help` lists the commands; Tab completes; Ctrl-D leaves.",
        env!("CARGO_PKG_VERSION"),
        r.games().count(),
        r.charts().count()
    );
    loop {
        match rl.readline(PROMPT) {
            Ok(_) if cut.swap(false, Ordering::Relaxed) => {
                anstream::eprint!("{}", line::line_too_long(None));
            }
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = rl.add_history_entry(line.as_str());
                    if let Some(p) = &history {
                        if let Err(e) = rl.save_history(p) {
                            anstream::eprintln!(
                                "warning: cannot keep history in {}: {e}; going on without it",
                                p.display()
                            );
                            history = None;
                        }
                    }
                }
                let reply = state.execute(&line);
                show(&reply);
                if reply.quit {
                    break;
                }
                if let Some(h) = rl.helper_mut() {
                    h.update(state.ruleset());
                }
            }
            Err(ReadlineError::Interrupted) => {}
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
