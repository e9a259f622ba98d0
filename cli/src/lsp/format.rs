//! `textDocument/formatting`: the whole document in the canonical layout
//! (`chartwright::format`, what `chartwright fmt` writes), as one edit.

use super::analysis::Analysis;
use super::text::LineIndex;
use chartwright::{format, SourceId};
use lsp_types::TextEdit;

/// The edits that lay the document out: none when it already is, one
/// replacing the whole text otherwise. A document that does not parse is
/// left as it is (`None`): its diagnostics already say why, and a file is
/// never laid out from a guess.
pub fn formatting(doc: &Analysis) -> Option<Vec<TextEdit>> {
    let formatted = format(SourceId::new(0), &doc.text).ok()?;
    if formatted == doc.text {
        return Some(Vec::new());
    }
    let whole = LineIndex::new(&doc.text).range(0, doc.text.len());
    Some(vec![TextEdit::new(whole, formatted)])
}
