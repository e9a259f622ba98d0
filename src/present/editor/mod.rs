//! What an editor asks of a text at a cursor, for every front end that
//! edits rules (the language server, the playground): the name written
//! there and what declares it ([`word_at`], [`declaration_of`]), the
//! completions that fit there ([`completions`]), a chart's exact odds in
//! the sheet picture's situation ([`example_odds`]), and what a whole line
//! says: an `expect` line checked ([`expect_lines`]), a variant's change
//! and the base's declaration it changes ([`change_target`],
//! [`changed_declaration`]). Offsets are bytes of the text; a front end
//! converts its own positions.

use crate::engine::budget::Budget;
use crate::engine::choices::Choices;
use crate::engine::error::RollError;
use crate::engine::odds::Odds;
use crate::ruleset::ChartRef;
use crate::syntax::outline::{Declaration, DeclarationKind, Outline};
use crate::syntax::parser::keywords;

mod lines;
pub use lines::{
    change_situation, change_target, changed_declaration, expect_line_on, expect_lines,
    expect_summary, ExpectLine,
};

/// A name in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Word<'t> {
    /// The name.
    pub name: &'t str,
    /// Its first byte.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// The name before the `.` ahead of it, if any (`owner` of
    /// `owner.member`).
    pub owner: Option<&'t str>,
}

impl<'t> Word<'t> {
    /// The name `name` written at byte `start`, after `owner.` if given.
    #[must_use]
    pub fn new(name: &'t str, start: usize, owner: Option<&'t str>) -> Self {
        Self {
            name,
            start,
            end: start + name.len(),
            owner,
        }
    }
}

/// A character a name may hold (the grammar's `ident_char`).
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The name at a byte offset (touching it from either side), with its
/// byte range and its owner; none where no name touches the offset, or
/// where the offset falls inside a character.
///
/// ```
/// use chartwright::editor::word_at;
/// let w = word_at("change bog_down.tracked +1", 18).unwrap();
/// assert_eq!((w.name, w.owner, w.start, w.end), ("tracked", Some("bog_down"), 16, 23));
/// ```
#[must_use]
pub fn word_at(text: &str, offset: usize) -> Option<Word<'_>> {
    let offset = offset.min(text.len());
    let before = text.get(..offset)?;
    let after = text.get(offset..)?;
    let start = name_start(before);
    let end = offset
        + after
            .find(|c: char| !is_name_char(c))
            .unwrap_or(after.len());
    let name = text.get(start..end).filter(|w| !w.is_empty())?;
    let owner = text.get(..start).and_then(|head| {
        let head = head.strip_suffix('.')?;
        head.get(name_start(head)..).filter(|w| !w.is_empty())
    });
    Some(Word {
        name,
        start,
        end,
        owner,
    })
}

/// Where the name that ends `head` starts: past its last character that
/// is no name's.
fn name_start(head: &str) -> usize {
    head.char_indices()
        .rev()
        .find(|&(_, c)| !is_name_char(c))
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// The declaration a word names in `outline`: the member of its owner
/// when it has one, else a top-level name, else any declaration so named.
#[must_use]
pub fn declaration_of<'o>(outline: &'o Outline, word: &Word<'_>) -> Option<&'o Declaration> {
    let named = || outline.declarations.iter().filter(|d| d.name == word.name);
    named()
        .find(|d| word.owner.is_some() && d.owner.as_deref() == word.owner)
        .or_else(|| named().find(|d| d.owner.is_none()))
        .or_else(|| named().next())
}

/// What a [`Completion`] offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CompletionKind {
    /// A word of the grammar.
    Keyword,
    /// A declared name of this kind.
    Declared(DeclarationKind),
}

/// One word an editor may offer at the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Completion {
    /// The word.
    pub label: String,
    /// What it is.
    pub kind: CompletionKind,
    /// For a declared name: its kind, a modifier's value, and its label
    /// (`modifier +1 rallied last turn`).
    pub detail: Option<String>,
}

/// The completions at a byte offset of `text`, from the outlines given
/// (the text's own, then a variant's base): after `owner.`, the members
/// of that declaration (a chart's modifiers and choices, a choice's
/// options); elsewhere the grammar's keywords (at the start of a line,
/// the words an entry starts with) and every top-level name, by kind.
///
/// ```
/// use chartwright::editor::{completions, CompletionKind};
/// use chartwright::{outline, DeclarationKind, SourceId};
/// let text = "game \"Demo\" version \"1\"\ntable hit \"Hit\" { roll d6 modifiers { cover -1 \"In cover\" } rows { 2 or less => \"Miss\" 3-6 => \"Hit\" } }\n# hit.";
/// let o = outline(SourceId::new(0), text).unwrap();
/// let members = completions(&[&o], text, text.len());
/// assert_eq!(members[0].label, "cover");
/// assert_eq!(members[0].kind, CompletionKind::Declared(DeclarationKind::Modifier));
/// ```
#[must_use]
pub fn completions(outlines: &[&Outline], text: &str, offset: usize) -> Vec<Completion> {
    let line = text
        .get(..offset)
        .map_or("", |t| t.rsplit('\n').next().unwrap_or(""));
    let typed = line.trim_end_matches(is_name_char);
    if let Some(head) = typed.strip_suffix('.') {
        let owner = &head[name_start(head)..];
        return names(outlines, |d| d.owner.as_deref() == Some(owner));
    }
    let words: Vec<&str> = if typed.trim().is_empty() {
        let entries = keywords::DECLARATIONS.iter().chain(keywords::CLAUSES);
        entries.chain(keywords::CHANGES).copied().collect()
    } else {
        keywords::ALL.to_vec()
    };
    let mut items: Vec<Completion> = Vec::new();
    for word in words {
        if !items.iter().any(|i| i.label == word) {
            items.push(Completion {
                label: word.to_owned(),
                kind: CompletionKind::Keyword,
                detail: None,
            });
        }
    }
    items.extend(names(outlines, |d| d.owner.is_none()));
    items
}

/// The declarations that `keep` picks, once per name and kind, with their
/// kind and the sheet's words.
fn names(outlines: &[&Outline], keep: impl Fn(&Declaration) -> bool) -> Vec<Completion> {
    let mut items: Vec<Completion> = Vec::new();
    for d in outlines
        .iter()
        .flat_map(|o| &o.declarations)
        .filter(|d| keep(d))
    {
        let kind = CompletionKind::Declared(d.kind);
        if items.iter().any(|i| i.label == d.name && i.kind == kind) {
            continue;
        }
        let detail = match &d.value {
            Some(v) => format!("{} {v} {}", d.kind.as_str(), d.label),
            None => format!("{} {}", d.kind.as_str(), d.label),
        };
        items.push(Completion {
            label: d.name.clone(),
            kind,
            detail: Some(detail),
        });
    }
    items
}

/// A chart's exact odds in the situation its sheet picture shows
/// ([`ChartRef::example_choices`]), within one budget of the ruleset's
/// limits (the answer's size charged too): the situation, and the odds or
/// why there are none. What an editor shows when a chart's name is hovered.
///
/// ```
/// use chartwright::{editor::example_odds, Ruleset};
/// let rules = Ruleset::from_file("first_echelon").unwrap();
/// let (_, odds) = example_odds(&rules.chart("bog_down").unwrap());
/// assert!(odds.is_ok());
/// ```
pub fn example_odds(chart: &ChartRef<'_>) -> (Choices, Result<Odds, RollError>) {
    let choices = chart.example_choices();
    let odds = chart.bind(&choices).and_then(|bound| {
        let mut budget = Budget::new(chart.ruleset().limits());
        let o = bound.odds_in(&mut budget)?;
        budget.charge_answer(&o)?;
        Ok(o)
    });
    (choices, odds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::outline::outline;
    use crate::syntax::span::SourceId;

    const GAME: &str = "game \"G\" version \"1\"\nchoice side \"Side\" { red \"Red\", blue \"Blue\" }\ntable hit \"Hit\" {\n  roll d6\n  modifiers { cover -1 \"In cover\" }\n  rows { 2 or less => \"Miss\" 3-6 => \"Hit\" }\n}\n";

    #[test]
    fn a_word_is_found_from_either_side_and_never_inside_a_character() {
        assert_eq!(word_at("hit.cover", 9).map(|w| w.owner), Some(Some("hit")));
        assert_eq!(word_at("hit cover", 3).map(|w| w.name), Some("hit"));
        assert!(word_at("a  b", 2).is_none());
        // Offset 2 falls inside `é`.
        assert!(word_at("aé", 2).is_none());
    }

    #[test]
    fn a_member_is_found_by_its_owner_first() {
        let text =
            "game \"G\" version \"1\"\nchoice a \"A\" { x \"X\" }\nchoice b \"B\" { x \"Other\" }";
        let o = outline(SourceId::new(0), text).unwrap();
        let owned = word_at("b.x", 3).unwrap();
        assert_eq!(declaration_of(&o, &owned).unwrap().label, "Other");
        let bare = word_at("x", 1).unwrap();
        assert_eq!(declaration_of(&o, &bare).unwrap().label, "X");
    }

    #[test]
    fn completions_offer_entry_words_at_a_line_start_and_names_after_a_word() {
        let o = outline(SourceId::new(0), GAME).unwrap();
        let at_start = completions(&[&o], "\n", 1);
        assert!(at_start.iter().any(|c| c.label == "table"));
        assert!(!at_start.iter().any(|c| c.label == "d6"));
        let text = format!("{GAME}expect h");
        let after = completions(&[&o], &text, text.len());
        let hit = after.iter().find(|c| c.label == "hit").unwrap();
        assert_eq!(hit.kind, CompletionKind::Declared(DeclarationKind::Table));
        assert_eq!(hit.detail.as_deref(), Some("table Hit"));
        // Members are not offered without their owner.
        assert!(!after.iter().any(|c| c.label == "cover"));
        let text = format!("{GAME}expect side.");
        let options: Vec<_> = completions(&[&o, &o], &text, text.len())
            .into_iter()
            .map(|c| c.label)
            .collect();
        assert_eq!(options, ["red", "blue"], "once each, from two outlines");
    }
}
