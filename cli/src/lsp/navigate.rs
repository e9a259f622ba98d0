//! The outline and moving about a file: document symbols, go to
//! definition (into a variant's bases, on disk or bundled), find
//! references and rename (across a base and its open variants). Declarations come from the library's
//! [`chartwright::outline`]; uses of a name are its name tokens in the text
//! (outside comments and strings), so a member name shared by two charts
//! finds the uses of both.

use super::analysis::Analysis;
use super::base::{Document, Workspace};
use super::text::{uses_of, word_at, LineIndex};
use chartwright::{Declaration, DeclarationKind};
use lsp_types::{DocumentSymbol, Location, Position, SymbolKind, TextEdit, WorkspaceEdit};
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
/// nearest of the variant's bases that declares it (a file on disk, or a
/// bundled game's read-only copy).
pub fn definition(analysis: &Analysis, position: Position, ws: &Workspace<'_>) -> Option<Location> {
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
    ws.bases(&Document::open(analysis))
        .into_iter()
        .find_map(|base| {
            let d = declaration_of(base.outline.as_ref()?, &word)?;
            let index = LineIndex::new(&base.text);
            let range = index.range(d.name_span.start as usize, d.name_span.end as usize);
            Some(Location::new(base.uri.clone(), range))
        })
}

/// Every use of the name at `position`; with `declaration` false, all but
/// its declaration. A name a base declares is looked for in that base and
/// in every open variant of it (this one too); a name this file declares,
/// here and in its open variants; any other name, here only.
pub fn references(
    analysis: &Analysis,
    position: Position,
    declaration: bool,
    ws: &Workspace<'_>,
) -> Vec<Location> {
    let text = &analysis.text;
    let Some(word) = word_at(text, LineIndex::new(text).offset(position)) else {
        return Vec::new();
    };
    let here = Document::open(analysis);
    let declares = |d: &Document| {
        d.outline
            .as_ref()
            .and_then(|o| declaration_of(o, &word))
            .is_some()
    };
    let family = if declares(&here) {
        family(here, ws)
    } else {
        match ws.bases(&here).into_iter().find(|b| declares(b)) {
            Some(base) => family(base, ws),
            None => vec![here],
        }
    };
    family
        .iter()
        .enumerate()
        .flat_map(|(i, doc)| {
            // The declaration is in the first: the one that declares it.
            let declared = (i == 0)
                .then(|| doc.outline.as_ref().and_then(|o| declaration_of(o, &word)))
                .flatten()
                .map(|d| (d.name_span.start as usize, d.name_span.end as usize));
            let index = LineIndex::new(&doc.text);
            uses_of(&doc.text, word.name)
                .into_iter()
                .filter(move |&at| declaration || Some(at) != declared)
                .map(move |(start, end)| Location::new(doc.uri.clone(), index.range(start, end)))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// `owner` and every open document that has it among its bases, in the
/// order of their addresses.
fn family(owner: Document, ws: &Workspace<'_>) -> Vec<Document> {
    let Some(path) = owner.path.clone() else {
        return vec![owner];
    };
    let mut variants: Vec<Document> = ws
        .documents
        .values()
        .map(Document::open)
        .filter(|d| d.uri != owner.uri && !d.is(&path))
        .filter(|d| ws.bases(d).iter().any(|b| b.is(&path)))
        .collect();
    variants.sort_by(|a, b| a.uri.as_str().cmp(b.uri.as_str()));
    let mut all = vec![owner];
    all.append(&mut variants);
    all
}

/// Why a rename was refused.
pub enum RenameRefused {
    /// The cursor is on no name this file or its bases declare.
    NotDeclared,
    /// The new name is not a name (or is a keyword).
    BadName(String),
    /// The name is declared in a bundled game, which cannot be edited.
    Bundled(String),
}

/// Renames the declared name at `position` where it is declared and at
/// every use: in the file that declares it (this one, or a base file on
/// disk) and in every open variant of that file. A name a bundled game
/// declares is refused: its text is the binary's.
pub fn rename(
    analysis: &Analysis,
    position: Position,
    new_name: &str,
    ws: &Workspace<'_>,
) -> Result<WorkspaceEdit, RenameRefused> {
    let text = &analysis.text;
    let word =
        word_at(text, LineIndex::new(text).offset(position)).ok_or(RenameRefused::NotDeclared)?;
    let here = Document::open(analysis);
    let declares = |d: &Document| {
        d.outline
            .as_ref()
            .and_then(|o| declaration_of(o, &word))
            .is_some()
    };
    let owner = if declares(&here) {
        here
    } else {
        ws.bases(&here)
            .into_iter()
            .find(|b| declares(b))
            .ok_or(RenameRefused::NotDeclared)?
    };
    if ws.is_bundled(&owner) {
        return Err(RenameRefused::Bundled(format!(
            "`{}` is declared in a bundled game, which cannot be edited: a variant can `replace` what uses it, or `add` a name of its own",
            word.name
        )));
    }
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
    let changes = family(owner, ws)
        .into_iter()
        .map(|doc| {
            let index = LineIndex::new(&doc.text);
            let edits = uses_of(&doc.text, word.name)
                .into_iter()
                .map(|(start, end)| TextEdit::new(index.range(start, end), new_name.to_string()))
                .collect();
            (doc.uri, edits)
        })
        .collect::<HashMap<_, Vec<TextEdit>>>();
    Ok(WorkspaceEdit::new(changes))
}
