//! "Did you mean" suggestions for unknown names.

/// The candidate closest to `name`, if any is close enough to be a typo.
pub(crate) fn closest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(name, c), c))
        .filter(|&(d, c)| d <= 2.max(name.len().min(c.len()) / 4) && d < name.len().max(1))
        .min_by_key(|&(d, c)| (d, c.to_string()))
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
    }
}
