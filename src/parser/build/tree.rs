//! One entry's pairs, flattened into an array in one pass over pest's
//! tokens. The builder walks this array instead of pest's pairs: a child is
//! an index (no reference-counted pair to clone and drop per node, no
//! `Pairs` to make per `into_inner`), and a node's span, trailing white
//! space trimmed, is worked out once, when its `End` token is read, instead
//! of by walking the tokens backwards from every node asked for its span.

use pest::iterators::Pair;
use pest::Token;

use super::super::grammar::Rule;

/// One node: a pair, in preorder.
#[derive(Clone, Copy, Debug)]
pub(in crate::parser) struct Slot {
    rule: Rule,
    /// Where the pair starts and ends in the entry's text (pest's span).
    start: usize,
    end: usize,
    /// Where the node ends without the trailing white space pest includes
    /// when a rule ends in an optional part that matched nothing: the end of
    /// its last child's trimmed span, or its own end for a token or a leaf.
    trimmed: usize,
    /// The index just past this node's subtree: its next sibling, if any.
    after: usize,
}

/// One entry's nodes in preorder: a node's first child, if it has any,
/// comes right after it, and each child's `after` is the next child.
pub(in crate::parser) struct Tree<'i> {
    text: &'i str,
    slots: Vec<Slot>,
}

impl<'i> Tree<'i> {
    /// Flattens `pair` (the entry), reusing `slots`' allocation.
    /// `is_token` tells the compound-atomic rules, whose own end is exact.
    pub(in crate::parser) fn new(
        pair: &Pair<'i, Rule>,
        mut slots: Vec<Slot>,
        is_token: fn(Rule) -> bool,
    ) -> Self {
        slots.clear();
        // The open nodes, each with its last closed child.
        let mut open: Vec<(usize, Option<usize>)> = Vec::with_capacity(16);
        for token in pair.clone().tokens() {
            match token {
                Token::Start { rule, pos } => {
                    open.push((slots.len(), None));
                    slots.push(Slot {
                        rule,
                        start: pos.pos(),
                        end: pos.pos(),
                        trimmed: pos.pos(),
                        after: slots.len() + 1,
                    });
                }
                Token::End { rule, pos } => {
                    let Some((at, last)) = open.pop() else {
                        continue;
                    };
                    let after = slots.len();
                    let end = pos.pos();
                    let trimmed = match last.and_then(|c| slots.get(c)) {
                        Some(child) if !is_token(rule) => child.trimmed,
                        _ => end,
                    };
                    if let Some(slot) = slots.get_mut(at) {
                        slot.end = end;
                        slot.trimmed = trimmed;
                        slot.after = after;
                    }
                    if let Some(parent) = open.last_mut() {
                        parent.1 = Some(at);
                    }
                }
            }
        }
        Self {
            text: pair.get_input(),
            slots,
        }
    }

    /// The root: the entry itself, or `None` for an empty tree.
    pub(in crate::parser) fn root(&self) -> Option<Node<'_>> {
        self.node(0)
    }

    /// Gives back the array, for the next entry to reuse.
    pub(in crate::parser) fn into_slots(self) -> Vec<Slot> {
        self.slots
    }

    fn node(&self, at: usize) -> Option<Node<'_>> {
        self.slots.get(at).map(|&slot| Node {
            tree: self,
            at,
            slot,
        })
    }
}

/// A node of a [`Tree`]: what the builder reads where it read a pest pair.
#[derive(Clone, Copy)]
pub(in crate::parser) struct Node<'t> {
    tree: &'t Tree<'t>,
    at: usize,
    slot: Slot,
}

impl<'t> Node<'t> {
    /// The node's rule.
    pub(in crate::parser) fn as_rule(&self) -> Rule {
        self.slot.rule
    }

    /// The text the node matched (pest's `as_str`).
    pub(in crate::parser) fn as_str(&self) -> &'t str {
        self.tree
            .text
            .get(self.slot.start..self.slot.end)
            .unwrap_or("")
    }

    /// Where the node starts in the entry.
    pub(in crate::parser) fn start(&self) -> usize {
        self.slot.start
    }

    /// Where the node ends in the entry, trailing white space trimmed.
    pub(in crate::parser) fn trimmed_end(&self) -> usize {
        self.slot.trimmed.max(self.slot.start)
    }

    /// The node's direct children, in order.
    pub(in crate::parser) fn into_inner(self) -> Children<'t> {
        Children {
            tree: self.tree,
            next: self.at + 1,
            end: self.slot.after,
        }
    }
}

/// The direct children of a node.
#[derive(Clone)]
pub(in crate::parser) struct Children<'t> {
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
