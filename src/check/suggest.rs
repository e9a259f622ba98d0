//! "Did you mean" suggestions for unknown names, shared by the checker, the
//! roll-time errors and any host that wants the same behaviour.

/// Names longer than this get no suggestion: the edit distance is quadratic
/// in length, and nobody mistypes a 65-letter name.
const MAX_LEN: usize = 64;

/// The candidate closest to `name`, if any is close enough to be a typo.
///
/// ```
/// use chartwright::suggest::closest;
/// assert_eq!(closest("trackd", ["tracked", "bogged"]), Some("tracked".into()));
/// assert_eq!(closest("xyz", ["tracked", "bogged"]), None);
/// ```
#[must_use]
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    if name.len() > MAX_LEN {
        return None;
    }
    let len = name.chars().count();
    let close = |a: usize, b: usize, d: usize| d <= 2.max(a.min(b) / 4);
    candidates
        .into_iter()
        // The distance is at least the difference in length: skip far ones cheaply.
        .filter(|c| close(len, c.chars().count(), len.abs_diff(c.chars().count())))
        .map(|c| (strsim::damerau_levenshtein(name, c), c))
        .filter(|&(d, c)| close(len, c.chars().count(), d) && d < len.max(1))
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))
        .map(|(_, c)| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn suggests_typos_only() {
        assert_eq!(
            closest("trackd", ["tracked", "bogged"]),
            Some("tracked".into())
        );
        assert_eq!(closest("xyz", ["tracked", "bogged"]), None);
        assert_eq!(closest(&"a".repeat(5000), ["tracked"]), None);
    }
}
