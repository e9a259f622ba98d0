//! `list`: the charts of a ruleset with their dice, kinds and titles, and
//! what each takes at roll time.

use chartwright::Ruleset;
use std::fmt::Write;

/// The charts of a ruleset with what each takes.
#[must_use]
pub fn list(ruleset: &Ruleset) -> String {
    let mut out = String::new();
    for game in ruleset.games() {
        let (name, title, version) = (game.name, game.title, game.version);
        let _ = writeln!(out, "{title} (version {version}) [{name}]");
        for c in ruleset.charts().filter(|c| c.game() == name) {
            out.push_str(&list_chart(&c));
        }
    }
    out
}

/// One chart and what it takes, as `list` prints it.
#[must_use]
pub fn list_chart(c: &chartwright::ChartRef<'_>) -> String {
    let mut out = String::new();
    let dice = c.dice().map_or(String::new(), |d| format!(" {d}"));
    let _ = writeln!(
        out,
        "  {:<28} {:<10}{dice}  {}",
        c.name(),
        c.kind(),
        c.title()
    );
    for i in c.inputs() {
        let what = match &i.kind {
            chartwright::InputKind::Flag(Some(v)) => format!("{v:+}"),
            chartwright::InputKind::Flag(None) => "flag".into(),
            chartwright::InputKind::Param { bounds, default } => {
                let b = bounds.map_or(String::new(), |(l, h)| format!(" {l}..{h}"));
                let d = default.map_or(String::new(), |d| format!(" default {d}"));
                format!("=N{b}{d}")
            }
            chartwright::InputKind::Choice { options } => format!(
                "={}",
                options
                    .iter()
                    .map(|o| o.0.as_str())
                    .collect::<Vec<_>>()
                    .join("|")
            ),
            _ => String::new(),
        };
        let _ = writeln!(out, "      {:<26} {what:<12} {}", i.name, i.label);
    }
    out
}
