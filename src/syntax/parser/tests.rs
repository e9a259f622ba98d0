//! Parser tests: each construct of `docs/language.md`, the error kinds, and
//! a no-panic sweep over truncations and mutations of a sample file.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::type_complexity
)] // Short names keep the table-driven assertions readable.

use super::parse;
use crate::syntax::ast::CompactString;
use crate::syntax::ast::{
    ArgValue, BinOp, CellKind, ChartKind, Clause, CmpOp, CondKind, CondOutcome, DiceTerm, ExprKind,
    FacePoint, File, Item, ModEntry, ModValue, ParamSign, RangePart, RowKey, SimpleKind, Suffix,
    TargetKind,
};
use crate::syntax::error::{ParseError, ParseErrorKind};
use crate::syntax::span::SourceId;

const HEADER: &str = "game \"Battlefront: First Echelon\" version \"1.3\"\n";

/// A file exercising every construct of the language reference.
const SAMPLE: &str = r#"game "Battlefront: First Echelon" version "1.3"

# Choices, flags and parameters
choice unit_rating "Unit Rating" {
  elite "Elite", veteran "Veteran", experienced "Experienced",
  trained "Trained", raw "Raw"
}
choice order_status "Order Status" { good_order "Good Order", suppressed "Suppressed", disordered "Disordered", }
flag helicopter "target is a helicopter"
param morale "morale rating" in 1..10
param tokens "Command tokens on the unit" in 0..20 default 0

grid discipline_rating "Discipline Rating" by unit_rating, order_status {
  #              good_order  suppressed  disordered
  elite:         +1          0           -1
  veteran:       +1          -1          -2
  experienced:   0           -1          -3
  trained:       0           -2          -4
  raw:           -1          -2          -5
}

grid firing_dice_at_infantry "Firing dice" by side, weapon {
  soviet, forward_observer: 2d10 1d10 -
  nato, rifle: d6 "Prohibited" 4+
  nato, mg: 3 or more 2 or less 1-3
  nato, atgm: 4,5,6 -1 to -3 60
  notes "Dice per firing element."
}

modifiers firing_modifiers "Firing Modifiers" {
  firer_moved -1 "MBT, APC, Light vehicle moved this activation"
  morale_markers -1 each "Per Morale marker on firing unit"
  turns +1 each (max +4) "Turns spent"
  notes "Apply all that fit."
}

table bog_down "Bog Down Table" {
  roll d10
  modifiers {
    one of "Mobility" {
      tracked       +2  "Troops or tracked vehicle"
      half_tracked  +1  "Half-tracked or High-Mobility Wheeled vehicle"
      manhandled    -1  "Troops in barbed wire or manhandled Gun"
    }
    bog_down_rating ±r in -3..3 "vehicle's bog down rating"
    bail_out_penalty -r default 0 "penalty"
    discipline +-r from discipline_rating "discipline"
    boost +r "boost"
    currently_bogged -1 "currently bogged down" unless helicopter and not landed
    section "Defender-Only" subtract if defending {
      dug_in +2 "dug in"
    }
    use firing_modifiers if attack = direct
  }
  rows {
    6 or more => "Traverse"
    4,5       => "Bogged down" or "Displace"
    3 or less => "Bogged down"
  }
  best "Partial" if prepared_defense
}

table fire_combat "Fire Combat" {
  roll d10
  columns target_discipline
  fields loss "Loss?", retreat "Retreat?"
  rows {
    #  elt        | vet        | exp
    [ 10 or more | 10 or more | 13+ ] => "Knocked out" then bail_out | "-"
    [ 8,9        | -          | 7-9 ] => "Disordered" if attack = chemical else "Suppressed" | "R1"
    [ -1 to -3   | 1 to 3     | 0   ] => "A" if c1 else "B" if c2 else "C" | "-"
  }
  natural 10 => also "Danger Close"
  natural 1 if caliber >= 20 => also "Ammo depletion roll" then ammo_depletion
  natural 1,2 if weapon = atgm => "No effect"
  notes """
Footnote one.
Footnote two.
"""
}

table morale_test "Morale" {
  roll 2d6 + 3
  score morale - total
  rows {
    3-4 => "Pass" then first_echelon.bail_out(from_good_order, penalty=2, side=att)
    13+ => "Rout"
  }
}

check activation "Activating a Unit" {
  roll d6
  param tokens "current Command tokens" in 0..20
  param markers "Morale markers on the unit" in 0..20
  succeed on more than tokens + markers
  success "Activated"
  failure "Fails to activate"
  natural 6 => success
  natural 1 => failure
}

check spot "Spot" {
  roll (units)d6 - 1
  succeed on spotting_table - 1
}

opposed close_combat "Close Combat" {
  sides att "Attacker", def "Defender"
  roll d10
  fields att "ATT", def "DEF"
  modifiers {
    for each {
      discipline ±r in -5..1 "discipline rating"
    }
    for def {
      outflanked -1 "outflanked"
    }
  }
  rows {
    4 or more => "Seize the position." | "Knocked out."
    -3 to 3 => "Hold." | "Hold."
    -4 or less => "Repulsed." | "-"
  }
}

pool unit_firing_at_infantry "Unit Firing at Infantry/Support Team" {
  roll firing_dice_at_infantry              # a grid of dice: 2d10, 1d10 or -
  param to_hit "base score to hit (ORBAT)" in 2..10
  modifiers { use firing_modifiers }
  count hits "hits" on at least to_hit      # each die, modifiers applied
  per hit roll hit_convert_dice count conversions "converted" on hit_convert_target
}

ladder modified_spotting_distance "Modified Spotting Distance" {
  steps 80, 60, 40, 20, 10, 5, 4, 3, 2, 1   # the first step is "up"
  start spotting_table                       # a value: a grid, a param, a number
  modifiers { smoke -1 "smoke" }
  at most 4 if concealment in [dense_edge, dense_deep]
}

notes turn_sequence "Player Turn Sequence" """
Phase 1: Chemical Agent Dispersion Check ...
"""
"#;

#[track_caller]
fn ok(text: &str) -> File {
    match parse(SourceId(7), text) {
        Ok(file) => file,
        Err(e) => panic!(
            "parse failed: {e} at {}..{} ({:?})\n{text}",
            e.span.start,
            e.span.end,
            text.get(e.span.start as usize..e.span.end as usize)
        ),
    }
}

#[track_caller]
fn err(text: &str) -> ParseError {
    match parse(SourceId(7), text) {
        Ok(file) => panic!("parsed, expected an error: {file:#?}"),
        Err(e) => e,
    }
}

/// The text an error's span covers.
fn spanned<'t>(text: &'t str, e: &ParseError) -> &'t str {
    text.get(e.span.start as usize..e.span.end as usize)
        .unwrap_or("<bad span>")
}

/// The only item of `HEADER` + `body`.
#[track_caller]
fn item(body: &str) -> Item {
    let mut file = ok(&format!("{HEADER}{body}"));
    assert_eq!(file.items.len(), 1, "{body}");
    file.items.remove(0)
}

/// The clauses of a table with `body` inside.
#[track_caller]
fn clauses(body: &str) -> Vec<Clause> {
    match item(&format!("table t \"T\" {{\n{body}\n}}")) {
        Item::Chart(chart) => chart.clauses,
        other => panic!("not a chart: {other:?}"),
    }
}

#[track_caller]
fn one_clause(body: &str) -> Clause {
    let mut c = clauses(body);
    assert_eq!(c.len(), 1, "{body}");
    c.remove(0)
}

fn part(lo: Option<i64>, hi: Option<i64>) -> (Option<i64>, Option<i64>) {
    (lo, hi)
}

fn parts(p: &[RangePart]) -> Vec<(Option<i64>, Option<i64>)> {
    p.iter().map(|p| (p.lo, p.hi)).collect()
}

#[test]
fn sample_parses() {
    let file = ok(SAMPLE);
    assert_eq!(file.header.title.text, "Battlefront: First Echelon");
    assert_eq!(file.header.version.text, "1.3");
    assert_eq!(file.items.len(), 17);
    let kinds: Vec<ChartKind> = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Chart(c) => Some(c.kind),
            _ => None,
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ChartKind::Table,
            ChartKind::Table,
            ChartKind::Table,
            ChartKind::Check,
            ChartKind::Check,
            ChartKind::Opposed,
            ChartKind::Pool,
            ChartKind::Ladder
        ]
    );
    // Spans are in the given source and cover the header exactly.
    assert_eq!(file.header.span.source, SourceId(7));
    assert_eq!(file.header.span.start, 0);
    assert_eq!(
        &SAMPLE[..file.header.span.end as usize],
        "game \"Battlefront: First Echelon\" version \"1.3\""
    );
}

#[test]
fn crlf_and_tabs() {
    let crlf = SAMPLE.replace('\n', "\r\n").replace("  ", "\t");
    let a = ok(SAMPLE);
    let b = ok(&crlf);
    assert_eq!(a.items.len(), b.items.len());
    let Some(Item::Notes(notes)) = b.items.last() else {
        panic!("no notes")
    };
    assert_eq!(
        notes.text.text,
        "Phase 1: Chemical Agent Dispersion Check ..."
    );
}

#[test]
fn declarations() {
    let Item::Choice(c) =
        item("choice unit_rating \"Unit Rating\" { elite \"Elite\", raw \"Raw\", }")
    else {
        panic!()
    };
    assert_eq!(c.name.name, "unit_rating");
    let names: Vec<_> = c.options.iter().map(|o| o.name.name.as_str()).collect();
    assert_eq!(names, ["elite", "raw"]);

    let Item::Flag(f) = item("flag helicopter \"target is a helicopter\"") else {
        panic!()
    };
    assert_eq!(f.label.text, "target is a helicopter");

    let Item::Param(p) = item("param tokens \"Command tokens\" in 0..20 default 0") else {
        panic!()
    };
    let b = p.bounds.unwrap();
    assert_eq!(
        (b.lo, b.hi, p.default.unwrap().node),
        (0.into(), 20.into(), 0.into())
    );

    let Item::Param(p) = item("param shift \"Shift\" in -3..-1") else {
        panic!()
    };
    assert_eq!(
        (p.bounds.unwrap().lo, p.bounds.unwrap().hi),
        ((-3).into(), (-1).into())
    );
    assert!(p.default.is_none());

    // Keywords only reserve whole words; option names may be anything else.
    let Item::Choice(c) = item(
        "choice order_status \"S\" { total_x \"T\", discipline \"D\", d_x \"D\", raw \"R\", \
         direct \"D\", open \"O\", cover \"C\", notes \"N\", success \"S\" }",
    ) else {
        panic!()
    };
    assert_eq!(c.name.name, "order_status");
    assert_eq!(c.options.len(), 9);
}

#[test]
fn strings() {
    let Item::Flag(f) = item(r#"flag x "say \"hi\" \\ \n done""#) else {
        panic!()
    };
    assert_eq!(f.label.text, "say \"hi\" \\ \n done");
    // The label's span covers the quotes.
    assert!(f.label.span.len() == r#""say \"hi\" \\ \n done""#.len());

    let Item::Notes(n) = item("notes seq \"Sequence\" \"\"\"\nline 1\n  line 2\n\"\"\"") else {
        panic!()
    };
    assert_eq!(n.label.text, "Sequence");
    assert_eq!(n.text.text, "line 1\n  line 2");
    let Item::Notes(n) = item("notes seq \"Sequence\" \"one line\"") else {
        panic!()
    };
    assert_eq!(n.text.text, "one line");
}

#[test]
fn grids() {
    let file = ok(SAMPLE);
    let grids: Vec<_> = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Grid(g) => Some(g),
            _ => None,
        })
        .collect();
    let g = grids[0];
    assert_eq!(g.keys.len(), 2);
    assert_eq!(g.rows.len(), 5);
    assert_eq!(g.rows[0].labels[0].name, "elite");
    let nums: Vec<_> = g.rows[4]
        .cells
        .iter()
        .map(|c| match c.kind {
            CellKind::Number(n) => n.to_integer(),
            _ => panic!("{c:?}"),
        })
        .collect();
    assert_eq!(nums, [-1, -2, -5]);

    let g = grids[1];
    assert_eq!(g.notes.len(), 1);
    assert_eq!(g.rows[0].labels.len(), 2);
    let kinds = |row: usize| -> Vec<String> {
        g.rows[row]
            .cells
            .iter()
            .map(|c| match &c.kind {
                CellKind::Number(n) => format!("n{n}"),
                CellKind::Text(t) => format!("t{t}"),
                CellKind::Target(r) => format!("r{:?}", parts(&r.parts)),
                CellKind::Dice(d) => match &d.terms[..] {
                    [(false, DiceTerm::Dice { count, sides, .. })] => {
                        format!("d{}:{sides}", count.is_some())
                    }
                    _ => panic!("{d:?}"),
                },
                CellKind::Impossible => "-".to_owned(),
            })
            .collect()
    };
    assert_eq!(kinds(0), ["dtrue:10", "dtrue:10", "-"]);
    assert_eq!(kinds(1), ["dfalse:6", "tProhibited", "r[(Some(4), None)]"]);
    assert_eq!(
        kinds(2),
        [
            "r[(Some(3), None)]",
            "r[(None, Some(2))]",
            "r[(Some(1), Some(3))]"
        ]
    );
    assert_eq!(
        kinds(3),
        [
            "r[(Some(4), Some(4)), (Some(5), Some(5)), (Some(6), Some(6))]",
            "r[(Some(-1), Some(-3))]",
            "n60"
        ]
    );
}

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

// -- Errors ----------------------------------------------------------------

#[test]
fn syntax_errors_say_what_was_expected() {
    let cases: &[(&str, &str, &str)] = &[
        // (body after the header, expected-substring, spanned text)
        (
            "table t \"T\" { roll }",
            "dice expression such as `2d6`",
            "}",
        ),
        (
            "table t \"T\" { rows { foo => \"x\" } }",
            "a row such as `4,5 => \"Bogged down\"` or `}`",
            "foo",
        ),
        (
            "table t \"T\" { rows { 6 or mor => \"x\" } }",
            "`more` or `less`",
            "mor",
        ),
        ("table t \"T\" { rows { 6 \"x\" } }", "`=>`", "\"x\""),
        ("flag x y", "a string in double quotes", "y"),
        ("table t \"T\" { roll d6", "`}`", ""),
        ("table t \"T\" { succeed on }", "a target", "}"),
        ("table t \"T\" { best \"x\" if }", "a condition", "}"),
        ("table t \"T\" { score 1 + }", "an expression", "}"),
        ("param p \"P\" in 1 10", "`..`", "10"),
        ("table t \"T\" { rows { 1 => } }", "an outcome", "}"),
    ];
    for (body, expected, at) in cases {
        let text = format!("{HEADER}{body}");
        let e = err(&text);
        let ParseErrorKind::Syntax { expected: said, .. } = &e.kind else {
            panic!("{body}: {e:?}")
        };
        assert!(said.contains(expected), "{body}: said {said:?}");
        assert_eq!(spanned(&text, &e), *at, "{body}: {e}");
        assert_eq!(e.span.source, SourceId(7));
    }
    // Messages join several expectations as "A, B or C".
    let e = err(&format!("{HEADER}table t \"T\" {{ rows {{ 1 => \"x\" ]"));
    assert!(e.to_string().starts_with("expected "), "{e}");
    assert!(e.to_string().contains(" or "), "{e}");
}

/// The parser reads one top-level entry at a time (so memory
/// stays bounded on large files): spans of
/// later entries still point into the file, and an error is the one a
/// whole-file parse gives, including what the entry before leaves open.
#[test]
fn entries_are_read_one_at_a_time_with_file_spans() {
    let text = format!(
        "{HEADER}# a comment\nflag a \"A\"   # another\n\n\
         table second \"Second\" {{ roll d6 rows {{ 1 or more => \"x\" }} }}\n\
         param p \"P\" in 1..3 default 2\n"
    );
    let file = ok(&text);
    assert_eq!(file.items.len(), 3);
    let Item::Chart(chart) = &file.items[1] else {
        panic!("{:?}", file.items[1])
    };
    let name = &text[chart.name.span.start as usize..chart.name.span.end as usize];
    assert_eq!(name, "second");
    let whole = &text[chart.span.start as usize..chart.span.end as usize];
    assert!(
        whole.starts_with("table second") && whole.ends_with('}'),
        "{whole:?}"
    );
    let Item::Param(param) = &file.items[2] else {
        panic!("{:?}", file.items[2])
    };
    // No trailing white space or comment in a span.
    let whole = &text[param.span.start as usize..param.span.end as usize];
    assert_eq!(whole, "param p \"P\" in 1..3 default 2");

    // An error in a later entry: the span is in the file, and the
    // expectations include the optional `default` the `param` before it
    // could still take, as when the whole file is parsed at once.
    let text = format!("{HEADER}flag a \"A\"\nparam p \"P\" in 1..3\n5\n");
    let e = err(&text);
    assert_eq!(spanned(&text, &e), "5");
    let ParseErrorKind::Syntax { expected, .. } = &e.kind else {
        panic!("{e:?}")
    };
    assert!(expected.contains("`default`"), "{expected}");
    assert!(expected.contains("a declaration"), "{expected}");

    // An escape error in a later entry is spanned in the file.
    let text = format!("{HEADER}flag a \"A\"\nflag b \"B\\q\"\n");
    let e = err(&text);
    assert_eq!(spanned(&text, &e), "\\q");
}

/// Entries are parsed 16 at a time (`item_batch`) and built one at a
/// time: every entry, on either side of a batch's edge, keeps its span in
/// the file, and an error in any of them, the first of a batch included,
/// is the one a whole-file parse gives (here, one that also lists the
/// optional `default` the `param` just before could still take).
#[test]
fn entries_are_parsed_in_batches_with_file_spans_and_errors() {
    let entries: Vec<String> = (0..40)
        .map(|i| format!("param p{i} \"P\" in 1..3"))
        .collect();
    let text = format!("{HEADER}{}\n", entries.join("\n# between\n"));
    let file = ok(&text);
    assert_eq!(file.items.len(), 40);
    for (i, item) in file.items.iter().enumerate() {
        let Item::Param(param) = item else {
            panic!("{item:?}")
        };
        let span = &text[param.span.start as usize..param.span.end as usize];
        assert_eq!(span, entries[i]);
    }
    for broken in [0, 1, 14, 15, 16, 17, 31, 32, 33, 39] {
        let mut with_error = entries.clone();
        with_error[broken] = "5".to_owned();
        let text = format!("{HEADER}{}\n", with_error.join("\n"));
        let e = err(&text);
        let at = text.find("\n5\n").map(|n| n + 1);
        assert_eq!(Some(e.span.start as usize), at, "entry {broken}: {e}");
        let ParseErrorKind::Syntax { expected, .. } = &e.kind else {
            panic!("{e:?}")
        };
        assert!(expected.contains("a declaration"), "{expected}");
        assert_eq!(expected.contains("`default`"), broken > 0, "{expected}");
    }
}

#[test]
fn syntax_error_at_end_of_input_is_zero_width() {
    let text = format!("{HEADER}flag x");
    let e = err(&text);
    assert_eq!(e.span.start as usize, text.len());
    assert!(e.span.is_empty());
    assert!(e.to_string().contains("end of input"), "{e}");
}

#[test]
fn keywords_are_not_names() {
    // `or` cannot be a flag name; `order_status` can.
    err(&format!("{HEADER}flag or \"x\""));
    err(&format!("{HEADER}choice c \"C\" {{ total \"T\" }}"));
    ok(&format!(
        "{HEADER}flag order_status \"x\"\nflag android \"y\"\nflag iffy \"z\""
    ));
}

#[test]
fn unknown_keyword() {
    let text = format!("{HEADER}flag a \"A\"\ntabel t \"T\" {{ }}");
    let e = err(&text);
    let ParseErrorKind::UnknownKeyword {
        found, suggestion, ..
    } = &e.kind
    else {
        panic!("{e:?}")
    };
    assert_eq!(found, "tabel");
    assert_eq!(*suggestion, Some("table"));
    assert_eq!(spanned(&text, &e), "tabel");
    let help = miette::Diagnostic::help(&e).unwrap().to_string();
    assert!(help.contains("`ladder`"), "{help}");

    let text = format!("{HEADER}table t \"T\" {{ roll d6\n rol d6 }}");
    let e = err(&text);
    assert!(
        matches!(
            &e.kind,
            ParseErrorKind::UnknownKeyword {
                suggestion: Some("roll"),
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(spanned(&text, &e), "rol");
}

#[test]
fn unterminated_string() {
    let text = format!("{HEADER}flag a \"oops\nflag b \"B\"");
    let e = err(&text);
    assert_eq!(e.kind, ParseErrorKind::UnterminatedString { triple: false });
    assert_eq!(spanned(&text, &e), "\"oops");
    let help = miette::Diagnostic::help(&e).unwrap().to_string();
    assert!(help.contains("\"\"\""), "{help}");

    let text = format!("{HEADER}notes n \"N\" \"\"\"\nnever closed");
    let e = err(&text);
    assert_eq!(e.kind, ParseErrorKind::UnterminatedString { triple: true });
    assert_eq!(spanned(&text, &e), "\"\"\"");

    // An earlier syntax error wins over a later unterminated string.
    let text = format!("{HEADER}flag x 3\nflag a \"oops");
    assert!(matches!(err(&text).kind, ParseErrorKind::Syntax { .. }));
}

#[test]
fn invalid_escape() {
    let text = format!("{HEADER}flag a \"tab\\there\"");
    let e = err(&text);
    assert_eq!(
        e.kind,
        ParseErrorKind::InvalidEscape {
            escape: "\\t".into()
        }
    );
    assert_eq!(spanned(&text, &e), "\\t");
}

#[test]
fn number_too_large() {
    for body in [
        "param p \"P\" default 99999999999999999999",
        "table t \"T\" { score 9223372036854775808 }",
        "table t \"T\" { roll d99999999999999999999 }",
        "table t \"T\" { roll 99999999999999999999d6 }",
        "table t \"T\" { rows { 99999999999999999999+ => \"x\" } }",
    ] {
        let text = format!("{HEADER}{body}");
        let e = err(&text);
        assert!(
            matches!(e.kind, ParseErrorKind::NumberTooLarge { .. }),
            "{body}: {e:?}"
        );
        assert!(spanned(&text, &e).contains("9999") || spanned(&text, &e).contains("808"));
    }
    // The extremes of i64 fit.
    ok(&format!(
        "{HEADER}param p \"P\" in -9223372036854775808..9223372036854775807"
    ));
}

#[test]
fn too_deep() {
    let deep = |n: usize| {
        format!(
            "{HEADER}table t \"T\" {{ score {}1{} }}",
            "(".repeat(n),
            ")".repeat(n)
        )
    };
    ok(&deep(60));
    let text = deep(100);
    let e = err(&text);
    assert_eq!(e.kind, ParseErrorKind::TooDeep { limit: 64 });
    assert_eq!(spanned(&text, &e), "(");

    // Runs of prefix operators and long outcome chains are bounded too.
    let e = err(&format!(
        "{HEADER}table t \"T\" {{ score {}1 }}",
        "- ".repeat(100)
    ));
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e:?}");
    let e = err(&format!(
        "{HEADER}table t \"T\" {{ best \"x\" if {}a }}",
        "not ".repeat(100)
    ));
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e:?}");
    let chain = "\"A\" if c else ".repeat(100);
    let e = err(&format!(
        "{HEADER}table t \"T\" {{ rows {{ 1 => {chain}\"B\" }} }}"
    ));
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e:?}");
    // Far past the limit: the chain is a repetition in the grammar, so pest
    // does not recurse, and the builder counts it.
    let chain = "\"A\" if c else ".repeat(20_000);
    let e = err(&format!(
        "{HEADER}table t \"T\" {{ rows {{ 1 => {chain}\"B\" }} }}"
    ));
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e:?}");
    // A long run of one operator is built balanced, not too deep; a chain
    // of conditions is not.
    let sum = vec!["1"; 1000].join(" + ");
    ok(&format!("{HEADER}table t \"T\" {{ score {sum} }}"));
    let all = vec!["a"; 1000].join(" and ");
    let e = err(&format!("{HEADER}table t \"T\" {{ best \"x\" if {all} }}"));
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e:?}");
}

/// The parser runs without a stack probe (the fast path has none, and pest
/// is built without `std`, see `Cargo.toml`): its recursion is bounded by
/// the pre-scan's bracket depth alone. The deepest nesting accepted, in
/// every construct that recurses, parses on the calling thread within a
/// spawned thread's default stack of 2 MiB (a test's own thread's): no
/// parse needs a thread of its own. Measured (63 levels, this machine,
/// 2026-11-26, `Ruleset::from_str`, so compiling included, by bisecting a
/// thread's stack size): nested `one of` blocks need 303 KiB in a release
/// build and 1,059 KiB in a debug build; brackets in expressions and
/// conditions 151-175 KiB and 863-975 KiB; the same inputs broken at the
/// innermost level (read by pest, which says why) 39-43 KiB and
/// 227-287 KiB.
#[test]
fn the_deepest_nesting_parses_on_a_bounded_stack() {
    let nested = |open: &str, inner: &str, close: &str| {
        format!("{}{inner}{}", open.repeat(63), close.repeat(63))
    };
    let score = |expr: String| format!("{HEADER}table t \"T\" {{ score {expr} }}");
    let texts = [
        score(nested("(", "1", ")")),
        score(nested("max(", "1", ")")),
        score(nested("(a if b else ", "1", ")")),
        format!(
            "{HEADER}table t \"T\" {{ best \"x\" if {} }}",
            nested("(", "a", ")")
        ),
        format!(
            "{HEADER}modifiers m \"M\" {}",
            nested("{ one of \"o\" ", "{ x +1 \"x\" }", " }")
        ),
    ];
    for text in texts {
        // Each is one level short of the limit: the chart's or set's own
        // braces count.
        let parsed = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                parse(SourceId(0), &text)
                    .map(|_| ())
                    .map_err(|e| format!("{e}\n{text}"))
            })
            .unwrap()
            .join()
            .unwrap();
        parsed.unwrap();
    }
}

#[test]
fn empty_file() {
    for text in ["", "   \n\t\r\n", "# just a comment\n  # another"] {
        let e = err(text);
        assert_eq!(e.kind, ParseErrorKind::EmptyFile {});
        let code = miette::Diagnostic::code(&e).unwrap().to_string();
        assert_eq!(code, "chartwright::parse::empty_file");
    }
}

#[test]
fn error_codes_and_labels() {
    let e = err(&format!("{HEADER}flag x y"));
    let code = miette::Diagnostic::code(&e).unwrap().to_string();
    assert_eq!(code, "chartwright::parse::syntax");
    let labels: Vec<_> = miette::Diagnostic::labels(&e).unwrap().collect();
    assert_eq!(labels.len(), 1);
    assert_eq!(labels[0].offset(), e.span.start as usize);
    assert_eq!(labels[0].len(), e.span.len());
}

/// The bundled rulesets in `rules/` parse.
#[test]
fn bundled_rules_parse() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "rules") {
            let text = std::fs::read_to_string(&path).unwrap();
            if let Err(e) = parse(SourceId(0), &text) {
                let line = text[..e.span.start as usize].lines().count();
                panic!("{}:{line}: {e} ({:?})", path.display(), spanned(&text, &e));
            }
        }
    }
}

// -- No panics ---------------------------------------------------------------

/// A compact file touching most rules, for the exhaustive no-panic sweeps
/// (the full sample is too slow to sweep in a debug build).
const MINI: &str = r#"game "G" version "1"
choice c "C" { a "A", b "B" }
param p "P" in -1..9 default 0
grid g "G" by c { a: +1 4+ "T" b, a: 2d6 - 1-3 }
modifiers m "M" { x ±r in -3..3 from g "x" y +1 each (max +4) "y" unless f and not (p > 2) }
table t "T" {
  roll (p + 1)d6kh3 - 2
  modifiers { one of "O" if f { z -1 "z" } section "S" subtract { use m if c = a } for each { w +r "w" } }
  columns c
  rows { [ 6 or more | - ] => "A" then o.x(k, v=-2) | "B" or "C" if c in [a, b] else failure
         -1 to -3, 0 => success }
  natural 1,2 if total >= -(natural * 2) / 3 => also "N"
  best "A" if f or p != 1
}
check k "K" { succeed on g - 1 count h "h" on at least 3 per h roll d6 count q "q" on 5+ sides s "S", r "R" }
ladder l "L" { steps 8, 4 start p at most 4 if f fields a "A" score total notes """x
y""" }
notes n "N" "t\"\\\n"
"#;

#[test]
fn mini_parses() {
    let file = ok(MINI);
    assert_eq!(file.items.len(), 8);
}

#[test]
fn no_panic_on_prefixes() {
    for (i, _) in MINI.char_indices() {
        let _ = parse(SourceId(0), &MINI[..i]);
    }
}

#[test]
fn no_panic_on_mutations() {
    let replacements = ["", " ", "\"", "(", "}", "-", "9", "x", "#", "\n", "d", "é"];
    for (n, (i, c)) in MINI.char_indices().enumerate() {
        for k in 0..3 {
            let with = replacements[(n + 4 * k) % replacements.len()];
            let text = format!("{}{with}{}", &MINI[..i], &MINI[i + c.len_utf8()..]);
            let _ = parse(SourceId(0), &text);
        }
    }
}

// -- The fast path (build.rs) ---------------------------------------------
//
// In unit tests every batch any test parses is read by both the fast path
// and pest, and a difference in what they accept or in any node panics
// (`agreement::check`): the tests above, the prefixes and the mutations
// included. This test adds every `.rules` file of the repository and the
// checked-in seeds of the `load` fuzzer.

/// The `.rules` files under `dir`, and its seeds if it is a fuzz corpus.
/// Every `.rules` file under `dir`, and the `load` fuzzer's seeds.
pub(crate) fn inputs_under(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                inputs_under(&path, found);
            }
        } else if path.extension().is_some_and(|e| e == "rules")
            || (dir.ends_with("fuzz/corpus/load")
                && (name.starts_with("seed") || name.starts_with("regress-")))
        {
            found.push(path);
        }
    }
}

#[test]
fn the_fast_path_reads_every_rules_file_and_seed_as_pest_does() {
    let mut found = Vec::new();
    inputs_under(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), &mut found);
    assert!(found.len() > 120, "only {} inputs found", found.len());
    let mut parsed = 0;
    for path in &found {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        // `agreement::check` panics inside on any difference; an error is
        // fine (some seeds are malformed on purpose) and is pest's.
        if super::parse_document(SourceId(0), &text).is_ok() {
            parsed += 1;
        }
    }
    assert!(parsed > 100, "only {parsed} inputs parsed");
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
        other @ crate::syntax::ast::ExpectWant::Error(_) => panic!("{other:?}"),
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
fn expect_syntax_errors_name_what_was_expected() {
    let text = format!("{HEADER}expect bog_down => 7/10");
    let e = err(&text);
    assert!(e.to_string().contains("expected"), "{e}");
    let text = format!("{HEADER}expect bog_down natural => \"x\"");
    let e = err(&text);
    assert!(e.to_string().contains("expected"), "{e}");
}

// ---------------------------------------------------------------------------
// Variant files

mod variants {
    use crate::syntax::ast::{BaseRef, ChangeKind, Document, RowKey};
    use crate::syntax::error::ParseErrorKind;
    use crate::syntax::parser::parse_document;
    use crate::syntax::span::SourceId;

    #[track_caller]
    fn changes(text: &str) -> Vec<ChangeKind> {
        match parse_document(SourceId(0), text) {
            Ok(Document::Variant(v)) => v.changes.into_iter().map(|c| c.kind).collect(),
            other => panic!("not a variant: {other:?}"),
        }
    }

    #[test]
    fn the_header_names_a_bundled_game_or_a_path() {
        let bundled = "# a comment first\nvariant \"Mud\" of first_echelon version \"1\"\n";
        let Ok(Document::Variant(v)) = parse_document(SourceId(0), bundled) else {
            panic!("variant");
        };
        assert!(matches!(v.header.base, BaseRef::Bundled(ref i) if i.name == "first_echelon"));
        assert_eq!(v.header.title.text, "Mud");
        let path = "variant \"Deeper\" of \"mud.rules\" version \"2\"";
        let Ok(Document::Variant(v)) = parse_document(SourceId(0), path) else {
            panic!("variant");
        };
        assert!(matches!(v.header.base, BaseRef::Path(ref l) if l.text == "mud.rules"));
        assert_eq!(v.header.version.text, "2");
        // `variants` is a name, not the keyword: a game file.
        assert!(parse_document(SourceId(0), "game \"G\" version \"1\"")
            .is_ok_and(|d| matches!(d, Document::Game(_))));
        assert!(matches!(
            parse_document(SourceId(0), "variants \"G\" version \"1\""),
            Err(e) if matches!(e.kind, ParseErrorKind::Syntax { .. })
        ));
    }

    #[test]
    fn every_change_form_parses() {
        let c = changes(
            r#"variant "V" of g version "1"
            change bog_down.tracked +1
            change bog_down.tracked "Tracked only"
            change bog_down.tracked unless mud
            change bog_down row 6 or more becomes 7 or more
            change bog_down row 3 or less => "Stuck"
            change fire row [ 8,9 | - ] becomes [ 9 | 1 ] => "Hit"
            change grid at elite, good_order: +2
            add bog_down.mud -2 "deep mud" if wet after tracked
            add unit_rating.militia "Militia"
            add bog_down row 0 or less => "Stuck"
            add grid at militia: -2 -3 -6
            remove bog_down row 4,5
            remove grid at raw
            remove bog_down.currently_bogged
            remove bog_down
            flag wet "wet ground"
            "#,
        );
        let kinds: Vec<&str> = c
            .iter()
            .map(|k| match k {
                ChangeKind::ChangeMember { .. } => "change member",
                ChangeKind::ChangeRow { .. } => "change row",
                ChangeKind::ChangeCell { .. } => "change cell",
                ChangeKind::ChangeCells { .. } => "change cells",
                ChangeKind::AddMember { .. } => "add member",
                ChangeKind::AddRow { .. } => "add row",
                ChangeKind::AddGridRow { .. } => "add grid row",
                ChangeKind::RemoveRow { .. } => "remove row",
                ChangeKind::RemoveGridRow { .. } => "remove grid row",
                ChangeKind::RemoveMember(_) => "remove member",
                ChangeKind::RemoveItem(_) => "remove item",
                ChangeKind::Item(_) => "item",
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "change member",
                "change member",
                "change member",
                "change row",
                "change row",
                "change row",
                "change cells",
                "add member",
                "add member",
                "add row",
                "add grid row",
                "remove row",
                "remove grid row",
                "remove member",
                "remove item",
                "item",
            ]
        );
        let ChangeKind::ChangeRow {
            becomes: Some(RowKey::Single(set)),
            outcome: None,
            ..
        } = &c[3]
        else {
            panic!("{:?}", c[3]);
        };
        assert_eq!((set.parts[0].lo, set.parts[0].hi), (Some(7), None));
        let ChangeKind::AddMember {
            after,
            applicability,
            ..
        } = &c[7]
        else {
            panic!("{:?}", c[7]);
        };
        assert_eq!(after.as_ref().map(|a| a.name.as_str()), Some("tracked"));
        assert!(applicability.is_some());
    }

    #[test]
    fn a_misspelt_change_keyword_is_suggested() {
        let e = parse_document(
            SourceId(0),
            "variant \"V\" of g version \"1\"\nchnage a.b +1\n",
        )
        .expect_err("a syntax error");
        let ParseErrorKind::UnknownKeyword {
            suggestion, place, ..
        } = e.kind
        else {
            panic!("{e:?}");
        };
        assert_eq!(suggestion, Some("change"));
        assert_eq!(place, "in a variant");
    }

    #[test]
    fn a_change_that_says_nothing_is_a_syntax_error() {
        assert!(parse_document(
            SourceId(0),
            "variant \"V\" of g version \"1\"\nchange a.b\n"
        )
        .is_err());
        assert!(
            parse_document(SourceId(0), "variant \"V\" of g version \"1\"\nchange a\n").is_err()
        );
    }
}
