//! The formatter: a `.rules` text in its one canonical layout (see
//! docs/language.md, "Layout"), for `chartwright fmt`, the language
//! server and any other host.
//!
//! It works from the concrete tree of a whole-file parse: `layout` cuts the
//! tokens into lines (an entry a line, blocks indented, spacing by the
//! tokens either side), `gaps` reads back the comments and blank lines the
//! grammar skips, `print` aligns the columns and puts the comments back.
//! Tokens are copied as written, never added, dropped or reordered, and
//! the result is parsed again: unless its tokens are the original's, in
//! order and of the same rules, it is refused, never returned mangled.

mod gaps;
mod heading;
mod layout;
mod print;

use crate::syntax::error::{ParseError, ParseErrorKind};
use crate::syntax::parser::concrete::{concrete, Concrete};
use crate::syntax::parser::Rule;
use crate::syntax::span::{SourceId, Span};

/// `text` (a game or a variant) in the canonical layout: a declaration,
/// clause or block entry a line, two spaces a level of nesting, results
/// grids, grid rows, rows and modifier blocks aligned in columns, one
/// space between tokens (none inside parentheses, before `,` `:` `)`, or
/// around `..` and `=`), every comment where it stood, and at most one
/// blank line where the text had any. Formatting a formatted text changes
/// nothing.
///
/// # Errors
///
/// A text that does not parse is refused with the parse error
/// ([`crate::outline`] and [`crate::Ruleset`] report the same one), its
/// spans in `source`.
///
/// ```
/// use chartwright::{format, SourceId};
///
/// let messy = "game \"Demo\"   version \"1\"\ntable hit \"Hit\" { roll d6\n modifiers { cover -1 \"In cover\" # soft or hard\n\
///              elite +1 \"Elite\" }\n rows { 1-3 => \"Miss\" 4,5,6 => \"Hit\" } }\n";
/// let tidy = format(SourceId::new(0), messy).unwrap();
/// assert_eq!(tidy, "game \"Demo\" version \"1\"\ntable hit \"Hit\" {\n  roll d6\n  modifiers {\n    \
///                   cover -1 \"In cover\"  # soft or hard\n    elite +1 \"Elite\"\n  }\n  rows {\n    \
///                   1-3     => \"Miss\"\n    4, 5, 6 => \"Hit\"\n  }\n}\n");
/// assert_eq!(format(SourceId::new(0), &tidy).unwrap(), tidy);
/// ```
pub fn format(source: SourceId, text: &str) -> Result<String, ParseError> {
    let internal = |message: &str| {
        let kind = ParseErrorKind::Internal {
            message: message.to_owned(),
        };
        ParseError::new(kind, Span::new(source, 0, 0))
    };
    let mut tree = concrete(source, text)?;
    let mut input = text.to_owned();
    // A layout is laid out again until it stays as it is: a comment that
    // did not head a grid's columns may stand over them once the columns
    // move, and then heads them (see `heading`). Each pass can only add
    // such headings, so it settles within a pass or two.
    for _ in 0..MAX_PASSES {
        let output = lay_out(&tree, &input).ok_or_else(|| {
            internal("text between tokens that is neither white space nor a comment")
        })?;
        let again =
            concrete(source, &output).map_err(|_| internal("the formatted text does not parse"))?;
        if !same_tokens(&tree, &input, &again, &output) {
            return Err(internal("the formatted text reads differently"));
        }
        if output == input {
            return Ok(output);
        }
        tree = again;
        input = output;
    }
    Err(internal("the layout does not settle"))
}

/// Most passes [`format`] makes before the layout settles.
const MAX_PASSES: usize = 8;

/// One pass: the tree's tokens laid out, the comments of `text` put back;
/// `None` when something but white space and comments stands between two
/// tokens.
fn lay_out(tree: &Concrete, text: &str) -> Option<String> {
    let mut tokens = Vec::new();
    layout::tokens(tree, &mut tokens);
    let spans: Vec<(usize, usize)> = tokens.iter().map(|&(s, e, _)| (s, e)).collect();
    let gaps = gaps::gaps(text, tree.start, &spans)?;
    let commented = |first: usize, last: usize| {
        gaps.get(first + 1..=last)
            .is_some_and(|inner| inner.iter().any(|g| !g.comments.is_empty()))
    };
    let lines = layout::lines(tree, text, &commented);
    Some(print::print(text, &lines, &gaps))
}

/// True when two trees are the same but for where they stand: the same
/// rules nested alike, with the same tokens.
fn same_tokens(a: &Concrete, a_text: &str, b: &Concrete, b_text: &str) -> bool {
    let mut left = Vec::new();
    let mut right = Vec::new();
    shape(a, a_text, &mut left);
    shape(b, b_text, &mut right);
    left == right
}

/// A tree in preorder: each node's rule, how many children it has, and a
/// token's text.
fn shape<'t>(tree: &Concrete, text: &'t str, out: &mut Vec<(Rule, usize, Option<&'t str>)>) {
    let token = tree
        .is_leaf()
        .then(|| text.get(tree.start..tree.end))
        .flatten();
    out.push((tree.rule, tree.children.len(), token));
    for child in &tree.children {
        shape(child, text, out);
    }
}
