//! `chartwright lsp` end to end: the server loop on a thread, driven as a
//! client drives it through `lsp-server`'s in-memory connection. The odds
//! a hover shows are checked against fractions worked by hand here.

use chartwright_cli::lsp::{serve, serve_in};
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};
use std::thread::JoinHandle;
use std::time::Duration;

/// A client talking to a server running on its own thread.
pub(crate) struct Client {
    connection: Connection,
    server: Option<JoinHandle<Result<(), String>>>,
    next_id: i32,
    /// Notifications received while waiting for a response.
    pending: Vec<Notification>,
}

/// How long any answer may take before the test fails (the server is
/// synchronous: each answer is computed before the next message is read).
const PATIENCE: Duration = Duration::from_secs(30);

impl Client {
    /// Starts a server and goes through the handshake.
    pub(crate) fn start() -> Self {
        Self::start_serving(serve)
    }

    /// Starts a server that writes bundled bases to `folder`.
    pub(crate) fn start_in(folder: &std::path::Path) -> Self {
        let folder = folder.to_path_buf();
        Self::start_serving(move |c| serve_in(c, folder))
    }

    fn start_serving(run: impl FnOnce(&Connection) -> Result<(), String> + Send + 'static) -> Self {
        let (server_side, client_side) = Connection::memory();
        let server = std::thread::spawn(move || run(&server_side));
        let mut client = Client {
            connection: client_side,
            server: Some(server),
            next_id: 0,
            pending: Vec::new(),
        };
        let init = client.request("initialize", json!({ "capabilities": {} }));
        let caps = &init.result.as_ref().expect("initialize answered")["capabilities"];
        assert_eq!(caps["textDocumentSync"], json!(2), "incremental sync");
        assert_eq!(caps["hoverProvider"], json!(true));
        client.notify("initialized", json!({}));
        client
    }

    fn send(&self, message: Message) {
        self.connection
            .sender
            .send(message)
            .expect("server is listening");
    }

    fn receive(&self) -> Message {
        self.connection
            .receiver
            .recv_timeout(PATIENCE)
            .expect("the server answers")
    }

    /// Sends a request and waits for its response, keeping the
    /// notifications that come first.
    pub(crate) fn request(&mut self, method: &str, params: Value) -> Response {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.send(Message::Request(Request::new(
            id.clone(),
            method.to_string(),
            params,
        )));
        loop {
            match self.receive() {
                Message::Response(r) if r.id == id => return r,
                Message::Response(r) => panic!("a response to another request: {r:?}"),
                Message::Notification(n) => self.pending.push(n),
                Message::Request(r) => panic!("the server asked {r:?}"),
            }
        }
    }

    pub(crate) fn result(&mut self, method: &str, params: Value) -> Value {
        let r = self.request(method, params);
        assert!(r.error.is_none(), "{method} failed: {:?}", r.error);
        r.result.unwrap_or(Value::Null)
    }

    pub(crate) fn notify(&self, method: &str, params: Value) {
        self.send(Message::Notification(Notification::new(
            method.to_string(),
            params,
        )));
    }

    /// The next diagnostics published.
    pub(crate) fn diagnostics(&mut self) -> Value {
        loop {
            let n = if self.pending.is_empty() {
                match self.receive() {
                    Message::Notification(n) => n,
                    other => panic!("expected diagnostics, got {other:?}"),
                }
            } else {
                self.pending.remove(0)
            };
            if n.method == "textDocument/publishDiagnostics" {
                return n.params;
            }
        }
    }

    pub(crate) fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "chartwright", "version": 1, "text": text } }),
        );
        self.diagnostics()
    }

    /// `shutdown`, then `exit`: the server's loop ends cleanly.
    pub(crate) fn stop(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert!(r.error.is_none());
        self.notify("exit", Value::Null);
        let server = self.server.take().expect("started");
        assert_eq!(server.join().expect("no panic"), Ok(()));
    }
}

pub(crate) fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

pub(crate) const URI: &str = "file:///tmp/chartwright-lsp-test/demo.rules";

/// A d6 table: 1-2 misses (2/6 = 1/3), 3-6 hits (4/6 = 2/3); with cover
/// (-1) a natural 3 misses too. Written with row `3-5`, a 6 is read by no
/// row: the broken text.
pub(crate) const BROKEN: &str = "game \"Demo\" version \"1\"
choice range \"Range\" { short \"Short\", long \"Long\" }
table hit \"To Hit\" {
  roll d6
  modifiers {
    cover -1 \"In cover\"
  }
  rows {
    2 or less => \"Miss\"
    3-5 => \"Hit\"
  }
}
expect hit => \"Hit\" 2/3
";

/// The text with the rows fixed, opened clean.
fn fixed() -> Client {
    let mut client = Client::start();
    let fixed = BROKEN.replace("3-5", "3-6");
    assert_eq!(client.open(URI, &fixed)["diagnostics"], json!([]));
    client
}

/// The names of symbols, or the labels of completion items.
fn listed(v: &Value, key: &str) -> Vec<String> {
    let list = v.as_array().expect("a list");
    list.iter()
        .map(|s| s[key].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn diagnostics_come_and_go_as_the_text_changes() {
    let mut client = Client::start();
    // The broken text: one coded diagnostic on the rows.
    let published = client.open(URI, BROKEN);
    let diagnostics = published["diagnostics"].as_array().expect("a list");
    assert_eq!(diagnostics.len(), 1, "{published}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "chartwright::compile::uncovered_totals");
    assert!(d["message"].as_str().unwrap().contains("help:"), "{d}");
    let line = d["range"]["start"]["line"].as_u64().unwrap();
    assert!((7..=10).contains(&line), "the rows block: {d}");
    // Nothing has loaded yet: no hover.
    let none = client.result("textDocument/hover", at(URI, 2, 7));
    assert_eq!(none, Value::Null);
    // Fixed by an incremental edit: `3-5` → `3-6` (line 9, column 6).
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 2 },
            "contentChanges": [{ "range": { "start": { "line": 9, "character": 6 }, "end": { "line": 9, "character": 7 } }, "text": "6" }]
        }),
    );
    let fixed = client.diagnostics();
    assert_eq!(fixed["diagnostics"], json!([]), "{fixed}");
    assert_eq!(fixed["version"], json!(2));
    client.stop();
}

#[test]
fn hover_shows_exact_odds_and_modifiers() {
    let mut client = fixed();
    // On the chart's name: the exact odds, worked by hand above.
    let hover = client.result("textDocument/hover", at(URI, 2, 7));
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        text.contains("**table `hit`**: To Hit (rolls d6)"),
        "{text}"
    );
    assert!(text.contains("| Miss | 1/3 | 33.33% |"), "{text}");
    assert!(text.contains("| Hit | 2/3 | 66.67% |"), "{text}");
    // On a modifier: its value and label.
    let hover = client.result("textDocument/hover", at(URI, 5, 5));
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        text.contains("**modifier `cover`** of `hit`: `-1`"),
        "{text}"
    );
    assert!(text.contains("In cover"), "{text}");
    client.stop();
}

#[test]
fn definition_references_and_symbols() {
    let mut client = fixed();
    // Definition of `hit` from the expect line (line 12, column 8).
    let found = client.result("textDocument/definition", at(URI, 12, 8));
    assert_eq!(found["uri"], URI);
    let name =
        json!({ "start": { "line": 2, "character": 6 }, "end": { "line": 2, "character": 9 } });
    assert_eq!(found["range"], name);
    // References: the declaration and the expect line, not the string "Hit".
    let mut refs = at(URI, 2, 7);
    refs["context"] = json!({ "includeDeclaration": true });
    let found = client.result("textDocument/references", refs.clone());
    let list = found.as_array().unwrap();
    let lines: Vec<u64> = list
        .iter()
        .map(|l| l["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 12]);
    refs["context"] = json!({ "includeDeclaration": false });
    let found = client.result("textDocument/references", refs);
    assert_eq!(found.as_array().unwrap().len(), 1);
    // The outline: the choice with its options, the table with its modifier.
    let symbols = client.result(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    assert_eq!(listed(&symbols, "name"), ["range", "hit"]);
    assert_eq!(listed(&symbols[0]["children"], "name"), ["short", "long"]);
    assert_eq!(listed(&symbols[1]["children"], "name"), ["cover"]);
    assert_eq!(symbols[0]["kind"], json!(10), "a choice is an enum");
    assert_eq!(symbols[1]["kind"], json!(12), "a table is a function");
    client.stop();
}

#[test]
fn completion_offers_members_keywords_and_names_from_the_last_good_text() {
    let mut client = fixed();
    // `expect hit.` does not parse: completion and hover read the last
    // text that loaded.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 3 },
            "contentChanges": [{ "range": { "start": { "line": 13, "character": 0 }, "end": { "line": 13, "character": 0 } }, "text": "expect hit." }]
        }),
    );
    let broken = client.diagnostics();
    assert_eq!(broken["diagnostics"].as_array().unwrap().len(), 1);
    // After `hit.`: the chart's modifier.
    let items = client.result("textDocument/completion", at(URI, 13, 11));
    assert_eq!(listed(&items, "label"), ["cover"]);
    let hover = client.result("textDocument/hover", at(URI, 2, 7));
    assert!(hover["contents"]["value"].as_str().unwrap().contains("2/3"));
    // On an empty line: the words an entry starts with, the declared names.
    let items = client.result("textDocument/completion", at(URI, 13, 0));
    let labels = listed(&items, "label");
    for word in ["table", "choice", "roll", "change", "hit", "range"] {
        assert!(labels.iter().any(|l| l == word), "{word} in {labels:?}");
    }
    client.stop();
}

#[test]
fn unknown_requests_and_bad_parameters_get_errors() {
    let mut client = fixed();
    let tokens = json!({ "textDocument": { "uri": URI } });
    let r = client.request("textDocument/semanticTokens/full", tokens);
    let code = r.error.expect("an error").code;
    assert_eq!(code, lsp_server::ErrorCode::MethodNotFound as i32);
    let r = client.request("textDocument/hover", json!({ "nonsense": 1 }));
    let code = r.error.expect("an error").code;
    assert_eq!(code, lsp_server::ErrorCode::InvalidParams as i32);
    // A request about a document never opened.
    let r = client.request("textDocument/hover", at("file:///nowhere.rules", 0, 0));
    assert!(r.error.is_some());
    client.stop();
}

#[test]
fn rename_changes_the_declaration_and_every_use() {
    let mut client = fixed();
    let mut p = at(URI, 12, 8);
    p["newName"] = json!("to_hit");
    let edit = client.result("textDocument/rename", p.clone());
    let edits = edit["changes"][URI].as_array().expect("edits to the file");
    let lines: Vec<u64> = edits
        .iter()
        .map(|e| e["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 12]);
    assert!(edits.iter().all(|e| e["newText"] == "to_hit"));
    // A keyword is no name.
    p["newName"] = json!("table");
    let r = client.request("textDocument/rename", p);
    assert!(r.error.is_some());
    client.stop();
}

#[test]
fn a_variant_is_checked_against_its_bundled_base() {
    let mut client = Client::start();
    let uri = "file:///tmp/chartwright-lsp-test/mud.rules";
    let good = "variant \"Mud\" of first_echelon version \"1\"\nchange bog_down.tracked +2\n";
    assert_eq!(client.open(uri, good)["diagnostics"], json!([]));
    // A change of a modifier the base does not have: a variant diagnostic.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [{ "text": good.replace("tracked", "trackd") }]
        }),
    );
    let published = client.diagnostics();
    let d = &published["diagnostics"][0];
    assert!(
        d["code"]
            .as_str()
            .unwrap()
            .starts_with("chartwright::variant::"),
        "{d}"
    );
    assert_eq!(d["range"]["start"]["line"], json!(1), "{d}");
    // Completion after `bog_down.` offers the base chart's modifiers.
    let items = client.result("textDocument/completion", at(uri, 1, 16));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert!(labels.contains(&"tracked"), "{labels:?}");
    client.stop();
}

/// A small generator of its own (xorshift), so the edits are the same on
/// every run.
struct Edits(u64);

impl Edits {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }

    /// A position on `lines`, sometimes past the end of a line or of the
    /// text (the server clamps them).
    fn position(&mut self, lines: &[&str]) -> Value {
        let line = self.below(lines.len() + 2);
        let len = lines.get(line).map_or(0, |l| l.encode_utf16().count());
        json!({ "line": line, "character": self.below(len + 3) })
    }
}

#[test]
fn random_edits_never_crash_the_server_and_every_request_is_answered() {
    let mut client = Client::start();
    let uri = "file:///tmp/chartwright-lsp-test/first_echelon.rules";
    let mut text = chartwright::bundled::source("first_echelon")
        .expect("bundled")
        .to_string();
    client.open(uri, &text);
    let mut edits = Edits(0x5eed_cafe_f00d_beef);
    let mut checked = 0;
    let mut last_line = 0;
    let pieces = [
        "",
        "x",
        "}",
        "{",
        "\"",
        "\n",
        "é",
        "é",
        "𝔡",
        " 2d6 ",
        ".",
        "=> \"A\"",
        "#",
        "roll",
        "table t \"T\" {",
    ];
    let original = text.clone();
    for version in 2..150 {
        // Every fifth change sends the whole text back (a full sync), so
        // that some of the edits after it leave a text that parses.
        if version % 5 == 0 {
            let change = json!({ "text": original });
            let p = json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [change] });
            client.notify("textDocument/didChange", p);
            client.diagnostics();
            text.clone_from(&original);
            continue;
        }
        let lines: Vec<&str> = text.split('\n').collect();
        let mut start = edits.position(&lines);
        // Half the edits on the line of the one before, so that positions
        // past a wide character just typed are tried.
        if edits.below(2) == 0 {
            start["line"] = json!(last_line);
        }
        last_line = start["line"].as_u64().unwrap();
        // Mostly a few characters on one line; sometimes anywhere.
        let end = if edits.below(4) == 0 {
            edits.position(&lines)
        } else {
            let character = start["character"].as_u64().unwrap() as usize + edits.below(4);
            json!({ "line": start["line"], "character": character })
        };
        let insert = pieces[edits.below(pieces.len())];
        let change = json!({ "range": { "start": start, "end": end }, "text": insert });
        client.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [change] }),
        );
        client.diagnostics();
        text = apply(&text, &start, &end, insert);
        let line = start["line"].as_u64().unwrap() as u32;
        let at = at(uri, line, start["character"].as_u64().unwrap() as u32);
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
        ] {
            let r = client.request(method, at.clone());
            assert!(r.error.is_none(), "{method} at {at}: {:?}", r.error);
        }
        // Every use found of the name at the edit is that name in the text
        // kept here: the server's text is the same.
        let mut refs = at.clone();
        refs["context"] = json!({ "includeDeclaration": true });
        let found = client.result("textDocument/references", refs);
        let word = word_at(&text, offset(&text, &start));
        for location in found.as_array().expect("a list") {
            let range = &location["range"];
            let (from, to) = (offset(&text, &range["start"]), offset(&text, &range["end"]));
            assert_eq!(&text[from..to], word, "after edit {version}");
            checked += 1;
        }
        // The outline's names stand where the text kept here, edited the
        // plain way, has them: the server's text is the same.
        let symbols = client.result(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        );
        let mut stack: Vec<&Value> = symbols.as_array().expect("a list").iter().collect();
        while let Some(symbol) = stack.pop() {
            let range = &symbol["selectionRange"];
            let (from, to) = (offset(&text, &range["start"]), offset(&text, &range["end"]));
            let name = symbol["name"].as_str().unwrap();
            assert_eq!(&text[from..to], name, "after edit {version}");
            stack.extend(symbol["children"].as_array().into_iter().flatten());
            checked += 1;
        }
    }
    assert!(checked > 1000, "the outline was checked {checked} times");
    client.stop();
}

/// The byte offset of a position, counted the plain way: lines split at
/// `\n`, UTF-16 units from the line's start, clamped to the line and the
/// text.
fn offset(text: &str, p: &Value) -> usize {
    let line = p["line"].as_u64().unwrap() as usize;
    let character = p["character"].as_u64().unwrap() as usize;
    let mut at = 0;
    for (i, l) in text.split('\n').enumerate() {
        if i == line {
            let mut units = 0;
            for (b, c) in l.char_indices() {
                if units + c.len_utf16() > character {
                    return at + b;
                }
                units += c.len_utf16();
            }
            return at + l.len();
        }
        at += l.len() + 1;
    }
    text.len()
}

/// The name touching a byte offset (letters, digits, `_`), read the plain
/// way.
fn word_at(text: &str, at: usize) -> &str {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let from = text[..at]
        .char_indices()
        .rev()
        .find(|&(_, c)| !is_name(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let to = at + text[at..].find(|c| !is_name(c)).unwrap_or(text.len() - at);
    &text[from..to]
}

/// The edit applied the plain way (a range that ends before it starts
/// replaces nothing).
fn apply(text: &str, start: &Value, end: &Value, insert: &str) -> String {
    let from = offset(text, start);
    let to = offset(text, end).max(from);
    format!("{}{insert}{}", &text[..from], &text[to..])
}

#[test]
fn a_variant_of_a_file_beside_it_is_checked_and_navigated_into_its_base() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let fixed = BROKEN.replace("3-5", "3-6");
    std::fs::write(folder.path().join("base.rules"), &fixed).expect("written");
    let variant_path = folder.path().join("house.rules");
    let uri = lsp_types::Url::from_file_path(&variant_path).expect("a file address");
    let base_uri = lsp_types::Url::from_file_path(folder.path().join("base.rules")).unwrap();
    let mut client = Client::start();
    // The variant is never saved: its text is the editor's.
    let text = "variant \"House\" of \"base.rules\" version \"1\"\nchange hit.cover -2\n";
    assert_eq!(client.open(uri.as_str(), text)["diagnostics"], json!([]));
    // Definition of `cover` (line 1) is in the base file, line 5.
    let found = client.result("textDocument/definition", at(uri.as_str(), 1, 13));
    assert_eq!(found["uri"], base_uri.as_str());
    assert_eq!(
        found["range"]["start"],
        json!({ "line": 5, "character": 4 })
    );
    // Hover on the changed modifier's chart: the variant's odds. With
    // cover at -2 named nowhere, the odds are the base's: 1/3 and 2/3.
    let hover = client.result("textDocument/hover", at(uri.as_str(), 1, 8));
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("| Hit | 2/3 |"));
    // A change of a chart the base does not have.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri.as_str(), "version": 2 },
            "contentChanges": [{ "range": { "start": { "line": 1, "character": 7 }, "end": { "line": 1, "character": 10 } }, "text": "miss" }]
        }),
    );
    let published = client.diagnostics();
    let d = &published["diagnostics"][0];
    assert!(
        d["code"]
            .as_str()
            .unwrap()
            .starts_with("chartwright::variant::"),
        "{d}"
    );
    client.stop();
}

#[test]
fn hover_on_a_grid_shows_its_table() {
    let mut client = Client::start();
    let uri = "file:///tmp/chartwright-lsp-test/first_echelon.rules";
    let text = chartwright::bundled::source("first_echelon").expect("bundled");
    assert_eq!(client.open(uri, text)["diagnostics"], json!([]));
    let line = text
        .lines()
        .position(|l| l.starts_with("grid discipline_rating"))
        .unwrap();
    let hover = client.result("textDocument/hover", at(uri, line as u32, 7));
    let value = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        value.starts_with("**grid `discipline_rating`**: Discipline Rating"),
        "{value}"
    );
    assert!(value.contains("```text\n"), "{value}");
    // The table as `show` prints it, row by row: elite is +1, 0, -1.
    let elite = value
        .lines()
        .find(|l| l.contains("elite") || l.contains("Elite"))
        .expect("a row");
    let cells: Vec<&str> = elite
        .split_whitespace()
        .filter(|w| w.parse::<i64>().is_ok() || w.starts_with('+'))
        .collect();
    assert_eq!(cells, ["+1", "0", "-1"], "{value}");
    client.stop();
}

#[test]
fn a_text_past_the_input_limit_is_refused_with_a_diagnostic() {
    let mut client = Client::start();
    let limit = chartwright::Limits::default().max_input_bytes;
    let mut text = String::from("game \"Big\" version \"1\"\n");
    while text.len() <= limit {
        text.push_str("# a comment line, many times over\n");
    }
    let published = client.open(URI, &text);
    assert_eq!(
        published["diagnostics"][0]["code"],
        "chartwright::load::too_large"
    );
    client.stop();
}

#[test]
fn hover_on_a_modifier_set_shows_it_as_show_does() {
    let mut client = Client::start();
    let uri = "file:///tmp/chartwright-lsp-test/command_decision.rules";
    let text = chartwright::bundled::source("command_decision").expect("bundled");
    assert_eq!(client.open(uri, text)["diagnostics"], json!([]));
    let line = text
        .lines()
        .position(|l| l.starts_with("modifiers indirect_fire_modifiers"))
        .unwrap();
    let hover = client.result("textDocument/hover", at(uri, line as u32, 12));
    let value = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        value
            .starts_with("**modifiers `indirect_fire_modifiers`**: Indirect Fire To-Hit Modifiers"),
        "{value}"
    );
    assert!(value.contains("```text\n"), "{value}");
    client.stop();
}

/// A message framed as the protocol frames it on standard input.
fn framed(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

#[test]
fn the_binary_serves_on_standard_input_and_exits_on_a_broken_handshake() {
    use std::io::Write;
    let run = |messages: &[Value]| {
        let mut child = crate::common::command()
            .arg("lsp")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary starts");
        // Standard input stays open: the server must end by itself.
        let mut stdin = child.stdin.take().expect("piped");
        for m in messages {
            stdin.write_all(&framed(m)).expect("written");
        }
        let started = std::time::Instant::now();
        while child.try_wait().expect("waitable").is_none() {
            assert!(started.elapsed() < PATIENCE, "the server hangs");
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(stdin);
        child.wait_with_output().expect("its output")
    };
    let initialize = json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } });
    // A document opened before `initialized`: an error, and exit status 1.
    let open = json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": { "textDocument": { "uri": URI, "languageId": "chartwright", "version": 1, "text": "" } } });
    let out = run(&[initialize.clone(), open]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected initialized notification"));
    // The whole lifecycle: exit status 0, and the server's name announced.
    let initialized = json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} });
    let shutdown = json!({ "jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": null });
    let exit = json!({ "jsonrpc": "2.0", "method": "exit", "params": null });
    let out = run(&[initialize, initialized, shutdown, exit]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains(r#""serverInfo":{"name":"chartwright""#));
}
