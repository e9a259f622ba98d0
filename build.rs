//! Compiles `grammar/chartwright.pest` a second time, into the parser's
//! fast path (`src/syntax/parser/fast_path.rs`).
//!
//! `pest_derive` turns the grammar into calls on pest's `ParserState`, which
//! records, for every rule that fails, what it expected there: the material
//! of pest's error messages. Valid input pays for that on every call (about
//! 60% of loading a file). This script reads the same grammar with
//! `pest_meta`, pest's own grammar crate (already built for `pest_derive`), and
//! applies the same optimizer, then writes each rule out as a plain function
//! over a byte position and an array of nodes, with pest's semantics
//! clause by clause (see `expr`): the same implicit white space, atomicity,
//! look-ahead and token rules. It records nothing about failures: an input
//! the fast path rejects is read again by pest's parser, whose error is the
//! one reported. So the grammar stays the one source of the language, pest
//! still validates it and explains every error, and a test (and every fuzz
//! target, under `cfg(fuzzing)`) checks that both readers give the same
//! nodes for every input.
//!
//! It also writes the grammar's words (`keywords.rs`): every keyword, and
//! the words each kind of entry starts with, which the parser's messages,
//! the fuzz harness and the files generated from them use.

use std::{env, fs, path::Path};

use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

const GRAMMAR: &str = "grammar/chartwright.pest";

fn main() {
    println!("cargo:rerun-if-changed={GRAMMAR}");
    println!("cargo:rerun-if-changed=build.rs");
    let text = match fs::read_to_string(GRAMMAR) {
        Ok(text) => text,
        Err(e) => fail(&format!("cannot read {GRAMMAR}: {e}")),
    };
    // pest_derive reports a malformed grammar in detail; this script only
    // needs to stop.
    let (builtins, rules) = match pest_meta::parse_and_optimize(&text) {
        Ok(parsed) => parsed,
        Err(errors) => fail(&format!("{GRAMMAR} does not parse: {errors:?}")),
    };
    let code = generate(&rules, builtins.contains(&"EOI"));
    let Some(out) = env::var_os("OUT_DIR") else {
        fail("OUT_DIR is not set");
    };
    let outputs = [
        ("fast_path.rs", code),
        ("grammar_exact.rs", exact(&rules)),
        ("keywords.rs", keywords(&rules)),
    ];
    for (name, code) in outputs {
        let path = Path::new(&out).join(name);
        if let Err(e) = fs::write(&path, code.to_string()) {
            fail(&format!("cannot write {}: {e}", path.display()));
        }
    }
}

/// `is_exact`, for the parser's `grammar` module (the fast path and pest's
/// tokens both use it): true for the atomic and compound-atomic rules.
fn exact(rules: &[OptimizedRule]) -> TokenStream {
    let exact = rules
        .iter()
        .filter(|r| matches!(r.ty, RuleType::Atomic | RuleType::CompoundAtomic))
        .map(|r| format_ident!("r#{}", r.name));
    quote! {
        /// True for the atomic and compound-atomic rules: no white space
        /// is skipped inside them, so a node's own end is where its text
        /// ends (a string's closing quote is not a child).
        pub(in crate::syntax::parser) fn is_exact(rule: Rule) -> bool {
            matches!(rule, #(Rule::#exact)|*)
        }
    }
}

fn fail(message: &str) -> ! {
    eprintln!("build.rs: {message}");
    std::process::exit(1)
}

/// Every rule as a function, `skip` (the implicit white space) and
/// `parse_rule` (pest's `Parser::parse`: any rule of the enum).
fn generate(rules: &[OptimizedRule], uses_eoi: bool) -> TokenStream {
    let functions = rules.iter().map(rule);
    let mut arms: Vec<TokenStream> = rules
        .iter()
        .map(|r| {
            let name = format_ident!("r#{}", r.name);
            quote! { Rule::#name => #name(s) }
        })
        .collect();
    let mut eoi = TokenStream::new();
    if uses_eoi {
        arms.push(quote! { Rule::EOI => EOI(s) });
        eoi = quote! {
            pub(super) fn EOI(s: &mut State<'_>) -> bool {
                s.rule(Rule::EOI, false, |s| s.at_end())
            }
        };
    }
    let skip = skip(rules);
    quote! {
        /// Runs `rule` from the state's position, as pest's
        /// `Parser::parse` does.
        pub(super) fn parse_rule(rule: Rule, s: &mut State<'_>) -> bool {
            match rule { #(#arms),* }
        }

        #skip
        #eoi
        #(#functions)*
    }
}

/// pest's `hidden::skip`: white space and comments between the parts of a
/// non-atomic rule.
fn skip(rules: &[OptimizedRule]) -> TokenStream {
    let whitespace = rules.iter().any(|r| r.name == "WHITESPACE");
    let comment = rules.iter().any(|r| r.name == "COMMENT");
    let body = match (whitespace, comment) {
        (false, false) => quote! { true },
        (true, false) => quote! { while WHITESPACE(s) {} true },
        (false, true) => quote! { while COMMENT(s) {} true },
        (true, true) => quote! {
            while WHITESPACE(s) {}
            while s.sequence(|s| { COMMENT(s) && { while WHITESPACE(s) {} true } }) {}
            true
        },
    };
    quote! {
        fn skip(s: &mut State<'_>) -> bool {
            if s.atomicity != Atomicity::NonAtomic {
                return true;
            }
            #body
        }
    }
}

/// One rule, wrapped as `pest_generator` wraps it for its type.
fn rule(rule: &OptimizedRule) -> TokenStream {
    let name = format_ident!("r#{}", rule.name);
    let body = if rule.name == "WHITESPACE" || rule.name == "COMMENT" {
        let atomic = expr(&rule.expr, true);
        quote! { s.atomic(Atomicity::Atomic, |s| #atomic) }
    } else {
        let atomic = matches!(rule.ty, RuleType::Atomic | RuleType::CompoundAtomic);
        expr(&rule.expr, atomic)
    };
    let body = match rule.ty {
        RuleType::Normal => quote! { s.rule(Rule::#name, false, |s| #body) },
        RuleType::Silent => body,
        RuleType::Atomic => {
            quote! { s.rule(Rule::#name, true, |s| s.atomic(Atomicity::Atomic, |s| #body)) }
        }
        RuleType::CompoundAtomic => quote! {
            s.atomic(Atomicity::CompoundAtomic, |s| s.rule(Rule::#name, true, |s| #body))
        },
        RuleType::NonAtomic => quote! {
            s.atomic(Atomicity::NonAtomic, |s| s.rule(Rule::#name, false, |s| #body))
        },
    };
    quote! {
        pub(super) fn #name(s: &mut State<'_>) -> bool { #body }
    }
}

/// An expression, as `pest_generator`'s `generate_expr` (`atomic` false: a
/// `skip` between the parts of a sequence and the rounds of a repetition)
/// or `generate_expr_atomic` writes it. `optional` and a choice do not
/// restore the position: each part that can fail restores its own, as in
/// pest.
fn expr(e: &OptimizedExpr, atomic: bool) -> TokenStream {
    match e {
        OptimizedExpr::Str(text) => {
            let bytes = Literal::byte_string(text.as_bytes());
            quote! { s.match_bytes(#bytes) }
        }
        OptimizedExpr::Range(lo, hi) => {
            let (lo, hi) = (one_char(lo), one_char(hi));
            if lo.is_ascii() && hi.is_ascii() {
                // A byte of a multi-byte character is never in an ASCII range.
                let (lo, hi) = (
                    Literal::u8_suffixed(lo as u8),
                    Literal::u8_suffixed(hi as u8),
                );
                quote! { s.match_byte_range(#lo, #hi) }
            } else {
                quote! { s.match_char_range(#lo, #hi) }
            }
        }
        OptimizedExpr::Ident(name) => builtin(name).unwrap_or_else(|| {
            let name = format_ident!("r#{}", name);
            quote! { #name(s) }
        }),
        OptimizedExpr::PosPred(inner) => {
            let inner = expr(inner, atomic);
            quote! { s.lookahead(true, |s| #inner) }
        }
        OptimizedExpr::NegPred(inner) => {
            let inner = expr(inner, atomic);
            quote! { s.lookahead(false, |s| #inner) }
        }
        OptimizedExpr::Seq(..) => {
            let mut tail = chain(e, atomic);
            let head = tail.remove(0);
            if atomic {
                quote! { s.sequence(|s| #head #(&& #tail)*) }
            } else {
                quote! { s.sequence(|s| #head #(&& skip(s) && #tail)*) }
            }
        }
        OptimizedExpr::Choice(..) => {
            let options = chain(e, atomic);
            quote! { (#(#options)||*) }
        }
        OptimizedExpr::Opt(inner) => {
            let inner = expr(inner, atomic);
            quote! { { let _ = #inner; true } }
        }
        OptimizedExpr::Rep(inner) => {
            let inner = expr(inner, atomic);
            if atomic {
                quote! { { while #inner {} true } }
            } else {
                quote! {
                    {
                        if #inner {
                            while s.sequence(|s| skip(s) && #inner) {}
                        }
                        true
                    }
                }
            }
        }
        OptimizedExpr::Skip(stops) => {
            let stops = stops.iter().map(|t| Literal::byte_string(t.as_bytes()));
            quote! { s.skip_until(&[#(#stops),*]) }
        }
        OptimizedExpr::Insens(_)
        | OptimizedExpr::PeekSlice(..)
        | OptimizedExpr::Push(_)
        | OptimizedExpr::RestoreOnErr(_) => fail(&format!(
            "the fast path does not support {e:?} yet (case-insensitive strings and \
             pest's stack): add it to build.rs and src/syntax/parser/fast_path.rs"
        )),
    }
}

/// The parts of a sequence, or the options of a choice: `pest_meta` nests
/// them to the right (`a ~ (b ~ c)`), and they are written as one chain.
fn chain(e: &OptimizedExpr, atomic: bool) -> Vec<TokenStream> {
    let mut parts = Vec::new();
    let mut rest = e;
    while let (OptimizedExpr::Seq(..), OptimizedExpr::Seq(head, next))
    | (OptimizedExpr::Choice(..), OptimizedExpr::Choice(head, next)) = (e, rest)
    {
        parts.push(expr(head, atomic));
        rest = next;
    }
    parts.push(expr(rest, atomic));
    parts
}

/// pest's built-in rules that the grammar may call.
fn builtin(name: &str) -> Option<TokenStream> {
    let range = |lo: u8, hi: u8| Some(quote! { s.match_byte_range(#lo, #hi) });
    match name {
        "ANY" => Some(quote! { s.skip_char() }),
        "SOI" => Some(quote! { s.at_start() }),
        "EOI" => Some(quote! { EOI(s) }),
        "ASCII_DIGIT" => range(b'0', b'9'),
        "ASCII_NONZERO_DIGIT" => range(b'1', b'9'),
        "ASCII_ALPHA_LOWER" => range(b'a', b'z'),
        "ASCII_ALPHA_UPPER" => range(b'A', b'Z'),
        "ASCII" => range(0, 0x7f),
        "NEWLINE" => Some(quote! {
            (s.match_bytes(b"\n") || s.match_bytes(b"\r\n") || s.match_bytes(b"\r"))
        }),
        // A rule of the grammar, or a built-in not supported here (such as
        // `PEEK`): then the generated call names a function that does not
        // exist, and the build stops there.
        _ => None,
    }
}

fn one_char(text: &str) -> char {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => c,
        _ => fail(&format!(
            "a range bound that is not one character: {text:?}"
        )),
    }
}

// ---------------------------------------------------------------------------
// The grammar's words
// ---------------------------------------------------------------------------

/// `keywords.rs`: every keyword of the grammar, and the words each kind of
/// entry starts with, read from the rules that define them.
fn keywords(rules: &[OptimizedRule]) -> TokenStream {
    let mut all: Vec<&str> = Vec::new();
    for word in rules.iter().filter_map(keyword) {
        if !all.contains(&word) {
            all.push(word);
        }
    }
    let starts = |name: &str| {
        let Some(rule) = rules.iter().find(|r| r.name == name) else {
            fail(&format!("{GRAMMAR} has no rule `{name}`"));
        };
        let mut phrases: Vec<String> = Vec::new();
        for lead in leads(&rule.expr, rules, true) {
            let phrase = lead.words.join(" ");
            if !phrase.is_empty() && !phrases.contains(&phrase) {
                phrases.push(phrase);
            }
        }
        // In the order the grammar declares their first keyword, as a
        // reader meets them; phrases with the same first keyword in the
        // order the rule lists them (`sort_by_key` is stable).
        phrases.sort_by_key(|p| {
            let first = p.split(' ').next().unwrap_or_default();
            all.iter().position(|w| *w == first)
        });
        phrases
    };
    let headers = [starts("header"), starts("variant_header")].concat();
    let declarations = starts("item");
    let charts = starts("chart");
    let clauses = starts("clause");
    let changes = starts("change_stmt");
    quote! {
        /// Every keyword of the grammar, once each, in the order it
        /// declares them.
        pub const ALL: &[&str] = &[#(#all),*];
        /// The words a file starts with: a game's header, a variant's.
        pub const HEADERS: &[&str] = &[#(#headers),*];
        /// The words a declaration (a top-level entry) starts with.
        pub const DECLARATIONS: &[&str] = &[#(#declarations),*];
        /// The words a chart starts with: its kind.
        pub const CHARTS: &[&str] = &[#(#charts),*];
        /// What a clause of a chart starts with: its keywords up to its
        /// first part that is not one (`roll`, `succeed on`, `at most`).
        pub const CLAUSES: &[&str] = &[#(#clauses),*];
        /// The words a change of a variant file starts with.
        pub const CHANGES: &[&str] = &[#(#changes),*];
    }
}

/// The word of a keyword rule (`kw_game = @{ "game" ~ !ident_char }`): an
/// atomic rule that is one literal word, never the start of a longer name.
fn keyword(rule: &OptimizedRule) -> Option<&str> {
    let OptimizedExpr::Seq(word, rest) = &rule.expr else {
        return None;
    };
    match (&rule.ty, &**word, &**rest) {
        (RuleType::Atomic, OptimizedExpr::Str(word), OptimizedExpr::NegPred(next)) if matches!(&**next, OptimizedExpr::Ident(n) if n == "ident_char") => {
            Some(word)
        }
        _ => None,
    }
}

/// How an expression may start: the keywords it starts with, and whether
/// they are all of it (`whole`: a sequence's next part may go on with
/// more).
struct Lead<'g> {
    words: Vec<&'g str>,
    whole: bool,
}

/// Every way `e` may start. A rule that is not a keyword is read into
/// only while no keyword has been met (`follow`): a phrase stops at its
/// first part that is not a keyword (`roll` of `roll DICE`).
fn leads<'g>(e: &'g OptimizedExpr, rules: &'g [OptimizedRule], follow: bool) -> Vec<Lead<'g>> {
    let other = || {
        vec![Lead {
            words: Vec::new(),
            whole: false,
        }]
    };
    match e {
        OptimizedExpr::Ident(name) => match rules.iter().find(|r| &r.name == name) {
            Some(rule) => match keyword(rule) {
                Some(word) => vec![Lead {
                    words: vec![word],
                    whole: true,
                }],
                None if follow => leads(&rule.expr, rules, true),
                None => other(),
            },
            None => other(),
        },
        // A look-ahead reads nothing (`!"}"` before a clause).
        OptimizedExpr::PosPred(_) | OptimizedExpr::NegPred(_) => vec![Lead {
            words: Vec::new(),
            whole: true,
        }],
        OptimizedExpr::Choice(a, b) => {
            let mut all = leads(a, rules, follow);
            all.extend(leads(b, rules, follow));
            all
        }
        OptimizedExpr::Seq(a, b) => {
            let mut all = Vec::new();
            for head in leads(a, rules, follow) {
                if !head.whole {
                    all.push(head);
                    continue;
                }
                for tail in leads(b, rules, follow && head.words.is_empty()) {
                    all.push(Lead {
                        words: [head.words.as_slice(), &tail.words].concat(),
                        whole: tail.whole,
                    });
                }
            }
            all
        }
        _ => other(),
    }
}
