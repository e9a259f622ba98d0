//! Where rules come from ([`Origin`]: a file, a bundled game, a host's
//! text) and how a file is read within the input limit. Below both the
//! ruleset and the variant loader, which read bases the same way.

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where a game was loaded from, so it can be loaded again.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Origin {
    /// A file on disk.
    File(PathBuf),
    /// A game bundled in the binary, by short name.
    Bundled(String),
    /// Text given by the host (shared with the ruleset's sources, not
    /// copied).
    Text(Arc<str>),
}

/// Reads a file of at most `limit` bytes: `None` if it is larger. The size
/// is checked before reading (a file says its size), and the read stops
/// one byte past the limit (a device or a pipe does not).
pub(crate) fn read_bounded(path: &Path, limit: usize) -> std::io::Result<Option<Vec<u8>>> {
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(std::io::Error::other("is a directory"));
    }
    let cap = u64::try_from(limit).unwrap_or(u64::MAX);
    if meta.len() > cap {
        return Ok(None);
    }
    read_bounded_from(file, limit, usize::try_from(meta.len()).unwrap_or(0))
}

/// Reads at most `limit` bytes (one more tells that there were more: then
/// `None`), so a device or a pipe never fills memory.
pub(crate) fn read_bounded_from(
    reader: impl std::io::Read,
    limit: usize,
    expected: usize,
) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read;
    let cap = u64::try_from(limit).unwrap_or(u64::MAX);
    let mut bytes = Vec::with_capacity(expected.min(limit));
    reader.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() <= limit).then_some(bytes))
}
