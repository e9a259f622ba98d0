//! The source layout: the library's `src/` is grouped by stage, one folder
//! each, and a stage imports only the stages below it; the CLI's `cli/src`
//! is layered the same way (rendering below the commands, importing none);
//! in neither does a file import another that (through others) imports it
//! back; and no file of `cli/src` or `web/src` is over a thousand lines.
//!
//! Every `crate::…` and `super::…` path in code (comments, doc comments and
//! string literals are skipped) is resolved to the file that defines the
//! module it names. A path into a file's own ancestors or descendants (a
//! `mod.rs` and the files of its folder) is not an edge: a folder is read as
//! one unit against the rest. A `crate::Name` (a root re-export) is refused
//! outside the library's `lib.rs`: a file names the module it imports from,
//! so that every edge is visible here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The stage folders of `src/`, lowest first.
const STAGES: &[&str] = &[
    "syntax", "check", "engine", "variant", "ruleset", "compare", "present",
];

/// The files at the root of `src/`: `Some(false)` below every stage (shared
/// by all, importing none), `Some(true)` above every stage.
fn root_file(name: &str) -> Option<bool> {
    match name {
        "number" | "limits" | "clip" => Some(false),
        "" => Some(true),
        _ => None,
    }
}

/// A stage's rank: 0 for the shared root files, then the stages in order,
/// then the top (the facade `lib.rs`).
fn rank(module: &[String]) -> Result<usize, String> {
    let first = module.first().map_or("", String::as_str);
    if module.len() <= 1 {
        if let Some(top) = root_file(first) {
            return Ok(if top { STAGES.len() + 1 } else { 0 });
        }
    }
    match STAGES.iter().position(|s| *s == first) {
        Some(i) => Ok(i + 1),
        None => Err(format!(
            "src/{} is in no stage: put it in a stage folder or list it in tests/layout.rs",
            module.join("/")
        )),
    }
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's module path: `src/engine/odds/mod.rs` is `engine::odds`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file
        .strip_prefix(src)
        .expect("under src/")
        .with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// One path reference in code: its segments after `crate` or after the
/// `super`s, and how many modules up it starts (`None` for `crate`).
#[derive(Debug)]
struct Reference {
    ups: Option<usize>,
    segments: Vec<String>,
    line: usize,
}

/// The code of a file with comments and string and char literals blanked
/// out (lines kept), and for each byte how many inline `mod x { … }`
/// blocks enclose it.
fn code_of(text: &str) -> (Vec<u8>, Vec<usize>) {
    let code = blanked(text, true);
    let inline = inline_modules(&code);
    (code, inline)
}

/// `text` with its comments blanked out (lines kept), and its string and
/// char literals too where `literals`.
#[allow(clippy::many_single_char_names, clippy::too_many_lines)] // a byte scanner: one arm per literal kind
fn blanked(text: &str, literals: bool) -> Vec<u8> {
    let b = text.as_bytes();
    let mut code = b.to_vec();
    let blank = |code: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut code[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |n| i + n);
                blank(&mut code, i, end);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let (mut depth, mut j) = (1, i + 2);
                while j < b.len() && depth > 0 {
                    if b[j..].starts_with(b"/*") {
                        depth += 1;
                        j += 2;
                    } else if b[j..].starts_with(b"*/") {
                        depth -= 1;
                        j += 2;
                    } else {
                        j += 1;
                    }
                }
                blank(&mut code, i, j);
                i = j;
            }
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes)).into_bytes();
                let start = i + 2 + hashes;
                let end = b[start..]
                    .windows(close.len())
                    .position(|w| w == close.as_slice())
                    .map_or(b.len(), |n| start + n + close.len());
                if literals {
                    blank(&mut code, i, end);
                }
                i = end;
            }
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                let end = (j + 1).min(b.len());
                if literals {
                    blank(&mut code, i, end);
                }
                i = end;
            }
            b'\'' => {
                // A char literal ('x', '\n', '\u{..}'), not a lifetime.
                let end = if b.get(i + 1) == Some(&b'\\') {
                    b[i + 2..]
                        .iter()
                        .position(|&c| c == b'\'')
                        .map(|n| i + 3 + n)
                } else {
                    let len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                    (b.get(i + 1 + len) == Some(&b'\'')).then_some(i + 2 + len)
                };
                match end {
                    Some(end) => {
                        if literals {
                            blank(&mut code, i, end);
                        }
                        i = end;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    code
}

/// For each byte of `code` (comments and literals blanked), how many inline
/// modules enclose it: `mod name {` opens one; its closing brace ends it.
fn inline_modules(code: &[u8]) -> Vec<usize> {
    let mut inline = vec![0; code.len()];
    let (mut depth, mut open): (usize, Vec<usize>) = (0, Vec::new());
    let text = String::from_utf8_lossy(code).into_owned();
    let t = text.as_bytes();
    let mut k = 0;
    while k < t.len() {
        if t[k] == b'{' {
            depth += 1;
            let before = text[..k].trim_end();
            let word_start = before
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |n| n + 1);
            let head = before[..word_start].trim_end();
            if head.ends_with("mod") && !before[word_start..].is_empty() {
                let m = head.len() - 3;
                if m == 0 || !head.as_bytes()[m - 1].is_ascii_alphanumeric() {
                    open.push(depth);
                }
            }
        } else if t[k] == b'}' {
            if open.last() == Some(&depth) {
                open.pop();
            }
            depth = depth.saturating_sub(1);
        }
        inline[k] = open.len();
        k += 1;
    }
    inline
}

/// The `crate::`/`super::` paths of a file's code, with grouped imports
/// (`use crate::{a::b, c}`) spread out.
fn references(text: &str) -> Vec<Reference> {
    let (code, inline) = code_of(text);
    let code = String::from_utf8(code).unwrap_or_default();
    let mut out = Vec::new();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    for (start, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        if start > 0 && code[..start].ends_with(|c: char| ident(c) || c == ':' || c == '$') {
            continue; // inside a longer path (`super::super::`, `$crate::`)
        }
        let line = code[..start].matches('\n').count() + 1;
        let mut rest = &code[start..];
        let mut ups = None;
        if rest.starts_with("crate::") {
            rest = &rest["crate::".len()..];
        } else {
            let mut n: usize = 0;
            while let Some(r) = rest.strip_prefix("super::") {
                n += 1;
                rest = r;
            }
            // `super` inside an inline module first leaves that module.
            ups = Some(n.saturating_sub(inline[start]));
            if inline[start] >= n {
                continue; // names the file itself
            }
        }
        let mut paths = Vec::new();
        group(rest, &mut Vec::new(), &mut paths);
        for segments in paths {
            out.push(Reference {
                ups,
                segments,
                line,
            });
        }
    }
    out
}

/// The paths that `rest` (what follows `crate::` or `super::`) names:
/// `a::b::C`, or each path of a group `{a::b, c::{d, e}}`.
fn group(rest: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let rest = rest.trim_start();
    if let Some(inner) = rest.strip_prefix('{') {
        let (mut depth, mut from) = (0usize, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    group(&inner[from..i], prefix, out);
                    return;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    group(&inner[from..i], prefix, out);
                    from = i + 1;
                }
                _ => {}
            }
        }
        return;
    }
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let name = &rest[..len];
    if name.is_empty() || name == "self" {
        out.push(prefix.clone());
        return;
    }
    prefix.push(name.to_string());
    match rest[len..].trim_start().strip_prefix("::") {
        Some(more) => group(more, prefix, out),
        None => out.push(prefix.clone()),
    }
    prefix.pop();
}

/// Which modules (files) each file imports.
type Edges = BTreeMap<Vec<String>, BTreeSet<Vec<String>>>;

/// How a source tree is layered: the rank of a file's module (lower ranks
/// are imported by higher ones, never the other way), and whether a
/// `crate::Name` outside the root is refused (the library's root only
/// re-exports, so such a name hides the module it comes from).
struct Layers {
    rank: fn(&[String]) -> Result<usize, String>,
    root_reexports_only: bool,
}

/// The library: its stages, lowest first.
const LIBRARY: Layers = Layers {
    rank,
    root_reexports_only: true,
};

/// The import graph between the library's files (by module path), and the
/// faults found while building it.
fn graph(src: &Path) -> (Edges, Vec<String>) {
    graph_of(src, &LIBRARY)
}

/// The import graph between the files of `src` (by module path), and the
/// faults against `layers` found while building it.
fn graph_of(src: &Path, layers: &Layers) -> (Edges, Vec<String>) {
    let mut files = Vec::new();
    sources(src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(src, f)).collect();
    let mut edges = Edges::new();
    let mut faults = Vec::new();
    for file in &files {
        let from = module_of(src, file);
        let text = std::fs::read_to_string(file).expect("a source file");
        let shown = file
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(file);
        for r in references(&text) {
            let mut path = match r.ups {
                None => Vec::new(),
                Some(ups) => from[..from.len().saturating_sub(ups)].to_vec(),
            };
            if layers.root_reexports_only && r.ups.is_none() && !from.is_empty() {
                if let Some(first) = r.segments.first() {
                    if first.starts_with(char::is_uppercase) {
                        faults.push(format!(
                            "{}:{}: `crate::{first}` names a root re-export: import it from its module",
                            shown.display(),
                            r.line
                        ));
                    }
                }
            }
            path.extend(r.segments.iter().cloned());
            // The longest prefix that is a file.
            let target = (0..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|p| modules.contains(p));
            let Some(target) = target else { continue };
            if target.starts_with(&from) || from.starts_with(&target) {
                continue;
            }
            match ((layers.rank)(&from), (layers.rank)(&target)) {
                (Ok(a), Ok(b)) if b > a => faults.push(format!(
                    "{}:{}: imports `{}`, a higher layer",
                    shown.display(),
                    r.line,
                    target.join("::")
                )),
                (Err(e), _) | (_, Err(e)) => faults.push(e),
                _ => {}
            }
            edges.entry(from.clone()).or_default().insert(target);
        }
    }
    faults.sort();
    faults.dedup();
    (edges, faults)
}

/// One cycle through `start`, if there is one: depth first along the edges.
fn cycle_through(start: &Vec<String>, edges: &Edges) -> Option<Vec<Vec<String>>> {
    let mut stack = vec![(start.clone(), vec![start.clone()])];
    let mut seen = BTreeSet::new();
    while let Some((at, path)) = stack.pop() {
        for next in edges.get(&at).into_iter().flatten() {
            if next == start {
                return Some(path);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push((next.clone(), longer));
            }
        }
    }
    None
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_stage_imports_a_higher_one() {
    let (_, faults) = graph(&src());
    assert!(faults.is_empty(), "layout faults:\n{}", faults.join("\n"));
}

#[test]
fn no_file_level_import_cycles() {
    let (edges, _) = graph(&src());
    assert_no_cycles(&edges);
}

/// Fails naming every import cycle between files, one line each.
#[track_caller]
fn assert_no_cycles(edges: &Edges) {
    let mut cycles = BTreeSet::new();
    for start in edges.keys() {
        if let Some(cycle) = cycle_through(start, edges) {
            let names: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
            // One line per cycle, whichever file it was found from.
            let first = names.iter().min().cloned().unwrap_or_default();
            let at = names.iter().position(|n| *n == first).unwrap_or(0);
            let mut turned = names[at..].to_vec();
            turned.extend_from_slice(&names[..at]);
            cycles.insert(turned.join(" -> "));
        }
    }
    assert!(
        cycles.is_empty(),
        "import cycles between files:\n{}",
        cycles.into_iter().collect::<Vec<_>>().join("\n")
    );
}

// ---------------------------------------------------------------------------
// The front ends: the CLI's modules are layered as the library's stages
// are, and no file of either front end is too long to read in one sitting.

/// The CLI's layers, lowest first: what it computes with the library
/// (`changes`, `stdin`), what it prints (`render`), the subcommands
/// (`commands`), the REPL and the language server, and at the top the command line itself (`lib.rs`,
/// the binary's `main.rs`) and the fuzz harness, which drives both.
const CLI_LAYERS: &[&[&str]] = &[
    &["changes", "stdin"],
    &["render"],
    &["commands"],
    &["repl", "lsp"],
    &["", "main", "fuzzing"],
];

fn cli_rank(module: &[String]) -> Result<usize, String> {
    let first = module.first().map_or("", String::as_str);
    CLI_LAYERS
        .iter()
        .position(|layer| layer.contains(&first))
        .ok_or_else(|| {
            format!(
                "cli/src/{} is in no layer: put it in one or list it in tests/layout.rs",
                module.join("/")
            )
        })
}

const CLI: Layers = Layers {
    rank: cli_rank,
    root_reexports_only: false,
};

fn cli_src() -> PathBuf {
    repo().join("cli/src")
}

#[test]
fn cli_layers_import_only_lower_ones() {
    let (_, faults) = graph_of(&cli_src(), &CLI);
    assert!(
        faults.is_empty(),
        "CLI layout faults:\n{}",
        faults.join("\n")
    );
}

#[test]
fn cli_rendering_imports_no_command() {
    let (edges, _) = graph_of(&cli_src(), &CLI);
    let mut found = Vec::new();
    for (from, targets) in &edges {
        if from.first().map(String::as_str) != Some("render") {
            continue;
        }
        for t in targets {
            if matches!(t.first().map(String::as_str), Some("commands" | "repl")) {
                found.push(format!("{} imports {}", from.join("::"), t.join("::")));
            }
        }
    }
    assert!(
        found.is_empty(),
        "rendering imports a command (a command renders through render/, never the other way):\n{}",
        found.join("\n")
    );
}

#[test]
fn cli_has_no_file_level_import_cycles() {
    let (edges, _) = graph_of(&cli_src(), &CLI);
    assert_no_cycles(&edges);
}

#[test]
fn the_cli_graph_sees_its_layers() {
    // The checks above are only as good as the graph they read: the REPL
    // runs commands, and commands render.
    let (edges, _) = graph_of(&cli_src(), &CLI);
    let imports = |from: &[&str], to: &[&str]| {
        let (from, to): (Vec<String>, Vec<String>) = (
            from.iter().map(|s| (*s).to_owned()).collect(),
            to.iter().map(|s| (*s).to_owned()).collect(),
        );
        edges.get(&from).is_some_and(|t| t.contains(&to))
    };
    assert!(imports(&["repl", "state"], &["commands", "diff"]));
    assert!(imports(&["commands", "diff"], &["render", "page"]));
    assert_eq!(cli_rank(&["render".into(), "text".into()]), Ok(1));
    assert!(cli_rank(&["elsewhere".into()]).is_err());
}

/// Longest a front end's source file may be, in lines: past it, split the
/// file by concept.
const FRONT_END_CEILING: usize = 1000;

#[test]
fn no_front_end_file_is_over_the_ceiling() {
    let mut long = Vec::new();
    for root in ["cli/src", "web/src"] {
        let mut files = Vec::new();
        sources(&repo().join(root), &mut files);
        for f in files {
            let lines = std::fs::read_to_string(&f).map_or(0, |t| t.lines().count());
            if lines > FRONT_END_CEILING {
                let shown = f.strip_prefix(repo()).unwrap_or(&f).display().to_string();
                long.push(format!("{shown}: {lines} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "front-end files over {FRONT_END_CEILING} lines (split them by concept):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_reader_sees_paths_in_code_only() {
    let text = "use crate::engine::{bind::{self, Bound}, odds};\n\
                // crate::present::render\n\
                /// [`crate::ruleset::Ruleset`]\n\
                const S: &str = \"crate::present\";\n\
                mod tests { use super::*; use super::super::x; }\n";
    let paths: Vec<String> = references(text)
        .iter()
        .map(|r| format!("{:?} {}", r.ups, r.segments.join("::")))
        .collect();
    assert_eq!(
        paths,
        [
            "None engine::bind",
            "None engine::bind::Bound",
            "None engine::odds",
            "Some(1) x"
        ]
    );
}

// ---------------------------------------------------------------------------
// Rooms: a file, and a function, a reader can hold in one sitting.

/// Most lines a file of `src/` holds; past it, a concept is split into a
/// folder of files.
const MAX_FILE_LINES: usize = 1000;

/// The files of `src/` allowed past [`MAX_FILE_LINES`], each with why.
const LONG_FILES: &[(&str, &str)] = &[(
    "src/syntax/ast.rs",
    "the AST's node types and nothing else, in the grammar's order: one reference",
)];

/// Most lines a function of `src/` holds, counted as clippy's
/// `too_many_lines` counts them (the body's lines of code, without blank
/// or comment-only lines), unless it says why it is longer.
const MAX_FN_LINES: usize = 80;

/// Every file of `src/`, as (path from the top, text).
fn src_files() -> Vec<(String, String)> {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("a source file");
            let shown = f.strip_prefix(repo()).unwrap_or(&f);
            (shown.to_string_lossy().replace('\\', "/"), text)
        })
        .collect()
}

#[test]
fn no_file_is_past_the_ceiling() {
    let files = src_files();
    let mut faults = Vec::new();
    for (path, text) in &files {
        let lines = text.lines().count();
        let allowed = LONG_FILES.iter().any(|(p, _)| p == path);
        if lines > MAX_FILE_LINES && !allowed {
            faults.push(format!(
                "{path} has {lines} lines: split it by concept into a folder, or list it in LONG_FILES with why"
            ));
        }
    }
    for (path, why) in LONG_FILES {
        let lines = files
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, t)| t.lines().count());
        if lines.is_none_or(|n| n <= MAX_FILE_LINES) || why.trim().is_empty() {
            faults.push(format!(
                "LONG_FILES lists {path}: it is gone or within the ceiling, or has no reason"
            ));
        }
    }
    assert!(
        faults.is_empty(),
        "files past {MAX_FILE_LINES} lines:\n{}",
        faults.join("\n")
    );
}

/// A function of a file: its name, the line its `fn` is on (1-based) and
/// how many lines of code its body holds.
#[derive(Debug, PartialEq)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// The functions with a body in `text`, each with its length as clippy
/// counts it: the lines between its braces that hold code.
fn functions(text: &str) -> Vec<Function> {
    let code = String::from_utf8(blanked(text, true)).unwrap_or_default();
    let counted = String::from_utf8(blanked(text, false)).unwrap_or_default();
    let counted: Vec<&str> = counted.lines().collect();
    let b = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let line_of = |at: usize| code[..at].matches('\n').count();
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn") {
        let after = b.get(at + 2).copied().unwrap_or(b'(');
        if (at > 0 && ident(b[at - 1])) || !after.is_ascii_whitespace() {
            continue; // part of a word, or a `fn(..)` pointer type
        }
        let rest = code[at + 2..].trim_start();
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        // The body opens at the first `{` outside the signature's brackets;
        // a `;` first means a declaration without one.
        let mut depth = 0i32;
        let mut open = None;
        for (i, &c) in b.iter().enumerate().skip(at) {
            match c {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b'{' if depth == 0 => {
                    open = Some(i);
                    break;
                }
                b';' if depth == 0 => break,
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let mut depth = 0usize;
        let close = b[open..].iter().position(|&c| {
            match c {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                _ => {}
            }
            depth == 0
        });
        let Some(close) = close.map(|n| open + n) else {
            continue;
        };
        let (first, last) = (line_of(open), line_of(close));
        let lines = counted
            .get(first + 1..last)
            .unwrap_or_default()
            .iter()
            .filter(|l| !l.trim().is_empty())
            .count();
        out.push(Function {
            name,
            line: line_of(at) + 1,
            lines,
        });
    }
    out
}

/// Whether an attribute line allows `too_many_lines` with a reason: a
/// `reason = "…"` or a `// …` comment after it.
fn says_why(line: &str) -> bool {
    let t = line.trim();
    if !(t.starts_with("#[") && t.contains("clippy::too_many_lines")) {
        return false;
    }
    let comment = t.split_once("]//").or_else(|| t.split_once("] //"));
    t.contains("reason = \"") || comment.is_some_and(|(_, why)| !why.trim().is_empty())
}

#[test]
fn every_long_function_is_split_or_says_why() {
    let mut faults = Vec::new();
    for (path, text) in src_files() {
        let lines: Vec<&str> = text.lines().collect();
        for f in functions(&text) {
            if f.lines <= MAX_FN_LINES {
                continue;
            }
            // The attributes and doc comments right above the `fn`.
            let above = lines[..f.line - 1].iter().rev().take_while(|l| {
                let t = l.trim_start();
                t.starts_with("#[") || t.starts_with("//")
            });
            if !above.clone().any(|l| says_why(l)) {
                faults.push(format!(
                    "{path}:{}: fn {} has {} lines of code: split it, or say why above it with `#[allow(clippy::too_many_lines)] // <why>`",
                    f.line, f.name, f.lines
                ));
            }
        }
        for (n, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            if t.starts_with("#[") && t.contains("clippy::too_many_lines") && !says_why(line) {
                faults.push(format!(
                    "{path}:{}: an allow of too_many_lines without a one-line reason",
                    n + 1
                ));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "functions over {MAX_FN_LINES} lines:\n{}",
        faults.join("\n")
    );
}

#[test]
fn functions_are_counted_as_clippy_counts_them() {
    let text = "/// docs\n\
                pub(crate) fn outer(a: [u8; 2]) -> impl Fn() {\n\
                    // a comment\n\
                \n\
                    let s = \"{ not a brace // nor a comment\";\n\
                    fn inner() {}\n\
                    move || {}\n\
                }\n\
                type F = fn(u8);\n\
                trait T { fn declared(&self); }\n";
    let found = functions(text);
    let found: Vec<(&str, usize, usize)> = found
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines))
        .collect();
    assert_eq!(found, [("outer", 2, 3), ("inner", 6, 0)]);
    assert!(says_why(
        "    #[allow(clippy::too_many_lines)] // one arm per kind"
    ));
    assert!(says_why(
        "#[expect(clippy::too_many_lines, reason = \"one arm per kind\")]"
    ));
    assert!(!says_why("#[allow(clippy::too_many_lines)]"));
    assert!(!says_why("#[allow(clippy::too_many_lines)] //"));
}

// ---------------------------------------------------------------------------
// Signs: what the docs and comments point to exists.

/// The top folder of the repository.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The source folders and files whose text is checked, from the top.
const TEXT_ROOTS: &[&str] = &[
    "src",
    "cli/src",
    "cli/tests",
    "tests",
    "benches",
    "scripts",
    "web/src",
    "web/app",
    "web/tests",
    "docs",
    "README.md",
    "CONTRIBUTING.md",
    "fuzz/README.md",
    "fuzz/fuzz_targets",
];

/// Every file under `path` (itself, if a file), sorted; builds' and
/// fuzzers' outputs are skipped.
fn files_under(path: &Path, out: &mut Vec<PathBuf>) {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if matches!(name, "target" | "node_modules" | ".git") || path.ends_with("fuzz/corpus") {
        return;
    }
    if path.is_file() {
        out.push(path.to_path_buf());
        return;
    }
    let Ok(dir) = std::fs::read_dir(path) else {
        return;
    };
    let mut entries: Vec<PathBuf> = dir.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for entry in entries {
        files_under(&entry, out);
    }
}

/// Every text file of [`TEXT_ROOTS`], as (path from the top, text).
fn texts() -> Vec<(String, String)> {
    let root = repo();
    let mut files = Vec::new();
    for r in TEXT_ROOTS {
        files_under(&root.join(r), &mut files);
    }
    files
        .into_iter()
        .filter_map(|f| {
            let text = std::fs::read_to_string(&f).ok()?;
            let shown = f.strip_prefix(&root).unwrap_or(&f);
            Some((shown.to_string_lossy().replace('\\', "/"), text))
        })
        .collect()
}

/// Whether `line` cites an entry of an issue tracker: the word `issue` or
/// `issues`, in any case, then spaces and a number.
fn cites_an_issue(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.match_indices("issue").any(|(at, _)| {
        let before = lower[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            return false;
        }
        let rest = &lower[at + "issue".len()..];
        let rest = rest.strip_prefix('s').unwrap_or(rest);
        let digits = rest.trim_start_matches(' ');
        digits.len() < rest.len() && digits.starts_with(|c: char| c.is_ascii_digit())
    })
}

#[test]
fn no_text_cites_an_issue_tracker() {
    let mut found = Vec::new();
    for (path, text) in texts() {
        for (n, line) in text.lines().enumerate() {
            if cites_an_issue(line) {
                found.push(format!("{path}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "say what the thing is, not which tracker entry asked for it (the tracker is not in the repository):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_issue_pattern_is_read_as_meant() {
    // Written with `{}` so that this file does not cite one itself.
    assert!(cites_an_issue(&format!(
        "//! Dice notation (issue {}): keep",
        30
    )));
    assert!(cites_an_issue(&format!("Exact odds (Issues {} and 14)", 5)));
    assert!(cites_an_issue(&format!("ISSUE  {}", 12)));
    assert!(!cites_an_issue("no issue here, 12 times"));
    assert!(!cites_an_issue("tissue 3"));
    assert!(!cites_an_issue("issues: 3"));
}

/// The top folders a path named in the docs starts with.
const PATH_ROOTS: &[&str] = &[
    "src/", "cli/", "web/", "tests/", "docs/", "rules/", "benches/", "scripts/", "fuzz/",
];

/// The endings of a path to a file.
const EXTENSIONS: &[&str] = &[
    ".rs", ".md", ".rules", ".sh", ".js", ".mjs", ".css", ".html", ".toml", ".json", ".pest",
    ".png",
];

/// Folders that builds and runs write, absent from a clean checkout.
const WRITTEN: &[&str] = &["web/pkg/", "web/dist/", "fuzz/artifacts/", "fuzz/coverage/"];

/// The paths a line names: a word starting with one of [`PATH_ROOTS`]
/// (after `../` and `./`), cut at an anchor or a `:line`, and at a
/// placeholder (`<target>`, `*`, `…`, `{a,b}`) to the folder before it;
/// kept if it ends in `/` or one of [`EXTENSIONS`].
fn named_paths(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let separator = |c: char| c.is_whitespace() || "`'\"()[]|,;=".contains(c);
    for word in line.split(separator) {
        if word.contains("://") {
            continue;
        }
        let mut p = word;
        while let Some(rest) = p.strip_prefix("../").or_else(|| p.strip_prefix("./")) {
            p = rest;
        }
        if !PATH_ROOTS.iter().any(|r| p.starts_with(r)) {
            continue;
        }
        let mut p = p.split(['#', ':']).next().unwrap_or("");
        if let Some(at) = p.find(['*', '<', '{', '…', '$']).or_else(|| p.find("...")) {
            p = &p[..=p[..at].rfind('/').unwrap_or(0)];
        }
        let p = p.trim_end_matches('.');
        if p.ends_with('/') || EXTENSIONS.iter().any(|e| p.ends_with(e)) {
            out.push(p.to_string());
        }
    }
    out
}

/// The test targets a `cargo … --test NAME` may name: the library's and
/// every `[[test]]` of the members' manifests.
fn test_targets() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for manifest in ["Cargo.toml", "cli/Cargo.toml", "web/Cargo.toml"] {
        let text = std::fs::read_to_string(repo().join(manifest)).unwrap_or_default();
        for section in text.split("[[").skip(1) {
            let Some(body) = section.strip_prefix("test]]") else {
                continue;
            };
            let name = body.lines().find_map(|l| {
                let (key, value) = l.split_once('=')?;
                (key.trim() == "name").then(|| value.trim().trim_matches('"').to_string())
            });
            names.extend(name);
        }
    }
    names
}

/// The `NAME`s of `--test NAME` on a line that runs cargo.
fn named_tests(line: &str) -> Vec<String> {
    let Some(cargo) = line.find("cargo ") else {
        return Vec::new();
    };
    line[cargo..]
        .match_indices("--test")
        .filter_map(|(at, _)| {
            let rest = &line[cargo + at + "--test".len()..];
            let rest = rest.strip_prefix([' ', '='])?;
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
                .collect();
            // `NAME` and the like are placeholders.
            let placeholder = name.chars().all(|c| c.is_ascii_uppercase() || c == '_');
            (!name.is_empty() && !placeholder).then_some(name)
        })
        .collect()
}

/// The lines whose paths are checked: every line of the Markdown docs, and
/// the `//!` and `///` lines of the Rust sources. With each, whether it is
/// a doc line; the `cargo … --test` commands are checked on every line.
fn signposts() -> Vec<(String, usize, String, bool)> {
    let markdown = |p: &str| {
        matches!(
            p,
            "README.md" | "CONTRIBUTING.md" | "web/README.md" | "fuzz/README.md"
        ) || (Path::new(p).parent() == Some(Path::new("docs"))
            && Path::new(p).extension().is_some_and(|e| e == "md"))
    };
    let mut out = Vec::new();
    let mut sources = texts();
    let web_readme = "web/README.md";
    if let Ok(text) = std::fs::read_to_string(repo().join(web_readme)) {
        sources.push((web_readme.to_string(), text));
    }
    for (path, text) in sources {
        let rust = Path::new(&path).extension().is_some_and(|e| e == "rs");
        let md = markdown(&path);
        for (n, line) in text.lines().enumerate() {
            let t = line.trim_start();
            let doc = md || (rust && (t.starts_with("//!") || t.starts_with("///")));
            out.push((path.clone(), n + 1, line.to_string(), doc));
        }
    }
    out
}

#[test]
fn the_paths_and_test_targets_the_docs_name_exist() {
    let root = repo();
    let targets = test_targets();
    let mut stale = Vec::new();
    for (path, n, line, doc) in signposts() {
        // A doc comment of a member may name a path from that member.
        let member = ["cli/", "web/", "fuzz/"]
            .into_iter()
            .find(|m| path.starts_with(m))
            .unwrap_or("");
        let here = Path::new(&path).parent().unwrap_or(Path::new(""));
        for p in named_paths(&line).into_iter().filter(|_| doc) {
            let exists = WRITTEN.iter().any(|w| p.starts_with(w))
                || root.join(&p).exists()
                || root.join(member).join(&p).exists()
                || root.join(here).join(&p).exists();
            if !exists {
                stale.push(format!("{path}:{n}: `{p}` does not exist"));
            }
        }
        for t in named_tests(&line) {
            if !targets.contains(&t) {
                stale.push(format!(
                    "{path}:{n}: `--test {t}` names no test target (there are: {})",
                    targets.iter().cloned().collect::<Vec<_>>().join(", ")
                ));
            }
        }
    }
    assert!(stale.is_empty(), "stale signs:\n{}", stale.join("\n"));
}

#[test]
fn paths_and_test_names_are_read_as_meant() {
    assert_eq!(
        named_paths("see [`x`](../cli/src/fuzzing.rs), `src/odds/…` and src/lib.rs:12."),
        ["cli/src/fuzzing.rs", "src/odds/", "src/lib.rs"]
    );
    assert_eq!(
        named_paths("fuzz/corpus/<target>/ and benches/*.rs, https://x.org/src/a.rs"),
        ["fuzz/corpus/", "benches/"]
    );
    assert_eq!(
        named_paths("src/syntax and docs/limits.md#measured"),
        ["docs/limits.md"]
    );
    assert_eq!(
        named_tests("cargo test -p chartwright-cli --test integration fuzz_corpus"),
        ["integration"]
    );
    assert_eq!(named_tests("node --test tests/"), Vec::<String>::new());
    assert!(test_targets().contains("integration") && test_targets().contains("allocations"));
}

#[test]
fn performance_doc_is_at_most_250_lines() {
    let text =
        std::fs::read_to_string(repo().join("docs/performance.md")).expect("docs/performance.md");
    let lines = text.lines().count();
    assert!(
        lines <= 250,
        "docs/performance.md has {lines} lines: keep the current figures, one line each; history lives in git log"
    );
}
