//! The files written from the grammar's words (`chartwright::keywords`,
//! which `build.rs` reads from `grammar/chartwright.pest`): the fuzz
//! dictionary `fuzz/rules.dict` (the harness's words,
//! `chartwright_cli::fuzzing::words`), the keyword lists of the
//! playground's highlighting in `web/app/lang.js` and the words the VS Code
//! extension's grammar is built from, `editors/vscode/syntaxes/keywords.json`. Each test fails while a
//! checked-in file is not what the grammar gives; with
//! `CHARTWRIGHT_WRITE_WORDS=1`, which `scripts/keywords.sh` sets, it writes
//! the file instead.

use std::fmt::Write as _;
use std::path::PathBuf;

use chartwright::keywords;

/// The first and last lines of `web/app/lang.js` written from the grammar.
const JS_BEGIN: &str = "// The grammar's keywords, written from grammar/chartwright.pest by\n\
                        // scripts/keywords.sh: edit the grammar, not these lines.\n";
const JS_END: &str = "// End of the lines written from the grammar.\n";

fn in_repository(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

/// Checks that `path` holds `wanted`, or writes it there when
/// `CHARTWRIGHT_WRITE_WORDS` is set.
#[track_caller]
fn check(path: &str, wanted: &str) {
    let file = in_repository(path);
    let found = std::fs::read_to_string(&file).unwrap_or_default();
    if found == wanted {
        return;
    }
    if std::env::var_os("CHARTWRIGHT_WRITE_WORDS").is_some() {
        if let Err(e) = std::fs::write(&file, wanted) {
            panic!("cannot write {}: {e}", file.display());
        }
        return;
    }
    let line = found.lines().zip(wanted.lines()).position(|(f, w)| f != w);
    let line = line.unwrap_or_else(|| found.lines().count().min(wanted.lines().count()));
    panic!(
        "{path} is not what the grammar gives (from line {}: {:?}): run scripts/keywords.sh \
         and commit what it changes",
        line + 1,
        wanted.lines().nth(line).unwrap_or("(the end of the file)"),
    );
}

#[test]
fn the_fuzz_dictionary_holds_the_harness_words() {
    let mut dict = String::from(
        "# libFuzzer dictionary: the keywords of grammar/chartwright.pest, then the fuzz\n\
         # harness's extras (chartwright_cli::fuzzing::words). Written by\n\
         # scripts/keywords.sh: edit those, not this file. Use with -dict=fuzz/rules.dict.\n",
    );
    for (i, word) in chartwright_cli::fuzzing::words().enumerate() {
        let _ = writeln!(dict, "kw{i}=\"{}\"", escaped(word));
    }
    check("fuzz/rules.dict", &dict);
}

/// A dictionary entry as libFuzzer reads it: printable ASCII as it is
/// (`"` and `\` escaped), any other byte as `\xNN`.
fn escaped(word: &str) -> String {
    let mut out = String::new();
    for b in word.bytes() {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(char::from(b));
            }
            b' '..=b'~' => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\x{b:02X}");
            }
        }
    }
    out
}

#[test]
fn the_playground_highlights_the_grammars_keywords() {
    let path = "web/app/lang.js";
    let text = std::fs::read_to_string(in_repository(path)).unwrap_or_default();
    let (Some(begin), Some(end)) = (text.find(JS_BEGIN), text.find(JS_END)) else {
        panic!("{path} has lost the lines that mark where the keywords go: {JS_BEGIN}{JS_END}");
    };
    let declarations = [keywords::HEADERS, keywords::DECLARATIONS].concat();
    let lists = format!(
        "{JS_BEGIN}const KEYWORDS = new Set({});\n\
         // What starts a file or a declaration: shown apart from the other keywords.\n\
         const DECLARATIONS = new Set({});\n",
        js_array(keywords::ALL),
        js_array(&declarations),
    );
    let wanted = format!("{}{lists}{}", &text[..begin], &text[end..]);
    check(path, &wanted);
}

#[test]
fn the_vscode_grammar_is_built_from_the_grammars_keywords() {
    let declarations = [keywords::HEADERS, keywords::DECLARATIONS].concat();
    let words = serde_json::json!({
        "//": "The grammar's keywords, written from grammar/chartwright.pest by \
               scripts/keywords.sh: editors/vscode/scripts/grammar.js builds the \
               TextMate grammar from them.",
        "keywords": keywords::ALL,
        "declarations": declarations,
    });
    let json = serde_json::to_string_pretty(&words).unwrap_or_default() + "\n";
    check("editors/vscode/syntaxes/keywords.json", &json);
}

/// `[ "a", "b", ... ]` over lines of at most 80 columns, indented by two.
fn js_array(words: &[&str]) -> String {
    let mut out = String::from("[\n");
    let mut line = String::new();
    for word in words {
        let item = format!("{word:?},");
        if !line.is_empty() && 2 + line.len() + 1 + item.len() > 80 {
            let _ = writeln!(out, "  {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&item);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "  {line}");
    }
    out.push(']');
    out
}
