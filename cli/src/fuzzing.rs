//! The fuzz harness bodies, in one place: the libFuzzer targets in
//! `fuzz/fuzz_targets/` call them on generated inputs, and the stable test
//! `cli/tests/fuzz_corpus.rs` calls them on every input checked in under
//! `fuzz/corpus/`, so CI runs them without nightly.
//!
//! Each body takes arbitrary bytes and must neither panic nor run away;
//! failures are diagnostics and are rendered (rendering is part of what is
//! tested). REPL lines go through the REPL's own executor.

use crate::render::{diagnostic, listing, table, trace};
use crate::repl::state::ReplState;
use chartwright::{Choices, Limits, Ruleset, RulesetBuilder};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::OnceLock;

/// Limits for fuzzing: the defaults scaled down so every input runs in
/// milliseconds (finding panics needs many runs; the limits themselves are
/// tested in `cli/tests/limits.rs`).
#[must_use]
pub fn limits() -> Limits {
    Limits::default()
        .with_max_dice(40)
        .with_max_sides(100)
        .with_max_follow_depth(8)
        .with_max_odds_states(100_000)
        .with_max_grid_cells(10_000)
        .with_max_input_bytes(64 * 1024)
        .with_max_table_span(10_000)
        .with_max_odds_work(10_000_000)
        .with_max_roll_dice(10_000)
        .with_max_follow_ups(1_000)
        .with_max_sweep_points(21)
        .with_max_situations(64)
}

/// The bundled games, as (short name, text): the mutation seeds.
pub fn seeds() -> impl Iterator<Item = (&'static str, &'static str)> {
    chartwright::bundled::names().filter_map(|n| Some((n, chartwright::bundled::source(n)?)))
}

/// What the fuzzers splice besides the grammar's keywords: numbers at the
/// ends of `i64` and past them, text as people type it, the options that
/// repeat work, dice, ranges, punctuation and a few phrases.
const EXTRAS: &[&str] = &[
    // Numbers at the ends of `i64`, and past them; many decimal places.
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775806",
    "-9223372036854775807",
    "9223372036854775808",
    "99999999999999999999",
    "0.0000000000000000000001",
    "1.500000000000000000000",
    // Text as people type it: a byte order mark, a bare carriage return, a
    // wide character.
    "\u{feff}",
    "\r",
    "突",
    // Command lines.
    "--sweep",
    "--times",
    "--across",
    // Dice, numbers and ranges.
    "d6",
    "2d6",
    "d10",
    "2d10",
    "d66",
    "3d6kh2",
    "d6!",
    "0d6",
    "1000d1000",
    "-1",
    "0",
    "13+",
    "7-8",
    "4,5",
    "1.5-1",
    "1-1.5",
    // Punctuation.
    "+",
    "-",
    "±r",
    "=>",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    "|",
    ",",
    ":",
    "..",
    "=",
    "<",
    ">",
    "<=",
    ">=",
    "\"",
    "\"\"\"",
    "#",
    "\n",
    // Phrases.
    "or more",
    "or less",
    "- =>",
    " \"3+ to 1\"",
    " if vm else ",
    "Prohibited",
    "change crt row 3 at 2-1 => DE",
];

/// The words [`mutate`] splices and `fuzz/rules.dict` holds (written from
/// them by `scripts/keywords.sh`): the grammar's keywords, then the
/// extras. At most 256, so that one byte of an edit can pick any.
pub fn words() -> impl Iterator<Item = &'static str> {
    chartwright::keywords::ALL.iter().chain(EXTRAS).copied()
}

/// Loads `text` with the fuzzing limits, rendering every error; then, for
/// every chart: show, bind with representative choices, odds, and seeded
/// rolls (traced and quick).
pub fn exercise_rules(text: &str) {
    let mut builder = RulesetBuilder::new().limits(limits());
    builder.add_str("fuzz", text);
    let rules = match builder.build() {
        Ok(r) => r,
        Err(e) => {
            let _ = diagnostic::load_errors(&e);
            return;
        }
    };
    let _ = listing::list(&rules);
    for chart in rules.charts() {
        let _ = chart.render();
        exercise_chart(&rules, chart, &chart.example_choices(), "");
    }
}

/// Binds, computes odds and rolls one chart, rendering what comes out.
fn exercise_chart(
    rules: &Ruleset,
    chart: chartwright::ChartRef<'_>,
    choices: &Choices,
    text: &str,
) {
    let bound = match chart.bind(choices) {
        Ok(b) => b,
        Err(e) => {
            let _ = diagnostic::roll_error(&e, rules, text, "arguments");
            return;
        }
    };
    match bound.odds() {
        Ok(o) => {
            let _ = table::odds(&o, None);
        }
        Err(e) => {
            let _ = diagnostic::roll_error(&e, rules, text, "arguments");
        }
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for _ in 0..4 {
        match bound.roll(&mut rng) {
            Ok(r) => {
                let _ = trace::roll(&r);
            }
            Err(e) => {
                let _ = diagnostic::roll_error(&e, rules, text, "arguments");
            }
        }
        if let Ok(q) = bound.roll_quick(&mut rng) {
            let _ = bound.describe(&q.outcome).to_string();
        }
    }
}

/// Target `load`: arbitrary bytes as a rules file.
pub fn load(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        exercise_rules(text);
    }
}

/// Target `mutate`: structure-aware. The first byte picks a file of
/// `rules/`; each following group of four bytes is an edit of it (splice a
/// grammar word, or a number in place of the number there; delete a run,
/// duplicate a run, or swap two runs) at a position the group gives. The
/// edited text then goes through [`exercise_rules`].
pub fn mutate(data: &[u8]) {
    let Some((&pick, edits)) = data.split_first() else {
        return;
    };
    let count = seeds().count().max(1);
    let spliced: Vec<&str> = words().collect();
    let Some((_, seed)) = seeds().nth(usize::from(pick) % count) else {
        return;
    };
    let mut text = seed.to_string();
    for e in edits.chunks_exact(4).take(64) {
        let at = boundary(
            &text,
            usize::from(u16::from_le_bytes([e[1], e[2]])) * text.len() / 65_536,
        );
        let run = usize::from(e[3] % 64);
        let end = boundary(&text, at + run);
        match e[0] % 4 {
            0 => {
                if let Some(word) = spliced.get(usize::from(e[3]) % spliced.len().max(1)) {
                    splice(&mut text, at, word);
                }
            }
            1 => text.replace_range(at..end, ""),
            2 => {
                let piece = text[at..end].to_string();
                text.insert_str(end, &piece);
            }
            _ => {
                let other = boundary(&text, usize::from(e[3]) * text.len() / 256);
                let (a, b) = (at.min(other), at.max(other));
                let b_end = boundary(&text, b + run.min(b - a));
                let first = text[a..boundary(&text, a + run.min(b - a))].to_string();
                let second = text[b..b_end].to_string();
                text.replace_range(b..b_end, &first);
                text.replace_range(a..a + first.len(), &second);
            }
        }
    }
    exercise_rules(&text);
}

/// Puts `word` into `text` at `at`: a number in place of the number
/// written there (a row's bound, a modifier's value, a die's sides become
/// `i64::MIN`), any other word inserted.
fn splice(text: &mut String, at: usize, word: &str) {
    let b = text.as_bytes();
    let numeric = word
        .bytes()
        .all(|c| c.is_ascii_digit() || c == b'-' || c == b'.');
    let digits = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    if numeric && digits(at) {
        let mut start = (0..at).rev().find(|&i| !digits(i)).map_or(0, |i| i + 1);
        if word.starts_with('-') && start > 0 && b[start - 1] == b'-' {
            start -= 1;
        }
        let end = (at..b.len()).find(|&i| !digits(i)).unwrap_or(b.len());
        text.replace_range(start..end, word);
    } else {
        text.insert_str(at, word);
    }
}

/// The nearest char boundary of `text` at or before `p`.
fn boundary(text: &str, p: usize) -> usize {
    let mut p = p.min(text.len());
    while !text.is_char_boundary(p) {
        p -= 1;
    }
    p
}

/// Every bundled game, loaded once with the fuzzing limits (as
/// `Ruleset::bundled`, which uses the defaults).
///
/// # Panics
///
/// If a bundled game does not load: the games are part of the build.
#[must_use]
pub fn bundled() -> &'static Ruleset {
    static RULES: OnceLock<Ruleset> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut b = RulesetBuilder::new().limits(limits());
        for name in chartwright::bundled::names() {
            b.add_path(name);
        }
        match b.build() {
            Ok(r) => r,
            Err(e) => panic!("the bundled games load: {e}"),
        }
    })
}

/// Target `roll_args`: arbitrary text as the roll-time arguments of every
/// bundled chart (parsed once, then bound, rolled and computed).
pub fn roll_args(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let rules = bundled();
    let choices = match Choices::parse(&text) {
        Ok(c) => c,
        Err(e) => {
            let _ = diagnostic::roll_error(&e, rules, &text, "arguments");
            return;
        }
    };
    for chart in rules.charts() {
        exercise_chart(rules, chart, &choices, &text);
    }
}

/// Target `repl`: arbitrary text as REPL lines, run by the state's
/// executor over every bundled game.
pub fn repl_lines(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut state = ReplState::new(bundled().clone(), 7);
    for line in text.split('\n').take(32) {
        // The fuzzer must not read or write the machine's files or devices:
        // `load` and `reload` are tested on the real binary in
        // cli/tests/limits.rs, `diff --html FILE` in cli/tests/variants.rs.
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or("");
        if word == "load" || word == "reload" || words.any(|w| w == "--html") {
            continue;
        }
        let reply = state.execute(line);
        if reply.quit {
            break;
        }
    }
}

/// Target `command_line`: arbitrary text as a command line (its words after
/// `chartwright`, at most 32) through the binary's own parser and commands:
/// `--sweep` ranges, `--times`, `diff` arguments, loose modifiers. Nothing
/// that writes files or reads standard input runs: `sheet`, `--html`,
/// `--svg`, the REPL (also the command line with no command), the
/// language server (it waits on standard input), and `-` as a file.
pub fn command_line(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let words: Vec<&str> = text.split_whitespace().take(32).collect();
    let writes = |w: &&str| {
        matches!(*w, "sheet" | "repl" | "lsp" | "-" | "--html" | "--svg")
            || w.starts_with("--html=")
            || w.starts_with("--svg=")
    };
    if words.iter().any(writes) {
        return;
    }
    let parsed =
        <crate::Cli as clap::Parser>::try_parse_from(std::iter::once("chartwright").chain(words));
    let Ok(cli) = parsed else {
        return;
    };
    if cli.command.is_some() {
        let _ = crate::run(cli);
    }
}

/// Target `lsp_edits`: arbitrary bytes as a run of edits to a bundled game
/// open in the language server (`chartwright lsp`, on an in-memory
/// connection), four bytes an edit (line, character, length, what is
/// typed), at most 24; after each, hover, completion and definition where
/// it was made. Every request must be answered within a minute and the
/// server must end at `shutdown`; a panic or a hang is a finding. The
/// document's folder does not exist, so a variant's base named in an edit
/// is looked for and not found.
///
/// # Panics
///
/// Where the server does not answer, stops early or panics: a finding.
pub fn lsp_edits(data: &[u8]) {
    use lsp_server::{Connection, Message, Notification, Request, RequestId};
    use serde_json::{json, Value};
    const TYPED: [&str; 12] = [
        "",
        "x",
        "}",
        "{",
        "\"",
        "\n",
        "é",
        "𝔡",
        " 2d6 ",
        "=> \"A\"",
        "#",
        "table t \"T\" {",
    ];
    let (server, client) = Connection::memory();
    let thread = std::thread::spawn(move || crate::lsp::serve(&server));
    let mut next = 0;
    let mut ask = |method: &str, params: Value| {
        next += 1;
        let id = RequestId::from(next);
        let request = Request::new(id.clone(), method.to_owned(), params);
        assert!(
            client.sender.send(Message::Request(request)).is_ok(),
            "the server stopped"
        );
        loop {
            match client
                .receiver
                .recv_timeout(std::time::Duration::from_secs(60))
            {
                Ok(Message::Response(r)) if r.id == id => return,
                Ok(_) => {}
                Err(e) => panic!("no answer to {method}: {e}"),
            }
        }
    };
    let tell = |method: &str, params: Value| {
        let n = Notification::new(method.to_owned(), params);
        assert!(
            client.sender.send(Message::Notification(n)).is_ok(),
            "the server stopped"
        );
    };
    ask("initialize", json!({ "capabilities": {} }));
    tell("initialized", json!({}));
    let uri = "file:///nonexistent-chartwright-fuzz/guns_of_august.rules";
    let text = chartwright::bundled::source("guns_of_august").unwrap_or_default();
    let doc = json!({ "uri": uri, "languageId": "chartwright", "version": 1, "text": text });
    tell("textDocument/didOpen", json!({ "textDocument": doc }));
    for (version, edit) in data.chunks_exact(4).take(24).enumerate() {
        let start = json!({ "line": edit[0] % 64, "character": edit[1] % 80 });
        let end = json!({ "line": edit[0] % 64, "character": edit[1] % 80 + edit[2] % 6 });
        let change = json!({ "range": { "start": start, "end": end }, "text": TYPED[usize::from(edit[3]) % TYPED.len()] });
        let document = json!({ "uri": uri, "version": version + 2 });
        tell(
            "textDocument/didChange",
            json!({ "textDocument": document, "contentChanges": [change] }),
        );
        let at = json!({ "textDocument": { "uri": uri }, "position": start });
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
        ] {
            ask(method, at.clone());
        }
    }
    ask("shutdown", Value::Null);
    tell("exit", Value::Null);
    drop(client);
    match thread.join() {
        Ok(ended) => assert!(ended.is_ok(), "the server ended with {ended:?}"),
        Err(p) => std::panic::resume_unwind(p),
    }
}

/// Target `format`: arbitrary bytes, as a rules file, laid out by
/// `chartwright::format`. A text that does not parse is refused with the
/// parser's own error; one that parses is formatted, formatting that again
/// changes nothing, and it means what the original did: the same outline
/// (each declaration's kind, name, owner, label and value) and, loaded with
/// the fuzzing limits, the same charts as `show` prints them (or the same
/// errors).
///
/// # Panics
///
/// Where any of that does not hold: a finding.
pub fn format(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > limits().max_input_bytes {
        return;
    }
    let source = chartwright::SourceId::new(0);
    let formatted = match chartwright::format(source, text) {
        Ok(formatted) => formatted,
        Err(refused) => {
            let parsed = chartwright::outline(source, text).err();
            assert_eq!(
                parsed.as_ref(),
                Some(&refused),
                "a text that parses was refused"
            );
            return;
        }
    };
    let again = chartwright::format(source, &formatted);
    assert_eq!(
        again.as_ref(),
        Ok(&formatted),
        "formatting twice changes the text"
    );
    assert_eq!(declared(text), declared(&formatted), "the outline changed");
    assert_eq!(shown(text), shown(&formatted), "the charts changed");
}

/// What a text declares, without where.
fn declared(text: &str) -> Vec<String> {
    chartwright::outline(chartwright::SourceId::new(0), text).map_or_else(
        |e| vec![e.to_string()],
        |o| {
            o.declarations
                .iter()
                .map(|d| {
                    format!(
                        "{:?} {} {:?} {} {:?}",
                        d.kind, d.name, d.owner, d.label, d.value
                    )
                })
                .collect()
        },
    )
}

/// Every chart of a text as `show` prints it, or its load errors.
fn shown(text: &str) -> Vec<String> {
    let mut builder = RulesetBuilder::new().limits(limits());
    builder.add_str("fuzz", text);
    match builder.build() {
        Ok(rules) => rules.charts().map(|c| c.render()).collect(),
        Err(e) => e.errors.iter().map(ToString::to_string).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::{splice, words};

    #[test]
    fn one_byte_picks_any_word() {
        assert!(words().count() <= 256);
    }

    #[test]
    fn a_number_replaces_the_number_it_lands_in() {
        let mut text = "rows { -5 or less => \"a\" }".to_string();
        splice(&mut text, 8, "-9223372036854775808");
        assert_eq!(text, "rows { -9223372036854775808 or less => \"a\" }");
        splice(&mut text, 0, "9223372036854775807");
        assert_eq!(
            text,
            "9223372036854775807rows { -9223372036854775808 or less => \"a\" }"
        );
        let mut text = "d6 + 12".to_string();
        splice(&mut text, 5, "0");
        assert_eq!(text, "d6 + 0");
        splice(&mut text, 1, "then");
        assert_eq!(text, "dthen6 + 0");
    }
}
