//! The bundled rules parse, no prefix or mutation of a sample panics, and
//! the fast path reads every rules file as pest does.

use crate::syntax::parser::parse;
use crate::syntax::span::SourceId;

use super::{ok, spanned};

/// The bundled rulesets in `rules/` parse.
#[test]
fn bundled_rules_parse() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "rules") {
            let text = std::fs::read_to_string(&path).unwrap();
            if let Err(e) = parse(SourceId(0), &text) {
                let line = text[..e.span.start as usize].lines().count();
                panic!("{}:{line}: {e} ({:?})", path.display(), spanned(&text, &e));
            }
        }
    }
}

// -- No panics ---------------------------------------------------------------

/// A compact file touching most rules, for the exhaustive no-panic sweeps
/// (the full sample is too slow to sweep in a debug build).
const MINI: &str = r#"game "G" version "1"
choice c "C" { a "A", b "B" }
param p "P" in -1..9 default 0
grid g "G" by c { a: +1 4+ "T" b, a: 2d6 - 1-3 }
modifiers m "M" { x ±r in -3..3 from g "x" y +1 each (max +4) "y" unless f and not (p > 2) }
table t "T" {
  roll (p + 1)d6kh3 - 2
  modifiers { one of "O" if f { z -1 "z" } section "S" subtract { use m if c = a } for each { w +r "w" } }
  columns c
  rows { [ 6 or more | - ] => "A" then o.x(k, v=-2) | "B" or "C" if c in [a, b] else failure
         -1 to -3, 0 => success }
  natural 1,2 if total >= -(natural * 2) / 3 => also "N"
  best "A" if f or p != 1
}
check k "K" { succeed on g - 1 count h "h" on at least 3 per h roll d6 count q "q" on 5+ sides s "S", r "R" }
ladder l "L" { steps 8, 4 start p at most 4 if f fields a "A" score total notes """x
y""" }
notes n "N" "t\"\\\n"
"#;

#[test]
fn mini_parses() {
    let file = ok(MINI);
    assert_eq!(file.items.len(), 8);
}

#[test]
fn no_panic_on_prefixes() {
    for (i, _) in MINI.char_indices() {
        let _ = parse(SourceId(0), &MINI[..i]);
    }
}

#[test]
fn no_panic_on_mutations() {
    let replacements = ["", " ", "\"", "(", "}", "-", "9", "x", "#", "\n", "d", "é"];
    for (n, (i, c)) in MINI.char_indices().enumerate() {
        for k in 0..3 {
            let with = replacements[(n + 4 * k) % replacements.len()];
            let text = format!("{}{with}{}", &MINI[..i], &MINI[i + c.len_utf8()..]);
            let _ = parse(SourceId(0), &text);
        }
    }
}

// -- The fast path (build.rs) ---------------------------------------------
//
// In unit tests every batch any test parses is read by both the fast path
// and pest, and a difference in what they accept or in any node panics
// (`agreement::check`): the tests above, the prefixes and the mutations
// included. This test adds every `.rules` file of the repository and the
// checked-in seeds of the `load` fuzzer.

/// The `.rules` files under `dir`, and its seeds if it is a fuzz corpus.
/// Every `.rules` file under `dir`, and the `load` fuzzer's seeds.
pub(crate) fn inputs_under(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                inputs_under(&path, found);
            }
        } else if path.extension().is_some_and(|e| e == "rules")
            || (dir.ends_with("fuzz/corpus/load")
                && (name.starts_with("seed") || name.starts_with("regress-")))
        {
            found.push(path);
        }
    }
}

#[test]
fn the_fast_path_reads_every_rules_file_and_seed_as_pest_does() {
    let mut found = Vec::new();
    inputs_under(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), &mut found);
    assert!(found.len() > 120, "only {} inputs found", found.len());
    let mut parsed = 0;
    for path in &found {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        // `agreement::check` panics inside on any difference; an error is
        // fine (some seeds are malformed on purpose) and is pest's.
        if crate::syntax::parser::parse_document(SourceId(0), &text).is_ok() {
            parsed += 1;
        }
    }
    assert!(parsed > 100, "only {parsed} inputs parsed");
}
