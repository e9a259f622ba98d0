//! The concrete tree → lines: which tokens share a line, how deep each
//! line is indented, the spacing between tokens, and the cells a line is
//! cut into where its block is aligned in columns. Tokens are never added,
//! dropped or reordered: the lines hold every token of the tree, in order.

use crate::syntax::parser::concrete::Concrete;
use crate::syntax::parser::Rule;

/// The widest a `choice` may be written on one line (its options inline);
/// a wider one takes a line per option. An entry wider than this with an
/// outcome chain (`A if c else B`) starts each `else` on a line of its own.
pub(super) const INLINE_WIDTH: usize = 100;

/// What a line is, where the lines of a block line up in columns: runs of
/// lines of one kind at one depth are aligned cell by cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Align {
    /// `name value "label" ...`: names, values and labels in columns.
    Modifier,
    /// `name "Label",`: an option of a choice written a line each.
    Option,
    /// `RANGES => OUTCOME`: the arrows in a column.
    Row,
    /// `[ RANGES | RANGES ] => OUTCOME`: each column's ranges in a column.
    KeyedRow,
    /// `ROLLS: CELL CELL ...`: a results grid, as the sheet prints it.
    ResultLine,
    /// `ROLLS => OUTCOME` in a results grid.
    ResultArrow,
    /// `KEYS: CELL CELL ...`: a grid's rows.
    GridRow,
}

/// One line of output: its tokens, rendered into cells.
#[derive(Debug)]
pub(super) struct Line {
    pub(super) indent: usize,
    /// The line's text, cut where its block aligns columns; cells are
    /// joined by one space, or padded to their column's width.
    pub(super) cells: Vec<String>,
    /// Where each cell's first token is in the source.
    pub(super) cell_starts: Vec<usize>,
    pub(super) align: Option<Align>,
    /// The indexes of its first and last tokens, in the tree's order.
    pub(super) first: usize,
    pub(super) last: usize,
    /// Its first token is `}`, or its last `{`.
    pub(super) closes: bool,
    pub(super) opens: bool,
}

/// The lines of a tree. `text` is the source the tree was parsed from;
/// `commented` tells, for a run of token indexes, whether a comment stands
/// between two of them (a choice with one is never written inline).
pub(super) fn lines(
    tree: &Concrete,
    text: &str,
    commented: &dyn Fn(usize, usize) -> bool,
) -> Vec<Line> {
    let mut walker = Walker {
        text,
        commented,
        lines: Vec::new(),
        current: None,
        previous: None,
        new_cell: false,
        indent: 0,
        next_align: None,
        token: 0,
        wrap_else: false,
    };
    walker.node(tree, tree.rule);
    walker.newline();
    walker.lines
}

/// The tokens of a tree, in order: each one's start and end in the source
/// and its rule. (`EOI` matches nothing and is not a token.)
pub(super) fn tokens(tree: &Concrete, out: &mut Vec<(usize, usize, Rule)>) {
    if tree.is_leaf() {
        if tree.start < tree.end {
            out.push((tree.start, tree.end, tree.rule));
        }
        return;
    }
    for child in &tree.children {
        tokens(child, out);
    }
}

struct Walker<'a> {
    text: &'a str,
    commented: &'a dyn Fn(usize, usize) -> bool,
    lines: Vec<Line>,
    current: Option<Line>,
    /// The last token on the current line and its parent's rule.
    previous: Option<(Rule, Rule)>,
    /// The next token starts a cell.
    new_cell: bool,
    indent: usize,
    /// How the next line started aligns.
    next_align: Option<Align>,
    /// The index of the next token.
    token: usize,
    /// The entry being laid out is too wide for one line: each `else` of
    /// an outcome chain starts a line, two levels deeper than the entry.
    wrap_else: bool,
}

impl Walker<'_> {
    fn node(&mut self, node: &Concrete, parent: Rule) {
        if node.is_leaf() {
            if node.start < node.end {
                self.push(node, parent);
            }
            return;
        }
        match node.rule {
            Rule::file | Rule::variant_file => {
                for child in &node.children {
                    self.entry(child, node.rule);
                }
            }
            Rule::choice_decl => self.choice(node),
            _ => self.children(node),
        }
    }

    /// A node's children; those between `{` and `}` are entries, a line
    /// each, one level deeper.
    fn children(&mut self, node: &Concrete) {
        let mut in_block = false;
        for child in &node.children {
            match child.rule {
                Rule::lbrace => {
                    self.node(child, node.rule);
                    self.newline();
                    self.indent += 1;
                    in_block = true;
                }
                Rule::rbrace => {
                    self.newline();
                    self.indent = self.indent.saturating_sub(1);
                    in_block = false;
                    self.node(child, node.rule);
                }
                _ if in_block => self.entry(child, node.rule),
                _ => {
                    if starts_cell(node.rule, child.rule) {
                        self.cell();
                    }
                    self.node(child, node.rule);
                }
            }
        }
    }

    /// `choice NAME "Label" { options }`: on one line when it fits and no
    /// comment stands inside it; otherwise a line per option.
    fn choice(&mut self, node: &Concrete) {
        let count = count_tokens(node);
        let inside = count > 1 && (self.commented)(self.token, self.token + count - 1);
        let mut flat = String::new();
        flat_text(node, node.rule, self.text, &mut flat, &mut None);
        let inline = !inside && self.indent * 2 + flat.chars().count() <= INLINE_WIDTH;
        for child in &node.children {
            match child.rule {
                Rule::lbrace if !inline => {
                    self.node(child, node.rule);
                    self.newline();
                    self.indent += 1;
                }
                Rule::rbrace if !inline => {
                    self.newline();
                    self.indent = self.indent.saturating_sub(1);
                    self.node(child, node.rule);
                }
                Rule::option_decl if !inline => {
                    self.newline();
                    self.next_align = Some(Align::Option);
                    self.node(child, node.rule);
                }
                _ => self.node(child, node.rule),
            }
        }
    }

    /// A declaration, clause or block entry: a line of its own.
    fn entry(&mut self, node: &Concrete, parent: Rule) {
        self.newline();
        self.next_align = align_of(node);
        let mut flat = String::new();
        flat_text(node, parent, self.text, &mut flat, &mut None);
        let outer = self.wrap_else;
        self.wrap_else = self.indent * 2 + flat.chars().count() > INLINE_WIDTH;
        self.node(node, parent);
        self.wrap_else = outer;
        self.newline();
    }

    fn push(&mut self, token: &Concrete, parent: Rule) {
        let text = self.text.get(token.start..token.end).unwrap_or("");
        let index = self.token;
        self.token += 1;
        let this = (token.rule, parent);
        match &mut self.current {
            None => {
                self.current = Some(Line {
                    indent: self.indent,
                    cells: vec![text.to_owned()],
                    cell_starts: vec![token.start],
                    align: self.next_align.take(),
                    first: index,
                    last: index,
                    closes: token.rule == Rule::rbrace,
                    opens: token.rule == Rule::lbrace,
                });
            }
            Some(line) => {
                let wrap = self.wrap_else && this == (Rule::kw_else, Rule::cond_outcome);
                if self.new_cell {
                    line.cells.push(String::new());
                    line.cell_starts.push(token.start);
                } else if let (Some(cell), Some(before)) = (line.cells.last_mut(), self.previous) {
                    if wrap {
                        cell.push('\n');
                        cell.push_str(&"  ".repeat(line.indent + 2));
                    } else if spaced(before, this) {
                        cell.push(' ');
                    }
                }
                if let Some(cell) = line.cells.last_mut() {
                    cell.push_str(text);
                }
                line.last = index;
                line.opens = token.rule == Rule::lbrace;
            }
        }
        self.previous = Some(this);
        self.new_cell = false;
    }

    /// The next token starts a cell of the current line.
    fn cell(&mut self) {
        if self.current.is_some() {
            self.new_cell = true;
        }
    }

    fn newline(&mut self) {
        if let Some(line) = self.current.take() {
            self.lines.push(line);
        }
        self.previous = None;
        self.new_cell = false;
    }
}

/// How an entry's line aligns with its neighbours, looking through the
/// rules that only wrap one alternative (`item`, `clause`, `mod_entry`).
fn align_of(node: &Concrete) -> Option<Align> {
    let mut node = node;
    while matches!(
        node.rule,
        Rule::item | Rule::clause | Rule::mod_entry | Rule::variant_entry | Rule::change_stmt
    ) {
        node = node.children.first()?;
    }
    let first = node.children.first().map(|c| c.rule);
    match node.rule {
        Rule::modifier => Some(Align::Modifier),
        Rule::grid_row => Some(Align::GridRow),
        Rule::row if first == Some(Rule::column_key) => Some(Align::KeyedRow),
        Rule::row => Some(Align::Row),
        Rule::result_line if node.children.iter().any(|c| c.rule == Rule::colon) => {
            Some(Align::ResultLine)
        }
        Rule::result_line => Some(Align::ResultArrow),
        _ => None,
    }
}

/// True where a cell of an aligned line starts: before a modifier's value
/// and label, an option's label, a row's arrow, each column of a keyed
/// row, each cell of a grid row or a results line.
fn starts_cell(parent: Rule, child: Rule) -> bool {
    match parent {
        Rule::modifier => matches!(child, Rule::mod_value | Rule::string),
        Rule::option_decl => child == Rule::string,
        Rule::row => child == Rule::arrow,
        Rule::column_key => matches!(child, Rule::bar | Rule::rbracket),
        Rule::result_line => matches!(child, Rule::result_cell | Rule::arrow),
        Rule::grid_row => child == Rule::cell,
        _ => false,
    }
}

/// Whether a space separates two tokens on a line, each given with its
/// parent's rule: one space, except inside `( )` and the `[ ]` of a list
/// of options, before `,` `:` `)`, around `..` and a follow-up's or an
/// expectation's `=`, after a unary minus, and before the `(` of a call.
fn spaced(before: (Rule, Rule), after: (Rule, Rule)) -> bool {
    let (left, left_parent) = before;
    let (right, right_parent) = after;
    let tight_left = match left {
        Rule::lparen | Rule::dotdot | Rule::equals | Rule::op_neg => true,
        Rule::lbracket => left_parent != Rule::column_key,
        _ => false,
    };
    let tight_right = match right {
        Rule::comma
        | Rule::colon
        | Rule::rparen
        | Rule::paren_dice_tail
        | Rule::dotdot
        | Rule::equals => true,
        Rule::rbracket => right_parent != Rule::column_key,
        Rule::lparen => matches!(
            right_parent,
            Rule::call | Rule::dice_best | Rule::follow_args
        ),
        _ => false,
    };
    !(tight_left || tight_right)
}

fn count_tokens(node: &Concrete) -> usize {
    if node.is_leaf() {
        usize::from(node.start < node.end)
    } else {
        node.children.iter().map(count_tokens).sum()
    }
}

/// A node's tokens on one line, spaced as [`spaced`] says.
fn flat_text(
    node: &Concrete,
    parent: Rule,
    text: &str,
    out: &mut String,
    previous: &mut Option<(Rule, Rule)>,
) {
    if node.is_leaf() {
        if node.start < node.end {
            let this = (node.rule, parent);
            if previous.is_some_and(|before| spaced(before, this)) {
                out.push(' ');
            }
            out.push_str(text.get(node.start..node.end).unwrap_or(""));
            *previous = Some(this);
        }
        return;
    }
    for child in &node.children {
        flat_text(child, node.rule, text, out, previous);
    }
}
