//! Completion: after `owner.`, the members of that declaration (a chart's
//! modifiers and choices, a choice's options), in a variant the base's
//! too; elsewhere the grammar's keywords (at the start of a line, the words
//! an entry starts with) and every declared name, by kind.

use super::analysis::Analysis;
use super::text::LineIndex;
use chartwright::{keywords, Declaration, DeclarationKind, Outline};
use lsp_types::{CompletionItem, CompletionItemKind, Position};

/// The completion kind an editor shows for a declaration.
fn item_kind(kind: DeclarationKind) -> CompletionItemKind {
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
    let line = text
        .get(..offset)
        .map_or("", |t| t.rsplit('\n').next().unwrap_or(""));
    let typed = line.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
    let own = analysis.outline_now().map(|(o, _)| o);
    let base = analysis.base_outline();
    let outlines: Vec<&Outline> = own.into_iter().chain(base.as_ref()).collect();
    if let Some(head) = typed.strip_suffix('.') {
        let owner = head
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        return names(&outlines, |d| d.owner.as_deref() == Some(owner));
    }
    let words: Vec<&str> = if typed.trim().is_empty() {
        let entries = keywords::DECLARATIONS.iter().chain(keywords::CLAUSES);
        entries.chain(keywords::CHANGES).copied().collect()
    } else {
        keywords::ALL.to_vec()
    };
    let mut items: Vec<CompletionItem> = Vec::new();
    for word in words {
        if !items.iter().any(|i| i.label == word) {
            items.push(CompletionItem {
                label: word.to_string(),
                kind: Some(CompletionItemKind::KEYWORD),
                ..CompletionItem::default()
            });
        }
    }
    items.extend(names(&outlines, |d| d.owner.is_none()));
    items
}

/// The declarations that `keep` picks, once per name and kind, labelled
/// with their kind and the sheet's words.
fn names(outlines: &[&Outline], keep: impl Fn(&Declaration) -> bool) -> Vec<CompletionItem> {
    let mut items: Vec<CompletionItem> = Vec::new();
    for d in outlines
        .iter()
        .flat_map(|o| &o.declarations)
        .filter(|d| keep(d))
    {
        let kind = Some(item_kind(d.kind));
        if items.iter().any(|i| i.label == d.name && i.kind == kind) {
            continue;
        }
        let detail = match &d.value {
            Some(v) => format!("{} {v} {}", d.kind.as_str(), d.label),
            None => format!("{} {}", d.kind.as_str(), d.label),
        };
        items.push(CompletionItem {
            label: d.name.clone(),
            kind,
            detail: Some(detail),
            ..CompletionItem::default()
        });
    }
    items
}
