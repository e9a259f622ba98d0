//! The language server across a variant and its base: go to definition
//! into a bundled game (a read-only copy of its text written to the cache
//! folder) and into a base file on disk, and references that cross between
//! a base and its open variants. The expected lines are found by reading
//! the texts here, not through the server's outline.

use crate::common;
use crate::lsp::{at, Client, BROKEN};
use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::io::{BufReader, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

/// A variant of First Echelon: `df_smoke` starts at column 19 of line 1.
const SMOKE_HOUSE: &str =
    "variant \"House\" of first_echelon version \"1\"\nchange fire_combat.df_smoke -3\n";

/// The line of `text` that declares `name` (the first whose first word it
/// is) and the column the name starts at.
fn declared_at(text: &str, name: &str) -> (u64, u64) {
    let (line, written) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("`{name}` is declared"));
    let column = written.len() - written.trim_start().len();
    (line as u64, column as u64)
}

/// Each location as (address, line).
fn places(found: &Value) -> Vec<(String, u64)> {
    found
        .as_array()
        .expect("a list of locations")
        .iter()
        .map(|l| {
            let uri = l["uri"].as_str().expect("an address").to_string();
            (uri, l["range"]["start"]["line"].as_u64().expect("a line"))
        })
        .collect()
}

fn references(client: &mut Client, uri: &str, line: u32, column: u32, declaration: bool) -> Value {
    let mut p = at(uri, line, column);
    p["context"] = json!({ "includeDeclaration": declaration });
    client.result("textDocument/references", p)
}

#[test]
fn definition_in_a_bundled_base_opens_its_read_only_copy() {
    let cache = tempfile::tempdir().expect("a temporary folder");
    let source = chartwright::bundled::source("first_echelon").expect("bundled");
    // A copy from another build, to be rewritten.
    let copy = cache
        .path()
        .join(format!("first_echelon-{}.rules", env!("CARGO_PKG_VERSION")));
    std::fs::write(&copy, "game \"Stale\" version \"0\"\n").expect("written");
    let mut client = Client::start_in(cache.path());
    let house = "untitled:house.rules";
    client.open(house, SMOKE_HOUSE);
    let found = client.result("textDocument/definition", at(house, 1, 21));
    let uri = lsp_types::Url::parse(found["uri"].as_str().expect("a location")).expect("a URI");
    let path = uri.to_file_path().expect("a file");
    assert_eq!(path, copy);
    assert_eq!(std::fs::read_to_string(&path).expect("readable"), source);
    let permissions = std::fs::metadata(&path).expect("there").permissions();
    assert!(permissions.readonly(), "the bundled copy is read-only");
    let (line, column) = declared_at(source, "df_smoke");
    assert_eq!(
        found["range"],
        json!({ "start": { "line": line, "character": column }, "end": { "line": line, "character": column + 8 } })
    );
    // A deleted copy is written again on the next definition.
    std::fs::remove_file(&path).expect("removed");
    let again = client.result("textDocument/definition", at(house, 1, 21));
    assert_eq!(again, found);
    assert_eq!(std::fs::read_to_string(&path).ok().as_deref(), Some(source));
    // The copy opened in the editor: its references reach the variant.
    client.open(uri.as_str(), source);
    let (line, column) = (line as u32, column as u32 + 1);
    let found = references(&mut client, uri.as_str(), line, column, true);
    let expected = [(uri.to_string(), u64::from(line)), (house.to_string(), 1)];
    assert_eq!(places(&found), expected);
    // From the variant, without the declaration: the variant's own use.
    let found = references(&mut client, house, 1, 21, false);
    assert_eq!(places(&found), [(house.to_string(), 1)]);
    client.stop();
}

#[test]
fn references_cross_between_a_variant_and_its_base_file() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let base_text = BROKEN.replace("3-5", "3-6");
    let base_path = folder.path().join("base.rules");
    std::fs::write(&base_path, &base_text).expect("written");
    let uri = |name: &str| {
        lsp_types::Url::from_file_path(folder.path().join(name))
            .expect("a file address")
            .to_string()
    };
    let (base, house, other, solo) = (
        uri("base.rules"),
        uri("house.rules"),
        uri("other.rules"),
        uri("solo.rules"),
    );
    let mut client = Client::start_in(&folder.path().join("cache"));
    // Two variants of the base, and a game of its own that declares the
    // same names: not part of the family.
    let variant = |cover: &str| {
        format!("variant \"House\" of \"base.rules\" version \"1\"\nchange hit.cover {cover}\n")
    };
    client.open(&house, &variant("-2"));
    client.open(&other, &variant("-3"));
    client.open(&solo, &base_text);
    // `cover` is declared on line 5 of the base, the base not open.
    let (cover_line, _) = declared_at(&base_text, "cover");
    let found = references(&mut client, &house, 1, 13, true);
    let expected = [
        (base.clone(), cover_line),
        (house.clone(), 1),
        (other.clone(), 1),
    ];
    assert_eq!(places(&found), expected);
    // `hit`: the base's declaration, its `expect` line and both changes.
    let found = references(&mut client, &house, 1, 8, true);
    let expect_line = base_text
        .lines()
        .position(|l| l.starts_with("expect hit"))
        .expect("an expect line") as u64;
    let expected = [
        (base.clone(), 2),
        (base.clone(), expect_line),
        (house.clone(), 1),
        (other.clone(), 1),
    ];
    assert_eq!(places(&found), expected);
    // The base opened: its references reach both variants, not the game
    // that only shares the name.
    client.open(&base, &base_text);
    let found = references(&mut client, &base, cover_line as u32, 5, false);
    assert_eq!(places(&found), [(house.clone(), 1), (other.clone(), 1)]);
    // The base's name in the solo game stays in the solo game.
    let found = references(&mut client, &solo, cover_line as u32, 5, true);
    assert_eq!(places(&found), [(solo.clone(), cover_line)]);
    client.stop();
    assert_eq!(std::fs::read_to_string(&base_path).ok(), Some(base_text));
}

#[test]
fn rename_crosses_between_a_variant_and_its_base_file() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let base_text = BROKEN.replace("3-5", "3-6");
    std::fs::write(folder.path().join("base.rules"), &base_text).expect("written");
    let uri = |name: &str| {
        lsp_types::Url::from_file_path(folder.path().join(name))
            .expect("a file address")
            .to_string()
    };
    let (base, house, solo) = (uri("base.rules"), uri("house.rules"), uri("solo.rules"));
    let mut client = Client::start_in(&folder.path().join("cache"));
    let variant = "variant \"House\" of \"base.rules\" version \"1\"\nchange hit.cover -2\n";
    client.open(&house, variant);
    client.open(&solo, &base_text);
    // From the variant, the base not open: the base's file and the variant.
    let mut p = at(&house, 1, 13);
    p["newName"] = json!("in_cover");
    let edit = client.result("textDocument/rename", p);
    let changes = edit["changes"].as_object().expect("changes by file");
    let mut files: Vec<&String> = changes.keys().collect();
    files.sort();
    assert_eq!(files, [&base, &house], "the solo game is not of the family");
    let lines = |uri: &str| -> Vec<u64> {
        changes[uri]
            .as_array()
            .expect("edits")
            .iter()
            .map(|e| {
                assert_eq!(e["newText"], "in_cover");
                e["range"]["start"]["line"].as_u64().expect("a line")
            })
            .collect()
    };
    let uses: Vec<u64> = base_text
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            l.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .any(|w| w == "cover")
        })
        .map(|(i, _)| i as u64)
        .collect();
    assert!(!uses.is_empty());
    assert_eq!(lines(&base), uses);
    assert_eq!(lines(&house), [1]);
    client.stop();
}

#[test]
fn rename_of_a_bundled_name_is_refused() {
    let cache = tempfile::tempdir().expect("a temporary folder");
    let mut client = Client::start_in(cache.path());
    let house = "untitled:house.rules";
    client.open(house, SMOKE_HOUSE);
    let mut p = at(house, 1, 21);
    p["newName"] = json!("smoke");
    let r = client.request("textDocument/rename", p);
    let error = r.error.expect("refused");
    assert!(error.message.contains("bundled game"), "{}", error.message);
    client.stop();
}

/// The binary's server over its standard input and output, with
/// `XDG_CACHE_HOME` set: messages in, and each message out on a channel.
struct Process {
    child: std::process::Child,
    messages: mpsc::Receiver<Message>,
}

impl Process {
    fn start(cache_home: &Path) -> Self {
        let mut child = common::command()
            .arg("lsp")
            .env("XDG_CACHE_HOME", cache_home)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let out = child.stdout.take().expect("piped");
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(out);
            while let Ok(Some(m)) = Message::read(&mut out) {
                if sender.send(m).is_err() {
                    break;
                }
            }
        });
        Self { child, messages }
    }

    fn send(&mut self, message: &Message) {
        let input = self.child.stdin.as_mut().expect("piped");
        message.write(input).expect("the server reads");
        input.flush().expect("flushed");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&Message::Notification(Notification::new(
            method.to_string(),
            params,
        )));
    }

    /// The result of a request, skipping the notifications before it.
    fn result(&mut self, id: i32, method: &str, params: Value) -> Value {
        let id = RequestId::from(id);
        let request = Request::new(id.clone(), method.to_string(), params);
        self.send(&Message::Request(request));
        loop {
            let message = self
                .messages
                .recv_timeout(Duration::from_secs(30))
                .expect("the server answers");
            if let Message::Response(r) = message {
                assert_eq!(r.id, id);
                assert!(r.error.is_none(), "{method} failed: {:?}", r.error);
                return r.result.unwrap_or(Value::Null);
            }
        }
    }
}

#[test]
fn a_cache_folder_that_cannot_be_written_gives_no_location() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    // XDG_CACHE_HOME is a file: no folder can be made under it.
    let cache_home = folder.path().join("not-a-folder");
    std::fs::write(&cache_home, "").expect("written");
    let mut server = Process::start(&cache_home);
    server.result(1, "initialize", json!({ "capabilities": {} }));
    server.notify("initialized", json!({}));
    let house = "untitled:house.rules";
    let document =
        json!({ "uri": house, "languageId": "chartwright", "version": 1, "text": SMOKE_HOUSE });
    server.notify("textDocument/didOpen", json!({ "textDocument": document }));
    let found = server.result(2, "textDocument/definition", at(house, 1, 21));
    assert_eq!(found, Value::Null);
    // References stay in the file; the server goes on answering.
    let mut p = at(house, 1, 21);
    p["context"] = json!({ "includeDeclaration": true });
    let found = server.result(3, "textDocument/references", p);
    assert_eq!(found.as_array().map(Vec::len), Some(1), "{found}");
    assert_eq!(found[0]["uri"], house);
    server.result(4, "shutdown", Value::Null);
    server.notify("exit", Value::Null);
    let status = server.child.wait().expect("it exits");
    assert!(status.success(), "{status}");
    assert_eq!(std::fs::read(&cache_home).ok(), Some(Vec::new()));
}
