//! Parser tests of variant files: each change form and its errors.

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
    assert!(parse_document(SourceId(0), "variant \"V\" of g version \"1\"\nchange a\n").is_err());
}
