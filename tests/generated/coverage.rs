//! Which rules of the grammar the generated files produce, asked of pest
//! itself: the test derives a pest parser from `grammar/chartwright.pest`
//! (the one source of truth the library's own parser is derived from; the
//! library keeps its `Rule` private even with `internals`), parses each
//! generated file with `Rule::file` (and each generated variant with
//! `Rule::variant_file`), and records the rule of every pair.
//! `Rule::all_rules()` lists every rule the grammar has, so a rule added to
//! the grammar and never generated fails this test by name, unless it is
//! excluded below with its reason.

use pest::Parser as _;
use std::collections::BTreeSet;

/// The grammar, as pest derives it.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/chartwright.pest"]
struct Grammar;

/// Rules no game or variant file can produce as a pair, each with the
/// reason.
const EXCLUDED: &[(&str, &str)] = &[
    // The parser's batching entry points: it reads a file a few entries at a
    // time with these, but `file` (which every file matches) never calls them.
    (
        "items_tail",
        "an entry point of the parser's batches, never reached from `file`",
    ),
    (
        "item_batch",
        "an entry point of the parser's batches, never reached from `file`",
    ),
    (
        "variant_entry",
        "an entry point of the parser's batches, never reached from `variant_file`",
    ),
    (
        "variant_batch",
        "an entry point of the parser's batches, never reached from `variant_file`",
    ),
    (
        "variant_tail",
        "an entry point of the parser's batches, never reached from `variant_file`",
    ),
    // Silent rules (`_{ }`) are in pest's `Rule` but never make a pair.
    (
        "WHITESPACE",
        "silent: white space between tokens makes no pair",
    ),
    ("ident_char", "silent: a helper of keywords makes no pair"),
    // pest skips white space atomically, and a rule called inside an atomic
    // rule makes no pair: the rest of a comment is never a pair. Every
    // generated file opens with a comment, which `file` must parse.
    (
        "comment_tail",
        "called only from implicit white space, which pest runs atomically",
    ),
];

/// Positions a rule must be produced in as well as anywhere, each named
/// `RULE in PARENT` among the rules (the first of its rules names it):
/// dice parse anywhere an operand stands, so `dice` alone says nothing of
/// dice in the value that picks the column (written `d6` or `(count)d6`,
/// one construct); the dice a chart reads one by one are asked for where
/// they decide something.
const IN_POSITION: &[(&[&str], &str)] = &[
    (&["dice", "paren_dice_tail"], "column_scale"),
    (&["die_face"], "modifier"),
    (&["kw_doubles"], "modifier"),
    (&["die_face"], "natural_clause"),
    (&["kw_doubles"], "natural_clause"),
    (&["die_face"], "score_clause"),
];

/// The positions of [`IN_POSITION`] under `pair`.
fn positions(pair: &pest::iterators::Pair<'_, Rule>) -> Vec<String> {
    let mut out = Vec::new();
    for p in std::iter::once(pair.clone()).chain(pair.clone().into_inner().flatten()) {
        let parent = format!("{:?}", p.as_rule());
        for (rules, _) in IN_POSITION.iter().filter(|(_, at)| *at == parent) {
            if p.clone()
                .into_inner()
                .flatten()
                .any(|q| rules.contains(&format!("{:?}", q.as_rule()).as_str()))
            {
                out.push(format!("{} in {parent}", rules[0]));
            }
        }
    }
    out
}

/// The rules of every pair of each declaration of a game file, each with
/// the chart's name where it is a chart, and the rules of the file's
/// frame (`file`, `header`, ...) apart.
pub fn rules_by_item(text: &str) -> Result<RulesByItem, String> {
    let mut file = Grammar::parse(Rule::file, text).map_err(|e| e.to_string())?;
    let mut out = RulesByItem::default();
    let file = file.next().ok_or("no file")?;
    out.frame.insert("file".to_owned());
    for pair in file.into_inner() {
        if pair.as_rule() != Rule::item {
            out.frame.extend(
                std::iter::once(pair.clone())
                    .chain(pair.into_inner().flatten())
                    .map(|p| format!("{:?}", p.as_rule())),
            );
            continue;
        }
        let chart = pair
            .clone()
            .into_inner()
            .next()
            .filter(|p| p.as_rule() == Rule::chart)
            .and_then(|c| c.into_inner().find(|p| p.as_rule() == Rule::ident))
            .map(|p| p.as_str().to_owned());
        let mut rules: BTreeSet<String> = std::iter::once(pair.clone())
            .chain(pair.clone().into_inner().flatten())
            .map(|p| format!("{:?}", p.as_rule()))
            .collect();
        rules.extend(positions(&pair));
        out.items.push((chart, rules));
    }
    Ok(out)
}

/// A game file's rules, declaration by declaration.
#[derive(Default)]
pub struct RulesByItem {
    /// The header and the file itself.
    pub frame: BTreeSet<String>,
    /// Each declaration's rules, with its name where it is a chart.
    pub items: Vec<(Option<String>, BTreeSet<String>)>,
}

/// Every rule of the grammar but the excluded ones, and every position of
/// [`IN_POSITION`].
pub fn grammar_rules() -> BTreeSet<String> {
    let excluded: BTreeSet<&str> = EXCLUDED.iter().map(|(r, _)| *r).collect();
    Rule::all_rules()
        .iter()
        .map(|r| format!("{r:?}"))
        .filter(|r| !excluded.contains(r.as_str()))
        .chain(
            IN_POSITION
                .iter()
                .map(|(r, at)| format!("{} in {at}", r[0])),
        )
        .collect()
}

/// The rules of every pair of a variant file.
pub fn variant_rules(text: &str) -> Result<BTreeSet<String>, String> {
    rules_of(Rule::variant_file, text)
}

/// The rules of every pair pest makes of `text` as a whole file.
fn rules_of(rule: Rule, text: &str) -> Result<BTreeSet<String>, String> {
    let pairs = Grammar::parse(rule, text).map_err(|e| e.to_string())?;
    let mut rules: BTreeSet<String> = pairs
        .clone()
        .flatten()
        .map(|p| format!("{:?}", p.as_rule()))
        .collect();
    rules.extend(pairs.flat_map(|p| positions(&p)));
    Ok(rules)
}

#[test]
fn generated_files_produce_every_rule_of_the_grammar() {
    let mut produced = BTreeSet::new();
    for seed in 0..200 {
        let text = super::game(seed);
        assert!(
            text.starts_with('#'),
            "seed {seed}: a generated file opens with a comment"
        );
        match rules_of(Rule::file, &text) {
            Ok(rules) => produced.extend(rules),
            Err(e) => panic!("seed {seed}: pest does not parse the file:\n{e}\n{text}"),
        }
        let variant = super::variant(seed);
        match rules_of(Rule::variant_file, &variant) {
            Ok(rules) => produced.extend(rules),
            Err(e) => panic!("seed {seed}: pest does not parse the variant:\n{e}\n{variant}"),
        }
    }
    let excluded: BTreeSet<&str> = EXCLUDED.iter().map(|(r, _)| *r).collect();
    let all: Vec<String> = Rule::all_rules().iter().map(|r| format!("{r:?}")).collect();
    for (rule, _) in EXCLUDED {
        assert!(
            all.iter().any(|r| r == rule),
            "`{rule}` is excluded but the grammar has no such rule"
        );
    }
    let missing: Vec<&String> = all
        .iter()
        .filter(|r| !produced.contains(*r) && !excluded.contains(r.as_str()))
        .collect();
    println!(
        "{} rules in the grammar, {} produced, {} excluded",
        all.len(),
        produced.len(),
        excluded.len()
    );
    assert!(missing.is_empty(), "rules never produced: {missing:?}");
}
