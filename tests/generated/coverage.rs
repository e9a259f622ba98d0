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

/// The rules of every pair pest makes of `text` as a whole file.
fn rules_of(rule: Rule, text: &str) -> Result<BTreeSet<String>, String> {
    let pairs = Grammar::parse(rule, text).map_err(|e| e.to_string())?;
    Ok(pairs
        .flatten()
        .map(|p| format!("{:?}", p.as_rule()))
        .collect())
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
