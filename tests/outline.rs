//! `chartwright::outline` against the compiled rules: every chart, grid,
//! modifier set and notes a bundled game compiles to is declared in its
//! outline, in file order, under the same name, at a span that holds that
//! name; every input a chart takes is declared there too (a side's by its own
//! name).

use chartwright::{outline, DeclarationKind, Ruleset, SourceId};

/// The kinds that the ruleset lists as charts (what `Ruleset::chart` finds).
fn listed_as_chart(kind: DeclarationKind) -> bool {
    use DeclarationKind::{Check, Grid, Ladder, ModifierSet, Notes, Opposed, Pool, Table};
    let listed = matches!(
        kind,
        Table | Check | Opposed | Pool | Ladder | Grid | ModifierSet | Notes
    );
    assert_eq!(kind.is_chart(), listed, "{kind:?}");
    listed
}

#[test]
fn the_outline_of_each_bundled_game_names_what_it_compiles_to() {
    for game in chartwright::bundled::names() {
        let text = chartwright::bundled::source(game).expect("bundled text");
        let o = outline(SourceId::new(0), text).expect("a bundled game parses");
        assert_eq!(o.base, None, "{game} is no variant");
        for d in &o.declarations {
            let written = &text[d.name_span.start as usize..d.name_span.end as usize];
            assert_eq!(written, d.name, "{game}: the name span of {}", d.name);
            assert!(d.span.start <= d.name_span.start && d.name_span.end <= d.span.end);
        }
        let declared: Vec<&str> = o
            .declarations
            .iter()
            .filter(|d| d.owner.is_none() && listed_as_chart(d.kind))
            .map(|d| d.name.as_str())
            .collect();
        let rules = Ruleset::from_file(game).expect("a bundled game loads");
        let compiled: Vec<&str> = rules.charts().map(|c| c.name()).collect();
        assert_eq!(declared, compiled, "{game}");
        for chart in rules.charts() {
            for input in chart.inputs() {
                // A side's input is named `side.name` (`att.discipline`).
                let name = input.name.rsplit('.').next().unwrap_or_default();
                assert!(
                    o.declarations.iter().any(|d| d.name == name),
                    "{game}: {}'s input {} is declared",
                    chart.name(),
                    input.name
                );
            }
        }
    }
}

#[test]
fn a_variant_outline_names_its_base_and_what_it_adds() {
    let text = "variant \"Mud\" of \"base.rules\" version \"1\"\nadd bog_down.mud +1 \"Mud\"\nflag rain \"Rain\"\n";
    let o = outline(SourceId::new(0), text).expect("parses");
    assert_eq!(
        o.base,
        Some(chartwright::BaseName::Path("base.rules".into()))
    );
    let mud = &o.declarations[0];
    assert_eq!(
        (
            mud.name.as_str(),
            mud.kind,
            mud.owner.as_deref(),
            mud.value.as_deref()
        ),
        (
            "mud",
            DeclarationKind::Modifier,
            Some("bog_down"),
            Some("+1")
        )
    );
    assert_eq!(o.declarations[1].kind, DeclarationKind::Flag);
    assert!(outline(SourceId::new(0), "game \"Broken\" version").is_err());
}
