//! The merge: a variant's changes applied to its base's AST, giving the
//! AST of a game of its own that the usual compiler checks.
//!
//! Nodes the variant wrote keep their spans into the variant file; nodes of
//! the base keep theirs. A change to a chart's rows or modifiers also moves
//! the rows clause's span onto the change, so a gap it causes is reported at
//! the change (the base checked clean, so the change is the cause). Every change is checked against the base (unknown targets
//! with a did-you-mean, `add` of what exists) and against the other changes
//! (two changes to one thing conflict); a change in error is skipped and
//! merging goes on, so one run reports every problem.
//!
//! Here are [`apply`], the merger's dispatch of each change, whole
//! declarations added, replaced or removed, and the errors' constructors;
//! [`members`] changes options and modifiers, [`rows`] a chart's rows,
//! [`grids`] a grid's rows and cells, and [`text`] writes what changed as
//! the variant wrote it.

mod grids;
mod members;
mod rows;
mod text;

use super::error::{VariantError, VariantErrorKind};
use crate::syntax::ast::{ChangeKind, CompactString, File, Ident, Item, VariantFile};
use crate::syntax::span::Span;
use grids::OwedCell;

/// What a variant changed in one declaration: shown by `show`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The declaration (chart, modifier set, grid, choice) changed.
    pub item: String,
    /// What changed, in words: `tracked +2 → +1`.
    pub text: String,
}

/// The merged file and what changed.
pub(crate) struct Merged {
    pub file: File,
    pub marks: Vec<Mark>,
    /// Options removed: choice, option, the `remove`.
    pub removed: Vec<Removed>,
}

/// An option a variant removed: a use of it left in the base is blamed on
/// the `remove`.
#[derive(Clone, Debug)]
pub(crate) struct Removed {
    pub choice: String,
    pub option: String,
    pub at: Span,
}

/// Applies `variant`'s changes to `base`. Errors are pushed; a change in
/// error is left out.
pub(crate) fn apply(base: File, variant: &VariantFile, errors: &mut Vec<VariantError>) -> Merged {
    let mut m = Merger {
        items: base.items,
        marks: Vec::new(),
        touched: Vec::new(),
        reach: Vec::new(),
        owed: Vec::new(),
        removed: Vec::new(),
        errors,
    };
    for change in &variant.changes {
        if let Err(e) = m.change(&change.kind, change.span) {
            m.errors.push(*e);
        }
    }
    m.report_owed_cells();
    m.mark_users();
    m.point_rows_at_reach();
    Merged {
        file: File {
            header: crate::syntax::ast::Header {
                title: variant.header.title.clone(),
                version: variant.header.version.clone(),
                span: variant.header.span,
            },
            items: m.items,
        },
        marks: m.marks,
        removed: m.removed,
    }
}

/// Boxed: an error is rare, and a small `Result` keeps the happy path lean.
type Res<T> = Result<T, Box<VariantError>>;

struct Merger<'e> {
    items: Vec<Item>,
    marks: Vec<Mark>,
    /// What each change touched (a path of names) and where it was written.
    touched: Vec<(Vec<CompactString>, Span)>,
    /// Changes to modifiers, by owner (chart or set): they move the totals a
    /// chart's rows must cover.
    reach: Vec<(CompactString, Span)>,
    /// Cells of a grid column the variant added (an option of the choice
    /// keying its columns) that it has not yet given.
    owed: Vec<OwedCell>,
    removed: Vec<Removed>,
    errors: &'e mut Vec<VariantError>,
}

impl Merger<'_> {
    /// Records that `key` is changed at `span`; a change to the same thing
    /// (or to something inside or around it) is a conflict.
    fn touch(&mut self, key: Vec<CompactString>, what: String, span: Span) -> Res<()> {
        let clash = |a: &[CompactString], b: &[CompactString]| a.iter().zip(b).all(|(x, y)| x == y);
        if let Some((_, first)) = self.touched.iter().find(|(k, _)| clash(k, &key)) {
            return Err(boxed(
                VariantErrorKind::Conflict {
                    target: what,
                    first: *first,
                },
                span,
            ));
        }
        self.touched.push((key, span));
        Ok(())
    }

    fn mark(&mut self, item: &str, text: String) {
        self.marks.push(Mark {
            item: item.to_owned(),
            text,
        });
    }

    fn change(&mut self, kind: &ChangeKind, span: Span) -> Res<()> {
        match kind {
            ChangeKind::Item(item) => self.item(item, span),
            ChangeKind::RemoveItem(name) => self.remove_item(name, span),
            ChangeKind::ChangeMember {
                path,
                value,
                label,
                applicability,
            } => self.change_member(
                path,
                value.as_ref(),
                label.as_ref(),
                applicability.as_ref(),
                span,
            ),
            ChangeKind::AddMember {
                path,
                value,
                label,
                applicability,
                always,
                after,
            } => self.add_member(
                &members::NewMember {
                    path,
                    value: value.as_ref(),
                    label,
                    applicability: applicability.as_ref(),
                    always: *always,
                    after: after.as_ref(),
                },
                span,
            ),
            ChangeKind::RemoveMember(path) => self.remove_member(path, span),
            ChangeKind::ChangeRow {
                chart,
                select,
                becomes,
                outcome,
            } => self.change_row(chart, select, becomes.as_ref(), outcome.as_ref(), span),
            ChangeKind::AddRow { chart, row } => self.add_row(chart, row, span),
            ChangeKind::RemoveRow { chart, select } => self.remove_row(chart, select, span),
            ChangeKind::ChangeCell {
                chart,
                rolls,
                column,
                cell,
            } => self.change_result_cell(chart, rolls, column, cell, span),
            ChangeKind::ChangeCells { grid, row } => self.change_cells(grid, row, span),
            ChangeKind::AddGridRow { grid, row } => self.add_grid_row(grid, row, span),
            ChangeKind::RemoveGridRow { grid, labels } => self.remove_grid_row(grid, labels, span),
        }
    }

    // -- Whole declarations -------------------------------------------------

    fn item(&mut self, item: &Item, span: Span) -> Res<()> {
        // An expectation declares nothing: it is kept, never replaces.
        if let Item::Expect(_) = item {
            self.items.push(item.clone());
            return Ok(());
        }
        let (name, charty) = item_name(item);
        self.touch(vec![name.name.clone()], format!("`{}`", name.name), span)?;
        let found = self.items.iter().position(|i| {
            let (n, c) = item_name(i);
            !matches!(i, Item::Expect(_)) && n.name == name.name && c == charty
        });
        match found {
            Some(i) => {
                if let Some(slot) = self.items.get_mut(i) {
                    *slot = item.clone();
                }
                self.mark(&name.name, "replaced by the variant".into());
            }
            None => {
                self.items.push(item.clone());
                self.mark(&name.name, "added by the variant".into());
            }
        }
        Ok(())
    }

    fn remove_item(&mut self, name: &Ident, span: Span) -> Res<()> {
        let i = self.find(name, "declaration")?;
        self.touch(vec![name.name.clone()], format!("`{}`", name.name), span)?;
        self.items.remove(i);
        self.mark(&name.name, "removed by the variant".into());
        Ok(())
    }

    /// The index of the top-level declaration named `name`.
    fn find(&self, name: &Ident, what: &'static str) -> Res<usize> {
        self.items
            .iter()
            .position(|i| !matches!(i, Item::Expect(_)) && item_name(i).0.name == name.name)
            .ok_or_else(|| {
                let names = self.items.iter().map(|i| item_name(i).0.name.as_str());
                unknown(
                    what,
                    name,
                    None,
                    crate::check::suggest::closest(&name.name, names),
                    None,
                )
            })
    }

    // -- Members: modifiers and options ---------------------------------------
}

/// A declaration's name, and whether it is in the chart namespace.
fn item_name(item: &Item) -> (&Ident, bool) {
    match item {
        Item::Choice(d) => (&d.name, false),
        Item::Flag(d) => (&d.name, false),
        Item::Param(d) => (&d.name, false),
        Item::Grid(d) => (&d.name, true),
        Item::Modifiers(d) => (&d.name, true),
        Item::Chart(d) => (&d.name, true),
        Item::Notes(d) => (&d.name, true),
        // Never looked up by name (`item` keeps it, `find` skips it): the
        // chart it names stands in.
        Item::Expect(e) => (&e.chart, false),
    }
}

fn kind_name(item: &Item) -> &'static str {
    match item {
        Item::Choice(_) => "a choice",
        Item::Flag(_) => "a flag",
        Item::Param(_) => "a param",
        Item::Grid(_) => "a grid",
        Item::Modifiers(_) => "a modifier set",
        Item::Chart(_) => "a chart",
        Item::Notes(_) => "notes",
        Item::Expect(_) => "an expectation",
    }
}

/// A variant error, boxed.
fn boxed(kind: VariantErrorKind, span: Span) -> Box<VariantError> {
    Box::new(VariantError::new(kind, span))
}

// Errors travel boxed in this module (see `Res`).
#[allow(clippy::unnecessary_box_returns)]
fn unknown(
    what: &'static str,
    name: &Ident,
    owner: Option<&str>,
    suggestion: Option<String>,
    known: Option<String>,
) -> Box<VariantError> {
    boxed(
        VariantErrorKind::UnknownTarget {
            what,
            name: name.name.to_string(),
            owner: owner.map(str::to_owned),
            suggestion,
            known,
        },
        name.span,
    )
}

/// `chart` has no `what` named `name`; `known` says what it has.
// Errors travel boxed in this module (see `Res`).
#[allow(clippy::unnecessary_box_returns)]
fn not_in(
    chart: &Ident,
    (what, name): (&'static str, String),
    known: String,
    span: Span,
) -> Box<VariantError> {
    boxed(
        VariantErrorKind::UnknownTarget {
            what,
            name,
            owner: Some(chart.name.to_string()),
            suggestion: None,
            known: Some(known),
        },
        span,
    )
}

// Errors travel boxed in this module (see `Res`).
#[allow(clippy::unnecessary_box_returns)]
fn exists(what: &'static str, name: &Ident) -> Box<VariantError> {
    boxed(
        VariantErrorKind::AlreadyExists {
            what,
            name: name.name.to_string(),
        },
        name.span,
    )
}

// Errors travel boxed in this module (see `Res`).
#[allow(clippy::unnecessary_box_returns)]
fn wrong_kind(name: &Ident, is: &'static str, wanted: &'static str) -> Box<VariantError> {
    boxed(
        VariantErrorKind::WrongKind {
            name: name.name.to_string(),
            is,
            wanted,
        },
        name.span,
    )
}

// Errors travel boxed in this module (see `Res`).
#[allow(clippy::unnecessary_box_returns)]
fn invalid(message: String, help: String, span: Span) -> Box<VariantError> {
    boxed(VariantErrorKind::Invalid { message, help }, span)
}
