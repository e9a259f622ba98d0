//! `chartwright lsp`'s quick fixes, code lenses and the hovers on `expect`
//! lines and a variant's changes, end to end through the in-memory
//! connection (the client of `lsp.rs`). Each fix is applied here, the plain
//! way, and the text sent back must load; the odds shown are worked by
//! hand.

use crate::lsp::{at, Client, BROKEN, URI};
use serde_json::{json, Value};

/// The quick fixes offered at a range.
fn actions(client: &mut Client, uri: &str, range: &Value) -> Vec<Value> {
    let p =
        json!({ "textDocument": { "uri": uri }, "range": range, "context": { "diagnostics": [] } });
    let found = client.result("textDocument/codeAction", p);
    found.as_array().cloned().unwrap_or_default()
}

fn line_range(line: u32) -> Value {
    json!({ "start": { "line": line, "character": 0 }, "end": { "line": line, "character": 200 } })
}

/// A text with one edit applied: positions counted in characters (the
/// texts here are ASCII, where they are UTF-16 units too).
fn apply(text: &str, edit: &Value) -> String {
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let character = p["character"].as_u64().unwrap() as usize;
        let start: usize = text.split('\n').take(line).map(|l| l.len() + 1).sum();
        start + character
    };
    let (from, to) = (
        offset(&edit["range"]["start"]),
        offset(&edit["range"]["end"]),
    );
    let new_text = edit["newText"].as_str().unwrap();
    format!("{}{new_text}{}", &text[..from], &text[to..])
}

/// The one edit of an action, to the document at `uri`.
fn only_edit<'v>(action: &'v Value, uri: &str) -> &'v Value {
    let edits = action["edit"]["changes"][uri].as_array().expect("edits");
    assert_eq!(edits.len(), 1, "{action}");
    &edits[0]
}

/// Sends the whole text as a change and returns what is published.
fn replace(client: &mut Client, uri: &str, version: i32, text: &str) -> Value {
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
    );
    client.diagnostics()
}

fn hover_text(client: &mut Client, uri: &str, line: u32, character: u32) -> String {
    let hover = client.result("textDocument/hover", at(uri, line, character));
    hover["contents"]["value"]
        .as_str()
        .unwrap_or_else(|| panic!("a hover at {line}:{character}: {hover}"))
        .to_string()
}

#[test]
fn a_did_you_mean_fix_replaces_the_misspelt_name() {
    let mut client = Client::start();
    // A keyword misspelt (the parser's suggestion).
    let fixed = BROKEN.replace("3-5", "3-6");
    let text = fixed.replace("table hit", "tabel hit");
    let published = client.open(URI, &text);
    assert!(published["diagnostics"][0]["message"]
        .as_str()
        .unwrap()
        .contains("did you mean `table`?"));
    let found = actions(&mut client, URI, &line_range(2));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["title"], "Replace `tabel` with `table`");
    assert_eq!(found[0]["kind"], "quickfix");
    let edit = only_edit(&found[0], URI);
    assert_eq!(apply(&text, edit), fixed);
    // No fix where no diagnostic is.
    assert_eq!(
        actions(&mut client, URI, &line_range(12)),
        Vec::<Value>::new()
    );
    client.stop();

    // A variant's misspelt member of the base: the range holds the chart's
    // name too, and only the member is replaced.
    let mut client = Client::start();
    let uri = "file:///tmp/chartwright-lsp-test/mud.rules";
    let good = "variant \"Mud\" of first_echelon version \"1\"\nchange bog_down.tracked +2\n";
    let text = good.replace("tracked", "trackd");
    let published = client.open(uri, &text);
    let message = published["diagnostics"][0]["message"].as_str().unwrap();
    assert!(message.contains("did you mean `tracked`?"), "{message}");
    let found = actions(&mut client, uri, &line_range(1));
    assert_eq!(found[0]["title"], "Replace `trackd` with `tracked`");
    let fixed = apply(&text, only_edit(&found[0], uri));
    assert_eq!(fixed, good);
    assert_eq!(
        replace(&mut client, uri, 2, &fixed)["diagnostics"],
        json!([])
    );
    client.stop();
}

#[test]
fn a_gap_gets_a_row_in_the_rows_block_or_an_add_line_in_a_variant() {
    let mut client = Client::start();
    // BROKEN's rows read 2 or less and 3-5: no row reads 6.
    client.open(URI, BROKEN);
    let found = actions(&mut client, URI, &line_range(8));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["title"], "Add a row for 6");
    let edit = only_edit(&found[0], URI);
    // Before the block's closing brace (line 10), indented as the rows are.
    assert_eq!(
        edit["range"]["start"],
        json!({ "line": 10, "character": 0 })
    );
    assert_eq!(edit["newText"], "    6 => \"\"\n");
    // Its outcome written, the text loads; a 6 is now "Crit", 1/6.
    let text = apply(BROKEN, edit).replace("6 => \"\"", "6 => \"Crit\"");
    assert_eq!(
        replace(&mut client, URI, 2, &text)["diagnostics"],
        json!([])
    );
    let hover = hover_text(&mut client, URI, 2, 7);
    assert!(hover.contains("| Crit | 1/6 |"), "{hover}");
    assert!(hover.contains("| Hit | 1/2 |"), "{hover}");
    client.stop();

    // A variant whose change leaves a gap: Bog Down's 6 (First Echelon).
    let mut client = Client::start();
    let uri = "file:///tmp/chartwright-lsp-test/wet.rules";
    let text = "variant \"Wet\" of first_echelon version \"1\"\nchange bog_down row 6 or more becomes 7 or more\n";
    let published = client.open(uri, text);
    assert_eq!(
        published["diagnostics"][0]["code"],
        "chartwright::compile::uncovered_totals"
    );
    let found = actions(&mut client, uri, &line_range(1));
    assert_eq!(found[0]["title"], "Add a row for 6");
    let edit = only_edit(&found[0], uri);
    assert_eq!(edit["newText"], "\nadd bog_down row 6 => \"\"");
    let fixed = apply(text, edit).replace("=> \"\"", "=> \"Traverse\"");
    assert!(
        fixed.contains("7 or more\nadd bog_down row 6 => \"Traverse\"\n"),
        "{fixed}"
    );
    assert_eq!(
        replace(&mut client, uri, 2, &fixed)["diagnostics"],
        json!([])
    );
    client.stop();
}

/// BROKEN fixed, with a second chart and expectations. Worked by hand:
/// `hit` on a d6 misses on 1-2 (1/3) and hits on 3-6 (2/3); in cover (-1)
/// it hits on 4-6 (1/2). `morale` holds on 4-6 (1/2).
fn expecting() -> String {
    BROKEN.replace("3-5", "3-6")
        + "expect hit cover => \"Hit\" 1/2\n\
           expect hit => \"Miss\" 1/2\n\
           table morale \"Morale\" {\n  roll d6\n  rows {\n    4 or more => \"Steady\"\n    3 or less => \"Rout\"\n  }\n}\n\
           expect morale => \"Steady\" 1/2  # half the time\n"
}

/// Each code lens of `uri` as (line, title).
fn lenses(client: &mut Client, uri: &str) -> Vec<(u64, String)> {
    let found = client.result(
        "textDocument/codeLens",
        json!({ "textDocument": { "uri": uri } }),
    );
    found
        .as_array()
        .expect("a list")
        .iter()
        .map(|l| {
            let line = l["range"]["start"]["line"].as_u64().expect("a line");
            let title = l["command"]["title"].as_str().expect("a title");
            (line, title.to_string())
        })
        .collect()
}

#[test]
fn a_lens_over_each_chart_says_whether_its_expectations_hold() {
    let mut client = Client::start();
    let text = expecting();
    assert_eq!(client.open(URI, &text)["diagnostics"], json!([]));
    let found = lenses(&mut client, URI);
    // `hit`: 2/3 and 1/2 hold, "Miss" 1/2 does not (it is 1/3).
    let morale = text
        .lines()
        .position(|l| l.starts_with("table morale"))
        .unwrap() as u64;
    assert_eq!(
        found,
        [
            (2, "1 of 3 fails".into()),
            (morale, "1 expectation holds".into())
        ]
    );
    // Fixed, all three hold.
    let fixed = text.replace("\"Miss\" 1/2", "\"Miss\" 1/3");
    replace(&mut client, URI, 2, &fixed);
    assert_eq!(lenses(&mut client, URI)[0].1, "3 expectations hold");
    client.stop();
}

#[test]
fn a_lens_over_a_variants_expectations_on_its_bases_charts() {
    let mut client = Client::start();
    let uri = "untitled:mud.rules";
    // Tracked: Traverse 7/10; untracked, 1/2 (not 1/3).
    let text = "variant \"Mud\" of first_echelon version \"1\"\n\
                change bog_down.tracked +2\n\
                \n\
                expect bog_down tracked => \"Traverse\" 7/10\n\
                expect bog_down => \"Traverse\" 1/3\n";
    assert_eq!(client.open(uri, text)["diagnostics"], json!([]));
    // Over the first of its own lines; the base's own expectations are
    // not counted.
    let found = lenses(&mut client, uri);
    assert_eq!(found, [(3, "bog_down: 1 of 2 fails".into())]);
    client.stop();
}

#[test]
fn hover_on_an_expect_line_says_whether_it_holds_and_the_odds() {
    let mut client = Client::start();
    let text = expecting();
    client.open(URI, &text);
    let line_of = |start: &str| text.lines().position(|l| l.starts_with(start)).unwrap() as u32;
    // On the `=>` of a failing line: no name there, the line's hover alone.
    let failing = line_of("expect hit => \"Miss\"");
    let value = hover_text(&mut client, URI, failing, 12);
    assert!(value.starts_with("**This expectation fails:**"), "{value}");
    assert!(
        value.contains("expected `Miss` 1/2, got `Miss` 1/3"),
        "{value}"
    );
    assert!(
        value.contains("The chart gives `Miss` 1/3 (33.33%)."),
        "{value}"
    );
    assert!(!value.contains("---"), "{value}");
    // On a holding line's chart name: the line, then the chart.
    let holding = line_of("expect hit cover");
    let value = hover_text(&mut client, URI, holding, 8);
    assert!(value.starts_with("**This expectation holds.**"), "{value}");
    assert!(
        value.contains("The chart gives `Hit` 1/2 (50.00%)."),
        "{value}"
    );
    assert!(value.contains("---\n\n**table `hit`**"), "{value}");
    // A comment after the line.
    let value = hover_text(&mut client, URI, line_of("expect morale"), 24);
    assert!(
        value.contains("The chart gives `Steady` 1/2 (50.00%)."),
        "{value}"
    );
    client.stop();
}

#[test]
fn hover_on_a_change_shows_the_base_declaration_and_the_diff() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let base = BROKEN.replace("3-5", "3-6");
    std::fs::write(folder.path().join("base.rules"), &base).expect("written");
    let uri = lsp_types::Url::from_file_path(folder.path().join("house.rules")).unwrap();
    let uri = uri.as_str();
    let mut client = Client::start();
    // Worked by hand: a miss on 1-3 (1/2) and a hit on 4-6 (1/2), where the
    // base has 1/3 and 2/3.
    let text = "variant \"House\" of \"base.rules\" version \"1\"\n\
                change hit row 2 or less becomes 3 or less\n\
                change hit row 3-6 becomes 4-6\n\
                change hit.cover -2\n\
                add hit.smoke -1 \"Smoke\"\n";
    assert_eq!(client.open(uri, text)["diagnostics"], json!([]));
    // On `change`: the base's chart as written, then the diff.
    let value = hover_text(&mut client, uri, 1, 2);
    assert!(
        value.starts_with("**In the base**, table `hit`:"),
        "{value}"
    );
    assert!(
        value.contains("```chartwright\ntable hit \"To Hit\" {\n  roll d6\n"),
        "{value}"
    );
    let row = |outcome: &str| {
        value
            .lines()
            .find(|l| l.trim_start().starts_with(outcome))
            .map(|l| l.split_whitespace().take(5).collect::<Vec<_>>())
    };
    assert_eq!(
        row("Miss"),
        Some(vec!["Miss", "1/3", "33.33%", "1/2", "50.00%"]),
        "{value}"
    );
    assert_eq!(
        row("Hit"),
        Some(vec!["Hit", "2/3", "66.67%", "1/2", "50.00%"]),
        "{value}"
    );
    assert!(!value.contains('\u{1b}'), "no terminal colour: {value:?}");
    // On a changed modifier: the base's modifier line.
    let value = hover_text(&mut client, uri, 3, 2);
    assert!(
        value.starts_with(
            "**In the base**, modifier `cover`:\n\n```chartwright\ncover -1 \"In cover\"\n```"
        ),
        "{value}"
    );
    // On a member the variant adds: its chart in the base, and the diff.
    let value = hover_text(&mut client, uri, 4, 1);
    assert!(
        value.starts_with("**In the base**, table `hit`:"),
        "{value}"
    );
    assert!(value.contains("**The variant's odds:**"), "{value}");
    client.stop();
}
