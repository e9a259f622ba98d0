//! Situation classes over grids a variant changes: a grid feeding a
//! modifier or a shift is split by the readings of its keys in the base
//! and the variant both, so the change is found, in a class that names the
//! keys, and the class's situation, diffed directly, shows it. Then random
//! one-cell changes to the bundled games' grids and modifiers, each checked
//! against situations enumerated directly (not through the classes): every
//! chart whose odds change in some situation is found to change.

use crate::common::load;
use chartwright::compare::{across, Across};
use chartwright::{ChartRef, Choices, InputKind, OddsDiff, Ruleset};
use rand::{Rng, SeedableRng};

/// A WW1 shift table on an odds-ratio CRT: a fort shifts the column by
/// the fort's class.
const FORTS: &str = r#"
game "Forts" version "1"
choice fort_type "Fort" { field "Field works", concrete "Concrete" }
grid fort_shift "Fort shift" by fort_type { field: 1  concrete: 2 }
table crt "CRT" {
  roll d6
  param attack "attack strength" in 1..40
  param defense "defense strength" in 1..20
  modifiers { fort rL from fort_shift "defender in a fort" }
  columns by ratio attack to defense: 1-1 2-1 3-1 4-1
  below columns => "AE"
  results {
    1-2: AE AR DR DE
    3-4: AR DR DE DE
    5-6: DR DE DE DE
  }
}
"#;

/// `base` and a variant of it written as `changes`, loaded together.
fn pair(base_name: &str, base: &str, changes: &str) -> (Ruleset, Ruleset) {
    let dir = std::env::temp_dir().join(format!("cw_classes_grids_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{base_name}.rules"));
    std::fs::write(&path, base).expect("write base");
    let b = Ruleset::from_str(base_name, base).expect("the base loads");
    let text = format!(
        "variant \"v\" of {:?} version \"1\"\n{changes}\n",
        path.display().to_string()
    );
    let v_path = dir.join(format!("{base_name}_v.rules"));
    std::fs::write(&v_path, &text).expect("write variant");
    let v = Ruleset::from_file(v_path.to_str().expect("path")).expect("the variant loads");
    (b, v)
}

/// The diff across every class, which must be exhaustive, with its
/// top-ranked change, checked against the direct diff of that class's
/// situation; returns the top class's name.
#[track_caller]
fn top_change(b: &ChartRef<'_>, v: &ChartRef<'_>) -> (Across, String) {
    let a = across(b, v, &Choices::none(), 16_384).expect("compared");
    assert!(a.exhaustive(), "{:?}", a.not_split);
    let top = a.changed().next().expect("the change is found").clone();
    let choices = Choices::parse(&top.diff.choices).expect("a situation a player types");
    let direct = OddsDiff::compare(b, v, &choices).expect("diffed directly");
    assert!(
        !direct.is_unchanged(),
        "`{}` shows no change",
        top.diff.choices
    );
    assert_eq!(direct.outcomes, top.diff.outcomes);
    let name = top.class.clone();
    (a, name)
}

#[test]
fn a_changed_shift_grid_is_a_change_in_the_class_of_its_keys() {
    let (b, v) = pair(
        "repro",
        crate::common::GRID_SHIFT_REPRO,
        "change woods_shift at gun: 1",
    );
    let (b, v) = (
        b.chart("fire").expect("fire"),
        v.chart("fire").expect("fire"),
    );
    let (_, class) = top_change(&b, &v);
    assert!(class.contains("weapon=gun, woods"), "{class}");
    assert!(class.contains("shift 2L → 1L"), "{class}");
}

#[test]
fn a_changed_shift_grid_on_an_odds_crt_is_a_change_in_the_class_of_its_keys() {
    let (b, v) = pair("forts", FORTS, "change fort_shift at field: 0");
    let (b, v) = (b.chart("crt").expect("crt"), v.chart("crt").expect("crt"));
    let (_, class) = top_change(&b, &v);
    assert!(class.contains("fort_type=field, fort"), "{class}");
}

#[test]
fn a_changed_discipline_cell_is_a_change_of_every_chart_that_reads_it() {
    let base = load("first_echelon");
    let raw = Ruleset::from_str(
        "raw",
        "variant \"Raw troops hold\" of first_echelon version \"1\"\n\
         change discipline_rating at raw, disordered: +1\n",
    )
    .expect("the variant loads");
    for chart in ["manoeuvre", "hull_down", "fire_combat", "call_for_fire"] {
        let (b, v) = (
            base.chart(chart).expect("chart"),
            raw.chart(chart).expect("chart"),
        );
        let (a, class) = top_change(&b, &v);
        assert!(
            class.contains("unit_rating=raw, order_status=disordered"),
            "{chart}: {class}"
        );
        assert!(!a.sampled, "{chart}: sampled");
    }
    // Manoeuvre: the sheet's 60 points, as `diff ... manoeuvre
    // unit_rating=raw order_status=disordered` shows them.
    let (b, v) = (
        base.chart("manoeuvre").expect("chart"),
        raw.chart("manoeuvre").expect("chart"),
    );
    let (a, _) = top_change(&b, &v);
    let largest = a
        .changed()
        .next()
        .and_then(|c| c.diff.largest())
        .expect("a change");
    assert!((largest.delta_percent().abs() - 60.0).abs() < 1e-9);
}

// -- Random one-cell changes --------------------------------------------------

/// A change a variant can make in one line, to a grid's cell or a fixed
/// modifier's value.
fn one_cell_changes(game: &str, rules: &Ruleset, rng: &mut impl Rng) -> (Vec<String>, Vec<String>) {
    let mut out = Vec::new();
    // Grids of numbers: a cell read by rolling the grid, moved by ±1.
    for g in rules
        .charts()
        .filter(|c| c.kind() == chartwright::ChartKind::Grid)
    {
        let keys: Vec<(String, Vec<String>)> = g
            .inputs()
            .into_iter()
            .filter_map(|i| match i.kind {
                InputKind::Choice { options } => {
                    Some((i.name, options.into_iter().map(|o| o.0).collect()))
                }
                _ => None,
            })
            .collect();
        if keys.is_empty() {
            continue;
        }
        let picked: Vec<&String> = keys
            .iter()
            .map(|(_, o)| &o[rng.random_range(0..o.len())])
            .collect();
        let typed: Vec<String> = keys
            .iter()
            .zip(&picked)
            .map(|((k, _), o)| format!("{k}={o}"))
            .collect();
        let Ok(odds) = g.odds(&Choices::parse(&typed.join(" ")).expect("choices")) else {
            continue;
        };
        let Some(cell) = odds
            .outcomes
            .first()
            .and_then(|o| o.outcome.trim_start_matches('+').parse::<i64>().ok())
        else {
            continue;
        };
        let at: Vec<&str> = picked.iter().map(|s| s.as_str()).collect();
        let delta = if rng.random_bool(0.5) { 1 } else { -1 };
        out.push(format!(
            "change {} at {}: {:+}",
            g.name(),
            at.join(", "),
            cell + delta
        ));
    }
    let grids = std::mem::take(&mut out);
    // Fixed modifiers, from the game's text: `NAME +N "label"` in a chart
    // or a modifier set.
    let text = chartwright::bundled::source(game).expect("bundled");
    let mut owner = String::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if !line.starts_with(' ') && words.len() >= 2 {
            if matches!(
                words[0],
                "table" | "check" | "modifiers" | "opposed" | "pool"
            ) {
                words[1].clone_into(&mut owner);
            }
            continue;
        }
        if let [name, value, label, ..] = words.as_slice() {
            let fixed = value.len() >= 2
                && (value.starts_with('+') || value.starts_with('-'))
                && value[1..].chars().all(|c| c.is_ascii_digit());
            if fixed && label.starts_with('"') && !owner.is_empty() && rng.random_bool(0.3) {
                let v: i64 = value.parse().expect("a number");
                let delta = if v > 0 { -1 } else { 1 };
                out.push(format!("change {owner}.{name} {:+}", v + delta));
            }
        }
    }
    (grids, out)
}

/// Situations of `chart` enumerated directly: every setting of its
/// choices (at most 240, evenly picked), each with no flag, and with each
/// flag alone; a param it needs given its lowest value (1 where 0..).
fn situations(chart: &ChartRef<'_>) -> Vec<Choices> {
    let inputs = chart.inputs();
    let mut base = Choices::none();
    let mut choices: Vec<(String, Vec<String>)> = Vec::new();
    let mut flags = Vec::new();
    for i in &inputs {
        match &i.kind {
            InputKind::Choice { options } => choices.push((
                i.name.clone(),
                options.iter().map(|o| o.0.clone()).collect(),
            )),
            InputKind::Flag(_) => flags.push(i.name.clone()),
            InputKind::Param {
                bounds: Some((lo, hi)),
                default: None,
                ..
            } => {
                let v = (lo.to_f64().max(1.0)).min(hi.to_f64()).ceil();
                base = base.with(&i.name, Some(&format!("{v}")));
            }
            _ => {}
        }
    }
    let total: usize = choices.iter().map(|c| c.1.len()).product();
    let step = total.div_ceil(240).max(1);
    let mut out = Vec::new();
    for mut n in (0..total).step_by(step) {
        let mut c = base.clone();
        for (name, options) in &choices {
            c = c.with(name, Some(&options[n % options.len()]));
            n /= options.len();
        }
        out.push(c.clone());
        for f in &flags {
            out.push(c.clone().with(f, None));
        }
    }
    out
}

/// Random one-cell changes to every bundled game's grids and modifiers:
/// every chart a directly enumerated situation shows changing is named by
/// the comparison across its classes (the whole-game diff compares each
/// chart so), and each change it names is one its situation shows.
#[test]
fn random_one_cell_changes_of_the_bundled_games_are_all_found_by_the_classes() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x5EED);
    let mut tried = 0;
    let mut found_changes = 0;
    for game in chartwright::bundled::names() {
        let base = load(game);
        let (grids, mut modifiers) = one_cell_changes(game, &base, &mut rng);
        // Every grid's change, and a few modifiers a game, at random.
        while modifiers.len() > 6 {
            modifiers.remove(rng.random_range(0..modifiers.len()));
        }
        let changes = grids.into_iter().chain(modifiers);
        for change in changes {
            let text = format!("variant \"one cell\" of {game} version \"1\"\n{change}\n");
            let Ok(variant) = Ruleset::from_str("one_cell", &text) else {
                // The change leaves a total no row covers: not a game.
                continue;
            };
            tried += 1;
            for v in variant.charts().filter(|c| c.dice().is_some()) {
                let Ok(b) = base.chart(v.name()) else {
                    continue;
                };
                let changed_directly = situations(&b)
                    .into_iter()
                    .find(|c| OddsDiff::compare(&b, &v, c).is_ok_and(|d| !d.is_unchanged()));
                let a = across(&b, &v, &Choices::none(), 16_384).expect("compared");
                if let Some(c) = changed_directly {
                    found_changes += 1;
                    assert!(
                        a.changed().next().is_some(),
                        "{game} `{change}`: {} changes at `{}` but the classes found nothing ({:?} classes, sampled {})",
                        v.name(),
                        c.text(),
                        a.total,
                        a.sampled
                    );
                }
                let top = a.changed().next().map(|t| t.diff.choices.clone());
                if let Some(top) = top {
                    let c = Choices::parse(&top).expect("choices");
                    let d = OddsDiff::compare(&b, &v, &c).expect("diffed");
                    assert!(!d.is_unchanged(), "{game} `{change}`: {}", v.name());
                }
            }
        }
    }
    assert!(
        tried >= 20 && found_changes >= 10,
        "{tried} changes, {found_changes} charts changed"
    );
}
