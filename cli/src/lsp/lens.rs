//! Code lenses: over each chart with `expect` lines, whether they hold
//! ("12 expectations hold", "1 of 12 fails"), checked as `chartwright
//! test` checks them; in a variant, over the first of its own `expect`
//! lines on each chart of its base (`fire_combat: 3 expectations hold`).
//! The lens is a label: its command runs nothing (the expectations were
//! run to write it).

use super::analysis::Analysis;
use super::text::LineIndex;
use chartwright::editor::{expect_summary as summary, ExpectLine as Checked};
use lsp_types::{CodeLens, Command};

/// A lens over every chart of the file that has `expect` lines, and over
/// the first `expect` line on each chart the file does not declare (a
/// base's); read from the last text that loaded and placed on the text now.
pub fn lenses(analysis: &Analysis) -> Vec<CodeLens> {
    let (Some(good), Some((outline, text))) = (&analysis.good, analysis.outline_now()) else {
        return Vec::new();
    };
    let results: Vec<&Checked> = good.expectations().iter().filter(|c| c.own).collect();
    let index = LineIndex::new(text);
    let lens = |at: usize, title: String| CodeLens {
        range: index.range(at, at),
        command: Some(Command::new(title, String::new(), None)),
        data: None,
    };
    let charts: Vec<_> = outline
        .declarations
        .iter()
        .filter(|d| d.kind.is_chart() && d.owner.is_none())
        .collect();
    let mut lenses: Vec<CodeLens> = charts
        .iter()
        .filter_map(|d| {
            let mine: Vec<&Checked> = results
                .iter()
                .copied()
                .filter(|c| c.chart == d.name)
                .collect();
            (!mine.is_empty()).then(|| lens(d.span.start as usize, summary(&mine)))
        })
        .collect();
    // Another file's charts, each over its first line here, in order.
    let mut others: Vec<&str> = Vec::new();
    for c in &results {
        if !charts.iter().any(|d| d.name == c.chart) && !others.contains(&c.chart.as_str()) {
            others.push(&c.chart);
        }
    }
    for chart in others {
        let mine: Vec<&Checked> = results
            .iter()
            .copied()
            .filter(|c| c.chart == chart)
            .collect();
        // The first line as the text now has it.
        let Some(at) = mine.iter().find_map(|c| line_start(text, &c.line)) else {
            continue;
        };
        lenses.push(lens(at, format!("{chart}: {}", summary(&mine))));
    }
    lenses
}

/// Where the line written `line` (trimmed) starts in `text`.
fn line_start(text: &str, line: &str) -> Option<usize> {
    if line.is_empty() {
        return None;
    }
    let mut at = 0;
    for l in text.split_inclusive('\n') {
        let trimmed = l.trim_start();
        if trimmed.starts_with(line) {
            return Some(at + (l.len() - trimmed.len()));
        }
        at += l.len();
    }
    None
}
