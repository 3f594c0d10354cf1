//! KataGo networks in ingo: the rules they are told and their input
//! features.

pub mod history;
pub mod inputs;
pub mod rules;
