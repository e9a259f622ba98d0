//! Parser tests of a chart's parts: modifiers, ranges, rows and
//! outcomes, dice, expressions, conditions, clauses and `expect` lines.

use crate::syntax::ast::CompactString;
use crate::syntax::ast::{
    ArgValue, BinOp, Clause, CmpOp, CondKind, CondOutcome, DiceTerm, ExprKind, FacePoint, Item,
    ModEntry, ModValue, ParamSign, RowKey, SimpleKind, Suffix, TargetKind,
};

use super::{clauses, item, ok, one_clause, part, parts, HEADER, SAMPLE};

#[test]
#[allow(clippy::too_many_lines)] // one test over every modifier form
fn modifiers() {
    let Clause::Modifiers(entries, _) = one_clause(
        "modifiers {
          one of \"Mobility\" { tracked +2 \"Tracked\" half +1 \"Half\" }
          one of { a +1 \"A\" }
          rating ±r in -3..3 \"rating\"
          penalty -r default 0 \"penalty\"
          discipline +-r in -5..1 default 0 from discipline_rating \"discipline\"
          boost +r \"boost\"
          markers -1 each \"per marker\"
          turns +1 each (max +4) \"turns\"
          zero 0 \"nothing\"
          bogged -1 \"bogged\" unless helicopter and not landed
          aimed +1 \"aimed\" if aiming
          section \"Defender-Only\" subtract if defending { dug_in +2 \"dug in\" }
          section \"Firer\" { x +1 \"x\" }
          use firing_modifiers if attack = direct
          use other
          for each { d ±r \"d\" }
          for def { outflanked -1 \"outflanked\" }
        }",
    ) else {
        panic!()
    };
    assert_eq!(entries.len(), 17);
    let ModEntry::OneOf(g) = &entries[0] else {
        panic!()
    };
    assert_eq!(g.heading.as_ref().unwrap().text, "Mobility");
    assert_eq!(g.entries.len(), 2);
    let ModEntry::OneOf(g) = &entries[1] else {
        panic!()
    };
    assert!(g.heading.is_none());

    let value = |i: usize| match &entries[i] {
        ModEntry::Modifier(m) => m.value.clone(),
        other => panic!("{other:?}"),
    };
    let ModValue::Param {
        sign,
        bounds,
        default,
        from,
        ..
    } = value(2)
    else {
        panic!()
    };
    assert_eq!(sign, ParamSign::Either);
    assert_eq!(
        (bounds.unwrap().lo, bounds.unwrap().hi),
        ((-3).into(), 3.into())
    );
    assert!(default.is_none() && from.is_none());
    let ModValue::Param { sign, default, .. } = value(3) else {
        panic!()
    };
    assert_eq!((sign, default.unwrap().node), (ParamSign::Minus, 0.into()));
    let ModValue::Param {
        sign,
        bounds,
        default,
        from,
        ..
    } = value(4)
    else {
        panic!()
    };
    assert_eq!(sign, ParamSign::Either);
    assert!(bounds.is_some() && default.is_some());
    assert_eq!(from.unwrap().name, "discipline_rating");
    let ModValue::Param { sign, .. } = value(5) else {
        panic!()
    };
    assert_eq!(sign, ParamSign::Plus);
    let ModValue::Counted { per, max, .. } = value(6) else {
        panic!()
    };
    assert_eq!((per.node, max), (-1, None));
    let ModValue::Counted { per, max, .. } = value(7) else {
        panic!()
    };
    assert_eq!((per.node, max.unwrap().node), (1, 4));
    let ModValue::Fixed(n) = value(8) else {
        panic!()
    };
    assert_eq!(n.node, 0.into());

    let ModEntry::Modifier(m) = &entries[9] else {
        panic!()
    };
    let app = m.applicability.as_ref().unwrap();
    assert!(app.unless);
    let CondKind::And(a, b) = &app.cond.kind else {
        panic!("{:?}", app.cond)
    };
    assert!(matches!(&a.kind, CondKind::Flag(f) if f.name == "helicopter"));
    assert!(matches!(&b.kind, CondKind::Not(_)));
    let ModEntry::Modifier(m) = &entries[10] else {
        panic!()
    };
    assert!(!m.applicability.as_ref().unwrap().unless);

    let ModEntry::Section(s) = &entries[11] else {
        panic!()
    };
    assert!(s.subtract && s.applicability.is_some());
    let ModEntry::Section(s) = &entries[12] else {
        panic!()
    };
    assert!(!s.subtract && s.applicability.is_none());

    let ModEntry::Use(u) = &entries[13] else {
        panic!()
    };
    assert_eq!(u.set.name, "firing_modifiers");
    assert!(u.cond.is_some());
    let ModEntry::Use(u) = &entries[14] else {
        panic!()
    };
    assert!(u.cond.is_none());
    let ModEntry::ForSide(f) = &entries[15] else {
        panic!()
    };
    assert!(f.side.is_none());
    let ModEntry::ForSide(f) = &entries[16] else {
        panic!()
    };
    assert_eq!(f.side.as_ref().unwrap().name, "def");

    // The modifier's span stops at its label, not at the next line.
    let text = format!("{HEADER}modifiers m \"M\" {{\n  a +1 \"A\"   # note\n}}");
    let Item::Modifiers(set) = &ok(&text).items[0] else {
        panic!()
    };
    let ModEntry::Modifier(m) = &set.entries[0] else {
        panic!()
    };
    assert_eq!(
        &text[m.span.start as usize..m.span.end as usize],
        "a +1 \"A\""
    );
}

#[test]
fn ranges() {
    let cases: &[(&str, &[(Option<i64>, Option<i64>)])] = &[
        ("6 or more", &[part(Some(6), None)]),
        ("13+", &[part(Some(13), None)]),
        ("3 or less", &[part(None, Some(3))]),
        ("-1 or less", &[part(None, Some(-1))]),
        ("7-8", &[part(Some(7), Some(8))]),
        ("1 to 3", &[part(Some(1), Some(3))]),
        ("-1 to -3", &[part(Some(-1), Some(-3))]),
        ("4,5", &[part(Some(4), Some(4)), part(Some(5), Some(5))]),
        (
            "6, 7, 8",
            &[
                part(Some(6), Some(6)),
                part(Some(7), Some(7)),
                part(Some(8), Some(8)),
            ],
        ),
        ("0", &[part(Some(0), Some(0))]),
        ("-1", &[part(Some(-1), Some(-1))]),
        ("1-2, 5+", &[part(Some(1), Some(2)), part(Some(5), None)]),
    ];
    for (range, expected) in cases {
        let Clause::Rows(rows, _) = one_clause(&format!("rows {{ {range} => \"x\" }}")) else {
            panic!()
        };
        let RowKey::Single(set) = &rows[0].key else {
            panic!()
        };
        assert_eq!(parts(&set.parts), *expected, "{range}");
    }
}

#[test]
#[allow(clippy::too_many_lines)] // one test over the sample's rows and outcomes
fn rows_and_outcomes() {
    let file = ok(SAMPLE);
    let Some(Item::Chart(fire)) = file.items.get(9) else {
        panic!()
    };
    assert_eq!(fire.name.name, "fire_combat");
    let Clause::Rows(rows, _) = &fire.clauses[3] else {
        panic!()
    };
    let RowKey::Columns(cols) = &rows[1].key else {
        panic!()
    };
    assert_eq!(cols.len(), 3);
    assert!(cols[1].parts.is_empty());
    assert_eq!(parts(&cols[2].parts), [part(Some(7), Some(9))]);

    // "Knocked out" then bail_out | "-"
    let o = &rows[0].outcome;
    assert_eq!(o.fields.len(), 2);
    let CondOutcome::Simple(s) = &o.fields[0].choices[0] else {
        panic!()
    };
    assert_eq!(s.kind, SimpleKind::Text("Knocked out".into()));
    assert_eq!(s.follow_ups[0].chart.name, "bail_out");

    // "Disordered" if attack = chemical else "Suppressed"
    let CondOutcome::If {
        then_,
        cond,
        otherwise,
        ..
    } = &rows[1].outcome.fields[0].choices[0]
    else {
        panic!()
    };
    assert_eq!(then_.kind, SimpleKind::Text("Disordered".into()));
    let CondKind::Cmp(CmpOp::Eq, l, r) = &cond.kind else {
        panic!()
    };
    assert!(matches!(&l.kind, ExprKind::Name(n) if n.name == "attack"));
    assert!(matches!(&r.kind, ExprKind::Name(n) if n.name == "chemical"));
    assert!(matches!(&**otherwise, CondOutcome::Simple(_)));

    // A if c1 else B if c2 else C
    let CondOutcome::If { otherwise, .. } = &rows[2].outcome.fields[0].choices[0] else {
        panic!()
    };
    assert!(matches!(&**otherwise, CondOutcome::If { .. }));

    // natural rules
    let Clause::Natural(n) = &fire.clauses[4] else {
        panic!()
    };
    assert!(n.also && n.cond.is_none());
    let Clause::Natural(n) = &fire.clauses[5] else {
        panic!()
    };
    assert!(n.also);
    let CondKind::Cmp(CmpOp::Ge, _, _) = &n.cond.as_ref().unwrap().kind else {
        panic!()
    };
    let CondOutcome::Simple(s) = &n.outcome.fields[0].choices[0] else {
        panic!()
    };
    assert_eq!(s.follow_ups[0].chart.name, "ammo_depletion");
    let Clause::Natural(n) = &fire.clauses[6] else {
        panic!()
    };
    assert!(!n.also);
    assert_eq!(n.ranges.parts.len(), 2);
    let Clause::Notes(notes) = &fire.clauses[7] else {
        panic!()
    };
    assert_eq!(notes.text, "Footnote one.\nFootnote two.");

    // or-alternatives, success/failure, qualified follow-ups with arguments
    let Clause::Rows(rows, _) = one_clause(
        "rows { 4,5 => \"Bogged down\" or \"Displace\"
                3 or less => success then game.next(flag_a, penalty=2, side=att, shift=-1)
                6 or more => failure }",
    ) else {
        panic!()
    };
    assert_eq!(rows[0].outcome.fields[0].choices.len(), 2);
    let CondOutcome::Simple(s) = &rows[1].outcome.fields[0].choices[0] else {
        panic!()
    };
    assert_eq!(s.kind, SimpleKind::Success);
    let f = &s.follow_ups[0];
    assert_eq!(f.chart.name, "game.next");
    assert_eq!(f.args.len(), 4);
    assert!(f.args[0].value.is_none());
    assert_eq!(f.args[1].value, Some(ArgValue::Int(2)));
    assert!(matches!(&f.args[2].value, Some(ArgValue::Name(n)) if n.name == "att"));
    assert_eq!(f.args[3].value, Some(ArgValue::Int(-1)));
    let CondOutcome::Simple(s) = &rows[2].outcome.fields[0].choices[0] else {
        panic!()
    };
    assert_eq!(s.kind, SimpleKind::Failure);

    // A condition takes `or` greedily.
    let Clause::Rows(rows, _) = one_clause("rows { 1 => \"A\" if a or b else \"B\" or \"C\" }")
    else {
        panic!()
    };
    let choices = &rows[0].outcome.fields[0].choices;
    assert_eq!(choices.len(), 2);
    let CondOutcome::If { cond, .. } = &choices[0] else {
        panic!()
    };
    assert!(matches!(cond.kind, CondKind::Or(..)));
}

#[test]
#[allow(clippy::too_many_lines)] // one case per form of dice notation
fn dice() {
    let dice = |text: &str| match one_clause(&format!("roll {text}")) {
        Clause::Roll(d) => d,
        other => panic!("{other:?}"),
    };
    let d = dice("d10");
    let [(
        false,
        DiceTerm::Dice {
            count: None,
            sides: 10,
            notation,
            ..
        },
    )] = &d.terms[..]
    else {
        panic!("{d:?}")
    };
    assert!(notation.is_empty());
    let d = dice("2d6 + 3 - 1");
    assert_eq!(d.terms.len(), 3);
    assert!(!d.terms[1].0 && d.terms[2].0);
    assert!(matches!(&d.terms[1].1, DiceTerm::Number(n) if n.node == 3));
    let d = dice("(units)d6");
    let [(
        _,
        DiceTerm::Dice {
            count: Some(c),
            sides: 6,
            ..
        },
    )] = &d.terms[..]
    else {
        panic!()
    };
    assert!(matches!(&c.kind, ExprKind::Name(n) if n.name == "units"));
    let d = dice("( units + 1 )d6");
    assert_eq!(d.terms.len(), 1);
    let suffixes = |text: &str| match &dice(text).terms[..] {
        [(_, DiceTerm::Dice { notation, .. })] => {
            notation.iter().map(|s| s.node.clone()).collect::<Vec<_>>()
        }
        other => panic!("{other:?}"),
    };
    let keep = |highest, drop, n| Suffix::Keep { highest, drop, n };
    let point = |op, value| FacePoint { op, value };
    let explode = |compound, depth, on| Suffix::Explode {
        compound,
        depth,
        on,
    };
    for (text, want) in [
        ("4d6kh3", vec![keep(true, false, 3)]),
        ("2d6k1", vec![keep(true, false, 1)]),
        ("3d6kl1", vec![keep(false, false, 1)]),
        ("4d6dh1", vec![keep(true, true, 1)]),
        ("4d6dl1", vec![keep(false, true, 1)]),
        ("d6!", vec![explode(false, None, None)]),
        ("d6!!", vec![explode(true, None, None)]),
        ("d6!3", vec![explode(false, Some(3), None)]),
        (
            "d6!>5",
            vec![explode(false, None, Some(point(CmpOp::Gt, 5)))],
        ),
        (
            "d6!!2>=5",
            vec![explode(true, Some(2), Some(point(CmpOp::Ge, 5)))],
        ),
        (
            "2d6r1",
            vec![Suffix::Reroll {
                once: false,
                on: point(CmpOp::Eq, 1),
            }],
        ),
        (
            "2d6ro<3",
            vec![Suffix::Reroll {
                once: true,
                on: point(CmpOp::Lt, 3),
            }],
        ),
        (
            "4d6r1kh3",
            vec![
                Suffix::Reroll {
                    once: false,
                    on: point(CmpOp::Eq, 1),
                },
                keep(true, false, 3),
            ],
        ),
        ("d66", vec![]),
    ] {
        assert_eq!(suffixes(text), want, "{text}");
    }
    let d = dice("discipline");
    assert!(matches!(&d.terms[..], [(_, DiceTerm::Name(n))] if n.name == "discipline"));
    let d = dice("d_x");
    assert!(matches!(&d.terms[..], [(_, DiceTerm::Name(n))] if n.name == "d_x"));
    let d = dice("0d0");
    assert!(matches!(
        &d.terms[..],
        [(_, DiceTerm::Dice { sides: 0, .. })]
    ));
}

#[test]
fn expressions() {
    let expr = |text: &str| match one_clause(&format!("score {text}")) {
        Clause::Score(e) => e,
        other => panic!("{other:?}"),
    };
    // precedence: 1 + 2 * 3 = 1 + (2 * 3)
    let e = expr("1 + 2 * 3");
    let ExprKind::Binary(BinOp::Add, _, r) = &e.kind else {
        panic!("{e:?}")
    };
    assert!(matches!(r.kind, ExprKind::Binary(BinOp::Mul, ..)));
    // left associative: 8 - 2 - 1 = (8 - 2) - 1
    let e = expr("8 - 2 - 1");
    let ExprKind::Binary(BinOp::Sub, l, _) = &e.kind else {
        panic!()
    };
    assert!(matches!(l.kind, ExprKind::Binary(BinOp::Sub, ..)));
    // unary minus binds tightest; parentheses group
    let e = expr("-a * (b / 2)");
    let ExprKind::Binary(BinOp::Mul, l, r) = &e.kind else {
        panic!()
    };
    assert!(matches!(l.kind, ExprKind::Neg(_)));
    assert!(matches!(r.kind, ExprKind::Binary(BinOp::Div, ..)));
    let e = expr("morale - total");
    let ExprKind::Binary(BinOp::Sub, _, r) = &e.kind else {
        panic!()
    };
    assert_eq!(r.kind, ExprKind::Total);
    assert_eq!(expr("natural").kind, ExprKind::Natural);
    assert!(matches!(expr("total_x").kind, ExprKind::Name(n) if n.name == "total_x"));
    let e = expr("(1 + 2)");
    assert_eq!(e.span.len(), "(1 + 2)".len());
}

#[test]
fn conditions() {
    let cond = |text: &str| match one_clause(&format!("best \"x\" if {text}")) {
        Clause::Best { cond, .. } => cond,
        other => panic!("{other:?}"),
    };
    // or < and < not
    let c = cond("a or b and not c");
    let CondKind::Or(_, r) = &c.kind else {
        panic!("{c:?}")
    };
    let CondKind::And(_, r) = &r.kind else {
        panic!()
    };
    assert!(matches!(r.kind, CondKind::Not(_)));
    let c = cond("(a or b) and c");
    assert!(matches!(c.kind, CondKind::And(..)));
    let c = cond("attack in [indirect, air_to_ground]");
    let CondKind::In(choice, options) = &c.kind else {
        panic!()
    };
    assert_eq!((choice.name.as_str(), options.len()), ("attack", 2));
    for (op, expected) in [
        ("=", CmpOp::Eq),
        ("!=", CmpOp::Ne),
        ("<", CmpOp::Lt),
        ("<=", CmpOp::Le),
        (">", CmpOp::Gt),
        (">=", CmpOp::Ge),
    ] {
        let c = cond(&format!("caliber {op} 20"));
        assert!(
            matches!(c.kind, CondKind::Cmp(o, ..) if o == expected),
            "{op}"
        );
    }
    let c = cond("(a + b) * 2 > total");
    assert!(matches!(c.kind, CondKind::Cmp(CmpOp::Gt, ..)));
    let c = cond("((x > 3))");
    assert!(matches!(c.kind, CondKind::Cmp(CmpOp::Gt, ..)));
    assert!(matches!(cond("order_status").kind, CondKind::Flag(_)));
    assert!(matches!(
        cond("android and notable").kind,
        CondKind::And(..)
    ));
}

#[test]
#[allow(clippy::too_many_lines)] // one test over every chart clause
fn chart_clauses() {
    let file = ok(SAMPLE);
    let chart = |name: &str| {
        file.items
            .iter()
            .find_map(|i| match i {
                Item::Chart(c) if c.name.name == name => Some(c.clauses.clone()),
                _ => None,
            })
            .unwrap()
    };
    let check = chart("activation");
    let Clause::Succeed(t) = &check[3] else {
        panic!()
    };
    let TargetKind::MoreThan(e) = &t.kind else {
        panic!()
    };
    assert!(matches!(e.kind, ExprKind::Binary(BinOp::Add, ..)));
    assert!(matches!(&check[4], Clause::Success(_)));
    assert!(matches!(&check[5], Clause::Failure(_)));

    let spot = chart("spot");
    let Clause::Succeed(t) = &spot[1] else {
        panic!()
    };
    let TargetKind::Grid {
        grid,
        shift: Some(s),
    } = &t.kind
    else {
        panic!()
    };
    assert_eq!(grid.name, "spotting_table");
    assert!(matches!(s.kind, ExprKind::Neg(_)));

    let opposed = chart("close_combat");
    let Clause::Sides(sides, _) = &opposed[0] else {
        panic!()
    };
    assert_eq!(sides.len(), 2);
    let Clause::Fields(fields, _) = &opposed[2] else {
        panic!()
    };
    assert_eq!(fields[1].label.text, "DEF");

    let pool = chart("unit_firing_at_infantry");
    let Clause::Roll(d) = &pool[0] else { panic!() };
    assert!(matches!(&d.terms[..], [(_, DiceTerm::Name(_))]));
    let Clause::Count(c) = &pool[3] else { panic!() };
    assert!(matches!(c.target.kind, TargetKind::AtLeast(_)));
    let Clause::Per {
        of, roll, stage, ..
    } = &pool[4]
    else {
        panic!()
    };
    assert_eq!(of.name, "hit");
    assert_eq!(roll.terms.len(), 1);
    assert_eq!(stage.name.name, "conversions");
    assert!(matches!(
        &stage.target.kind,
        TargetKind::Grid { shift: None, .. }
    ));

    let ladder = chart("modified_spotting_distance");
    let Clause::Steps(steps, _) = &ladder[0] else {
        panic!()
    };
    assert_eq!(steps.len(), 10);
    assert!(matches!(&ladder[1], Clause::Start(_)));
    let Clause::AtMost { cond: Some(c), .. } = &ladder[3] else {
        panic!()
    };
    assert!(matches!(c.kind, CondKind::In(..)));

    let table = chart("fire_combat");
    assert!(matches!(&table[1], Clause::Columns(c) if c.name == "target_discipline"));

    // Targets of every form.
    let target = |text: &str| match one_clause(&format!("succeed on {text}")) {
        Clause::Succeed(t) => t.kind,
        other => panic!("{other:?}"),
    };
    assert!(matches!(target("4+"), TargetKind::Range(_)));
    assert!(matches!(target("4 or more"), TargetKind::Range(_)));
    assert!(matches!(target("3 or less"), TargetKind::Range(_)));
    assert!(matches!(target("1-3"), TargetKind::Range(_)));
    assert!(matches!(target("5"), TargetKind::Range(_)));
    assert!(matches!(target("at least 5"), TargetKind::AtLeast(_)));
    assert!(matches!(target("at most x"), TargetKind::AtMost(_)));
    assert!(matches!(target("less than x"), TargetKind::LessThan(_)));
    assert!(matches!(
        target("grid + 1"),
        TargetKind::Grid { shift: Some(_), .. }
    ));

    // Local declarations and every remaining clause.
    let c = clauses(
        "choice c \"C\" { a \"A\" }\nflag f \"F\"\nparam p \"P\" default 2\n\
         count hits \"hits\" on 5+\nnotes \"plain\"",
    );
    assert!(matches!(&c[0], Clause::Choice(_)));
    assert!(matches!(&c[1], Clause::Flag(_)));
    assert!(matches!(&c[2], Clause::Param(_)));
    assert!(matches!(&c[3], Clause::Count(_)));
    assert!(matches!(&c[4], Clause::Notes(l) if l.text == "plain"));

    // `report`: one name or a list, in the order written.
    let Clause::Report(names, _) = one_clause("report converted") else {
        panic!()
    };
    assert_eq!(names.len(), 1);
    assert_eq!(names[0].name, "converted");
    let Clause::Report(names, _) = one_clause("report hits, kills") else {
        panic!()
    };
    let names: Vec<&str> = names.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names, ["hits", "kills"]);
}

#[test]
fn empty_chart_and_comments() {
    let Item::Chart(c) = item("table t \"T\" { } # trailing comment") else {
        panic!()
    };
    assert!(c.clauses.is_empty());
    let file = ok("# leading comment\ngame \"G\" version \"1\" # c\n");
    assert!(file.items.is_empty());
}

// -- Expectations (`expect` lines) ---------------------------------------

#[test]
fn expect_odds_natural_certain_and_error() {
    let Item::Expect(e) = item(r#"expect bog_down tracked bog_down_rating=-1 => "Traverse" 7/10"#)
    else {
        panic!("not an expectation")
    };
    assert_eq!(e.chart.name, "bog_down");
    let args: Vec<(CompactString, Option<CompactString>)> = e
        .args
        .iter()
        .map(|a| (a.name.name.clone(), a.value.clone()))
        .collect();
    assert_eq!(
        args,
        [
            ("tracked".into(), None),
            ("bog_down_rating".into(), Some("-1".into()))
        ]
    );
    assert!(e.naturals.is_empty());
    match e.want {
        crate::syntax::ast::ExpectWant::Outcome { text, odds } => {
            assert_eq!(text.text, "Traverse");
            assert_eq!(odds.map(|o| o.node), Some((7, 10)));
        }
        other => panic!("{other:?}"),
    }
    let Item::Expect(e) =
        item(r#"expect first_echelon.close_combat att.foothold natural 8, 6 => "Seize""#)
    else {
        panic!("not an expectation")
    };
    assert_eq!(e.chart.name, "first_echelon.close_combat");
    assert_eq!(e.args[0].name.name, "att.foothold");
    assert_eq!(
        e.naturals.iter().map(|n| n.node).collect::<Vec<_>>(),
        [8, 6]
    );
    let Item::Expect(e) = item("expect combat defender_ar=2 => error missing_param") else {
        panic!("not an expectation")
    };
    assert!(
        matches!(e.want, crate::syntax::ast::ExpectWant::Error(ref c) if c.name == "missing_param")
    );
    let Item::Expect(e) = item(r#"expect grid a=b => "0""#) else {
        panic!("not an expectation")
    };
    assert!(matches!(
        e.want,
        crate::syntax::ast::ExpectWant::Outcome { odds: None, .. }
    ));
}

#[test]
fn expectations_of_groups() {
    use crate::syntax::ast::{ExpectGroup, ExpectWant};
    let want = |text: &str| match item(text) {
        Item::Expect(e) => e.want,
        other => panic!("not an expectation: {other:?}"),
    };
    match want(r#"expect crt firepower=7 => any of "3", "4", "5" 7/12"#) {
        ExpectWant::Group {
            group: ExpectGroup::AnyOf(texts),
            odds,
        } => {
            let texts: Vec<&str> = texts.iter().map(|t| t.text.as_str()).collect();
            assert_eq!(texts, ["3", "4", "5"]);
            assert_eq!(odds.map(|o| o.node), Some((7, 12)));
        }
        other => panic!("{other:?}"),
    }
    match want("expect volley => at least -1.5 1/3") {
        ExpectWant::Group {
            group: ExpectGroup::AtLeast(n),
            odds,
        } => {
            assert_eq!(n.node, crate::number::Num::new(-3, 2));
            assert_eq!(odds.map(|o| o.node), Some((1, 3)));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        want("expect volley natural 6 => at most 2"),
        ExpectWant::Group {
            group: ExpectGroup::AtMost(_),
            odds: None
        }
    ));
}
