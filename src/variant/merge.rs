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

use super::error::{VariantError, VariantErrorKind};
use crate::syntax::ast::{
    Applicability, ChangeKind, Clause, CompactString, File, GridRow, Ident, Item, Label, LineCells,
    MemberPath, ModEntry, ModValue, ModifierDecl, OptionDecl, RangeSet, ResultCell, Row, RowKey,
    VariantFile,
};
use crate::syntax::span::{Span, Spanned};

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

/// A cell a new column needs: its grid, row, column and the `add` at fault.
struct OwedCell {
    grid: String,
    row: Vec<String>,
    option: String,
    add: Span,
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
                after,
            } => self.add_member(
                path,
                value.as_ref(),
                label,
                applicability.as_ref(),
                after.as_ref(),
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

    fn change_member(
        &mut self,
        path: &MemberPath,
        value: Option<&ModValue>,
        label: Option<&Label>,
        applicability: Option<&Applicability>,
        span: Span,
    ) -> Res<()> {
        let (owner, member) = (&path.owner.name, &path.member.name);
        if let Some(options) = self.choice_options(path)? {
            let shown = shown_path(path);
            let Some(label) = label.filter(|_| value.is_none() && applicability.is_none()) else {
                return Err(invalid(
                    format!("`{owner}` is a choice: its options have only a label"),
                    format!("write `change {shown} \"New label\"`"),
                    span,
                ));
            };
            let at = option_index(&options, &path.member, &owner_text(path))?;
            self.touch(member_key(path), format!("`{shown}`"), span)?;
            if let Some(option) = self.options_mut(path).and_then(|o| o.get_mut(at)) {
                option.label = label.clone();
            }
            self.mark(
                mark_owner(path),
                format!("{} relabelled \"{}\"", option_name(path), label.text),
            );
            return Ok(());
        }
        let (i, key, what) = self.member(path)?;
        let at = self.locate_modifier(i, path)?;
        self.touch(key, what, span)?;
        let Some(decl) = self.modifier_at(i, &at) else {
            return Ok(());
        };
        let mut said = Vec::new();
        if let Some(v) = value {
            said.push(format!("{} → {}", value_text(&decl.value), value_text(v)));
            decl.value = v.clone();
        }
        if let Some(l) = label {
            said.push(format!("label \"{}\"", l.text));
            decl.label = l.clone();
        }
        if let Some(a) = applicability {
            said.push("condition changed".into());
            decl.applicability = Some(a.clone());
        }
        decl.span = span;
        self.mark(owner, format!("{member} {}", said.join(", ")));
        self.reach.push((owner.clone(), span));
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn add_member(
        &mut self,
        path: &MemberPath,
        value: Option<&ModValue>,
        label: &Label,
        applicability: Option<&Applicability>,
        after: Option<&Ident>,
        span: Span,
    ) -> Res<()> {
        let (owner, member) = (&path.owner.name, &path.member.name);
        if let Some(options) = self.choice_options(path)? {
            return self.add_option(path, &options, value.is_some(), label, after, span);
        }
        let (i, key, what) = self.member(path)?;
        let Some(value) = value else {
            return Err(invalid(
                format!("a new modifier of `{owner}` needs a value"),
                format!("write `add {owner}.{member} -2 \"{}\"`", label.text),
                span,
            ));
        };
        if self.locate_modifier(i, path).is_ok() {
            return Err(exists("modifier", &path.member));
        }
        let place = match after {
            Some(a) => {
                let at = self.locate_modifier(
                    i,
                    &MemberPath {
                        within: None,
                        owner: path.owner.clone(),
                        member: a.clone(),
                        span: a.span,
                    },
                )?;
                Some(at)
            }
            None => None,
        };
        self.touch(key, what, span)?;
        let decl = ModEntry::Modifier(ModifierDecl {
            name: path.member.clone(),
            value: value.clone(),
            label: label.clone(),
            applicability: applicability.cloned(),
            always: false,
            span,
        });
        let Some(item) = self.items.get_mut(i) else {
            return Ok(());
        };
        insert_modifier(item, place, decl, path, span)?;
        self.mark(owner, format!("{member} {} added", value_text(value)));
        self.reach.push((owner.clone(), span));
        Ok(())
    }

    /// `add CHOICE.OPTION "Label"`: a new option of a choice (of the file, or
    /// local to a chart), after `after` or last; the grids keyed by the
    /// choice widen with it.
    fn add_option(
        &mut self,
        path: &MemberPath,
        options: &[OptionDecl],
        has_value: bool,
        label: &Label,
        after: Option<&Ident>,
        span: Span,
    ) -> Res<()> {
        let (owner, member) = (&path.owner.name, &path.member.name);
        let shown = shown_path(path);
        if has_value {
            return Err(invalid(
                format!("`{owner}` is a choice: a new option has only a label"),
                format!("write `add {shown} \"Label\"`"),
                span,
            ));
        }
        if options.iter().any(|o| o.name.name == *member) {
            return Err(exists("option", &path.member));
        }
        let at = match after {
            Some(a) => option_index(options, a, &owner_text(path))? + 1,
            None => options.len(),
        };
        self.touch(member_key(path), format!("`{shown}`"), span)?;
        if let Some(options) = self.options_mut(path) {
            options.insert(
                at,
                OptionDecl {
                    name: path.member.clone(),
                    label: label.clone(),
                },
            );
        }
        if path.within.is_none() {
            self.widen_grids(owner, member, at, span);
        }
        self.mark(
            mark_owner(path),
            format!("option {} added", option_name(path)),
        );
        Ok(())
    }

    fn remove_member(&mut self, path: &MemberPath, span: Span) -> Res<()> {
        let (owner, member) = (&path.owner.name, &path.member.name);
        if let Some(options) = self.choice_options(path)? {
            let at = option_index(&options, &path.member, &owner_text(path))?;
            self.touch(member_key(path), format!("`{}`", shown_path(path)), span)?;
            if let Some(options) = self.options_mut(path) {
                options.remove(at);
            }
            if path.within.is_none() {
                self.drop_option_from_grids(owner, member, at);
            }
            self.removed.push(Removed {
                choice: owner.to_string(),
                option: member.to_string(),
                at: span,
            });
            self.mark(
                mark_owner(path),
                format!("option {} removed", option_name(path)),
            );
            return Ok(());
        }
        let (i, key, what) = self.member(path)?;
        let at = self.locate_modifier(i, path)?;
        self.touch(key, what, span)?;
        let (last, group) = at.split_last().map_or((0, &[][..]), |(l, g)| (*l, g));
        if let Some(entries) = self
            .items
            .get_mut(i)
            .and_then(roots)
            .and_then(|r| entries_at(r, group))
        {
            if last < entries.len() {
                entries.remove(last);
            }
        }
        self.mark(owner, format!("{member} removed"));
        self.reach.push((owner.clone(), span));
        Ok(())
    }

    /// A new option of a choice keying a grid's columns is a new column: each
    /// row gets a cell there (`-` until the variant gives it), owed by the
    /// `add` at `span`. The variant must give every one (see
    /// [`Self::report_owed_cells`]): no value is a safe guess.
    fn widen_grids(&mut self, choice: &str, option: &str, index: usize, span: Span) {
        for item in &mut self.items {
            let Item::Grid(grid) = item else { continue };
            if grid.keys.len() < 2 || !grid.keys.last().is_some_and(|k| k.name == choice) {
                continue;
            }
            for row in &mut grid.rows {
                let at = index.min(row.cells.len());
                row.cells.insert(
                    at,
                    crate::syntax::ast::Cell {
                        kind: crate::syntax::ast::CellKind::Impossible,
                        span,
                    },
                );
                self.owed.push(OwedCell {
                    grid: grid.name.name.to_string(),
                    row: row.labels.iter().map(|l| l.name.to_string()).collect(),
                    option: option.to_owned(),
                    add: span,
                });
            }
        }
    }

    /// The variant gave the cells of `grid`'s row `row` (all of them, or
    /// only the one in column `option`).
    fn pay(&mut self, grid: &str, row: &[Ident], option: Option<&str>) {
        self.owed.retain(|o| {
            !(o.grid == grid
                && o.row
                    .iter()
                    .map(String::as_str)
                    .eq(row.iter().map(|l| l.name.as_str()))
                && option.map_or(true, |opt| opt == o.option))
        });
    }

    /// One error per `add` of a column whose cells the variant left out, at
    /// the `add`, naming the rows.
    fn report_owed_cells(&mut self) {
        let owed = std::mem::take(&mut self.owed);
        let mut seen: Vec<(Span, &str)> = Vec::new();
        for o in &owed {
            if seen.contains(&(o.add, o.grid.as_str())) {
                continue;
            }
            seen.push((o.add, o.grid.as_str()));
            let rows: Vec<String> = owed
                .iter()
                .filter(|p| p.add == o.add && p.grid == o.grid)
                .map(|p| p.row.join(", "))
                .collect();
            self.errors.push(VariantError::new(
                VariantErrorKind::NewColumnCells {
                    grid: o.grid.clone(),
                    option: o.option.clone(),
                    rows,
                },
                o.add,
            ));
        }
    }

    /// Grid rows keyed by a removed option go; so do its column's cells.
    fn drop_option_from_grids(&mut self, choice: &str, option: &str, index: usize) {
        for item in &mut self.items {
            let Item::Grid(grid) = item else { continue };
            let Some(k) = grid.keys.iter().position(|key| key.name == choice) else {
                continue;
            };
            if k + 1 == grid.keys.len() && grid.keys.len() > 1 {
                for row in &mut grid.rows {
                    if index < row.cells.len() {
                        row.cells.remove(index);
                    }
                }
            } else {
                grid.rows
                    .retain(|row| row.labels.get(k).map_or(true, |l| l.name != option));
            }
            let name = grid.name.name.clone();
            self.marks.push(Mark {
                item: name.to_string(),
                text: format!("{choice}={option} removed"),
            });
        }
    }

    /// The options of the choice `path` names: a top-level choice, or one
    /// declared in the chart `path.within`. `None` if the owner is not a
    /// choice (a chart or modifier set); an error if `within` names no
    /// chart, or no choice of that chart.
    fn choice_options(&self, path: &MemberPath) -> Res<Option<Vec<OptionDecl>>> {
        let Some(chart) = &path.within else {
            return Ok(self.items.iter().find_map(|it| match it {
                Item::Choice(c) if c.name.name == path.owner.name => Some(c.options.clone()),
                _ => None,
            }));
        };
        let i = self.find(chart, "chart")?;
        let Some(Item::Chart(c)) = self.items.get(i) else {
            let is = self.items.get(i).map_or("a declaration", kind_name);
            return Err(wrong_kind(chart, is, "a chart"));
        };
        let mut locals = c.clauses.iter().filter_map(|cl| match cl {
            Clause::Choice(d) => Some(d),
            _ => None,
        });
        if let Some(d) = locals.clone().find(|d| d.name.name == path.owner.name) {
            return Ok(Some(d.options.clone()));
        }
        let names: Vec<&str> = locals.by_ref().map(|d| d.name.name.as_str()).collect();
        Err(unknown(
            "choice",
            &path.owner,
            Some(&chart.name),
            crate::check::suggest::closest(&path.owner.name, names.iter().copied()),
            (!names.is_empty()).then(|| format!("the choices {}", names.join(", "))),
        ))
    }

    /// The options of the choice `path` names, to change (after
    /// [`Self::choice_options`] found them).
    fn options_mut(&mut self, path: &MemberPath) -> Option<&mut Vec<OptionDecl>> {
        let owner = path.owner.name.as_str();
        match &path.within {
            None => self.items.iter_mut().find_map(|it| match it {
                Item::Choice(c) if c.name.name == owner => Some(&mut c.options),
                _ => None,
            }),
            Some(chart) => self.items.iter_mut().find_map(|it| match it {
                Item::Chart(c) if c.name.name == chart.name => {
                    c.clauses.iter_mut().find_map(|cl| match cl {
                        Clause::Choice(d) if d.name.name == owner => Some(&mut d.options),
                        _ => None,
                    })
                }
                _ => None,
            }),
        }
    }

    /// The owner's index, the conflict key and the words for a member.
    fn member(&self, path: &MemberPath) -> Res<(usize, Vec<CompactString>, String)> {
        let i = self.find(&path.owner, "declaration")?;
        let (owner, member) = (&path.owner.name, &path.member.name);
        Ok((
            i,
            vec![owner.clone(), member.clone()],
            format!("`{owner}.{member}`"),
        ))
    }

    /// Where a modifier sits in a chart or set: indices through groups.
    fn locate_modifier(&self, i: usize, path: &MemberPath) -> Res<Vec<usize>> {
        let Some(item) = self.items.get(i) else {
            return Err(unknown("declaration", &path.owner, None, None, None));
        };
        let entries: &[ModEntry] = match item {
            Item::Chart(c) => c
                .clauses
                .iter()
                .find_map(|cl| match cl {
                    Clause::Modifiers(e, _) => Some(e.as_slice()),
                    _ => None,
                })
                .unwrap_or(&[]),
            Item::Modifiers(s) => &s.entries,
            other => {
                return Err(wrong_kind(
                    &path.owner,
                    kind_name(other),
                    "a chart, modifier set or choice",
                ))
            }
        };
        if let Some(at) = locate(entries, &path.member.name) {
            return Ok(at);
        }
        // A chart that `use`s a set: the modifier may be the set's.
        let mut used = Vec::new();
        uses(entries, &mut used);
        for set in used {
            if let Some(Item::Modifiers(s)) = self
                .items
                .iter()
                .find(|it| matches!(it, Item::Modifiers(s) if s.name.name == set))
            {
                if locate(&s.entries, &path.member.name).is_some() {
                    return Err(invalid(
                        format!(
                            "`{}` is in the modifier set `{set}`, which `{}` uses",
                            path.member.name, path.owner.name
                        ),
                        format!(
                            "change it where it is declared: `{set}.{}` (the change reaches \
                             every chart that uses `{set}`)",
                            path.member.name
                        ),
                        path.span,
                    ));
                }
            }
        }
        let mut names = Vec::new();
        modifier_names(entries, &mut names);
        Err(unknown(
            "modifier",
            &path.member,
            Some(&path.owner.name),
            crate::check::suggest::closest(
                &path.member.name,
                names.iter().map(CompactString::as_str),
            ),
            None,
        ))
    }

    fn modifier_at(&mut self, i: usize, at: &[usize]) -> Option<&mut ModifierDecl> {
        let (last, group) = at.split_last()?;
        let entries = entries_at(roots(self.items.get_mut(i)?)?, group)?;
        match entries.get_mut(*last)? {
            ModEntry::Modifier(m) => Some(m),
            _ => None,
        }
    }

    // -- Rows -----------------------------------------------------------------

    /// The rows of the chart named `chart`, and the clause's index.
    fn rows(&mut self, chart: &Ident) -> Res<(usize, usize)> {
        let i = self.find(chart, "chart")?;
        let Some(Item::Chart(c)) = self.items.get(i) else {
            let is = self.items.get(i).map_or("a declaration", kind_name);
            return Err(wrong_kind(chart, is, "a chart with rows"));
        };
        // A results grid is typed as printed, one line per roll and one
        // cell per column: rows of ranges do not name its lines.
        if c.clauses.iter().any(|cl| matches!(cl, Clause::Results(..))) {
            return Err(invalid(
                format!(
                    "`{}` is written as a results grid (one line per roll), which row \
                     changes cannot edit",
                    chart.name
                ),
                format!(
                    "write the whole table again under its name, with its `results` as \
                     the variant wants them (`table {} \"...\" {{ ... }}`): it replaces \
                     the base's; `chartwright source GAME` prints the base to copy from",
                    chart.name
                ),
                chart.span,
            ));
        }
        let clause = c
            .clauses
            .iter()
            .position(|cl| matches!(cl, Clause::Rows(..)))
            .ok_or_else(|| wrong_kind(chart, "a chart without rows", "a chart with rows"))?;
        Ok((i, clause))
    }

    /// Records a change to the row of `chart` read by `key`; its name.
    fn touch_row(&mut self, chart: &Ident, key: &RowKey, span: Span) -> Res<String> {
        let name = key_text(key);
        self.touch(
            vec![chart.name.clone(), format!("row {}", canonical(key)).into()],
            format!("the row `{name}` of `{}`", chart.name),
            span,
        )?;
        Ok(name)
    }

    fn rows_mut(&mut self, i: usize, clause: usize) -> Option<(&mut Vec<Row>, &mut Span)> {
        match self.items.get_mut(i) {
            Some(Item::Chart(c)) => match c.clauses.get_mut(clause) {
                Some(Clause::Rows(rows, span)) => Some((rows, span)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The index of the row read by `select`'s totals.
    fn find_row(&mut self, i: usize, clause: usize, chart: &Ident, select: &RowKey) -> Res<usize> {
        let Some((rows, _)) = self.rows_mut(i, clause) else {
            return Err(wrong_kind(
                chart,
                "a chart without rows",
                "a chart with rows",
            ));
        };
        let want = key_ranges(select);
        rows.iter()
            .position(|r| key_ranges(&r.key) == want)
            .ok_or_else(|| {
                let known = rows.iter().map(|r| key_text(&r.key)).collect::<Vec<_>>();
                not_in(
                    chart,
                    ("row reading", key_text(select)),
                    format!("rows reading {}", known.join("; ")),
                    key_span(select).unwrap_or(chart.span),
                )
            })
    }

    fn change_row(
        &mut self,
        chart: &Ident,
        select: &RowKey,
        becomes: Option<&RowKey>,
        outcome: Option<&crate::syntax::ast::Outcome>,
        span: Span,
    ) -> Res<()> {
        let (i, clause) = self.rows(chart)?;
        let r = self.find_row(i, clause, chart, select)?;
        let name = self.touch_row(chart, select, span)?;
        let mut said = Vec::new();
        if let Some((rows, clause_span)) = self.rows_mut(i, clause) {
            if let Some(row) = rows.get_mut(r) {
                if let Some(k) = becomes {
                    said.push(format!("row {name} → {}", key_text(k)));
                    row.key = k.clone();
                }
                if let Some(o) = outcome {
                    said.push(format!("row {name}: new outcome"));
                    row.outcome = o.clone();
                }
                row.span = span;
            }
            *clause_span = span;
        }
        self.mark(&chart.name, said.join(", "));
        Ok(())
    }

    /// `change CHART row ROLLS at COLUMN => CELL`: one cell of a results
    /// grid, found by its line's rolls as written and its column's key,
    /// heading or option (name or label).
    fn change_result_cell(
        &mut self,
        chart: &Ident,
        rolls: &RangeSet,
        column: &Spanned<CompactString>,
        cell: &ResultCell,
        span: Span,
    ) -> Res<()> {
        let i = self.find(chart, "chart")?;
        let Some(Item::Chart(c)) = self.items.get(i) else {
            let is = self.items.get(i).map_or("a declaration", kind_name);
            return Err(wrong_kind(chart, is, "a chart with a results grid"));
        };
        let Some(lines) = c.clauses.iter().find_map(|cl| match cl {
            Clause::Results(lines, _) => Some(lines),
            _ => None,
        }) else {
            return Err(invalid(
                format!("`{}` has no results grid", chart.name),
                format!(
                    "change a row of its rows with `change {} row RANGES => OUTCOME`",
                    chart.name
                ),
                chart.span,
            ));
        };
        let columns = self.result_columns(c);
        let col = columns
            .iter()
            .position(|names| names.contains(&column.node))
            .ok_or_else(|| {
                let known = columns.iter().filter_map(|n| n.first());
                let known = known.map(|n| format!("`{n}`")).collect::<Vec<_>>();
                not_in(
                    chart,
                    ("column", column.node.to_string()),
                    format!("columns {}", known.join(", ")),
                    column.span,
                )
            })?;
        let want = ranges(rolls);
        let line = lines
            .iter()
            .position(|l| ranges(&l.rolls) == want)
            .ok_or_else(|| {
                let known = lines.iter().map(|l| set_text(&l.rolls)).collect::<Vec<_>>();
                not_in(
                    chart,
                    ("results line reading", set_text(rolls)),
                    format!("lines reading {}", known.join("; ")),
                    rolls.span,
                )
            })?;
        if matches!(lines.get(line).map(|l| &l.cells), Some(LineCells::Every(_))) {
            return Err(invalid(
                format!(
                    "the line `{}` of `{}` is one outcome for every column",
                    set_text(rolls),
                    chart.name
                ),
                format!(
                    "write the table again under its name (`table {} \"...\" {{ ... }}`), \
                     with the line's cells as the variant wants them",
                    chart.name
                ),
                span,
            ));
        }
        let text = format!("{} at {}", set_text(rolls), column.node);
        self.touch(
            vec![chart.name.clone(), format!("cell {text}").into()],
            format!("the cell `{text}` of `{}`", chart.name),
            span,
        )?;
        if let Some(Item::Chart(c)) = self.items.get_mut(i) {
            for cl in &mut c.clauses {
                if let Clause::Results(lines, clause_span) = cl {
                    if let Some(LineCells::Each(cells)) = lines.get_mut(line).map(|l| &mut l.cells)
                    {
                        if let Some(target) = cells.get_mut(col) {
                            *target = cell.clone();
                        }
                    }
                    *clause_span = span;
                }
            }
        }
        self.mark(&chart.name, format!("cell {text} changed"));
        Ok(())
    }

    /// The names each column of a results grid answers to: a computed
    /// column's key and heading, or a choice's option name and label.
    fn result_columns(&self, c: &crate::syntax::ast::Chart) -> Vec<Vec<CompactString>> {
        for cl in &c.clauses {
            match cl {
                Clause::ColumnScale(sc) => {
                    return sc
                        .heads
                        .iter()
                        .map(|h| {
                            let mut names = vec![h.text.clone()];
                            names.extend(h.label.as_ref().map(|l| l.text.clone()));
                            names
                        })
                        .collect();
                }
                Clause::Columns(choice) => {
                    let local = c.clauses.iter().find_map(|cl| match cl {
                        Clause::Choice(d) if d.name.name == choice.name => Some(d),
                        _ => None,
                    });
                    let global = || {
                        self.items.iter().find_map(|it| match it {
                            Item::Choice(d) if d.name.name == choice.name => Some(d),
                            _ => None,
                        })
                    };
                    return local.or_else(global).map_or_else(Vec::new, |d| {
                        d.options
                            .iter()
                            .map(|o| vec![o.name.name.clone(), o.label.text.clone()])
                            .collect()
                    });
                }
                _ => {}
            }
        }
        Vec::new()
    }

    fn add_row(&mut self, chart: &Ident, row: &Row, span: Span) -> Res<()> {
        let (i, clause) = self.rows(chart)?;
        let name = self.touch_row(chart, &row.key, span)?;
        if let Some((rows, clause_span)) = self.rows_mut(i, clause) {
            rows.insert(sheet_position(rows, &row.key), row.clone());
            *clause_span = span;
        }
        self.mark(&chart.name, format!("row {name} added"));
        Ok(())
    }

    fn remove_row(&mut self, chart: &Ident, select: &RowKey, span: Span) -> Res<()> {
        let (i, clause) = self.rows(chart)?;
        let r = self.find_row(i, clause, chart, select)?;
        let name = self.touch_row(chart, select, span)?;
        if let Some((rows, clause_span)) = self.rows_mut(i, clause) {
            rows.remove(r);
            *clause_span = span;
        }
        self.mark(&chart.name, format!("row {name} removed"));
        Ok(())
    }

    // -- Grids ----------------------------------------------------------------

    fn grid(&self, name: &Ident) -> Res<usize> {
        let i = self.find(name, "grid")?;
        match self.items.get(i) {
            Some(Item::Grid(_)) => Ok(i),
            other => Err(wrong_kind(
                name,
                other.map_or("a declaration", kind_name),
                "a grid",
            )),
        }
    }

    /// The row of grid `i` whose options are `labels`.
    fn grid_row_index(&self, i: usize, grid: &Ident, labels: &[Ident]) -> Res<usize> {
        let Some(Item::Grid(g)) = self.items.get(i) else {
            return Err(wrong_kind(grid, "a declaration", "a grid"));
        };
        let want: Vec<&str> = labels.iter().map(|l| l.name.as_str()).collect();
        g.rows
            .iter()
            .position(|r| {
                r.labels
                    .iter()
                    .map(|l| l.name.as_str())
                    .eq(want.iter().copied())
            })
            .ok_or_else(|| {
                let names: Vec<String> = g.rows.iter().map(|r| row_labels(&r.labels)).collect();
                let written = want.join(", ");
                boxed(
                    VariantErrorKind::UnknownTarget {
                        what: "row",
                        name: written.clone(),
                        owner: Some(grid.name.to_string()),
                        suggestion: crate::check::suggest::closest(
                            &written,
                            names.iter().map(String::as_str),
                        ),
                        known: Some(format!("rows {}", names.join("; "))),
                    },
                    labels
                        .first()
                        .zip(labels.last())
                        .map_or(grid.span, |(a, b)| a.span.to(b.span)),
                )
            })
    }

    fn change_cells(&mut self, grid: &Ident, row: &GridRow, span: Span) -> Res<()> {
        let i = self.grid(grid)?;
        let keys = match self.items.get(i) {
            Some(Item::Grid(g)) => g.keys.iter().map(|k| k.name.clone()).collect::<Vec<_>>(),
            _ => Vec::new(),
        };
        let row_len = if keys.len() > 1 { keys.len() - 1 } else { 1 };
        let text = row_labels(&row.labels);
        let key = grid_key(grid, &row.labels);
        if row.labels.len() == row_len {
            let r = self.grid_row_index(i, grid, &row.labels)?;
            self.touch(key, format!("the row `{text}` of `{}`", grid.name), span)?;
            if let Some(Item::Grid(g)) = self.items.get_mut(i) {
                if let Some(target) = g.rows.get_mut(r) {
                    target.cells.clone_from(&row.cells);
                    target.span = span;
                }
            }
            self.pay(&grid.name, &row.labels, None);
            self.mark(&grid.name, format!("row {text} changed"));
            return Ok(());
        }
        let (Some((column, labels)), true) = (
            row.labels.split_last(),
            keys.len() > 1 && row.labels.len() == keys.len(),
        ) else {
            return Err(invalid(
                format!(
                    "`{}` is keyed by {}: name {row_len} option(s) for a row, or {} for one cell",
                    grid.name,
                    keys.join(", "),
                    keys.len()
                ),
                format!("write `change {} at OPTION, ...: CELLS`", grid.name),
                span,
            ));
        };
        let [cell] = row.cells.as_slice() else {
            return Err(invalid(
                format!("one cell of `{}` takes one value", grid.name),
                format!("write `change {} at {text}: VALUE`", grid.name),
                span,
            ));
        };
        let column_choice = keys.last().cloned().unwrap_or_default();
        let options = self.items.iter().find_map(|it| match it {
            Item::Choice(c) if c.name.name == column_choice => Some(c.options.clone()),
            _ => None,
        });
        let Some(options) = options else {
            return Err(unknown("choice", column, None, None, None));
        };
        let c = option_index(&options, column, &column_choice)?;
        let r = self.grid_row_index(i, grid, labels)?;
        self.touch(key, format!("the cell `{text}` of `{}`", grid.name), span)?;
        if let Some(Item::Grid(g)) = self.items.get_mut(i) {
            if let Some(target) = g.rows.get_mut(r).and_then(|r| r.cells.get_mut(c)) {
                *target = cell.clone();
            }
        }
        self.pay(&grid.name, labels, Some(&column.name));
        self.mark(&grid.name, format!("cell {text} changed"));
        Ok(())
    }

    fn add_grid_row(&mut self, grid: &Ident, row: &GridRow, span: Span) -> Res<()> {
        let i = self.grid(grid)?;
        let text = row_labels(&row.labels);
        if self.grid_row_index(i, grid, &row.labels).is_ok() {
            return Err(boxed(
                VariantErrorKind::AlreadyExists {
                    what: "grid row",
                    name: text,
                },
                span,
            ));
        }
        let key = grid_key(grid, &row.labels);
        self.touch(key, format!("the row `{text}` of `{}`", grid.name), span)?;
        if let Some(Item::Grid(g)) = self.items.get_mut(i) {
            g.rows.push(row.clone());
        }
        self.mark(&grid.name, format!("row {text} added"));
        Ok(())
    }

    fn remove_grid_row(&mut self, grid: &Ident, labels: &[Ident], span: Span) -> Res<()> {
        let i = self.grid(grid)?;
        let r = self.grid_row_index(i, grid, labels)?;
        let text = row_labels(labels);
        let key = grid_key(grid, labels);
        self.touch(key, format!("the row `{text}` of `{}`", grid.name), span)?;
        if let Some(Item::Grid(g)) = self.items.get_mut(i) {
            g.rows.remove(r);
        }
        self.pay(&grid.name, labels, None);
        self.mark(&grid.name, format!("row {text} removed"));
        Ok(())
    }

    /// A chart whose modifiers the variant changed (directly or in a set it
    /// uses) reports a gap in its rows at the last such change: the base
    /// checked clean, so the change is what moved the totals. A chart whose
    /// rows the variant changed already points at that change.
    fn point_rows_at_reach(&mut self) {
        let reach = std::mem::take(&mut self.reach);
        for item in &mut self.items {
            let Item::Chart(chart) = item else { continue };
            let mut used = vec![chart.name.name.clone()];
            for clause in &chart.clauses {
                if let Clause::Modifiers(entries, _) = clause {
                    uses(entries, &mut used);
                }
            }
            let Some(&(_, at)) = reach.iter().rev().find(|(o, _)| used.contains(o)) else {
                continue;
            };
            for clause in &mut chart.clauses {
                if let Clause::Rows(_, span) = clause {
                    if span.source != at.source {
                        *span = at;
                    }
                }
            }
        }
    }

    /// A change to a modifier set shows on every chart that uses it.
    fn mark_users(&mut self) {
        let mut extra = Vec::new();
        for item in &self.items {
            let Item::Chart(chart) = item else { continue };
            let mut used = Vec::new();
            for clause in &chart.clauses {
                if let Clause::Modifiers(entries, _) = clause {
                    uses(entries, &mut used);
                }
            }
            for set in used {
                for mark in self.marks.iter().filter(|m| m.item == set) {
                    extra.push(Mark {
                        item: chart.name.name.to_string(),
                        text: format!("{set}: {}", mark.text),
                    });
                }
            }
        }
        self.marks.extend(extra);
    }
}

// -- Helpers ------------------------------------------------------------------

/// A member path as written: `unit_rating.elite`, `manoeuvre.posture.dug_in`.
fn shown_path(path: &MemberPath) -> String {
    match &path.within {
        Some(c) => format!("{}.{}.{}", c.name, path.owner.name, path.member.name),
        None => format!("{}.{}", path.owner.name, path.member.name),
    }
}

/// The owner of a member path as written: `unit_rating`, `manoeuvre.posture`.
fn owner_text(path: &MemberPath) -> String {
    match &path.within {
        Some(c) => format!("{}.{}", c.name, path.owner.name),
        None => path.owner.name.to_string(),
    }
}

/// The conflict key of a grid's row (or, with a column, a cell).
fn grid_key(grid: &Ident, labels: &[Ident]) -> Vec<CompactString> {
    std::iter::once(grid)
        .chain(labels)
        .map(|i| i.name.clone())
        .collect()
}

/// The conflict key of a member: its path of names.
fn member_key(path: &MemberPath) -> Vec<CompactString> {
    path.within
        .iter()
        .chain([&path.owner, &path.member])
        .map(|i| i.name.clone())
        .collect()
}

/// The declaration a change to an option shows on: its choice, or the
/// chart it is declared in.
fn mark_owner(path: &MemberPath) -> &str {
    path.within.as_ref().unwrap_or(&path.owner).name.as_str()
}

/// An option as a mark names it: `elite`, or `posture.dug_in` in a chart.
fn option_name(path: &MemberPath) -> String {
    match &path.within {
        Some(_) => format!("{}.{}", path.owner.name, path.member.name),
        None => path.member.name.to_string(),
    }
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

/// Puts a new modifier into `item`: after the modifier at `place`
/// (within its group), or last in the chart's `modifiers` clause, made
/// when it has none.
fn insert_modifier(
    item: &mut Item,
    place: Option<Vec<usize>>,
    decl: ModEntry,
    path: &MemberPath,
    span: Span,
) -> Res<()> {
    match place {
        Some(at) => {
            let (last, group) = at.split_last().map_or((0, &[][..]), |(l, g)| (*l, g));
            if let Some(entries) = roots(item).and_then(|r| entries_at(r, group)) {
                entries.insert((last + 1).min(entries.len()), decl);
            }
        }
        None => {
            if let Item::Chart(chart) = item {
                if !chart
                    .clauses
                    .iter()
                    .any(|c| matches!(c, Clause::Modifiers(..)))
                {
                    chart.clauses.push(Clause::Modifiers(Vec::new(), span));
                }
            }
            match roots(item) {
                Some(entries) => entries.push(decl),
                None => {
                    return Err(wrong_kind(
                        &path.owner,
                        kind_name(item),
                        "a chart or modifier set",
                    ))
                }
            }
        }
    }
    Ok(())
}

/// The modifier entries of a chart (its `modifiers` clause) or set.
fn roots(item: &mut Item) -> Option<&mut Vec<ModEntry>> {
    match item {
        Item::Chart(c) => c.clauses.iter_mut().find_map(|cl| match cl {
            Clause::Modifiers(e, _) => Some(e),
            _ => None,
        }),
        Item::Modifiers(s) => Some(&mut s.entries),
        _ => None,
    }
}

/// The entries of a group, following `path` through groups.
fn entries_at<'a>(
    mut entries: &'a mut Vec<ModEntry>,
    path: &[usize],
) -> Option<&'a mut Vec<ModEntry>> {
    for &i in path {
        entries = match entries.get_mut(i)? {
            ModEntry::OneOf(g) | ModEntry::Section(g) => &mut g.entries,
            ModEntry::ForSide(s) => &mut s.entries,
            _ => return None,
        };
    }
    Some(entries)
}

/// The path of indices to the modifier named `name`.
fn locate(entries: &[ModEntry], name: &str) -> Option<Vec<usize>> {
    for (i, e) in entries.iter().enumerate() {
        let inner = match e {
            ModEntry::Modifier(m) if m.name.name == name => return Some(vec![i]),
            ModEntry::OneOf(g) | ModEntry::Section(g) => &g.entries,
            ModEntry::ForSide(s) => &s.entries,
            _ => continue,
        };
        if let Some(mut rest) = locate(inner, name) {
            rest.insert(0, i);
            return Some(rest);
        }
    }
    None
}

fn modifier_names(entries: &[ModEntry], out: &mut Vec<CompactString>) {
    for e in entries {
        match e {
            ModEntry::Modifier(m) => out.push(m.name.name.clone()),
            ModEntry::OneOf(g) | ModEntry::Section(g) => modifier_names(&g.entries, out),
            ModEntry::ForSide(s) => modifier_names(&s.entries, out),
            ModEntry::Use(_) => {}
        }
    }
}

/// The sets a block `use`s.
fn uses(entries: &[ModEntry], out: &mut Vec<CompactString>) {
    for e in entries {
        match e {
            ModEntry::Use(u) => out.push(u.set.name.clone()),
            ModEntry::OneOf(g) | ModEntry::Section(g) => uses(&g.entries, out),
            ModEntry::ForSide(s) => uses(&s.entries, out),
            ModEntry::Modifier(_) => {}
        }
    }
}

fn option_index(options: &[OptionDecl], name: &Ident, choice: &str) -> Res<usize> {
    options
        .iter()
        .position(|o| o.name.name == name.name)
        .ok_or_else(|| {
            unknown(
                "option",
                name,
                Some(choice),
                crate::check::suggest::closest(
                    &name.name,
                    options.iter().map(|o| o.name.name.as_str()),
                ),
                None,
            )
        })
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

/// A modifier's value as written: `+2`, `±r`, `+1 each (max +4)`.
pub(crate) fn value_text(v: &ModValue) -> String {
    match v {
        ModValue::Fixed(n) => {
            let sign = if n.node < crate::number::whole(0) {
                ""
            } else {
                "+"
            };
            format!("{sign}{}", crate::number::Show(n.node))
        }
        ModValue::Shift(n) => crate::syntax::ast::shift_text(n.node),
        ModValue::Param { sign, .. } => sign.text().into(),
        ModValue::Counted {
            per,
            max,
            shifts: true,
            ..
        } => match max {
            Some(m) => format!(
                "{} each (max {})",
                crate::syntax::ast::shift_text(per.node),
                crate::syntax::ast::shift_text(m.node)
            ),
            None => format!("{} each", crate::syntax::ast::shift_text(per.node)),
        },
        ModValue::Counted { per, max, .. } => match max {
            Some(m) => format!("{:+} each (max {:+})", per.node, m.node),
            None => format!("{:+} each", per.node),
        },
    }
}

fn row_labels(labels: &[Ident]) -> String {
    labels
        .iter()
        .map(|l| l.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The totals a range set covers, as sorted, merged closed intervals.
fn ranges(set: &RangeSet) -> Vec<(i64, i64)> {
    let mut v: Vec<(i64, i64)> = set
        .parts
        .iter()
        .map(|p| {
            // A span written highest first (`-1 to -3`) reads either way,
            // as the compiler reads it.
            let (lo, hi) = (p.lo.unwrap_or(i64::MIN), p.hi.unwrap_or(i64::MAX));
            (lo.min(hi), lo.max(hi))
        })
        .collect();
    v.sort_unstable();
    let mut out: Vec<(i64, i64)> = Vec::new();
    for (lo, hi) in v {
        match out.last_mut() {
            Some(last) if last.1.saturating_add(1) >= lo => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

fn key_ranges(key: &RowKey) -> Vec<Vec<(i64, i64)>> {
    match key {
        RowKey::Single(s) => vec![ranges(s)],
        RowKey::Columns(c) => c.iter().map(ranges).collect(),
    }
}

/// Where a new row with `key` goes among `rows`: by the lowest total it
/// covers, in the direction the table runs (most tables run up, some
/// down); after the rows it ties with.
fn sheet_position(rows: &[Row], key: &RowKey) -> usize {
    let low = |k: &RowKey| key_ranges(k).first().and_then(|c| c.first()).map(|r| r.0);
    let Some(new) = low(key) else {
        return rows.len();
    };
    let lows: Vec<Option<i64>> = rows.iter().map(|r| low(&r.key)).collect();
    let down = matches!((lows.first(), lows.last()), (Some(Some(a)), Some(Some(b))) if a > b);
    lows.iter()
        .position(|l| l.is_some_and(|l| if down { l < new } else { l > new }))
        .unwrap_or(rows.len())
}

/// A canonical text of the totals a key covers (for conflict keys).
fn canonical(key: &RowKey) -> String {
    format!("{:?}", key_ranges(key))
}

fn key_span(key: &RowKey) -> Option<Span> {
    match key {
        RowKey::Single(s) => Some(s.span),
        RowKey::Columns(c) => c.first().zip(c.last()).map(|(a, b)| a.span.to(b.span)),
    }
}

/// Ranges as players write them: `6 or more`, `4-5`, `3 or less`.
fn set_text(set: &RangeSet) -> String {
    let parts: Vec<String> = ranges(set)
        .into_iter()
        .map(|(lo, hi)| match (lo, hi) {
            (i64::MIN, i64::MAX) => "any".into(),
            (i64::MIN, h) => format!("{h} or less"),
            (l, i64::MAX) => format!("{l} or more"),
            (l, h) if l == h => l.to_string(),
            (l, h) if l + 1 == h => format!("{l},{h}"),
            (l, h) if l >= 0 => format!("{l}-{h}"),
            (l, h) => format!("{l} to {h}"),
        })
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(",")
    }
}

pub(crate) fn key_text(key: &RowKey) -> String {
    match key {
        RowKey::Single(s) => set_text(s),
        RowKey::Columns(c) => format!(
            "[ {} ]",
            c.iter().map(set_text).collect::<Vec<_>>().join(" | ")
        ),
    }
}
