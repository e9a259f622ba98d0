//! pest's errors → [`ParseError`]: what was expected, said in words, with
//! a span over the offending token. Every rule has a name in [`describe`].

use std::sync::OnceLock;

use pest::error::{Error, ErrorVariant, InputLocation};

use super::grammar::Rule;
use super::{keywords, MAX_DEPTH};
use crate::syntax::error::{ParseError, ParseErrorKind};
use crate::syntax::span::{SourceId, Span};

/// The keywords as help text names them: "`a`, `b`, `c`".
fn listed(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    quoted.join(", ")
}

/// The keywords as a message names the choice: "`a`, `b` or `c`".
fn either(words: &[&str]) -> String {
    match words.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} or `{last}`", listed(init)),
        _ => listed(words),
    }
}

/// What may start a top-level entry, for help text.
fn declarations_help() -> &'static str {
    static HELP: OnceLock<String> = OnceLock::new();
    HELP.get_or_init(|| listed(keywords::DECLARATIONS))
}

/// What may start a clause of a chart, for help text.
fn clauses_help() -> &'static str {
    static HELP: OnceLock<String> = OnceLock::new();
    HELP.get_or_init(|| listed(keywords::CLAUSES))
}

/// What may start an entry of a variant file, for help text.
fn variant_help() -> &'static str {
    static HELP: OnceLock<String> = OnceLock::new();
    HELP.get_or_init(|| {
        format!(
            "{}, or a declaration ({})",
            listed(keywords::CHANGES),
            declarations_help()
        )
    })
}

/// The first word of each phrase: what a misspelt word is compared with.
fn first_words(phrases: &'static [&'static str]) -> impl Iterator<Item = &'static str> {
    phrases.iter().filter_map(|p| p.split(' ').next())
}

/// Turns pest's error into ours. `unterminated` is the first unterminated
/// string the pre-scan found: it explains any failure at or after it.
/// `base` is where in `text` the failed parse started (pest's positions are
/// relative to it).
pub(super) fn convert(
    source: SourceId,
    text: &str,
    base: usize,
    error: &Error<Rule>,
    unterminated: Option<ParseError>,
) -> ParseError {
    let pos = match error.location {
        InputLocation::Pos(p) | InputLocation::Span((p, _)) => (base + p).min(text.len()),
    };
    if let Some(u) = unterminated {
        if u.span.start as usize <= pos {
            return u;
        }
    }
    if let Some((kind, start, end)) = super::misread::explain(text, pos) {
        return ParseError::new(kind, Span::new(source, start, end));
    }
    let (start, end) = token_at(text, pos);
    let span = Span::new(source, start, end);
    let (positives, negatives) = match &error.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (positives.as_slice(), negatives.as_slice()),
        // pest's own stack or call limit: only deep nesting gets there.
        ErrorVariant::CustomError { .. } => {
            return ParseError::new(ParseErrorKind::TooDeep { limit: MAX_DEPTH }, span);
        }
    };
    let token = text.get(start..end).unwrap_or("");
    if is_word(token) {
        // Where the word stood, the keywords that may start an entry there
        // and the help text that lists them.
        let place: Option<(_, &[&'static [&'static str]], _)> =
            if positives.contains(&Rule::change_stmt) {
                let starts = &[keywords::CHANGES, keywords::DECLARATIONS];
                Some(("in a variant", starts, variant_help()))
            } else if positives.contains(&Rule::item) {
                Some((
                    "at the top level",
                    &[keywords::DECLARATIONS],
                    declarations_help(),
                ))
            } else if positives.contains(&Rule::clause) {
                Some(("in a chart", &[keywords::CLAUSES], clauses_help()))
            } else {
                None
            };
        if let Some((place, starts, list)) = place {
            let suggestion = suggest(token, starts.iter().flat_map(|s| first_words(s)));
            return ParseError::new(
                ParseErrorKind::UnknownKeyword {
                    found: token.to_owned(),
                    place,
                    keywords: list,
                    suggestion,
                },
                span,
            );
        }
    }
    let expected = if positives.is_empty() {
        if negatives.is_empty() {
            "something else".to_owned()
        } else {
            format!("anything but {}", join(negatives))
        }
    } else {
        join(positives)
    };
    ParseError::new(
        ParseErrorKind::Syntax {
            expected,
            found: found(token),
        },
        span,
    )
}

/// The byte range of the token starting at `pos`: a word, a string up to the
/// end of its line, or one character; empty at the end of the input.
fn token_at(text: &str, pos: usize) -> (usize, usize) {
    let Some(rest) = text.get(pos..) else {
        return (text.len(), text.len());
    };
    let Some(first) = rest.chars().next() else {
        return (pos, pos);
    };
    let len = if is_word_char(first) {
        rest.find(|c: char| !is_word_char(c)).unwrap_or(rest.len())
    } else if first == '"' {
        let line = rest.find(['\n', '\r']).unwrap_or(rest.len());
        rest.get(1..line)
            .and_then(closing_quote)
            .map_or(line, |n| n + 2)
    } else {
        first.len_utf8()
    };
    (pos, pos + len)
}

/// The index of the first unescaped `"` in a string's body.
fn closing_quote(body: &str) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in body.char_indices() {
        match c {
            '"' if !escaped => return Some(i),
            '\\' => escaped = !escaped,
            _ => escaped = false,
        }
    }
    None
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// True for a name-like token (not starting with a digit).
fn is_word(token: &str) -> bool {
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && token.chars().all(is_word_char)
}

/// What was found, in words.
fn found(token: &str) -> String {
    if token.is_empty() {
        "end of input".to_owned()
    } else if token.starts_with('"') {
        format!("the string {token}")
    } else {
        format!("`{token}`")
    }
}

/// The keyword closest to a misspelt one, if close enough.
fn suggest(word: &str, keywords: impl Iterator<Item = &'static str>) -> Option<&'static str> {
    keywords
        .map(|k| (strsim::osa_distance(word, k), k))
        .filter(|&(d, k)| d <= (k.len() / 3).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

/// "A", "A or B", "A, B or C", without repeats.
fn join(rules: &[Rule]) -> String {
    let mut names: Vec<&str> = Vec::new();
    // "end of input" reads best last.
    let eoi = rules.iter().filter(|&&r| r == Rule::EOI);
    for &rule in rules.iter().filter(|&&r| r != Rule::EOI).chain(eoi) {
        // "`-` or an expression" says no more than "an expression".
        if (rule == Rule::op_neg && rules.contains(&Rule::expr_atom))
            || (rule == Rule::kw_not && rules.contains(&Rule::cond_atom))
        {
            continue;
        }
        let name = describe(rule);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, init)) => format!("{} or {last}", init.join(", ")),
    }
}

/// Every rule's name in words, as an error message says it.
#[allow(clippy::too_many_lines)] // one match arm per grammar rule
pub(super) fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of input",
        Rule::file | Rule::items_tail => "a rules file",
        Rule::header => "the header `game \"Title\" version \"1.0\"`",
        Rule::item | Rule::item_batch => {
            static NAME: OnceLock<String> = OnceLock::new();
            NAME.get_or_init(|| format!("a declaration ({})", either(keywords::DECLARATIONS)))
        }
        Rule::choice_decl => "a choice such as `choice cover \"Cover\" { open \"Open\", soft \"Soft\" }`",
        Rule::option_decl => "a name and its label, such as `elite \"Elite\"`",
        Rule::flag_decl => "a flag such as `flag landed \"Landed\"`",
        Rule::param_decl => "a param such as `param morale \"Morale\" in 1..10`",
        Rule::bounds => "bounds such as `in 1..10`",
        Rule::default_value => "a default such as `default 0`",
        Rule::grid => "a grid such as `grid NAME \"Label\" by CHOICE { ... }`",
        Rule::grid_row => "a grid row such as `elite: +1 0 -1`",
        Rule::block_notes => "notes such as `notes \"text\"`",
        Rule::cell => "a grid cell such as `+1`, `4+`, `2d10`, `\"Text\"` or `-`",
        Rule::modifier_set => "a modifier set such as `modifiers NAME \"Label\" { ... }`",
        Rule::mod_entry => {
            "a modifier such as `tracked +2 \"Tracked vehicle\"`, or `one of`, `section`, `use` or `for`"
        }
        Rule::one_of => "a group such as `one of \"Heading\" { ... }`",
        Rule::section => "a section such as `section \"Heading\" { ... }`",
        Rule::use_decl => "`use SET`",
        Rule::for_side => "`for each { ... }` or `for SIDE { ... }`",
        Rule::modifier => "a modifier such as `tracked +2 \"Tracked vehicle\"`",
        Rule::applicability => "`if CONDITION` or `unless CONDITION`",
        Rule::mod_value => {
            "a modifier value such as `+2`, `-1`, `±r`, `+1 each`, or a column shift such as \
             `1L`, `2R`, `rL` or `1L each`"
        }
        Rule::param_value => "a parametric value such as `±r`, `+r` or `-r`",
        Rule::from_grid => "`from GRID`",
        Rule::counted_value => "a counted value such as `+1 each (max +4)`",
        Rule::fixed_value => "a fixed value such as `+2` or `-1`",
        Rule::chart => {
            static NAME: OnceLock<String> = OnceLock::new();
            NAME.get_or_init(|| format!("a chart ({})", either(keywords::CHARTS)))
        }
        Rule::clause => "a chart clause such as `roll 2d6`",
        Rule::roll_clause => "`roll DICE`",
        Rule::modifiers_clause => "`modifiers { ... }`",
        Rule::columns_clause => "`columns CHOICE`",
        Rule::fields_clause => "`fields NAME \"Label\", ...`",
        Rule::score_clause => "`score EXPRESSION`",
        Rule::rows_clause => "`rows { ... }`",
        Rule::row => "a row such as `4,5 => \"Bogged down\"`",
        Rule::column_key => "column ranges such as `[ 8,9 | 7-9 | - ]`",
        Rule::column_cell => "a range such as `6 or more`, `4,5` or `7-8`, or `-`",
        Rule::natural_clause => "`natural RANGES => OUTCOME`",
        Rule::best_clause => "`best \"Row\" if CONDITION`",
        Rule::succeed_clause => "`succeed on TARGET`",
        Rule::success_clause => "`success OUTCOME`",
        Rule::failure_clause => "`failure OUTCOME`",
        Rule::sides_clause => "`sides NAME \"Label\", NAME \"Label\"`",
        Rule::rolls_clause => "`each rolls CHART`",
        Rule::count_clause => "`count NAME \"label\" on TARGET`",
        Rule::per_clause => "`per NAME roll DICE count NAME \"label\" on TARGET`",
        Rule::report_clause => "`report NAME, NAME`",
        Rule::steps_clause => "`steps 80, 60, 40`",
        Rule::start_clause => "`start EXPRESSION`",
        Rule::at_most_clause | Rule::target_at_most => "`at most EXPRESSION`",
        Rule::chart_notes => "`notes \"\"\"text\"\"\"`",
        Rule::notes_item => "`notes NAME \"Label\" \"\"\"text\"\"\"`",
        Rule::notes_text => "a string in double quotes or text between `\"\"\"`",
        Rule::outcome | Rule::simple_outcome => "an outcome such as `\"Traverse\"`, `success` or `failure`",
        Rule::field | Rule::cond_outcome => "an outcome such as `\"Traverse\"`",
        Rule::follow_up => "a follow-up such as `then bail_out` or `then again`",
        Rule::follow_args => "follow-up arguments such as `(penalty=2)`",
        Rule::again_with => "what a repeat changes, such as `with disrupted`",
        Rule::follow_arg => "an argument such as `penalty=2`",
        Rule::target => {
            "a target such as `4+`, `at least 5`, `more than tokens` or a grid name"
        }
        Rule::target_at_least => "`at least EXPRESSION`",
        Rule::target_more_than => "`more than EXPRESSION`",
        Rule::target_less_than => "`less than EXPRESSION`",
        Rule::target_grid => "a grid name",
        Rule::range_set | Rule::range_part => "a range such as `6 or more`, `4,5` or `7-8`",
        Rule::range_span => "a span such as `7-8`",
        Rule::range_plus => "a range such as `13+`",
        Rule::dice_expr | Rule::dice_term => "a dice expression such as `2d6`",
        Rule::dice => "dice such as `2d6` or `d10`",
        Rule::paren_dice => "dice such as `(units)d6`",
        Rule::paren_dice_tail => "`)` and the sides, such as `)d6`",
        Rule::dice_count => "the number of dice",
        Rule::dice_sides => "the number of sides",
        Rule::dice_suffix => "dice notation such as `kh3`, `!` or `r1`",
        Rule::dice_keep => "keep or drop, such as `kh3` or `dl1`",
        Rule::dice_reroll => "a reroll such as `r1` or `ro<3`",
        Rule::reroll_once => "`o` (reroll once)",
        Rule::dice_explode => "an explosion such as `!`, `!!` or `!3`",
        Rule::explode_compound => "`!` (compounding)",
        Rule::explode_depth => "the most extra dice, such as the `3` of `!3`",
        Rule::face_point => "the faces, such as `1`, `<3` or `>=5`",
        Rule::cond => {
            "a condition such as `helicopter`, `attack = chemical` or `caliber >= 20`"
        }
        Rule::cond_atom => "a flag, a comparison, `doubles` or a condition in parentheses",
        Rule::in_test => "a test such as `attack in [indirect, air]`",
        Rule::comparison => "a comparison such as `caliber >= 20`",
        Rule::paren_cond => "a condition in parentheses",
        Rule::flag_ref => "a flag name",
        Rule::cmp_op => "a comparison (`=`, `!=`, `<`, `<=`, `>` or `>=`)",
        Rule::expr => "an expression such as `morale - total`",
        Rule::expr_atom => "a number, a name or an expression in parentheses",
        Rule::paren_expr => "an expression in parentheses",
        Rule::impossible | Rule::op_neg | Rule::op_sub => "`-`",
        Rule::op_add => "`+`",
        Rule::op_mul => "`*`",
        Rule::op_div => "`/`",
        Rule::qualified_ident => "a chart name such as `bail_out` or `game.chart`",
        Rule::ident => "a name such as `bog_down`",
        Rule::ident_char => "a letter, digit or `_`",
        Rule::int => "a number such as `3` or `-1`",
        Rule::nat => "a number such as `3`",
        Rule::param_sign => "`±r`, `+r` or `-r`",
        Rule::string | Rule::string_inner => "a string in double quotes",
        Rule::comment_tail => "a comment",
        Rule::triple_string | Rule::triple_inner => "text between `\"\"\"`",
        Rule::lbrace => "`{`",
        Rule::rbrace => "`}`",
        Rule::lbracket => "`[`",
        Rule::rbracket => "`]`",
        Rule::lparen => "`(`",
        Rule::rparen => "`)`",
        Rule::comma => "`,`",
        Rule::colon => "`:`",
        Rule::arrow => "`=>`",
        Rule::bar => "`|`",
        Rule::dotdot => "`..`",
        Rule::equals => "`=`",
        Rule::kw_game => "`game`",
        Rule::kw_version => "`version`",
        Rule::kw_choice => "`choice`",
        Rule::kw_flag => "`flag`",
        Rule::kw_param => "`param`",
        Rule::kw_in => "`in`",
        Rule::kw_default => "`default`",
        Rule::kw_grid => "`grid`",
        Rule::kw_by => "`by`",
        Rule::kw_modifiers => "`modifiers`",
        Rule::kw_one => "`one`",
        Rule::kw_of => "`of`",
        Rule::kw_section => "`section`",
        Rule::kw_subtract => "`subtract`",
        Rule::kw_use => "`use`",
        Rule::kw_for => "`for`",
        Rule::kw_each => "`each`",
        Rule::kw_from => "`from`",
        Rule::kw_max => "`max`",
        Rule::kw_min => "`min`",
        Rule::dice_best => "the better of several rolls, such as `max(2d6, 2d6)`",
        Rule::kw_table => "`table`",
        Rule::kw_check => "`check`",
        Rule::kw_opposed => "`opposed`",
        Rule::kw_pool => "`pool`",
        Rule::kw_ladder => "`ladder`",
        Rule::kw_once => "`once`",
        Rule::kw_expect => "`expect`",
        Rule::kw_error => "`error`",
        Rule::expect_item => "an expectation `expect CHART ARGS => \"Outcome\" N/D`",
        Rule::expect_arg => "a roll-time word such as `tracked` or `rating=-1`",
        Rule::expect_natural => "natural faces such as `natural 5` or `natural 5, 3`",
        Rule::expect_outcome => "an expected outcome such as `\"Traverse\" 7/10`",
        Rule::outcome_group => "a group of outcomes such as `any of \"3\", \"4\"` or `at least 2`",
        Rule::group_any_of => "a group such as `any of \"3\", \"4\"`",
        Rule::group_at_least => "a group such as `at least 2`",
        Rule::group_at_most => "a group such as `at most 1`",
        Rule::fraction => "a probability such as `7/10`",
        Rule::expect_error => "an expected error such as `error missing_param`",
        Rule::kw_always => "`always`",
        Rule::kw_doubles => "`doubles`",
        Rule::kw_die => "`die`",
        Rule::die_face => "one die's face such as `die 1`",
        Rule::kw_notes => "`notes`",
        Rule::kw_roll => "`roll`",
        Rule::kw_columns => "`columns`",
        Rule::kw_fields => "`fields`",
        Rule::kw_score => "`score`",
        Rule::kw_rows => "`rows`",
        Rule::kw_natural => "`natural`",
        Rule::kw_also => "`also`",
        Rule::kw_best => "`best`",
        Rule::kw_if => "`if`",
        Rule::kw_unless => "`unless`",
        Rule::kw_else => "`else`",
        Rule::kw_succeed => "`succeed`",
        Rule::kw_on => "`on`",
        Rule::kw_success => "`success`",
        Rule::kw_failure => "`failure`",
        Rule::kw_sides => "`sides`",
        Rule::kw_rolls => "`rolls`",
        Rule::kw_count => "`count`",
        Rule::kw_per => "`per`",
        Rule::kw_report => "`report`",
        Rule::kw_steps => "`steps`",
        Rule::kw_whole => "`whole`",
        Rule::kw_start => "`start`",
        Rule::kw_at => "`at`",
        Rule::kw_any => "`any`",
        Rule::kw_most => "`most`",
        Rule::kw_least => "`least`",
        Rule::kw_more => "`more`",
        Rule::kw_less => "`less`",
        Rule::kw_than => "`than`",
        Rule::kw_then => "`then`",
        Rule::kw_again => "`again`",
        Rule::kw_or => "`or`",
        Rule::kw_and => "`and`",
        Rule::kw_not => "`not`",
        Rule::kw_total => "`total`",
        Rule::kw_net => "`modifiers` (the net modifier)",
        Rule::kw_to => "`to`",
        Rule::kw_ratio => "`ratio`",
        Rule::kw_below => "`below`",
        Rule::kw_beyond => "`beyond`",
        Rule::kw_read => "`read`",
        Rule::kw_with => "`with`",
        Rule::kw_shifts => "`shifts`",
        Rule::kw_past => "`past`",
        Rule::kw_edges => "`edges`",
        Rule::kw_cap => "`cap`",
        Rule::kw_clamp => "`clamp`",
        Rule::kw_results => "`results`",
        Rule::choice_default => "a default option such as `default open`",
        Rule::shift_value => "a column shift such as `1L` or `2R`",
        Rule::column_scale => "`columns by EXPRESSION: KEYS` such as `columns by ratio attack to defense: 1-2 1-1 2-1`",
        Rule::scale_ratio => "`ratio EXPRESSION to EXPRESSION`",
        Rule::column_head => "a column key such as `1-2`, `1.5-1`, `-3`, `0.5` or `50+`",
        Rule::scale_head => "a column key, and its heading as printed if any (`3-1 \"3+ to 1\"`)",
        Rule::off_table_clause => "`below columns => OUTCOME` or `beyond KEY => read KEY with +1`",
        Rule::read_column => "`read KEY [with +N]`",
        Rule::shifts_clause => "`shifts past edges`",
        Rule::cap_clause => "`cap modifiers at N`",
        Rule::clamp_clause => "`clamp total to LO..HI`",
        Rule::results_clause => "`results { ... }`",
        Rule::result_line => "a results line such as `3: NE D X`",
        Rule::result_cell => "a result such as `NE`, `2R`, `\"Text\"` or `-`",
        Rule::cell_if => "a result that depends on the situation, such as `\"D*\" if vm_fire else D`",
        Rule::printed_cell => "a result such as `NE`, `2R` or `\"Text\"`",
        Rule::dash_clause => "`- => OUTCOME`: what a `-` cell gives",
        Rule::change_cell => "`change CHART row ROLLS at COLUMN => CELL`",
        Rule::column_ref => "a column: its key (`2-1`), heading (`\"3+ to 1\"`) or option",
        Rule::digit_cell => "a result that starts with a digit, such as `1` or `2R`",
        Rule::step => "a step such as `80` or `200 \"50+\"`",
        Rule::call => "a function such as `floor(x)` or `min(a, b)`",
        Rule::decimal | Rule::udecimal => "a decimal such as `0.5`",
        Rule::number => "a number such as `3`, `-1` or `0.5`",
        Rule::variant_file | Rule::variant_tail => "a variant file",
        Rule::variant_header => "the header `variant \"Title\" of GAME version \"1\"`",
        Rule::change_stmt | Rule::variant_entry | Rule::variant_batch => {
            static NAME: OnceLock<String> = OnceLock::new();
            NAME.get_or_init(|| format!("a change ({}) or a declaration", either(keywords::CHANGES)))
        }
        Rule::change_row => "`change CHART row RANGES becomes RANGES`",
        Rule::change_cells => "`change GRID at OPTION: CELLS`",
        Rule::change_member => "`change CHART.MODIFIER VALUE`",
        Rule::add_row => "`add CHART row RANGES => OUTCOME`",
        Rule::add_grid_row => "`add GRID at OPTION: CELLS`",
        Rule::add_member => "`add CHART.MODIFIER VALUE \"label\"`",
        Rule::remove_row => "`remove CHART row RANGES`",
        Rule::remove_grid_row => "`remove GRID at OPTION`",
        Rule::remove_member => "`remove CHART.MODIFIER`",
        Rule::remove_item => "`remove NAME`",
        Rule::row_select => "the ranges of a row, such as `6 or more`",
        Rule::member_path => "a member such as `bog_down.tracked`",
        Rule::kw_variant => "`variant`",
        Rule::kw_change => "`change`",
        Rule::kw_add => "`add`",
        Rule::kw_remove => "`remove`",
        Rule::kw_row => "`row`",
        Rule::kw_becomes => "`becomes`",
        Rule::kw_after => "`after`",
        Rule::WHITESPACE => "white space",
    }
}
