//! A roll's trace (the library's [`Roll::trace`]) as the terminal shows
//! it: titles bold, modifiers signed in colour, the outcome painted, every
//! line wrapped to the width of standard output.

use super::text::{paint, width, wrap, BOLD, DIM, GOOD, MINUS, PLUS};
use chartwright::trace::TraceLine;
use chartwright::Roll;
use std::fmt::Write;

/// A roll trace (the library's [`Roll::trace`]), painted and wrapped to the
/// width of standard output.
pub fn roll(r: &Roll) -> String {
    let width = width();
    let mut out = String::new();
    for (depth, line) in r.trace() {
        let pad = " ".repeat(line.indent(depth));
        match &line {
            TraceLine::Title { title, chart } => {
                let _ = writeln!(
                    out,
                    "{pad}{} {}",
                    paint(BOLD, title),
                    paint(DIM, format!("({chart})"))
                );
            }
            TraceLine::Modifier { value, text, name } => {
                let signed = format!("{value:+}");
                let painted = paint(if *value < 0 { MINUS } else { PLUS }, &signed);
                // The value is 4 columns (plus colour codes); the label wraps under itself.
                let lead = format!("{pad}{signed:>4}     ");
                let hang = " ".repeat(lead.chars().count());
                let name = format!("[{name}]");
                for (i, wrapped) in wrap(&format!("{text} {name}"), width, &lead, &hang)
                    .into_iter()
                    .enumerate()
                {
                    let wrapped = if i == 0 {
                        wrapped.replacen(lead.as_str(), &format!("{pad}{painted:>4}     "), 1)
                    } else {
                        wrapped
                    };
                    let wrapped = match wrapped.rfind(&name) {
                        Some(at) => format!("{}{}", &wrapped[..at], paint(DIM, &wrapped[at..])),
                        None => wrapped,
                    };
                    let _ = writeln!(out, "{wrapped}");
                }
            }
            TraceLine::Natural(text) => {
                let _ = writeln!(out, "{pad}{}", paint(BOLD, text));
            }
            TraceLine::Detail(text) => {
                let _ = writeln!(out, "{pad}{}", paint(DIM, text));
            }
            TraceLine::Outcome(text) => {
                let lead = format!("{pad}=> ");
                let hang = " ".repeat(lead.chars().count());
                for (i, wrapped) in wrap(text, width, &lead, &hang).into_iter().enumerate() {
                    // Only the outcome is painted; the wrapper may have trimmed
                    // the lead, so never split at a byte count.
                    let prefix = if i == 0 { &lead } else { &hang };
                    let (indent, text) = match wrapped.strip_prefix(prefix.as_str()) {
                        Some(text) => (prefix.as_str(), text),
                        None => ("", wrapped.as_str()),
                    };
                    let _ = writeln!(out, "{indent}{}", paint(GOOD, text));
                }
            }
            // A step, or a kind of line this CLI predates: as the library writes it.
            _ => {
                let _ = writeln!(out, "{pad}{line}");
            }
        }
    }
    out
}
