//! The web package's Rust, natively: each document equals what the
//! library's producer makes for the same request (the Node test compares
//! them with the binary's output), and failures carry diagnostics.

use super::*;

const BROKEN: &str =
    "game \"G\" version \"1\"\n\ntable t \"T\" {\n  roll d6\n  rows { 1-3 => \"A\" }\n}\n";

#[test]
fn odds_are_the_libraries_document() {
    let ogre = Ruleset::bundled("ogre").unwrap();
    let doc = ogre.odds("crt", "attack=7 defense=3").unwrap();
    let rules = Rules::from_file("ogre").unwrap();
    let odds = rules
        .chart("crt")
        .unwrap()
        .odds(&Choices::parse("attack=7 defense=3").unwrap())
        .unwrap();
    assert_eq!(doc, json::versioned(json::odds(&odds)));
    assert_eq!(doc["outcomes"][2]["probability"], "1/2");
    assert!(ogre
        .odds_svg("crt", "attack=7 defense=3")
        .unwrap()
        .starts_with("<svg"));
}

#[test]
fn a_group_of_outcomes_has_its_exact_odds() {
    // Bog Down, tracked (+2) on a d10: Traverse on 4-10 (7/10), Bogged
    // down on 1 (1/10); either is 4/5.
    let fe = Ruleset::bundled("first_echelon").unwrap();
    let groups = ["any of Traverse, \"Bogged down\"".to_string()];
    let doc = fe.odds_of("bog_down", "tracked", &groups).unwrap();
    assert_eq!(
        doc["groups"][0]["group"],
        "any of \"Traverse\", \"Bogged down\""
    );
    assert_eq!(doc["groups"][0]["probability"], "4/5");
    assert_eq!(
        doc["outcomes"],
        fe.odds("bog_down", "tracked").unwrap()["outcomes"]
    );
    let bad = fe
        .odds_of("bog_down", "tracked", &["at least".to_string()])
        .unwrap_err();
    assert_eq!(
        bad.diagnostics["diagnostics"][0]["code"],
        "chartwright::odds::bad_group"
    );
}

#[test]
fn loose_modifiers_are_summed_as_on_the_command_line() {
    let fe = Ruleset::bundled("first_echelon").unwrap();
    let plus = fe.odds("bog_down", "tracked +2 -1").unwrap();
    let rules = Rules::from_file("first_echelon").unwrap();
    let odds = rules
        .chart("bog_down")
        .unwrap()
        .bind(&Choices::parse("tracked").unwrap())
        .unwrap()
        .with_extra_modifier(1)
        .unwrap()
        .odds()
        .unwrap();
    assert_eq!(plus, json::versioned(json::odds(&odds)));
}

#[test]
fn a_seeded_roll_is_the_same_roll_everywhere() {
    let fe = Ruleset::bundled("first_echelon").unwrap();
    let a = fe.roll("bog_down", "tracked", Some(7)).unwrap();
    let b = fe.roll("bog_down", "tracked", Some(7)).unwrap();
    assert_eq!(a, b);
    assert_eq!(a["schema"], 2);
    assert_eq!(a["chart"], "first_echelon.bog_down");
    let text = fe.roll_text("bog_down", "tracked", Some(7)).unwrap();
    assert!(text.starts_with("Bog Down"), "{text}");
    assert!(text.contains(
        a["outcome"]["fields"][0]["alternatives"][0]
            .as_str()
            .unwrap()
    ));
}

#[test]
fn broken_rules_are_diagnostics_at_their_line() {
    let rules = Ruleset::from_text("g", BROKEN);
    let check = rules.check();
    let d = &check["diagnostics"][0];
    assert_eq!(d["code"], "chartwright::compile::uncovered_totals");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["source"], "g");
    assert_eq!(d["labels"][0]["line"], 5);
    assert!(d["help"].is_string());
    // Every other call fails with the same diagnostics.
    let failure = rules.list().unwrap_err();
    assert_eq!(failure.diagnostics, check);
    assert!(
        failure.message.contains("no row reads"),
        "{}",
        failure.message
    );
    let fixed = Ruleset::from_text("g", &BROKEN.replace("1-3", "1-6"));
    assert_eq!(fixed.check()["diagnostics"], json!([]));
    assert_eq!(fixed.list().unwrap()["games"][0]["charts"][0]["name"], "t");
}

#[test]
fn a_bad_argument_points_into_the_arguments() {
    let fe = Ruleset::bundled("first_echelon").unwrap();
    let failure = fe.odds("bog_down", "+1 trackd").unwrap_err();
    let d = &failure.diagnostics["diagnostics"][0];
    assert_eq!(d["code"], "chartwright::roll::unknown_name");
    assert_eq!(d["source"], ARGUMENTS);
    // Into the arguments as typed, the loose `+1` before it included.
    assert_eq!(d["labels"][0]["start"], 3);
    assert_eq!(d["labels"][0]["end"], 9);
    assert_eq!(d["help"], "did you mean `tracked`?");
    let unknown = fe.roll("bog_dow", "", Some(1)).unwrap_err();
    assert_eq!(
        unknown.diagnostics["diagnostics"][0]["code"],
        "chartwright::roll::unknown_chart"
    );
}

#[test]
fn an_unknown_bundled_game_says_which_there_are() {
    let failure = Ruleset::bundled("ogr").unwrap_err();
    let d = &failure.diagnostics["diagnostics"][0];
    assert_eq!(d["code"], "chartwright::load::not_found");
    assert!(d["help"].as_str().unwrap().contains("ogre"));
}

#[test]
fn a_variant_beside_its_base() {
    let base = Ruleset::bundled("first_echelon").unwrap();
    let text = std::fs::read_to_string("../docs/variants/mud_season.rules").unwrap();
    let variant = Ruleset::from_text("mud_season", &text);
    assert_eq!(variant.check()["diagnostics"], json!([]));
    let doc = diff(&base, &variant, "bog_down", "tracked").unwrap();
    let (b, v) = (base.rules().unwrap(), variant.rules().unwrap());
    let choices = Choices::parse("tracked").unwrap();
    let d = chartwright::OddsDiff::compare(
        &b.chart("bog_down").unwrap(),
        &v.chart("bog_down").unwrap(),
        &choices,
    )
    .unwrap();
    assert_eq!(
        doc,
        json::versioned(json::diff(&d, "first_echelon.bog_down"))
    );
    assert!(diff_svg(&base, &variant, "bog_down", "tracked")
        .unwrap()
        .contains("<svg"));
}

/// The pairing's failures are the library's, as `chartwright diff` prints
/// them: code, message and help.
#[test]
fn a_diff_that_cannot_pair_says_why() {
    let base = Ruleset::bundled("first_echelon").unwrap();
    let text = std::fs::read_to_string("../docs/variants/mud_season.rules").unwrap();
    let variant = Ruleset::from_text("mud_season", &text);
    let first = |f: Failure| f.diagnostics["diagnostics"][0].clone();
    let missing = first(diff(&base, &variant, "bog_dow", "").unwrap_err());
    assert_eq!(missing["code"], "chartwright::compare::unknown_chart");
    assert_eq!(
        missing["message"],
        "neither `first_echelon` nor `mud_season` has a chart `bog_dow`"
    );
    assert_eq!(missing["help"], "did you mean `bog_down`?");
    let two = Ruleset::from(Rules::bundled());
    let not_one = first(diff(&two, &variant, "bog_down", "").unwrap_err());
    assert_eq!(not_one["code"], "chartwright::compare::not_one_game");
    assert!(not_one["message"]
        .as_str()
        .unwrap()
        .starts_with("the base must be one game; these rules hold 6: "));
    let mine = "variant \"Mine\" of first_echelon version \"1\"\n\
                table mine \"Mine\" { roll d6 rows { 1-6 => \"Boom\" } }\n";
    let added = Ruleset::from_text("mine", mine);
    assert_eq!(added.check()["diagnostics"], json!([]));
    let new = first(diff(&base, &added, "mine", "").unwrap_err());
    assert_eq!(new["code"], "chartwright::compare::new_chart");
    let removed = first(diff(&added, &base, "mine", "").unwrap_err());
    assert_eq!(removed["code"], "chartwright::compare::removed_chart");
    assert_eq!(
        removed["message"],
        "`mine` is removed by `first_echelon`: only the base has it"
    );
}

#[test]
fn show_and_sheet() {
    let ogre = Ruleset::bundled("ogre").unwrap();
    assert!(ogre.show("crt").unwrap().contains("1-2"));
    let page = ogre.sheet(&[]).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..40]);
    assert!(ogre.sheet(&["nope".to_owned()]).is_err());
}

#[test]
fn the_odds_of_the_last_situation_are_kept() {
    let ogre = Ruleset::bundled("ogre").unwrap();
    let a = ogre.odds("crt", "attack=7 defense=3").unwrap();
    let b = ogre.odds("crt", "attack=7 defense=3").unwrap();
    let c = ogre.odds("crt", "attack=1 defense=3").unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn example_arguments_roll() {
    let fe = Ruleset::bundled("first_echelon").unwrap();
    let args = fe.example_args("improved_position").unwrap();
    assert_eq!(args, "unit_rating=elite order_status=good_order");
    assert!(fe.odds("improved_position", &args).is_ok());
}

#[test]
fn the_form_puts_the_situation_apart_from_the_modifiers() {
    // first_echelon.rules: Fire Combat reads `columns target_discipline`,
    // uses each attack type's modifier set `if attack = ...`, and rolls the
    // Bail Out Table after a knock-out, whose vehicle states are its own.
    let fe = Ruleset::bundled("first_echelon").unwrap();
    let form = fe.form("fire_combat").unwrap();
    let input = |name: &str| {
        form["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["name"] == name)
            .unwrap()
            .clone()
    };
    let discipline = input("target_discipline");
    assert_eq!(discipline["column"], true);
    assert!(discipline["reads"].as_u64().unwrap() >= 1);
    // Every modifier of the four sets reads the attack type.
    assert!(input("attack")["reads"].as_u64().unwrap() >= 4);
    let weapon = input("df_weapon");
    assert_eq!(weapon["reads"], 0);
    assert_eq!(weapon["group"], "Direct Fire Modifiers");
    assert_eq!(weapon["set"], "direct_fire_modifiers");
    assert_eq!(weapon["applies_words"], "if Type of attack: Direct fire");
    assert_eq!(input("from_good_order")["follow_up"], "Bail Out Table");
    assert_eq!(input("mounted")["follow_up"], Value::Null);
    assert_eq!(form["title"], "Fire Combat");
}

#[test]
fn what_cannot_apply_in_the_situation_is_folded() {
    let fe = Ruleset::bundled("first_echelon").unwrap();
    let folded = |args: &str| -> Vec<String> {
        fe.applicable("fire_combat", args).unwrap()["folded"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap().to_owned())
            .collect()
    };
    let indirect = folded("attack=indirect");
    assert!(indirect.contains(&"df_weapon".to_owned()));
    assert!(indirect.contains(&"ch_nbc3".to_owned()));
    assert!(!indirect.contains(&"if_weapon".to_owned()));
    // Neither the situation inputs nor the Bail Out ones are ever folded.
    for always in ["attack", "target_discipline", "mounted", "from_good_order"] {
        assert!(!indirect.contains(&always.to_owned()), "{always}");
    }
    // The attack type not named yet: every modifier can still apply.
    assert!(folded("").is_empty());
    // manoeuvre: `enemy_within_5` applies `unless helicopter and not landed`.
    let near = |args: &str| {
        fe.applicable("manoeuvre", args).unwrap()["folded"]
            .as_array()
            .unwrap()
            .contains(&json!("enemy_within_5"))
    };
    assert!(near("helicopter"));
    assert!(!near("helicopter landed"));
    assert!(!near(""));
}

#[test]
fn the_diff_page_ranks_every_situation_class() {
    let fe = Ruleset::bundled("first_echelon").unwrap();
    let mud = Ruleset::from_text(
        "mud",
        "variant \"Mud\" of first_echelon version \"1\"\nchange bog_down.tracked +1\n",
    );
    let page = diff_page(&fe, &mud, "bog_down").unwrap();
    assert!(
        page.contains("Mud against Battlefront: First Echelon"),
        "{page}"
    );
    assert!(page.contains("every one compared."), "{page}");
    // Only tracked's value changed: the classes ranked first name it, and
    // a class without it does not change.
    let first = page.split("<tr data-rank=\"1\"").nth(1).unwrap();
    let choices = first.split("data-choices=\"").nth(1).unwrap();
    assert!(choices.starts_with("tracked"), "{choices}");
}
