//! The outline and moving about a file: document symbols, go to
//! definition (into a variant's base when it is a file on disk), find
//! references and rename. Declarations come from the library's
//! [`chartwright::outline`]; uses of a name are its name tokens in the text
//! (outside comments and strings), so a member name shared by two charts
//! finds the uses of both.

use super::analysis::Analysis;
use super::text::{uses_of, word_at, LineIndex};
use chartwright::{Declaration, DeclarationKind};
use lsp_types::{DocumentSymbol, Location, Position, SymbolKind, TextEdit, Url, WorkspaceEdit};
use std::collections::HashMap;

/// The symbol kind an editor shows for a declaration.
fn symbol_kind(kind: DeclarationKind) -> SymbolKind {
    match kind {
        DeclarationKind::Grid => SymbolKind::STRUCT,
        DeclarationKind::Notes => SymbolKind::STRING,
        DeclarationKind::Choice => SymbolKind::ENUM,
        DeclarationKind::Option => SymbolKind::ENUM_MEMBER,
        DeclarationKind::Flag => SymbolKind::BOOLEAN,
        DeclarationKind::Param => SymbolKind::VARIABLE,
        DeclarationKind::ModifierSet => SymbolKind::MODULE,
        DeclarationKind::Modifier => SymbolKind::FIELD,
        // Charts and ladders, and any kind added later.
        _ => SymbolKind::FUNCTION,
    }
}

/// The outline as nested symbols: each top-level declaration with its
/// members (a local choice with its options); a variant's new member of a
/// base declaration stands alone as `owner.member`.
pub fn symbols(analysis: &Analysis) -> Vec<DocumentSymbol> {
    let Some(outline) = &analysis.outline else {
        return Vec::new();
    };
    let index = LineIndex::new(&analysis.text);
    let mut top: Vec<DocumentSymbol> = Vec::new();
    for d in &outline.declarations {
        let symbol = symbol(d, &index);
        let Some(owner) = d.owner.as_deref() else {
            top.push(symbol);
            continue;
        };
        match top.last_mut().and_then(|t| holder(t, owner)) {
            Some(holder) => holder.children.get_or_insert_with(Vec::new).push(symbol),
            None => top.push(DocumentSymbol {
                name: format!("{owner}.{}", d.name),
                ..symbol
            }),
        }
    }
    top
}

/// The symbol named `owner`: `top` itself or one of its children.
fn holder<'s>(top: &'s mut DocumentSymbol, owner: &str) -> Option<&'s mut DocumentSymbol> {
    if top.name == owner {
        return Some(top);
    }
    top.children
        .as_mut()?
        .iter_mut()
        .rev()
        .find(|c| c.name == owner)
}

#[allow(deprecated)] // `deprecated` is a field the protocol still requires
fn symbol(d: &Declaration, index: &LineIndex<'_>) -> DocumentSymbol {
    let detail = match &d.value {
        Some(v) => format!("{} {v} {}", d.kind.as_str(), d.label),
        None => format!("{} {}", d.kind.as_str(), d.label),
    };
    DocumentSymbol {
        name: d.name.clone(),
        detail: Some(detail),
        kind: symbol_kind(d.kind),
        tags: None,
        deprecated: None,
        range: index.range(d.span.start as usize, d.span.end as usize),
        selection_range: index.range(d.name_span.start as usize, d.name_span.end as usize),
        children: None,
    }
}

pub use chartwright::editor::declaration_of;

/// Where the name at `position` is declared: in the file, else in the
/// variant's base file.
pub fn definition(analysis: &Analysis, position: Position) -> Option<Location> {
    let text = &analysis.text;
    let word = word_at(text, LineIndex::new(text).offset(position))?;
    if let Some(d) = analysis
        .outline
        .as_ref()
        .and_then(|o| declaration_of(o, &word))
    {
        let range =
            LineIndex::new(text).range(d.name_span.start as usize, d.name_span.end as usize);
        return Some(Location::new(analysis.uri.clone(), range));
    }
    let (path, base_text) = analysis.base_file()?;
    let base = chartwright::outline(chartwright::SourceId::new(0), &base_text).ok()?;
    let d = declaration_of(&base, &word)?;
    let range =
        LineIndex::new(&base_text).range(d.name_span.start as usize, d.name_span.end as usize);
    Some(Location::new(Url::from_file_path(path).ok()?, range))
}

/// Every use of the name at `position` in the file; with `declaration`
/// false, all but its declaration.
pub fn references(analysis: &Analysis, position: Position, declaration: bool) -> Vec<Location> {
    let text = &analysis.text;
    let index = LineIndex::new(text);
    let Some(word) = word_at(text, index.offset(position)) else {
        return Vec::new();
    };
    let declared = analysis
        .outline
        .as_ref()
        .and_then(|o| declaration_of(o, &word))
        .map(|d| (d.name_span.start as usize, d.name_span.end as usize));
    uses_of(text, word.name)
        .into_iter()
        .filter(|&at| declaration || Some(at) != declared)
        .map(|(start, end)| Location::new(analysis.uri.clone(), index.range(start, end)))
        .collect()
}

/// Why a rename was refused.
pub enum RenameRefused {
    /// The cursor is on no name this file declares.
    NotDeclared,
    /// The new name is not a name (or is a keyword).
    BadName(String),
}

/// Renames the declared name at `position` and every use of it in the
/// file.
pub fn rename(
    analysis: &Analysis,
    position: Position,
    new_name: &str,
) -> Result<WorkspaceEdit, RenameRefused> {
    let text = &analysis.text;
    let index = LineIndex::new(text);
    let word = word_at(text, index.offset(position)).ok_or(RenameRefused::NotDeclared)?;
    analysis
        .outline
        .as_ref()
        .and_then(|o| declaration_of(o, &word))
        .ok_or(RenameRefused::NotDeclared)?;
    let is_name = new_name.starts_with(|c: char| c.is_ascii_lowercase())
        && new_name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !chartwright::keywords::ALL.contains(&new_name);
    if !is_name {
        return Err(RenameRefused::BadName(format!(
            "`{new_name}` is not a name: a name starts with a lowercase letter, holds letters, digits and `_`, and is no keyword"
        )));
    }
    let edits = uses_of(text, word.name)
        .into_iter()
        .map(|(start, end)| TextEdit::new(index.range(start, end), new_name.to_string()))
        .collect();
    Ok(WorkspaceEdit::new(HashMap::from([(
        analysis.uri.clone(),
        edits,
    )])))
}
