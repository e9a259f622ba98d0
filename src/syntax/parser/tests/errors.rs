//! Parser tests of the errors: what each says was expected, where, and
//! the limits on numbers and nesting.

use crate::syntax::error::ParseErrorKind;
use crate::syntax::parser::parse;
use crate::syntax::span::SourceId;

use super::{err, ok, spanned, HEADER};

#[test]
fn syntax_errors_say_what_was_expected() {
    let cases: &[(&str, &str, &str)] = &[
        // (body after the header, expected-substring, spanned text)
        (
            "table t \"T\" { roll }",
            "dice expression such as `2d6`",
            "}",
        ),
        (
            "table t \"T\" { rows { foo => \"x\" } }",
            "a row such as `4,5 => \"Bogged down\"` or `}`",
            "foo",
        ),
        (
            "table t \"T\" { rows { 6 or mor => \"x\" } }",
            "`more` or `less`",
            "mor",
        ),
        ("table t \"T\" { rows { 6 \"x\" } }", "`=>`", "\"x\""),
        ("flag x y", "a string in double quotes", "y"),
        ("table t \"T\" { roll d6", "`}`", ""),
        ("table t \"T\" { succeed on }", "a target", "}"),
        ("table t \"T\" { best \"x\" if }", "a condition", "}"),
        ("table t \"T\" { score 1 + }", "an expression", "}"),
        ("param p \"P\" in 1 10", "`..`", "10"),
        ("table t \"T\" { rows { 1 => } }", "an outcome", "}"),
    ];
    for (body, expected, at) in cases {
        let text = format!("{HEADER}{body}");
        let e = err(&text);
        let ParseErrorKind::Syntax { expected: said, .. } = &e.kind else {
            panic!("{body}: {e:?}")
        };
        assert!(said.contains(expected), "{body}: said {said:?}");
        assert_eq!(spanned(&text, &e), *at, "{body}: {e}");
        assert_eq!(e.span.source, SourceId(7));
    }
    // Messages join several expectations as "A, B or C".
    let e = err(&format!("{HEADER}table t \"T\" {{ rows {{ 1 => \"x\" ]"));
    assert!(e.to_string().starts_with("expected "), "{e}");
    assert!(e.to_string().contains(" or "), "{e}");
}

#[test]
fn syntax_error_at_end_of_input_is_zero_width() {
    let text = format!("{HEADER}flag x");
    let e = err(&text);
    assert_eq!(e.span.start as usize, text.len());
    assert!(e.span.is_empty());
    assert!(e.to_string().contains("end of input"), "{e}");
}

#[test]
fn keywords_are_not_names() {
    // `or` cannot be a flag name; `order_status` can.
    err(&format!("{HEADER}flag or \"x\""));
    err(&format!("{HEADER}choice c \"C\" {{ total \"T\" }}"));
    ok(&format!(
        "{HEADER}flag order_status \"x\"\nflag android \"y\"\nflag iffy \"z\""
    ));
}

#[test]
fn unknown_keyword() {
    let text = format!("{HEADER}flag a \"A\"\ntabel t \"T\" {{ }}");
    let e = err(&text);
    let ParseErrorKind::UnknownKeyword {
        found, suggestion, ..
    } = &e.kind
    else {
        panic!("{e:?}")
    };
    assert_eq!(found, "tabel");
    assert_eq!(*suggestion, Some("table"));
    assert_eq!(spanned(&text, &e), "tabel");
    let help = miette::Diagnostic::help(&e).unwrap().to_string();
    assert!(help.contains("`ladder`"), "{help}");

    let text = format!("{HEADER}table t \"T\" {{ roll d6\n rol d6 }}");
    let e = err(&text);
    assert!(
        matches!(
            &e.kind,
            ParseErrorKind::UnknownKeyword {
                suggestion: Some("roll"),
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(spanned(&text, &e), "rol");
}

#[test]
fn unterminated_string() {
    let text = format!("{HEADER}flag a \"oops\nflag b \"B\"");
    let e = err(&text);
    assert_eq!(e.kind, ParseErrorKind::UnterminatedString { triple: false });
    assert_eq!(spanned(&text, &e), "\"oops");
    let help = miette::Diagnostic::help(&e).unwrap().to_string();
    assert!(help.contains("\"\"\""), "{help}");

    let text = format!("{HEADER}notes n \"N\" \"\"\"\nnever closed");
    let e = err(&text);
    assert_eq!(e.kind, ParseErrorKind::UnterminatedString { triple: true });
    assert_eq!(spanned(&text, &e), "\"\"\"");

    // An earlier syntax error wins over a later unterminated string.
    let text = format!("{HEADER}flag x 3\nflag a \"oops");
    assert!(matches!(err(&text).kind, ParseErrorKind::Syntax { .. }));
}

#[test]
fn invalid_escape() {
    let text = format!("{HEADER}flag a \"tab\\there\"");
    let e = err(&text);
    assert_eq!(
        e.kind,
        ParseErrorKind::InvalidEscape {
            escape: "\\t".into()
        }
    );
    assert_eq!(spanned(&text, &e), "\\t");
}

#[test]
fn number_too_large() {
    for body in [
        "param p \"P\" default 99999999999999999999",
        "table t \"T\" { score 9223372036854775808 }",
        "table t \"T\" { roll d99999999999999999999 }",
        "table t \"T\" { roll 99999999999999999999d6 }",
        "table t \"T\" { rows { 99999999999999999999+ => \"x\" } }",
    ] {
        let text = format!("{HEADER}{body}");
        let e = err(&text);
        assert!(
            matches!(e.kind, ParseErrorKind::NumberTooLarge { .. }),
            "{body}: {e:?}"
        );
        assert!(spanned(&text, &e).contains("9999") || spanned(&text, &e).contains("808"));
    }
    // The extremes of i64 fit.
    ok(&format!(
        "{HEADER}param p \"P\" in -9223372036854775808..9223372036854775807"
    ));
}

#[test]
fn too_deep() {
    let deep = |n: usize| {
        format!(
            "{HEADER}table t \"T\" {{ score {}1{} }}",
            "(".repeat(n),
            ")".repeat(n)
        )
    };
    ok(&deep(60));
    let text = deep(100);
    let e = err(&text);
    assert_eq!(e.kind, ParseErrorKind::TooDeep { limit: 64 });
    assert_eq!(spanned(&text, &e), "(");

    // Runs of prefix operators and long outcome chains are bounded too.
    let e = err(&format!(
        "{HEADER}table t \"T\" {{ score {}1 }}",
        "- ".repeat(100)
    ));
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e:?}");
    let e = err(&format!(
        "{HEADER}table t \"T\" {{ best \"x\" if {}a }}",
        "not ".repeat(100)
    ));
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e:?}");
    let chain = "\"A\" if c else ".repeat(100);
    let e = err(&format!(
        "{HEADER}table t \"T\" {{ rows {{ 1 => {chain}\"B\" }} }}"
    ));
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e:?}");
    // Far past the limit: the chain is a repetition in the grammar, so pest
    // does not recurse, and the builder counts it.
    let chain = "\"A\" if c else ".repeat(20_000);
    let e = err(&format!(
        "{HEADER}table t \"T\" {{ rows {{ 1 => {chain}\"B\" }} }}"
    ));
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e:?}");
    // A long run of one operator is built balanced, not too deep; a chain
    // of conditions is not.
    let sum = vec!["1"; 1000].join(" + ");
    ok(&format!("{HEADER}table t \"T\" {{ score {sum} }}"));
    let all = vec!["a"; 1000].join(" and ");
    let e = err(&format!("{HEADER}table t \"T\" {{ best \"x\" if {all} }}"));
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e:?}");
}

/// The parser runs without a stack probe (the fast path has none, and pest
/// is built without `std`, see `Cargo.toml`): its recursion is bounded by
/// the pre-scan's bracket depth alone. The deepest nesting accepted, in
/// every construct that recurses, parses on the calling thread within a
/// spawned thread's default stack of 2 MiB (a test's own thread's): no
/// parse needs a thread of its own. Measured (63 levels, this machine,
/// 2026-11-26, `Ruleset::from_str`, so compiling included, by bisecting a
/// thread's stack size): nested `one of` blocks need 303 KiB in a release
/// build and 1,059 KiB in a debug build; brackets in expressions and
/// conditions 151-175 KiB and 863-975 KiB; the same inputs broken at the
/// innermost level (read by pest, which says why) 39-43 KiB and
/// 227-287 KiB.
#[test]
fn the_deepest_nesting_parses_on_a_bounded_stack() {
    let nested = |open: &str, inner: &str, close: &str| {
        format!("{}{inner}{}", open.repeat(63), close.repeat(63))
    };
    let score = |expr: String| format!("{HEADER}table t \"T\" {{ score {expr} }}");
    let texts = [
        score(nested("(", "1", ")")),
        score(nested("max(", "1", ")")),
        score(nested("(a if b else ", "1", ")")),
        format!(
            "{HEADER}table t \"T\" {{ best \"x\" if {} }}",
            nested("(", "a", ")")
        ),
        format!(
            "{HEADER}modifiers m \"M\" {}",
            nested("{ one of \"o\" ", "{ x +1 \"x\" }", " }")
        ),
    ];
    for text in texts {
        // Each is one level short of the limit: the chart's or set's own
        // braces count.
        let parsed = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                parse(SourceId(0), &text)
                    .map(|_| ())
                    .map_err(|e| format!("{e}\n{text}"))
            })
            .unwrap()
            .join()
            .unwrap();
        parsed.unwrap();
    }
}

#[test]
fn empty_file() {
    for text in ["", "   \n\t\r\n", "# just a comment\n  # another"] {
        let e = err(text);
        assert_eq!(e.kind, ParseErrorKind::EmptyFile {});
        let code = miette::Diagnostic::code(&e).unwrap().to_string();
        assert_eq!(code, "chartwright::parse::empty_file");
    }
}

#[test]
fn error_codes_and_labels() {
    let e = err(&format!("{HEADER}flag x y"));
    let code = miette::Diagnostic::code(&e).unwrap().to_string();
    assert_eq!(code, "chartwright::parse::syntax");
    let labels: Vec<_> = miette::Diagnostic::labels(&e).unwrap().collect();
    assert_eq!(labels.len(), 1);
    assert_eq!(labels[0].offset(), e.span.start as usize);
    assert_eq!(labels[0].len(), e.span.len());
}

#[test]
fn expect_syntax_errors_name_what_was_expected() {
    let text = format!("{HEADER}expect bog_down => 7/10");
    let e = err(&text);
    assert!(e.to_string().contains("expected"), "{e}");
    let text = format!("{HEADER}expect bog_down natural => \"x\"");
    let e = err(&text);
    assert!(e.to_string().contains("expected"), "{e}");
}
