//! Parser tests: each construct of `docs/language.md`, the error kinds, and
//! a no-panic sweep over truncations and mutations of a sample file.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::type_complexity
)] // Short names keep the table-driven assertions readable.

mod charts;
mod errors;
mod sweeps;
mod variants;

use super::parse;
use crate::syntax::ast::{CellKind, ChartKind, Clause, DiceTerm, File, Item, RangePart};
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
