//! `chartwright lsp` answering as an editor asks, on the largest bundled
//! game (First Echelon, 714 lines): the server on its own thread, driven
//! through `lsp-server`'s in-memory connection, each sample one round
//! trip (the request sent, its answer received).
//!
//! - `diagnostics_after_edit`: a character typed in a comment and taken
//!   out again, alternately, each change checked again and its
//!   diagnostics published;
//! - `hover_odds`: a hover on `fire_combat`, its exact odds computed;
//! - `completion`: on an empty line, every keyword and declared name;
//! - `code_lens_after_edit`: an edit, then the code lenses, so every
//!   `expect` line is checked again (63 of them);
//! - `hover_change`: a variant's `change fire_combat...` line hovered: the
//!   base's declaration and the chart's diff.

use criterion::Criterion;
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::time::Duration;

const URI: &str = "file:///bench/first_echelon.rules";
const VARIANT: &str = "file:///bench/smoke.rules";

struct Client {
    connection: Connection,
    next_id: i32,
    /// The UTF-16 length of the game's first line, where the edits go.
    first_line: u32,
}

impl Client {
    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.connection
            .sender
            .send(Message::Notification(n))
            .expect("the server listens");
    }

    /// Sends a request and waits for its answer, skipping notifications.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let r = Request::new(id.clone(), method.to_string(), params);
        self.connection
            .sender
            .send(Message::Request(r))
            .expect("the server listens");
        loop {
            match self.connection.receiver.recv().expect("the server answers") {
                Message::Response(r) if r.id == id => return r.result.unwrap_or(Value::Null),
                _ => {}
            }
        }
    }

    /// Waits for the next diagnostics published.
    fn diagnostics(&self) -> Value {
        loop {
            if let Message::Notification(n) =
                self.connection.receiver.recv().expect("the server answers")
            {
                if n.method == "textDocument/publishDiagnostics" {
                    return n.params;
                }
            }
        }
    }

    fn open(&self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "chartwright", "version": 1, "text": text } }),
        );
        let published = self.diagnostics();
        assert_eq!(published["diagnostics"], json!([]), "{published}");
    }

    /// Types `x` at the end of the first line (a comment), or takes it out.
    fn edit(&self, version: i32) {
        let (end, text) = if version % 2 == 0 { (0, "x") } else { (1, "") };
        let at = |c: u32| json!({ "line": 0, "character": self.first_line + c });
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": URI, "version": version },
                "contentChanges": [{ "range": { "start": at(0), "end": at(end) }, "text": text }]
            }),
        );
    }
}

fn at(uri: &str, line: usize, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let (server_side, client_side) = Connection::memory();
    let server = std::thread::spawn(move || chartwright_cli::lsp::serve(&server_side));
    let text = chartwright::bundled::source("first_echelon").expect("bundled");
    let first = text.lines().next().unwrap_or_default();
    assert!(first.starts_with('#'), "the first line is a comment");
    let mut client = Client {
        connection: client_side,
        next_id: 0,
        first_line: u32::try_from(first.encode_utf16().count()).expect("a short line"),
    };
    client.request("initialize", json!({ "capabilities": {} }));
    client.notify("initialized", json!({}));
    client.open(URI, text);
    let fire_combat = text
        .lines()
        .position(|l| l.starts_with("table fire_combat"))
        .expect("Fire Combat");
    let empty = text.lines().position(str::is_empty).expect("an empty line");
    let smoke = "variant \"Smoke\" of first_echelon version \"1\"\nchange direct_fire_modifiers.df_smoke -3\n";
    client.open(VARIANT, smoke);

    // Each request does the work it is timed for.
    let hover = client.request("textDocument/hover", at(URI, fire_combat, 8));
    assert!(hover.to_string().contains("| No effect | 4/5 |"), "{hover}");
    let items = client.request("textDocument/completion", at(URI, empty, 0));
    assert!(items.as_array().is_some_and(|i| i.len() > 50), "{items}");
    let lenses = client.request(
        "textDocument/codeLens",
        json!({ "textDocument": { "uri": URI } }),
    );
    assert!(lenses.to_string().contains("expectations hold"), "{lenses}");
    let change = client.request("textDocument/hover", at(VARIANT, 1, 2));
    assert!(
        change.to_string().contains("The variant's odds"),
        "{change}"
    );

    let mut group = c.benchmark_group("lsp");
    let mut version = 1;
    group.bench_function("diagnostics_after_edit", |b| {
        b.iter(|| {
            version += 1;
            client.edit(version);
            client.diagnostics()
        });
    });
    group.bench_function("hover_odds", |b| {
        b.iter(|| client.request("textDocument/hover", at(URI, fire_combat, 8)));
    });
    group.bench_function("completion", |b| {
        b.iter(|| client.request("textDocument/completion", at(URI, empty, 0)));
    });
    group.bench_function("code_lens_after_edit", |b| {
        b.iter(|| {
            version += 1;
            client.edit(version);
            client.diagnostics();
            client.request(
                "textDocument/codeLens",
                json!({ "textDocument": { "uri": URI } }),
            )
        });
    });
    group.bench_function("hover_change", |b| {
        b.iter(|| client.request("textDocument/hover", at(VARIANT, 1, 2)));
    });
    group.finish();
    c.final_summary();
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    server.join().expect("no panic").expect("a clean end");
}
