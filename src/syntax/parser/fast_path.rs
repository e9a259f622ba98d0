//! The grammar compiled to plain functions: the parser's reader for input
//! that parses.
//!
//! `build.rs` writes one function per rule of `grammar/chartwright.pest`
//! (read and optimized by `pest_meta`, as `pest_derive` reads it), with pest's
//! semantics: the same implicit white space between the parts of non-atomic
//! rules, the same atomicity, look-ahead and ordered choice, and a node for
//! every rule pest would make a pair for. What it leaves out is pest's
//! record of what each failing rule expected, which pest keeps for its error
//! messages and which valid input pays for at every call: when this reader
//! fails, the parser reads the same text again with pest, and reports
//! pest's error.
//!
//! The nodes are written straight into the preorder array the AST builder
//! walks ([`Slot`]), each closed with its span and its trimmed end. Nothing
//! here recurses but the rules, and the rules recurse only inside brackets,
//! whose depth the pre-scan bounds.

use super::build::tree::{self, Slot};
use super::grammar::Rule;

/// Whether white space is skipped between parts, and whether rules make
/// nodes (pest's `Atomicity`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Atomicity {
    /// White space between parts; nodes for rules.
    NonAtomic,
    /// No white space, no nodes inside (an `@` rule).
    Atomic,
    /// No white space, nodes inside (a `$` rule).
    CompoundAtomic,
}

/// A parse in progress: the text, the position, and the nodes so far.
struct State<'i> {
    text: &'i str,
    pos: usize,
    slots: &'i mut Vec<Slot>,
    atomicity: Atomicity,
    /// Inside a look-ahead (positive or negative): no nodes.
    lookahead: bool,
}

/// Parses `text` from its start with `rule`, as pest's `Parser::parse`
/// does, writing the nodes into `slots` (cleared first; the root, `rule`'s
/// own node, is the first). False when pest would fail too; `slots` is then
/// left in no particular state.
pub(super) fn parse(rule: Rule, text: &str, slots: &mut Vec<Slot>) -> bool {
    slots.clear();
    let mut state = State {
        text,
        pos: 0,
        slots,
        atomicity: Atomicity::NonAtomic,
        lookahead: false,
    };
    rules::parse_rule(rule, &mut state)
}

impl State<'_> {
    /// pest's `rule`: a node for `rule` around `body`, unless inside an
    /// atomic rule or a look-ahead. `exact`: the node's end is not trimmed
    /// to its last child's (see [`Slot`]).
    #[inline]
    fn rule(&mut self, rule: Rule, exact: bool, body: impl FnOnce(&mut Self) -> bool) -> bool {
        if self.lookahead || self.atomicity == Atomicity::Atomic {
            return body(self);
        }
        let at = self.slots.len();
        self.slots.push(Slot::open(rule, self.pos));
        if body(self) {
            tree::close(self.slots, at, self.pos, exact);
            true
        } else {
            // Children of a failed rule are gone with it; its position was
            // never moved (every part that fails restores its own).
            self.slots.truncate(at);
            false
        }
    }

    /// pest's `sequence`: on failure, back to where it started, with the
    /// nodes made since dropped.
    #[inline]
    fn sequence(&mut self, body: impl FnOnce(&mut Self) -> bool) -> bool {
        let pos = self.pos;
        let len = self.slots.len();
        if body(self) {
            true
        } else {
            self.pos = pos;
            self.slots.truncate(len);
            false
        }
    }

    /// pest's `lookahead`: whether `body` matches here (`positive`) or does
    /// not (negative), moving nothing.
    #[inline]
    fn lookahead(&mut self, positive: bool, body: impl FnOnce(&mut Self) -> bool) -> bool {
        let pos = self.pos;
        let outer = self.lookahead;
        self.lookahead = true;
        let matched = body(self);
        self.pos = pos;
        self.lookahead = outer;
        matched == positive
    }

    /// pest's `atomic`.
    #[inline]
    fn atomic(&mut self, atomicity: Atomicity, body: impl FnOnce(&mut Self) -> bool) -> bool {
        let outer = self.atomicity;
        self.atomicity = atomicity;
        let matched = body(self);
        self.atomicity = outer;
        matched
    }

    fn rest(&self) -> &[u8] {
        self.text.as_bytes().get(self.pos..).unwrap_or_default()
    }

    /// A literal string.
    #[inline]
    fn match_bytes(&mut self, literal: &[u8]) -> bool {
        let matched = self.rest().starts_with(literal);
        if matched {
            self.pos += literal.len();
        }
        matched
    }

    /// A character in an ASCII range: one byte (a byte of a multi-byte
    /// character is never in it).
    #[inline]
    fn match_byte_range(&mut self, lo: u8, hi: u8) -> bool {
        match self.text.as_bytes().get(self.pos) {
            Some(&b) if lo <= b && b <= hi => {
                self.pos += 1;
                true
            }
            _ => false,
        }
    }

    /// A character in a range that is not all ASCII (the grammar has none
    /// today; `build.rs` writes a call for any it gains).
    #[allow(dead_code)]
    fn match_char_range(&mut self, lo: char, hi: char) -> bool {
        match self.text.get(self.pos..).and_then(|r| r.chars().next()) {
            Some(c) if lo <= c && c <= hi => {
                self.pos += c.len_utf8();
                true
            }
            _ => false,
        }
    }

    /// `ANY`: one character.
    #[inline]
    fn skip_char(&mut self) -> bool {
        match self.text.as_bytes().get(self.pos) {
            Some(b) if b.is_ascii() => {
                self.pos += 1;
                true
            }
            Some(_) => match self.text.get(self.pos..).and_then(|r| r.chars().next()) {
                Some(c) => {
                    self.pos += c.len_utf8();
                    true
                }
                None => false,
            },
            None => false,
        }
    }

    /// pest's `skip_until` (what its optimizer makes of `(!(a | b) ~ ANY)*`):
    /// on to the first place where one of `stops` starts, or to the end.
    fn skip_until(&mut self, stops: &[&[u8]]) -> bool {
        let rest = self.rest();
        let found = match stops {
            [[a]] => memchr::memchr(*a, rest),
            [[a], [b]] => memchr::memchr2(*a, *b, rest),
            [[a], [b], [c]] => memchr::memchr3(*a, *b, *c, rest),
            [stop] => memchr::memmem::find(rest, stop),
            _ if stops.iter().all(|stop| stop.len() == 1) => rest
                .iter()
                .position(|b| stops.iter().any(|stop| stop.first() == Some(b))),
            _ => (0..rest.len()).find(|&i| {
                let here = rest.get(i..).unwrap_or_default();
                stops.iter().any(|stop| here.starts_with(stop))
            }),
        };
        self.pos += found.unwrap_or(rest.len());
        true
    }

    fn at_start(&self) -> bool {
        self.pos == 0
    }

    fn at_end(&self) -> bool {
        self.pos == self.text.len()
    }
}

/// The generated rules (see `build.rs`): one function per rule of the
/// grammar, named as the rule is.
#[allow(
    non_snake_case,
    unused_parens,
    unused_braces,
    clippy::all,
    clippy::pedantic,
    clippy::nonminimal_bool
)]
mod rules {
    use super::{Atomicity, Rule, State};

    include!(concat!(env!("OUT_DIR"), "/fast_path.rs"));
}
