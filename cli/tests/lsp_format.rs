//! `textDocument/formatting` end to end: the server on a thread, driven
//! through `lsp-server`'s in-memory connection. The layout expected is
//! written out by hand here.

use chartwright_cli::lsp::serve;
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long any answer may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(30);

const URI: &str = "file:///tmp/chartwright-lsp-format-test/demo.rules";

/// A client of a server running on its own thread.
struct Client {
    connection: Connection,
    server: Option<JoinHandle<Result<(), String>>>,
    next_id: i32,
}

impl Client {
    fn start() -> Self {
        let (server_side, client_side) = Connection::memory();
        let server = std::thread::spawn(move || serve(&server_side));
        let mut client = Client {
            connection: client_side,
            server: Some(server),
            next_id: 0,
        };
        let init = client.request("initialize", json!({ "capabilities": {} }));
        let caps = &init.result.expect("initialize answered")["capabilities"];
        assert_eq!(caps["documentFormattingProvider"], json!(true));
        client.notify("initialized", json!({}));
        client
    }

    fn send(&self, message: Message) {
        self.connection
            .sender
            .send(message)
            .expect("server is listening");
    }

    /// Sends a request and waits for its response (notifications, such as
    /// diagnostics, are passed over).
    fn request(&mut self, method: &str, params: Value) -> Response {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.send(Message::Request(Request::new(
            id.clone(),
            method.to_string(),
            params,
        )));
        loop {
            match self
                .connection
                .receiver
                .recv_timeout(PATIENCE)
                .expect("an answer")
            {
                Message::Response(r) if r.id == id => return r,
                Message::Response(r) => panic!("a response to another request: {r:?}"),
                Message::Notification(_) => {}
                Message::Request(r) => panic!("the server asked {r:?}"),
            }
        }
    }

    fn notify(&self, method: &str, params: Value) {
        self.send(Message::Notification(Notification::new(
            method.to_string(),
            params,
        )));
    }

    fn format(&mut self) -> Value {
        let r = self.request(
            "textDocument/formatting",
            json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 2, "insertSpaces": true } }),
        );
        assert!(r.error.is_none(), "formatting failed: {:?}", r.error);
        r.result.unwrap_or(Value::Null)
    }

    fn stop(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert!(r.error.is_none());
        self.notify("exit", Value::Null);
        let server = self.server.take().expect("started");
        assert_eq!(server.join().expect("no panic"), Ok(()));
    }
}

/// Laid out badly: run together, indented at random, a comment at a line's
/// end; `é` before the end, so the edit's end is counted in UTF-16 units.
const MESSY: &str = "game \"Demo\" version \"1\"\ntable hit \"To Hit\" { roll d6\n    modifiers { cover -1 \"In cover\" # soft\n  elite +1 \"Élite\" }\n rows { 1-2 => \"Miss\" 3-6 => \"Hit\" } }\n# fin é";

/// [`MESSY`] formatted, written out by hand.
const TIDY: &str = "game \"Demo\" version \"1\"\ntable hit \"To Hit\" {\n  roll d6\n  modifiers {\n    cover -1 \"In cover\"  # soft\n    elite +1 \"Élite\"\n  }\n  rows {\n    1-2 => \"Miss\"\n    3-6 => \"Hit\"\n  }\n}\n# fin é\n";

#[test]
fn formatting_replaces_the_whole_document_with_its_layout() {
    let mut client = Client::start();
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": URI, "languageId": "chartwright", "version": 1, "text": MESSY } }),
    );
    let edits = client.format();
    assert_eq!(
        edits,
        json!([{
            "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 5, "character": 7 } },
            "newText": TIDY,
        }])
    );
    // Once laid out, there is nothing to change.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [{ "text": TIDY }] }),
    );
    assert_eq!(client.format(), json!([]));
    // A text that does not parse is left as it is.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 3 }, "contentChanges": [{ "text": "game \"Demo\" version \"1\"\ntable {" }] }),
    );
    assert_eq!(client.format(), Value::Null);
    // A document that is not open is an error, not a crash.
    let r = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": "file:///nowhere.rules" }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    assert!(r.error.is_some());
    client.stop();
}
