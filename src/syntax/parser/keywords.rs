//! The grammar's words, written by `build.rs` from
//! `grammar/chartwright.pest`: every keyword, and the words each kind of
//! entry starts with. The parser's messages name them; the fuzz harness
//! splices them, and `fuzz/rules.dict` and the playground's highlighting
//! (`web/app/lang.js`) are written from them (`scripts/keywords.sh`).

include!(concat!(env!("OUT_DIR"), "/keywords.rs"));
