//! A grid looked up from a chart: each key read from the chart's input of
//! that choice, or fixed to one option by `from GRID at OPTION`, so that
//! several modifiers read rows of one shift table.

use super::ChartCx;
use crate::check::error::CompileErrorKind;
use crate::check::tree::{ChoiceId, GridId, GridRef, KeyRead, SlotKind};
use crate::syntax::ast;

impl ChartCx<'_, '_> {
    /// A grid looked up with this chart's slots for its keys.
    pub(super) fn grid_ref(&mut self, ident: &ast::Ident) -> Option<GridRef> {
        self.grid_ref_at(ident, &[])
    }

    /// A grid looked up with the options of `at` for the keys they fix and
    /// this chart's slots for the others; `None` (reported) where a key's
    /// choice is something else here or `at` does not fit the grid.
    pub(super) fn grid_ref_at(&mut self, ident: &ast::Ident, at: &[ast::Ident]) -> Option<GridRef> {
        let &grid = self.sc.games[self.game].grids.get(ident.name.as_str())?;
        let at = self.fixed_keys(grid, ident, at)?;
        let keys_ids = self.program.grids[grid].keys.clone();
        let mut keys = Vec::new();
        for (k, c) in keys_ids.into_iter().enumerate() {
            if let Some(option) = at.get(k).copied().flatten() {
                keys.push(KeyRead::Fixed(option));
                continue;
            }
            let name = self.choice(c).name.clone();
            match self.lookup_slot(&name, ident.span) {
                Some(s) if self.slots[s].kind == SlotKind::Choice(c) => keys.push(KeyRead::Slot(s)),
                _ => {
                    self.error(
                        CompileErrorKind::Invalid {
                            message: format!(
                                "grid `{}` is keyed by the choice `{name}`, which this chart \
                                 declares as something else",
                                ident.name
                            ),
                            help: format!("rename the chart's own `{name}`"),
                        },
                        ident.span,
                    );
                    return None;
                }
            }
        }
        let r = GridRef {
            grid,
            keys,
            name: ident.name.clone(),
            span: ident.span,
            sets_bounds: false,
        };
        if !self.keys_optional {
            self.required.extend(r.slots());
        }
        Some(r)
    }

    /// Per key of `grid`, the option `at` fixes it to (empty where `at` is):
    /// each option must be of exactly one key, one option a key, and one key
    /// at least left to the situation. `None` once something is reported.
    fn fixed_keys(
        &mut self,
        grid: GridId,
        ident: &ast::Ident,
        at: &[ast::Ident],
    ) -> Option<Vec<Option<usize>>> {
        if at.is_empty() {
            return Some(Vec::new());
        }
        let key_ids = self.program.grids[grid].keys.clone();
        let mut fixed: Vec<Option<usize>> = vec![None; key_ids.len()];
        let mut ok = true;
        for option in at {
            let owners: Vec<(usize, usize)> = key_ids
                .iter()
                .enumerate()
                .filter_map(|(k, &c)| Some((k, self.option_of(c, &option.name)?)))
                .collect();
            match owners.as_slice() {
                [(k, i)] if fixed[*k].is_none() => fixed[*k] = Some(*i),
                [(k, _)] => {
                    let key = self.choice(key_ids[*k]).name.clone();
                    self.at_error(
                        format!(
                            "`at` names two options of `{key}`, the same key of `{}`",
                            ident.name
                        ),
                        format!("keep one option of `{key}`: a row of the grid has one"),
                        option,
                    );
                    ok = false;
                }
                [] => {
                    self.option_of_no_key(&key_ids, ident, option);
                    ok = false;
                }
                _ => {
                    self.at_error(
                        format!(
                            "`{}` is an option of more than one key of `{}`",
                            option.name, ident.name
                        ),
                        "rename the option in one of the choices, so that `at` names one key"
                            .into(),
                        option,
                    );
                    ok = false;
                }
            }
        }
        if ok && fixed.iter().all(Option::is_some) {
            self.at_error(
                format!(
                    "`at` fixes every key of `{}`, leaving none to read",
                    ident.name
                ),
                "leave a key to the situation, or write the cell's value as a fixed modifier"
                    .into(),
                at.last().unwrap_or(ident),
            );
            ok = false;
        }
        ok.then_some(fixed)
    }

    /// The index of `option` among choice `c`'s options.
    fn option_of(&self, c: ChoiceId, option: &str) -> Option<usize> {
        self.choice(c).options.iter().position(|(o, _)| o == option)
    }

    /// Reports an option of `at` that no key of the grid has: unknown, or
    /// an option of another choice.
    fn option_of_no_key(&mut self, key_ids: &[ChoiceId], ident: &ast::Ident, option: &ast::Ident) {
        let keys: Vec<String> = key_ids
            .iter()
            .map(|&c| format!("`{}`", self.choice(c).name))
            .collect();
        let elsewhere = self
            .program
            .choices
            .iter()
            .find(|c| c.options.iter().any(|(o, _)| *o == option.name))
            .map(|c| c.name.clone());
        if let Some(choice) = elsewhere {
            self.at_error(
                format!(
                    "`{}` is an option of `{choice}`, which is no key of grid `{}`",
                    option.name, ident.name
                ),
                format!(
                    "`{}` is keyed by {}: name an option of one of them",
                    ident.name,
                    keys.join(", ")
                ),
                option,
            );
            return;
        }
        let options: Vec<&str> = key_ids
            .iter()
            .flat_map(|&c| self.choice(c).options.iter().map(|(o, _)| o.as_str()))
            .collect();
        let suggestion = crate::check::suggest::closest(&option.name, options);
        self.error(
            CompileErrorKind::Unknown {
                what: "option",
                name: option.name.to_string(),
                suggestion,
            },
            option.span,
        );
    }

    fn at_error(&mut self, message: String, help: String, at: &ast::Ident) {
        self.error(CompileErrorKind::Invalid { message, help }, at.span);
    }
}
