//! Which rules of the grammar the generated files produce.
