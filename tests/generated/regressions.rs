//! Minimal files for the engine bugs the generated charts found, kept as
//! ignored tests until the engine is fixed.
