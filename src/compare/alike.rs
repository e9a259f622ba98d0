//! Whether a base's chart and its variant's are compiled alike: the same
//! tree, and the same for every chart, grid and choice they read or follow
//! up. Alike charts give the same odds in every situation, so a comparison
//! skips them; alike follow-ups roll alike, so a comparison may name them.

use crate::compare::uses::Uses;
use crate::ruleset::ChartRef;

/// True when `base` and `variant` are compiled alike: the charts, every
/// chart they follow up or read (in step), and every grid and choice of
/// both programs. The engines then give the same odds in every situation.
/// (A variant's untouched charts are: a whole-game diff skips them.)
pub(crate) fn compiled_alike(base: &ChartRef<'_>, variant: &ChartRef<'_>) -> bool {
    let ((bp, b), (vp, v)) = (base.compiled(), variant.compiled());
    reads_alike(bp, vp, b, v) && alike(bp, vp, vec![(b, v)])
}

/// True when the grids and choices chart `b` of `bp` reads, with every
/// chart it follows up or reads, are the same as those chart `v` of `vp`
/// reads (a variant's change to a grid no chart here reads changes
/// nothing here).
fn reads_alike(
    bp: &crate::check::tree::Program,
    vp: &crate::check::tree::Program,
    b: usize,
    v: usize,
) -> bool {
    let (bu, vu) = (Uses::of(bp, b), Uses::of(vp, v));
    if bu.grids != vu.grids {
        return false;
    }
    let grids_alike = bu
        .grids
        .iter()
        .all(|&g| match (bp.grids.get(g), vp.grids.get(g)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        });
    let choices = |p: &crate::check::tree::Program, chart: usize, u: &Uses| {
        let mut ids = std::collections::BTreeSet::new();
        for id in std::iter::once(chart).chain(u.reached.iter().copied()) {
            for slot in p.charts.get(id).into_iter().flat_map(|t| &t.slots) {
                if let crate::check::tree::SlotKind::Choice(ch) = slot.kind {
                    ids.insert(ch);
                }
            }
        }
        for &g in &u.grids {
            ids.extend(
                p.grids
                    .get(g)
                    .into_iter()
                    .flat_map(|g| g.keys.iter().copied()),
            );
        }
        ids
    };
    let (bc, vc) = (choices(bp, b, &bu), choices(vp, v, &vu));
    grids_alike
        && bc == vc
        && bc
            .iter()
            .all(|&c| match (bp.choices.get(c), vp.choices.get(c)) {
                (Some(x), Some(y)) => x == y,
                _ => false,
            })
}

/// True when the follow-ups of `base` and `variant` are compiled alike:
/// the same follow-ups, with the same values passed, of charts compiled
/// alike (the charts themselves may differ). True for charts without any.
pub(crate) fn follow_ups_alike(base: &ChartRef<'_>, variant: &ChartRef<'_>) -> bool {
    let ((bp, b), (vp, v)) = (base.compiled(), variant.compiled());
    let bf: Vec<_> = bp.follow_ups.iter().filter(|f| f.caller == b).collect();
    let vf: Vec<_> = vp.follow_ups.iter().filter(|f| f.caller == v).collect();
    bf.len() == vf.len()
        && bf.iter().zip(&vf).all(|(x, y)| {
            (&x.args, &x.pass, x.again) == (&y.args, &y.pass, y.again)
                && !x.again
                && reads_alike(bp, vp, x.chart, y.chart)
                && alike(bp, vp, vec![(x.chart, y.chart)])
        })
}

/// True when each pair of charts in `todo`, and every pair they follow up
/// or read in step, is compiled alike.
fn alike(
    bp: &crate::check::tree::Program,
    vp: &crate::check::tree::Program,
    mut todo: Vec<(usize, usize)>,
) -> bool {
    let mut seen = Vec::new();
    while let Some((b, v)) = todo.pop() {
        if seen.contains(&(b, v)) {
            continue;
        }
        seen.push((b, v));
        let (Some(bt), Some(vt)) = (bp.charts.get(b), vp.charts.get(v)) else {
            return false;
        };
        // The game a chart belongs to is an index into each program's own
        // list, and spans point into each program's own sources: neither
        // changes what the chart does.
        let base_tree = crate::check::tree::ChartTree {
            game: vt.game,
            ..bt.clone()
        };
        if base_tree != *vt && without_sources(&base_tree) != without_sources(vt) {
            return false;
        }
        let bf = bp.follow_ups.iter().filter(|f| f.caller == b);
        let vf: Vec<_> = vp.follow_ups.iter().filter(|f| f.caller == v).collect();
        if bf.clone().count() != vf.len() {
            return false;
        }
        for (x, y) in bf.zip(vf) {
            if (&x.args, &x.pass, x.again) != (&y.args, &y.pass, y.again) {
                return false;
            }
            todo.push((x.chart, y.chart));
        }
        let br = bp.ladder_reads.iter().filter(|r| r.caller == b);
        let vr: Vec<_> = vp.ladder_reads.iter().filter(|r| r.caller == v).collect();
        if br.clone().count() != vr.len() {
            return false;
        }
        for (x, y) in br.zip(vr) {
            if (&x.name, x.reach, &x.pass) != (&y.name, y.reach, &y.pass) {
                return false;
            }
            todo.push((x.ladder, y.ladder));
        }
    }
    true
}

/// A chart's tree as text with the source of every span left out: what it
/// does, wherever its text was loaded from.
fn without_sources(tree: &crate::check::tree::ChartTree) -> String {
    let text = format!("{tree:?}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("source: SourceId(") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        rest = rest.find(')').map_or("", |end| &rest[end + 1..]);
    }
    out.push_str(rest);
    out
}
