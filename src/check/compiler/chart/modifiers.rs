//! Modifiers: fixed, parametric, counted and column shifts; exclusive
//! groups, sections, sets used by name, sides of an opposed roll; and the
//! reach of the net modifier for the coverage check.

use super::super::check_bounds;
use super::super::rows::Reach;
use super::{ChartCx, Deferred, ModCtx, Waiting};
use crate::check::error::CompileErrorKind;
use crate::check::tree::{Cell, Cond, ModValue, Modifier, SlotKind};
use crate::number::whole;
use crate::syntax::ast::CompactString;
use crate::syntax::ast::{self};
use foldhash::HashMap;

/// A modifier's slot kind, value and reach (lowest, highest; `None`:
/// unbounded), by the form it is written in.
type ModForm = (SlotKind, ModValue, (Option<i64>, Option<i64>));

impl<'a> ChartCx<'a, '_> {
    pub(super) fn entries(&mut self, entries: &'a [ast::ModEntry], cx: &ModCtx<'a>) {
        for e in entries {
            match e {
                ast::ModEntry::Modifier(d) => self.modifier(d, cx),
                ast::ModEntry::OneOf(g) => {
                    if cx.group.is_some() {
                        self.error(
                            CompileErrorKind::Invalid {
                                message: "`one of` inside `one of`".into(),
                                help: "list every exclusive modifier in one group".into(),
                            },
                            g.span,
                        );
                    }
                    let heading = g.heading.as_ref().map_or("use only one", |h| &h.text);
                    self.groups.push((heading.into(), Vec::new()));
                    let mut inner = cx.clone();
                    inner.group = Some(self.groups.len() - 1);
                    inner
                        .conds
                        .extend(g.applicability.as_ref().map(Deferred::Applies));
                    self.entries(&g.entries, &inner);
                }
                ast::ModEntry::Section(g) => {
                    let heading = g.heading.as_ref().map_or("", |h| &h.text);
                    self.sections.push((heading.into(), g.subtract, Vec::new()));
                    let mut inner = cx.clone();
                    inner.section = Some(self.sections.len() - 1);
                    inner.negative ^= g.subtract;
                    inner
                        .conds
                        .extend(g.applicability.as_ref().map(Deferred::Applies));
                    self.entries(&g.entries, &inner);
                }
                ast::ModEntry::Use(u) => self.use_set(u, cx),
                ast::ModEntry::ForSide(f) => {
                    if self.sides.is_empty() {
                        self.error(
                            CompileErrorKind::MisplacedClause {
                                clause: "for",
                                kind: "chart without sides",
                                reason: "only opposed rolls have sides".into(),
                            },
                            f.span,
                        );
                        continue;
                    }
                    match &f.side {
                        None => {
                            for side in 0..self.sides.len() {
                                let mut inner = cx.clone();
                                inner.side = Some(side);
                                self.entries(&f.entries, &inner);
                            }
                        }
                        Some(name) => {
                            if let Some(side) = self.sides.iter().position(|s| *s == name.name) {
                                let mut inner = cx.clone();
                                inner.side = Some(side);
                                self.entries(&f.entries, &inner);
                            } else {
                                let suggestion = crate::check::suggest::closest(
                                    &name.name,
                                    self.sides.iter().map(CompactString::as_str),
                                );
                                self.error(
                                    CompileErrorKind::Unknown {
                                        what: "side",
                                        name: name.name.to_string(),
                                        suggestion,
                                    },
                                    name.span,
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    pub(super) fn use_set(&mut self, u: &'a ast::UseDecl, cx: &ModCtx<'a>) {
        let Some(set) = self.sc.games[self.game]
            .sets
            .get(u.set.name.as_str())
            .copied()
        else {
            self.unknown("modifier set", &u.set);
            return;
        };
        if self.using.contains(&u.set.name) {
            self.error(
                CompileErrorKind::Invalid {
                    message: format!("modifier set `{}` uses itself", u.set.name),
                    help: "remove the `use` that closes the loop".into(),
                },
                u.span,
            );
            return;
        }
        let mut inner = cx.clone();
        inner.conds.extend(u.cond.as_ref().map(Deferred::Used));
        self.sections
            .push((set.label.text.clone(), false, Vec::new()));
        inner.section = Some(self.sections.len() - 1);
        self.using.push(u.set.name.clone());
        let first = self.modifiers.len();
        self.entries(&set.entries, &inner);
        self.using.pop();
        // Only the outermost `use` is drawn as one line on the sheet; a set
        // with no modifier in it governs nothing, so its `if` reads nothing.
        if self.using.is_empty() && first < self.modifiers.len() {
            self.used.push(crate::check::tree::UsedSet {
                set: u.set.name.clone(),
                cond: None,
                members: first..self.modifiers.len(),
            });
            self.waiting
                .push((Waiting::Used(self.used.len() - 1), inner.conds.clone()));
        }
    }

    /// Declares one modifier: its slot, its value (by form: fixed, column
    /// shift, param, counted), when it applies and the reach it adds.
    #[allow(clippy::too_many_lines)] // one match arm per modifier value form (fixed, shift, param, counted)
    pub(super) fn modifier(&mut self, d: &'a ast::ModifierDecl, cx: &ModCtx<'a>) {
        let side = cx.side.unwrap_or(0);
        let name = match cx.side {
            Some(s) if !self.sides.is_empty() => {
                compact_str::format_compact!("{}.{}", self.sides[s], d.name.name)
            }
            _ => d.name.name.clone(),
        };
        let shifts = match &d.value {
            ast::ModValue::Shift(_) => true,
            ast::ModValue::Param { sign, .. } => sign.shifts(),
            ast::ModValue::Counted { shifts, .. } => *shifts,
            ast::ModValue::Fixed(_) => false,
        };
        // A `subtract` section counts its modifiers against the roll; a
        // column shift names its own direction (`1L` moves left wherever it
        // is written), so it is not turned round.
        let sign = if cx.negative && !shifts { -1 } else { 1 };
        let (kind, value, reach) = match &d.value {
            ast::ModValue::Fixed(v) => {
                let v = self.whole(v.node, v.span, "a modifier to the roll");
                let v = self.signed(v, sign, d.span);
                (
                    SlotKind::Flag,
                    ModValue::Fixed(v),
                    (Some(v.min(0)), Some(v.max(0))),
                )
            }
            ast::ModValue::Shift(v) => (
                SlotKind::Flag,
                ModValue::Fixed(self.signed(v.node, sign, d.span)),
                (Some(0), Some(0)),
            ),
            ast::ModValue::Param {
                sign: psign,
                bounds,
                default,
                from,
                at,
                ..
            } => self.param_modifier(
                *psign,
                bounds.as_ref(),
                default.as_ref(),
                from.as_ref().map(|g| (g, at.as_slice())),
                sign,
            ),
            ast::ModValue::Counted { per, max, .. } => {
                let per = self.signed(per.node, sign, d.span);
                counted_modifier(per, max.as_ref().map(|m| m.node))
            }
        };
        // A shift moves the column, never the roll's total.
        let reach = if shifts { (Some(0), Some(0)) } else { reach };
        if shifts {
            self.shifts.push((d.name.name.clone(), d.name.span));
        }
        if d.always && !matches!(d.value, ast::ModValue::Fixed(_) | ast::ModValue::Shift(_)) {
            self.error(
                CompileErrorKind::Invalid {
                    message: format!("`{}` is `always` but its value is not fixed", d.name.name),
                    help: "only a fixed modifier such as `+4` or a fixed shift such as `1L` \
                           can apply always"
                        .into(),
                },
                d.span,
            );
        }
        let slot = self.add_slot("modifier", name, d.label.text.clone(), kind, d.name.span);
        let index = self.modifiers.len();
        self.waiting.push((
            Waiting::Modifier(index, d.applicability.as_ref()),
            cx.conds.clone(),
        ));
        self.modifiers.push(Modifier {
            slot,
            value,
            shifts,
            applies: None,
            side,
            group: cx.group,
            always: d.always,
            sign: match &d.value {
                ast::ModValue::Param { sign, .. } => Some(*sign),
                _ => None,
            },
            span: d.name.span,
        });
        self.reaches.push(reach);
        if let Some(g) = cx.group {
            self.groups[g].1.push(index);
        }
        if let Some(s) = cx.section {
            self.sections[s].2.push(index);
        }
    }

    /// Compiles the conditions on modifiers, now that every modifier of the
    /// chart is declared: each group's, section's or `use`'s condition
    /// once (its errors reported once), shared by its members.
    pub(super) fn settle_conditions(&mut self) {
        let waiting = std::mem::take(&mut self.waiting);
        let mut compiled: Vec<(*const (), Option<Cond>)> = Vec::new();
        for (what, conds) in waiting {
            let mut all: Option<Cond> = None;
            for d in conds {
                let at: *const () = match d {
                    Deferred::Applies(a) => std::ptr::from_ref(a).cast(),
                    Deferred::Used(c) => std::ptr::from_ref(c).cast(),
                };
                let cond = if let Some((_, c)) = compiled.iter().find(|(p, _)| *p == at) {
                    c.clone()
                } else {
                    let c = match d {
                        Deferred::Applies(a) => self.applicability(Some(a)),
                        Deferred::Used(c) => Some(self.cond(c)),
                    };
                    compiled.push((at, c.clone()));
                    c
                };
                all = and(all, cond);
            }
            match what {
                Waiting::Modifier(i, own) => {
                    let own = self.applicability(own);
                    if let Some(m) = self.modifiers.get_mut(i) {
                        m.applies = and(all, own);
                    }
                }
                Waiting::Used(i) => {
                    if let Some(u) = self.used.get_mut(i) {
                        u.cond = all;
                    }
                }
            }
        }
    }

    /// `v` with `sign` (±1) applied: `-(-9223372036854775808)` does not
    /// fit, and is reported at `span` (as 0).
    fn signed(&mut self, v: i64, sign: i64, span: crate::syntax::span::Span) -> i64 {
        v.checked_mul(sign).unwrap_or_else(|| {
            self.error(
                CompileErrorKind::TotalTooLarge {
                    total: (-i128::from(v)).to_string(),
                },
                span,
            );
            0
        })
    }

    /// A parametric modifier (`±r`, `+r`, `-r`): a param slot within its
    /// bounds (or the reach of the grid it falls back on), applied times
    /// `sign` and flipped for `-r`.
    fn param_modifier(
        &mut self,
        psign: ast::ParamSign,
        bounds: Option<&ast::Bounds>,
        default: Option<&crate::syntax::span::Spanned<crate::number::Num>>,
        from: Option<(&'a ast::Ident, &'a [ast::Ident])>,
        sign: i64,
    ) -> ModForm {
        check_bounds(bounds, self.errors);
        let bounds = bounds.map(|b| {
            let what = "the bounds of a modifier to the roll";
            (
                self.whole(b.lo, b.span, what),
                self.whole(b.hi, b.span, what),
            )
        });
        if let Some(d) = default {
            self.whole(d.node, d.span, "the default of a modifier to the roll");
        }
        let from = from.and_then(|(g, at)| {
            if !self.sc.games[self.game].grids.contains_key(g.name.as_str()) {
                self.unknown("grid", g);
                return None;
            }
            self.keys_optional = true;
            let r = self.grid_ref_at(g, at);
            self.keys_optional = false;
            r
        });
        if let Some(r) = &from {
            self.expect_cells(
                r,
                |c| matches!(c, Cell::Number(_) | Cell::Impossible),
                "a grid of numbers",
            );
        }
        let mut from = from;
        let bounds = bounds.or_else(|| {
            let r = from.as_mut()?;
            let (lo, hi) = self.grid_number_reach(r);
            r.sets_bounds = true;
            Some((lo?, hi?))
        });
        let factor = if matches!(psign, ast::ParamSign::Minus | ast::ParamSign::Left) {
            -sign
        } else {
            sign
        };
        let reach = bounds.map_or((None, None), |(lo, hi)| {
            // `-i64::MIN` saturates: the reach is a bound, the engine's sum is exact.
            let (a, b) = (lo.saturating_mul(factor), hi.saturating_mul(factor));
            (Some(a.min(b).min(0)), Some(a.max(b).max(0)))
        });
        (
            SlotKind::Param {
                bounds: bounds.map(|(l, h)| (whole(l), whole(h))),
                default: default.map(|v| v.node),
                whole: true,
            },
            ModValue::Param { factor, from },
            reach,
        )
    }

    /// The lowest and highest net modifier of one side.
    pub(super) fn modifier_reach(&self, side: usize) -> Reach {
        let mut lo = Some(0i64);
        let mut hi = Some(0i64);
        let mut grouped: HashMap<usize, (Option<i64>, Option<i64>)> = HashMap::default();
        for (m, &(rlo, rhi)) in self.modifiers.iter().zip(&self.reaches) {
            if m.side != side {
                continue;
            }
            if let Some(g) = m.group {
                let e = grouped.entry(g).or_insert((Some(0), Some(0)));
                e.0 = e.0.zip(rlo).map(|(a, b)| a.min(b));
                e.1 = e.1.zip(rhi).map(|(a, b)| a.max(b));
            } else {
                lo = lo.zip(rlo).map(|(a, b)| a.saturating_add(b));
                hi = hi.zip(rhi).map(|(a, b)| a.saturating_add(b));
            }
        }
        for (_, (rlo, rhi)) in grouped {
            lo = lo.zip(rlo).map(|(a, b)| a.saturating_add(b));
            hi = hi.zip(rhi).map(|(a, b)| a.saturating_add(b));
        }
        Reach { lo, hi }
    }
}

/// A counted modifier (`+1 each (max +4)`): a count from 0, `per` each
/// (its sign given), its magnitude capped at `max`.
fn counted_modifier(per_v: i64, max: Option<i64>) -> ModForm {
    let cap = max.map(|m| m.saturating_abs() * per_v.signum());
    let reach = match cap {
        Some(c) => (Some(c.min(0)), Some(c.max(0))),
        None if per_v < 0 => (None, Some(0)),
        None => (Some(0), None),
    };
    (
        SlotKind::Param {
            bounds: Some((whole(0), whole(i64::from(u16::MAX)))),
            default: Some(whole(0)),
            whole: true,
        },
        ModValue::Counted {
            per: per_v,
            max: max.map(i64::saturating_abs),
        },
        reach,
    )
}

pub(super) fn and(a: Option<Cond>, b: Option<Cond>) -> Option<Cond> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Cond::And(Box::new(a), Box::new(b))),
        (a, None) => a,
        (None, b) => b,
    }
}
