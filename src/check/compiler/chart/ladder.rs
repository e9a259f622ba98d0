//! Ladders: their steps, in one direction, with the sheet's labels.

use super::ChartCx;
use crate::check::error::CompileErrorKind;
use crate::syntax::ast::CompactString;
use crate::syntax::ast::{self};
use crate::syntax::span::Span;

impl ChartCx<'_, '_> {
    /// A ladder's steps: strictly decreasing (the sheet's order, top first)
    /// or strictly increasing, as written; anything else is an error.
    pub(super) fn steps(
        &mut self,
        s: &[ast::Step],
        span: Span,
    ) -> (Vec<crate::number::Num>, Vec<Option<CompactString>>) {
        if s.is_empty() {
            self.error(CompileErrorKind::Empty { what: "ladder" }, span);
        }
        let values: Vec<crate::number::Num> = s.iter().map(|v| v.value.node).collect();
        let down = values.windows(2).all(|w| w[0] > w[1]);
        let up = values.windows(2).all(|w| w[0] < w[1]);
        if !down && !up {
            let at = s
                .windows(2)
                .find(|w| {
                    let first_dir = values.first() > values.get(1);
                    (w[0].value.node > w[1].value.node) != first_dir
                        || w[0].value.node == w[1].value.node
                })
                .map_or(span, |w| w[1].value.span);
            self.error(
                CompileErrorKind::Invalid {
                    message: "a ladder's steps must run one way".into(),
                    help: "list the steps in order from the top of the scale, each \
                           lower than the one before (`steps 80, 60, 40`), or each higher"
                        .into(),
                },
                at,
            );
        }
        let labels = s
            .iter()
            .map(|v| v.label.as_ref().map(|l| l.text.clone()))
            .collect();
        (values, labels)
    }
}
