//! Finding an outcome already listed: a scan while there are few (a sheet's
//! table has a handful of outcomes, and hashing costs more than comparing
//! them), a hash map once there are many (a pool's thousands).

use std::collections::HashMap;
use std::hash::Hash;

/// Above this many items, positions are kept in a map.
const SCAN: usize = 16;

/// Where each key was last pushed, for a list of items that carry keys.
pub(crate) struct Index<K> {
    map: HashMap<K, usize>,
}

impl<K: Hash + Eq + Clone> Index<K> {
    pub fn new() -> Self {
        Self {
            map: HashMap::new(),
        }
    }

    /// The position of the last item of `items` whose key is `key`.
    pub fn find<T>(&mut self, items: &[T], key_of: impl Fn(&T) -> &K, key: &K) -> Option<usize> {
        if items.len() <= SCAN {
            return items.iter().rposition(|t| key_of(t) == key);
        }
        if self.map.is_empty() {
            for (i, t) in items.iter().enumerate() {
                self.map.insert(key_of(t).clone(), i);
            }
        }
        self.map.get(key).copied()
    }

    /// An item with `key` is about to be pushed at position `at`.
    pub fn pushing(&mut self, key: &K, at: usize) {
        if !self.map.is_empty() {
            self.map.insert(key.clone(), at);
        }
    }
}
