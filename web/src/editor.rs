//! Hover and completion in the playground's editors, answered by the
//! library's [`chartwright::editor`] as the language server answers them:
//! on a chart's name its kind, dice and exact odds in the sheet picture's
//! situation; on a grid (a modifier set, notes) its table as `show`
//! prints it; on a modifier its value and label; on an `expect` line
//! whether it holds and what the chart gives; on a variant's change the
//! base's declaration and the chart's diff; completions of keywords and
//! declared names, a variant's bundled base's names too.
//!
//! Offsets are UTF-16 code units, as JavaScript strings count them; the
//! library's are bytes, converted at this edge.

use chartwright::compare::Pairing;
use chartwright::editor::{
    change_situation, change_target, changed_declaration, completions, declaration_of,
    example_odds, expect_line_on, expect_lines, word_at, CompletionKind,
};
use chartwright::{json, outline, BaseName, Declaration, Outline, Ruleset as Rules, SourceId};
use serde_json::{json, Value};

/// The byte offset of a UTF-16 offset into `text` (clamped to its end; an
/// offset inside a surrogate pair is its character's start).
fn byte_offset(text: &str, utf16: usize) -> usize {
    let mut units = 0;
    for (i, c) in text.char_indices() {
        units += c.len_utf16();
        if units > utf16 {
            return i;
        }
    }
    text.len()
}

/// The UTF-16 offset of a byte offset into `text`.
fn utf16_offset(text: &str, byte: usize) -> usize {
    text.get(..byte).map_or(0, |t| t.encode_utf16().count())
}

/// How many lines the parser stops at are left out, one after another, to
/// find an outline of a text that does not parse.
const LINES_LEFT_OUT: usize = 3;

/// The text's outline, and its bundled base's when it is a variant.
fn outlines(text: &str) -> (Option<Outline>, Option<Outline>) {
    let limit = chartwright::Limits::default().max_input_bytes;
    let own = (text.len() <= limit).then(|| own_outline(text)).flatten();
    let base = match own.as_ref().and_then(|o| o.base.as_ref()) {
        Some(BaseName::Bundled(name)) => chartwright::bundled::source(name)
            .and_then(|source| outline(SourceId::new(0), source).ok()),
        _ => None,
    };
    (own, base)
}

/// A text that does not parse is mostly a line being typed: its outline is
/// then the text's without the lines the parser stops at (up to
/// [`LINES_LEFT_OUT`]).
fn own_outline(text: &str) -> Option<Outline> {
    let mut now = text.to_owned();
    for _ in 0..=LINES_LEFT_OUT {
        match outline(SourceId::new(0), &now) {
            Ok(o) => return Some(o),
            Err(e) => {
                let shorter = without_line(&now, e.span.start as usize);
                if shorter.len() == now.len() {
                    return None;
                }
                now = shorter;
            }
        }
    }
    None
}

/// `text` with the line of byte `offset` emptied (its line break kept).
fn without_line(text: &str, offset: usize) -> String {
    let offset = offset.min(text.len());
    let start = text
        .get(..offset)
        .and_then(|t| t.rfind('\n'))
        .map_or(0, |i| i + 1);
    let end = text
        .get(offset..)
        .and_then(|t| t.find('\n'))
        .map_or(text.len(), |i| offset + i);
    let mut out = String::with_capacity(text.len());
    out.push_str(text.get(..start).unwrap_or(""));
    out.push_str(text.get(end..).unwrap_or(""));
    out
}

/// What the name at `at` in `text` is, or `Value::Null` where no declared
/// name stands and the line says nothing: `{from, to, name, kind, owner,
/// label, value}`, and for a chart of `rules` (the last rules of this
/// editor that loaded) `title`, `dice`, then `situation` and `odds`
/// (`chartwright odds --json`'s document) or `odds_error`, or `table` for
/// a chart not rolled. On an `expect` line or a variant's change, `line`
/// says what the line does.
#[must_use]
pub fn hover(rules: Option<&Rules>, text: &str, at: usize) -> Value {
    let offset = byte_offset(text, at);
    let (own, base) = outlines(text);
    let line = rules.and_then(|r| line_of(r, text, offset, base.as_ref()));
    let word = word_at(text, offset);
    let declared = word.as_ref().and_then(|word| {
        own.as_ref()
            .and_then(|o| declaration_of(o, word))
            .or_else(|| declaration_of(base.as_ref()?, word))
    });
    let (Some(word), Some(d)) = (word, declared) else {
        return line.map_or(Value::Null, |(from, to, line)| {
            json!({"from": utf16_offset(text, from), "to": utf16_offset(text, to), "line": line})
        });
    };
    let mut out = json!({
        "from": utf16_offset(text, word.start),
        "to": utf16_offset(text, word.end),
        "name": d.name,
        "kind": d.kind.as_str(),
        "owner": d.owner,
        "label": d.label,
        "value": d.value,
    });
    if let Some(chart) = chart_of(rules, d) {
        merge(&mut out, chart);
    }
    if let Some((_, _, line)) = line {
        out["line"] = line;
    }
    out
}

/// What the line at byte `offset` does, with its byte range: on an
/// `expect` line `{kind: "expect", holds, verdict, help, actual}`; on a
/// variant's change `{kind: "change", declared: {kind, name, text},
/// chart, situation}` and the chart's `diff` there (`chartwright diff
/// --json`'s document) or `diff_error`. The base is the variant's bundled
/// game (`base`, its outline), as the playground's variants name one.
fn line_of(
    rules: &Rules,
    text: &str,
    offset: usize,
    base: Option<&Outline>,
) -> Option<(usize, usize, Value)> {
    let start = text.get(..offset)?.rfind('\n').map_or(0, |i| i + 1);
    let end = text
        .get(offset..)?
        .find('\n')
        .map_or(text.len(), |i| offset + i);
    let written = text.get(start..end)?;
    let skipped = written.len() - written.trim_start().len();
    let (from, to) = (start + skipped, start + written.trim_end().len());
    let words = written.trim();
    if words.starts_with("expect") {
        let lines = expect_lines(rules, text);
        let e = expect_line_on(&lines, words)?;
        let failure = e.failure.as_ref();
        let line = json!({
            "kind": "expect",
            "holds": failure.is_none(),
            "verdict": failure.map_or_else(
                || "This expectation holds.".to_owned(),
                |f| format!("This expectation fails: {f}."),
            ),
            "help": failure.and_then(|f| f.help.clone()),
            "actual": e.actual(rules),
        });
        return Some((from, to, line));
    }
    let target = change_target(words)?;
    let base = base?;
    let Some(BaseName::Bundled(name)) = own_outline(text)?.base else {
        return None;
    };
    let base_text = chartwright::bundled::source(&name)?;
    let (declared, shown) = changed_declaration(base, base_text, &target)?;
    let chart = target.owner.unwrap_or(target.name);
    let mut line = json!({
        "kind": "change",
        "declared": {"kind": declared.kind.as_str(), "name": declared.name, "text": shown},
        "chart": chart,
    });
    // The chart's diff in the situation its sheet picture shows.
    let base_rules = Rules::from_file(&name).ok()?;
    if let Some((b, v)) = Pairing::only_games(&base_rules, rules)
        .ok()
        .and_then(|pair| pair.chart(chart).ok())
    {
        let situation = change_situation(&v, &target);
        match chartwright::OddsDiff::compare(&b, &v, &situation) {
            Ok(d) => line["diff"] = json::versioned(json::diff(&d, &b.qualified_name())),
            Err(e) => line["diff_error"] = Value::String(e.to_string()),
        }
        line["situation"] = Value::String(situation.text().to_owned());
    }
    Some((from, to, line))
}

/// A chart's part of the hover: its title and dice, and its odds in the
/// sheet picture's situation (or its table, when it is not rolled).
fn chart_of(rules: Option<&Rules>, d: &Declaration) -> Option<Value> {
    if !d.kind.is_chart() {
        return None;
    }
    let chart = rules?.chart(&d.name).ok()?;
    let Some(dice) = chart.dice() else {
        return Some(json!({"title": chart.title(), "dice": null, "table": chart.render()}));
    };
    let (choices, odds) = example_odds(&chart);
    let mut out = json!({"title": chart.title(), "dice": dice, "situation": choices.text()});
    match odds {
        Ok(o) => out["odds"] = json::versioned(json::odds(&o)),
        Err(e) => out["odds_error"] = Value::String(e.to_string()),
    }
    Some(out)
}

/// Adds `more`'s fields to `out`.
fn merge(out: &mut Value, more: Value) {
    if let (Some(out), Value::Object(more)) = (out.as_object_mut(), more) {
        out.extend(more);
    }
}

/// The completions at `at` in `text`: `{from, to, options: [{label, kind,
/// detail}]}`, where `from`..`to` is the part of a name already typed
/// (what a picked option replaces) and `kind` is `keyword` or a
/// declaration's kind (`table`, `modifier`, …).
#[must_use]
pub fn complete(text: &str, at: usize) -> Value {
    let offset = byte_offset(text, at);
    let (own, base) = outlines(text);
    let typed_from = text.get(..offset).map_or(offset, |head| {
        head.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_')
            .len()
    });
    let outlines: Vec<&Outline> = own.iter().chain(base.as_ref()).collect();
    let options: Vec<Value> = completions(&outlines, text, offset)
        .into_iter()
        .map(|c| {
            let kind = match c.kind {
                CompletionKind::Declared(kind) => kind.as_str(),
                _ => "keyword",
            };
            json!({"label": c.label, "kind": kind, "detail": c.detail})
        })
        .collect();
    json!({
        "from": utf16_offset(text, typed_from),
        "to": utf16_offset(text, offset),
        "options": options,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "game \"G\" version \"1\"\ntable hit \"Hit\" {\n  roll d6\n  modifiers { cover -1 \"In cover\" }\n  rows { 2 or less => \"Miss\" 3-6 => \"Hit\" }\n}\n";

    #[test]
    fn utf16_offsets_convert_both_ways() {
        // `𝔡` is two UTF-16 units and four bytes.
        let text = "𝔡 hit";
        assert_eq!(byte_offset(text, 3), 5);
        assert_eq!(byte_offset(text, 1), 0);
        assert_eq!(byte_offset(text, 99), text.len());
        assert_eq!(utf16_offset(text, 5), 3);
    }

    #[test]
    fn a_chart_hovers_with_its_odds_and_a_modifier_with_its_value() {
        let rules = Rules::from_str("g", GAME).unwrap();
        let at = GAME.find("hit").unwrap() + 1;
        let h = hover(Some(&rules), GAME, at);
        let from = GAME.find("hit").unwrap() as u64;
        assert_eq!(
            (h["from"].as_u64(), h["to"].as_u64()),
            (Some(from), Some(from + 3))
        );
        assert_eq!(h["dice"], "d6");
        // Rows 2 or less and 3-6 of a d6, out of cover: 2/6 and 4/6.
        let probabilities: Vec<&str> = h["odds"]["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["probability"].as_str().unwrap())
            .collect();
        assert_eq!(probabilities, ["1/3", "2/3"]);
        let h = hover(Some(&rules), GAME, GAME.find("cover").unwrap());
        assert_eq!(
            (&h["kind"], &h["value"], &h["label"]),
            (&json!("modifier"), &json!("-1"), &json!("In cover"))
        );
        // Without rules that loaded, the outline still answers.
        assert_eq!(hover(None, GAME, at)["kind"], "table");
        assert!(hover(None, GAME, GAME.find("roll").unwrap()).is_null());
    }

    #[test]
    fn a_line_being_typed_leaves_the_rest_of_the_outline() {
        let text = format!("{GAME}expect hit.co");
        let h = hover(None, &text, GAME.find("hit").unwrap());
        assert_eq!(h["kind"], "table");
        assert!(hover(None, "table {{{", 2).is_null());
    }

    #[test]
    fn an_expect_line_says_whether_it_holds_and_what_the_chart_gives() {
        // Rows 3-6 of a d6 out of cover: "Hit" is 2/3, not 1/2.
        let text = format!("{GAME}expect hit => \"Hit\" 1/2  # wrong\n");
        let rules = Rules::from_str("g", &text).unwrap();
        let at = text.rfind("=>").unwrap();
        let h = hover(Some(&rules), &text, at);
        let line = &h["line"];
        assert_eq!(line["kind"], "expect");
        assert_eq!(line["holds"], false);
        assert!(
            line["verdict"]
                .as_str()
                .unwrap()
                .contains("expected `Hit` 1/2, got `Hit` 2/3"),
            "{line}"
        );
        assert_eq!(line["actual"], "The chart gives `Hit` 2/3 (66.67%).");
        // The whole line is what the hover covers.
        let from = text.find("expect").unwrap() as u64;
        assert_eq!(h["from"].as_u64(), Some(from));
        assert_eq!(h["to"].as_u64(), Some(text.len() as u64 - 1));
        // On the chart's name, the line and the chart both.
        let h = hover(Some(&rules), &text, from as usize + 8);
        assert_eq!(
            (&h["kind"], &h["line"]["kind"]),
            (&json!("table"), &json!("expect"))
        );
    }

    #[test]
    fn a_change_says_what_it_changes_in_the_bundled_base_and_the_diff() {
        let text = "variant \"Mud\" of first_echelon version \"1\"\nchange bog_down.tracked +1\n";
        let rules = Rules::from_str("mud", text).unwrap();
        let h = hover(Some(&rules), text, text.find("change").unwrap() + 2);
        let line = &h["line"];
        assert_eq!(line["kind"], "change", "{h}");
        assert_eq!(line["declared"]["kind"], "modifier");
        assert_eq!(line["declared"]["name"], "tracked");
        assert_eq!(line["chart"], "bog_down");
        // The base's +2 for tracked against the variant's +1, in the
        // sheet's situation with `tracked` given: Traverse changes.
        let outcomes = line["diff"]["outcomes"].as_array().expect("a diff");
        let traverse = outcomes
            .iter()
            .find(|o| o["outcome"] == "Traverse")
            .expect("Traverse");
        assert_ne!(traverse["base"], traverse["variant"], "{line}");
        assert_eq!(line["situation"], "tracked");
        // A game's line is no change.
        assert!(hover(Some(&rules), GAME, 0).is_null());
    }

    #[test]
    fn completion_replaces_what_is_typed() {
        let text = format!("{GAME}expect hit.co");
        let c = complete(&text, text.len());
        assert_eq!(c["to"].as_u64(), Some(text.len() as u64));
        assert_eq!(c["from"].as_u64(), Some(text.len() as u64 - 2));
        assert_eq!(c["options"][0]["label"], "cover");
        assert_eq!(c["options"][0]["kind"], "modifier");
    }
}
