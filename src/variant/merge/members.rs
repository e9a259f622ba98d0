//! Changes to members: a choice's options, a chart's or set's modifiers
//! (found through their groups), and what a changed modifier moves (the
//! rows it reaches, the charts using its set).

use super::text::{option_name, owner_text, shown_path, value_text};
use super::{exists, invalid, kind_name, unknown, wrong_kind, Mark, Merger, Removed, Res};
use crate::syntax::ast::{
    Applicability, Clause, CompactString, Ident, Item, Label, MemberPath, ModEntry, ModValue,
    ModifierDecl, OptionDecl,
};
use crate::syntax::span::Span;

/// `add OWNER.NAME ...` as written: a new modifier, or a new option (no
/// value, no condition).
#[derive(Clone, Copy)]
pub(super) struct NewMember<'a> {
    pub path: &'a MemberPath,
    pub value: Option<&'a ModValue>,
    pub label: &'a Label,
    pub applicability: Option<&'a Applicability>,
    pub always: bool,
    pub after: Option<&'a Ident>,
}

impl Merger<'_> {
    pub(super) fn change_member(
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

    pub(super) fn add_member(&mut self, new: &NewMember<'_>, span: Span) -> Res<()> {
        let NewMember {
            path,
            value,
            label,
            applicability,
            always,
            after,
        } = *new;
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
            always,
            span,
        });
        let Some(item) = self.items.get_mut(i) else {
            return Ok(());
        };
        insert_modifier(item, place, decl, path, span)?;
        let when = if always { " always" } else { "" };
        self.mark(owner, format!("{member} {}{when} added", value_text(value)));
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

    pub(super) fn remove_member(&mut self, path: &MemberPath, span: Span) -> Res<()> {
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

    /// A chart whose modifiers the variant changed (directly or in a set it
    /// uses) reports a gap in its rows at the last such change: the base
    /// checked clean, so the change is what moved the totals. A chart whose
    /// rows the variant changed already points at that change.
    pub(super) fn point_rows_at_reach(&mut self) {
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
    pub(super) fn mark_users(&mut self) {
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

pub(super) fn option_index(options: &[OptionDecl], name: &Ident, choice: &str) -> Res<usize> {
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
