//! Code lenses: over each chart with `expect` lines, whether they hold
//! ("12 expectations hold", "1 of 12 fails"), checked as `chartwright
//! test` checks them. The lens is a label: its command runs nothing (the
//! expectations were run to write it).

use super::analysis::Analysis;
use super::expectations::{summary, Checked};
use super::text::LineIndex;
use lsp_types::{CodeLens, Command};

/// A lens over every chart that has `expect` lines, read from the last
/// text that loaded and placed on the chart's declaration now.
pub fn lenses(analysis: &Analysis) -> Vec<CodeLens> {
    let (Some(good), Some((outline, text))) = (&analysis.good, analysis.outline_now()) else {
        return Vec::new();
    };
    let results = good.expectations();
    let index = LineIndex::new(text);
    outline
        .declarations
        .iter()
        .filter(|d| d.kind.is_chart() && d.owner.is_none())
        .filter_map(|d| {
            let mine: Vec<&Checked> = results.iter().filter(|c| c.chart == d.name).collect();
            if mine.is_empty() {
                return None;
            }
            let start = d.span.start as usize;
            Some(CodeLens {
                range: index.range(start, start),
                command: Some(Command::new(summary(&mine), String::new(), None)),
                data: None,
            })
        })
        .collect()
}
