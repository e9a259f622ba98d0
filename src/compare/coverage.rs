//! [`Coverage`]: how much of a chart's situations a comparison covered,
//! and its words, shared by `diff --across`, the whole-game diff and the
//! playground so that they say it alike.

use crate::compare::Across;
use std::fmt;

/// How much of a chart's situations a comparison covered.
///
/// Its [`Display`](fmt::Display) is the sentence `diff --across` prints
/// ("8160 situation classes, every one compared").
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Coverage {
    /// The two charts compile alike: no situation can change.
    pub same_rules: bool,
    /// How many situation classes the chart has, if countable.
    pub total: Option<u128>,
    /// More classes than `limit`: a sample was compared.
    pub sampled: bool,
    /// How many classes were compared.
    pub compared: usize,
    /// Inputs tried at chosen values, not split into classes.
    pub not_split: Vec<String>,
    /// The most classes compared exactly.
    pub limit: usize,
    /// When sampled, the input to give to compare fewer classes.
    pub give: Option<String>,
    /// Classes one side could not roll (or only past an engine limit).
    pub unanswered: usize,
    /// Classes whose situation left out an input a side needs
    /// ([`Across::incomplete`]).
    pub incomplete: usize,
}

impl Coverage {
    /// What `across` covered, compared with at most `limit` classes.
    #[must_use]
    pub fn of(a: &Across, limit: usize) -> Self {
        Self {
            same_rules: a.same_rules,
            total: a.total,
            sampled: a.sampled,
            compared: a.compared,
            not_split: a.not_split.clone(),
            limit,
            give: a.give.clone(),
            unanswered: a.unanswered,
            incomplete: a.incomplete,
        }
    }

    /// True when every situation was covered ([`Across::exhaustive`]).
    #[must_use]
    pub fn exhaustive(&self) -> bool {
        self.same_rules
            || (!self.sampled
                && self.not_split.is_empty()
                && self.unanswered == 0
                && self.incomplete == 0)
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.same_rules {
            return f.write_str(
                "compiled alike, with every chart, grid and choice it reads: no situation can change",
            );
        }
        let (limit, compared) = (self.limit, self.compared);
        match (self.total, self.sampled) {
            (Some(total), true) => write!(
                f,
                "{total} situation classes, more than the limit of {limit}: a sample of {compared} compared"
            )?,
            (None, _) => write!(
                f,
                "too many situation classes to count: a sample of {compared} compared"
            )?,
            (Some(1), false) => f.write_str("1 situation class, compared")?,
            (Some(total), false) => write!(f, "{total} situation classes, every one compared")?,
        }
        if let Some(give) = &self.give {
            write!(f, " (give {give} to split fewer)")?;
        }
        if !self.not_split.is_empty() {
            write!(f, "; not split into classes: {}", self.not_split.join(", "))?;
        }
        match self.unanswered {
            0 => {}
            1 => {
                f.write_str("; 1 class not compared: a side stops at a limit of the engine there")?;
            }
            n => write!(
                f,
                "; {n} classes not compared: a side stops at a limit of the engine there"
            )?,
        }
        match self.incomplete {
            0 => Ok(()),
            1 => f.write_str(
                "; 1 class not compared: its situation leaves out an input a side needs",
            ),
            n => write!(
                f,
                "; {n} classes not compared: their situations leave out an input a side needs"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sampled() -> Coverage {
        Coverage {
            same_rules: false,
            total: Some(14_100_075),
            sampled: true,
            compared: 16_384,
            not_split: vec!["sa33.m36 (a count with no bound)".into()],
            limit: 16_384,
            give: Some("sa33.m40".into()),
            unanswered: 2,
            incomplete: 0,
        }
    }

    #[test]
    fn a_sample_says_so_and_names_the_input_to_give() {
        let c = sampled();
        assert!(!c.exhaustive());
        assert_eq!(
            c.to_string(),
            "14100075 situation classes, more than the limit of 16384: a sample of 16384 \
             compared (give sa33.m40 to split fewer); not split into classes: sa33.m36 (a \
             count with no bound); 2 classes not compared: a side stops at a limit of the \
             engine there"
        );
    }

    #[test]
    fn every_class_compared_is_exhaustive() {
        let c = Coverage {
            total: Some(8160),
            sampled: false,
            compared: 8160,
            not_split: Vec::new(),
            give: None,
            unanswered: 0,
            ..sampled()
        };
        assert!(c.exhaustive());
        assert_eq!(c.to_string(), "8160 situation classes, every one compared");
        let one = Coverage {
            total: Some(1),
            unanswered: 1,
            ..c.clone()
        };
        assert!(!one.exhaustive());
        assert_eq!(
            one.to_string(),
            "1 situation class, compared; 1 class not compared: a side stops at a limit of the engine there"
        );
        // A class standing for no situation a player meets is said, and
        // the comparison is not exhaustive.
        let gap = Coverage { incomplete: 3, ..c };
        assert!(!gap.exhaustive());
        assert_eq!(
            gap.to_string(),
            "8160 situation classes, every one compared; 3 classes not compared: their situations leave out an input a side needs"
        );
    }
}
