//! KataGo's networks in ingo: the rules they are told, their input
//! features, reading a model file, the forward pass and the numbers it
//! returns.

pub mod forward;
pub mod history;
pub mod inputs;
pub mod model;
pub mod output;
pub mod rules;
pub mod symmetry;
