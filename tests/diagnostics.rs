//! Golden tests of rendered diagnostics: every load error, and the roll-time
//! errors, rendered the way the CLI renders them (miette's graphical handler,
//! no colour, 80 columns) and compared with the snapshots in
//! `tests/snapshots/`.
//!
//! Each load case is one file in `tests/diagnostics/`; it is loaded under its
//! file stem, so the snapshots name `unknown_keyword`, not an absolute path.
//! Every case also asserts the error codes, in order, so a wrong code fails
//! even before a snapshot is reviewed. Regenerate the snapshots with
//! `INSTA_UPDATE=always cargo test --test integration diagnostics`, then read every
//! changed `.snap` file.

use chartwright::compare::{PairError, Pairing};
use chartwright::{
    Choices, Clipped, LoadError, LoadErrors, RollError, Ruleset, RulesetBuilder, Scripted,
};
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------
// Rendering

fn handler() -> GraphicalReportHandler {
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(80)
}

fn render(diagnostic: &Clipped) -> String {
    let mut out = String::new();
    handler()
        .render_report(&mut out, diagnostic)
        .expect("rendering a report does not fail");
    out
}

/// Every error of a failed load, each rendered with its source, one after
/// the other as `check` prints them (through [`Clipped`], as the CLI does).
fn render_load(errors: &LoadErrors) -> String {
    errors
        .errors
        .iter()
        .map(|err| render(&errors.clipped(err)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A roll error rendered against the arguments, or the rules it points into.
fn render_roll(err: &RollError, rules: &Ruleset, args: &str) -> String {
    render(&err.with_source(rules, "arguments", args))
}

fn code(d: &dyn Diagnostic) -> String {
    d.code().map(|c| c.to_string()).unwrap_or_default()
}

fn load_codes(errors: &LoadErrors) -> Vec<String> {
    errors.errors.iter().map(|e| code(e)).collect()
}

/// Checks that every rendered diagnostic carries help.
#[track_caller]
fn assert_every_error_has_help(errors: &LoadErrors) {
    for e in &errors.errors {
        assert!(e.help().is_some(), "no help for {e:?}");
    }
}

// ---------------------------------------------------------------------------
// Load-time cases: one file in tests/diagnostics/ each

fn case_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics")
}

fn case_text(stem: &str) -> String {
    let path = case_dir().join(format!("{stem}.rules"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Loads `tests/diagnostics/{stem}.rules` under the game name `stem`.
fn load_case(stem: &str) -> Result<Ruleset, LoadErrors> {
    let mut b = RulesetBuilder::new();
    b.add_str(stem, &case_text(stem));
    b.build()
}

/// Loads a case that must fail with exactly `codes`, in order, and compares
/// the rendering with its snapshot.
#[track_caller]
fn check_load(stem: &str, codes: &[&str]) {
    let Err(errors) = load_case(stem) else {
        panic!("{stem}.rules loaded, but should fail with {codes:?}");
    };
    let rendered = render_load(&errors);
    assert_eq!(load_codes(&errors), codes, "{stem}.rules:\n{rendered}");
    for e in &errors.errors {
        assert!(e.span().is_some(), "{stem}.rules: no span on {e:?}");
    }
    assert_every_error_has_help(&errors);
    insta::assert_snapshot!(stem, rendered);
}

const SYNTAX: &str = "chartwright::parse::syntax";
const UNKNOWN_NAME: &str = "chartwright::compile::unknown_name";
const DUPLICATE: &str = "chartwright::compile::duplicate_name";
const UNCOVERED: &str = "chartwright::compile::uncovered_totals";
const OVERLAP: &str = "chartwright::compile::overlapping_rows";
const IMPOSSIBLE: &str = "chartwright::compile::impossible_dice";
const UNREADABLE: &str = "chartwright::compile::dice_unreadable";

/// One test per input file, and the list of every file the tests use.
macro_rules! load_cases {
    ($($stem:ident => [$($code:expr),* $(,)?];)*) => {
        $(
            #[test]
            fn $stem() {
                check_load(stringify!($stem), &[$($code),*]);
            }
        )*
        const LOAD_CASES: &[&str] = &[$(stringify!($stem)),*];
    };
}

load_cases! {
    // Syntax
    unknown_keyword => ["chartwright::parse::unknown_keyword"];
    unknown_keyword_in_chart => ["chartwright::parse::unknown_keyword"];
    unterminated_string => ["chartwright::parse::unterminated_string"];
    unterminated_text_block => ["chartwright::parse::unterminated_string"];
    invalid_escape => ["chartwright::parse::invalid_escape"];
    missing_arrow => [SYNTAX];
    missing_header => [SYNTAX];
    unclosed_brace => [SYNTAX];
    empty_file => ["chartwright::parse::empty_file"];
    too_deep => ["chartwright::parse::too_deep"];
    number_too_large => ["chartwright::parse::number_too_large"];
    number_too_precise => ["chartwright::parse::number_too_precise"];
    // Rows
    overlapping_rows => [OVERLAP];
    gapped_ranges => [UNCOVERED];
    modifier_reach => [UNCOVERED];
    param_reach => [UNCOVERED];
    empty_table => ["chartwright::compile::empty"];
    always_not_fixed => ["chartwright::compile::invalid"];
    // Names
    duplicate_chart => [DUPLICATE];
    duplicate_modifier => [DUPLICATE];
    duplicate_option => [DUPLICATE];
    unknown_modifier_set => [UNKNOWN_NAME];
    unknown_grid => [UNKNOWN_NAME];
    unknown_chart => [UNKNOWN_NAME];
    unknown_name_no_suggestion => [UNKNOWN_NAME];
    inside_ladder => [UNKNOWN_NAME];
    // Dice
    zero_dice => [IMPOSSIBLE];
    zero_sides => [IMPOSSIBLE];
    absurd_dice => ["chartwright::compile::dice_too_large"];
    dice_unreadable => [UNREADABLE, UNREADABLE, UNREADABLE, UNREADABLE];
    dice_unreadable_elsewhere => [UNREADABLE, UNREADABLE];
    // Dice notation
    keep_too_many => ["chartwright::compile::keep_too_many"];
    reroll_every_face => ["chartwright::compile::every_face"];
    explode_one_side => ["chartwright::compile::every_face"];
    explode_no_face => ["chartwright::compile::dice_notation"];
    explode_too_deep => ["chartwright::compile::dice_notation"];
    best_differs => ["chartwright::compile::dice_notation"];
    // Kinds, grids, clauses
    wrong_kind => ["chartwright::compile::wrong_kind"];
    grid_cell_count => ["chartwright::compile::cell_count"];
    grid_too_large => ["chartwright::compile::grid_too_large"];
    total_too_large => ["chartwright::compile::total_too_large"];
    pool_constant => ["chartwright::compile::pool_constant", "chartwright::compile::pool_constant"];
    grid_unknown_option => [UNKNOWN_NAME];
    grid_at_unknown_option => [UNKNOWN_NAME];
    grid_at_no_key => ["chartwright::compile::invalid"];
    grid_at_every_key => ["chartwright::compile::invalid"];
    grid_at_same_key => ["chartwright::compile::invalid"];
    grid_at_two_keys => ["chartwright::compile::invalid"];
    misplaced_clause => ["chartwright::compile::misplaced_clause"];
    missing_clause => ["chartwright::compile::missing_clause"];
    bounds_reversed => ["chartwright::compile::invalid"];
    follow_up_cycle => ["chartwright::compile::follow_up_cycle"];
    follow_up_input => ["chartwright::compile::follow_up_input"];
    // Computed columns, shifts, decimals
    column_order => ["chartwright::compile::column_order"];
    shift_without_columns => ["chartwright::compile::shift_without_columns"];
    shift_value_form => [SYNTAX];
    decimal_dice => ["chartwright::compile::not_whole"];
    dice_in_expression => [
        "chartwright::compile::dice_in_expression",
        "chartwright::compile::dice_in_expression"
    ];
    decimal_modifier => ["chartwright::compile::not_whole"];
    ratio_zero => ["chartwright::compile::ratio_zero"];
    ladder_as_columns => ["chartwright::compile::not_this_kind"];
    ladder_out_of_order => ["chartwright::compile::invalid"];
    ladder_cycle => ["chartwright::compile::ladder_cycle"];
    ladder_input => ["chartwright::compile::ladder_input"];
    results_uncovered => [UNCOVERED, UNCOVERED];
    result_cell_digit => [UNCOVERED];
    // Sheets as printed
    zero_odds => ["chartwright::parse::zero_odds"];
    dash_without_dash => ["chartwright::compile::invalid"];
    // A pool's `report`
    report_unknown => [UNKNOWN_NAME];
    report_twice_name => ["chartwright::compile::reported_twice"];
    report_twice => [DUPLICATE];
    report_not_pool => ["chartwright::compile::misplaced_clause"];
    duplicate_count => [DUPLICATE];
    // Sides that roll a chart (`each rolls`)
    side_not_number => ["chartwright::compile::side_result"];
    side_follow_up => ["chartwright::compile::side_result"];
    side_rolls_pool => ["chartwright::compile::side_result"];
    side_own_roll => ["chartwright::compile::misplaced_clause", "chartwright::compile::misplaced_clause"];
    // What the author meant, said
    unquoted_outcome => ["chartwright::parse::unquoted_outcome"];
    column_heading => ["chartwright::parse::column_heading"];
    place_dice => ["chartwright::compile::dice_too_large"];
    opposed_columns => ["chartwright::compile::invalid"];
    // Every error of a file, not only the first
    several_errors => [UNCOVERED, OVERLAP, DUPLICATE, IMPOSSIBLE, UNKNOWN_NAME];
}

/// Files in tests/diagnostics/ that must load cleanly.
const CLEAN_CASES: &[&str] = &[
    "crlf_tabs",
    "off_scale",
    "always_either_order",
    "grid_shift",
    "side_text_target",
];

#[test]
fn clean_cases_load_cleanly() {
    for stem in CLEAN_CASES {
        if let Err(e) = load_case(stem) {
            panic!("{stem}: {}", render_load(&e));
        }
    }
}

#[test]
fn every_input_file_is_a_case() {
    let mut on_disk: Vec<String> = std::fs::read_dir(case_dir())
        .expect("tests/diagnostics exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .filter_map(|p| p.file_stem()?.to_str().map(str::to_string))
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = LOAD_CASES
        .iter()
        .chain(CLEAN_CASES)
        .map(|s| (*s).to_string())
        .collect();
    listed.sort();
    assert_eq!(
        on_disk, listed,
        "every input file needs a test, and every test a file"
    );
}

// ---------------------------------------------------------------------------
// Files that must load

#[test]
fn crlf_line_endings_and_tabs_load_cleanly() {
    let text = case_text("crlf_tabs");
    // Git may normalise line endings on checkout: make sure the text tested
    // really has CRLF endings and tabs, whatever the checkout did.
    let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
    assert!(crlf.contains("\r\n") && crlf.contains('\t'));
    for (what, text) in [
        ("as checked out", text.as_str()),
        ("with CRLF", crlf.as_str()),
    ] {
        let rules = Ruleset::from_str("crlf_tabs", text)
            .unwrap_or_else(|e| panic!("crlf_tabs {what}:\n{}", render_load(&e)));
        let chart = rules.chart("bog_down").expect("bog_down is declared");
        let roll = chart
            .roll(&Choices::parse("tracked").unwrap(), &mut Scripted::new([4]))
            .expect("rolls");
        assert_eq!(roll.outcome.to_string(), "Traverse", "{what}");
    }

    // And from a file on disk, byte for byte.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crlf_tabs.rules");
    std::fs::write(&path, crlf.as_bytes()).unwrap();
    if let Err(e) = Ruleset::from_file(&path) {
        panic!("crlf_tabs from a file:\n{}", render_load(&e));
    }
}

/// An error in a file with CRLF line endings points at the same line and
/// column, and renders the same, as in the file with LF endings.
#[test]
fn crlf_error_renders_like_lf() {
    let lf = case_text("overlapping_rows").replace("\r\n", "\n");
    let crlf = lf.replace('\n', "\r\n");
    let render_text = |text: &str| {
        let errors = Ruleset::from_str("overlapping_rows", text).expect_err("rows overlap");
        assert_eq!(load_codes(&errors), [OVERLAP]);
        render_load(&errors)
    };
    assert_eq!(render_text(&crlf), render_text(&lf));
}

/// Tabs in the source: the labels still line up under the rows.
#[test]
fn tab_indented_error() {
    let text = case_text("overlapping_rows")
        .replace("\r\n", "\n")
        .replace("    ", "\t\t")
        .replace("  ", "\t");
    assert!(text.contains('\t'));
    let errors = Ruleset::from_str("tabs", &text).expect_err("rows overlap");
    assert_eq!(load_codes(&errors), [OVERLAP]);
    insta::assert_snapshot!("tab_indented_error", render_load(&errors));
}

#[test]
fn bundled_games_load_cleanly() {
    for game in chartwright::bundled::names() {
        if let Err(e) = Ruleset::from_file(game) {
            panic!("{game}:\n{}", render_load(&e));
        }
    }
}

// ---------------------------------------------------------------------------
// Errors without a source: paths, folders, encodings

/// Replaces a machine-dependent path in a load error before rendering, so
/// the snapshot is the same everywhere (and wraps the same at 80 columns).
fn redact(err: &LoadError, shown: &str) -> LoadError {
    let mut err = err.clone();
    match &mut err {
        LoadError::NotFound { path, .. }
        | LoadError::IsDirectory { path }
        | LoadError::NoRules { path }
        | LoadError::NotUtf8 { path, .. }
        | LoadError::Io { path, .. }
        | LoadError::TooLarge { path, .. } => *path = shown.to_string(),
        _ => {}
    }
    err
}

/// Renders the only error of a failed load, after redacting its path.
#[track_caller]
fn single_error(result: Result<Ruleset, LoadErrors>, shown: &str) -> (String, String) {
    let errors = result.expect_err("the load should fail");
    assert_eq!(errors.errors.len(), 1, "{errors}");
    let err = redact(&errors.errors[0], shown);
    assert!(err.span().is_none());
    assert!(err.help().is_some(), "no help for {err:?}");
    (code(&err), render(&Clipped::without_source(&err)))
}

#[test]
fn file_too_large() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.rules");
    let file = std::fs::File::create(&path).unwrap();
    // A sparse file: refused from its size, before it is read.
    file.set_len(100 * 1024 * 1024).unwrap();
    let (code, rendered) = single_error(Ruleset::from_file(&path), "[temp]/huge.rules");
    assert_eq!(code, "chartwright::load::too_large");
    insta::assert_snapshot!("too_large", rendered);
}

#[test]
fn non_utf8_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.rules");
    // "Man\u{9c}uvre" in Latin-1: byte 0x9C is never valid UTF-8.
    let mut bytes = b"game \"Diagnostics\" version \"1\"\n# Man".to_vec();
    bytes.push(0x9c);
    bytes.extend_from_slice(b"uvre\n");
    std::fs::write(&path, &bytes).unwrap();

    let result = Ruleset::from_file(&path);
    if let Some(LoadError::NotUtf8 {
        path: p,
        line,
        column,
    }) = result.as_ref().err().and_then(|e| e.errors.first())
    {
        assert_eq!(p, &path.display().to_string());
        // The bad byte follows "# Man" on line 2.
        assert_eq!((*line, *column), (2, 6));
    } else {
        panic!("expected NotUtf8, got {:?}", result.err());
    }
    let (code, rendered) = single_error(result, "[temp]/latin1.rules");
    assert_eq!(code, "chartwright::load::not_utf8");
    insta::assert_snapshot!("non_utf8", rendered);
}

#[test]
fn missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no_such_game.rules");
    let result = Ruleset::from_file(&path);
    let (code, rendered) = single_error(result, "[temp]/no_such_game.rules");
    assert_eq!(code, "chartwright::load::not_found");
    // The help names the bundled games, so a mistyped name can be fixed.
    assert!(rendered.contains("first_echelon"), "{rendered}");
    insta::assert_snapshot!("missing_file", rendered);
}

#[test]
fn missing_file_relative_path() {
    // A relative path is shown as given: no redaction needed.
    let result = Ruleset::from_file("tests/diagnostics/no_such_file.rules");
    let errors = result.expect_err("the load should fail");
    assert_eq!(load_codes(&errors), ["chartwright::load::not_found"]);
    insta::assert_snapshot!("missing_file_relative", render_load(&errors));
}

#[test]
fn folder_where_a_file_is_expected() {
    let dir = tempfile::tempdir().unwrap();
    let mut b = RulesetBuilder::new();
    b.add_file(dir.path());
    let (code, rendered) = single_error(b.build(), "[temp]/rules");
    assert_eq!(code, "chartwright::load::is_directory");
    insta::assert_snapshot!("folder_as_file", rendered);
}

#[test]
fn folder_without_rules_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("readme.txt"), "not rules").unwrap();
    let (code, rendered) = single_error(Ruleset::from_file(dir.path()), "[temp]/empty");
    assert_eq!(code, "chartwright::load::no_rules");
    insta::assert_snapshot!("folder_without_rules", rendered);
}

#[test]
fn same_game_loaded_twice() {
    let text = case_text("crlf_tabs");
    let mut b = RulesetBuilder::new();
    b.add_str("crlf_tabs", &text).add_str("crlf_tabs", &text);
    let errors = b.build().expect_err("the load should fail");
    assert_eq!(load_codes(&errors), ["chartwright::load::duplicate_game"]);
    assert_every_error_has_help(&errors);
    insta::assert_snapshot!("duplicate_game", render_load(&errors));
}

// ---------------------------------------------------------------------------
// Roll-time cases

fn bundled(game: &str) -> Ruleset {
    Ruleset::from_file(game).unwrap_or_else(|e| panic!("{game}:\n{}", render_load(&e)))
}

/// Binds `chart` of a bundled game to `args`, which must fail with `code`;
/// rolling and computing the odds must fail the same way. Compares the
/// rendering with its snapshot.
#[track_caller]
fn check_roll(name: &str, game: &str, chart: &str, args: &str, code_wanted: &str) {
    check_roll_in(name, &bundled(game), chart, args, code_wanted);
}

/// [`check_roll`] on any ruleset.
#[track_caller]
fn check_roll_in(name: &str, rules: &Ruleset, chart: &str, args: &str, code_wanted: &str) {
    let chart = rules
        .chart(chart)
        .unwrap_or_else(|e| panic!("no chart {chart}: {e}"));
    let err = match Choices::parse(args).and_then(|c| chart.bind(&c).map(|_| ())) {
        Ok(()) => panic!("{name}: `{args}` was accepted, but should fail with {code_wanted}"),
        Err(e) => e,
    };
    let rendered = render_roll(&err, rules, args);
    assert_eq!(code(&err), code_wanted, "{name}:\n{rendered}");
    assert!(err.help().is_some(), "{name}: no help");
    assert!(err.span.is_some(), "{name}: no span");
    if let Ok(choices) = Choices::parse(args) {
        let rolled = chart.roll(&choices, &mut Scripted::new([5, 5, 5, 5]));
        assert_eq!(rolled.err().as_ref(), Some(&err), "{name}: roll");
        assert_eq!(
            chart.odds(&choices).err().as_ref(),
            Some(&err),
            "{name}: odds"
        );
    }
    insta::assert_snapshot!(name, rendered);
}

#[test]
fn roll_unknown_modifier() {
    check_roll(
        "roll_unknown_modifier",
        "first_echelon",
        "bog_down",
        "bog_down_rating=-1 trackd",
        "chartwright::roll::unknown_name",
    );
}

#[test]
fn roll_exclusive_conflict() {
    check_roll(
        "roll_exclusive_conflict",
        "first_echelon",
        "bog_down",
        "tracked currently_bogged manhandled",
        "chartwright::roll::exclusive_conflict",
    );
}

/// Two members of a `one of` group of a ladder, named to the chart that
/// reads it: refused as rolling the ladder refuses them, the help naming
/// the group and the ladder.
#[test]
fn roll_exclusive_conflict_through_ladder() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/charts/ladder_one_of.rules");
    let rules = Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{}", render_load(&e)));
    check_roll_in(
        "roll_exclusive_conflict_through_ladder",
        &rules,
        "fire",
        "fp=4 target_ti target_tc",
        "chartwright::roll::exclusive_conflict",
    );
}

/// A side that rolls a chart (`each rolls`) and whose inputs give text
/// instead of a roll: refused at binding, naming the side and the text.
#[test]
fn roll_side_not_number() {
    let rules = load_case("side_text_target").unwrap_or_else(|e| panic!("{}", render_load(&e)));
    check_roll_in(
        "roll_side_not_number",
        &rules,
        "duel",
        "att.terrain=swamp def.terrain=open",
        "chartwright::roll::side_not_number",
    );
}

/// A shift read from a grid, named without the choice the grid is keyed
/// by: an error naming the key, never the column read unshifted.
#[test]
fn roll_missing_key() {
    let rules = load_case("grid_shift").unwrap_or_else(|e| panic!("{}", render_load(&e)));
    check_roll_in(
        "roll_missing_key",
        &rules,
        "fire",
        "fp=3 woods",
        "chartwright::roll::missing_key",
    );
    // With the key, the shift is read: 2L from column 3 to column 1.
    let fire = rules.chart("fire").expect("chart");
    let shifted = fire
        .roll(
            &Choices::parse("fp=3 woods weapon=gun").expect("args"),
            &mut Scripted::new([4]),
        )
        .expect("rolls");
    assert_eq!(shifted.outcome.to_string(), "NE");
}

/// Two members of a `one of` group of a chart that Fire Combat can follow
/// up (Bail Out's vehicle state), named to Fire Combat.
#[test]
fn roll_exclusive_conflict_through_follow_up() {
    check_roll(
        "roll_exclusive_conflict_through_follow_up",
        "first_echelon",
        "fire_combat",
        "target_discipline=veteran attack=direct df_weapon=4 mounted from_suppressed from_disordered",
        "chartwright::roll::exclusive_conflict",
    );
}

#[test]
fn roll_off_scale() {
    let rules = load_case("off_scale").unwrap_or_else(|e| panic!("{}", render_load(&e)));
    check_roll_in(
        "roll_off_scale",
        &rules,
        "fire",
        "firepower=0.5",
        "chartwright::roll::off_scale",
    );
}

#[test]
fn roll_decimal_modifier() {
    check_roll(
        "roll_decimal_modifier",
        "first_echelon",
        "bog_down",
        "tracked bog_down_rating=1.5",
        "chartwright::roll::bad_value",
    );
}

#[test]
fn roll_missing_side_prefix() {
    check_roll(
        "roll_missing_side_prefix",
        "first_echelon",
        "close_combat",
        "built_up",
        "chartwright::roll::unknown_name",
    );
}

#[test]
fn roll_not_a_number() {
    check_roll(
        "roll_not_a_number",
        "first_echelon",
        "bog_down",
        "tracked bog_down_rating=two",
        "chartwright::roll::bad_value",
    );
}

#[test]
fn roll_value_for_a_flag() {
    check_roll(
        "roll_value_for_a_flag",
        "first_echelon",
        "bog_down",
        "tracked=2",
        "chartwright::roll::bad_value",
    );
}

#[test]
fn roll_out_of_bounds() {
    check_roll(
        "roll_out_of_bounds",
        "first_echelon",
        "bog_down",
        "tracked bog_down_rating=5",
        "chartwright::roll::out_of_bounds",
    );
}

#[test]
fn roll_out_of_grid_bounds() {
    // `woods rL from woods_shift`: no `in LO..HI`, so the shift table's
    // cells (1, 1, 0, -) bound the value given.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/charts/firefight.rules");
    let rules = Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{e}"));
    check_roll_in(
        "roll_out_of_grid_bounds",
        &rules,
        "firefight",
        "weapon=small_arms fire=8 woods=2",
        "chartwright::roll::out_of_bounds",
    );
}

#[test]
fn roll_unknown_option() {
    check_roll(
        "roll_unknown_option",
        "first_echelon",
        "manoeuvre",
        "unit_rating=veteren order_status=good_order",
        "chartwright::roll::unknown_option",
    );
}

#[test]
fn roll_given_twice() {
    check_roll(
        "roll_given_twice",
        "first_echelon",
        "bog_down",
        "tracked bog_down_rating=1 bog_down_rating=2",
        "chartwright::roll::given_twice",
    );
}

#[test]
fn roll_two_bare_options_of_one_choice() {
    // `veteran raw`: both options of `unit_rating`, neither named: the
    // second used to win silently.
    check_roll(
        "roll_two_bare_options_of_one_choice",
        "first_echelon",
        "discipline_rating",
        "veteran raw good_order",
        "chartwright::roll::given_twice",
    );
    check_roll(
        "roll_bare_option_and_named",
        "first_echelon",
        "discipline_rating",
        "veteran unit_rating=raw good_order",
        "chartwright::roll::given_twice",
    );
}

#[test]
fn roll_malformed_argument() {
    check_roll(
        "roll_malformed_argument",
        "first_echelon",
        "bog_down",
        "tracked =3",
        "chartwright::roll::syntax",
    );
}

/// First Echelon has no param without a default, so a required param is
/// taken from the Cold War quick reference: Activation needs tokens and
/// markers. The span points into the rules, where the param is used.
#[test]
fn roll_missing_param() {
    check_roll(
        "roll_missing_param",
        "cold_war_quick_reference",
        "activation",
        "tokens=1",
        "chartwright::roll::missing_param",
    );
}

/// A `±r` modifier with no default is needed: never a silent 0.
#[test]
fn roll_missing_modifier_param() {
    check_roll(
        "roll_missing_modifier_param",
        "battalion_combat_series",
        "combat",
        "defender_ar=2",
        "chartwright::roll::missing_param",
    );
}

#[test]
fn roll_unknown_chart() {
    let rules = bundled("first_echelon");
    let err = rules.chart("bog_dwn").expect_err("no such chart");
    assert_eq!(code(&err), "chartwright::roll::unknown_chart");
    assert!(err.span.is_none());
    let rendered = render_roll(&err, &rules, "");
    assert!(rendered.contains("did you mean `bog_down`?"), "{rendered}");
    insta::assert_snapshot!("roll_unknown_chart", rendered);
}

#[test]
fn roll_choices_that_are_fine() {
    // The counterpart of the cases above: the same charts accept good choices.
    let rules = bundled("first_echelon");
    for (chart, args) in [
        ("bog_down", ""),
        ("bog_down", "tracked bog_down_rating=-3 currently_bogged"),
        ("bog_down", "manhandled bog_down_rating=3"),
        ("manoeuvre", ""),
        ("manoeuvre", "unit_rating=veteran order_status=good_order"),
        ("manoeuvre", "veteran suppressed casualties_25"),
    ] {
        let choices = Choices::parse(args).unwrap();
        if let Err(e) = rules.chart(chart).unwrap().bind(&choices) {
            panic!("{chart} {args}:\n{}", render_roll(&e, &rules, args));
        }
    }
}

// ---------------------------------------------------------------------------
// Pairing a base with its variant: the errors every front end's `diff`
// renders (no source: they name games and charts).

/// First Echelon and a variant of it, `minefields`, that adds the chart
/// `mine`.
fn base_and_variant() -> (Ruleset, Ruleset) {
    let variant = Ruleset::from_str(
        "minefields",
        "variant \"Mines\" of first_echelon version \"1\"\n\
         change bog_down.tracked +1\n\
         table mine \"Mine\" { roll d6 rows { 1-6 => \"Boom\" } }\n",
    )
    .unwrap_or_else(|e| panic!("{}", render_load(&e)));
    (bundled("first_echelon"), variant)
}

/// Checks a pairing error's code and help, and snapshots it as the CLI
/// renders it.
#[track_caller]
fn check_pair_error(name: &str, err: &PairError, code_wanted: &str) {
    let rendered = render(&Clipped::without_source(err));
    assert_eq!(code(err), code_wanted, "{name}:\n{rendered}");
    assert!(err.help().is_some(), "{name}: no help");
    insta::assert_snapshot!(name, rendered);
}

#[test]
fn pair_not_one_game() {
    let (_, variant) = base_and_variant();
    let every = Ruleset::bundled().unwrap();
    let err = Pairing::only_games(&every, &variant).expect_err("six games");
    assert!(matches!(err, PairError::NotOneGame { side: "base", ref games } if games.len() == 6));
    check_pair_error(
        "pair_not_one_game",
        &err,
        "chartwright::compare::not_one_game",
    );
    let err = Pairing::only_games(&variant, &every).expect_err("six games");
    assert!(matches!(
        err,
        PairError::NotOneGame {
            side: "variant",
            ..
        }
    ));
}

#[test]
fn pair_unknown_game() {
    let mut builder = RulesetBuilder::new();
    builder.add_path("first_echelon");
    builder.add_path("ogre");
    let rules = builder.build().unwrap();
    let err = Pairing::named(&rules, "first_echelon", "ogr").expect_err("no game `ogr`");
    check_pair_error(
        "pair_unknown_game",
        &err,
        "chartwright::compare::unknown_game",
    );
    assert!(Pairing::named(&rules, "first_echelon", "ogre").is_ok());
}

#[test]
fn pair_unknown_chart() {
    let (base, variant) = base_and_variant();
    let pair = Pairing::only_games(&base, &variant).unwrap();
    let err = pair.chart("bog_dwn").expect_err("no chart `bog_dwn`");
    check_pair_error(
        "pair_unknown_chart",
        &err,
        "chartwright::compare::unknown_chart",
    );
    let err = pair.chart("zzz").expect_err("no chart `zzz`");
    assert_eq!(
        err.help().map(|h| h.to_string()).as_deref(),
        Some("`list` shows every chart")
    );
}

#[test]
fn pair_new_and_removed_chart() {
    let (base, variant) = base_and_variant();
    let err = Pairing::only_games(&base, &variant)
        .and_then(|pair| pair.chart("mine").map(|_| ()))
        .expect_err("only the variant has `mine`");
    check_pair_error("pair_new_chart", &err, "chartwright::compare::new_chart");
    // The other way round, the variant's chart is the one removed.
    let err = Pairing::only_games(&variant, &base)
        .and_then(|pair| pair.chart("mine").map(|_| ()))
        .expect_err("only the base has `mine`");
    check_pair_error(
        "pair_removed_chart",
        &err,
        "chartwright::compare::removed_chart",
    );
    let pair = Pairing::only_games(&base, &variant).unwrap();
    let (b, v) = pair.chart("bog_down").unwrap();
    assert_eq!((b.game(), v.game()), ("first_echelon", "minefields"));
}
