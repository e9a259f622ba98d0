//! A pool's `report` clause: which counts its outcome names.

use super::ChartCx;
use crate::check::error::CompileErrorKind;
use crate::check::tree::Stage;
use crate::syntax::ast::CompactString;
use crate::syntax::ast::{self, Clause};
use crate::syntax::span::Span;
use foldhash::HashMap;

impl ChartCx<'_, '_> {
    /// Each count of a pool has its own name (`per NAME` and `report NAME`
    /// pick a count by it): a name counted twice is an error.
    pub(super) fn counts_named_once(&mut self, clauses: &[Clause]) {
        let mut seen: HashMap<&str, Span> = HashMap::default();
        for clause in clauses {
            let (Clause::Count(stage) | Clause::Per { stage, .. }) = clause else {
                continue;
            };
            let name = &stage.name;
            if let Some(&first) = seen.get(name.name.as_str()) {
                self.error(
                    CompileErrorKind::Duplicate {
                        what: "count",
                        name: name.name.to_string(),
                        first,
                    },
                    name.span,
                );
            } else {
                seen.insert(&name.name, name.span);
            }
        }
    }

    /// Marks the stages `report` names (`names[i]` is stage `i`'s count) and
    /// no others; an unknown name or one named twice is an error.
    pub(super) fn report(
        &mut self,
        reported: &[ast::Ident],
        names: &[CompactString],
        stages: &mut [Stage],
    ) {
        for stage in stages.iter_mut() {
            stage.reported = false;
        }
        let mut seen: HashMap<&str, Span> = HashMap::default();
        for ident in reported {
            if let Some(&first) = seen.get(ident.name.as_str()) {
                self.error(
                    CompileErrorKind::ReportedTwice {
                        name: ident.name.to_string(),
                        first,
                    },
                    ident.span,
                );
                continue;
            }
            seen.insert(&ident.name, ident.span);
            let mut found = false;
            for (stage, name) in stages.iter_mut().zip(names) {
                if *name == ident.name {
                    stage.reported = true;
                    found = true;
                }
            }
            if !found {
                let suggestion = crate::check::suggest::closest(
                    &ident.name,
                    names.iter().map(CompactString::as_str),
                );
                self.error(
                    CompileErrorKind::Unknown {
                        what: "count",
                        name: ident.name.to_string(),
                        suggestion,
                    },
                    ident.span,
                );
            }
        }
        // After an error, report every count rather than none (the chart
        // is not run, but its tree stays well formed).
        if stages.iter().all(|s| !s.reported) {
            for stage in stages.iter_mut() {
                stage.reported = true;
            }
        }
    }
}
