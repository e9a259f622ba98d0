//! `chartwright lsp`: a language server over standard input and output.
//! One thread reads each message and answers it before the next: the open
//! documents are checked as `chartwright check` checks a file (diagnostics
//! published on open and on every change), and the requests read what that
//! check left. Every request gets an answer (an unknown method or bad
//! parameters an error); nothing a client sends makes it panic.
//!
//! `text` maps positions and applies edits, `analysis` checks a document,
//! `base` finds a variant's bases as documents (a bundled game written out
//! read-only), `navigate` (symbols, definition, references, rename), `hover` (with
//! `changes` for a variant's changes; an `expect` line through
//! `chartwright::editor`), `complete`, `format` (the whole document laid out), `actions` (quick fixes) and `lens` (the
//! expectations over each chart) answer the requests.

mod actions;
mod analysis;
mod base;
mod changes;
mod complete;
mod format;
mod hover;
mod lens;
mod navigate;
mod text;

use analysis::Analysis;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, CodeLensRequest, Completion, DocumentSymbolRequest, Formatting,
    GotoDefinition, HoverRequest, References, Rename, Request as _,
};
use lsp_types::{
    CodeActionProviderCapability, CodeLensOptions, CompletionOptions, DocumentSymbolResponse,
    GotoDefinitionResponse, HoverProviderCapability, OneOf, PublishDiagnosticsParams,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, Url,
};
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// What the server can do, as announced to the client.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![".".to_string()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// `chartwright lsp`: serves on standard input and output until the
/// client says exit.
pub fn main() -> Result<(), ExitCode> {
    let (connection, threads) = Connection::stdio();
    let fail = |e: String| {
        anstream::eprintln!("error: chartwright lsp: {e}");
        ExitCode::from(1)
    };
    // On a protocol error the reader thread may still wait on standard
    // input: the server exits without joining it, so it never hangs.
    serve(&connection).map_err(fail)?;
    drop(connection);
    threads.join().map_err(|e| fail(e.to_string()))
}

/// Runs the server on a connection: the handshake, then every message
/// until `shutdown` and `exit` (or until the client goes away). Bundled
/// games are written for the editor to open under the user's cache folder
/// (`$XDG_CACHE_HOME/chartwright/bundled`).
pub fn serve(connection: &Connection) -> Result<(), String> {
    serve_in(connection, base::bundled_folder())
}

/// [`serve`], writing the bundled games' read-only copies to `bundled`.
pub fn serve_in(connection: &Connection, bundled: PathBuf) -> Result<(), String> {
    let (id, _) = connection.initialize_start().map_err(|e| e.to_string())?;
    let result = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": { "name": "chartwright", "version": env!("CARGO_PKG_VERSION") },
    });
    connection
        .initialize_finish(id, result)
        .map_err(|e| e.to_string())?;
    let mut server = Server {
        connection,
        documents: HashMap::new(),
        bundled: base::BundledCopies::new(bundled),
    };
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| e.to_string())?
                {
                    return Ok(());
                }
                server.request(request)?;
            }
            Message::Notification(n) => server.notification(n)?,
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// The open documents and the way back to the client.
struct Server<'c> {
    connection: &'c Connection,
    documents: HashMap<Url, Analysis>,
    /// Where a bundled base is written for the editor to open.
    bundled: base::BundledCopies,
}

/// A request's answer: its result, or an error code and message.
type Answer = Result<serde_json::Value, (ErrorCode, String)>;

fn params<P: DeserializeOwned>(value: serde_json::Value) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(value).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

fn to_json(value: impl serde::Serialize) -> Answer {
    serde_json::to_value(value).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}

impl Server<'_> {
    fn send(&self, message: Message) -> Result<(), String> {
        self.connection
            .sender
            .send(message)
            .map_err(|e| e.to_string())
    }

    fn request(&mut self, request: Request) -> Result<(), String> {
        let Request { id, method, params } = request;
        let answer = self.answer(&method, params);
        self.respond(id, answer)
    }

    fn respond(&self, id: RequestId, answer: Answer) -> Result<(), String> {
        let response = match answer {
            Ok(result) => Response::new_ok(id, result),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(Message::Response(response))
    }

    /// The answer to one request.
    fn answer(&self, method: &str, value: serde_json::Value) -> Answer {
        match method {
            HoverRequest::METHOD => {
                let p: lsp_types::HoverParams = params(value)?;
                let at = p.text_document_position_params;
                let doc = self.document(&at.text_document.uri)?;
                to_json(hover::hover(doc, at.position))
            }
            Completion::METHOD => {
                let p: lsp_types::CompletionParams = params(value)?;
                let at = p.text_document_position;
                let doc = self.document(&at.text_document.uri)?;
                to_json(complete::complete(doc, at.position))
            }
            GotoDefinition::METHOD => {
                let p: lsp_types::GotoDefinitionParams = params(value)?;
                let at = p.text_document_position_params;
                let doc = self.document(&at.text_document.uri)?;
                let found = navigate::definition(doc, at.position, &self.workspace());
                to_json(found.map(GotoDefinitionResponse::Scalar))
            }
            References::METHOD => {
                let p: lsp_types::ReferenceParams = params(value)?;
                let at = p.text_document_position;
                let doc = self.document(&at.text_document.uri)?;
                let with_declaration = p.context.include_declaration;
                let ws = self.workspace();
                to_json(navigate::references(
                    doc,
                    at.position,
                    with_declaration,
                    &ws,
                ))
            }
            DocumentSymbolRequest::METHOD => {
                let p: lsp_types::DocumentSymbolParams = params(value)?;
                let doc = self.document(&p.text_document.uri)?;
                to_json(DocumentSymbolResponse::Nested(navigate::symbols(doc)))
            }
            Rename::METHOD => {
                let p: lsp_types::RenameParams = params(value)?;
                let at = p.text_document_position;
                let doc = self.document(&at.text_document.uri)?;
                match navigate::rename(doc, at.position, &p.new_name, &self.workspace()) {
                    Ok(edit) => to_json(edit),
                    Err(navigate::RenameRefused::NotDeclared) => to_json(None::<()>),
                    Err(
                        navigate::RenameRefused::BadName(why)
                        | navigate::RenameRefused::Bundled(why),
                    ) => Err((ErrorCode::InvalidParams, why)),
                }
            }
            CodeActionRequest::METHOD => {
                let p: lsp_types::CodeActionParams = params(value)?;
                let doc = self.document(&p.text_document.uri)?;
                to_json(actions::actions(doc, p.range))
            }
            CodeLensRequest::METHOD => {
                let p: lsp_types::CodeLensParams = params(value)?;
                let doc = self.document(&p.text_document.uri)?;
                to_json(lens::lenses(doc))
            }
            Formatting::METHOD => {
                let p: lsp_types::DocumentFormattingParams = params(value)?;
                let doc = self.document(&p.text_document.uri)?;
                to_json(format::formatting(doc))
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("chartwright lsp does not answer `{method}`"),
            )),
        }
    }

    /// Where names are looked for beyond their own file.
    fn workspace(&self) -> base::Workspace<'_> {
        base::Workspace {
            documents: &self.documents,
            bundled: &self.bundled,
        }
    }

    fn document(&self, uri: &Url) -> Result<&Analysis, (ErrorCode, String)> {
        self.documents
            .get(uri)
            .ok_or_else(|| (ErrorCode::InvalidParams, format!("{uri} is not open")))
    }

    /// A notification: the documents opened, changed and closed. Bad
    /// parameters are ignored (a notification has no answer to carry an
    /// error).
    fn notification(&mut self, n: Notification) -> Result<(), String> {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) = params::<lsp_types::DidOpenTextDocumentParams>(n.params) else {
                    return Ok(());
                };
                let uri = p.text_document.uri;
                let doc = Analysis::new(uri.clone(), p.text_document.text);
                self.documents.insert(uri.clone(), doc);
                self.publish(&uri, Some(p.text_document.version))
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) = params::<lsp_types::DidChangeTextDocumentParams>(n.params) else {
                    return Ok(());
                };
                let uri = p.text_document.uri;
                let Some(doc) = self.documents.get_mut(&uri) else {
                    return Ok(());
                };
                for change in p.content_changes {
                    text::apply_change(&mut doc.text, change);
                }
                self.publish(&uri, Some(p.text_document.version))
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) = params::<lsp_types::DidCloseTextDocumentParams>(n.params) else {
                    return Ok(());
                };
                let uri = p.text_document.uri;
                self.documents.remove(&uri);
                // A closed document shows no diagnostics.
                self.send_diagnostics(PublishDiagnosticsParams::new(uri, Vec::new(), None))
            }
            _ => Ok(()),
        }
    }

    /// Checks a document again and publishes its diagnostics.
    fn publish(&mut self, uri: &Url, version: Option<i32>) -> Result<(), String> {
        let Some(doc) = self.documents.get_mut(uri) else {
            return Ok(());
        };
        let diagnostics = doc.check();
        self.send_diagnostics(PublishDiagnosticsParams::new(
            uri.clone(),
            diagnostics,
            version,
        ))
    }

    fn send_diagnostics(&self, p: PublishDiagnosticsParams) -> Result<(), String> {
        let params = serde_json::to_value(p).map_err(|e| e.to_string())?;
        let n = Notification::new(PublishDiagnostics::METHOD.to_string(), params);
        self.send(Message::Notification(n))
    }
}
