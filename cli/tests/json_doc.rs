//! docs/json.md against the binary: every `$ chartwright ... --json`
//! example in it is run, and its output must be the JSON shown under it;
//! every field name that occurs in an output must be described in the
//! page's tables (`` `name` ``); every output carries the schema version.
//!
//! `UPDATE_DOCS=1 cargo test -p chartwright-cli --test integration json_doc`
//! rewrites the JSON blocks from real runs (then read the diff and update
//! the tables).

use serde_json::Value;

const SCHEMA: u64 = 2;

/// (command line, the JSON block under it, where the block's body is).
fn examples(doc: &str) -> Vec<(String, String, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(i) = doc[pos..].find("\n$ chartwright ") {
        let start = pos + i + 3;
        let end = start + doc[start..].find('\n').unwrap_or(doc.len() - start);
        let command = doc[start..end].to_string();
        let open = end
            + doc[end..]
                .find("```json\n")
                .unwrap_or_else(|| panic!("no ```json block after `{command}`"))
            + "```json\n".len();
        let close = open + doc[open..].find("```").expect("the block closes");
        out.push((command, doc[open..close].to_string(), open..close));
        pos = close;
    }
    out
}

fn run(command: &str) -> String {
    let words: Vec<&str> = command.split_whitespace().skip(1).collect();
    let out = crate::common::command()
        .args(&words)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "`{command}` failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

fn keys(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, v) in m {
                if !out.contains(k) {
                    out.push(k.clone());
                }
                keys(v, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

#[test]
fn every_json_example_is_what_the_binary_prints() {
    let path = crate::common::root().join("docs/json.md");
    let doc = std::fs::read_to_string(&path).expect("docs/json.md");
    let examples = examples(&doc);
    assert!(
        examples.len() >= 10,
        "roll, roll --times, odds, both sweeps, diff, its sweep, --across and overview, list"
    );
    for kind in [
        "roll ",
        "odds ",
        "list ",
        "diff ",
        "--sweep -",
        "--sweep morale=",
        "--across",
        "--times",
    ] {
        assert!(
            examples.iter().any(|(c, _, _)| c.contains(kind)),
            "no `{kind}` example"
        );
    }
    let update = std::env::var_os("UPDATE_DOCS").is_some();
    let mut rewritten = doc.clone();
    let mut documented_keys = Vec::new();
    for (command, shown, range) in examples.iter().rev() {
        let printed = run(command);
        let actual: Value = serde_json::from_str(&printed)
            .unwrap_or_else(|e| panic!("`{command}` printed no JSON ({e}):\n{printed}"));
        assert_eq!(
            actual["schema"], SCHEMA,
            "`{command}` has no schema version"
        );
        keys(&actual, &mut documented_keys);
        if update {
            rewritten.replace_range(range.clone(), &printed);
            continue;
        }
        let shown: Value = serde_json::from_str(shown)
            .unwrap_or_else(|e| panic!("the example of `{command}` is not JSON: {e}"));
        assert_eq!(
            actual, shown,
            "`{command}` no longer prints what docs/json.md shows \
             (UPDATE_DOCS=1 cargo test -p chartwright-cli --test integration json_doc rewrites it)"
        );
    }
    if update {
        std::fs::write(&path, rewritten).expect("docs/json.md is writable");
    }
    // Every field is described in a table row: "| `name` |", or a path
    // ending in it, "| `games[].name` |".
    for key in documented_keys {
        assert!(
            doc.contains(&format!("| `{key}` |")) || doc.contains(&format!(".{key}` |")),
            "the field `{key}` is not described in docs/json.md"
        );
    }
}
