//! [`Roll`]: the full trace of one roll — natural dice, each modifier with
//! its label, the total, the row read, the outcome and any follow-up rolls —
//! structured so a host program can use it without parsing text.

use serde::{Serialize, Serializer};
use smallvec::SmallVec;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// A text or a list a [`Roll`] shares with the bound chart that rolled it
/// (the chart's name, its modifiers, a row's outcome): cloning it copies a
/// pointer. It reads as `&str` or a slice (`Deref`), iterates, compares
/// with plain strings and serializes as the text or list itself.
///
/// ```
/// use chartwright::{Choices, Ruleset, Scripted};
/// let rules = Ruleset::from_file("first_echelon").unwrap();
/// let bound = rules.chart("bog_down").unwrap().bind(&Choices::parse("tracked").unwrap()).unwrap();
/// let roll = bound.roll(&mut Scripted::new([5])).unwrap();
/// assert_eq!(roll.chart, "first_echelon.bog_down");
/// assert!(roll.title.starts_with("Bog Down"));
/// for m in &roll.modifiers {
///     assert_eq!(m.name, "tracked");
/// }
/// ```
#[derive(PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shared<T: ?Sized>(Arc<T>);

impl<T: ?Sized> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }
}

impl<T: ?Sized> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: ?Sized> AsRef<T> for Shared<T> {
    fn as_ref(&self) -> &T {
        &self.0
    }
}

impl<T: ?Sized + fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Shared<str> {
    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// As `str` does: width, fill and alignment apply (`{:<25}`).
impl fmt::Display for Shared<str> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0)
    }
}

impl<T: ?Sized + Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (*self.0).serialize(serializer)
    }
}

/// Empty, without allocating (std's `Arc` shares one empty value).
impl Default for Shared<str> {
    fn default() -> Self {
        Self(Arc::default())
    }
}

/// Empty, without allocating (std's `Arc` shares one empty value).
impl<T> Default for Shared<[T]> {
    fn default() -> Self {
        Self(Arc::default())
    }
}

impl From<&str> for Shared<str> {
    fn from(s: &str) -> Self {
        Self(s.into())
    }
}

impl From<String> for Shared<str> {
    fn from(s: String) -> Self {
        Self(s.into())
    }
}

impl<T> From<Vec<T>> for Shared<[T]> {
    fn from(v: Vec<T>) -> Self {
        Self(v.into())
    }
}

/// One allocation (a `Vec` would be a second).
impl<T, const N: usize> From<[T; N]> for Shared<[T]> {
    fn from(v: [T; N]) -> Self {
        Self(Arc::new(v))
    }
}

impl<T: Clone> From<&[T]> for Shared<[T]> {
    fn from(v: &[T]) -> Self {
        Self(v.into())
    }
}

impl<T> FromIterator<T> for Shared<[T]> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Self(iter.into_iter().collect())
    }
}

impl<'a, T> IntoIterator for &'a Shared<[T]> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl PartialEq<str> for Shared<str> {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Shared<str> {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<String> for Shared<str> {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<Shared<str>> for String {
    fn eq(&self, other: &Shared<str>) -> bool {
        **self == *other.0
    }
}

impl PartialEq<Shared<str>> for str {
    fn eq(&self, other: &Shared<str>) -> bool {
        *self == *other.0
    }
}

impl PartialEq<Shared<str>> for &str {
    fn eq(&self, other: &Shared<str>) -> bool {
        **self == *other.0
    }
}

impl<T: PartialEq> PartialEq<[T]> for Shared<[T]> {
    fn eq(&self, other: &[T]) -> bool {
        *self.0 == *other
    }
}

impl<T: PartialEq> PartialEq<Vec<T>> for Shared<[T]> {
    fn eq(&self, other: &Vec<T>) -> bool {
        *self.0 == **other
    }
}

/// The dice groups of a roll: inline up to two groups (no allocation).
pub type DiceRolls = SmallVec<[DiceRoll; 2]>;

/// The faces of a group: inline up to four dice (no allocation).
pub type Faces = SmallVec<[u32; 4]>;

/// One roll of a chart, with everything a player needs to see why.
///
/// The texts that do not change from roll to roll — the chart's name and
/// title, the modifiers, the rows' ranges and outcomes — are shared with
/// the bound chart ([`Shared`]), and the dice of a table's roll are kept inline,
/// so that rolling a bound plain table allocates at most once or twice
/// (`tests/allocations.rs`). They read and serialize as plain strings and
/// lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Roll {
    /// The chart, qualified by game (`first_echelon.bog_down`).
    pub chart: Shared<str>,
    /// The sheet's title of the chart.
    pub title: Shared<str>,
    /// The dice rolled, group by group.
    pub dice: DiceRolls,
    /// The dice alone, summed (for opposed rolls: the first side's).
    pub natural: Option<i64>,
    /// Every modifier named, with the value it added.
    pub modifiers: Shared<[AppliedModifier]>,
    /// The ladders the chart read (`columns by LADDER`, or in an
    /// expression): each one's modifiers named and the step it reached.
    /// Their modifiers moved the ladder, not this roll's total.
    pub ladders: Shared<[LadderTrace]>,
    /// Natural roll plus modifiers.
    pub total: Option<i64>,
    /// What the rows read, when it is not the total (a margin, a difference).
    pub score: Option<i64>,
    /// The ranges of the row read, as the sheet writes them.
    pub row: Option<Shared<str>>,
    /// What no other field says: the column read and a ladder's moves (what
    /// binding settled), a capped or clamped total, a pool's stages, a repeat
    /// not rolled. Never the target or the sides, which have their own fields.
    pub detail: Option<String>,
    /// For a check: the totals that succeed, after every modifier that moves
    /// it (`4 or less`).
    pub target: Option<String>,
    /// For a check: true when the modifiers move the target rather than the
    /// roll (roll-under charts); `total` is then the natural roll.
    pub modifiers_move_target: bool,
    /// For a check: whether the roll met the target (a natural-roll rule
    /// may still replace the outcome; see `natural_rules`).
    pub met_target: Option<bool>,
    /// For an opposed roll: each side's natural roll, net modifier and total;
    /// `score` is the first side's total minus the second's.
    pub sides: Vec<SideRoll>,
    /// Natural-roll rules that matched: the one that replaced the row's
    /// outcome, and any that added to it.
    pub natural_rules: Vec<NaturalRule>,
    /// What happened.
    pub outcome: OutcomeText,
    /// Follow-up rolls of other charts, in order.
    pub follow_ups: Vec<Roll>,
}

/// One side of an opposed roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct SideRoll {
    /// The side's name (`att`).
    pub side: String,
    /// Its dice alone, summed.
    pub natural: i64,
    /// Its net modifier.
    pub modifier: i64,
    /// Natural plus modifier.
    pub total: i64,
    /// For a side that rolls a chart (`each rolls crt`): the inputs it was
    /// given, as typed (`firepower=3`); its `natural` is that chart's
    /// outcome read as a number.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub inputs: String,
    /// For a side that rolls a chart: that chart's roll, in full.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<Box<Roll>>,
}

/// A natural-roll rule that matched the dice (`natural 10 => also "Danger
/// Close"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct NaturalRule {
    /// The natural rolls it reads, as written (`10`, `1-4`).
    pub ranges: String,
    /// What it gives.
    pub outcome: String,
    /// True when it replaced the outcome the row or target gave; false when
    /// it added to it (`also`).
    pub replaces: bool,
}

impl fmt::Display for NaturalRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "natural {}: {}", self.ranges, self.outcome)?;
        if !self.replaces {
            f.write_str(" (also)")?;
        }
        Ok(())
    }
}

/// A group of dice and the faces they showed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct DiceRoll {
    /// Sides of each die (66 for `d66`, whose digits are d6).
    pub sides: u32,
    /// The faces, in the order rolled: each die's value, after its
    /// rerolls and explosions (a `d66` reads its two d6 as one value).
    pub faces: Faces,
    /// Subtracted from the total.
    pub negative: bool,
    /// Whose dice (a side of an opposed roll, a stage of a pool).
    pub label: Option<String>,
    /// Where the group has notation, what it did; `None` for plain dice
    /// (boxed: a plain roll's trace stays small).
    #[serde(flatten)]
    pub notated: Option<Box<Notated>>,
}

/// What a group with notation did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Notated {
    /// The group as written (`4d6kh3`, `d6!`, `d66`, `max(2d6, 2d6)`).
    pub notation: String,
    /// How each die came to its face, one per face (`kh3`, `r1`, `!`,
    /// `d66`).
    pub dice: Vec<DieRoll>,
}

impl DiceRoll {
    /// The faces that count: every face but those keep or drop left out.
    pub fn kept_faces(&self) -> impl Iterator<Item = u32> + '_ {
        let dice = self.notated.as_ref().map_or(&[][..], |n| &n.dice[..]);
        self.faces
            .iter()
            .enumerate()
            .filter(move |(i, _)| dice.get(*i).map_or(true, |d| d.kept))
            .map(|(_, &f)| f)
    }
}

/// How one die of a group with notation came to its face.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct DieRoll {
    /// The faces the die showed and rerolled away, in order (`r1`, `ro1`).
    #[serde(skip_serializing_if = "SmallVec::is_empty")]
    pub rerolled: Faces,
    /// The faces that make its value: the die, then each die it exploded
    /// into, added (`d6!`: 6, 6, 2 is 14); for `d66`, the tens and units;
    /// for `max(2d6, 2d6)`, the two dice of one roll.
    pub rolls: Faces,
    /// Counted: `false` for a die keep or drop left out.
    pub kept: bool,
}

/// A modifier applied to a roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct AppliedModifier {
    /// The name typed.
    pub name: String,
    /// The sheet's words.
    pub label: String,
    /// What it added (0 when not applicable).
    pub value: i64,
    /// For opposed rolls, the side (0 or 1).
    pub side: usize,
    /// "capped at +4", "not applicable", "3 x +1".
    pub note: Option<String>,
}

/// A ladder a chart read (`columns by LADDER`, or in an expression), as
/// its roll's trace shows it: the ladder's modifiers named, listed as the
/// ladder's own roll lists them, and the step they moved it to.
///
/// ```
/// use chartwright::{Choices, Ruleset, Scripted};
/// let rules = Ruleset::from_file("tests/charts/visibility.rules").unwrap();
/// let fire = rules.chart("fire").unwrap();
/// let roll = fire.roll(&Choices::parse("base=4 smoke").unwrap(), &mut Scripted::new([3])).unwrap();
/// let visibility = &roll.ladders[0];
/// assert_eq!(visibility.name, "visibility");
/// assert_eq!(visibility.modifiers[0].name, "smoke");
/// assert_eq!(visibility.modifiers[0].value, -1);
/// assert_eq!(visibility.step, "2");
/// // The smoke moved the ladder, not the roll.
/// assert!(roll.modifiers.is_empty());
/// assert_eq!(roll.total, Some(3));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct LadderTrace {
    /// The ladder's name (`visibility`).
    pub name: String,
    /// The sheet's title of the ladder.
    pub title: String,
    /// Each modifier of the ladder named (or always on), with the steps it
    /// moved the ladder (`+1`: one step towards the first step written).
    pub modifiers: Vec<AppliedModifier>,
    /// How the ladder moved: `start 4 -> step 4, moved -1`.
    pub moves: String,
    /// The step reached, as the sheet prints it (its label, else its value).
    pub step: String,
}

/// An outcome: fields, each with its alternatives, and notes added by
/// natural-roll rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
#[non_exhaustive]
pub struct OutcomeText {
    /// The fields in order (shared with the bound chart).
    pub fields: Shared<[OutcomeField]>,
    /// Added by `natural ... => also` rules ("Danger Close").
    pub also: Vec<String>,
}

/// One field of an outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct OutcomeField {
    /// The field's heading, when the chart declares fields.
    pub label: Option<String>,
    /// The alternatives (usually one; several when the sheet says OR).
    pub alternatives: Vec<String>,
}

impl OutcomeText {
    /// About how many bytes the outcome reads as: its words, without the
    /// separators.
    pub(crate) fn bytes(&self) -> u64 {
        let words = self
            .fields
            .iter()
            .flat_map(|f| f.label.iter().chain(&f.alternatives))
            .chain(&self.also)
            .map(String::len)
            .sum::<usize>();
        u64::try_from(words).unwrap_or(u64::MAX)
    }
}

impl fmt::Display for OutcomeText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, field) in self.fields.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            if let Some(label) = &field.label {
                write!(f, "{label} ")?;
            }
            if field.alternatives.is_empty() {
                f.write_str("-")?;
            }
            for (j, alternative) in field.alternatives.iter().enumerate() {
                if j > 0 {
                    f.write_str(" OR ")?;
                }
                f.write_str(alternative)?;
            }
        }
        for also in &self.also {
            write!(f, "; also {also}")?;
        }
        Ok(())
    }
}

impl Roll {
    /// The outcome and those of every follow-up, as one line:
    /// `Knocked out -> Dismount Suppressed`.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut s = String::new();
        self.write_summary(&mut s);
        s
    }

    /// [`Roll::summary`] into one buffer: a deep chain's text is written
    /// once, not copied up at every level.
    fn write_summary(&self, s: &mut String) {
        use std::fmt::Write;
        let _ = write!(s, "{}", self.outcome);
        for f in &self.follow_ups {
            s.push_str(" -> ");
            f.write_summary(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Shared;

    #[test]
    fn shared_text_pads_and_compares_as_str_does() {
        let text: Shared<str> = "Traverse".into();
        assert_eq!(format!("[{text:<10}]"), "[Traverse  ]");
        assert_eq!(format!("[{text:>10}]"), "[  Traverse]");
        assert_eq!(format!("[{text:.4}]"), "[Trav]");
        let (plain, owned) = ("Traverse", String::from("Traverse"));
        assert_eq!(plain, text);
        assert_eq!(owned, text);
        assert_eq!(text.as_str(), plain);
    }
}
