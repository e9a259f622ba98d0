//! A base and its variant paired, game to game and chart to chart: where
//! every front end's `diff` starts ([`Pairing`]), with the reasons a pair
//! cannot be made ([`PairError`]) worded once for all of them.

use super::error::PairError;
use crate::check::suggest::closest;
use crate::ruleset::{ChartRef, Ruleset};

/// One game of a ruleset, as one side of a comparison.
#[derive(Clone, Copy, Debug)]
pub struct GameSide<'r> {
    rules: &'r Ruleset,
    game: &'r str,
    title: &'r str,
}

impl<'r> GameSide<'r> {
    /// The game `name` of `rules`, if it has one.
    fn find(rules: &'r Ruleset, name: &str) -> Option<Self> {
        rules.games().find(|g| g.name == name).map(|g| Self {
            rules,
            game: g.name,
            title: g.title,
        })
    }

    /// The only game of `rules`; `side` (`base` or `variant`) names it in
    /// the error.
    fn only(rules: &'r Ruleset, side: &'static str) -> Result<Self, PairError> {
        let mut games = rules.games();
        match (games.next(), games.next()) {
            (Some(g), None) => Ok(Self {
                rules,
                game: g.name,
                title: g.title,
            }),
            _ => Err(PairError::NotOneGame {
                side,
                games: rules.games().map(|g| g.name.to_owned()).collect(),
            }),
        }
    }

    /// The game `name` of `rules`, or the error naming the loaded games.
    fn named(rules: &'r Ruleset, name: &str) -> Result<Self, PairError> {
        Self::find(rules, name).ok_or_else(|| {
            let loaded: Vec<String> = rules.games().map(|g| g.name.to_owned()).collect();
            PairError::UnknownGame {
                name: name.to_owned(),
                suggestion: closest(name, loaded.iter().map(String::as_str)),
                loaded,
            }
        })
    }

    /// The rules the game is in (with every other game loaded beside it).
    #[must_use]
    pub fn rules(&self) -> &'r Ruleset {
        self.rules
    }

    /// The game's short name (`first_echelon`).
    #[must_use]
    pub fn game(&self) -> &'r str {
        self.game
    }

    /// The game's title (`Battlefront: First Echelon`).
    #[must_use]
    pub fn title(&self) -> &'r str {
        self.title
    }

    /// The game's charts, in file order.
    pub fn charts(&self) -> impl Iterator<Item = ChartRef<'r>> + 'r {
        let game = self.game;
        self.rules.charts().filter(move |c| c.game() == game)
    }

    /// The game's chart named `name` (its short name), if it has one.
    #[must_use]
    pub fn chart(&self, name: &str) -> Option<ChartRef<'r>> {
        self.charts().find(|c| c.name() == name)
    }
}

/// A base game and a variant of it, to be compared chart by chart: what
/// `chartwright diff`, the REPL's `diff` and the web package's `diff` start
/// from, so all of them pair alike and fail with the same [`PairError`].
///
/// ```
/// use chartwright::compare::{PairError, Pairing};
/// use chartwright::Ruleset;
/// let base = Ruleset::from_file("first_echelon").unwrap();
/// let mud = Ruleset::from_str("mud", r#"
///     variant "Mud" of first_echelon version "1"
///     change bog_down.tracked +1
/// "#).unwrap();
/// let pair = Pairing::only_games(&base, &mud).unwrap();
/// let (b, v) = pair.chart("bog_down").unwrap();
/// assert_eq!((b.game(), v.game()), ("first_echelon", "mud"));
/// let e = pair.chart("bog_dwn").unwrap_err();
/// assert!(matches!(e, PairError::UnknownChart { suggestion: Some(ref s), .. } if s == "bog_down"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Pairing<'r> {
    base: GameSide<'r>,
    variant: GameSide<'r>,
}

impl<'r> Pairing<'r> {
    /// The only game of `base` against the only game of `variant`, each
    /// loaded on its own (`chartwright diff BASE VARIANT`).
    ///
    /// # Errors
    ///
    /// [`PairError::NotOneGame`] when a side's rules hold no game or
    /// several.
    pub fn only_games(base: &'r Ruleset, variant: &'r Ruleset) -> Result<Self, PairError> {
        Ok(Self {
            base: GameSide::only(base, "base")?,
            variant: GameSide::only(variant, "variant")?,
        })
    }

    /// Two games of one ruleset by their short names (the REPL's `diff
    /// BASE VARIANT`, with every game loaded together).
    ///
    /// # Errors
    ///
    /// [`PairError::UnknownGame`] when `rules` has no game of either name.
    pub fn named(rules: &'r Ruleset, base: &str, variant: &str) -> Result<Self, PairError> {
        Ok(Self {
            base: GameSide::named(rules, base)?,
            variant: GameSide::named(rules, variant)?,
        })
    }

    /// The base game.
    #[must_use]
    pub fn base(&self) -> GameSide<'r> {
        self.base
    }

    /// The variant game.
    #[must_use]
    pub fn variant(&self) -> GameSide<'r> {
        self.variant
    }

    /// The chart `name` (a short name) of the base and of the variant.
    ///
    /// # Errors
    ///
    /// [`PairError::UnknownChart`] when neither side has it (suggesting
    /// the closest chart either side rolls), [`PairError::NewChart`] when
    /// only the variant has it, [`PairError::RemovedChart`] when only the
    /// base does.
    pub fn chart(&self, name: &str) -> Result<(ChartRef<'r>, ChartRef<'r>), PairError> {
        match (self.base.chart(name), self.variant.chart(name)) {
            (Some(b), Some(v)) => Ok((b, v)),
            (None, Some(_)) => Err(PairError::NewChart {
                name: name.to_owned(),
                variant: self.variant.game.to_owned(),
            }),
            (Some(_), None) => Err(PairError::RemovedChart {
                name: name.to_owned(),
                variant: self.variant.game.to_owned(),
            }),
            (None, None) => {
                let rolled: Vec<ChartRef<'r>> = self
                    .variant
                    .charts()
                    .chain(self.base.charts())
                    .filter(|c| c.dice().is_some())
                    .collect();
                Err(PairError::UnknownChart {
                    name: name.to_owned(),
                    base: self.base.game.to_owned(),
                    variant: self.variant.game.to_owned(),
                    suggestion: closest(name, rolled.iter().map(ChartRef::name)),
                })
            }
        }
    }
}
