//! Why an SGF record could not be loaded.

use std::fmt;

/// Why a file could not be loaded, in words for the user (GTP answers
/// `cannot load file: ` and this).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError(pub String);

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LoadError {}

pub(super) fn err(text: impl Into<String>) -> LoadError {
    LoadError(text.into())
}
