//! Hover and completion in the playground's editors, answered by the
//! library's [`chartwright::editor`] as the language server answers them:
//! on a chart's name its kind, dice and exact odds in the sheet picture's
//! situation; on a grid (a modifier set, notes) its table as `show`
//! prints it; on a modifier its value and label; completions of keywords
//! and declared names, a variant's bundled base's names too.
//!
//! Offsets are UTF-16 code units, as JavaScript strings count them; the
//! library's are bytes, converted at this edge.

use chartwright::editor::{completions, declaration_of, example_odds, word_at, CompletionKind};
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
/// name stands: `{from, to, name, kind, owner, label, value}`, and for a
/// chart of `rules` (the last rules of this editor that loaded) `title`,
/// `dice`, then `situation` and `odds` (`chartwright odds --json`'s
/// document) or `odds_error`, or `table` for a chart not rolled.
#[must_use]
pub fn hover(rules: Option<&Rules>, text: &str, at: usize) -> Value {
    let offset = byte_offset(text, at);
    let (own, base) = outlines(text);
    let Some(word) = word_at(text, offset) else {
        return Value::Null;
    };
    let declared = own
        .as_ref()
        .and_then(|o| declaration_of(o, &word))
        .or_else(|| declaration_of(base.as_ref()?, &word));
    let Some(d) = declared else {
        return Value::Null;
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
    out
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
    fn completion_replaces_what_is_typed() {
        let text = format!("{GAME}expect hit.co");
        let c = complete(&text, text.len());
        assert_eq!(c["to"].as_u64(), Some(text.len() as u64));
        assert_eq!(c["from"].as_u64(), Some(text.len() as u64 - 2));
        assert_eq!(c["options"][0]["label"], "cover");
        assert_eq!(c["options"][0]["kind"], "modifier");
    }
}
