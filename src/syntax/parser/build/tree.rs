//! One batch's nodes, in a flat array in preorder: the builder walks this
//! array where it once walked pest's pairs. A child is an index (no
//! reference-counted pair to clone and drop per node, no `Pairs` to make
//! per `into_inner`), and a node's span, trailing white space trimmed, is
//! worked out once, when the node is closed, instead of by walking tokens
//! backwards from every node asked for its span.
//!
//! The array is written by the fast path as it parses
//! ([`super::super::fast_path`]), or, for an input only pest accepts (which
//! the tests check never happens), from pest's tokens ([`slots_of`]).

use pest::iterators::Pair;
use pest::Token;

use super::super::grammar::{is_exact, Rule};

/// One node: a pair, in preorder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::syntax::parser) struct Slot {
    rule: Rule,
    /// Where the pair starts and ends in the text parsed (pest's span).
    start: usize,
    end: usize,
    /// Where the node ends without the trailing white space pest includes
    /// when a rule ends in an optional part that matched nothing: the end of
    /// its last child's trimmed span, or its own end for a leaf or an exact
    /// rule (`is_exact`: an atomic or compound-atomic one, such as a string,
    /// whose closing quote is not a child).
    trimmed: usize,
    /// The index just past this node's subtree: its next sibling, if any.
    after: usize,
}

impl Slot {
    /// Where this node's subtree ends in its array: its next sibling.
    pub(in crate::syntax::parser) fn after(&self) -> usize {
        self.after
    }

    /// A node opened at `start`, closed by [`close`].
    pub(in crate::syntax::parser) fn open(rule: Rule, start: usize) -> Self {
        Self {
            rule,
            start,
            end: start,
            trimmed: start,
            after: 0,
        }
    }
}

/// Closes the node at `at`, whose children are the nodes after it: it ends
/// at `end`, its subtree ends where `slots` does, and its trimmed end is
/// its last direct child's (for a node that is not `exact` and has one) or
/// `end`.
pub(in crate::syntax::parser) fn close(slots: &mut [Slot], at: usize, end: usize, exact: bool) {
    let after = slots.len();
    let mut trimmed = end;
    if !exact && at + 1 < after {
        let mut child = at + 1;
        while let Some(next) = slots.get(child).map(|c| c.after) {
            if next >= after {
                break;
            }
            child = next;
        }
        if let Some(last) = slots.get(child) {
            trimmed = last.trimmed;
        }
    }
    if let Some(slot) = slots.get_mut(at) {
        slot.end = end;
        slot.trimmed = trimmed;
        slot.after = after;
    }
}

/// The nodes of `pair` and its descendants, as the fast path writes them.
pub(in crate::syntax::parser) fn slots_of(pair: &Pair<'_, Rule>) -> Vec<Slot> {
    let mut slots: Vec<Slot> = Vec::new();
    let mut open: Vec<usize> = Vec::with_capacity(16);
    for token in pair.clone().tokens() {
        match token {
            Token::Start { rule, pos } => {
                open.push(slots.len());
                slots.push(Slot::open(rule, pos.pos()));
            }
            Token::End { rule, pos } => {
                if let Some(at) = open.pop() {
                    close(&mut slots, at, pos.pos(), is_exact(rule));
                }
            }
        }
    }
    slots
}

/// Nodes in preorder over the text they were parsed from: a node's first
/// child, if it has any, comes right after it, and each child's `after` is
/// the next child.
pub(in crate::syntax::parser) struct Tree<'i> {
    text: &'i str,
    slots: &'i [Slot],
}

impl<'i> Tree<'i> {
    pub(in crate::syntax::parser) fn new(text: &'i str, slots: &'i [Slot]) -> Self {
        Self { text, slots }
    }

    /// The node at `at`, if there is one.
    pub(in crate::syntax::parser) fn node(&self, at: usize) -> Option<Node<'_>> {
        self.slots.get(at).map(|&slot| Node {
            tree: self,
            at,
            slot,
        })
    }
}

/// A node of a [`Tree`]: what the builder reads where it read a pest pair.
#[derive(Clone, Copy)]
pub(in crate::syntax::parser) struct Node<'t> {
    tree: &'t Tree<'t>,
    at: usize,
    slot: Slot,
}

impl<'t> Node<'t> {
    /// The node's rule.
    pub(in crate::syntax::parser) fn as_rule(&self) -> Rule {
        self.slot.rule
    }

    /// The text the node matched (pest's `as_str`).
    pub(in crate::syntax::parser) fn as_str(&self) -> &'t str {
        self.tree
            .text
            .get(self.slot.start..self.slot.end)
            .unwrap_or("")
    }

    /// Where the node starts in the entry.
    pub(in crate::syntax::parser) fn start(&self) -> usize {
        self.slot.start
    }

    /// Where the node ends in the text parsed (pest's span: trailing white
    /// space included).
    pub(in crate::syntax::parser) fn end(&self) -> usize {
        self.slot.end
    }

    /// Where the node ends in the entry, trailing white space trimmed.
    pub(in crate::syntax::parser) fn trimmed_end(&self) -> usize {
        self.slot.trimmed.max(self.slot.start)
    }

    /// The node's direct children, in order.
    pub(in crate::syntax::parser) fn into_inner(self) -> Children<'t> {
        Children {
            tree: self.tree,
            next: self.at + 1,
            end: self.slot.after,
        }
    }
}

/// The direct children of a node.
#[derive(Clone)]
pub(in crate::syntax::parser) struct Children<'t> {
    tree: &'t Tree<'t>,
    next: usize,
    end: usize,
}

impl<'t> Iterator for Children<'t> {
    type Item = Node<'t>;

    fn next(&mut self) -> Option<Node<'t>> {
        if self.next >= self.end {
            return None;
        }
        let node = self.tree.node(self.next)?;
        self.next = node.slot.after;
        Some(node)
    }
}
