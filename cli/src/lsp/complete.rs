//! Completion: the library's ([`chartwright::editor::completions`]) over
//! the document's outline and, in a variant, its base's: after `owner.`,
//! the members of that declaration; elsewhere the grammar's keywords (at
//! the start of a line, the words an entry starts with) and every declared
//! name, by kind.

use super::analysis::Analysis;
use super::text::LineIndex;
use chartwright::editor::{completions, CompletionKind};
use chartwright::{DeclarationKind, Outline};
use lsp_types::{CompletionItem, CompletionItemKind, Position};

/// The completion kind an editor shows for a completion.
fn item_kind(kind: CompletionKind) -> CompletionItemKind {
    let CompletionKind::Declared(kind) = kind else {
        return CompletionItemKind::KEYWORD;
    };
    match kind {
        DeclarationKind::Grid => CompletionItemKind::STRUCT,
        DeclarationKind::Notes => CompletionItemKind::TEXT,
        DeclarationKind::Choice => CompletionItemKind::ENUM,
        DeclarationKind::Option => CompletionItemKind::ENUM_MEMBER,
        DeclarationKind::Flag => CompletionItemKind::CONSTANT,
        DeclarationKind::Param => CompletionItemKind::VARIABLE,
        DeclarationKind::ModifierSet => CompletionItemKind::MODULE,
        DeclarationKind::Modifier => CompletionItemKind::FIELD,
        _ => CompletionItemKind::FUNCTION,
    }
}

/// The completions at `position`.
pub fn complete(analysis: &Analysis, position: Position) -> Vec<CompletionItem> {
    let text = &analysis.text;
    let offset = LineIndex::new(text).offset(position);
    let own = analysis.outline_now().map(|(o, _)| o);
    let base = analysis.base_outline();
    let outlines: Vec<&Outline> = own.into_iter().chain(base.as_ref()).collect();
    completions(&outlines, text, offset)
        .into_iter()
        .map(|c| CompletionItem {
            kind: Some(item_kind(c.kind)),
            label: c.label,
            detail: c.detail,
            ..CompletionItem::default()
        })
        .collect()
}
