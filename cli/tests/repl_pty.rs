//! The REPL in a pseudo-terminal, as a player uses it: prompt, Tab
//! completion, hints, history across runs, Ctrl-C and Ctrl-D.

use rexpect::process::wait::WaitStatus;
use rexpect::reader::Options;
use rexpect::session::{spawn_with_options, PtySession};
use std::path::Path;

/// A fresh, empty prompt. The editor redraws the prompt with the line on
/// every key, so waiting for the prompt text alone could match a redraw of
/// the line being typed; an empty line is followed at once by a carriage
/// return.
const PROMPT: &str = "chartwright> \r";
const UP: &str = "\x1b[A";

/// The REPL over `first_echelon` in a pty, with its history in `history`.
fn start(history: &Path) -> PtySession {
    let mut c = crate::common::command();
    c.args(["repl", "first_echelon"])
        .env("NO_COLOR", "1")
        .env("TERM", "xterm-256color")
        .env("CHARTWRIGHT_SEED", "1")
        .env("CHARTWRIGHT_HISTORY", history);
    // The editor's redraws are matched raw: rexpect's escape stripping does
    // not know every sequence rustyline writes (synchronized updates).
    let opts = Options::new()
        .timeout_ms(Some(10_000))
        .strip_ansi_escape_codes(false);
    let mut p = spawn_with_options(c, opts).expect("spawn the REPL in a pty");
    p.exp_string(PROMPT).expect("the prompt");
    p
}

/// Types keys (flushed: rexpect buffers what it sends).
fn keys(p: &mut PtySession, text: &str) {
    p.send(text).expect("send keys");
    p.flush().expect("flush keys");
}

/// Types a line and Enter.
fn line(p: &mut PtySession, text: &str) {
    keys(p, &format!("{text}\r"));
}

/// Ctrl-D at the prompt: the REPL leaves with status 0.
fn leave(mut p: PtySession) {
    p.send_control('d').expect("Ctrl-D");
    p.exp_eof().expect("the REPL ends");
    match p.process().wait() {
        Ok(WaitStatus::Exited(_, code)) => assert_eq!(code, 0),
        other => panic!("unexpected end: {other:?}"),
    }
}

#[test]
fn rolls_at_the_prompt() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut p = start(&dir.path().join("history.txt"));
    line(&mut p, "roll bog_down tracked");
    p.exp_string("Bog Down Table").expect("the trace");
    p.exp_string("[tracked]").expect("the modifier");
    p.exp_string("=> ").expect("the outcome");
    p.exp_string(PROMPT).expect("the prompt again");
    // A bad line is a diagnostic, and the REPL goes on.
    line(&mut p, "roll bog_down trackd");
    p.exp_string("did you mean `tracked`?")
        .expect("a suggestion");
    p.exp_string(PROMPT).expect("the prompt again");
    leave(p);
}

#[test]
fn tab_completes_commands_charts_modifiers_and_options() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut p = start(&dir.path().join("history.txt"));
    // Command, chart, modifier: each completed by Tab.
    keys(&mut p, "rol\t");
    p.exp_string("roll ").expect("command completed");
    keys(&mut p, "bog_d\t");
    p.exp_string("bog_down ").expect("chart completed");
    keys(&mut p, "half\t");
    p.exp_string("half_tracked").expect("modifier completed");
    keys(&mut p, "\r");
    p.exp_string("[half_tracked]").expect("rolled with it");
    p.exp_string(PROMPT).expect("prompt");
    // A parameter name, then a choice's option after `name=`.
    keys(&mut p, "manoeuvre unit_r\t");
    p.exp_string("unit_rating=").expect("parameter completed");
    keys(&mut p, "vet\t");
    p.exp_string("veteran").expect("option completed");
    keys(&mut p, "order_status=sup\t\r");
    p.exp_string("Manoeuvre Table").expect("rolled");
    p.exp_string(PROMPT).expect("prompt");
    line(&mut p, "history");
    p.exp_string("roll bog_down half_tracked")
        .expect("completed line in history");
    p.exp_string("manoeuvre unit_rating=veteran order_status=suppressed")
        .expect("completed options in history");
    p.exp_string(PROMPT).expect("prompt");
    leave(p);
}

#[test]
fn hints_the_rest_of_a_unique_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut p = start(&dir.path().join("history.txt"));
    keys(&mut p, "roll bog_down currently_b");
    p.exp_string("ogged").expect("the hint");
    // Right arrow takes the hint.
    keys(&mut p, "\x1b[C\r");
    p.exp_string("[currently_bogged]")
        .expect("rolled with the hinted name");
    p.exp_string(PROMPT).expect("prompt");
    leave(p);
}

#[test]
fn ctrl_c_cancels_the_line_and_ctrl_d_leaves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut p = start(&dir.path().join("history.txt"));
    keys(&mut p, "roll bog_down tracked");
    p.send_control('c').expect("Ctrl-C");
    p.exp_string(PROMPT).expect("a fresh prompt");
    line(&mut p, "history");
    p.exp_string(PROMPT).expect("prompt");
    line(&mut p, "seed");
    let before = p.exp_string("seed 1").expect("seed shown");
    assert!(
        !before.contains("Bog Down Table"),
        "the cancelled line did not run: {before}"
    );
    p.exp_string(PROMPT).expect("prompt");
    leave(p);
}

#[test]
fn quit_leaves_too() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut p = start(&dir.path().join("history.txt"));
    line(&mut p, "quit");
    p.exp_eof().expect("the REPL ends");
}

#[test]
fn history_is_kept_across_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("deeper").join("history.txt");
    let mut p = start(&file);
    line(&mut p, "seed 4242");
    p.exp_string("seed 4242").expect("reseeded");
    p.exp_string(PROMPT).expect("prompt");
    leave(p);
    let kept = std::fs::read_to_string(&file).expect("the history file, folder created");
    assert!(kept.contains("seed 4242"), "{kept}");

    // The next run recalls it with the up arrow.
    let mut p = start(&file);
    keys(&mut p, UP);
    p.exp_string("seed 4242").expect("recalled");
    keys(&mut p, "\r");
    p.exp_string("seed 4242").expect("ran again");
    p.exp_string(PROMPT).expect("prompt");
    leave(p);
}

#[test]
fn an_unwritable_history_is_no_obstacle() {
    let dir = tempfile::tempdir().expect("tempdir");
    let blocker = dir.path().join("a_file");
    std::fs::write(&blocker, "not a folder").expect("write");
    let mut p = start(&blocker.join("history.txt"));
    line(&mut p, "roll bog_down tracked");
    p.exp_string("[tracked]").expect("rolled");
    p.exp_string(PROMPT).expect("prompt");
    leave(p);
}
