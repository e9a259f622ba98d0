//! The situations the reference tries for a chart: its inputs (flags and
//! fixed modifiers off and on, one option of each `one of`, each option of
//! a choice, params and parametric or counted modifiers at the ends of
//! their bounds and a few values inside), a baseline, each input varied
//! alone, then deterministic mixtures, up to a bound. Found by walking the
//! AST's names; nothing comes from the engine's own situation classes.

use super::expr::{chart_modifiers, Ctx, Decl, ModRef};
use super::{q, qn, Situation, Val, World, Q};
use chartwright::ast::{Bounds, Chart, ChartKind, Clause, Item, ModEntry, ModValue, ModifierDecl};
use std::collections::{BTreeSet, VecDeque};

/// One input's settings: each a list of words (empty: not given).
struct Knob {
    keys: Vec<String>,
    settings: Vec<Vec<(String, Val)>>,
    required: bool,
}

/// Every name written in a piece of the AST (its `Ident`s), but the names
/// of a follow-up's arguments: those are the follow-up's inputs, given by
/// the call, not the chart's own.
fn idents(debug: &str, out: &mut BTreeSet<String>) {
    let pat = "Ident { name: \"";
    let mut rest = debug;
    while let Some(i) = rest.find(pat) {
        let argument = rest[..i].ends_with("FollowArg { name: ");
        rest = &rest[i + pat.len()..];
        if let Some(j) = rest.find('"') {
            if !argument {
                out.insert(rest[..j].to_string());
            }
            rest = &rest[j..];
        }
    }
}

/// A modifier as its names are walked: one reading its grid `at` some
/// options without the grid, whose free keys its own name leads to.
fn without_grid_at(m: &ModifierDecl) -> ModifierDecl {
    let mut m = m.clone();
    if let ModValue::Param { from, at, .. } = &mut m.value {
        if !at.is_empty() {
            *from = None;
            at.clear();
        }
    }
    m
}

/// A few values of a number in its bounds: the ends, the first few, the
/// middle, and a half where decimals are allowed.
fn sample(bounds: Option<&Bounds>, whole: bool, default: Option<Q>) -> Vec<Q> {
    let mut v: Vec<Q> = Vec::new();
    match bounds {
        Some(b) => {
            let (lo, hi) = (qn(b.lo), qn(b.hi));
            let lo_w = lo.ceil();
            for k in 0..4 {
                v.push(&lo_w + q(k));
            }
            v.push(((&lo + &hi) / q(2)).floor());
            v.push(hi.floor() - q(1));
            v.push(hi.floor());
            v.push(lo.clone());
            v.push(hi.clone());
            if !whole {
                v.push(&lo_w + Q::new(1.into(), 2.into()));
            }
            v.retain(|x| x >= &lo && x <= &hi);
        }
        None => {
            for k in [0, 1, 2, 3, -1] {
                v.push(q(k));
            }
        }
    }
    if let Some(d) = default {
        v.push(d);
    }
    if whole {
        v.retain(Q::is_integer);
    }
    let mut seen = BTreeSet::new();
    v.retain(|x| seen.insert(x.clone()));
    v
}

/// The settings of a modifier (given under `key`).
fn modifier_settings(ctx: &Ctx, m: &ModRef, key: &str) -> Vec<Vec<(String, Val)>> {
    let on = vec![(key.to_string(), Val::On)];
    let nums = |v: Vec<Q>| -> Vec<Vec<(String, Val)>> {
        v.into_iter()
            .map(|x| vec![(key.to_string(), Val::Num(x))])
            .collect()
    };
    match &m.decl.value {
        ModValue::Fixed(_) | ModValue::Shift(_) => vec![on],
        ModValue::Param {
            sign,
            bounds,
            default,
            from,
            ..
        } => {
            let grid_bounds = ctx.mod_bounds(m).map(|(lo, hi)| Bounds {
                lo: to_number(&lo),
                hi: to_number(&hi),
                span: chartwright::Span::new(chartwright::SourceId::new(0), 0, 0),
            });
            let b = bounds.as_ref().or(grid_bounds.as_ref());
            let mut s = nums(sample(b, true, default.as_ref().map(|d| qn(d.node))));
            if from.is_some() && sign.shifts() {
                s.insert(0, on);
            }
            s
        }
        ModValue::Counted { .. } => nums(vec![q(1), q(2), q(5)]),
    }
}

/// An exact number back as the AST writes it.
fn to_number(v: &Q) -> num_rational::Rational64 {
    use num_traits::ToPrimitive;
    num_rational::Rational64::new(
        v.numer().to_i64().unwrap_or(0),
        v.denom().to_i64().unwrap_or(1),
    )
}

fn required_modifier(m: &ModRef) -> bool {
    matches!(&m.decl.value, ModValue::Param { default: None, from, .. } if from.is_none())
        && m.group.is_none()
}

/// The inputs of a chart of `game`.
#[allow(clippy::too_many_lines)] // one walk over the names, then the modifiers
fn knobs(world: &World, game: &str, chart: &str) -> Vec<Knob> {
    let Some(file) = world.game(game) else {
        return Vec::new();
    };
    let empty = Situation::default();
    let item = file.items.iter().find(|i| match i {
        Item::Chart(c) => c.name.name == chart,
        Item::Grid(g) => g.name.name == chart,
        Item::Modifiers(m) => m.name.name == chart,
        _ => false,
    });
    let Some(item) = item else { return Vec::new() };
    let the_chart = match item {
        Item::Chart(c) => Some(c),
        _ => None,
    };
    // `each rolls CHART`: each side's inputs are that chart's, prefixed.
    let rolled = the_chart.and_then(|c| {
        c.clauses.iter().find_map(|cl| match cl {
            Clause::EachRolls(name, _) => Some(name.name.to_string()),
            _ => None,
        })
    });
    if let (Some(rolled), Some(c)) = (rolled, the_chart) {
        return side_knobs(world, game, c, &rolled);
    }
    let ctx = Ctx::new(world, game, file, the_chart, &empty);
    let sides: Vec<String> = the_chart
        .and_then(|c| {
            c.clauses.iter().find_map(|cl| match cl {
                Clause::Sides(s, _) => Some(s.iter().map(|o| o.name.name.to_string()).collect()),
                _ => None,
            })
        })
        .unwrap_or_default();

    // Names to visit: every name written in the chart, grids' keys and
    // ladders' inputs, followed to closure.
    let mut names = BTreeSet::new();
    let mut mods: Vec<ModRef> = match item {
        Item::Chart(c) => chart_modifiers(file, c),
        Item::Modifiers(set) => super::expr::modifiers(file, &set.entries),
        _ => Vec::new(),
    };
    // A grid read `at` some options names only its free keys.
    let mut text = format!("{:?}", governing(file, item));
    for m in &mods {
        let stripped = format!("{:?}", without_grid_at(m.decl));
        text = text.replace(&format!("{:?}", m.decl), &stripped);
    }
    idents(&text, &mut names);
    for m in &mods {
        idents(&format!("{:?}", m.conds), &mut names);
        idents(&format!("{:?}", without_grid_at(m.decl)), &mut names);
    }
    let mut queue: VecDeque<String> = names.iter().cloned().collect();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut knobs: Vec<Knob> = Vec::new();
    let mut covered: BTreeSet<String> = BTreeSet::new();
    while let Some(n) = queue.pop_front() {
        if !seen.insert(n.clone()) {
            continue;
        }
        let mut more = BTreeSet::new();
        match ctx.lookup(&n) {
            Some(Decl::Flag(f)) => {
                knobs.push(Knob {
                    keys: vec![n.clone()],
                    settings: vec![vec![], vec![(f.name.name.to_string(), Val::On)]],
                    required: false,
                });
            }
            Some(Decl::Choice(c)) => {
                let mut s: Vec<Vec<(String, Val)>> = c
                    .options
                    .iter()
                    .map(|o| vec![(n.clone(), Val::Opt(o.name.name.to_string()))])
                    .collect();
                if c.default.is_some() {
                    s.insert(0, vec![]);
                }
                knobs.push(Knob {
                    keys: vec![n.clone()],
                    settings: s,
                    required: c.default.is_none(),
                });
            }
            Some(Decl::Param(p)) => {
                let mut s: Vec<Vec<(String, Val)>> = sample(
                    p.bounds.as_ref(),
                    p.whole,
                    p.default.as_ref().map(|d| qn(d.node)),
                )
                .into_iter()
                .map(|v| vec![(n.clone(), Val::Num(v))])
                .collect();
                if p.default.is_some() {
                    s.insert(0, vec![]);
                }
                knobs.push(Knob {
                    keys: vec![n.clone()],
                    settings: s,
                    required: p.default.is_none(),
                });
            }
            Some(Decl::Grid(g)) => {
                for k in &g.keys {
                    more.insert(k.name.to_string());
                }
            }
            Some(Decl::Ladder(l)) => {
                let lm = chart_modifiers(file, l);
                // As the chart's own: a grid read `at` names its free keys.
                let mut text = format!("{l:?}");
                for m in &lm {
                    let stripped = format!("{:?}", without_grid_at(m.decl));
                    text = text.replace(&format!("{:?}", m.decl), &stripped);
                    idents(&format!("{:?}", m.conds), &mut more);
                    idents(&stripped, &mut more);
                }
                idents(&text, &mut more);
                mods.extend(lm);
            }
            Some(Decl::Modifier(m)) => {
                match &m.decl.value {
                    ModValue::Param {
                        from: Some(g), at, ..
                    } if !at.is_empty() => {
                        // `at` fixes some keys: the situation gives the others.
                        if let Some(Decl::Grid(grid)) = ctx.lookup(&g.name) {
                            for k in &grid.keys {
                                let fixed = matches!(ctx.lookup(&k.name), Some(Decl::Choice(c))
                                    if c.options.iter().any(|o| at.iter().any(|a| a.name == o.name.name)));
                                if !fixed {
                                    more.insert(k.name.to_string());
                                }
                            }
                        }
                    }
                    ModValue::Param { from: Some(g), .. } => {
                        more.insert(g.name.to_string());
                    }
                    _ => {}
                }
            }
            None => {}
        }
        queue.extend(more);
    }
    // Modifiers: one knob per modifier outside groups, one per group.
    let prefixes = |m: &ModRef| -> Vec<String> {
        match m.side.as_deref() {
            None => vec![String::new()],
            Some("each") => sides.iter().map(|s| format!("{s}.")).collect(),
            Some(s) => vec![format!("{s}.")],
        }
    };
    let set_alone = matches!(item, Item::Modifiers(_));
    let mut groups: Vec<(usize, String, Knob)> = Vec::new();
    let mut mod_knobs: Vec<Knob> = Vec::new();
    for m in &mods {
        for pre in prefixes(m) {
            let key = format!("{pre}{}", m.decl.name.name);
            if !covered.insert(key.clone()) {
                continue;
            }
            let settings = modifier_settings(&ctx, m, &key);
            match m.group {
                None => {
                    let mut s = settings;
                    let required = required_modifier(m);
                    if !required || set_alone {
                        s.insert(0, vec![]);
                    }
                    mod_knobs.push(Knob {
                        keys: vec![key],
                        settings: s,
                        required: required && !set_alone,
                    });
                }
                Some(g) => {
                    if let Some(k) = groups.iter_mut().find(|(id, p, _)| *id == g && *p == pre) {
                        k.2.keys.push(key);
                        k.2.settings.extend(settings);
                    } else {
                        let mut s = vec![vec![]];
                        s.extend(settings);
                        groups.push((
                            g,
                            pre.clone(),
                            Knob {
                                keys: vec![key],
                                settings: s,
                                required: false,
                            },
                        ));
                    }
                }
            }
        }
    }
    knobs.retain(|k| !k.keys.iter().any(|key| covered.contains(key)));
    knobs.extend(mod_knobs);
    knobs.extend(groups.into_iter().map(|g| g.2));
    knobs
}

/// `item` without the sections, `one of` groups and `use`s that hold no
/// modifier: "a chart's inputs are the ones it uses", and the `if` of an
/// empty one governs nothing.
fn governing(file: &chartwright::ast::File, item: &Item) -> Item {
    fn holds_one(file: &chartwright::ast::File, e: &ModEntry, depth: usize) -> bool {
        match e {
            ModEntry::Modifier(_) => true,
            ModEntry::OneOf(g) | ModEntry::Section(g) => {
                g.entries.iter().any(|e| holds_one(file, e, depth))
            }
            ModEntry::ForSide(f) => f.entries.iter().any(|e| holds_one(file, e, depth)),
            // A set that uses itself is refused; the depth stops the walk.
            ModEntry::Use(u) => {
                depth < 16
                    && file.items.iter().any(|i| match i {
                        Item::Modifiers(set) if set.name.name == u.set.name => {
                            set.entries.iter().any(|e| holds_one(file, e, depth + 1))
                        }
                        _ => false,
                    })
            }
        }
    }
    fn prune(file: &chartwright::ast::File, entries: &mut Vec<ModEntry>) {
        entries.retain(|e| holds_one(file, e, 0));
        for e in entries {
            match e {
                ModEntry::OneOf(g) | ModEntry::Section(g) => prune(file, &mut g.entries),
                ModEntry::ForSide(f) => prune(file, &mut f.entries),
                ModEntry::Modifier(_) | ModEntry::Use(_) => {}
            }
        }
    }
    let mut item = item.clone();
    match &mut item {
        Item::Chart(c) => {
            for clause in &mut c.clauses {
                if let Clause::Modifiers(entries, _) = clause {
                    prune(file, entries);
                }
            }
        }
        Item::Modifiers(set) => prune(file, &mut set.entries),
        _ => {}
    }
    item
}

/// The inputs of an opposed chart whose sides roll `rolled`: that chart's
/// own, once per side, each name with the side's prefix.
fn side_knobs(world: &World, game: &str, chart: &Chart, rolled: &str) -> Vec<Knob> {
    let sides: Vec<String> = chart
        .clauses
        .iter()
        .find_map(|cl| match cl {
            Clause::Sides(s, _) => Some(s.iter().map(|o| o.name.name.to_string()).collect()),
            _ => None,
        })
        .unwrap_or_default();
    let inner = knobs(world, game, rolled);
    let mut out = Vec::new();
    for side in &sides {
        let named = |n: &String| format!("{side}.{n}");
        for k in &inner {
            out.push(Knob {
                keys: k.keys.iter().map(named).collect(),
                settings: k
                    .settings
                    .iter()
                    .map(|s| s.iter().map(|(n, v)| (named(n), v.clone())).collect())
                    .collect(),
                required: k.required,
            });
        }
    }
    out
}

/// Every roll-time name a chart takes (a side's modifiers under their
/// prefixes): "a name the chart does not take ... [is an error]".
pub fn inputs(world: &World, game: &str, chart: &str) -> BTreeSet<String> {
    knobs(world, game, chart)
        .into_iter()
        .flat_map(|k| k.keys)
        .collect()
}

/// Up to `max` situations of a chart: a baseline (every needed input at its
/// first value, the rest not given), each input varied alone, then
/// mixtures from a fixed-seed generator.
pub fn situations(world: &World, game: &str, chart: &str, max: usize) -> Vec<Situation> {
    let knobs = knobs(world, game, chart);
    let base: Vec<usize> = knobs.iter().map(|_| 0).collect();
    let make = |pick: &[usize]| -> Situation {
        let mut s = Situation::default();
        for (k, &i) in knobs.iter().zip(pick) {
            for (n, v) in &k.settings[i] {
                s.0.insert(n.clone(), v.clone());
            }
        }
        s
    };
    let mut out: Vec<Situation> = Vec::new();
    let mut seen = BTreeSet::new();
    let mut push = |s: Situation, out: &mut Vec<Situation>| {
        if out.len() < max && seen.insert(s.clone()) {
            out.push(s);
        }
    };
    push(make(&base), &mut out);
    for (i, k) in knobs.iter().enumerate() {
        for j in 0..k.settings.len() {
            let mut p = base.clone();
            p[i] = j;
            push(make(&p), &mut out);
        }
    }
    let mut seed: u64 = chart.bytes().fold(0x9E37_79B9_7F4A_7C15, |a, b| {
        (a ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    });
    for _ in 0..max * 4 {
        if out.len() >= max {
            break;
        }
        let p: Vec<usize> = knobs
            .iter()
            .map(|k| {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let r = (seed >> 33) as usize % k.settings.len();
                // Optional inputs are left out half the time.
                if !k.required && (seed >> 20) & 1 == 0 {
                    0
                } else {
                    r
                }
            })
            .collect();
        push(make(&p), &mut out);
    }
    let _ = ChartKind::Table;
    out
}
