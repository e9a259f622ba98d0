//! Dice notation: keep and drop, rerolls, explosions, `d66`.
//!
//! The exact odds are checked against the figures worked by hand,
//! and against an oracle written here from the notation's rules alone: it
//! enumerates every sequence of physical die faces (each with probability
//! `1/s` per die) and applies the rule as a player would, die by die. The
//! oracle shares no code with the engine. Traces are checked with scripted
//! dice, and the bounds with dice that would otherwise never stop.

// Test rules are built as text; clarity over allocation.
#![allow(clippy::format_push_string, clippy::format_collect)]

use chartwright::{Choices, Limits, Ruleset, Scripted};
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn ratio(n: u64, d: u64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

fn load(limits: Limits, text: &str) -> Ruleset {
    let mut b = Ruleset::builder().limits(limits);
    b.add_str("n", text);
    b.build().unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The exact odds of `chart`, by outcome text.
fn odds(rules: &Ruleset, chart: &str, args: &str) -> BTreeMap<String, BigRational> {
    let o = rules
        .chart(chart)
        .and_then(|c| c.odds(&Choices::parse(args)?))
        .unwrap_or_else(|e| panic!("{chart}: {e}"));
    let mut out = BTreeMap::new();
    for x in &o.outcomes {
        *out.entry(x.outcome.to_string())
            .or_insert_with(BigRational::zero) += crate::common::big(&x.probability);
    }
    let sum = out.values().fold(BigRational::zero(), |a, p| a + p);
    assert!(sum.is_one(), "{chart}: sums to {sum}");
    out
}

/// A table rolling `dice` with a row per natural from `lo` to `hi`.
fn natural_table(dice: &str, lo: i64, hi: i64) -> String {
    let mut text =
        format!("game \"N\" version \"1\"\ntable t \"T\" {{\n  roll {dice}\n  rows {{\n");
    text.push_str(&format!("    {lo} or less => \"{lo}\"\n"));
    for v in lo + 1..hi {
        text.push_str(&format!("    {v} => \"{v}\"\n"));
    }
    text.push_str(&format!("    {hi} or more => \"{hi}\"\n  }}\n}}\n"));
    text
}

/// The exact odds of each natural `dice` can show, from `lo` to `hi`.
fn naturals(limits: Limits, dice: &str, lo: i64, hi: i64) -> BTreeMap<i64, BigRational> {
    let rules = load(limits, &natural_table(dice, lo, hi));
    odds(&rules, "t", "")
        .into_iter()
        .map(|(k, p)| (k.parse().unwrap_or(i64::MIN), p))
        .collect()
}

// ---------------------------------------------------------------------------
// Figures worked by hand

#[test]
fn keep_highest_three_of_four_d6() {
    let n = naturals(Limits::default(), "4d6kh3", 3, 18);
    assert_eq!(n[&18], ratio(7, 432));
    assert_eq!(n[&3], ratio(1, 1296));
    assert_eq!(n.len(), 16);
}

#[test]
fn d66_reads_tens_and_units() {
    let n = naturals(Limits::default(), "d66", 11, 66);
    for tens in 1..=6 {
        for units in 1..=6 {
            assert_eq!(n[&(tens * 10 + units)], ratio(1, 36), "{tens}{units}");
        }
    }
    // The values between (17 to 20, ...) have no row in the odds.
    assert_eq!(n.len(), 36);
    assert!(!n.contains_key(&17));
}

#[test]
fn an_exploding_d6_allowed_two_extra_dice() {
    let n = naturals(Limits::default(), "d6!2", 1, 18);
    for v in 13..=18 {
        assert_eq!(n[&v], ratio(1, 216), "{v}");
    }
    for v in 1..=5 {
        assert_eq!(n[&v], ratio(1, 6), "{v}");
    }
    assert!(!n.contains_key(&6) && !n.contains_key(&12));
}

#[test]
fn reroll_ones_once() {
    let die = naturals(Limits::default(), "d6ro1", 1, 6);
    assert_eq!(die[&1], ratio(1, 36));
    for v in 2..=6 {
        assert_eq!(die[&v], ratio(7, 36), "{v}");
    }
    // Two such dice: the convolution of the hand-worked die.
    let two = naturals(Limits::default(), "2d6ro1", 2, 12);
    let w = |f: i64| if f == 1 { ratio(1, 36) } else { ratio(7, 36) };
    for total in 2..=12 {
        let want = (1..=6)
            .filter(|a| (1..=6).contains(&(total - a)))
            .fold(BigRational::zero(), |s, a| s + w(a) * w(total - a));
        assert_eq!(two[&total], want, "{total}");
    }
}

#[test]
fn the_better_and_the_worse_of_two_rolls() {
    // Advantage on a d20: 20 unless both miss it, 1 - (19/20)^2.
    let best = naturals(Limits::default(), "max(d20, d20)", 1, 20);
    assert_eq!(best[&20], ratio(39, 400));
    assert_eq!(best[&1], ratio(1, 400));
    let worst = naturals(Limits::default(), "min(d20, d20)", 1, 20);
    assert_eq!(worst[&1], ratio(39, 400));
    // The better of two 2d6: 12 unless neither shows it, 1 - (35/36)^2.
    let two = naturals(Limits::default(), "max(2d6, 2d6)", 2, 12);
    assert_eq!(two[&12], ratio(71, 1296));
    assert_eq!(two[&2], ratio(1, 1296));
}

#[test]
fn d3_and_d2_are_a_d6_halved() {
    // ceil(d6 / 2) shows 1, 2, 3 each on two faces of six: a d3.
    let d3 = naturals(Limits::default(), "d3", 1, 3);
    let d2 = naturals(Limits::default(), "d2", 1, 2);
    for v in 1..=3 {
        assert_eq!(d3[&v], ratio(2, 6));
    }
    for v in 1..=2 {
        assert_eq!(d2[&v], ratio(3, 6));
    }
}

// ---------------------------------------------------------------------------
// The oracle: every face of every die, the notation applied directly

/// A comparison and the face it compares with: `(">=", 5)`.
type Point = (&'static str, i64);

/// One group of dice as the tests generate it.
#[derive(Clone, Debug)]
struct Group {
    count: u32,
    sides: u32,
    d66: bool,
    /// (once, op, value): `r<3`, `ro1`.
    reroll: Option<(bool, &'static str, i64)>,
    /// (explicit depth, op and value): `!`, `!2`, `!>=5`.
    explode: Option<(Option<u32>, Option<Point>)>,
    /// (highest, drop, n).
    keep: Option<(bool, bool, u32)>,
    /// `max(2d6, 2d6)`: (highest, rolls), the group being one roll.
    best: Option<(bool, u32)>,
    negative: bool,
}

/// The bounds the oracle's rules are loaded with: small, so that
/// enumerating every face stays quick.
const REROLLS: u32 = 2;
const EXPLODE: u32 = 2;

fn limits() -> Limits {
    Limits::default()
        .with_max_rerolls(REROLLS)
        .with_max_explode(EXPLODE)
}

fn covers(op: &str, value: i64, face: i64) -> bool {
    match op {
        "<" => face < value,
        "<=" => face <= value,
        ">" => face > value,
        ">=" => face >= value,
        _ => face == value,
    }
}

impl Group {
    fn text(&self) -> String {
        if let Some((highest, rolls)) = self.best {
            let one = Group {
                best: None,
                negative: false,
                ..self.clone()
            }
            .text();
            let which = if highest { "max" } else { "min" };
            let sign = if self.negative { "-" } else { "" };
            return format!("{sign}{which}({})", vec![one; rolls as usize].join(", "));
        }
        let mut t = String::new();
        if self.negative {
            t.push('-');
        }
        t.push_str(&format!("{}d", self.count));
        t.push_str(&if self.d66 {
            "66".into()
        } else {
            self.sides.to_string()
        });
        if let Some((once, op, v)) = self.reroll {
            t.push_str(&format!("r{}{op}{v}", if once { "o" } else { "" }));
        }
        if let Some((depth, point)) = self.explode {
            t.push('!');
            if let Some(d) = depth {
                t.push_str(&d.to_string());
            }
            if let Some((op, v)) = point {
                t.push_str(&format!("{op}{v}"));
            }
        }
        if let Some((highest, drop, n)) = self.keep {
            t.push_str(match (drop, highest) {
                (false, true) => "kh",
                (false, false) => "kl",
                (true, true) => "dh",
                (true, false) => "dl",
            });
            t.push_str(&n.to_string());
        }
        t
    }

    /// The sum of this group's kept dice, reading faces from `faces`;
    /// `None` when it needs more faces than there are.
    fn run(&self, faces: &mut std::slice::Iter<'_, u32>) -> Option<i64> {
        if let Some((highest, rolls)) = self.best {
            let one = Group {
                best: None,
                negative: false,
                ..self.clone()
            };
            let mut sums = Vec::new();
            for _ in 0..rolls {
                sums.push(one.run(faces)?);
            }
            let best = if highest {
                sums.iter().max()
            } else {
                sums.iter().min()
            };
            let best = *best?;
            return Some(if self.negative { -best } else { best });
        }
        let mut values = Vec::new();
        for _ in 0..self.count {
            values.push(self.die(faces)?);
        }
        if let Some((highest, drop, n)) = self.keep {
            // `kh` and `dl` keep the highest, `kl` and `dh` the lowest.
            values.sort_unstable();
            if highest != drop {
                values.reverse();
            }
            let kept = if drop {
                self.count as usize - n as usize
            } else {
                n as usize
            };
            values.truncate(kept);
        }
        let sum: i64 = values.iter().sum();
        Some(if self.negative { -sum } else { sum })
    }

    /// One die: `d66` reads two d6 as tens and units; a covered face is
    /// rolled again (at most `REROLLS` times, once for `ro`); a face that
    /// explodes adds another die, itself rerolled and exploding, at most
    /// the depth.
    fn die(&self, faces: &mut std::slice::Iter<'_, u32>) -> Option<i64> {
        if self.d66 {
            let tens = i64::from(*faces.next()?);
            let units = i64::from(*faces.next()?);
            return Some(tens * 10 + units);
        }
        let mut value = 0;
        let mut extra = 0;
        loop {
            let mut face = i64::from(*faces.next()?);
            if let Some((once, op, v)) = self.reroll {
                let mut times = if once { 1 } else { REROLLS };
                while times > 0 && covers(op, v, face) {
                    face = i64::from(*faces.next()?);
                    times -= 1;
                }
            }
            value += face;
            let Some((depth, point)) = self.explode else {
                return Some(value);
            };
            let (op, v) = point.unwrap_or(("=", i64::from(self.sides)));
            if !covers(op, v, face) || extra == depth.unwrap_or(EXPLODE) {
                return Some(value);
            }
            extra += 1;
        }
    }
}

/// The distribution of the sum of `groups` plus `constant`, by every
/// sequence of faces: a sequence the roll reads to its end has probability
/// `1/s` per face; one it needs more of is extended by each face in turn.
fn oracle(groups: &[Group], constant: i64) -> BTreeMap<i64, BigRational> {
    oracle_within(groups, constant, usize::MAX).unwrap_or_default()
}

/// [`oracle`], or `None` once it has read more than `cap` sequences.
fn oracle_within(
    groups: &[Group],
    constant: i64,
    cap: usize,
) -> Option<BTreeMap<i64, BigRational>> {
    // Every group here rolls dice of the same sides (d66 dice are d6).
    let sides = groups
        .first()
        .map_or(6, |g| if g.d66 { 6 } else { g.sides });
    // Sequences counted by (total, length): each is 1/sides^length.
    let mut ways: BTreeMap<(i64, u32), u64> = BTreeMap::new();
    let mut stack: Vec<Vec<u32>> = vec![Vec::new()];
    let mut read = 0usize;
    while let Some(script) = stack.pop() {
        read += 1;
        if read > cap {
            return None;
        }
        let mut faces = script.iter();
        let mut sum = Some(constant);
        for g in groups {
            sum = match (sum, g.run(&mut faces)) {
                (Some(s), Some(v)) => Some(s + v),
                _ => None,
            };
        }
        match sum {
            Some(total) => *ways.entry((total, script.len() as u32)).or_default() += 1,
            None => {
                for f in 1..=sides {
                    let mut next = script.clone();
                    next.push(f);
                    stack.push(next);
                }
            }
        }
    }
    let mut out: BTreeMap<i64, BigRational> = BTreeMap::new();
    for ((total, len), n) in ways {
        let p = BigRational::new(n.into(), num_bigint::BigInt::from(sides).pow(len));
        *out.entry(total).or_insert_with(BigRational::zero) += p;
    }
    Some(out)
}

/// Makes `groups` smaller until the oracle reads them within `cap`
/// sequences: the second group goes, then dice, then rerolls and
/// explosions; returns the oracle's answer.
fn oracle_small(groups: &mut Vec<Group>, constant: i64, cap: usize) -> BTreeMap<i64, BigRational> {
    loop {
        if let Some(answer) = oracle_within(groups, constant, cap) {
            return answer;
        }
        if groups.len() > 1 {
            groups.pop();
            continue;
        }
        let g = &mut groups[0];
        if g.count > 1 {
            g.count -= 1;
            g.keep = g.keep.filter(|&(_, _, n)| n < g.count);
        } else if g.reroll.is_some() {
            g.reroll = None;
        } else {
            g.explode = None;
        }
    }
}

fn groups_text(groups: &[Group], constant: i64) -> String {
    let mut t = String::new();
    for (i, g) in groups.iter().enumerate() {
        let text = g.text();
        match (i, text.strip_prefix('-')) {
            (0, _) => t.push_str(&text),
            (_, Some(rest)) => t.push_str(&format!(" - {rest}")),
            (_, None) => t.push_str(&format!(" + {text}")),
        }
    }
    if constant > 0 {
        t.push_str(&format!(" + {constant}"));
    } else if constant < 0 {
        t.push_str(&format!(" - {}", -constant));
    }
    t
}

/// The engine's odds of each natural against the oracle's.
#[track_caller]
fn agrees(groups: &[Group], constant: i64) {
    let want = oracle(groups, constant);
    let (lo, hi) = (want.keys().next().copied(), want.keys().last().copied());
    let (Some(lo), Some(hi)) = (lo, hi) else {
        panic!("no outcomes")
    };
    let dice = groups_text(groups, constant);
    let got = naturals(limits(), &dice, lo, hi.max(lo + 1));
    let want: BTreeMap<i64, BigRational> = want.into_iter().filter(|(_, p)| !p.is_zero()).collect();
    assert_eq!(got, want, "{dice}");
}

fn plain(count: u32, sides: u32) -> Group {
    Group {
        count,
        sides,
        d66: false,
        reroll: None,
        explode: None,
        keep: None,
        best: None,
        negative: false,
    }
}

#[test]
fn each_form_against_the_oracle() {
    let keep = |count, highest, drop, n| Group {
        keep: Some((highest, drop, n)),
        ..plain(count, 6)
    };
    let reroll = |count, sides, once, op, v| Group {
        reroll: Some((once, op, v)),
        ..plain(count, sides)
    };
    let explode = |count, sides, depth, point| Group {
        explode: Some((depth, point)),
        ..plain(count, sides)
    };
    let d66 = |count| Group {
        d66: true,
        ..plain(count, 6)
    };
    for groups in [
        vec![keep(4, true, false, 3)],
        vec![keep(4, false, false, 1)],
        vec![keep(4, true, true, 1)],
        vec![keep(4, false, true, 1)],
        vec![keep(3, true, false, 1)],
        vec![reroll(2, 6, false, "=", 1)],
        vec![reroll(2, 6, true, "=", 1)],
        vec![reroll(1, 6, false, "<", 3)],
        vec![reroll(2, 2, false, "=", 1)],
        vec![explode(1, 6, None, None)],
        vec![explode(2, 6, Some(1), None)],
        vec![explode(1, 6, None, Some((">=", 5)))],
        vec![explode(1, 4, Some(2), Some(("<", 2)))],
        vec![d66(1)],
        vec![d66(2)],
        vec![Group {
            reroll: Some((false, "=", 1)),
            explode: Some((Some(1), None)),
            keep: Some((true, false, 2)),
            ..plain(3, 4)
        }],
        vec![
            keep(3, true, false, 2),
            Group {
                negative: true,
                ..explode(1, 6, Some(1), None)
            },
        ],
        // The better (or worse) of several rolls.
        vec![Group {
            best: Some((true, 2)),
            ..plain(2, 6)
        }],
        vec![Group {
            best: Some((false, 3)),
            ..plain(2, 4)
        }],
        vec![Group {
            best: Some((true, 2)),
            ..reroll(1, 6, false, "=", 1)
        }],
        vec![
            Group {
                best: Some((true, 2)),
                ..explode(1, 6, Some(1), None)
            },
            Group {
                negative: true,
                best: Some((false, 2)),
                ..d66(1)
            },
        ],
    ] {
        agrees(&groups, 0);
    }
}

/// A group of dice of `sides` sides with random notation that covers some
/// faces (never all, never none).
fn group(sides: u32) -> impl Strategy<Value = Group> {
    let op = prop::sample::select(vec!["=", "<", "<=", ">", ">="]);
    (
        1u32..=3,
        Just(sides),
        any::<bool>(),
        prop::option::of((any::<bool>(), op.clone(), 1i64..=4)),
        prop::option::of((prop::option::of(1u32..=2), prop::option::of((op, 1i64..=4)))),
        prop::option::of((any::<bool>(), any::<bool>(), 1u32..=3)),
        any::<bool>(),
    )
        .prop_map(|(count, sides, d66, reroll, explode, keep, negative)| {
            let covers_some = |op: &str, v: i64| {
                let n = (1..=i64::from(sides)).filter(|&f| covers(op, v, f)).count();
                n > 0 && n < sides as usize
            };
            let d66 = d66 && count <= 2 && reroll.is_none() && explode.is_none();
            let reroll = reroll.filter(|&(_, op, v)| covers_some(op, v));
            let explode = explode.filter(|&(_, point)| match point {
                Some((op, v)) => covers_some(op, v),
                None => true,
            });
            let keep = keep.map(|(highest, drop, n)| {
                // Keep or drop fewer than rolled.
                (highest, drop, n.min(count.saturating_sub(1)).max(1))
            });
            let keep = keep.filter(|_| count > 1);
            Group {
                count,
                sides: if d66 { 6 } else { sides },
                d66,
                reroll: reroll.filter(|_| !d66),
                explode: explode.filter(|_| !d66),
                keep,
                best: None,
                negative,
            }
        })
}

/// A chart rolling `groups + constant` with a modifier and random rows:
/// the oracle's naturals, moved by the modifier and read through the rows.
fn rows_text(groups: &[Group], constant: i64, bonus: i64, cuts: &[i64]) -> String {
    let mut text = format!(
        "game \"N\" version \"1\"\ntable t \"T\" {{\n  roll {}\n  modifiers {{ bonus {bonus:+} \"bonus\" }}\n  rows {{\n",
        groups_text(groups, constant)
    );
    for (i, w) in cuts.windows(2).enumerate() {
        text.push_str(&format!("    {} to {} => \"row {i}\"\n", w[0], w[1] - 1));
    }
    text.push_str(&format!(
        "    {} or less => \"low\"\n    {} or more => \"high\"\n  }}\n}}\n",
        cuts[0] - 1,
        cuts[cuts.len() - 1]
    ));
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random groups of notation (one or two, the second may be
    /// subtracted), a constant, a modifier given or not, and random rows:
    /// the engine's exact odds of each row equal the oracle's.
    #[test]
    fn random_notation_with_modifiers_and_rows(
        (first, second) in (2u32..=4).prop_flat_map(|s| (group(s), prop::option::of(group(s)))),
        constant in -2i64..=2,
        bonus in -2i64..=2,
        given in any::<bool>(),
        cuts in prop::collection::btree_set(-8i64..=30, 1..5),
    ) {
        let mut first = first;
        first.negative = false;
        let mut groups = vec![first];
        // The oracle reads one kind of die: the second group's sides
        // follow the first's.
        if let Some(mut g) = second {
            if groups[0].d66 || g.d66 {
                g = plain(1, 6);
                groups[0].sides = 6;
            }
            g.count = 1;
            g.keep = None;
            groups.push(g);
        }
        let cuts: Vec<i64> = cuts.into_iter().collect();
        let naturals = oracle_small(&mut groups, constant, 20_000);
        let text = rows_text(&groups, constant, bonus, &cuts);
        let rules = load(limits(), &text);
        let got = odds(&rules, "t", if given { "bonus" } else { "" });
        let shift = if given { bonus } else { 0 };
        let mut want: BTreeMap<String, BigRational> = BTreeMap::new();
        for (natural, p) in naturals {
            let total = natural + shift;
            let row = if total < cuts[0] {
                "low".to_string()
            } else if total >= cuts[cuts.len() - 1] {
                "high".to_string()
            } else {
                let i = cuts.windows(2).position(|w| w[0] <= total && total < w[1]).unwrap_or(0);
                format!("row {i}")
            };
            *want.entry(row).or_insert_with(BigRational::zero) += p;
        }
        want.retain(|_, p| !p.is_zero());
        prop_assert_eq!(got, want, "{}", text);
    }
}

// ---------------------------------------------------------------------------
// Traces

fn roll_with(rules: &Ruleset, chart: &str, faces: &[u32]) -> chartwright::Roll {
    rules
        .chart(chart)
        .and_then(|c| {
            c.roll(
                &Choices::default(),
                &mut Scripted::new(faces.iter().copied()),
            )
        })
        .unwrap_or_else(|e| panic!("{chart}: {e}"))
}

/// How each die of a roll's first group came to its face.
fn notated(roll: &chartwright::Roll) -> &[chartwright::trace::DieRoll] {
    roll.dice[0].notated.as_ref().map_or(&[], |n| &n.dice)
}

#[test]
fn traces_say_what_each_die_did() {
    let rules = load(
        Limits::default(),
        "game \"N\" version \"1\"\n\
         table keep \"K\" { roll 4d6kh3\n rows { 3 or more => \"x\" } }\n\
         table boom \"B\" { roll d6!\n rows { 1 or more => \"x\" } }\n\
         table again \"R\" { roll 2d6r1\n rows { 2 or more => \"x\" } }\n\
         table d66 \"D\" { roll d66\n rows { 11-16 => \"x\"\n 21-66 => \"y\" } }\n",
    );
    let keep = roll_with(&rules, "keep", &[6, 1, 5, 3]);
    assert_eq!(keep.natural, Some(14));
    let d = keep.dice[0].notated.as_ref().expect("notation");
    assert_eq!(d.notation, "4d6kh3");
    let kept: Vec<bool> = d.dice.iter().map(|x| x.kept).collect();
    assert_eq!(kept, [true, false, true, true]);
    let lines = keep.to_string();
    assert!(lines.contains("4d6kh3: 6, [1 dropped], 5, 3"), "{lines}");

    let boom = roll_with(&rules, "boom", &[6, 6, 2]);
    assert_eq!(boom.natural, Some(14));
    assert_eq!(notated(&boom)[0].rolls.as_slice(), [6, 6, 2]);
    let lines = boom.to_string();
    assert!(lines.contains("d6!: 14 (6+6+2)"), "{lines}");

    let again = roll_with(&rules, "again", &[1, 1, 4, 3]);
    assert_eq!(again.natural, Some(7));
    assert_eq!(notated(&again)[0].rerolled.as_slice(), [1, 1]);
    assert_eq!(again.dice[0].faces.as_slice(), [4, 3]);
    let lines = again.to_string();
    assert!(lines.contains("4 (rerolled 1, 1), 3"), "{lines}");

    let d66 = roll_with(&rules, "d66", &[3, 5]);
    assert_eq!(d66.natural, Some(35));
    assert_eq!(d66.dice[0].sides, 66);
    assert_eq!(notated(&d66)[0].rolls.as_slice(), [3, 5]);
}

// ---------------------------------------------------------------------------
// Bounds: every roll ends

#[test]
fn dice_that_would_not_stop_end_at_their_bound() {
    let rules = load(
        Limits::default(),
        "game \"N\" version \"1\"\n\
         table many \"M\" { roll 1000d6kh3\n rows { 3 or more => \"x\" } }\n\
         table most \"D\" { roll 1000d6dl1\n rows { 999 or more => \"x\" } }\n\
         table boom \"B\" { roll d6!\n rows { 1 or more => \"x\" } }\n\
         table again \"R\" { roll d2r1\n rows { 2 => \"two\"\n 1 => \"one\" } }\n",
    );
    // A source that always shows the face that explodes or rerolls.
    let boom = roll_with(&rules, "boom", &[6]);
    let bound = Limits::default().max_explode;
    assert_eq!(boom.natural, Some(6 * i64::from(bound + 1)));
    let again = roll_with(&rules, "again", &[1]);
    assert_eq!(again.natural, Some(1));
    let times = Limits::default().max_rerolls as usize;
    assert_eq!(notated(&again)[0].rerolled.len(), times);
    // The exact odds hold the bound: a 1 stands only after every reroll.
    let odds = odds(&rules, "again", "");
    assert_eq!(
        odds["one"],
        BigRational::new(1.into(), (1u64 << (times + 1)).into())
    );
    // A thousand dice keeping three: the order-statistics walk is quick.
    let many = rules
        .chart("many")
        .and_then(|c| c.odds(&Choices::default()));
    assert!(many.is_ok(), "{many:?}");
}
